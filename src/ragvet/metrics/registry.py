"""Metric lookup by id or family name. Families register their metrics here."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import ConfigError
from .core import Metric

# family name → factory returning its metrics in display order. Factories import lazily
# so that naming a family never imports another family's dependencies.
_FAMILIES: dict[str, Callable[[], tuple[Metric, ...]]] = {}


def register_family(name: str, factory: Callable[[], tuple[Metric, ...]]) -> None:
    _FAMILIES[name] = factory


def _thelma() -> tuple[Metric, ...]:
    from .thelma import THELMA

    return THELMA


register_family("thelma", _thelma)
register_family("ragas", lambda: __import__("ragvet.metrics.ragas", fromlist=["RAGAS"]).RAGAS)
register_family("vera", lambda: __import__("ragvet.metrics.vera", fromlist=["_"]).vera_family())

DEFAULT_FAMILIES = ("thelma",)


def families() -> dict[str, tuple[Metric, ...]]:
    return {name: factory() for name, factory in _FAMILIES.items()}


def all_metrics() -> dict[str, Metric]:
    return {m.id: m for ms in families().values() for m in ms}


def resolve_metrics(selection: str | Iterable[str | Metric] | None = None) -> list[Metric]:
    """Turn "thelma,GR" or ["RP", GR] or None (the default families) into Metric objects."""
    if selection is None:
        names: list[str | Metric] = list(DEFAULT_FAMILIES)
    elif isinstance(selection, str):
        names = [s.strip() for s in selection.split(",") if s.strip()]
    else:
        names = list(selection)
    known_families = families()
    by_id = {m.id.lower(): m for ms in known_families.values() for m in ms}
    chosen: dict[str, Metric] = {}
    for name in names:
        if isinstance(name, Metric):
            chosen[name.id] = name
        elif name.lower() in known_families:
            chosen.update({m.id: m for m in known_families[name.lower()]})
        elif name.lower() in by_id:
            metric = by_id[name.lower()]
            chosen[metric.id] = metric
        else:
            options = sorted(known_families) + sorted(m.id for m in by_id.values())
            raise ConfigError(f"unknown metric or family {name!r}; known: {', '.join(options)}")
    if not chosen:
        raise ConfigError("no metrics selected")
    return list(chosen.values())
