"""Per-record coalescing: same-operation calls issued together become one batched call.

THELMA's metrics run concurrently on a record, and several of them ask the same operation at
the same moment (RP, SP2 and SP1 all ask `essential`; SQC and RQC both ask `answers`; the
response and the sources are both split into claims). A `Coalescer` collects the calls of one
operation until the event loop has gone a few turns without a new one, then makes one call.

Verdict operations also wait while a decomposition of the same record is in flight, since
its result usually feeds more items into them: SP1's `essential` call then waits for the
claims that RP and SP2 add. A THELMA record costs 5 chat calls and 1 embedding call this way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from ..base import PARTS, VECTOR, Judge, Operation

QUIET_TURNS = 8


class Coalescer:
    def __init__(self, call: Callable[[list[Any]], Awaitable[list[Any]]],
                 quiet_turns: int = QUIET_TURNS,
                 gate: Callable[[], Awaitable[bool]] | None = None) -> None:
        self._call = call
        self._gate = gate
        self._quiet_turns = quiet_turns
        self._pending: list[tuple[list[Any], asyncio.Future[list[Any]]]] = []
        self._quiet = 0
        self._due = False  # a flush is due: quiet turns are being counted, or it runs
        self._flusher: asyncio.Task[None] | None = None

    async def submit(self, items: Sequence[Any]) -> list[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[list[Any]] = loop.create_future()
        self._pending.append((list(items), future))
        self._quiet = 0
        if not self._due:
            self._due = True
            loop.call_soon(self._tick, loop)
        return await future

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        """One quiet turn of the event loop; the flush starts after `quiet_turns` of them.
        (A plain callback per turn: a task sleeping turn by turn costs several times the
        CPU, and several operations of every record in flight wait this way.)"""
        self._quiet += 1
        if self._quiet < self._quiet_turns:
            loop.call_soon(self._tick, loop)
        else:
            self._flusher = asyncio.ensure_future(self._flush())

    async def _flush(self) -> None:
        while self._gate is not None and await self._gate():
            self._quiet = 0  # the gate was closed: wait for stragglers again
            while self._quiet < self._quiet_turns:
                self._quiet += 1
                await asyncio.sleep(0)
        batch, self._pending, self._flusher, self._due = self._pending, [], None, False
        flat = [item for items, _ in batch for item in items]
        try:
            results = await self._call(flat)
        except BaseException as err:  # every waiter gets the call's failure
            for _, future in batch:
                if not future.done():
                    future.set_exception(err)
            if not isinstance(err, Exception):
                raise
            return
        start = 0
        for items, future in batch:
            if not future.done():
                future.set_result(results[start:start + len(items)])
            start += len(items)


class RecordScope:
    """The Judge protocol for one record, delegating to a judge through one coalescer per
    operation. Decompositions are tracked so that verdict and label operations wait for
    the items they add."""

    def __init__(self, judge: Judge) -> None:
        self._judge = judge
        self.id = judge.id
        self._ops: dict[str, Coalescer] = {}
        self._decomposing = 0
        self._idle: asyncio.Event | None = None

    def _coalescer(self, op: Operation) -> Coalescer:
        if op.name not in self._ops:
            async def call(items: list[Any]) -> list[Any]:
                return await self._judge.run(op, items)

            gated = op.output not in (PARTS, VECTOR)
            self._ops[op.name] = Coalescer(call, gate=self._wait_idle if gated else None)
        return self._ops[op.name]

    async def _wait_idle(self) -> bool:
        """Wait until no decomposition is in flight; True if there was one to wait for."""
        if self._decomposing == 0:
            return False
        if self._idle is None:
            self._idle = asyncio.Event()
        await self._idle.wait()
        return True

    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        if op.output != PARTS:
            return await self._coalescer(op).submit(items)
        self._decomposing += 1
        if self._idle is not None:
            self._idle.clear()
        try:
            return await self._coalescer(op).submit(items)
        finally:
            self._decomposing -= 1
            if self._decomposing == 0 and self._idle is not None:
                self._idle.set()

    def describe(self) -> Mapping[str, Any]:
        return self._judge.describe()
