"""Rich rendering of progress, summaries and the diagnosis. The engine never prints.

Text that comes from data (records, results, stored runs, error messages quoting them)
reaches the terminal only through `plain` (a rich Text: never read as markup) or `shown`
(escaped for a markup string), and both first pass it through `safe`, which writes control
characters as visible escapes so that record text cannot move the cursor, clear the screen,
recolour the terminal or reorder what is shown.
"""

from __future__ import annotations

import re
import time
from contextlib import contextmanager

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..engine.result import Summary

console = Console()
errors = Console(stderr=True)

# C0 controls but tab and newline, DEL, C1 controls (U+0080–U+009F, which include the
# one-byte CSI), and the bidirectional embedding/override/isolate controls.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(value: object) -> str:
    """`value` as text a terminal shows and never obeys: ESC, CR, BEL, C1 controls and bidi
    overrides become visible escapes such as `\\x1b`; tab and newline stay."""
    return _CONTROL.sub(_visible, str(value))


def plain(value: object) -> Text:
    """Data for a table cell, title or caption: control characters neutralised, no markup."""
    return Text(safe(value))


def shown(value: object) -> str:
    """Data to interpolate into a markup string: neutralised and markup-escaped, so that
    `[table.column]` or `ragvet[litellm]` print as written."""
    return escape(safe(value))


def error(message: object, *, label: str = "error", style: str = "red") -> None:
    """`label: message` on stderr; the message is data (see `shown`)."""
    errors.print(f"[{style}]{label}:[/{style}] {shown(message)}", highlight=False,
                 soft_wrap=True)


@contextmanager
def record_progress(total: int, *, label: str = "Evaluating", meter=None, done: int = 0):
    """A progress bar over records; yields a callback to call per finished record.

    With a judge `meter`, calls, tokens, cache hits and call errors are shown live. The
    callback's `within` takes the engine's `RecordProgress` events: a record that asks the
    judge about many items gets a line of its own (step, items judged of items asked) until
    it is done, so a long record does not leave the bar at 0 of 1.
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
            meter.subscribe(_throttled(lambda t: progress.update(
                task, calls=t.calls + t.embed_calls, tokens=f"{t.tokens:,}",
                hits=t.cache_hits, call_errors=t.errors)))

        def advance(result) -> None:
            nonlocal failures
            failures += bool(result.errors)
            progress.update(task, advance=1, errors=failures)

        advance.within = _RecordLines(progress)  # type: ignore[attr-defined]
        try:
            yield advance
        finally:
            if meter is not None:  # the last counts, whatever the throttle left out
                t = meter.snapshot()
                progress.update(task, calls=t.calls + t.embed_calls, tokens=f"{t.tokens:,}",
                                hits=t.cache_hits, call_errors=t.errors)


METER_REFRESH_S = 0.1  # the bar redraws 10 times a second: counts more often are not seen


def _throttled(listener):
    """`listener`, called at most once per METER_REFRESH_S (the meter changes several times
    per judge call; each update of the bar costs more than the call's own accounting)."""
    last = [float("-inf")]

    def call(totals) -> None:
        now = time.monotonic()
        if now - last[0] >= METER_REFRESH_S:
            last[0] = now
            listener(totals)

    return call


LONG_RECORD_ITEMS = 100  # items asked of the judge from which a record gets its own line


class _RecordLines:
    """Draws one line per long record in flight on `progress` from `RecordProgress` events."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.lines: dict[str, object] = {}  # record id → its task

    def __call__(self, event) -> None:
        line = self.lines.get(event.record_id)
        if event.finished:
            if line is not None:
                self.progress.remove_task(self.lines.pop(event.record_id))
            return
        if line is None and event.items_asked < LONG_RECORD_ITEMS:
            return
        description = f"  {shown(event.record_id)}: {shown(event.step)}"
        if line is None:
            self.lines[event.record_id] = self.progress.add_task(
                description, total=event.items_asked, completed=event.items_done, errors="–",
                calls="", tokens="", hits="", call_errors="")
        else:
            self.progress.update(line, description=description, total=event.items_asked,
                                 completed=event.items_done)


def fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def summary_table(summary: Summary) -> Table:
    """Per-metric means and counts; with probability verdicts also "mean yes/no", each
    score recomputed from the yes/no decisions (the decisions the diagnosis reads). A metric
    with plain yes/no verdicts shows its mean there; graded and derived metrics, which make
    no yes/no decisions, show "–"."""
    decided = any(m.probabilistic for m in summary.metrics)
    table = Table(title=f"Scores over {summary.records} records")
    columns = ("metric", "mean", *(("mean yes/no",) if decided else ()), "scored",
               "not applicable", "failed", "items judged", "items failed", "items unverified")
    for column in columns:
        table.add_column(column, justify="left" if column == "metric" else "right")
    for m in summary.metrics:
        yes_no = (fmt(m.decided_mean),) if decided else ()
        table.add_row(plain(m.metric), fmt(m.mean), *yes_no, str(m.count), str(m.not_applicable),
                      str(m.failed), str(m.items_judged), str(m.items_failed),
                      str(m.items_unverified))
    return table


def diagnosis_table(summary: Summary) -> Table | Text:
    """The THELMA patterns the run's scored metrics can show; the others are named in the
    caption with the metrics they need (a zero there would read as "no problem")."""
    from ..metrics.diagnosis import checkable_patterns, table_title

    shown, unchecked = checkable_patterns(
        summary.diagnosis, [m.metric for m in summary.metrics if m.count])
    not_checked = "; ".join(f"{p.id} (needs {', '.join(dims)})" for p, dims in unchecked)
    if not shown:
        needed = sorted({dim for _, dims in unchecked for dim in dims})
        return Text(f"{table_title()}: not checked; its patterns need "
                    f"{', '.join(needed)}, which did not run or scored no record (run "
                    f"with --metrics thelma)", style="dim")
    table = Table(title=table_title(),
                  caption=f"not checked, metrics missing: {not_checked}" if unchecked else None)
    for column in ("pattern", "when", "records", "share", "fix"):
        table.add_column(column, justify="right" if column in ("records", "share") else "left")
    for item in shown:
        p = item.pattern
        style = "bold" if item.count else "dim"
        table.add_row(p.id, p.rule, str(item.count), f"{item.share:.0%}", p.fix, style=style)
    return table
