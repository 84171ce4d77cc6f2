"""Rich rendering of progress, summaries and the diagnosis. The engine never prints."""

from __future__ import annotations

from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..engine.result import Summary

console = Console()
errors = Console(stderr=True)


@contextmanager
def record_progress(total: int, *, label: str = "Evaluating", meter=None, done: int = 0):
    """A progress bar over records; yields a callback to call per finished record.

    With a judge `meter`, calls, tokens, cache hits and call errors are shown live.
    """
    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("errors: {task.fields[errors]}")]
    if meter is not None:
        columns.append(TextColumn("calls: {task.fields[calls]} tokens: {task.fields[tokens]} "
                                  "cached: {task.fields[hits]} call errors: "
                                  "{task.fields[call_errors]}"))
    progress = Progress(*columns, TimeElapsedColumn(), console=errors, transient=False)
    with progress:
        task = progress.add_task(label, total=total, completed=done, errors=0, calls=0,
                                 tokens=0, hits=0, call_errors=0)
        failures = 0
        if meter is not None:
            meter.subscribe(lambda t: progress.update(
                task, calls=t.calls + t.embed_calls, tokens=f"{t.tokens:,}",
                hits=t.cache_hits, call_errors=t.errors))

        def advance(result) -> None:
            nonlocal failures
            failures += bool(result.errors)
            progress.update(task, advance=1, errors=failures)

        yield advance


def fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def summary_table(summary: Summary) -> Table:
    """Per-metric means and counts; with probability verdicts also the mean share of yes
    verdicts ("mean yes/no"), the decisions the diagnosis reads."""
    decided = any(m.decided_mean is not None for m in summary.metrics)
    table = Table(title=f"Scores over {summary.records} records")
    columns = ("metric", "mean", *(("mean yes/no",) if decided else ()), "scored",
               "not applicable", "failed", "items judged", "items failed", "items unverified")
    for column in columns:
        table.add_column(column, justify="left" if column == "metric" else "right")
    for m in summary.metrics:
        yes_no = (fmt(m.decided_mean if m.decided_mean is not None else m.mean),) \
            if decided else ()
        table.add_row(m.metric, fmt(m.mean), *yes_no, str(m.count), str(m.not_applicable),
                      str(m.failed), str(m.items_judged), str(m.items_failed),
                      str(m.items_unverified))
    return table


def diagnosis_table(summary: Summary) -> Table:
    table = Table(title="Diagnosis (THELMA table 2)")
    for column in ("pattern", "when", "records", "share", "fix"):
        table.add_column(column, justify="right" if column in ("records", "share") else "left")
    for item in summary.diagnosis:
        p = item.pattern
        style = "bold" if item.count else "dim"
        table.add_row(p.id, p.rule, str(item.count), f"{item.share:.0%}", p.fix, style=style)
    return table
