"""Resumable runs: an append-only checkpoint of finished records, keyed by run and record id.

The first line names the run (a fingerprint of the metric set and judge); every further line
is one finished record in the results-file format, flushed as soon as the record is done. A
run killed at any point (SIGKILL included) is resumed by reading the file back: records
already there are not judged again, a torn last line is ignored, and a duplicate id keeps its
first result, so writes are idempotent.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import ConfigError
from ..results import RecordResult, result_line

FORMAT = "ragvet-checkpoint/1"


def checkpoint_path(out: str | Path) -> Path:
    out = Path(out)
    return out.with_name(out.name + ".checkpoint")


# judge settings that change how calls are made, not what the verdicts mean
_NOT_IDENTITY = ("max_batch",)


def run_fingerprint(metric_ids: Sequence[str], judge: Mapping[str, Any]) -> str:
    identity = {k: v for k, v in judge.items() if k not in _NOT_IDENTITY}
    blob = json.dumps({"metrics": list(metric_ids), "judge": identity}, sort_keys=True,
                      default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


class Checkpoint:
    def __init__(self, path: str | Path, fingerprint: str, judge: Mapping[str, Any],
                 *, resume: bool = False) -> None:
        self.path = Path(path)
        self.fingerprint = fingerprint
        self.judge = dict(judge)
        self.done: dict[str, RecordResult] = self._read() if resume else {}
        self._handle: IO[str] | None = None
        self._resume = resume

    def _read(self) -> dict[str, RecordResult]:
        if not self.path.exists():
            return {}
        done: dict[str, RecordResult] = {}
        with self.path.open(encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        if not lines:
            return {}
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            header = {}
        if header.get("checkpoint") != FORMAT:
            raise ConfigError(f"{self.path} is not a ragvet checkpoint")
        if header.get("run") != self.fingerprint:
            raise ConfigError(f"{self.path} belongs to a run with other metrics or another "
                              "judge; drop --resume to start again")
        for line in lines[1:]:
            try:
                result = RecordResult.from_dict(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a line torn by a kill
            done.setdefault(result.id, result)
        return done

    def open(self) -> None:
        fresh = not (self._resume and self.path.exists() and self.path.stat().st_size)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not fresh:
            self._repair_tail()
        self._handle = self.path.open("w" if fresh else "a", encoding="utf-8")
        if fresh:
            self._write({"checkpoint": FORMAT, "run": self.fingerprint})

    def _repair_tail(self) -> None:
        with self.path.open("rb+") as handle:
            handle.seek(0, os.SEEK_END)
            if handle.tell() and (handle.seek(-1, os.SEEK_END), handle.read(1))[1] != b"\n":
                handle.write(b"\n")

    def add(self, result: RecordResult) -> None:
        if result.id in self.done:
            return
        self.done[result.id] = result
        self._write(result_line(result, self.judge))

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
