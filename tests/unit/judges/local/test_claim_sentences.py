"""Issue 13, twelfth round: a claim of several sentences is supported only if each sentence
that states something is (a turn's 'Sure!' states nothing); a question closed by a quote is
still a question; 'founded by A and his wife B' is one claim; a number only a page's date
line states is found; an ISO date is no range of years; 'The firm …' speaks of the page's
subject."""

from __future__ import annotations

import pytest

from ragvet.judges.local import LocalJudge
from ragvet.judges.local import text as T
from ragvet.judges.local.contradiction import stated_numbers
from ragvet.judges.local.features import numbers
from ragvet.judges.local.scoring import passage_sentences

MUSEUM = ("The Harbor Museum was founded by Ana Ruiz and her husband Paul in 1972 as a small "
          "gallery of ship models.")
TRAIL = ("The Ridge Trail is a 14-kilometre hiking path along the northern rim of the valley, "
         "with three shelters for overnight stays.")


@pytest.mark.parametrize(("claim", "source", "unsupported"), [
    # read at once, the long sentence the source says carries the short one along
    ("It is now closed. The Harbor Museum was founded by Ana Ruiz and her husband Paul in "
     "1972 as a small gallery of ship models.", MUSEUM, "It is now closed."),
    ("The Ridge Trail is a 14-kilometre hiking path along the northern rim of the valley, with "
     "three shelters for overnight stays. Dogs must stay on a leash.", TRAIL,
     "Dogs must stay on a leash."),
])
def test_a_sentence_the_sources_do_not_say_makes_the_claim_unsupported(support, claim, source,
                                                                        unsupported):
    verdict = support(claim, source)
    assert verdict.value is False
    assert verdict.probability < 0.5
    assert verdict.detail["unsupported_sentence"].startswith(unsupported)
    assert "not supported on its own" in verdict.reason


@pytest.mark.parametrize(("claim", "source"), [
    # a short turn that only agrees states nothing of the subject
    ("Sure! The Harbor Museum was founded by Ana Ruiz and her husband Paul in 1972.", MUSEUM),
    ("It really is. The Ridge Trail is a 14-kilometre hiking path with three shelters.", TRAIL),
    # each sentence is said by the source
    ("The Harbor Museum was founded in 1972. It started as a small gallery of ship models.",
     MUSEUM),
])
def test_a_claim_whose_every_stating_sentence_is_supported_stays_supported(support, claim,
                                                                            source):
    verdict = support(claim, source)
    assert verdict.value is True
    assert "unsupported_sentence" not in verdict.detail


def test_a_question_closed_by_a_quote_is_a_question():
    text = 'Who recorded the song "Blue Harbor?" Lena Ortiz recorded it in 1998.'
    assert T.is_question('Who recorded the song "Blue Harbor?"')
    assert T.without_questions(text) == "Lena Ortiz recorded it in 1998."


@pytest.mark.parametrize(("sentence", "expected"), [
    # a possessive after 'and' opens a clause only when a verb follows it
    ("The clinic was opened by Maria Lopez and her brother Daniel in 2004.",
     ("The clinic was opened by Maria Lopez and her brother Daniel in 2004.",)),
    ("The studio hired ten animators and its first film earned an award.",
     ("The studio hired ten animators.", "The studio's first film earned an award.")),
])
def test_a_possessive_opens_a_clause_only_before_a_verb(sentence, expected):
    assert T.claims(sentence) == expected


def test_an_iso_date_is_not_a_range_of_years():
    found = numbers("Published: 2016-08-25 09:30")
    assert "2016" in found
    assert "2008" not in found
    assert "2019" in numbers("the 2018–19 season")


def test_a_day_after_a_dash_is_not_the_end_of_a_range_of_years():
    found = numbers("Rosa Vidal (3 March 1911 – 14 June 1987) was a Chilean painter.")
    assert {"1911", "1987", "14", "3"} <= found and "1914" not in found
    assert "2002" in numbers("the firm's 1998–02 restructuring")  # into the next century


@pytest.mark.parametrize("source", [
    "Rosa Vidal (3 March 191114 June 1987) was a Chilean painter.",
    "Rosa Vidal (March 3, 1911June 14, 1987) was a Chilean painter.",
])
def test_two_dates_whose_dash_was_lost_are_read_apart(support, source):
    verdict = support("Rosa Vidal was born in 1911.", source)
    assert verdict.value is True, verdict.reason
    assert "1911" in stated_numbers(" ".join(T.sentences(source)))


