"""User code named on the command line: find it, and call it from async code.

Both ways of reaching a system under test (GRAMMAR's `grammar run --system` and VERA's
`topicality --rag`) name a Python callable the same way and call it the same way.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import inspect
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from ..errors import ConfigError


def load_callable(spec: str, *, what: str = "callable") -> Callable[..., Any]:
    """`package.module:function`, `package.module:obj.method` or `path/file.py:function`."""
    target, _, name = spec.rpartition(":")
    if not target or not name:
        raise ConfigError(f"{what} {spec!r} must look like module:function or "
                          "path/file.py:function")
    module = _module_from_file(target, what) if target.endswith(".py") else \
        _module_by_name(target, what)
    found: Any = module
    try:
        for part in name.split("."):
            found = getattr(found, part)
    except AttributeError as err:
        raise ConfigError(f"cannot load {what} {spec!r}: {err}") from err
    if not callable(found):
        raise ConfigError(f"{what} {spec!r} is not callable")
    return found


def _module_from_file(target: str, what: str) -> Any:
    path = Path(target)
    module_spec = importlib.util.spec_from_file_location(path.stem, path)
    if module_spec is None or module_spec.loader is None or not path.is_file():
        raise ConfigError(f"cannot load {what} module file {target!r}")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def _module_by_name(target: str, what: str) -> Any:
    try:
        return importlib.import_module(target)
    except ImportError as err:
        raise ConfigError(f"cannot import {what} module {target!r}: {err}") from err


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
