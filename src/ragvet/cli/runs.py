"""`ragvet runs` and `ragvet show RUN`: what the results store holds, as rich tables.

Also `run_writer`, the small hook `ragvet evaluate --store URL` uses to save each record as
it finishes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.table import Table

from ..engine.result import Run
from ..errors import RagvetError
from . import console as ui

StoreOption = Annotated[str | None, typer.Option(
    "--store", envvar="RAGVET_STORE",
    help="Results store: SQLite path or SQLAlchemy URL (default ./ragvet.db)")]
SaveStoreOption = Annotated[str | None, typer.Option(
    "--store", envvar="RAGVET_STORE", show_envvar=True,
    help="Also save the run, record by record, to this results store "
         "(SQLite path or SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db)")]


RunArgument = Annotated[str, typer.Argument(
    help="Run id, id prefix, 'latest' or 'latest~N' (or a results .jsonl file)")]


def load_run_arg(ref: str, store: str | None):
    """A RUN argument as a StoredRun: a run in the store, or a results .jsonl file.

    For every command taking RUN (report, compare, concordance, …); exits 2 with the reason
    when the run cannot be found.
    """
    from pathlib import Path

    try:
        if ref.endswith(".jsonl"):
            if not Path(ref).is_file():
                raise RagvetError(f"no results file at {ref}")
            return _from_results_file(Path(ref))
        with open_store_or_exit(store) as opened:
            return opened.load_run(ref)
    except (RagvetError, OSError) as err:
        fail(err)


def load_results(ref: str, store: str | None) -> list:
    """The per-record results of RUN (store run id, `latest`, or a results .jsonl file)."""
    return load_run_arg(ref, store).results


def _from_results_file(path):
    """A results file shown as a run; the record inputs other than the query are absent."""
    from datetime import datetime, timezone

    from .._util.jsonl import read_jsonl
    from ..results import read_results_jsonl
    from ..store.model import RunInfo, StoredRun

    results = read_results_jsonl(path)
    first = next(read_jsonl(path), {})
    judge = first.get("judge") if isinstance(first, dict) else None
    metric_ids = list(dict.fromkeys(m for r in results for m in r.scores))
    when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    info = RunInfo(id=path.stem, status="file", started_at=when, finished_at=when,
                   metric_ids=tuple(metric_ids), judge=dict(judge or {}), dataset=str(path),
                   stored_records=len(results))
    return StoredRun(info=info, results=results, inputs={})


def open_store_or_exit(url: str | None, *, create: bool = False):
    """Open the store; reading commands never create a SQLite file that is not there."""
    from ..store import open_store
    from ..store.connect import store_url

    try:
        if not create:
            _require_existing_sqlite(store_url(url))
        return open_store(url)
    except RagvetError as err:
        fail(err)


def _require_existing_sqlite(url: str) -> None:
    from pathlib import Path

    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    path = parsed.database
    if parsed.get_backend_name() == "sqlite" and path and path != ":memory:" \
            and not Path(path).exists():
        raise RagvetError(f"no store at {path} (save a run with `ragvet evaluate … --store "
                          f"{path}`, or pass --store)")


def fail(err: Exception) -> None:
    """`error: MESSAGE` on one line of stderr, exit 2 (the message's brackets kept)."""
    from .paths import one_line

    ui.error(one_line(err))
    raise typer.Exit(2) from err


@contextmanager
def run_writer(url: str | None, records: Sequence[Any], metrics: Sequence[Any], judge: Any,
               cfg: Any, data: Any) -> Iterator[Callable[[Any], None] | None]:
    """Yields an `on_result` callback storing each record, or None when no store is set."""
    if url is None:
        yield None
        return
    from dataclasses import asdict

    from ..store import RunWriter

    store = open_store_or_exit(url, create=True)
    config = {k: v for k, v in asdict(cfg).items() if k != "thresholds"}
    try:
        writer = RunWriter.start(store, records=records, metric_ids=[m.id for m in metrics],
                                 judge=judge.describe(), thresholds=cfg.thresholds,
                                 config=config, dataset=str(data))
        with writer.recording():
            yield writer
        ui.errors.print(f"Run {writer.run_id} saved to the store ({writer.written} records)",
                        highlight=False)
    except RagvetError as err:
        fail(err)
    finally:
        store.close()


def chain(*callbacks: Callable[[Any], None] | None) -> Callable[[Any], None]:
    """One callback calling each given one in turn (None entries are skipped)."""
    active = [c for c in callbacks if c is not None]

    def call(result: Any) -> None:
        for callback in active:
            callback(result)

    return call


def runs(store: StoreOption = None,
         limit: Annotated[int, typer.Option(help="Show at most this many runs")] = 20) -> None:
    """List the runs in the results store, newest first."""
    with open_store_or_exit(store) as opened:
        try:
            found = opened.list_runs(limit=limit)
        except RagvetError as err:
            fail(err)
    if not found:
        ui.console.print("No runs in the store yet (save one with `ragvet evaluate … --store`).")
        return
    table = Table(title="Runs")
    for column in ("run", "started (UTC)", "status", "records", "judge", "metrics", "dataset"):
        table.add_column(column, overflow="fold",
                         no_wrap=column in ("run", "started (UTC)", "status", "records"))
    for info in found:
        planned = f"/{info.planned_records}" if info.planned_records is not None else ""
        cells = (info.id, f"{info.started_at:%Y-%m-%d %H:%M}", info.status,
                 f"{info.stored_records}{planned}", info.judge_label,
                 ", ".join(info.metric_ids), _short_path(info.dataset))
        table.add_row(*map(ui.plain, cells))
    ui.console.print(table)


def _short_path(path: str | None) -> str:
    from pathlib import PurePath

    return PurePath(path).name if path else ""


def show(run: Annotated[str, typer.Argument(help="Run id, id prefix, 'latest' or 'latest~N'")],
         store: StoreOption = None,
         record: Annotated[str | None, typer.Option(
             help="Show this record's decomposition with every verdict and reason")] = None,
         limit: Annotated[int, typer.Option(help="Records listed at most")] = 20) -> None:
    """Print one run: header, score summary, diagnosis and its records."""
    with open_store_or_exit(store) as opened:
        try:
            if record is not None:
                _, result, stored = opened.load_record(run, record)
                ui.console.print(record_table(result, stored.response))
                return
            loaded = opened.load_run(run)
        except RagvetError as err:
            fail(err)
    ui.console.print(header_table(loaded.info))
    summary = Run.from_stored(loaded).summary()
    ui.console.print(ui.summary_table(summary))
    ui.console.print(ui.diagnosis_table(summary))
    ui.console.print(records_table(loaded, limit))


def header_table(info) -> Table:
    table = Table(title=ui.plain(f"Run {info.id}"), show_header=False)
    table.add_column("field", style="bold")
    table.add_column("value")
    ended = f"{info.finished_at:%Y-%m-%d %H:%M:%S}" if info.finished_at else "–"
    rows = [("status", info.status), ("started (UTC)", f"{info.started_at:%Y-%m-%d %H:%M:%S}"),
            ("finished (UTC)", ended), ("judge", info.judge_label),
            ("metrics", ", ".join(info.metric_ids)), ("dataset", info.dataset or "–"),
            ("fingerprint", (info.dataset_fingerprint or "–")[:16]),
            ("records", f"{info.stored_records} stored of {info.planned_records or '?'}"),
            ("judge calls", f"{info.judge_calls} ({info.cache_hits} cached)"),
            ("tokens in/out", f"{info.input_tokens}/{info.output_tokens}"),
            ("cost (USD)", "–" if info.cost_usd is None else f"{info.cost_usd:.4f}")]
    for name, value in rows:
        table.add_row(name, ui.plain(value))
    return table


def records_table(loaded, limit: int) -> Table:
    metric_ids = loaded.metric_ids
    table = Table(title=f"Records (first {min(limit, len(loaded.results))} of "
                        f"{len(loaded.results)})")
    for column in ("id", *metric_ids, "diagnosis", "errors"):
        table.add_column(ui.plain(column), justify="right" if column in metric_ids else "left")
    for result in loaded.results[:limit]:
        table.add_row(ui.plain(result.id), *(ui.fmt(result.scores.get(m)) for m in metric_ids),
                      ui.plain(", ".join(result.diagnosis)), str(len(result.errors)))
    return table


def record_table(result, response: str | None) -> Table:
    scores = " · ".join(f"{m} {ui.fmt(v)}" for m, v in result.scores.items())
    table = Table(title=ui.plain(f"Record {result.id}: {result.query}\n{scores}"),
                  caption=ui.plain(response) if response else None)
    for column in ("metric", "kind", "#", "text", "verdict", "reason"):
        table.add_column(column)
    for c in result.components:
        verdict = {True: "yes", False: "no", None: "error"}[c.verdict]
        probability = (c.detail or {}).get("probability")
        if probability is not None and c.verdict is not None:
            verdict += f" p={float(probability):.2f}"
        cells = (c.metric, c.kind, str(c.index), c.text, verdict, c.reason or c.error or "")
        table.add_row(*map(ui.plain, cells))
    return table


def register(app: typer.Typer) -> None:
    app.command()(runs)
    app.command()(show)
