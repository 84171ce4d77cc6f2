"""ResultStore: runs written record by record, read back as RecordResults.

Every write is its own transaction, so a run killed mid-way keeps each record it finished.
`add_record` is idempotent on (run, record id): writing a record again replaces it.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..data.records import Record
from ..errors import StoreError
from ..results import RecordResult
from . import tables as t
from .connect import create_store_engine, display_url, migrate, store_url
from .model import JudgeCall, RunInfo, StoredRecord, StoredRun, dataset_fingerprint, redact
from .rows import (
    component_rows,
    json_safe,
    record_row,
    result_from_rows,
    run_info,
    score_rows,
)

_LATEST = re.compile(r"^latest(?:~(\d+))?$")
_RUN_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def open_store(url: str | None = None, *, upgrade: bool = True) -> ResultStore:
    """Open (and migrate) the store at a SQLAlchemy URL or SQLite path; default ./ragvet.db."""
    resolved = store_url(url)
    engine = create_store_engine(resolved)
    try:
        if upgrade:
            _migrate_once_more_on_race(engine)
    except SQLAlchemyError as err:
        engine.dispose()
        raise StoreError(f"cannot open store {display_url(resolved)}: {_short(err)}") from err
    return ResultStore(engine, url=resolved)


def _migrate_once_more_on_race(engine: sa.Engine) -> None:
    """Two processes creating the same fresh store race; the loser retries and finds it done."""
    try:
        migrate(engine)
    except SQLAlchemyError:
        time.sleep(0.5)
        migrate(engine)


def load_run(ref: str, url: str | None = None) -> StoredRun:
    """Load one run (id, id prefix, `latest`, `latest~N`) from the store at `url`."""
    with open_store(url) as store:
        return store.load_run(ref)


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _short(err: Exception) -> str:
    return str(getattr(err, "orig", None) or err).strip().splitlines()[0]


class ResultStore:
    """Runs, records, scores, components and judge calls in one SQL database."""

    def __init__(self, engine: sa.Engine, *, url: str | None = None) -> None:
        self.engine = engine
        self.url = url or str(engine.url)

    def __repr__(self) -> str:
        return f"ResultStore({display_url(self.url)!r})"

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------

    def start_run(self, *, metric_ids: Sequence[str], judge: Mapping[str, Any],
                  config: Mapping[str, Any] | None = None,
                  prompt_versions: Mapping[str, Any] | None = None,
                  thresholds: Mapping[str, Any] | None = None,
                  records: Sequence[Record] | None = None, dataset: str | None = None,
                  name: str | None = None, run_id: str | None = None) -> str:
        """Create a run (status 'running') and return its id."""
        from .._version import __version__

        started = _now()
        run_id = run_id or f"{started:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
        if not _RUN_ID.match(run_id) or _LATEST.match(run_id):
            raise StoreError(f"run id {run_id!r} must be 1-64 letters, digits, '.', '_' or '-' "
                             "and not 'latest'")
        judge = redact(json_safe(dict(judge)))
        row = {
            "id": run_id, "name": name, "status": "running", "started_at": started,
            "ragvet_version": __version__, "metric_ids": list(metric_ids),
            "config": redact(json_safe(dict(config or {}))), "judge": judge,
            "prompt_versions": json_safe(dict(prompt_versions or judge.get("prompts") or {})),
            "thresholds": json_safe(dict(thresholds or {})), "dataset": dataset,
            "dataset_fingerprint": dataset_fingerprint(records) if records is not None else None,
            "planned_records": len(records) if records is not None else None,
        }
        self._write(lambda conn: conn.execute(t.runs.insert().values(**row)), "start run")
        return run_id

    def add_record(self, run_id: str, result: RecordResult, record: Record | None = None, *,
                   position: int | None = None) -> None:
        """Store one finished record (replacing an earlier copy of the same record id)."""
        if len(result.id) > t.ID_LENGTH:
            raise StoreError(f"record id longer than {t.ID_LENGTH} characters: {result.id[:40]}…")
        row = record_row(run_id, result, record, position, _now())
        score_list = score_rows(run_id, result)
        component_list = component_rows(run_id, result)

        def write(conn: sa.Connection) -> None:
            for table in (t.components, t.scores, t.records):
                conn.execute(table.delete().where(table.c.run_id == run_id,
                                                  table.c.record_id == result.id))
            conn.execute(t.records.insert(), [row])
            if score_list:
                conn.execute(t.scores.insert(), score_list)
            if component_list:
                conn.execute(t.components.insert(), component_list)

        self._write(write, f"store record {result.id!r} of run {run_id}", retry_conflict=True)

    def add_judge_calls(self, run_id: str, calls: Iterable[JudgeCall | Mapping[str, Any]]) -> None:
        """Store judge calls and add their tokens, cost and cache hits to the run's totals."""
        batch = [JudgeCall.coerce(c) for c in calls]
        if not batch:
            return
        now = _now()
        rows = [{"run_id": run_id, "record_id": c.record_id, "op": c.op, "model": c.model,
                 "prompt": c.prompt, "input_tokens": c.input_tokens,
                 "output_tokens": c.output_tokens, "latency_ms": c.latency_ms,
                 "cache_hit": bool(c.cache_hit), "cost_usd": c.cost_usd, "error": c.error,
                 "created_at": (c.created_at or now)} for c in batch]
        costs = [c.cost_usd for c in batch if c.cost_usd is not None]
        runs = t.runs.c
        totals = {
            "judge_calls": runs.judge_calls + len(batch),
            "cache_hits": runs.cache_hits + sum(c.cache_hit for c in batch),
            "input_tokens": runs.input_tokens + sum(c.input_tokens or 0 for c in batch),
            "output_tokens": runs.output_tokens + sum(c.output_tokens or 0 for c in batch),
        }
        if costs:
            totals["cost_usd"] = sa.func.coalesce(runs.cost_usd, 0.0) + sum(costs)

        def write(conn: sa.Connection) -> None:
            conn.execute(t.judge_calls.insert(), rows)
            conn.execute(t.runs.update().where(runs.id == run_id).values(**totals))

        self._write(write, "store judge calls")

    def finish_run(self, run_id: str, *, status: str = "finished") -> None:
        """Mark a run finished (or 'failed' / 'interrupted') and stamp its end time."""
        stmt = t.runs.update().where(t.runs.c.id == run_id).values(status=status,
                                                                    finished_at=_now())
        self._write(lambda conn: conn.execute(stmt), "finish run")

    def delete_run(self, run_ref: str) -> None:
        run_id = self.resolve_run(run_ref)

        def write(conn: sa.Connection) -> None:
            for table in (t.judge_calls, t.components, t.scores, t.records):
                conn.execute(table.delete().where(table.c.run_id == run_id))
            conn.execute(t.runs.delete().where(t.runs.c.id == run_id))

        self._write(write, "delete run")

    def _write(self, action, what: str, *, retry_conflict: bool = False) -> None:
        attempts = 2 if retry_conflict else 1
        for attempt in range(attempts):
            try:
                with self.engine.begin() as conn:
                    action(conn)
                return
            except IntegrityError as err:
                if attempt + 1 == attempts:
                    raise StoreError(f"cannot {what}: {_short(err)}") from err
            except SQLAlchemyError as err:
                raise StoreError(f"cannot {what}: {_short(err)}") from err

    # -- reading ---------------------------------------------------------------------------

    def list_runs(self, limit: int | None = None) -> list[RunInfo]:
        """Runs, newest first, each with the number of records stored so far."""
        counts = (sa.select(t.records.c.run_id, sa.func.count().label("n"))
                  .group_by(t.records.c.run_id).subquery())
        stmt = (sa.select(t.runs, sa.func.coalesce(counts.c.n, 0).label("stored_records"))
                .outerjoin(counts, counts.c.run_id == t.runs.c.id)
                .order_by(t.runs.c.started_at.desc(), t.runs.c.id.desc()).limit(limit))
        with self._reading() as conn:
            return [run_info(row._mapping) for row in conn.execute(stmt)]

    def get_run(self, run_ref: str) -> RunInfo:
        run_id = self.resolve_run(run_ref)
        return next(r for r in self._runs_where(t.runs.c.id == run_id))

    def resolve_run(self, ref: str) -> str:
        """A run id from an id, a unique id prefix, `latest` or `latest~N` (N runs before)."""
        ref = ref.strip()
        match = _LATEST.match(ref)
        with self._reading() as conn:
            if match:
                offset = int(match.group(1) or 0)
                stmt = (sa.select(t.runs.c.id).order_by(t.runs.c.started_at.desc(),
                                                        t.runs.c.id.desc())
                        .offset(offset).limit(1))
                found = conn.execute(stmt).scalar()
                if found is None:
                    raise StoreError(f"no run {ref!r}: the store has fewer runs")
                return found
            if conn.execute(sa.select(t.runs.c.id).where(t.runs.c.id == ref)).scalar():
                return ref
            escaped = ref.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            stmt = sa.select(t.runs.c.id).where(t.runs.c.id.like(escaped + "%", escape="\\"))
            found_ids = list(conn.execute(stmt.limit(3)).scalars())
        if len(found_ids) == 1:
            return found_ids[0]
        if not found_ids:
            raise StoreError(f"no run {ref!r} in the store (try `ragvet runs`)")
        raise StoreError(f"run prefix {ref!r} is ambiguous: {', '.join(found_ids)}, …")

    def load_run(self, run_ref: str) -> StoredRun:
        """A run with all its stored records, in input order."""
        info = self.get_run(run_ref)
        return StoredRun(info=info, judge_calls=self.judge_call_summary(info.id),
                         **self._load_records(info, None))

    def load_record(self, run_ref: str, record_id: str) -> tuple[RunInfo, RecordResult,
                                                                 StoredRecord]:
        info = self.get_run(run_ref)
        loaded = self._load_records(info, record_id)
        if not loaded["results"]:
            raise StoreError(f"run {info.id} has no record {record_id!r}")
        return info, loaded["results"][0], loaded["inputs"][record_id]

    def _load_records(self, info: RunInfo, record_id: str | None) -> dict[str, Any]:
        def scoped(table: sa.Table) -> sa.Select:
            stmt = sa.select(table).where(table.c.run_id == info.id)
            return stmt if record_id is None else stmt.where(table.c.record_id == record_id)

        with self._reading() as conn:
            record_list = [r._mapping for r in conn.execute(
                scoped(t.records).order_by(t.records.c.position, t.records.c.record_id))]
            score_map: dict[str, list] = {}
            for r in conn.execute(scoped(t.scores)):
                score_map.setdefault(r.record_id, []).append(r._mapping)
            component_map: dict[str, list] = {}
            for r in conn.execute(scoped(t.components).order_by(t.components.c.id)):
                component_map.setdefault(r.record_id, []).append(r._mapping)
        results, inputs = [], {}
        for row in record_list:
            result, stored = result_from_rows(row, score_map.get(row["record_id"], []),
                                              component_map.get(row["record_id"], []),
                                              info.metric_ids)
            results.append(result)
            inputs[result.id] = stored
        return {"results": results, "inputs": inputs}

    def judge_call_summary(self, run_ref: str) -> list[dict[str, Any]]:
        """Judge calls per (op, model): count, cache hits, tokens, mean latency, errors."""
        run_id = self.resolve_run(run_ref)
        c = t.judge_calls.c
        stmt = (sa.select(c.op, c.model, sa.func.count().label("calls"),
                          sa.func.sum(sa.case((c.cache_hit, 1), else_=0)).label("cache_hits"),
                          sa.func.coalesce(sa.func.sum(c.input_tokens), 0).label("input_tokens"),
                          sa.func.coalesce(sa.func.sum(c.output_tokens), 0)
                          .label("output_tokens"),
                          sa.func.avg(c.latency_ms).label("mean_latency_ms"),
                          sa.func.sum(sa.case((c.error.is_not(None), 1), else_=0))
                          .label("errors"),
                          sa.func.sum(c.cost_usd).label("cost_usd"))
                .where(c.run_id == run_id).group_by(c.op, c.model).order_by(c.op, c.model))
        with self._reading() as conn:
            return [_plain(row._mapping) for row in conn.execute(stmt)]

    def _runs_where(self, condition) -> list[RunInfo]:
        counts = sa.select(sa.func.count()).where(t.records.c.run_id == t.runs.c.id)
        stmt = sa.select(t.runs, counts.scalar_subquery().label("stored_records")).where(condition)
        with self._reading() as conn:
            return [run_info(row._mapping) for row in conn.execute(stmt)]

    def _reading(self):
        return _Reading(self.engine)


def _plain(row: Mapping[str, Any]) -> dict[str, Any]:
    """Row values as plain ints/floats (drivers return Decimal for sums and averages)."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if value is not None and not isinstance(value, str | int | float):
            value = float(value)
        out[key] = int(value) if isinstance(value, float) and key in _COUNTS else value
    return out


_COUNTS = {"calls", "cache_hits", "input_tokens", "output_tokens", "errors"}


class _Reading:
    """A connection whose SQLAlchemy errors surface as StoreError."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def __enter__(self) -> sa.Connection:
        try:
            self._conn = self._engine.connect()
        except SQLAlchemyError as err:
            raise StoreError(f"cannot read the store: {_short(err)}") from err
        return self._conn

    def __exit__(self, exc_type, exc, tb) -> bool:
        self._conn.close()
        if isinstance(exc, SQLAlchemyError):
            raise StoreError(f"cannot read the store: {_short(exc)}") from exc
        return False
