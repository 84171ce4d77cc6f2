"""The judge operations, each declared once: its name, item type and output kind.

A metric asks `await judge.run(SUPPORTED, items)`. Every judge dispatches on the operation:
the scripted judge looks the items up in the table named after it, the LLM judge renders the
prompt file of the same name (`judges/llm/prompts/NAME.md`), the offline judge applies its
rule of the same name (`judges/local/rules.py`). A new operation therefore costs its
declaration here, its prompt and its local rule.
"""

from __future__ import annotations

from .base import (
    LABEL,
    PARTS,
    VECTOR,
    VERDICT,
    AnswersItem,
    EssentialItem,
    Operation,
    QuestionsItem,
    SupportItem,
)

CLAIMS = Operation(
    name="claims", item=str, output=PARTS, subject="text",
    description="split each text into standalone claims (facts, for sources)")
SUBQUESTIONS = Operation(
    name="subquestions", item=str, output=PARTS, subject="query",
    description="split each query into self-contained sub-questions")
QUESTIONS = Operation(
    name="questions", item=QuestionsItem, output=PARTS, subject="text", shared=("n",),
    description="generate up to n questions that each text answers")
ESSENTIAL = Operation(
    name="essential", item=EssentialItem, output=VERDICT, subject="text", shared=("query",),
    description="does the text hold information essential to answer the query?")
ANSWERS = Operation(
    name="answers", item=AnswersItem, output=VERDICT, subject="question",
    description="does the text answer (or address the intent of) the question?")
SUPPORTED = Operation(
    name="supported", item=SupportItem, output=VERDICT, subject="claim", shared=("sources",),
    description="is the claim supported by the sources taken together?")
SUPPORT_STATUS = Operation(
    name="support_status", item=SupportItem, output=LABEL, subject="claim",
    shared=("sources",), labels=("supported", "contradicted", "not_mentioned"),
    yes=("supported",),
    description="do the sources support the claim, contradict it, or not mention it?")
EMBED = Operation(
    name="embed", item=str, output=VECTOR, subject="text",
    description="one vector per text (any length, the same for all)")

OPERATIONS: dict[str, Operation] = {op.name: op for op in (
    CLAIMS, SUBQUESTIONS, QUESTIONS, ESSENTIAL, ANSWERS, SUPPORTED, SUPPORT_STATUS, EMBED)}

__all__ = ["ANSWERS", "CLAIMS", "EMBED", "ESSENTIAL", "LABEL", "OPERATIONS", "PARTS",
           "QUESTIONS", "SUBQUESTIONS", "SUPPORTED", "SUPPORT_STATUS", "VECTOR", "VERDICT",
           "Operation"]
