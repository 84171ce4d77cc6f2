"""How much of a run failed: the counts and first errors a CLI prints, and whether the run
should not exit 0: every score failed, or the judge was called and not one call succeeded
(a metric that needs no call, such as SD of a one-sentence response, may still score)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..results import RecordResult

FIRST_ERRORS = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class FailureCounts:
    scores: int  # (record, metric) pairs that were not "not applicable"
    failed: int  # of those, the ones that failed
    records: int  # records with at least one failed score
    first_errors: tuple[str, ...] = ()
    no_call_succeeded: bool = False

    @property
    def all_failed(self) -> bool:
        return (self.scores > 0 and self.failed == self.scores) or (
            self.failed > 0 and self.no_call_succeeded)

    def line(self) -> str:
        head = (f"{self.failed} of {self.scores} scores failed, on {self.records} record(s)")
        if not self.first_errors:
            return head
        return head + "; first errors: " + " | ".join(self.first_errors)


def count_failures(results: Sequence[RecordResult],
                   usage: Mapping[str, Any] | None = None) -> FailureCounts:
    """`usage`: the run's judge usage (calls, embed_calls, cache_hits, errors), if metered."""
    scores = failed = records = 0
    first: list[str] = []
    for result in results:
        wanted = [m for m in result.scores if m not in result.not_applicable]
        missing = [m for m in wanted if result.scores[m] is None]
        scores += len(wanted)
        failed += len(missing)
        records += bool(missing)
        for error in result.errors:
            text = f"{error.metric or 'record'}: {error.message}"[:300]
            if len(first) < FIRST_ERRORS and text not in first:
                first.append(text)
    answered = sum(int((usage or {}).get(k) or 0)
                   for k in ("calls", "embed_calls", "cache_hits"))
    return FailureCounts(scores=scores, failed=failed, records=records,
                         first_errors=tuple(first),
                         no_call_succeeded=bool(usage) and not answered
                         and int(usage.get("errors") or 0) > 0)
