"""Issue 13, eleventh round: a claim that gives its subject what the sources say of another
named subject is not supported; 'When and where …?' asks two whole questions; the parts of
'Are A and B both X?' keep names of several words whole."""

from __future__ import annotations

import asyncio

import pytest

from ragvet.judges.local import text as T
from ragvet.judges.local.replies import read_with_question
from ragvet.judges.local.scoring import _said_of_another, passage_sentences
from ragvet.judges.local.synonyms import judge_stems

BANKS = ("Harbor Bank is a regional lender based in Portland, Maine. Crestline Credit Union "
         "offers free checking accounts to students.")


@pytest.mark.parametrize(("claim", "source", "word", "other"), [
    ("Harbor Bank offers free checking accounts to students.", BANKS, "checking",
     "Crestline Credit Union"),
    # most of the claim is said of its subject; one word comes from the other's sentence
    ("Lakeview Hospital is a public hospital in Denver with a sleep laboratory.",
     "Lakeview Hospital is a public hospital in Denver with 300 beds. Mercy Clinic opened a "
     "sleep laboratory in 2019.", "sleep", "Mercy Clinic"),
])
def test_a_claim_given_what_the_sources_say_of_another_subject_is_not_supported(
        support, claim, source, word, other) -> None:
    verdict = support(claim, source)
    assert verdict.value is False
    assert f"only of {other}" in verdict.reason and word in verdict.reason.lower()


@pytest.mark.parametrize(("claim", "source"), [
    # the sentence saying it speaks through a pronoun: its subject is the claim's
    ("Harbor Bank offers free checking accounts to students.",
     "Harbor Bank is a regional lender based in Portland, Maine. It offers free checking "
     "accounts to students."),
    # the claim's own subject is said to have it
    ("Harbor Bank offers free checking accounts.",
     "Harbor Bank offers free checking accounts. Crestline Credit Union offers savings "
     "accounts."),
    # a claim comparing two subjects takes words from the sentence about each
    ("Harbor Bank is older than Crestline Credit Union.",
     "Harbor Bank was founded in 1901. Crestline Credit Union was founded in 1950."),
])
def test_what_the_sources_say_of_the_claims_own_subject_stays_supported(support, claim,
                                                                          source) -> None:
    verdict = support(claim, source)
    assert "only of" not in (verdict.reason or "")


@pytest.mark.parametrize(("query", "parts"), [
    ("When and where was the treaty signed?",
     ("When was the treaty signed?", "Where was the treaty signed?")),
    ("How and why did the bridge collapse?",
     ("How did the bridge collapse?", "Why did the bridge collapse?")),
    ("When and where did the Orla festival begin, and when was it moved to Lisbon?",
     ("When did the Orla festival begin?", "Where did the Orla festival begin?",
      "When was the Orla festival moved to Lisbon?")),
])
def test_a_bare_wh_word_before_another_asks_the_whole_question(query, parts) -> None:
    assert T.subquestions(query) == parts


@pytest.mark.parametrize(("claim", "parts"), [
    ("Are Rum and coke and Mojito both cocktails? Yes.",
     ("Rum and coke are cocktails.", "Mojito are cocktails.")),
    ("Are Cape Verde and Malta both island nations? Yes.",
     ("Cape Verde are island nations.", "Malta are island nations.")),
])
def test_the_parts_of_a_both_question_keep_each_name_whole(claim, parts) -> None:
    read = read_with_question(claim)
    assert read is not None and read.parts == parts


# ---- a number or a denial in another's place; everyday wording --------------------------------

LEAVE = ("Full-time staff receive 22 days of paid leave per year. After ten years of service, "
         "this rises to 27 days.")


FARES = "A single ticket costs 3 euros for adults and 1.50 euros for students."


@pytest.mark.parametrize(("source", "wrong", "clash", "right"), [
    # the sentence saying the rest of the claim gives another number; with the condition that
    # goes with the claim's number, or with the right number, it stands
    (LEAVE, "Full-time staff receive 27 days of paid leave per year.", "27 vs 22",
     ("After ten years of service, full-time staff receive 27 days of paid leave.",
      "Full-time staff receive 22 days of paid leave per year.")),
    # the parts of one sentence give numbers for different cases
    (FARES, "For students, a single ticket costs 3 euros.", "3 vs 1.50",
     ("For adults, a single ticket costs 3 euros.",
      "Students pay 1.50 euros for a single ticket.")),
])
def test_a_number_given_for_another_condition_is_contradicted(support, source, wrong, clash,
                                                              right) -> None:
    verdict = support(wrong, source)
    assert verdict.value is False and f"contradicted (number: {clash})" in verdict.reason
    for claim in right:
        assert "contradicted" not in support(claim, source).reason


