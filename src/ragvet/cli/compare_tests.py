"""`ragvet compare A B --test`: the significance tables printed under the bootstrap verdicts."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table

from ..stats.significance import MetricTests
from . import console as ui


def _p(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.2e}" if value < 1e-3 else f"{value:.4f}"


def _num(value: float | None, fmt: str = "{:+.3f}") -> str:
    return "–" if value is None else fmt.format(value)


def print_tests(tests: Sequence[MetricTests]) -> None:
    """The paired table, Welch's table where it was run, and each metric's notes."""
    if any(t.paired_t is not None for t in tests):
        ui.console.print(paired_table(tests))
    if any(t.welch is not None for t in tests):
        ui.console.print(welch_table(tests))
    noted: dict[str, list[str]] = {}
    for t in tests:
        for note in (*t.notes, *(x.note for x in (t.paired_t, t.wilcoxon, t.welch)
                                 if x is not None and x.note)):
            noted.setdefault(note, []).append(t.metric)
    for note, metrics in noted.items():
        where = "every metric" if len(metrics) == len(tests) > 1 else ", ".join(metrics)
        ui.console.print(f"[yellow]{ui.shown(where)}: {ui.shown(note)}[/yellow]")


def paired_table(tests: Sequence[MetricTests]) -> Table:
    """Paired t and Wilcoxon per metric with effect sizes and Holm-corrected p-values."""
    table = Table(title="Paired tests of B − A per metric (two-sided; p Holm: corrected "
                        "across the metrics)")
    for column in ("metric", "pairs", "B − A", "t", "p", "p Holm", "dz", "W", "p (W)",
                   "p Holm (W)", "r"):
        table.add_column(column, justify="left" if column == "metric" else "right")
    for t in tests:
        pt, w = t.paired_t, t.wilcoxon
        if pt is None or w is None:
            continue
        table.add_row(ui.plain(t.metric), str(t.n_pairs), _num(t.mean_difference),
                      _num(pt.statistic, "{:.3f}"), _p(pt.pvalue), _p(pt.p_holm),
                      _num(pt.effect), _num(w.statistic, "{:g}"), _p(w.pvalue),
                      _p(w.p_holm), _num(w.effect))
    table.caption = ("t: paired t-test, dz = mean(B − A) / sd(B − A); W: Wilcoxon "
                     "signed-rank, r: matched-pairs rank-biserial correlation")
    return table


def welch_table(tests: Sequence[MetricTests]) -> Table:
    """Welch's t-test on every scored record of each run (the record sets differ)."""
    table = Table(title="Welch's t-test, all scored records of A vs of B (two-sided; p Holm: "
                        "corrected across the metrics)")
    for column in ("metric", "n A", "n B", "mean B − mean A", "t", "df", "p", "p Holm", "d"):
        table.add_column(column, justify="left" if column == "metric" else "right")
    for t in tests:
        w = t.welch
        if w is None:
            continue
        table.add_row(ui.plain(t.metric), str(t.n_a), str(t.n_b), _num(w.difference),
                      _num(w.statistic, "{:.3f}"), _num(w.df, "{:.1f}"), _p(w.pvalue),
                      _p(w.p_holm), _num(w.effect))
    table.caption = "d: Cohen's d, (mean B − mean A) / pooled sd"
    return table
