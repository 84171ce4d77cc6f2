"""Judge specs from the CLI or config ("local", "scripted:FILE", "openai:MODEL", …) → Judge.

Each kind registers a builder; builders import their implementation lazily so that naming
one judge never imports another's dependencies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import ConfigError
from .base import Judge

Builder = Callable[[str, Mapping[str, Any]], Judge]
_BUILDERS: dict[str, Builder] = {}


def register_judge(kind: str, builder: Builder) -> None:
    _BUILDERS[kind] = builder


def make_judge(spec: str, options: Mapping[str, Any] | None = None) -> Judge:
    """Build a judge from `kind[:argument]`, e.g. `scripted:judge.json`."""
    kind, _, argument = spec.partition(":")
    if kind not in _BUILDERS:
        raise ConfigError(f"unknown judge {spec!r}; known kinds: {', '.join(sorted(_BUILDERS))}")
    return _BUILDERS[kind](argument, options or {})


def _scripted(argument: str, options: Mapping[str, Any]) -> Judge:
    from .scripted import ScriptedJudge

    if not argument:
        raise ConfigError("the scripted judge needs a file: --judge scripted:PATH.json")
    return ScriptedJudge.from_file(argument)


def _lazy(target: str) -> Builder:
    """A builder that imports `module:function` only when this kind of judge is asked for."""

    def build(argument: str, options: Mapping[str, Any]) -> Judge:
        import importlib

        module, _, function = target.partition(":")
        return getattr(importlib.import_module(module), function)(argument, options)

    return build


register_judge("scripted", _scripted)
register_judge("local", _lazy("ragvet.judges.local:build_local_judge"))
register_judge("openai", _lazy("ragvet.judges.llm:build_openai_judge"))
register_judge("litellm", _lazy("ragvet.judges.llm:build_litellm_judge"))
