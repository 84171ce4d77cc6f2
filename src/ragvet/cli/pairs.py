"""`ragvet pairs make DATA --out PAIRS` and `ragvet pairs agree RUN`: check a judge on your
own records before trusting it (THELMA table 1 as a command)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..errors import ConfigError, RagvetError
from . import console as ui
from .paths import refuse_overwriting_inputs
from .runs import RunArgument, StoreOption, fail, load_run_arg

pairs_app = typer.Typer(help="Judge validation on your own records: better/worse pairs per "
                        "THELMA dimension, and how often a judge prefers the better one.",
                        no_args_is_help=True)


@pairs_app.command()
def make(
    data: Annotated[Path, typer.Argument(help="Records (JSONL, CSV, Parquet): each one is the "
                                              "better version of its pairs")],
    out: Annotated[Path, typer.Option(help="Pair records to evaluate, JSONL")] = Path(
        "pairs.jsonl"),
    seed: Annotated[int, typer.Option(help="Seed of the perturbations' random choices")] = 13,
    from_reference: Annotated[bool, typer.Option(
        "--from-reference", help="Take each record's reference as the better response "
        "(records without one are left out)")] = False,
    skip_invalid: Annotated[bool, typer.Option(
        "--skip-invalid", help="Skip invalid input rows instead of stopping")] = False,
) -> None:
    """Write better/worse record pairs for each THELMA dimension to OUT.

    Evaluate OUT with the judge to check ('ragvet evaluate OUT --out RESULTS'), then read the
    agreement with 'ragvet pairs agree RESULTS'.
    """
    from .._util.jsonl import write_jsonl
    from ..data.load import load_records
    from ..validation.pairs import DIMENSIONS, PERTURBATIONS, build_pairs

    try:
        refuse_overwriting_inputs(out, data)
        records = load_records(data, skip_invalid=skip_invalid)
        made = build_pairs(records, seed=seed, use_reference=from_reference)
    except RagvetError as err:
        fail(err)
    written = made.records()
    write_jsonl((r.to_dict() for r in written), out)
    counts = made.counts()
    table = Table(title=ui.plain(f"Pairs from {len(records) - len(made.skipped)} records"))
    for column in ("dimension", "pairs", "worse version"):
        table.add_column(column, justify="right" if column == "pairs" else "left")
    for dim in DIMENSIONS:
        table.add_row(dim, str(counts[dim]), PERTURBATIONS[dim])
    ui.console.print(table)
    for rid, why in made.skipped[:3]:
        ui.error(f"record {rid} left out: {why}", label="skipped", style="yellow")
    if len(made.skipped) > 3:
        ui.errors.print(f"… and {len(made.skipped) - 3} more left out", highlight=False)
    ui.console.print(f"{len(made.pairs)} pairs in {len(written)} records written to "
                     f"{ui.shown(out)}; evaluate them with 'ragvet evaluate {ui.shown(out)} "
                     "--out RESULTS', then run 'ragvet pairs agree RESULTS'", highlight=False,
                     soft_wrap=True)


@pairs_app.command()
def agree(
    run: RunArgument,
    metric: Annotated[str | None, typer.Option(
        help="Check another metric on a dimension's pairs: DIM=METRIC,… "
             "(e.g. GR=faithfulness); default: the THELMA metric of each dimension")] = None,
    seed: Annotated[int, typer.Option(help="Bootstrap seed")] = 0,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples")] = 1000,
    level: Annotated[float, typer.Option(help="Interval level")] = 0.95,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table")
                       ] = False,
    store: StoreOption = None,
) -> None:
    """Per dimension: the share of pairs where the better version scores strictly higher
    (ties and unscored pairs count as misses), with a bootstrap interval."""
    from ..validation.agreement import agreement_table, not_run

    stored = load_run_arg(run, store)
    try:
        rows = agreement_table(stored.results, metrics=_metric_map(metric), seed=seed,
                               n_resamples=resamples, level=level)
        left_out = not_run(stored.results, rows)
    except (RagvetError, ValueError) as err:
        fail(err)
    judge = str(stored.info.judge.get("id") or "")
    if as_json:
        print(json.dumps({"judge": judge or None, "level": level,
                          "rows": [r.to_dict() for r in rows], "not_run": left_out},
                         indent=2))
        return
    if rows:
        ui.console.print(agreement_rich_table(rows, judge, level))
    if left_out:
        ui.console.print(ui.plain(
            f"Not in the run: the {', '.join(left_out)} pairs (their metrics were not "
            "evaluated; run them, e.g. --metrics thelma, or name one with --metric DIM=METRIC)"),
            soft_wrap=True)


def _metric_map(text: str | None) -> dict[str, str]:
    chosen: dict[str, str] = {}
    for part in (p.strip() for p in (text or "").split(",") if p.strip()):
        dim, sep, name = part.partition("=")
        if not sep or not dim.strip() or not name.strip():
            raise ConfigError(f"--metric {part!r}: write DIM=METRIC, e.g. GR=faithfulness")
        chosen[dim.strip()] = name.strip()
    return chosen


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _interval(agreement) -> str:
    i = agreement.interval
    return "–" if i is None else f"{i.low:.2f}–{i.high:.2f}"


def agreement_rich_table(rows, judge: str, level: float) -> Table:
    """agree: share of pairs won; ties and n/a (either version unscored) count as misses."""
    title = ("Pairwise agreement: the better version scored strictly higher\n(ties and n/a "
             "count as misses" + (f"; judge {judge})" if judge else ")"))
    table = Table(title=ui.plain(title))
    with_yes_no = any(r.yes_no is not None for r in rows)
    ci = f"{level:.0%} CI"
    columns = ["dim", "metric", "pairs", "agree", ci, "ties", "n/a"]
    if with_yes_no:
        columns += ["yes/no", ci]
    for k, column in enumerate(columns):
        table.add_column(column, justify="left" if k < 2 else "right")
    for r in rows:
        cells = [ui.plain(r.dimension), ui.plain(r.metric), str(r.scores.pairs),
                 _share(r.scores.share), _interval(r.scores), str(r.scores.counts.ties),
                 str(r.scores.counts.unscored)]
        if with_yes_no:
            cells += ([_share(r.yes_no.share), _interval(r.yes_no)] if r.yes_no else
                      ["same", ""])
        table.add_row(*cells)
    if with_yes_no:
        table.caption = ("yes/no: the same verdicts counted as plain yes/no, probabilities "
                         "dropped")
    return table


def register(app: typer.Typer) -> None:
    app.add_typer(pairs_app, name="pairs")
