"""RunWriter: the engine's `on_result` callback that stores each record as it finishes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from ..data.records import Record
from ..metrics.diagnosis import Thresholds
from ..results import RecordResult
from .repo import ResultStore


def thresholds_dict(thresholds: Thresholds | None) -> dict[str, Any]:
    """Thresholds as the plain mapping `thresholds_from_mapping` reads back."""
    thresholds = thresholds or Thresholds()
    out = {"default": {"low": thresholds.default.low, "high": thresholds.default.high}}
    out.update({k: {"low": b.low, "high": b.high} for k, b in thresholds.bands.items()})
    return out


class RunWriter:
    """Call it with each finished RecordResult; it stores the result next to its input."""

    def __init__(self, store: ResultStore, run_id: str,
                 records: Sequence[Record] = ()) -> None:
        self.store = store
        self.run_id = run_id
        self.written = 0
        self._inputs = {r.id: (i, r) for i, r in enumerate(records)}

    @classmethod
    def start(cls, store: ResultStore, *, records: Sequence[Record], metric_ids: Sequence[str],
              judge: Mapping[str, Any], thresholds: Thresholds | None = None,
              config: Mapping[str, Any] | None = None, dataset: str | None = None,
              name: str | None = None) -> RunWriter:
        run_id = store.start_run(metric_ids=metric_ids, judge=judge, config=config,
                                 thresholds=thresholds_dict(thresholds), records=records,
                                 dataset=dataset, name=name)
        return cls(store, run_id, records)

    def __call__(self, result: RecordResult) -> None:
        position, record = self._inputs.get(result.id, (None, None))
        self.store.add_record(self.run_id, result, record, position=position)
        self.written += 1

    def finish(self, status: str = "finished") -> None:
        self.store.finish_run(self.run_id, status=status)

    @classmethod
    def save(cls, store: ResultStore, run: Any, records: Sequence[Record] = (), *,
             dataset: str | None = None, name: str | None = None) -> str:
        """Store a finished `Run` (and its input records, when given) at once; its run id."""
        writer = cls.start(store, records=list(records), metric_ids=run.metric_ids,
                           judge=run.judge, thresholds=run.thresholds, dataset=dataset,
                           name=name)
        with writer.recording():
            for result in run.results:
                writer(result)
        return writer.run_id

    @contextmanager
    def recording(self) -> Iterator[RunWriter]:
        """Marks the run finished on success, 'interrupted' on Ctrl-C, 'failed' on error."""
        try:
            yield self
        except KeyboardInterrupt:
            self.finish("interrupted")
            raise
        except BaseException:
            self.finish("failed")
            raise
        self.finish("finished")
