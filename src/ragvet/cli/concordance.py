"""`ragvet concordance RUN --label FIELD` and `ragvet compare-groups RUN --by FIELD`."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from ..errors import ConfigError, RagvetError
from ..results import RecordResult
from ..stats.groups import GroupReport, compare_groups, labelled_scores, metric_ids
from ..stats.tests import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    ConcordanceRow,
    SweepResult,
    concordance,
    threshold_sweep,
)
from . import console as ui
from .runs import RunArgument, StoreOption, load_results

MetricsOpt = Annotated[str | None, typer.Option(
    help="Metric ids, comma separated (default: every metric in the run)")]


def concordance_command(
    run: RunArgument,
    label: Annotated[str, typer.Option(help="Metadata field with the expert verdict "
                                            "(yes/no, true/false, 1/0, correct/wrong)")],
    metrics: MetricsOpt = None,
    high: Annotated[str, typer.Option(
        help="θ: 'high' means above it; one value or METRIC=VALUE,…")] = str(DEFAULT_HIGH),
    low: Annotated[str, typer.Option(
        help="θ': 'low' means below it; one value or METRIC=VALUE,…")] = str(DEFAULT_LOW),
    correct: Annotated[str | None, typer.Option(
        help="For a categorical label: the value that means correct")] = None,
    pairs: Annotated[bool, typer.Option(help="Also judge each pair of metrics jointly")] = True,
    sweep: Annotated[bool, typer.Option(help="Search thresholds that best separate the "
                                             "labels")] = True,
    top: Annotated[int, typer.Option(help="Rows of the threshold sweep to show")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables")] = False,
    store: StoreOption = None,
) -> None:
    """How well the metrics agree with expert labels: P(correct | high), P(wrong | low)."""
    try:
        results = load_results(run, store)
        names = _metric_list(metrics, results)
        scores, labels = labelled_scores(results, label, metrics=names, positive=correct)
        rows = concordance(scores, labels, metrics=names, pairs=pairs,
                           high=_thresholds(high, names, DEFAULT_HIGH),
                           low=_thresholds(low, names, DEFAULT_LOW))
        best = threshold_sweep(scores, labels, metrics=names, pairs=pairs)[:top] if sweep else []
    except (RagvetError, ValueError) as err:
        _fail(err)
    if as_json:
        print(json.dumps({"label": label, "concordance": [r.to_dict() for r in rows],
                          "sweep": [s.to_dict() for s in best]}, indent=2))
        return
    ui.console.print(concordance_table(rows, label))
    if sweep:
        ui.console.print(sweep_table(best))


def compare_groups_command(
    run: RunArgument,
    by: Annotated[str, typer.Option(help="Boolean or categorical metadata field")],
    metrics: MetricsOpt = None,
    order: Annotated[str | None, typer.Option(
        help="Group order, comma separated; each earlier group is tested > each later one")
    ] = None,
    alternative: Annotated[str, typer.Option(
        help="greater (one-sided, default), less or two-sided")] = "greater",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables")] = False,
    store: StoreOption = None,
) -> None:
    """Mean (sd) of every metric per value of a metadata field, with Welch t-tests."""
    try:
        results = load_results(run, store)
        report = compare_groups(results, by, metrics=_metric_list(metrics, results),
                                order=_split(order) or None,
                                alternative=alternative)  # type: ignore[arg-type]
    except (RagvetError, ValueError) as err:
        _fail(err)
    if as_json:
        print(json.dumps(report.to_dict(), indent=2))
        return
    ui.console.print(groups_table(report))
    ui.console.print(group_tests_table(report))


def _fail(err: Exception):
    from .runs import fail

    fail(err)


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _metric_list(metrics: str | None, results: list[RecordResult]) -> list[str]:
    known = metric_ids(results)
    names = _split(metrics) or known
    unknown = [m for m in names if m not in known]
    if unknown:
        raise ConfigError(f"the run has no metric {unknown[0]!r}; it has {', '.join(known)}")
    return names


def _thresholds(text: str, names: list[str], default: float) -> dict[str, float]:
    """'0.7' → that for all; 'GR=0.8,faithfulness=0.6' → those, `default` for the others."""
    parts = _split(text)
    if len(parts) == 1 and "=" not in parts[0]:
        return dict.fromkeys(names, float(parts[0]))
    given = {}
    for part in parts:
        name, sep, value = part.partition("=")
        if not sep:
            raise ConfigError(f"threshold {part!r}: write one number or METRIC=VALUE,…")
        given[name.strip()] = float(value)
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise ConfigError(f"thresholds for metrics not in the table: {', '.join(unknown)}")
    return {m: given.get(m, default) for m in names}


def _width(rows) -> int:
    return max((len(m) + 2 for r in rows for m in r.metrics), default=7)


def _names(metrics: tuple[str, ...]) -> str:
    return "\n+ ".join(metrics)


def _p(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def concordance_table(rows: list[ConcordanceRow], label: str) -> Table:
    table = Table(title=ui.plain(f"Concordance with expert label '{label}'"))
    table.add_column("metrics", min_width=_width(rows))
    for column in ("n", "θ", "P(correct\n| high)", "correct\n/ high", "θ'", "P(wrong\n| low)",
                   "wrong\n/ low"):
        table.add_column(column, justify="right")
    for r in rows:
        table.add_row(ui.plain(_names(r.metrics)), str(r.n), "/".join(f"{t:g}" for t in r.high),
                      _p(r.p_correct_given_high), f"{r.n_high_correct} / {r.n_high}",
                      "/".join(f"{t:g}" for t in r.low), _p(r.p_wrong_given_low),
                      f"{r.n_low_wrong} / {r.n_low}")
    return table


def sweep_table(results: list[SweepResult]) -> Table:
    table = Table(title="Threshold sweep: 'correct iff every metric > θ', best first")
    table.add_column("metrics", min_width=_width(results))
    for column in ("θ", "balanced\naccuracy", "P(correct\n| high)", "correct\n/ high", "n"):
        table.add_column(column, justify="right")
    for s in results:
        table.add_row(ui.plain(_names(s.metrics)), "/".join(f"{t:g}" for t in s.thresholds),
                      f"{s.balanced_accuracy:.3f}", _p(s.p_correct_given_high),
                      f"{s.n_high_correct} / {s.n_high}", str(s.n))
    return table


def groups_table(report: GroupReport) -> Table:
    counts = ", ".join(f"{g}: {report.counts[g]}" for g in report.groups)
    title = f"Metrics by '{report.field}' ({counts}; missing: {report.missing}) — mean (sd)"
    table = Table(title=ui.plain(title))
    table.add_column("metric")
    for group in report.groups:
        table.add_column(ui.plain(group), justify="right")
    for metric in dict.fromkeys(s.metric for s in report.stats):
        cells = []
        for group in report.groups:
            s = report.stat(group, metric)
            cells.append("–" if s.mean is None else
                         f"{s.mean:.2f} ({'–' if s.sd is None else f'{s.sd:.2f}'}) n={s.n}")
        table.add_row(ui.plain(metric), *cells)
    return table


def group_tests_table(report: GroupReport) -> Table:
    table = Table(title="Welch t-tests")
    for column in ("metric", "H1", "t", "df", "p", "p < 0.05"):
        table.add_column(column, justify="left" if column in ("metric", "H1") else "right")
    symbol = {"greater": ">", "less": "<", "two-sided": "≠"}
    for t in report.tests:
        test = t.test
        hypothesis = f"{t.first} {symbol[test.alternative]} {t.second}"
        table.add_row(ui.plain(t.metric), ui.plain(hypothesis),
                      _p(test.statistic), _p(test.df),
                      test.note or f"{test.pvalue:.4f}", "yes" if test.significant() else "no")
    return table


def register(app: typer.Typer) -> None:
    app.command("concordance")(concordance_command)
    app.command("compare-groups")(compare_groups_command)
