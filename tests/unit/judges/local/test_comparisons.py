"""Issue 13, comparison questions and who-did-what: a reply that picks the earlier of two
options is checked against the year the sources give each; 'the same nationality' against the
two nationalities; a deed given to the wrong person is contradicted; a number bounded
otherwise ('exactly' vs 'more than') is contradicted."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.comparisons import picked_option, read_comparison
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.contradiction import clash
from ragvet.judges.local.roles import doers, role_clash


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


def _gr(judge, question, source, response):
    record = make_record(id="r", query=question, sources=[source], response=response)
    (result,) = ragvet.evaluate([record], ["GR"], judge).results
    (component,) = [c for c in result.components if c.metric == "GR"]
    return result.scores["GR"], component


# ---- reading the question --------------------------------------------------------------

@pytest.mark.parametrize(("question", "options", "wants", "attribute"), [
    ("Which opened first, the Tamar Bridge or the Severn Bridge?",
     ("Tamar Bridge", "Severn Bridge"), "earlier", "year"),
    ("Who is younger Grace Hopper or Ada Lovelace?", ("Grace Hopper", "Ada Lovelace"),
     "later", "year"),
    ("Between Kraftwerk and Can, which band formed earlier?", ("Kraftwerk", "Can"), "earlier",
     "year"),
    ("Was Quadrophenia or Tommy released first?", ("Quadrophenia", "Tommy"), "earlier", "year"),
    ("Are Arvo Pärt and Jean Sibelius of the same nationality?",
     ("Arvo Pärt", "Jean Sibelius"), "same", "nationality"),
    ("Were Solaris and Stalker released in the same year?", ("Solaris", "Stalker"), "same",
     "year"),
    ("Are both Alvar Aalto and Eero Saarinen Finnish architects?",
     ("Alvar Aalto", "Eero Saarinen"), "each", "nationality"),
    ("Alvar Aalto and Eero Saarinen, are Finnish?", ("Alvar Aalto", "Eero Saarinen"), "each",
     "nationality"),
    ("Are Quercus and Fagus in the same family?", ("Quercus", "Fagus"), "same", "family"),
    ("Were Maple Street Bikes and Harbor Foods founded in the same state?",
     ("Maple Street Bikes", "Harbor Foods"), "same", "state"),
])
def test_a_comparison_question_is_read(question, options, wants, attribute) -> None:
    comparison = read_comparison(question)
    assert comparison is not None
    assert (comparison.options, comparison.wants, comparison.attribute) == \
        (options, wants, attribute)


@pytest.mark.parametrize("question", [
    "Which bridge is longer, the Tamar Bridge or the Severn Bridge?",  # not a year
    "Who designed the Tamar Bridge?",
    "Is the Tamar Bridge older than it looks?",
])
def test_other_questions_are_not_comparisons(question) -> None:
    assert read_comparison(question) is None


@pytest.mark.parametrize(("reply", "picked"), [
    ("Grace Hopper.", 0),
    ("Hopper was born first.", 0),
    ("Ada Lovelace was born earlier.", 1),
    ("Lovelace was born later than Hopper.", 0),  # the other one is the earlier
    ("Hopper was born before Lovelace.", 0),
    ("Both were mathematicians.", None),
])
def test_the_option_a_reply_picks(reply, picked) -> None:
    comparison = read_comparison("Who was born first, Grace Hopper or Ada Lovelace?")
    assert picked_option(comparison, reply) == picked


# ---- checked against the sources -------------------------------------------------------

BRIDGES = ("Which opened first, the Tamar Bridge or the Severn Bridge?",
           "The Tamar Bridge is a suspension bridge carrying the A38 over the River Tamar; it "
           "opened in 1961. The Severn Bridge, a suspension bridge between England and Wales, "
           "opened to traffic in 1966.")


def test_the_earlier_option_is_supported_and_the_later_contradicted(judge) -> None:
    right, component = _gr(judge, *BRIDGES, "The Tamar Bridge.")
    assert right >= 0.85 and component.detail["comparison"]["facts"] == \
        {"Tamar Bridge": "1961", "Severn Bridge": "1966"}
    wrong, component = _gr(judge, *BRIDGES, "The Severn Bridge opened first.")
    assert wrong < 0.05 and component.detail["status"] == "contradicted"
    assert "1961" in component.reason and "1966" in component.reason


def test_a_statement_that_the_other_came_later_is_read_the_right_way(judge) -> None:
    score, _ = _gr(judge, *BRIDGES, "The Severn Bridge opened later than the Tamar Bridge.")
    assert score >= 0.85


def test_without_a_year_for_both_the_rules_on_words_decide(judge) -> None:
    source = "The Tamar Bridge opened in 1961. The Severn Bridge is a suspension bridge."
    _, component = _gr(judge, BRIDGES[0], source, "The Severn Bridge opened first.")
    assert "comparison" not in component.detail
    assert component.detail.get("clash") != "comparison"


NATIONALITY = ("Are Arvo Pärt and Jean Sibelius of the same nationality?",
               "Arvo Pärt (born 11 September 1935) is an Estonian composer of contemporary "
               "classical music. Jean Sibelius (1865–1957) was a Finnish composer and violinist.")


def test_same_nationality_yes_no(judge) -> None:
    no, component = _gr(judge, *NATIONALITY, "No.")
    assert no >= 0.85, component.reason
    yes, component = _gr(judge, *NATIONALITY, "Yes.")
    assert yes == 0.0 and component.detail["status"] == "contradicted"


def test_a_birthplace_before_the_nationality_is_not_read_as_it(judge) -> None:
    source = ("Kiri Moana (born 1970, Lagos) is a New Zealand singer. Tama Rewi (born 1968) is "
              "a New Zealand rugby player.")
    score, _ = _gr(judge, "Are Kiri Moana and Tama Rewi of the same nationality?", source,
                   "Yes.")
    assert score >= 0.85


def test_each_has_the_nationality(judge) -> None:
    question = "Are both Alvar Aalto and Eero Saarinen Finnish architects?"
    source = ("Alvar Aalto (1898–1976) was a Finnish architect and designer. Eero Saarinen "
              "(1910–1961) was a Finnish-born American architect and industrial designer.")
    no, _ = _gr(judge, question, source, "No.")
    yes, component = _gr(judge, question, source, "Yes.")
    assert no >= 0.85 and yes < 0.05, component.reason


FAMILY = ("Are Quercus and Ilex in the same family?",
          "Quercus is a genus of trees and shrubs in the beech family, Fagaceae.Ilex is a genus "
          "of about 570 species of flowering plants in the family Aquifoliaceae.")
# 'bike' in the second sentence is a word, not the rival's name: Harbor Foods is Oregon's
STATE = ("Were Maple Street Bikes and Harbor Foods founded in the same state?",
         "Maple Street Bikes is a bicycle shop chain founded in Boise, Idaho in 2004. Harbor "
         "Foods, a food truck company with a bike delivery fleet, was started in Portland, "
         "Oregon in 2011.")


@pytest.mark.parametrize(("case", "facts", "wrong"), [
    (FAMILY, {"Quercus": "fagaceae", "Ilex": "aquifoliaceae"},
     "Yes, both are in the same family."),
    (STATE, {"Maple Street Bikes": "idaho", "Harbor Foods": "oregon"},
     "Yes, both were founded in Idaho."),
])
def test_same_family_or_state_yes_no(judge, case, facts, wrong) -> None:
    no, component = _gr(judge, *case, "No.")
    assert no >= 0.85, component.reason
    assert component.detail["comparison"]["facts"] == facts
    yes, component = _gr(judge, *case, wrong)
    assert yes < 0.05 and component.detail["clash"] == "comparison"


def test_names_put_before_a_yes_no_question_are_weighed(judge) -> None:
    question = "Alvar Aalto and Eero Saarinen, are Finnish?"
    source = ("Alvar Aalto (1898–1976) was a Finnish architect and designer. Eero Saarinen "
              "(1910–1961) was an American architect and industrial designer.")
    no, component = _gr(judge, question, source, "No.")
    assert no >= 0.85, component.reason


# ---- who did what ----------------------------------------------------------------------

def test_doers_are_read_from_active_and_passive_verbs() -> None:
    found = doers("The opera was composed by Giuseppe Verdi and written by Arrigo Boito.")
    assert found["compos"] == {"giuseppe", "verdi"} and found["writ"] == {"arrigo", "boito"}
    assert doers("Marie Curie discovered polonium.") == {"discover": frozenset({"marie",
                                                                             "curie"})}
    assert doers("The film was directed in Rome.") == {}


def test_a_deed_given_to_the_wrong_person_is_contradicted(judge) -> None:
    source = ("Otello is an opera in four acts composed by Giuseppe Verdi to a libretto "
              "written by Arrigo Boito. It premiered at La Scala in 1887.")
    wrong, component = _gr(judge, "Who composed Otello?", source,
                           "Arrigo Boito composed Otello.")
    assert wrong < 0.05 and component.detail["clash"] == "role"
    right, _ = _gr(judge, "Who composed Otello?", source, "Giuseppe Verdi composed Otello.")
    assert right >= 0.8


def test_a_doer_named_for_the_verb_elsewhere_is_no_clash() -> None:
    everywhere = ("The bridge was designed by Ove Arup. The towers were designed by "
                  "Jane Holm.")
    assert role_clash("Jane Holm designed the towers.", "The bridge was designed by Ove Arup.",
                      everywhere) is None


# ---- bounded numbers -------------------------------------------------------------------

@pytest.mark.parametrize(("claim", "sentence", "clashes"), [
    ("Exactly 300 volunteers took part.", "More than 300 volunteers took part.", True),
    ("Over 40 species live in the lake.", "Fewer than 40 species live in the lake.", True),
    ("More than 300 volunteers took part.", "Over 300 volunteers took part.", False),
    ("300 volunteers took part.", "More than 300 volunteers took part.", False),
])
def test_a_number_bounded_otherwise_clashes(claim, sentence, clashes) -> None:
    found = clash(claim, sentence, cosine=0.9, coverage=1.0)
    assert (found is not None) is clashes


# ---- a name that differs in one word ---------------------------------------------------

@pytest.mark.parametrize(("claim", "sentence", "clashes"), [
    ("The journal is published by the American Physical Society.",
     "The journal is published by the American Chemical Society, with Physical Review.", True),
    ("The match was played at St. James Park.",
     "The match was played at Saint James Park.", False),  # an abbreviation
    ("The team won the Presidents' Trophy.", "The team won the President's Trophy.", False),
    ("He studied at Kent State University.", "He studied at Kent State University.", False),
    # one name written with hyphens here and en dashes there
    ("The Lyon-Turin-Milan Rail Link opens in 2032.",
     "The Lyon–Turin–Milan Rail Link, also called the Milan Rail Link, opens in 2032.", False),
])
def test_a_name_that_differs_in_one_word_clashes(claim, sentence, clashes) -> None:
    found = clash(claim, sentence, cosine=0.9, coverage=0.9)
    assert (found is not None and found.kind == "name") is clashes


def test_the_thing_that_opened_is_not_a_doer(judge) -> None:
    assert doers("The Grand Hall in Lyon, France opened in 1998 with two galleries.") == {}
    source = "History The Grand Hall opened in 1998, first with two galleries."
    _, component = _gr(judge, "When did the Grand Hall open?", source,
                           "The Grand Hall in Lyon, France opened in 1998 with two galleries.")
    assert component.detail.get("clash") != "role"


def test_a_yes_or_no_opening_a_statement_is_weighed_too(judge) -> None:
    wrong, component = _gr(judge, *NATIONALITY, "Yes, both are Baltic composers of the 20th "
                           "century.")
    assert wrong < 0.05 and component.detail["clash"] == "comparison"
    right, component = _gr(judge, *NATIONALITY, "No, Pärt is Estonian and Sibelius Finnish.")
    assert right >= 0.85, component.reason


def test_a_count_question_is_weighed_by_the_numbers_the_sources_give(judge) -> None:
    question = "Which lake has more islands, Coniston Water or Derwent Water?"
    comparison = read_comparison(question)
    assert comparison is not None and comparison.wants == "more"
    assert comparison.options == ("Coniston Water", "Derwent Water")
    source = ("Coniston Water is a long lake with one island, on which a ruin stands. Derwent "
              "Water, wider and shallower, has four islands near its northern shore.")
    right, component = _gr(judge, question, source, "Derwent Water has more islands.")
    wrong, _ = _gr(judge, question, source, "Coniston Water.")  # 'one' is read as a number
    assert component.detail["comparison"]["facts"] == {"Coniston Water": "1",
                                                       "Derwent Water": "4"}
    assert right >= 0.85 and wrong < 0.05


def test_a_plural_names_its_option() -> None:
    comparison = read_comparison("Which genus has more species, Fir or Chelone?")
    assert picked_option(comparison, "Firs.") == 0
