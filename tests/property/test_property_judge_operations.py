"""Every judge operation, on the offline judge and the scripted judge, over hostile text.

No exception escapes a call; each item gets a result of the operation's kind; verdicts are
yes, no or an error with its reason, never NaN; parts quote their input (see `quoting`).
"""

from __future__ import annotations

import asyncio
import math

import pytest
from adversarial import hostile_text, large_text
from hypothesis import example, given
from hypothesis import strategies as st
from quoting import unquoted_tokens

from ragvet.errors import RagvetError
from ragvet.judges.base import (
    LABEL,
    PARTS,
    VECTOR,
    VERDICT,
    AnswersItem,
    Decomposition,
    EssentialItem,
    QuestionsItem,
    SupportItem,
    Verdict,
)
from ragvet.judges.ops import OPERATIONS
from ragvet.judges.scripted import ScriptedJudge

texts = hostile_text()
QUOTING_OPERATIONS = {"claims", "subquestions"}  # parts cut from the input, not written anew


def make_item(op, text: str, other: str, sources: list[str]):
    if op.item is str:
        return text
    return {
        EssentialItem: lambda: EssentialItem(query=other, text=text),
        AnswersItem: lambda: AnswersItem(question=other, text=text),
        SupportItem: lambda: SupportItem(claim=text, sources=tuple(sources)),
        QuestionsItem: lambda: QuestionsItem(text=text, n=3),
    }[op.item]()


def check_result(op, item, result, *, cut_from_input: bool = True) -> None:
    if op.output == PARTS:
        assert isinstance(result, Decomposition)
        assert result.error is None or result.error.strip()
        assert all(isinstance(p, str) for p in result.items)
        if cut_from_input and op.name in QUOTING_OPERATIONS:
            source = op.subject_of(item)
            for part in result.items:
                assert unquoted_tokens(part, [source]) == [], (part, source)
    elif op.output == VECTOR:
        assert len(result) > 0 and all(math.isfinite(float(x)) for x in result)
    else:
        assert isinstance(result, Verdict)
        if result.value is None:
            assert result.error and result.error.strip(), result
        else:
            assert isinstance(result.value, bool)
        for number in (result.probability, result.confidence):
            assert number is None or math.isfinite(number)
        if result.probability is not None:
            assert 0.0 <= result.probability <= 1.0
        if op.output == LABEL and result.value is not None:
            assert result.label in op.labels


@pytest.mark.parametrize("name", sorted(OPERATIONS))
@given(batch=st.lists(texts, min_size=1, max_size=3), other=texts,
       sources=st.lists(texts, max_size=3))
@example(batch=[",", "; , and"], other="", sources=[])  # found by the large profile
@example(batch=["\\\\. It\\\\\\' OR 1=1 --, and "], other="", sources=[])  # ditto
def test_local_judge_answers_every_item(local_judge, name, batch, other, sources):
    op = OPERATIONS[name]
    items = [make_item(op, text, other, sources) for text in batch]
    results = asyncio.run(local_judge.run(op, items))
    assert len(results) == len(items)
    vectors = []
    for item, result in zip(items, results, strict=True):
        check_result(op, item, result)
        if op.output == VECTOR:
            vectors.append(len(result))
    assert len(set(vectors)) <= 1  # one dimension for every text


def scripted_answer(op, text: str):
    if op.output == PARTS:
        return [text, f"{text} again"]
    if op.output == VECTOR:
        return [0.5, -1.0]
    if op.output == LABEL:
        return op.labels[-1]
    return {"value": True, "reason": text}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
@given(scripted=texts, unscripted=texts, other=texts, sources=st.lists(texts, max_size=3))
def test_scripted_judge_replays_hostile_text_exactly(name, scripted, unscripted, other,
                                                    sources):
    op = OPERATIONS[name]
    item = make_item(op, scripted, other, sources)
    judge = ScriptedJudge(**{name: {op.subject_of(item): scripted_answer(op, scripted)}})
    (result,) = asyncio.run(judge.run(op, [item]))
    check_result(op, item, result, cut_from_input=False)
    if op.output == PARTS:
        assert result.items == (scripted, f"{scripted} again")
    elif op.output == VERDICT:
        assert result.value is True and result.reason == scripted
    missing = make_item(op, unscripted, other, sources)
    if op.subject_of(missing) == op.subject_of(item):
        return
    try:
        (answer,) = asyncio.run(judge.run(op, [missing]))
    except RagvetError as err:  # a whole-call failure is allowed, with a message
        assert str(err).strip()
    else:  # otherwise the item carries its error
        assert getattr(answer, "error", None), answer


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_local_judge_on_a_100_kb_text(local_judge, name):
    op = OPERATIONS[name]
    text = large_text(100_000)
    item = make_item(op, text, "When was the tower completed?", [text[:5000]])
    (result,) = asyncio.run(local_judge.run(op, [item]))
    check_result(op, item, result)
