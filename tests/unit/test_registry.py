"""The one registry type: lazy targets, entry-point groups, duplicate names, clear errors;
and the metric, judge and report-section registries built on it."""

from __future__ import annotations

import importlib.metadata
import sys
from importlib.metadata import EntryPoint

import pytest

from ragvet._util.registry import Registry
from ragvet.errors import ConfigError
from ragvet.judges import factory
from ragvet.metrics import registry as metric_registry
from ragvet.report import sections

GROUP = "ragvet.test_things"


@pytest.fixture
def plugin_module(tmp_path, monkeypatch):
    """An importable module `regplug` that counts its imports."""
    (tmp_path / "regplug.py").write_text(
        "import builtins\n"
        "builtins.regplug_imports = getattr(builtins, 'regplug_imports', 0) + 1\n"
        "THING = 'plugged'\n"
        "def factory():\n    return ('made',)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "regplug", raising=False)
    yield "regplug"
    import builtins

    if hasattr(builtins, "regplug_imports"):
        del builtins.regplug_imports


def declare(monkeypatch, group: str, **points: str) -> list[str]:
    """Entry points NAME=VALUE in `group`, as installed packages would declare them."""
    read: list[str] = []
    real = importlib.metadata.entry_points

    def entry_points(**select):
        if select.get("group") != group:
            return real(**select)
        read.append(group)
        return [EntryPoint(name, value, group) for name, value in points.items()]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return read


def test_string_targets_are_imported_on_first_lookup_only(plugin_module):
    import builtins

    things = Registry("thing", targets={"a": f"{plugin_module}:THING", "b": "x.y:z"})
    assert not hasattr(builtins, "regplug_imports")
    assert things.names() == ["a", "b"]
    assert things.get("a") == "plugged" and things.get("a") == "plugged"
    assert builtins.regplug_imports == 1


def test_unknown_names_list_the_known_ones():
    things = Registry("thing", targets={"a": 1, "b": 2})
    with pytest.raises(ConfigError, match=r"unknown thing 'c'; known: a, b"):
        things.get("c")


def test_a_taken_name_is_an_error_unless_replaced():
    things = Registry("thing", targets={"a": 1})
    with pytest.raises(ConfigError, match="thing 'a' is already registered"):
        things.register("a", 2)
    things.register("a", 2, replace=True)
    assert things.get("a") == 2


def test_register_before_places_the_name():
    things = Registry("thing", targets={"a": 1, "z": 26})
    things.register("m", 13, before="z")
    things.register("q", 17, before="nowhere")
    assert things.names() == ["a", "m", "z", "q"]


def test_the_group_is_read_on_first_lookup_and_plugins_load_when_named(monkeypatch,
                                                                        plugin_module):
    import builtins

    read = declare(monkeypatch, GROUP, plug=f"{plugin_module}:THING")
    things = Registry("thing", group=GROUP, targets={"a": 1, "z": 26}, plugins_before="z")
    assert read == []
    assert things.get("a") == 1
    assert read == [GROUP] and not hasattr(builtins, "regplug_imports")
    assert things.names() == ["a", "plug", "z"]
    assert things.get("plug") == "plugged"
    assert read == [GROUP]


def test_a_plugin_that_fails_to_load_is_named(monkeypatch):
    declare(monkeypatch, GROUP, broken="no_such_module_here:THING")
    things = Registry("thing", group=GROUP)
    with pytest.raises(ConfigError, match=r"thing plugin 'broken' \(no_such_module_here:THING\) "
                                          r"failed to load: ModuleNotFoundError"):
        things.get("broken")


def test_a_plugin_of_the_wrong_shape_is_named(monkeypatch, plugin_module):
    declare(monkeypatch, GROUP, odd=f"{plugin_module}:THING")
    things = Registry("thing", group=GROUP, adapt=lambda name, obj: int(obj))
    with pytest.raises(ConfigError, match=r"plugin 'odd' .* failed to load: ValueError"):
        things.get("odd")


def test_a_plugin_may_not_take_a_registered_name(monkeypatch, plugin_module):
    declare(monkeypatch, GROUP, a=f"{plugin_module}:THING")
    things = Registry("thing", group=GROUP, targets={"a": 1})
    with pytest.raises(ConfigError, match=r"plugin 'a' .* uses the name 'a', already taken"):
        things.get("a")


def test_copy_is_independent():
    things = Registry("thing", targets={"a": 1})
    twin = things.copy()
    twin.register("b", 2)
    assert things.names() == ["a"] and twin.names() == ["a", "b"]


# ---- the registries built on it ------------------------------------------------------------

def test_metric_families_accept_a_metric_a_sequence_or_a_factory():
    gr = metric_registry.resolve_metrics("GR")[0]
    rp = metric_registry.resolve_metrics("RP")[0]
    assert metric_registry._as_family("x", gr) == (gr,)
    assert metric_registry._as_family("x", [gr, rp]) == (gr, rp)
    assert metric_registry._as_family("x", lambda: (gr,)) == (gr,)
    with pytest.raises(TypeError, match="metric family 'x' must be"):
        metric_registry._as_family("x", "GR")


def test_a_plugin_family_is_named_on_first_lookup(monkeypatch):
    declare(monkeypatch, "ragvet.metrics", mine="ragvet.metrics.thelma:GR")
    monkeypatch.setattr(metric_registry, "FAMILIES", metric_registry.FAMILIES.copy())
    assert metric_registry.resolve_metrics("MINE,thelma")[0].id == "GR"
    assert "mine" in metric_registry.families()


def test_ids_of_built_in_metrics_never_import_a_plugin(monkeypatch):
    declare(monkeypatch, "ragvet.metrics", broken="no_such_module_here:METRIC")
    monkeypatch.setattr(metric_registry, "FAMILIES", metric_registry.FAMILIES.copy())
    assert [m.id for m in metric_registry.resolve_metrics("GR")] == ["GR"]
    with pytest.raises(ConfigError, match="plugin 'broken'"):
        metric_registry.resolve_metrics("no-such-metric")


def test_a_plugin_judge_gets_the_argument_and_options(monkeypatch, tmp_path):
    (tmp_path / "judgeplug.py").write_text(
        "def build(argument, options):\n    return ('judge', argument, dict(options))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    declare(monkeypatch, "ragvet.judges", mine="judgeplug:build")
    monkeypatch.setattr(factory, "JUDGES", factory.JUDGES.copy())
    assert factory.make_judge("mine:m1", {"k": 1}) == ("judge", "m1", {"k": 1})
    with pytest.raises(ConfigError, match="unknown judge 'nope'; known: scripted, local"):
        factory.make_judge("nope:x")


def test_built_in_report_sections_keep_their_order():
    assert sections.SECTIONS.names()[:8] == [
        "overview", "distributions", "diagnosis", "intervals", "breakdowns", "statistics",
        "judge-calls", "records"]


def test_the_same_plugin_found_twice_on_the_path_counts_once(monkeypatch, plugin_module):
    group = GROUP
    real = importlib.metadata.entry_points
    twice = [EntryPoint("plug", f"{plugin_module}:THING", group)] * 2
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **s: twice if s.get("group") == group else real(**s))
    assert Registry("thing", group=group).names() == ["plug"]
