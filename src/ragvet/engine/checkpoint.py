"""Resumable runs: an append-only checkpoint of finished records, reused only when unchanged.

The first line names the run: a fingerprint of each part that changes results (the metrics
with their versions and parameters, the judge, the diagnosis thresholds, other options).
Every further line is one finished record in the results-file format plus the fingerprint
of the record it was judged from, flushed as soon as the record is done.

A run killed at any point (SIGKILL included) is resumed by reading the file back:

- a run whose parts differ from the checkpoint's refuses to resume and names what changed;
- a record whose id and fingerprint are in the checkpoint is reused, one whose text changed
  is judged again, and checkpointed records no longer in the input are ignored;
- a torn last line is ignored, and a record written twice keeps its first result, so writes
  are idempotent.

Checkpoints of earlier versions carry no record fingerprints, so nothing in them can be shown
unchanged: resuming from one is refused (run again without `--resume`).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..data.records import Record
from ..errors import ConfigError
from ..metrics.diagnosis import Thresholds
from ..results import RecordResult, result_line

FORMAT = "ragvet-checkpoint/2"
_FIELD = "record_fingerprint"
# judge settings that change how calls are made, not what the verdicts mean, and what an LLM
# judge reports about its run (whether log-probabilities came back)
_NOT_IDENTITY = ("max_batch", "probabilities")
# what each part of a run is called when a resume is refused
_PART_NAMES = {"metrics": "metrics", "judge": "judge", "thresholds": "diagnosis thresholds",
               "options": "options (caps)"}


def checkpoint_path(out: str | Path) -> Path:
    out = Path(out)
    return out.with_name(out.name + ".checkpoint")


def _digest(value: Any) -> str:
    blob = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def record_fingerprint(record: Record) -> str:
    """A stable hash of everything a metric may read: the record's canonical JSON."""
    return _digest(record.to_dict())


@dataclass(frozen=True, slots=True)
class RunIdentity:
    """What makes two runs give the same result for the same record: one hash per part."""

    parts: Mapping[str, str]
    metric_ids: tuple[str, ...] = ()

    @property
    def fingerprint(self) -> str:
        return _digest(dict(self.parts))

    def header(self) -> dict[str, Any]:
        return {"checkpoint": FORMAT, "run": self.fingerprint, "parts": dict(self.parts),
                "metrics": list(self.metric_ids)}

    def differences(self, header: Mapping[str, Any]) -> list[str]:
        """The parts of this run that differ from a checkpoint header's, in words."""
        theirs = header.get("parts") or {}
        changed = [name for name in self.parts if theirs.get(name) != self.parts[name]]
        words = []
        for name in changed:
            label = f"{_PART_NAMES.get(name, name)} changed"
            if name == "metrics" and list(header.get("metrics", ())) != list(self.metric_ids):
                label += (f" (were {','.join(header.get('metrics', ())) or 'none'}, now "
                          f"{','.join(self.metric_ids) or 'none'})")
            words.append(label)
        return words


def run_identity(metrics: Sequence[Any], judge: Mapping[str, Any], thresholds: Any = None,
                 options: Mapping[str, Any] | None = None) -> RunIdentity:
    """The identity of a run of these metrics (objects) with this judge description."""
    judged_by = {k: v for k, v in judge.items() if k not in _NOT_IDENTITY}
    return RunIdentity(
        parts={"metrics": _digest([_metric_identity(m) for m in metrics]),
               "judge": _digest(judged_by),
               "thresholds": _digest(_thresholds_identity(thresholds or Thresholds())),
               "options": _digest(dict(options or {}))},
        metric_ids=tuple(m.id for m in metrics))


def _metric_identity(metric: Any) -> dict[str, Any]:
    """A metric's declaration, plus the plain values its steps were built with (SD's τ)."""
    declared = {key: getattr(metric, key) for key in
                ("id", "family", "version", "description", "range", "requires", "empty",
                 "input_ids") if hasattr(metric, key)}
    for step in ("decompose", "match", "aggregate", "combine"):
        parameters = _step_parameters(getattr(metric, step, None))
        if parameters:
            declared[f"{step}_parameters"] = parameters
    return declared


def _step_parameters(step: Any) -> list[Any]:
    cells = getattr(step, "__closure__", None) or ()
    values = []
    for cell in cells:
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if isinstance(value, bool | int | float | str):
            values.append(value)
    return values


def _thresholds_identity(thresholds: Thresholds) -> dict[str, Any]:
    return {"bands": {dim: [band.low, band.high] for dim, band in thresholds.bands.items()},
            "default": [thresholds.default.low, thresholds.default.high]}


@dataclass(frozen=True, slots=True)
class ResumePlan:
    """Which records of an input a checkpoint already holds, unchanged."""

    reused: Mapping[str, RecordResult] = field(default_factory=dict)
    changed: tuple[str, ...] = ()
    gone: int = 0

    def note(self) -> str:
        words = f"resuming: {len(self.reused)} record(s) already done"
        if self.changed:
            words += f"; {len(self.changed)} changed since and judged again"
        if self.gone:
            words += f"; {self.gone} no longer in the input, ignored"
        return words


