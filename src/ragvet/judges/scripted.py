"""ScriptedJudge: replays given decompositions and verdicts. For tests, docs and demos.

Lookups are by exact text. Anything not scripted is an error on that item (never a
default verdict), so a test cannot pass by accident on an unscripted call.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import ConfigError, JudgeError
from .base import LABEL, PARTS, VECTOR, Decomposition, Operation, Verdict
from .ops import OPERATIONS

VerdictSpec = bool | str | Mapping[str, Any]
# table names kept from earlier versions of the script format
ALIASES = {"embeddings": "embed"}


class ScriptedJudge:
    """A judge whose every answer is given up front, one table per operation (`judges.ops`).

    - decomposing operations (claims, subquestions, questions): text → list of parts
    - verdict operations: the item's texts as a tuple, or its subject alone → verdict, e.g.
      essential (query, text) or text; answers (question, text) or question; supported claim
    - label operations: the same keys → a label, or a verdict mapping with "label"
    - embed (or "embeddings"): text → vector
    A verdict is a bool or {"value": bool, "reason": str, "raw": str, "probability": float}.
    `fail_on`: texts whose presence in any call makes that call raise (to test failure paths).
    `tables` (operation name → table) may be changed between calls.
    """

    def __init__(self, *, fail_on: Sequence[str] = (), id: str = "scripted",
                 operations: Mapping[str, Operation] | None = None,
                 **tables: Mapping[Any, Any] | None) -> None:
        self._operations = dict(operations or OPERATIONS)
        tables = {ALIASES.get(name, name): table for name, table in tables.items()}
        unknown = sorted(set(tables) - set(self._operations))
        if unknown:
            raise ConfigError(f"no judge operation named {', '.join(unknown)}; known: "
                              f"{', '.join(self._operations)}")
        self.id = id
        self.tables = {name: dict(table or {}) for name, table in tables.items()}
        self._fail_on = tuple(fail_on)
        self.calls: list[tuple[str, int]] = []

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedJudge:
        """Load a script from JSON: one section per operation; pair keys "query || text"."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise ConfigError(f"cannot read judge script {path}: {err}") from err
        if not isinstance(data, dict):
            raise ConfigError(f"judge script {path}: expected a JSON object of sections")

        def pairs(section: Mapping[str, Any]) -> dict[Any, Any]:
            return {tuple(k.split(" || ")) if " || " in k else k: v for k, v in section.items()}

        return cls(id=f"scripted:{Path(path).name}",
                   **{name: pairs(section) for name, section in data.items()})

    def describe(self) -> Mapping[str, Any]:
        return {"id": self.id, "kind": "scripted"}

    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        subjects = [op.subject_of(i) for i in items]
        self.calls.append((op.name, len(items)))
        for text in subjects:
            if any(bad in text for bad in self._fail_on):
                raise JudgeError(f"scripted failure in {op.name} for {text[:60]!r}")
        table = self.tables.get(op.name, {})
        if op.output == VECTOR:
            missing = [t for t in subjects if t not in table]
            if missing:
                raise JudgeError(f"no scripted embedding for {missing[0][:60]!r}")
            return [_unit(table[t]) for t in subjects]
        if op.output == PARTS:
            return [_decomposition(table, t, op.name) for t in subjects]
        return [_verdict(op, table, _pair(op, item), text) for item, text in zip(items, subjects,
                                                                                 strict=True)]


def _pair(op: Operation, item: Any) -> tuple[str, ...]:
    """The item's text fields in order: a two-part key such as (query, text)."""
    return tuple(v for v in op.values(item).values() if isinstance(v, str))


def _decomposition(table: Mapping[str, Sequence[str]], text: str, what: str) -> Decomposition:
    if text not in table:
        return Decomposition.failed(f"no scripted {what} for {text[:60]!r}")
    parts = tuple(table[text])
    return Decomposition(items=parts, raw=json.dumps(parts))


def _verdict(op: Operation, table: Mapping[Any, VerdictSpec], pair: tuple[str, ...],
             single: str) -> Verdict:
    spec = table.get(pair, table.get(single)) if len(pair) > 1 else table.get(single)
    if spec is None:
        return Verdict.failed(f"no scripted verdict for {single[:60]!r}")
    if isinstance(spec, bool):
        return Verdict(value=spec, reason="scripted", raw=json.dumps(spec))
    if isinstance(spec, str):
        return op.verdict(spec, reason="scripted", raw=json.dumps(spec))
    probability = spec.get("probability")
    evidence = {"reason": spec.get("reason"), "raw": spec.get("raw", json.dumps(spec)),
                "probability": None if probability is None else float(probability)}
    if op.output == LABEL:
        return op.verdict(str(spec["label"]), **evidence)
    return Verdict(value=bool(spec["value"]), **evidence)


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]