def test_a_span_word_states_its_size():
    assert "1000" in stated_numbers("crops grown on the globe for the last millennia")
    assert "100" in stated_numbers("a tradition that lasted three centuries")


def _page(date_line: str) -> str:
    filler = [f"The youth coach met fans of the club at stand {k} after training."
              for k in range(1, 30)]
    return "\n\n".join(["The Riverside Otters, a member of the Northern Hockey League, "
                        "announced on Monday that they have hired Dana Kowalski as head coach.",
                        *filler, date_line])


def test_a_number_only_a_date_line_states_is_found_on_a_long_page(support):
    claim = "Dana Kowalski has been head coach of the Riverside Otters since 2021."
    verdict = support(claim, _page("June 3, 2021"))
    assert "mentions 2021" not in verdict.reason
    assert verdict.value is True
    assert support(claim, _page("June 3, 2020")).value is False


def test_a_later_sentence_naming_the_page_subject_by_its_kind_reads_as_about_it():
    parts = passage_sentences("Lumen Labs is a Danish lighting firm based in Aarhus. The firm "
                              "makes solar lamps for schools. The lamps of other makers cost "
                              "more.")
    assert "lumen" in parts[1].context
    assert not parts[2].context


def _long_page(*sentences: str) -> str:
    filler = [f"Volunteers repainted bench number {k} in the harbour park last spring."
              for k in range(1, 60)]
    return " ".join([*sentences, *filler])


def test_on_a_long_page_a_name_apart_from_the_rest_of_the_claim_is_no_veto(support):
    # the award and the firm are in different sentences of a long article: the claim puts
    # them together, as a writer citing the article would
    page = _long_page("Marta Quist has won the Baltic Young Founder of the Year award for 2019.",
                      "The logistics group Nordlane Freight has opened 150 depots in Finland.")
    verdict = support("In 2019, Quist won the Baltic Young Founder of the Year award "
                       "for her success with Nordlane Freight.", page)
    assert "only in sentences sharing no other word" not in verdict.reason


def test_a_run_on_of_page_text_denies_nothing(support):
    run_on = " ".join(["Trending now | Weekend box office | Podcast | Reviews"] * 12 +
                      ["the trainers did not start work with the dogs until spring"])
    verdict = support("The trainers started work with the dogs three months before "
                       "filming.", run_on)
    assert verdict.detail.get("clash") != "negation"


def test_on_a_long_page_a_name_in_its_roster_is_no_rival_of_the_announcement(support):
    roster = "\n\n".join(["OSLO, Norway (May 3, 2021) - Norway Hockey's Women's High Performance "
                          "Program is pleased to announce the final roster for the Senior "
                          "Women's National Team set to compete at the Nordic Cup 2021 in "
                          "Finland.", "Dana Kowalski", "Erika Lund", "Mia Berg",
                          _long_page()])
    verdict = support("On May 3, 2021, Dana Kowalski was selected to play for the "
                       "Norwegian Senior Women's National Team to compete in the Nordic Cup "
                       "2021 in Finland.", roster)
    assert verdict.detail.get("clash") != "name"
    assert verdict.value is True


def test_long_pages_have_their_own_support_threshold():
    from ragvet.judges.local.contradiction import LONG_PAGE_WORDS
    from ragvet.judges.local.params import PARAMS_DIR, load_params

    shipped = LocalJudge()
    assert shipped._support_threshold(LONG_PAGE_WORDS + 1) == \
        shipped.params.long_page_threshold < shipped.params.support_threshold
    assert shipped._support_threshold(LONG_PAGE_WORDS) == shipped.params.support_threshold
    before = LocalJudge(load_params(PARAMS_DIR / "local-v7.json"))
    assert before._support_threshold(5000) == before.params.support_threshold


@pytest.mark.parametrize(("sentence", "expected"), [
    # before: the subject ran on to the verb ('Opened software cannot be can only be …')
    ("Opened software can't be returned; it can only be exchanged for the same title.",
     ["Opened software can't be returned.",
      "Opened software can only be exchanged for the same title."]),
    ("The ferry won't sail in a storm; it waits in the harbour.",
     ["The ferry won't sail in a storm.", "The ferry waits in the harbour."]),
    ("Gift cards cannot be refunded; they can be used for two years.",
     ["Gift cards cannot be refunded.", "Gift cards can be used for two years."]),
])
def test_a_denied_auxiliary_ends_the_subject(sentence, expected):
    assert list(T.claims(sentence)) == expected
