"""The answer finder's training pairs: on-topic sentences without the answer are the negatives."""

from __future__ import annotations

import pytest
from training.answers_data import passage_pairs

PARTS = ("The lighthouse stands on the northern cape.",
         "It was first lit in 1874.",
         "Its keeper lived in a cottage beside it.",
         "Storms often cut the cape off from the mainland.")
QUESTION = "When was the lighthouse first lit?"


def _pairs(answer: str, foreign: str | None = "Otters eat shellfish."):
    return list(passage_pairs(QUESTION, PARTS, answer, "test", "train", foreign))


def test_the_sentence_holding_the_answer_is_yes_and_its_neighbours_are_no():
    pairs = {(p.evidence, p.kind): p.label for p in _pairs("1874")}
    assert pairs[(PARTS[1], "labelled-holding")] == 1.0
    assert [pairs[(s, "labelled-sibling")] for s in (PARTS[0], PARTS[2], PARTS[3])] == [0.0] * 3


def test_a_window_around_the_answer_is_yes_and_the_passage_without_it_is_no():
    by_kind = {p.kind: p for p in _pairs("1874")}
    assert "1874" in by_kind["window"].evidence and by_kind["window"].label == 1.0
    assert "1874" not in by_kind["window-without"].evidence
    assert by_kind["window-without"].label == 0.0
    assert by_kind["off-topic"].evidence == "Otters eat shellfish."
    assert by_kind["off-topic"].label == 0.0


@pytest.mark.parametrize("answer", ["1901", "cape"])
def test_an_answer_found_in_no_sentence_or_in_several_gives_no_pairs(answer):
    assert _pairs(answer) == []


def test_every_pair_asks_the_question_and_keeps_its_split():
    pairs = _pairs("1874", foreign=None)
    assert {p.claim for p in pairs} == {QUESTION}
    assert {p.split for p in pairs} == {"train"}
    assert "off-topic" not in {p.kind for p in pairs}
