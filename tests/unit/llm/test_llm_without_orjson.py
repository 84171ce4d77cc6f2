"""orjson is optional (the `aiohttp` extra brings it): without it bodies and answers go
through the stdlib json, with the same results; the direct reading of plain answers gives
what pydantic's validation gives."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from ragvet.judges.llm import http
from ragvet.judges.llm.parse import ReplyError, parse_reply

REPLIES = [
    '{"items": [{"id": 1, "reason": "ok é", "verdict": "yes"}, {"id": 2, "verdict": "no"}]}',
    '```json\n{"items": [{"id": 1, "verdict": true}, {"id": 2, "verdict": "no"}]}\n```',
    'Here: {"items": [{"id": "1", "verdict": "yes"}, {"id": 2.0, "verdict": "no", "x": 1}]}',
    '{"items": [{"id": 1, "verdict": {"v": null}}, {"id": 2, "reason": 3, "verdict": "no"}]}',
    '{"items": [{"id": 1, "verdict": NaN}, {"id": 2, "verdict": "no"}]}',
    '{"answer": {"items": [{"id": 1, "verdict": "yes"}, {"id": 2, "verdict": "no"}]}}',
    '{"items": "none"}',
]


def read(text: str, output: str = "verdict"):
    try:
        return {k: repr(v) for k, v in parse_reply(text, 2, output).items()}
    except ReplyError as err:
        return str(err)


@pytest.fixture
def without_orjson(monkeypatch):
    http.json_codec.cache_clear()
    monkeypatch.setitem(sys.modules, "orjson", None)  # `import orjson` fails
    yield
    http.json_codec.cache_clear()


@pytest.mark.skipif(importlib.util.find_spec("orjson") is None, reason="needs orjson")
def test_answers_read_the_same_without_orjson(without_orjson):
    assert http.json_codec()[1] is json.loads
    plain = [read(t) for t in REPLIES]
    http.json_codec.cache_clear()
    sys.modules.pop("orjson")
    assert http.json_codec()[1] is not json.loads  # orjson's, this time
    faster = [read(t) for t in REPLIES]
    assert plain == faster
    assert sum(isinstance(r, dict) for r in plain) >= 4  # most of them are readable


def test_the_stdlib_codec_round_trips_bodies(without_orjson):
    dumps, loads = http.json_codec()
    body = {"model": "m", "messages": [{"role": "user", "content": "é <data>"}], "n": 1}
    assert loads(dumps(body)) == body
    assert dumps(body).decode("utf-8").count("é") == 1  # not escaped to \\u00e9


def test_plain_entries_keep_pydantic_raw_text_and_fields():
    (first, second) = parse_reply('{"items": [{"reason": "r", "id": 1, "verdict": "yes", '
                                  '"extra": [1]}, {"id": 2, "verdict": false}]}', 2,
                                  "verdict").values()
    assert first.raw == '{"id": 1, "verdict": "yes", "reason": "r"}'  # field order, no extra
    assert (first.verdict, first.reason) == (True, "r")
    assert second.raw == '{"id": 2, "verdict": false}' and second.verdict is False
    coerced = parse_reply('{"items": [{"id": "1", "verdict": "yes"}]}', 1, "verdict")
    assert coerced[1].raw == '{"id": 1, "verdict": "yes"}'  # pydantic made the id an int
    parts = parse_reply('{"items": [{"id": 1, "parts": [" A. ", "", 7]}]}', 1, "parts")
    assert parts[1].parts == ("A.", "7")


@pytest.mark.skipif(importlib.util.find_spec("orjson") is None, reason="needs orjson")
def test_prompt_data_is_the_same_text_with_or_without_orjson(monkeypatch):
    from ragvet.judges.llm import fence

    data = {"query": 'Q <x> é \n "quoted" \u2028', "items": [
        {"id": 1, "claim": "c\t\x01", "sources": ("a", "b")}], "n": 3}
    with_orjson = fence.fence(data)
    assert fence._orjson_dumps() is not None
    assert fence.fence("\ud800") == '<data>\n"\ud800"\n</data>'  # refused by orjson
    fence._orjson_dumps.cache_clear()
    monkeypatch.setitem(sys.modules, "orjson", None)
    try:
        assert fence.fence(data) == with_orjson
        assert "<x>" not in with_orjson and "\\u003cx\\u003e" in with_orjson
    finally:
        fence._orjson_dumps.cache_clear()


def test_the_raw_text_of_plain_entries_is_what_json_dumps_writes():
    import json
    import random

    from ragvet.judges.llm.parse import _plain_entry

    rng = random.Random(7)
    alphabet = ['a', 'é', '"', '\\', '\n', '\x01', '\u2028', '<', '😀', ' ']
    values = [None, True, False, 0, -3, 2**70, 1.5, 1e-7, float("nan"), "yes", "", "n\"o"]

    def text() -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(6)))

    for _ in range(400):
        entry = {"id": rng.choice([None, 1, 12]), "verdict": rng.choice(values),
                 "label": rng.choice(values), "reason": rng.choice([None, text()]),
                 "parts": rng.choice([None, [], [text() for _ in range(rng.randrange(3))]])}
        plain = _plain_entry({k: v for k, v in entry.items() if rng.random() < 0.8})
        assert plain is not None
        assert plain.raw_text() == json.dumps(plain.dump(), ensure_ascii=False)
