"""Known answers of the twenty-fourth session: rules on what a permission question asks to do
(needed to answer it), halves and kitchen measures, frequencies and ages that answer 'how
often' and 'when', and paraphrases the stemmer missed (British doubled 'l', 'reapply', nouns
in -ment, 'fully', a reflexive pronoun)."""

from __future__ import annotations

import asyncio

from ragvet.judges.base import AnswersItem, EssentialItem
from ragvet.judges.local.contradiction import missing_numbers
from ragvet.judges.local.features import numbers
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.ops import ANSWERS, ESSENTIAL
from ragvet.text import stem


def essential(judge, question: str, text: str) -> bool:
    (verdict,) = asyncio.run(judge.run(ESSENTIAL, [EssentialItem(query=question, text=text)]))
    return bool(verdict.value)


def answers(judge, question: str, text: str) -> bool:
    (verdict,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question, text=text)]))
    return bool(verdict.value)


# ---- rules on the act a permission question asks about ----------------------------------------

def test_a_rule_on_the_asked_act_is_essential_but_is_no_answer(judge) -> None:
    question = "How many hours a week can I volunteer at the shelter?"
    rule = "Younger volunteers must volunteer alongside a parent."
    assert essential(judge, question, rule)
    assert not answers(judge, question, rule)


def test_who_may_get_the_asked_thing_is_essential(judge) -> None:
    question = "Can I bring my bike on the train?"
    rule = "Passengers can reserve a bike space when booking their ticket."
    assert essential(judge, question, rule)


def test_a_rule_about_something_else_is_not_essential(judge) -> None:
    question = "Can I bring my bike on the train?"
    assert not essential(judge, question, "Passengers must keep their luggage off the seats.")


def test_a_rule_needs_a_permission_question(judge) -> None:
    question = "Why did the train stop at the border?"
    assert not essential(judge, question, "Passengers must show a passport at the border.")


# ---- numbers and measures ---------------------------------------------------------------------

def test_and_a_half_is_one_number() -> None:
    assert numbers("Simmer for two and a half hours.") == frozenset({"2.5"})
    assert numbers("Use 1 and a half cups of stock.") == frozenset({"1.5"})
    assert numbers("One and all were welcome.") == frozenset()


def test_a_kitchen_measure_is_not_another(support) -> None:
    source = "Whisk two and a half cups of milk into the flour."
    assert support("Whisk 2.5 cups of milk into the flour.", source).value is True
    verdict = support("Whisk two and a half litres of milk into the flour.", source)
    assert verdict.value is False and "unit" in verdict.reason


def test_a_half_is_not_rounded_to_the_next_whole_number() -> None:
    assert missing_numbers("She spent 4 years abroad.", "She spent 3.5 years abroad.")
    assert not missing_numbers("It weighs 78 kg.", "It weighs 78.37 kg.")


# ---- how often, and when ----------------------------------------------------------------------

def test_a_range_of_spans_is_a_frequency(judge) -> None:
    assert answers(judge, "How often should I service my boiler?",
                   "Boilers should be serviced every one to two years.")


def test_an_occasion_answers_how_often_one_should_act(judge) -> None:
    assert answers(judge, "How often should I clean the filter?",
                   "Clean the filter after every heavy use.")


def test_an_age_answers_when(judge) -> None:
    assert answers(judge, "When should my kitten be neutered?",
                   "Kittens are usually neutered at four to six months old.")


def test_how_long_it_takes_needs_no_take(judge) -> None:
    assert answers(judge, "How long does it take to replace a driving licence?",
                   "A replacement licence usually arrives within ten working days.")


# ---- paraphrases ------------------------------------------------------------------------------

def test_reapply_keeps_its_ly() -> None:
    assert stem("reapply") == stem("reapplied") == "reapply"
    assert stem("supply") == "supply" and stem("quickly") == "quick"


def test_doubled_l_and_nouns_in_ment_meet_their_words() -> None:
    assert judge_stems("travelling abroad") == judge_stems("travel abroad")
    assert judge_stems("the monthly payment") == judge_stems("pay monthly")
    assert judge_stems("fully charged") == judge_stems("full charge")
    assert judge_stems("completely empty") == judge_stems("fully empty")


def test_a_reflexive_pronoun_and_right_after_need_no_source(support) -> None:
    source = "Rinse the wound straight after the bite and see a doctor."
    assert support("Rinse the wound yourself right after the bite.", source).value is True


def test_a_fallback_for_a_missing_thing_denies_nothing(support) -> None:
    source = "Cyclists must use bike paths where there are any, and the road otherwise."
    verdict = support("Use the bike path, or the road where there is none.", source)
    assert verdict.value is True, verdict.reason
