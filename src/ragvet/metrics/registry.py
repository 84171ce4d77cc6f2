"""Metric lookup by id or family name.

Families are named in `FAMILIES`, ragvet's own as lazy `module:attr` targets so that naming
one family never imports another's dependencies, and installed packages' through the
`ragvet.metrics` entry-point group. A family's target is a metric, a tuple or list of
metrics, or a zero-argument factory returning either. The registry treats a metric as an
opaque object with an `id`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .._util.registry import Registry
from ..errors import ConfigError

if TYPE_CHECKING:
    from .core import Metric


def _as_family(name: str, target: Any) -> tuple[Metric, ...]:
    """A metric, a sequence of metrics or a factory of either → the family's metrics."""
    found = target() if callable(target) and not _is_metric(target) else target
    metrics = tuple(found) if isinstance(found, (tuple, list)) else (found,)
    odd = [m for m in metrics if not _is_metric(m)]
    if odd or not metrics:
        raise TypeError(f"metric family {name!r} must be a metric, a tuple or list of "
                        f"metrics or a factory of those, not {type(found).__name__}")
    return metrics


def _is_metric(obj: Any) -> bool:
    return isinstance(getattr(obj, "id", None), str)


FAMILIES: Registry[tuple[Metric, ...]] = Registry(
    "metric family", group="ragvet.metrics", adapt=_as_family, targets={
        "thelma": "ragvet.metrics.thelma:THELMA",
        "ragas": "ragvet.metrics.ragas:RAGAS",
        "vera": "ragvet.metrics.vera:vera_family",
        "retrieval": "ragvet.metrics.retrieval:RETRIEVAL",
    })

DEFAULT_FAMILIES = ("thelma",)


def register_family(name: str, target: Any) -> None:
    """Add a family: a metric, a tuple of metrics, a factory of those or a `module:attr`."""
    FAMILIES.register(name, target)


def families() -> dict[str, tuple[Metric, ...]]:
    return dict(FAMILIES.items())


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
    chosen: dict[str, Metric] = {}
    for name in names:
        found = _lookup(name) if isinstance(name, str) else (name,)
        chosen.update({m.id: m for m in found})
    if not chosen:
        raise ConfigError("no metrics selected")
    return list(chosen.values())


def _lookup(name: str) -> tuple[Metric, ...]:
    """A family by name, else a metric by id (case-insensitive). Families are loaded in
    order and only as far as needed, so an id of ragvet's own never imports a plugin."""
    family = {n.lower(): n for n in FAMILIES.names()}.get(name.lower())
    if family is not None:
        return FAMILIES.get(family)
    for _, metrics in FAMILIES.items():
        for metric in metrics:
            if metric.id.lower() == name.lower():
                return (metric,)
    options = sorted(FAMILIES.names()) + sorted(all_metrics())
    raise ConfigError(f"unknown metric or family {name!r}; known: {', '.join(options)}")
