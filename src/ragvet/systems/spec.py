"""A system under test named on the command line → the adapter that calls it.

- `http://…` / `https://…`: an endpoint taking `{"query": …}` (`from_http`)
- `langchain:MODULE:ATTR`: a LangChain runnable (`from_langchain`)
- `llamaindex:MODULE:ATTR`: a LlamaIndex query or chat engine (`from_llamaindex`)
- `MODULE:ATTR`: a runnable or an engine (recognised by their methods), else a callable
  `fn(query)` (`from_callable`)

MODULE may be a dotted module or a `path/file.py`. With a `langchain:` or `llamaindex:`
prefix, ATTR may also be a function taking no argument that builds the runnable or engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._util.callables import load_attr
from ..errors import ConfigError
from .base import System
from .http import from_http
from .langchain import from_langchain
from .llamaindex import from_llamaindex
from .python import from_callable
from .reply import ReplyFields

FRAMEWORKS: dict[str, tuple[str, tuple[str, ...], Callable[[Any], System]]] = {
    "langchain": ("LangChain runnable", ("ainvoke",), from_langchain),
    "llamaindex": ("LlamaIndex query engine", ("aquery", "achat"), from_llamaindex),
}


def system_from_spec(spec: str, fields: ReplyFields | None = None) -> System:
    """The system `spec` names; a spec that names nothing usable is a ConfigError."""
    if spec.startswith(("http://", "https://")):
        return from_http(spec, fields=fields)
    prefix, _, rest = spec.partition(":")
    if prefix in FRAMEWORKS and ":" in rest:
        what, methods, adapt = FRAMEWORKS[prefix]
        return adapt(_built(load_attr(rest, what=what), methods, spec, what))
    target = load_attr(spec, what="system")
    for _what, methods, adapt in FRAMEWORKS.values():
        if any(hasattr(target, m) for m in methods):
            return adapt(target)
    if callable(target):
        return from_callable(target, fields)
    raise ConfigError(f"system {spec!r} is neither callable, a LangChain runnable nor a "
                      "LlamaIndex query engine")


def _built(found: Any, methods: tuple[str, ...], spec: str, what: str) -> Any:
    if any(hasattr(found, m) for m in methods):
        return found
    if callable(found):
        try:
            found = found()
        except Exception as err:  # user code building the system may fail in any way
            raise ConfigError(f"building the {what} {spec!r} failed: "
                              f"{type(err).__name__}: {err}") from err
        if any(hasattr(found, m) for m in methods):
            return found
    raise ConfigError(f"{spec!r} is not a {what} (it has no {' or '.join(methods)})")