HOURS = ("The library is open Monday to Thursday from 9am to 8pm, and on Fridays from 9am to "
         "4pm. It is closed on Sundays.")


def test_a_time_given_for_other_days_is_contradicted_for_the_claims_day(support) -> None:
    wrong = support("On Fridays the library closes at 8pm.", HOURS)
    assert wrong.value is False and "(on friday)" in wrong.reason
    right = support("On Fridays the library closes at 4pm.", HOURS)
    assert right.value is True
    listed = support("On Saturday the bakery opens at 6am.",
                      "Opening hours: Mon-Fri 6am-6pm, Saturday 8am-1pm.")
    assert listed.value is False and "(on saturday)" in listed.reason


def test_a_short_sentence_denying_one_part_of_the_claim_contradicts_it(support) -> None:
    source = ("Every tent comes with a three-year guarantee against faulty seams. Wind damage "
              "is not covered.")
    wrong = support("The tent guarantee lasts three years and covers wind damage.",
                     source)
    assert wrong.value is False and "negation" in wrong.reason
    right = support("The tent guarantee lasts three years and covers faulty seams.",
                     source)
    assert "contradicted" not in right.reason


def test_a_pronoun_sentence_joins_two_names_of_the_claim(support) -> None:
    verdict = support("The capital of Tasmania is Hobart, which is in Australia.",
                       "Hobart is the capital city of Tasmania. It is located in Australia.")
    assert verdict.value is True and "only in sentences" not in verdict.reason


@pytest.mark.parametrize(("question", "sentence"), [
    ("What are the side effects of the vaccine?",
     "The vaccine may cause a mild fever for a day."),
    ("What are the benefits of cycling to work?",
     "Cycling to work lowers stress and improves fitness."),
    ("What are the symptoms of heatstroke?", "Heatstroke causes confusion and a high pulse."),
])
def test_an_attribute_is_named_by_the_verb_that_gives_it(judge, question, sentence) -> None:
    from ragvet.judges.base import AnswersItem
    from ragvet.judges.ops import ANSWERS

    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=sentence)]))
    assert verdict.value is True, verdict.reason


def test_everyday_paraphrases_read_alike() -> None:
    from ragvet.judges.local.synonyms import judge_stems

    assert judge_stems("in rare cases") & judge_stems("rarely")
    assert judge_stems("severely") & judge_stems("severe")
    assert judge_stems("Dogs are welcome in the garden.") & judge_stems("Dogs are allowed.")
    assert judge_stems("Wrote") & judge_stems("a 1954 novel by William Golding")


def _answers(judge, question, text):
    from ragvet.judges.base import AnswersItem
    from ragvet.judges.ops import ANSWERS

    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return verdict


@pytest.mark.parametrize("reply", ["Only on the first Saturday of each month.",
                                   "Not during school holidays.",
                                   "Only for children under five."])
def test_a_qualified_yes_or_no_answers_a_yes_no_question(judge, reply) -> None:
    verdict = _answers(judge, "Is the pool free on Saturdays?", reply)
    assert verdict.value is True, verdict.reason


def test_not_sure_is_no_qualified_answer(judge) -> None:
    assert _answers(judge, "Is the pool free on Saturdays?", "Not sure.").value is False
    assert _answers(judge, "Is the pool free on Saturdays?",
                    "Not sure, the page does not say.").value is False


SAUNA = ("Entry to the sauna is free on the first Saturday of each month. On other days it "
         "costs 9 euros.")
PLANS = ("The Starter plan includes 5 GB of storage and chat support. Priority support is only "
         "available on the Business plan.")


