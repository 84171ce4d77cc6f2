"""`ragvet report RUN --out report.html`: one self-contained HTML file for a stored run."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import RagvetError
from . import console as ui
from .paths import refuse_overwriting_inputs
from .runs import RunArgument, StoreOption, fail, load_run_arg


def report(run: RunArgument,
           out: Annotated[Path, typer.Option(help="HTML file to write")] = Path("report.html"),
           store: StoreOption = None) -> None:
    """Write a self-contained HTML report (plots, sortable records, every verdict and reason)."""
    from ..report.html import write_report
    from ..report.view import build_view

    refuse_overwriting_inputs(out, run if run.endswith(".jsonl") else None)
    loaded = load_run_arg(run, store)
    try:
        path = write_report(build_view(loaded), out)
    except (RagvetError, OSError) as err:
        fail(err)
    ui.console.print(f"Report for run {loaded.id} ({len(loaded.results)} records) "
                     f"written to {path}", highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command()(report)
