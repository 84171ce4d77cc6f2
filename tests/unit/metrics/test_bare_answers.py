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


BOTH = "Are both the Lumen Tower and the Vale Bridge listed buildings?"


def test_a_yes_or_no_to_a_question_about_both_is_a_claim_of_its_own() -> None:
    # 'No, only …' denies something of each name: judged with the question, apart from the
    # statement after it (scripted judge: the metric hands the two claims over)
    reply = "No, only the Lumen Tower is listed."
    judge = ScriptedJudge(claims={reply: [reply]})
    record = make_record(id="both", query=BOTH, response=reply,
                         sources=["The Lumen Tower and the Vale Bridge are both listed."])
    result = evaluate([record], ["GR"], judge).results[0]
    assert [c.text for c in result.components if c.metric == "GR"] == [
        f"{BOTH} No", "Only the Lumen Tower is listed."]


@pytest.mark.parametrize(("query", "reply"), [
    (BOTH, "Yes, they are."),  # an echo: the reply is read whole
    (BOTH, "No, neither."),
    ("Is the Lumen Tower a listed building?", "No, it was delisted in 2004."),  # not 'both'
])
def test_other_replies_keep_their_claim(query: str, reply: str) -> None:
    judge = ScriptedJudge(claims={reply: [reply]})
    record = make_record(id="one", query=query, response=reply, sources=["Some text."])
    result = evaluate([record], ["GR"], judge).results[0]
    texts = [c.text for c in result.components if c.metric == "GR"]
    assert not any(t.endswith("? No") or t.endswith("? Yes") for t in texts)


def test_the_offline_judge_denies_a_no_that_the_sources_contradict() -> None:
    from ragvet.judges.local import LocalJudge

    record = make_record(id="both", query=BOTH, response="No, only the Lumen Tower is listed.",
                         sources=["The Lumen Tower is a listed building in Leeds. The Vale Bridge "
                                  "is a listed building over the river Aire."])
    result = evaluate([record], ["GR"], LocalJudge()).results[0]
    first = next(c for c in result.components if c.metric == "GR")
    assert first.text == f"{BOTH} No" and first.verdict is False
    assert result.scores["GR"] < 1.0
