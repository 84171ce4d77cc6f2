"""`--engine NAME` → an Engine (`engine.backends.Engine`)."""

from __future__ import annotations

from typing import Any

from ..engine.backends import Engine, LocalEngine
from ..errors import ConfigError

ENGINES = ("local", "ray")


def make_engine(name: str, **settings: Any) -> Engine:
    """The engine called `name`; settings go to its constructor (unset ones are dropped)."""
    settings = {k: v for k, v in settings.items() if v is not None}
    if name == "local":
        return LocalEngine()
    if name == "ray":
        from .ray import RayEngine

        return RayEngine(**settings)
    raise ConfigError(f"unknown engine {name!r}; choose one of {', '.join(ENGINES)}")
