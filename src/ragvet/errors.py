"""The one exception tree ragvet raises.

RagvetError
├── DataError            input records that cannot be loaded (names file, line, field)
├── ConfigError          a bad config file, flag or argument (also a ValueError)
├── JudgeError           a judge could not produce a verdict
│   ├── JudgeOutputError the judge answered, but the answer could not be read (carries raw text)
│   ├── StepFailed       a shared step of a record (decomposition, embedding, an input
│   │                    metric) failed, so every metric built on it fails
│   └── TransportError   the judge endpoint could not be reached or kept failing
│       ├── TransientError (judges.llm.client) a failure worth retrying (429, 5xx, timeout)
│       └── JudgeUnavailable wrong credentials or an unreachable endpoint: the run stops
└── StoreError           the results store failed

Inside a run, judge errors never escape: a metric that meets one is recorded as failed on
that record, with the error and the judge's raw text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class RagvetError(Exception):
    """Root of every error ragvet raises."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in the input: where it is and what is wrong."""

    source: str
    location: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.source
        if self.location is not None:
            where += f", {self.location}"
        if self.field is not None:
            where += f", field '{self.field}'"
        return f"{where}: {self.message}"


class DataError(RagvetError):
    """Input records could not be loaded; `problems` lists the first ones found."""

    def __init__(self, problems: Sequence[Problem], *, total: int | None = None) -> None:
        self.problems = list(problems)
        self.total = total if total is not None else len(self.problems)
        if self.total == 1 and len(self.problems) == 1:   # one problem: one line
            super().__init__(f"invalid input: {self.problems[0]}")
            return
        shown = "\n".join(f"  - {p}" for p in self.problems)
        more = self.total - len(self.problems)
        tail = f"\n  … and {more} more" if more > 0 else ""
        super().__init__(f"{self.total} problem(s) in the input:\n{shown}{tail}")


class ConfigError(RagvetError, ValueError):
    """A config file, option or argument is invalid."""


class JudgeError(RagvetError):
    """A judge could not produce a verdict."""


class JudgeOutputError(JudgeError):
    """The judge answered but its output could not be parsed or validated; `raw` is the
    answer as given."""

    def __init__(self, message: str, *, raw: str | None = None, attempts: int = 1) -> None:
        super().__init__(message)
        self.raw = raw
        self.attempts = attempts


class StepFailed(JudgeError):
    """A shared step of a record failed; every metric using it fails with this message."""

    def __init__(self, message: str, *, raw: str | None = None) -> None:
        super().__init__(message)
        self.raw = raw


class TransportError(JudgeError):
    """The judge endpoint could not be reached or kept failing."""


class JudgeUnavailable(TransportError):
    """The judge endpoint refused the credentials or could not be reached, call after call:
    the run stops instead of failing every record (see `judges.llm.breaker`)."""


class StoreError(RagvetError):
    """The results store failed."""
