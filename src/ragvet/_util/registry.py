"""Names → things loaded on first use: the one registry type behind metric families, judges,
report sections and CLI command groups.

A target is registered either as the object itself or as a `module:attr` string, which is
imported on first lookup (by `_util.callables.load_attr`, ragvet's one loader for such
specs) so that naming one thing never imports another's dependencies.

A registry with an entry-point group also offers what installed packages declare there, e.g.

    [project.entry-points."ragvet.metrics"]
    demo = "ragvet_plugin_demo:METRIC"

The group is read on the first lookup (never at import time), and a plugin is imported only
when its own name is resolved. A plugin that fails to import, or whose object has the wrong
shape, raises a ConfigError that names the plugin and its distribution. Names are unique:
registering a taken name, or a plugin declaring a name that ragvet or another plugin already
uses, is an error rather than a silent override.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..errors import ConfigError
from .callables import load_attr

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class _Entry:
    """One registered name: its target and where it came from (for messages)."""

    target: Any  # the object, a `module:attr` string or an importlib.metadata.EntryPoint
    origin: str  # "registered in code" or "plugin 'NAME' (VALUE) from DISTRIBUTION VERSION"
    plugin: bool = False


class Registry(Generic[T]):
    """Ordered names → lazily resolved targets, optionally extended by an entry-point group.

    `kind` names what is registered ("judge", "metric family") in error messages.
    `adapt(name, obj)` turns a loaded target into the registry's value and may raise
    (TypeError, ValueError, ConfigError) when the object has the wrong shape.
    `plugins_before` is the name that plugins are placed before (default: after the rest).
    """

    def __init__(self, kind: str, *, targets: Mapping[str, Any] | None = None,
                 group: str | None = None, adapt: Callable[[str, Any], T] | None = None,
                 plugins_before: str | None = None) -> None:
        self.kind = kind
        self.group = group
        self._adapt = adapt
        self._plugins_before = plugins_before
        self._entries: dict[str, _Entry] = {}
        self._resolved: dict[str, T] = {}
        self._group_read = group is None
        for name, target in (targets or {}).items():
            self.register(name, target)

    def register(self, name: str, target: Any, *, before: str | None = None,
                 replace: bool = False) -> None:
        """Add `name` (before the name `before` when given and known, else last).

        A taken name is an error unless `replace` is true; replacing keeps the position."""
        if name in self._entries and not replace:
            raise ConfigError(f"{self.kind} {name!r} is already registered "
                              f"({self._entries[name].origin})")
        self._resolved.pop(name, None)
        entry = _Entry(target, "registered in code")
        if name in self._entries:
            self._entries[name] = entry
        else:
            self._insert(name, entry, before)

    def names(self) -> list[str]:
        """Every known name in order, plugins included; imports nothing."""
        self._read_group()
        return list(self._entries)

    def get(self, name: str) -> T:
        """The value registered as `name`, loading it on first use."""
        if name not in self._resolved:
            entry = self._entry(name)
            self._resolved[name] = self._load(name, entry)
        return self._resolved[name]

    def items(self) -> Iterator[tuple[str, T]]:
        """(name, value) in order, loading each value as it is reached."""
        for name in self.names():
            yield name, self.get(name)

    def copy(self) -> Registry[T]:
        """An independent registry with the same names registered in code, whose entry-point
        group is read anew on its first lookup (e.g. to register into in a test)."""
        twin: Registry[T] = Registry(self.kind, group=self.group, adapt=self._adapt,
                                     plugins_before=self._plugins_before)
        twin._entries = {n: e for n, e in self._entries.items() if not e.plugin}
        twin._resolved = {n: v for n, v in self._resolved.items() if n in twin._entries}
        return twin

    # ---- internals ----------------------------------------------------------------------

    def _entry(self, name: str) -> _Entry:
        known = self.names()
        if name not in self._entries:
            raise ConfigError(f"unknown {self.kind} {name!r}; known: {', '.join(known)}")
        return self._entries[name]

    def _insert(self, name: str, entry: _Entry, before: str | None) -> None:
        if before not in self._entries:
            self._entries[name] = entry
            return
        items = list(self._entries.items())
        at = [n for n, _ in items].index(before)
        self._entries = dict([*items[:at], (name, entry), *items[at:]])

    def _load(self, name: str, entry: _Entry) -> T:
        if not entry.plugin:
            target = entry.target
            obj = load_attr(target, what=self.kind) if isinstance(target, str) else target
            return self._adapt(name, obj) if self._adapt else obj
        try:
            obj = entry.target.load()
            return self._adapt(name, obj) if self._adapt else obj
        except Exception as err:  # a plugin may fail in any way; the message names it
            raise ConfigError(f"{self.kind} {entry.origin} failed to load: "
                              f"{type(err).__name__}: {err}") from err

    def _read_group(self) -> None:
        """Add the entry points of `group` once; a name clash names both claimants."""
        if self._group_read:
            return
        self._group_read = True
        from importlib.metadata import entry_points

        seen: dict[str, str] = {}
        for point in entry_points(group=self.group):
            origin = _plugin_origin(point)
            if point.name in self._entries or point.name in seen:
                if seen.get(point.name) == point.value:
                    continue  # the same distribution found twice on the path
                taken_by = self._entries[point.name].origin
                raise ConfigError(f"{self.kind} {origin} uses the name {point.name!r}, "
                                  f"already taken ({taken_by}); rename its entry point in "
                                  f"group {self.group!r}")
            seen[point.name] = point.value
            self._insert(point.name, _Entry(point, origin, plugin=True), self._plugins_before)


def _plugin_origin(point: Any) -> str:
    dist = getattr(point, "dist", None)
    source = f" from {dist.name} {dist.version}" if dist is not None else ""
    return f"plugin {point.name!r} ({point.value}){source}"
