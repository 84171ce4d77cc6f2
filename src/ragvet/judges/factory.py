"""Judge specs from the CLI or config ("local", "scripted:FILE", "openai:MODEL", …) → Judge.

Each kind names a builder `(argument, options) -> Judge` in `JUDGES`: ragvet's own as lazy
`module:attr` targets, so that naming one judge never imports another's dependencies, and
installed packages' through the `ragvet.judges` entry-point group. `--judge KIND:ARGUMENT`
calls the builder of KIND with ARGUMENT (empty when there is none) and the judge options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .._util.registry import Registry
from ..errors import ConfigError
from .base import Judge

Builder = Callable[[str, Mapping[str, Any]], Judge]


def _as_builder(kind: str, target: Any) -> Builder:
    if not callable(target):
        raise TypeError(f"judge {kind!r} must be a builder (argument, options) -> Judge, "
                        f"not {type(target).__name__}")
    return target


def _scripted(argument: str, options: Mapping[str, Any]) -> Judge:
    from .scripted import ScriptedJudge

    if not argument:
        raise ConfigError("the scripted judge needs a file: --judge scripted:PATH.json")
    return ScriptedJudge.from_file(argument)


JUDGES: Registry[Builder] = Registry("judge", group="ragvet.judges", adapt=_as_builder, targets={
    "scripted": _scripted,
    "local": "ragvet.judges.local:build_local_judge",
    "openai": "ragvet.judges.llm:build_openai_judge",
    "litellm": "ragvet.judges.llm:build_litellm_judge",
})


def register_judge(kind: str, builder: Builder | str) -> None:
    """Add a kind of judge: a builder, or a `module:attr` naming one."""
    JUDGES.register(kind, builder)


def make_judge(spec: str, options: Mapping[str, Any] | None = None) -> Judge:
    """Build a judge from `kind[:argument]`, e.g. `scripted:judge.json`."""
    kind, _, argument = spec.partition(":")
    return JUDGES.get(kind)(argument, options or {})
