"""How much of a run failed: the counts and first errors a CLI prints, and whether nothing
at all was scored (a run that should not exit 0)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..results import RecordResult

FIRST_ERRORS = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class FailureCounts:
    scores: int  # (record, metric) pairs that were not "not applicable"
    failed: int  # of those, the ones that failed
    records: int  # records with at least one failed score
    first_errors: tuple[str, ...] = ()

    @property
    def all_failed(self) -> bool:
        return self.scores > 0 and self.failed == self.scores

    def line(self) -> str:
        head = (f"{self.failed} of {self.scores} scores failed, on {self.records} record(s)")
        if not self.first_errors:
            return head
        return head + "; first errors: " + " | ".join(self.first_errors)


def count_failures(results: Sequence[RecordResult]) -> FailureCounts:
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
    return FailureCounts(scores=scores, failed=failed, records=records,
                         first_errors=tuple(first))
