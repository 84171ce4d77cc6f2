"""`ragvet evaluate DATA --out results.jsonl`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..config import load_config
from ..data.load import load_records
from ..engine.run import evaluate as run_evaluation
from ..errors import RagvetError
from ..judges.factory import make_judge
from ..metrics.registry import resolve_metrics
from ..metrics.thelma import self_distinctness
from . import console as ui
from .runs import SaveStoreOption, chain, run_writer


def evaluate(
    data: Annotated[Path, typer.Argument(help="Records: .jsonl, .json, .csv or .parquet")],
    out: Annotated[Path, typer.Option(help="Results file, one JSON object per record")] = Path(
        "results.jsonl"),
    metrics: Annotated[str | None, typer.Option(
        help="Metric ids or families, comma separated (e.g. 'thelma' or 'RP,GR')")] = None,
    judge: Annotated[str | None, typer.Option(
        help="Judge: 'local' (offline default) or 'scripted:FILE.json'")] = None,
    config: Annotated[Path | None, typer.Option(help="ragvet.toml config file")] = None,
    threshold: Annotated[list[str] | None, typer.Option(
        help="Diagnosis band DIM=LOW:HIGH, e.g. GR=0.8:0.9 (repeatable)")] = None,
    fail_under: Annotated[str | None, typer.Option(
        help="Exit 1 when a dataset mean is below its gate, e.g. GR=0.9,RQC=0.8")] = None,
    skip_invalid: Annotated[bool, typer.Option(
        help="Load the valid records and report the invalid ones")] = False,
    concurrency: Annotated[int | None, typer.Option(help="Records judged at once")] = None,
    sd_threshold: Annotated[float | None, typer.Option(
        help="Cosine at or above which a sentence repeats another (SD)")] = None,
    store: SaveStoreOption = None,
) -> None:
    """Score DATA with the selected metrics and write one JSON object per record to OUT."""
    try:
        cfg = load_config(config, metrics=metrics, judge=judge, concurrency=concurrency,
                          thresholds=threshold or (), fail_under=fail_under)
        records = load_records(data, skip_invalid=skip_invalid)
        chosen = resolve_metrics(cfg.metrics)
        if sd_threshold is not None:
            chosen = [self_distinctness(sd_threshold) if m.id == "SD" else m for m in chosen]
        unknown_gates = set(cfg.fail_under) - {m.id for m in chosen}
        if unknown_gates:
            raise typer.BadParameter(f"--fail-under names metrics not being run: "
                                     f"{', '.join(sorted(unknown_gates))}")
        the_judge = make_judge(cfg.judge, cfg.judge_options)
    except RagvetError as err:
        ui.errors.print(f"[red]error:[/red] {err}", markup=True, highlight=False)
        raise typer.Exit(2) from err
    for problem in records.skipped:
        ui.errors.print(f"[yellow]skipped:[/yellow] {problem}", highlight=False)
    with ui.record_progress(len(records)) as advance, \
            run_writer(store, records, chosen, the_judge, cfg, data) as save:
        run = run_evaluation(records, chosen, the_judge, max_concurrency=cfg.concurrency,
                             thresholds=cfg.thresholds, on_result=chain(advance, save))
    run.write_jsonl(out)
    summary = run.summary()
    ui.console.print(ui.summary_table(summary))
    ui.console.print(ui.diagnosis_table(summary))
    if records.skipped:
        ui.console.print(f"{len(records.skipped)} invalid row problem(s) skipped.")
    if summary.records_with_errors:
        ui.console.print(f"[yellow]{summary.records_with_errors} record(s) had errors; "
                         f"see 'errors' in {out}[/yellow]")
    ui.console.print(f"Results written to {out}")
    _enforce_gates(summary, cfg.fail_under)


def _enforce_gates(summary, gates) -> None:
    failures = []
    for metric, floor in gates.items():
        mean = summary.mean(metric)
        if mean is None or mean < floor:
            failures.append(f"{metric} mean {ui.fmt(mean)} < {floor}")
    if failures:
        ui.errors.print("[red]gate failed:[/red] " + "; ".join(failures), highlight=False)
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(evaluate)
