"""`ragvet compare RUN_A RUN_B` and `ragvet bootstrap RUN`: confidence for run-level figures."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..errors import ConfigError, RagvetError
from ..stats.bootstrap import (
    DEFAULT_LEVEL,
    DEFAULT_RESAMPLES,
    Interval,
    SmallSampleWarning,
    check_options,
)
from . import console as ui
from .paths import refuse_overwriting_inputs
from .runs import RunArgument, StoreOption, fail, load_results, load_run_arg

VERDICT_STYLE = {"regressed": "bold red", "improved": "bold green", "no evidence": "",
                 "not comparable": "dim"}


def _metric_list(metrics: str | None) -> list[str] | None:
    return [m.strip() for m in metrics.split(",") if m.strip()] if metrics else None


def _known_metrics(chosen: list[str] | None, *runs: list) -> list[str] | None:
    """`chosen`, after checking each names a metric some record of every run scored."""
    if chosen is None:
        return None
    for results in runs:
        present = list(dict.fromkeys(m for r in results for m in r.scores))
        unknown = [m for m in chosen if m not in present]
        if unknown:
            raise ConfigError(f"--metrics names {', '.join(unknown)}, not in the run; "
                              f"choose from {', '.join(present) or '(no metrics scored)'}")
    return chosen


def ci_text(interval: Interval | None, signed: bool = False) -> str:
    if interval is None:
        return "–"
    fmt = "{:+.3f}" if signed else "{:.3f}"
    return f"[{fmt.format(interval.low)}, {fmt.format(interval.high)}]"


def compare(
    run_a: Annotated[str, typer.Argument(
        help="Baseline run: a run id or 'latest~1' in the store, or a results .jsonl file")],
    run_b: Annotated[str, typer.Argument(
        help="New run: a run id or 'latest' in the store, or a results .jsonl file")],
    by: Annotated[str, typer.Option(help="Pair records by 'query' or 'id'")] = "query",
    metrics: Annotated[str | None, typer.Option(
        help="Metric ids, comma separated (default: every metric in both runs)")] = None,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples B")] = DEFAULT_RESAMPLES,
    level: Annotated[float, typer.Option(help="Confidence level of the CI")] = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same intervals)")] = 0,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write JSON here")] = None,
    fail_on_regression: Annotated[bool, typer.Option(
        help="Exit 1 when any metric regressed (for CI deployment gates)")] = False,
    output_format: Annotated[str, typer.Option(
        "--format", help="'table' (terminal) or 'markdown' (e.g. a pull-request comment)")
    ] = "table",
    test: Annotated[bool, typer.Option(
        "--test", help="Also test each metric: paired t and Wilcoxon on the paired records, "
        "Welch's t when the record sets differ, effect sizes, Holm-corrected p-values")
    ] = False,
    store: StoreOption = None,
) -> None:
    """Pair RUN_A and RUN_B record by record and say, per metric, whether B regressed."""
    import numpy as np

    from ..stats.compare import compare_runs

    if by not in ("query", "id"):
        raise ConfigError("--by must be 'query' or 'id'")
    if output_format not in ("table", "markdown"):
        raise ConfigError("--format must be 'table' or 'markdown'")
    check_options(resamples, level)
    refuse_overwriting_inputs(json_out, *(r for r in (run_a, run_b) if r.endswith(".jsonl")),
                              option="--json")
    run_info_a, run_info_b = load_run_arg(run_a, store), load_run_arg(run_b, store)
    a, b = run_info_a.results, run_info_b.results
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SmallSampleWarning)  # shown in the notes below
            result = compare_runs(a, b, rng=np.random.default_rng(seed), by=by,
                                  metrics=_known_metrics(_metric_list(metrics), a + b),
                                  n_resamples=resamples,
                                  level=level)
        tests = _significance(a, b, result, by) if test else None
    except (RagvetError, ValueError) as err:
        fail(err)
    judges = [str((r.info.judge or {}).get("id") or "") for r in (run_info_a, run_info_b)]
    judged_differently = all(judges) and judges[0] != judges[1]
    if output_format == "markdown":
        _print_markdown(result, run_a, run_b, level, judges if judged_differently else None)
    else:
        _print_table(result, run_a, run_b, by, level, judges if judged_differently else None)
        if tests is not None:
            from .compare_tests import print_tests

            print_tests(tests)
    if json_out is not None:
        found = result.to_dict()
        if tests is not None:
            found["tests"] = [t.to_dict() for t in tests]
        json_out.write_text(json.dumps(found, indent=2), encoding="utf-8")
    _gate_on_regression(a, b, result, by, fail_on_regression, quiet=output_format == "markdown")


def _significance(a, b, result, by: str) -> list:
    from ..stats.significance import significance_tests

    return significance_tests(a, b, metrics=[m.metric for m in result.metrics],
                              by=by)  # type: ignore[arg-type]


def _print_markdown(result, run_a: str, run_b: str, level: float, judges: list[str] | None
                    ) -> None:
    from .compare_markdown import comparison_markdown

    notes = [f"the runs were judged differently ({judges[0]} vs {judges[1]}): a difference "
             f"may come from the judge, not the system"] if judges else []
    typer.echo(comparison_markdown(result, run_a=run_a, run_b=run_b, level=level, notes=notes))


def _gate_on_regression(a, b, result, by: str, fail_on_regression: bool, *, quiet: bool
                        ) -> None:
    """The gate (`ragvet.gate`, as `Run.check(baseline=…)`): name what regressed and, with
    --fail-on-regression, the records that fell most, then exit 1."""
    from ..gate import check

    report = check(b, (), baseline=a, comparison=result, by=by)
    if report.passed:
        return
    if not quiet:
        ui.console.print(f"[bold red]regressed:[/bold red] {ui.shown(', '.join(result.regressed))}")
    if fail_on_regression:
        details = report.explain().splitlines()[1:]
        if details:
            ui.errors.print(ui.shown("\n".join(details)), highlight=False, soft_wrap=True)
        raise typer.Exit(1)


def _print_table(result, run_a: str, run_b: str, by: str, level: float,
                 judges: list[str] | None) -> None:
    table = Table(title=ui.plain(f"{run_b} vs {run_a}: {result.paired} pairs by {by} "
                                 f"({result.only_a} only in A, {result.only_b} only in B)"))
    for column in ("metric", "A mean", "B mean", "B − A", f"{level:.0%} CI", "pairs", "verdict"):
        table.add_column(column, justify="left" if column in ("metric", "verdict") else "right")
    for m in result.metrics:
        d = m.difference
        table.add_row(ui.plain(m.metric), ui.fmt(m.mean_a), ui.fmt(m.mean_b),
                      f"{d.estimate:+.3f}" if d else "–", ci_text(d, signed=True),
                      str(m.n_pairs), m.verdict, style=VERDICT_STYLE[m.verdict])
    ui.console.print(table)
    if judges:
        ui.console.print(f"[yellow]the runs were judged differently ({ui.shown(judges[0])} "
                         f"vs {ui.shown(judges[1])}): a difference may come from the judge, "
                         f"not the system[/yellow]")
    for m in result.metrics:
        if m.reason:
            ui.console.print(f"[yellow]{ui.shown(m.metric)}: {ui.shown(m.reason)}[/yellow]")


def bootstrap(
    run: RunArgument,
    metrics: Annotated[str | None, typer.Option(help="Metric ids, comma separated")] = None,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples B")] = DEFAULT_RESAMPLES,
    level: Annotated[float, typer.Option(help="Confidence level of the CI")] = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option(help="Random seed")] = 0,
    convergence: Annotated[bool, typer.Option(
        help="Also show the standard error as B grows")] = False,
    store: StoreOption = None,
) -> None:
    """Mean, variance, standard error and CI of each metric over RUN's records."""
    import numpy as np

    from ..stats.bootstrap import se_convergence
    from ..stats.compare import metric_intervals

    check_options(resamples, level)
    results = load_results(run, store)
    chosen = _known_metrics(_metric_list(metrics), results)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SmallSampleWarning)  # a note follows the table
        intervals = metric_intervals(results, chosen, level=level,
                                     rng=np.random.default_rng(seed), n_resamples=resamples)
    table = Table(title=f"Bootstrap over {len(results)} records (B = {resamples}, seed {seed})")
    for column in ("metric", "n", "mean", "variance", "SE", f"{level:.0%} CI"):
        table.add_column(column, justify="left" if column == "metric" else "right")
    for metric, ci in intervals.items():
        if ci is None:
            table.add_row(metric, "<2", "–", "–", "–", "too few scored records")
            continue
        table.add_row(metric, str(ci.n), f"{ci.estimate:.3f}", f"{ci.variance:.4f}",
                      f"{ci.se:.4f}", ci_text(ci))
    ui.console.print(table)
    if any(ci is None or ci.warning for ci in intervals.values()):
        ui.console.print("[yellow]fewer than 30 scored records for some metrics: their "
                         "intervals are unreliable[/yellow]")
    if convergence:
        for metric, ci in intervals.items():
            if ci is not None:
                values = [r.scores[metric] for r in results if r.scores.get(metric) is not None]
                points = se_convergence(values, rng=np.random.default_rng(seed))
                steps = ", ".join(f"B={p.n_resamples}: {p.se:.4f}" for p in points)
                ui.console.print(f"SE convergence {metric}: {steps}")


def register(app: typer.Typer) -> None:
    app.command()(compare)
    app.command()(bootstrap)