class Checkpoint:
    def __init__(self, path: str | Path, identity: RunIdentity, judge: Mapping[str, Any],
                 *, resume: bool = False) -> None:
        self.path = Path(path)
        self.identity = identity
        self.judge = dict(judge)
        # record id → record fingerprint → result, as read back
        self._held: dict[str, dict[str, RecordResult]] = self._read() if resume else {}
        self._written: set[tuple[str, str]] = {(rid, fp) for rid, by_fp in self._held.items()
                                               for fp in by_fp}
        self._handle: IO[str] | None = None
        self._resume = resume

    def check_run(self, metrics: Sequence[Any], judge: Mapping[str, Any],
                  thresholds: Thresholds) -> None:
        """Refuse to record a run other than the one this checkpoint was made for."""
        running = run_identity(metrics, judge, thresholds)
        changed = [_PART_NAMES[p] for p in ("metrics", "judge", "thresholds")
                   if running.parts[p] != self.identity.parts.get(p)]
        if changed:
            raise ConfigError(f"the checkpoint {self.path} was made for a run whose "
                              f"{', '.join(changed)} differ from this one's; build it with "
                              "run_identity() of the metrics, judge and thresholds being run")

    @property
    def done(self) -> dict[str, RecordResult]:
        """Record id → the first result held for it, whatever record it was judged from."""
        return {rid: next(iter(by_fp.values())) for rid, by_fp in self._held.items()}

    def plan(self, records: Iterable[Record]) -> ResumePlan:
        reused: dict[str, RecordResult] = {}
        changed: list[str] = []
        ids = set()
        for record in records:
            ids.add(record.id)
            held = self._held.get(record.id)
            if held is None:
                continue
            found = held.get(record_fingerprint(record))
            if found is None:
                changed.append(record.id)
            else:
                reused.setdefault(record.id, found)
        return ResumePlan(reused=reused, changed=tuple(changed),
                          gone=len(set(self._held) - ids))

    def lookup(self, record: Record, fingerprint: str | None = None
               ) -> tuple[RecordResult | None, bool]:
        """(the result held for this record unchanged or None, whether one is held for its
        id but judged from other text): `plan` for one record, as a stream reads it."""
        held = self._held.get(record.id)
        if held is None:
            return None, False
        found = held.get(fingerprint or record_fingerprint(record))
        return found, found is None

    def _read(self) -> dict[str, dict[str, RecordResult]]:
        if not self.path.exists():
            return {}
        with self.path.open(encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        if not lines:
            return {}
        self._check_header(lines[0])
        held: dict[str, dict[str, RecordResult]] = {}
        for line in lines[1:]:
            try:
                row = json.loads(line)
                result = RecordResult.from_dict(row)
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError):
                continue  # a line torn by a kill
            held.setdefault(result.id, {}).setdefault(str(row.get(_FIELD)), result)
        return held

    def _check_header(self, line: str) -> None:
        try:
            header = json.loads(line)
        except json.JSONDecodeError:
            header = {}
        kind = header.get("checkpoint") if isinstance(header, dict) else None
        if kind == "ragvet-checkpoint/1":
            raise ConfigError(f"{self.path} was written by an earlier ragvet without record "
                              "fingerprints, so unchanged records cannot be told from changed "
                              "ones; drop --resume to start again")
        if kind != FORMAT:
            raise ConfigError(f"{self.path} is not a ragvet checkpoint; drop --resume or "
                              "remove the file")
        changed = self.identity.differences(header)
        if changed:
            raise ConfigError(f"cannot resume from {self.path}: {', '.join(changed)} since "
                              "it was written; drop --resume to start again, or write to "
                              "another --out")

    def open(self) -> None:
        fresh = not (self._resume and self.path.exists() and self.path.stat().st_size)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not fresh:
            self._repair_tail()
        self._handle = self.path.open("w" if fresh else "a", encoding="utf-8")
        if fresh:
            self._write(self.identity.header())

    def _repair_tail(self) -> None:
        with self.path.open("rb+") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() and (handle.seek(-1, os.SEEK_END), handle.read(1))[1] != b"\n":
                handle.write(b"\n")

    def add(self, result: RecordResult, fingerprint: str) -> None:
        """Append a finished record judged from a record with this fingerprint (once)."""
        if (result.id, fingerprint) in self._written:
            return
        self._written.add((result.id, fingerprint))  # the result itself is not kept in memory
        self._write({**result_line(result, self.judge), _FIELD: fingerprint})

    def _write(self, obj: Mapping[str, Any]) -> None:
        assert self._handle is not None, "open() the checkpoint first"
        self._handle.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self, *, remove: bool = False) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        if remove:
            self.path.unlink(missing_ok=True)
