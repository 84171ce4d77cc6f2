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
from .base import AnswersItem, Decomposition, EssentialItem, SupportItem, Verdict

VerdictSpec = bool | Mapping[str, Any]


class ScriptedJudge:
    """A judge whose every answer is given up front.

    - claims / subquestions / questions: text → list of parts
    - essential: (text, query) or text → verdict
    - answers: (question, text) or question → verdict
    - supported: claim → verdict
    - embeddings: text → vector
    A verdict is a bool or {"value": bool, "reason": str, "raw": str, "probability": float}.
    `fail_on`: texts whose presence in any call makes that call raise (to test failure paths).
    """

    def __init__(
        self,
        *,
        claims: Mapping[str, Sequence[str]] | None = None,
        subquestions: Mapping[str, Sequence[str]] | None = None,
        questions: Mapping[str, Sequence[str]] | None = None,
        essential: Mapping[Any, VerdictSpec] | None = None,
        answers: Mapping[Any, VerdictSpec] | None = None,
        supported: Mapping[str, VerdictSpec] | None = None,
        embeddings: Mapping[str, Sequence[float]] | None = None,
        fail_on: Sequence[str] = (),
        id: str = "scripted",
    ) -> None:
        self.id = id
        self._claims = dict(claims or {})
        self._subquestions = dict(subquestions or {})
        self._questions = dict(questions or {})
        self._essential = dict(essential or {})
        self._answers = dict(answers or {})
        self._supported = dict(supported or {})
        self._embeddings = dict(embeddings or {})
        self._fail_on = tuple(fail_on)
        self.calls: list[tuple[str, int]] = []

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptedJudge:
        """Load a script from JSON; pair keys are written as "query || text"."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise ConfigError(f"cannot read judge script {path}: {err}") from err

        def pairs(section: str) -> dict[Any, Any]:
            return {
                tuple(k.split(" || ", 1)) if " || " in k else k: v
                for k, v in data.get(section, {}).items()
            }

        return cls(
            claims=data.get("claims"),
            subquestions=data.get("subquestions"),
            questions=data.get("questions"),
            essential=pairs("essential"),
            answers=pairs("answers"),
            supported=data.get("supported"),
            embeddings=data.get("embeddings"),
            id=f"scripted:{Path(path).name}",
        )

    def describe(self) -> Mapping[str, Any]:
        return {"id": self.id, "kind": "scripted"}

    def _check(self, op: str, texts: Sequence[str]) -> None:
        self.calls.append((op, len(texts)))
        for text in texts:
            if any(bad in text for bad in self._fail_on):
                raise JudgeError(f"scripted failure in {op} for {text[:60]!r}")

    async def claims(self, texts: Sequence[str]) -> list[Decomposition]:
        self._check("claims", texts)
        return [self._decompose(self._claims, t, "claims") for t in texts]

    async def subquestions(self, queries: Sequence[str]) -> list[Decomposition]:
        self._check("subquestions", queries)
        return [self._decompose(self._subquestions, q, "sub-questions") for q in queries]

    async def questions(self, texts: Sequence[str], n: int) -> list[Decomposition]:
        self._check("questions", texts)
        out = [self._decompose(self._questions, t, "questions") for t in texts]
        return [Decomposition(items=d.items[:n], raw=d.raw, error=d.error) for d in out]

    async def essential(self, items: Sequence[EssentialItem]) -> list[Verdict]:
        self._check("essential", [i.text for i in items])
        return [self._verdict(self._essential, (i.query, i.text), i.text) for i in items]

    async def answers(self, items: Sequence[AnswersItem]) -> list[Verdict]:
        self._check("answers", [i.text for i in items])
        return [self._verdict(self._answers, (i.question, i.text), i.question) for i in items]

    async def supported(self, items: Sequence[SupportItem]) -> list[Verdict]:
        self._check("supported", [i.claim for i in items])
        return [self._verdict(self._supported, i.claim, i.claim) for i in items]

    async def embed(self, texts: Sequence[str]) -> list[Sequence[float]]:
        self._check("embed", texts)
        missing = [t for t in texts if t not in self._embeddings]
        if missing:
            raise JudgeError(f"no scripted embedding for {missing[0][:60]!r}")
        return [_unit(self._embeddings[t]) for t in texts]

    @staticmethod
    def _decompose(table: Mapping[str, Sequence[str]], text: str, what: str) -> Decomposition:
        if text not in table:
            return Decomposition.failed(f"no scripted {what} for {text[:60]!r}")
        parts = tuple(table[text])
        return Decomposition(items=parts, raw=json.dumps(parts))

    @staticmethod
    def _verdict(table: Mapping[Any, VerdictSpec], pair: Any, single: str) -> Verdict:
        spec = table.get(pair, table.get(single))
        if spec is None:
            return Verdict.failed(f"no scripted verdict for {single[:60]!r}")
        if isinstance(spec, bool):
            return Verdict(value=spec, reason="scripted", raw=json.dumps(spec))
        probability = spec.get("probability")
        return Verdict(value=bool(spec["value"]), reason=spec.get("reason"),
                       raw=spec.get("raw", json.dumps(spec)),
                       probability=None if probability is None else float(probability))


def _unit(vector: Sequence[float]) -> list[float]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return [x / norm for x in vector]
