"""Naming and calling user code (GRAMMAR `--system`, topicality `--rag`)."""

from __future__ import annotations

import asyncio

import pytest

from ragvet._util.callables import load_callable
from ragvet.errors import ConfigError
from ragvet.systems.python import awaitable_call


def test_loads_by_module_name_dotted_attribute_and_file(tmp_path):
    assert load_callable("json:dumps")({"a": 1}) == '{"a": 1}'
    assert load_callable("json:JSONDecoder.decode")  # an attribute path
    module = tmp_path / "my_rag.py"
    module.write_text("def answer(q):\n    return {'response': q.upper(), 'sources': []}\n")
    assert load_callable(f"{module}:answer")("hi")["response"] == "HI"


@pytest.mark.parametrize("spec, message", [
    ("no_colon", "must look like"),
    ("json:no_such_name", "cannot load"),
    ("json:__doc__", "not callable"),
    ("no_such_module_xyz:f", "cannot import"),
    ("/nowhere/missing.py:f", "module file"),
])
def test_bad_specs_are_config_errors_naming_the_problem(spec, message):
    with pytest.raises(ConfigError, match=message):
        load_callable(spec, what="system")


def test_sync_async_and_awaitable_results_are_all_awaited():
    async def coroutine(q):
        return f"async {q}"

    class AsyncCallable:
        async def __call__(self, q):
            return f"object {q}"

    def returns_awaitable(q):
        return coroutine(q)

    async def main():
        return [await awaitable_call(f)("q") for f in
                (str.upper, coroutine, AsyncCallable(), returns_awaitable)]

    assert asyncio.run(main()) == ["Q", "async q", "object q", "async q"]
