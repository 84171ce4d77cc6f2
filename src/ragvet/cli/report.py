"""`ragvet report RUN --out report.html`: one self-contained HTML file for a stored run."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import RagvetError
from . import console as ui
from .runs import StoreOption, fail, open_store_or_exit


def report(run: Annotated[str, typer.Argument(
               help="Run id, id prefix, 'latest' or 'latest~N' (or a results .jsonl file)")],
           out: Annotated[Path, typer.Option(help="HTML file to write")] = Path("report.html"),
           store: StoreOption = None) -> None:
    """Write a self-contained HTML report (plots, sortable records, every verdict and reason)."""
    from ..report.html import write_report
    from ..report.view import build_view

    try:
        if run.endswith(".jsonl") and Path(run).is_file():
            loaded = _from_results_file(Path(run))
        else:
            with open_store_or_exit(store) as opened:
                loaded = opened.load_run(run)
        path = write_report(build_view(loaded), out)
    except (RagvetError, OSError) as err:
        fail(err)
    ui.console.print(f"Report for run {loaded.id} ({len(loaded.results)} records) "
                     f"written to {path}", highlight=False, markup=False)


def _from_results_file(path: Path):
    """A results file (no store) shown as a run; inputs other than the query are absent."""
    from datetime import datetime, timezone

    from ..results import read_results_jsonl
    from ..store.model import RunInfo, StoredRun

    results = read_results_jsonl(path)
    metric_ids = list(dict.fromkeys(m for r in results for m in r.scores))
    when = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    info = RunInfo(id=path.stem, status="file", started_at=when, finished_at=when,
                   metric_ids=tuple(metric_ids), judge={}, dataset=str(path),
                   stored_records=len(results))
    return StoredRun(info=info, results=results, inputs={})


def register(app: typer.Typer) -> None:
    app.command()(report)
