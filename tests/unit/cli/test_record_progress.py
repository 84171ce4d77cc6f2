"""The evaluate progress bar: a line of its own for a long record while it is judged."""

from __future__ import annotations

from ragvet.cli import console as ui
from ragvet.engine.progress import RecordProgress


def _lines(progress):
    return {t.description.strip(): (t.completed, t.total) for t in progress.tasks}


def test_a_long_record_gets_a_line_until_it_is_done_and_a_short_one_none():
    with ui.record_progress(2) as advance:
        progress = advance.within.progress
        advance.within(RecordProgress("short", "claims", 0, 3))
        advance.within(RecordProgress("short", "done", 3, 3, finished=True))
        advance.within(RecordProgress("long [big]", "claims", 0, 1))
        advance.within(RecordProgress("long [big]", "supported", 1, 2317))
        assert _lines(progress)["long \\[big]: supported"] == (1, 2317)
        advance.within(RecordProgress("long [big]", "supported", 2317, 2317))
        assert _lines(progress)["long \\[big]: supported"] == (2317, 2317)
        assert not any(d.startswith("short") for d in _lines(progress))
        advance.within(RecordProgress("long [big]", "done", 2317, 2317, finished=True))
        assert list(_lines(progress)) == ["Evaluating"]
