"""How an LLM judge asks any declared operation (`judges.ops`): which prompt, how items
group into one call, what the data block looks like, what an item's cache key is, and how an
answer entry becomes a result. All of it follows from the declaration; only `answers` has a
layout of its own (texts sent once and referred to by id).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import LABEL, PARTS, AnswersItem, Decomposition, Operation, Verdict
from .parse import NO_WORDS, YES_WORDS, Entry

UNVERIFIED = "unverified: "
Layout = Callable[[Operation, Hashable, Sequence[Any]], dict[str, Any]]
_VERDICT_WORDS = (tuple(sorted(YES_WORDS)), tuple(sorted(NO_WORDS)))  # sorted once


@dataclass(frozen=True, slots=True)
class Op:
    """An operation as the LLM judge asks it."""

    operation: Operation

    @property
    def name(self) -> str:
        return self.operation.name

    @property
    def prompt(self) -> str:
        return self.operation.name

    @property
    def decomposes(self) -> bool:
        return self.operation.output == PARTS

    def group(self, item: Any) -> Hashable:
        """Items with the same shared fields (query, sources) go into one prompt."""
        shared = self.operation.shared
        if not shared:
            return None
        values = self.operation.values(item)
        return values[shared[0]] if len(shared) == 1 else tuple(values[f] for f in shared)

    def data(self, group: Hashable, items: Sequence[Any]) -> dict[str, Any]:
        layout = LAYOUTS.get(self.name, shared_then_items)
        return layout(self.operation, group, items)

    def key(self, item: Any) -> Any:
        """The item's part of the cache key: its fields in declaration order."""
        if isinstance(item, str):
            return item
        values = [_plain(v) for v in self.operation.values(item).values()]
        return values[0] if len(values) == 1 else values

    def answer_words(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The words that mean yes and those that mean no in an answer to this operation."""
        if self.operation.output == LABEL:
            yes = self.operation.yes
            return yes, tuple(label for label in self.operation.labels if label not in yes)
        return _VERDICT_WORDS

    def result(self, entry: Entry, probability: float | None = None
               ) -> Verdict | Decomposition:
        """The entry as a result; `probability` (of yes, from log-probabilities) goes on a
        verdict."""
        if self.decomposes:
            if entry.problem or entry.parts is None:
                return Decomposition.failed(entry.problem or "no parts", raw=entry.raw)
            return Decomposition(items=entry.parts, raw=entry.raw)
        if self.operation.output == LABEL:
            if entry.problem or entry.label is None:
                return Verdict.failed(entry.problem or "no label", raw=entry.raw)
            return self.operation.verdict(entry.label, reason=entry.reason, raw=entry.raw,
                                          probability=probability)
        if entry.problem or entry.verdict is None:
            return Verdict.failed(entry.problem or "no verdict", raw=entry.raw)
        return Verdict(value=entry.verdict, reason=entry.reason, raw=entry.raw,
                       probability=probability)

    def failed(self, error: str, raw: str | None = None) -> Verdict | Decomposition:
        return (Decomposition.failed(error, raw=raw) if self.decomposes
                else Verdict.failed(error, raw=raw))

    def to_cache(self, result: Verdict | Decomposition) -> dict[str, Any] | None:
        if isinstance(result, Decomposition):
            return None if result.error else {"p": list(result.items), "raw": result.raw}
        if result.value is None:
            return None
        cached = {"v": result.value, "r": result.reason, "raw": result.raw}
        if result.probability is not None:
            cached["p"] = result.probability
        return cached if result.label is None else {**cached, "l": result.label}

    def from_cache(self, value: dict[str, Any]) -> Verdict | Decomposition:
        if self.decomposes:
            return Decomposition(items=tuple(value["p"]), raw=value.get("raw"))
        if self.operation.output == LABEL:
            return self.operation.verdict(value["l"], reason=value.get("r"), raw=value.get("raw"),
                                          probability=value.get("p"))
        return Verdict(value=bool(value["v"]), reason=value.get("r"), raw=value.get("raw"),
                       probability=value.get("p"))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _numbered_texts(field: str, texts: Sequence[str]) -> list[dict[str, Any]]:
    prefix = field[:1].upper()
    return [{"id": f"{prefix}{k + 1}", "text": t} for k, t in enumerate(texts)]


def shared_then_items(op: Operation, group: Hashable, items: Sequence[Any]
                      ) -> dict[str, Any]:
    """The shared fields once (a list of texts numbered S1, S2, …), then the items by id."""
    data: dict[str, Any] = {}
    if op.shared:
        shared = op.values(items[0])
        for name in op.shared:
            value = shared[name]
            data[name] = _numbered_texts(name, value) if isinstance(value, tuple) else value
    data["items"] = [{"id": k + 1, **{f: v for f, v in op.values(item).items()
                                      if f not in op.shared}}
                     for k, item in enumerate(items)]
    return data


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


def texts_once(op: Operation, group: Hashable, items: Sequence[AnswersItem]) -> dict[str, Any]:
    """`answers`: each distinct text sent once (sources and their join), items refer to it."""
    table, names = _texts_table([i.text for i in items])
    return {"texts": table, "items": [{"id": k + 1, "question": i.question, "text": names[i.text]}
                                      for k, i in enumerate(items)]}


LAYOUTS: Mapping[str, Layout] = {"answers": texts_once}

__all__ = ["LAYOUTS", "UNVERIFIED", "Op", "shared_then_items", "texts_once"]
