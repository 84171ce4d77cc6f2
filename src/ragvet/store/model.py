"""Plain values the store hands out and takes in (no SQLAlchemy types leak out)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..data.records import Record
from ..results import RecordResult

SECRET_MARKERS = ("secret", "password", "authorization", "apikey", "api_key", "credential")


@dataclass(frozen=True, slots=True, kw_only=True)
class RunInfo:
    """One run's header: what was run, with what, when, and what it cost."""

    id: str
    status: str
    started_at: datetime
    finished_at: datetime | None
    metric_ids: tuple[str, ...]
    judge: Mapping[str, Any]
    config: Mapping[str, Any] = field(default_factory=dict)
    prompt_versions: Mapping[str, Any] = field(default_factory=dict)
    thresholds: Mapping[str, Any] = field(default_factory=dict)
    name: str | None = None
    dataset: str | None = None
    dataset_fingerprint: str | None = None
    planned_records: int | None = None
    ragvet_version: str | None = None
    judge_calls: int = 0
    cache_hits: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    stored_records: int = 0

    @property
    def judge_label(self) -> str:
        return str(self.judge.get("id") or self.judge.get("kind") or "?")


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredRecord:
    """The input side of a stored record (what the report shows next to the scores)."""

    id: str
    position: int | None
    query: str
    response: str | None
    reference: str | None
    sources: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True, kw_only=True)
class StoredRun:
    """A run loaded back: its header, its results (input order) and their inputs."""

    info: RunInfo
    results: list[RecordResult]
    inputs: Mapping[str, StoredRecord]
    judge_calls: Sequence[Mapping[str, Any]] = ()   # per (op, model) totals

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def metric_ids(self) -> list[str]:
        return list(self.info.metric_ids)



@dataclass(frozen=True, slots=True, kw_only=True)
class JudgeCall:
    """One call the judge made (fed by LLM judges; local judges may report none)."""

    op: str
    record_id: str | None = None
    model: str | None = None
    prompt: str | None = None          # prompt id@version
    input_tokens: int | None = None
    output_tokens: int | None = None
    latency_ms: float | None = None
    cache_hit: bool = False
    cost_usd: float | None = None
    error: str | None = None
    created_at: datetime | None = None

    @classmethod
    def coerce(cls, value: JudgeCall | Mapping[str, Any]) -> JudgeCall:
        return value if isinstance(value, JudgeCall) else cls(**dict(value))


def dataset_fingerprint(records: Iterable[Record]) -> str:
    """sha256 over the records' canonical JSON, in order: same inputs ⇒ same fingerprint."""
    digest = hashlib.sha256()
    for record in records:
        line = json.dumps(record.to_dict(), sort_keys=True, ensure_ascii=False, default=str)
        digest.update(line.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def redact(value: Any) -> Any:
    """A copy of config data with secret-looking values (api keys, tokens) replaced."""
    if isinstance(value, Mapping):
        return {str(k): "***" if _secret(str(k)) and v else redact(v) for k, v in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [redact(v) for v in value]
    return value


def _secret(name: str) -> bool:
    lowered = name.lower()
    return (lowered in {"key", "token"} or lowered.endswith(("_key", "_token", "-key"))
            or any(marker in lowered for marker in SECRET_MARKERS))
