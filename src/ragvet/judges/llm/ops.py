"""The batched operations as data: which prompt, how items group into one call, what the
data block looks like, what an item's cache key is, and how an answer entry becomes a result.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import AnswersItem, Decomposition, EssentialItem, SupportItem, Verdict
from .parse import Entry

UNVERIFIED = "unverified: "


@dataclass(frozen=True, kw_only=True)
class Op:
    name: str
    prompt: str
    group: Callable[[Any], Hashable]
    data: Callable[[Hashable, Sequence[Any]], dict[str, Any]]
    key: Callable[[Any], Any]

    @property
    def decomposes(self) -> bool:
        return self.prompt in ("claims", "subquestions", "questions")

    def result(self, entry: Entry) -> Verdict | Decomposition:
        if self.decomposes:
            if entry.problem or entry.parts is None:
                return Decomposition.failed(entry.problem or "no parts", raw=entry.raw)
            return Decomposition(items=entry.parts, raw=entry.raw)
        if entry.problem or entry.verdict is None:
            return Verdict.failed(entry.problem or "no verdict", raw=entry.raw)
        return Verdict(value=entry.verdict, reason=entry.reason, raw=entry.raw)

    def failed(self, error: str, raw: str | None = None) -> Verdict | Decomposition:
        return (Decomposition.failed(error, raw=raw) if self.decomposes
                else Verdict.failed(error, raw=raw))

    def to_cache(self, result: Verdict | Decomposition) -> dict[str, Any] | None:
        if isinstance(result, Decomposition):
            return None if result.error else {"p": list(result.items), "raw": result.raw}
        if result.value is None:
            return None
        return {"v": result.value, "r": result.reason, "raw": result.raw}

    def from_cache(self, value: dict[str, Any]) -> Verdict | Decomposition:
        if self.decomposes:
            return Decomposition(items=tuple(value["p"]), raw=value.get("raw"))
        return Verdict(value=bool(value["v"]), reason=value.get("r"), raw=value.get("raw"))


def _numbered(field: str, values: Sequence[str]) -> list[dict[str, Any]]:
    return [{"id": k + 1, field: v} for k, v in enumerate(values)]


def _texts_table(texts: Sequence[str]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Distinct texts as T1..Tn; a text that is the others joined is sent as a reference."""
    distinct = list(dict.fromkeys(texts))
    names = {t: f"T{k + 1}" for k, t in enumerate(distinct)}
    table = []
    for text in distinct:
        parts = sorted((o for o in distinct if o != text and o and o in text), key=text.find)
        if len(parts) > 1 and "\n\n".join(parts) == text:
            table.append({"id": names[text], "combined": [names[p] for p in parts]})
        else:
            table.append({"id": names[text], "text": text})
    return table, names


def _answers_data(_: Hashable, items: Sequence[AnswersItem]) -> dict[str, Any]:
    table, names = _texts_table([i.text for i in items])
    return {"texts": table, "items": [{"id": k + 1, "question": i.question, "text": names[i.text]}
                                      for k, i in enumerate(items)]}


CLAIMS = Op(name="claims", prompt="claims", group=lambda t: None,
            data=lambda g, items: {"items": _numbered("text", items)}, key=lambda t: t)
SUBQUESTIONS = Op(name="subquestions", prompt="subquestions", group=lambda q: None,
                  data=lambda g, items: {"items": _numbered("query", items)}, key=lambda q: q)


def questions_op(n: int) -> Op:
    return Op(name=f"questions:{n}", prompt="questions", group=lambda t: n,
              data=lambda g, items: {"n": n, "items": _numbered("text", items)},
              key=lambda t: [t, n])


ESSENTIAL = Op(
    name="essential", prompt="essential", group=lambda i: i.query,
    data=lambda q, items: {"query": q, "items": _numbered("text", [i.text for i in items])},
    key=lambda i: [i.query, i.text])
SUPPORTED = Op(
    name="supported", prompt="supported", group=lambda i: i.sources,
    data=lambda s, items: {"sources": [{"id": f"S{k + 1}", "text": t} for k, t in enumerate(s)],
                           "items": _numbered("claim", [i.claim for i in items])},
    key=lambda i: [i.claim, list(i.sources)])
ANSWERS = Op(name="answers", prompt="answers", group=lambda i: None, data=_answers_data,
             key=lambda i: [i.question, i.text])

__all__ = ["ANSWERS", "CLAIMS", "ESSENTIAL", "SUBQUESTIONS", "SUPPORTED", "UNVERIFIED",
           "AnswersItem", "EssentialItem", "Op", "SupportItem", "questions_op"]
