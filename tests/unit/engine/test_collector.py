"""The collector's spacing during runs: counted across nested and concurrent runs, put back
by the last run however it ends, and never over a threshold someone else set meanwhile."""

from __future__ import annotations

import asyncio
import gc
import threading

import pytest

from ragvet import ScriptedJudge, make_record
from ragvet.engine.collector import COLLECTOR, CollectorSpacing
from ragvet.engine.run import evaluate_stream

DEFAULT = (700, 10, 10)


@pytest.fixture(autouse=True)
def known_threshold():
    before = gc.get_threshold()
    gc.set_threshold(*DEFAULT)
    yield
    gc.set_threshold(*before)


def record(i: int):
    text = f"Tower {i} is {100 + i} m tall."
    return make_record(id=f"T{i}", query=f"How tall is tower {i}?", sources=[text],
                       response=text)


def judge(count: int = 4) -> ScriptedJudge:
    texts = [f"Tower {i} is {100 + i} m tall." for i in range(count)]
    return ScriptedJudge(claims={t: [t] for t in texts}, supported=dict.fromkeys(texts, True))


def test_spacing_is_counted_and_put_back_by_the_last_exit():
    spacing = CollectorSpacing(every=50_000)
    spacing.enter()
    assert gc.get_threshold() == (50_000, 10, 10)
    spacing.enter()
    spacing.exit()
    assert gc.get_threshold() == (50_000, 10, 10)  # one run still under way
    spacing.exit()
    assert gc.get_threshold() == DEFAULT
    spacing.exit()  # an exit without an entry changes nothing
    assert gc.get_threshold() == DEFAULT and spacing.runs == 0


def test_a_threshold_changed_during_the_runs_is_left_alone():
    spacing = CollectorSpacing(every=50_000)
    with spacing.spaced():
        gc.set_threshold(1234, 5, 5)
    assert gc.get_threshold() == (1234, 5, 5)


def test_a_disabled_or_wider_threshold_is_not_touched():
    spacing = CollectorSpacing(every=50_000)
    gc.set_threshold(0, 10, 10)
    with spacing.spaced():
        assert gc.get_threshold() == (0, 10, 10)
    gc.set_threshold(90_000, 10, 10)
    with spacing.spaced():
        assert gc.get_threshold() == (90_000, 10, 10)
    assert gc.get_threshold() == (90_000, 10, 10)


def test_threads_entering_together_put_back_the_setting_they_found():
    spacing = CollectorSpacing(every=50_000)
    start = threading.Barrier(8)

    def run() -> None:
        start.wait()
        for _ in range(200):
            with spacing.spaced():
                assert gc.get_threshold()[0] == 50_000

    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert spacing.runs == 0 and gc.get_threshold() == DEFAULT


def test_nested_runs_keep_the_spacing_until_the_outer_one_ends():
    async def main() -> list[tuple[int, ...]]:
        seen = []
        async for _ in evaluate_stream([record(0), record(1)], "GR", judge()):
            seen.append(gc.get_threshold())
            async for _ in evaluate_stream([record(2)], "GR", judge()):
                seen.append(gc.get_threshold())
            seen.append(gc.get_threshold())  # the inner run ended, the outer goes on
        return seen

    seen = asyncio.run(main())
    assert seen and all(t[0] == 50_000 for t in seen)
    assert gc.get_threshold() == DEFAULT and COLLECTOR.runs == 0


def test_concurrent_runs_restore_once_both_have_ended():
    async def consume(records, after: asyncio.Event | None, done: asyncio.Event):
        async for _ in evaluate_stream(records, "GR", judge()):
            if after is not None:
                await after.wait()  # still streaming while the other run ends
        done.set()

    async def main() -> tuple[int, ...]:
        first_done, second_done = asyncio.Event(), asyncio.Event()
        slow = asyncio.ensure_future(consume([record(0), record(1)], first_done, second_done))
        await consume([record(2)], None, first_done)
        during = gc.get_threshold()  # the short run ended; the long one is under way
        await slow
        return during

    during = asyncio.run(main())
    assert during[0] == 50_000
    assert gc.get_threshold() == DEFAULT and COLLECTOR.runs == 0


class Failing(ScriptedJudge):
    async def run(self, op, items):
        raise KeyboardInterrupt  # not an Exception: escapes the record's error handling


def test_a_failed_or_cancelled_run_puts_the_setting_back():
    async def fail() -> None:
        async for _ in evaluate_stream([record(0)], "GR", Failing()):
            pass

    with pytest.raises(KeyboardInterrupt):
        asyncio.run(fail())
    assert gc.get_threshold() == DEFAULT and COLLECTOR.runs == 0

    class Hanging(ScriptedJudge):
        async def run(self, op, items):
            await asyncio.Event().wait()

    async def cancel() -> tuple[int, ...]:
        async def consume() -> None:
            async for _ in evaluate_stream([record(0)], "GR", Hanging()):
                pass

        task = asyncio.ensure_future(consume())
        for _ in range(20):
            await asyncio.sleep(0)
        during = gc.get_threshold()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return during

    assert asyncio.run(cancel())[0] == 50_000
    assert gc.get_threshold() == DEFAULT and COLLECTOR.runs == 0


def test_while_spaced_a_full_collection_runs_every_so_many_finished_records(monkeypatch):
    full = []
    monkeypatch.setattr(gc, "collect", lambda *a: full.append(a) or 0)
    spacing = CollectorSpacing(every=50_000, full_every=3)
    for _ in range(5):
        spacing.record_finished()  # no run under way: nothing is spaced, nothing to free
    assert full == []
    with spacing.spaced():
        for _ in range(7):
            spacing.record_finished()
    assert len(full) == 2  # after the 3rd and the 6th


def test_a_streamed_run_frees_the_cyclic_garbage_its_spacing_holds(monkeypatch):
    full = []
    monkeypatch.setattr(gc, "collect", lambda *a: full.append(a) or 0)
    monkeypatch.setattr(COLLECTOR, "full_every", 4)
    monkeypatch.setattr(COLLECTOR, "_finished", 0)  # the count is process-wide

    async def stream():
        return [r async for r in evaluate_stream([record(i) for i in range(9)], ["GR"],
                                                 ScriptedJudge())]

    assert len(asyncio.run(stream())) == 9
    assert len(full) == 2
