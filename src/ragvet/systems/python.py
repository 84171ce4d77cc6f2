"""A system under test that is a Python callable: `fn(query)`, sync or async.

A sync function runs in a worker thread so that queries still overlap; a coroutine function
(or an object whose `__call__` is one) is awaited. Whatever it raises becomes a failure on
that query. Its reply is read by `reply.read_reply`.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from .._util.callables import load_callable
from .base import Answer
from .reply import ReplyFields, read_reply


class CallableSystem:
    """Adapts `fn(query) -> reply` to the `System` protocol."""

    def __init__(self, fn: Callable[[str], Any], fields: ReplyFields | None = None) -> None:
        self._call, self.fields = awaitable_call(fn), fields or ReplyFields()

    async def answer(self, query: str) -> Answer:
        try:
            value = await self._call(query)
        except Exception as err:  # the system under test may raise anything
            return Answer.failure(query, f"{type(err).__name__}: {err}")
        return read_reply(query, value, self.fields)

    async def aclose(self) -> None:
        """A callable holds nothing ragvet should release."""


def from_callable(fn: Callable[[str], Any], fields: ReplyFields | None = None
                  ) -> CallableSystem:
    return CallableSystem(fn, fields)


def load_system(spec: str, fields: ReplyFields | None = None) -> CallableSystem:
    """`package.module:function` or `path/file.py:function` → the system it names."""
    return CallableSystem(load_callable(spec, what="system"), fields)


def awaitable_call(fn: Callable[[str], Any]) -> Callable[[str], Awaitable[Any]]:
    """`fn(query)` from async code: coroutine functions (or objects whose `__call__` is one)
    are awaited, plain functions run in a worker thread, and an awaitable result is awaited."""
    method = None if inspect.isfunction(fn) else type(fn).__dict__.get("__call__")
    is_async = inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(method)

    async def call(query: str) -> Any:
        value = await fn(query) if is_async else await asyncio.to_thread(fn, query)
        if inspect.isawaitable(value):
            value = await value
        return value

    return call
