"""Find user code named on the command line or in a registry as `module:attr`.

The one loader behind `grammar run --system`, `topicality --rag`, `grammar --writer` /
`--judge` completers and lazily registered judge builders, so every spec reads the same way
(`package.module:name`, `package.module:obj.method` or `path/to/file.py:name`) and every
failure is a ConfigError that names the spec.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import ConfigError


def load_attr(spec: str, *, what: str = "object") -> Any:
    """`module:attr` (the attribute may be a dotted path) → the object it names."""
    target, _, name = spec.rpartition(":")
    if not target or not name:
        raise ConfigError(f"{what} {spec!r} must look like module:attr or path/file.py:attr")
    module = _module_from_file(spec, target, what) if target.endswith(".py") else \
        _module_by_name(spec, target, what)
    found: Any = module
    try:
        for part in name.split("."):
            found = getattr(found, part)
    except AttributeError as err:
        raise ConfigError(f"cannot load {what} {spec!r}: {err}") from err
    return found


def load_callable(spec: str, *, what: str = "callable") -> Callable[..., Any]:
    """`module:function` → the function; anything not callable is a ConfigError."""
    found = load_attr(spec, what=what)
    if not callable(found):
        raise ConfigError(f"{what} {spec!r} is not callable")
    return found


def _module_from_file(spec: str, target: str, what: str) -> ModuleType:
    path = Path(target)
    module_spec = importlib.util.spec_from_file_location(path.stem, path)
    if module_spec is None or module_spec.loader is None or not path.is_file():
        raise ConfigError(f"cannot load {what} {spec!r}: no module file {target!r}")
    module = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(module)
    except Exception as err:  # user code may fail in any way while it loads
        raise ConfigError(f"cannot load {what} {spec!r}: running {target!r} failed: "
                          f"{type(err).__name__}: {err}") from err
    return module


def _module_by_name(spec: str, target: str, what: str) -> ModuleType:
    try:
        return importlib.import_module(target)
    except ImportError as err:
        raise ConfigError(f"cannot load {what} {spec!r}: cannot import {target!r}: {err}"
                          ) from err
