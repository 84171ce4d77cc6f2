"""A bare answer ('No.', 'Lake Tana') states nothing on its own: it is judged with its question,
instead of leaving GR and RP without a claim (not applicable)."""

from __future__ import annotations

import pytest

from ragvet import ScriptedJudge, make_record
from ragvet.engine.run import evaluate
from ragvet.metrics.steps import answered_in_context
from ragvet.text import is_bare_answer

QUESTION = "Is the Blue Nile longer than the White Nile?"


@pytest.mark.parametrize("reply", ["No.", "yes", "Lake Tana", "R&B", "F.E.A.R.", "Not really"])
def test_short_replies_are_bare_answers(reply: str) -> None:
    assert is_bare_answer(reply)


@pytest.mark.parametrize("reply", [
    "I don't know.", "Sorry, I cannot say.", "Thanks!", "Could you rephrase that?", "",
    "The Blue Nile rises at Lake Tana in Ethiopia and joins the White Nile at Khartoum.",
    "You should ask a geographer.", "Unknown"])
def test_statements_refusals_and_non_answers_are_not(reply: str) -> None:
    assert not is_bare_answer(reply)


def test_only_a_one_line_question_gives_the_context() -> None:
    assert answered_in_context(QUESTION, "No.")
    assert not answered_in_context("Tell me about the Nile.", "No.")
    assert not answered_in_context("Background: rivers.\nIs the Blue Nile longer?", "No.")


def test_a_bare_answer_is_judged_with_its_question() -> None:
    claim = f"{QUESTION} No."
    judge = ScriptedJudge(claims={"No.": []}, supported={claim: True}, essential={claim: True})
    record = make_record(id="nile", query=QUESTION, response="No.",
                         sources=["The White Nile is the longer of the two rivers."])
    result = evaluate([record], ["GR", "RP"], judge).results[0]
    assert [c.text for c in result.components if c.metric == "GR"] == [claim]
    assert result.scores["GR"] == 1.0 and result.scores["RP"] == 1.0


def test_a_refusal_still_has_no_claims() -> None:
    judge = ScriptedJudge(claims={"I don't know.": []})
    record = make_record(id="nile", query=QUESTION, response="I don't know.",
                         sources=["The White Nile is the longer of the two rivers."])
    result = evaluate([record], ["GR"], judge).results[0]
    assert result.scores.get("GR") is None
    assert not [c for c in result.components if c.metric == "GR"]