@pytest.mark.parametrize(("claim", "source", "what"), [
    # a superlative title that the source gives, among others, to another subject
    ("Lake Baikal is the lake deepest in the world.",
     "Lake Tanganyika is the longest freshwater lake and the deepest in the world after Lake "
     "Baikal.", None),
    ("Jupiter is the planet largest in the Solar System.",
     "Saturn is the second planet from the Sun among the gas giants. Jupiter is the most "
     "massive and the largest in the Solar System.", None),
    ("Deimos is the moon nearest to Mars.",
     "Phobos is the larger moon of Mars and the nearest to Mars.", "subject"),
    ("Yes, the sauna is free every Saturday.", SAUNA, "scope: 'every' vs 'first'"),
    ("The Starter plan includes chat support and priority support.", PLANS,
     "only the Business plan vs the Starter plan"),
])
def test_a_title_a_scope_or_a_plan_given_to_another_is_contradicted(support, claim, source,
                                                                      what) -> None:
    verdict = support(claim, source)
    if what is None:  # the claim's subject holds the title in the sources: no clash
        assert "contradicted" not in verdict.reason
    else:
        assert verdict.value is False and what in verdict.reason, verdict.reason


def test_what_the_named_plan_has_stays_supported(support) -> None:
    assert support("The Business plan includes priority support.", PLANS).value is True
    assert support("The sauna is free on the first Saturday of each month.",
                    SAUNA).value is True


def test_a_span_in_brackets_is_one_part(support) -> None:
    # a birth date's year is not another case's number
    born = support("Ada Lovelace was born in 1815.",
                    "Ada Lovelace (10 December 1815 – 27 November 1852) was an English "
                    "mathematician.")
    assert born.value is True


def test_a_warning_is_advice_not_a_denial(support) -> None:
    verdict = support("Don't leave bananas in the fridge, because the skins turn brown.",
                       "Keep bananas at room temperature. Storing bananas in the fridge turns "
                       "the skins brown.")
    assert "contradicted" not in verdict.reason


def test_the_doer_after_an_opening_phrase_of_time_is_read(support) -> None:
    source = "In 2019, Northwind acquired BlueHarbor for 4 billion dollars."
    wrong = support("BlueHarbor acquired Northwind in 2019.", source)
    assert wrong.value is False and "role" in wrong.reason
    assert support("Northwind acquired BlueHarbor in 2019.", source).value is True


def test_a_time_of_day_given_for_another_case_is_contradicted(support) -> None:
    source = "The cafe opens at 8am on weekdays and at 10am on weekends."
    wrong = support("On weekdays the cafe opens at 10am.", source)
    assert wrong.value is False and "10:00 vs 8:00" in wrong.reason
    assert support("On weekends the cafe opens at 10am.", source).value is True


def test_a_verb_or_a_unit_is_no_thing_said_of_another(support) -> None:
    source = ("The Orla Film Festival will be held from 30 August to 9 September. Marco Rossi "
              "said the jury would take a fresh look at debut films.")
    verdict = support("The Orla Film Festival will take place from 30 August to 9 "
                              "September.", source)
    assert verdict.value is True and "only of" not in verdict.reason


SINGER = ("'Northern Lights' is a ballad recorded by the Canadian singer Martin Doyle. It "
          "reached number four on the national chart in 2003.")


def test_a_name_with_its_two_words_swapped_is_another_name(support) -> None:
    verdict = support("'Northern Lights' was recorded by Doyle Martin.", SINGER)
    assert verdict.value is False
    assert verdict.detail["clash"] == "name" and "Doyle Martin" in verdict.reason
    assert support("'Northern Lights' was recorded by Martin Doyle.", SINGER).value is True


def test_another_subject_may_share_the_kind_both_are_named_by() -> None:
    # 'The Fjell railway' is another railway than 'The Coastal Railway': they share only the
    # word naming their kind, so the gauge said of the one is not said of the other
    source = ("The Coastal Railway runs from Bergen to Trondheim via Fjell and Dale. The Fjell "
              "railway, which starts at Dale, was the first mountain line built with a narrow "
              "gauge track.")
    claim = "The Coastal Railway runs on narrow gauge track."
    borrowed = _said_of_another(claim, judge_stems(claim), passage_sentences(source, 0))
    assert borrowed is not None and borrowed[0] in {"narrow", "gauge"}
    assert borrowed[1] == "The Fjell railway"
    own = "Coastal Railway trains run on a narrow gauge track through Dale."
    assert _said_of_another(claim, judge_stems(claim),
                            passage_sentences(f"{source} {own}", 0)) is None
