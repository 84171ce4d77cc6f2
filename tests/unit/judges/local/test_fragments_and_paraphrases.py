"""Issue 13, nineteenth session: a longer reply without a verb, everyday paraphrases, and a
number the source gives for other days.

- 'Up to 30 hours with noise cancelling off, or 22 hours with it on.' answers 'How long does
  the battery last?' as a bare 'Up to 30 hours.' would: it stands in the question's gap (it
  was judged as a sentence lacking the question's words: RQC 0.21, 'extraneous_content').
- 'Kayak rental is open to anyone aged 16 or over.' says 'You must be at least 16 to rent a
  kayak.' (a noun in -al is its verb; 'at least N' is a bound the number checks read).
- A region's administrative centre is its capital.
- 'every 8 minutes on weekdays and every 15 minutes on Saturdays and Sundays' gives Sundays
  15 minutes, not 8.
"""

from __future__ import annotations

import pytest

from ragvet.judges.local.synonyms import judge_stems

SPEAKER = ("The Brio speaker plays for up to 18 hours at half volume, or 9 hours at full "
           "volume. A full charge takes 2 hours.")


@pytest.mark.parametrize("reply", [
    "Up to 18 hours at half volume, or 9 hours at full volume.",
    "About 18 hours at half volume and 9 hours at full volume, per charge.",
])
def test_a_longer_reply_without_a_verb_is_read_with_its_question(evaluated, reply) -> None:
    result = evaluated("How long does the Brio speaker's battery last?", SPEAKER, reply)
    assert result.scores["RQC"] >= 0.8 and result.scores["RP"] >= 0.8
    assert "extraneous_content" not in result.diagnosis


def test_a_verbless_reply_on_another_matter_still_does_not_answer(evaluated) -> None:
    result = evaluated("How long does the Brio speaker's battery last?", SPEAKER,
                     "A bright orange finish with a fabric strap.")
    (component,) = [c for c in result.components if c.metric == "RQC"]
    assert not component.verdict and result.scores["RQC"] < 0.45  # as a bare 'Orange.' reads


@pytest.mark.parametrize(("one", "other"), [
    ("You must be at least 16 to rent a canoe.", "Canoe rental is open to anyone aged 16."),
    ("Parcels arrive in two days.", "Parcel arrival takes up to two days."),
    ("The council must approve the plans.", "The plans need council approval."),
    ("Its administrative centre is Tromsø.", "Its capital is Tromsø."),
    ("Lillehammer is the county seat.", "Lillehammer is the capital of the county."),
])
def test_everyday_paraphrases_share_their_stems(one, other) -> None:
    assert judge_stems(one) <= judge_stems(other) | {"must", "need", "take"}


@pytest.mark.parametrize("false_friend", ["signal", "legal", "metal", "hospital", "total"])
def test_other_words_in_al_keep_their_ending(false_friend) -> None:
    assert judge_stems(false_friend) == {false_friend}


def test_a_canoe_hire_answer_is_grounded_and_a_wrong_age_is_not(evaluated) -> None:
    source = "Canoe rental is open to anyone aged 16 or over. Helmets are provided."
    right = evaluated("What is the minimum age to rent a canoe?", source,
                    "You must be at least 16 to rent a canoe.")
    wrong = evaluated("What is the minimum age to rent a canoe?", source,
                    "You must be at least 18 to rent a canoe.")
    assert right.scores["GR"] >= 0.85 and wrong.scores["GR"] <= 0.1


FERRY = ("Ferries leave every 20 minutes on weekdays and every 40 minutes on Saturdays and "
         "Sundays. The first ferry leaves at 06:10.")


@pytest.mark.parametrize(("response", "grounded"), [
    ("On Sundays the ferry leaves every 40 minutes.", True),
    ("On Saturdays ferries leave every 40 minutes.", True),
    ("On Sundays the ferry leaves every 20 minutes.", False),
    ("On weekdays ferries leave every 40 minutes.", False),
])
def test_a_number_for_the_days_listed_after_and_belongs_to_them(evaluated, response,
                                                                grounded) -> None:
    gr = evaluated("How often does the ferry run?", FERRY, response).scores["GR"]
    assert gr >= 0.85 if grounded else gr <= 0.1


def test_a_fragment_may_open_with_a_number_word(evaluated) -> None:
    result = evaluated("How long is the warranty on the dishwasher?",
                       "The Lumo dishwasher has a two-year warranty on parts and labour. The "
                       "pump is covered for five years.",
                       "Two years on parts and labour, and five years on the pump.")
    assert result.scores["RQC"] >= 0.8 and "extraneous_content" not in result.diagnosis


def test_a_denial_after_and_with_a_subject_of_its_own_is_a_claim_of_its_own(evaluated) -> None:
    from ragvet.judges.local import text as T

    assert T.claims("Entries close on 3 May at noon, and late entries are not accepted.") == (
        "Entries close on 3 May at noon.", "Late entries are not accepted.")
    # the items of a list, then one verb: one clause
    assert len(T.claims("Smoking, vaping, and dogs are not allowed.")) == 1
    result = evaluated("When do entries close?",
                       "Entries for the May regatta close on 3 May at noon. Late entries are "
                       "not accepted.",
                       "Entries close on 3 May at noon, and late entries are not accepted.",
                       ["GR"])
    assert result.scores["GR"] >= 0.85  # was contradicted: 'not' read against the first clause


def test_a_contrast_whose_subject_has_three_words_is_a_claim_of_its_own() -> None:
    from ragvet.judges.local import text as T

    assert T.claims("The gardens are accessible, but the upper floors can only be reached by "
                    "stairs.") == ("The gardens are accessible.",
                                   "The upper floors can only be reached by stairs.")
    assert len(T.claims("It is cheap, but not very fast or reliable.")) == 1
