"""Caps bound the units a record's step judges; where one bites, the result says so."""

from __future__ import annotations

import json

import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.engine.run import evaluate
from ragvet.errors import ConfigError
from ragvet.metrics.caps import NO_CAPS, Caps

QUERY = "What is the bridge made of?"
RESPONSE = "The bridge is long."
CLAIMS = [f"The bridge has part {k}." for k in range(7)]


def _judge() -> ScriptedJudge:
    return ScriptedJudge(claims={RESPONSE: CLAIMS},
                         supported={c: k < 3 for k, c in enumerate(CLAIMS)})


def _record():
    return make_record(id="r", query=QUERY, sources=["A bridge."], response=RESPONSE)


def test_a_cap_that_bites_judges_the_first_units_and_is_recorded():
    run = evaluate([_record()], "GR", _judge(), caps=Caps(claims=4))
    result = run.results[0]
    assert result.capped == {"claims(response)": {"limit": 4, "found": 7}}
    assert [c.text for c in result.components] == CLAIMS[:4]
    assert result.scores["GR"] == pytest.approx(3 / 4)
    written = result.to_dict()
    assert written["capped"] == {"claims(response)": {"limit": 4, "found": 7}}
    assert type(result).from_dict(json.loads(json.dumps(written))).capped == result.capped


def test_a_cap_that_does_not_bite_leaves_no_trace():
    for caps in (Caps(claims=7), NO_CAPS, None):
        result = evaluate([_record()], "GR", _judge(), caps=caps).results[0]
        assert result.capped == {}
        assert "capped" not in result.to_dict()
        assert result.scores["GR"] == pytest.approx(3 / 7)


def test_caps_parse_names_and_refuses_mistakes():
    assert Caps.parse("claims=5, sentences=none") == Caps(claims=5, sentences=None)
    assert Caps.parse("") == Caps()
    for wrong in ("claim=5", "claims=0", "claims=many", "claims"):
        with pytest.raises(ConfigError):
            Caps.parse(wrong)


def test_progress_events_count_the_items_of_each_record():
    events = []
    ragvet.evaluate([_record()], "GR", _judge(), on_progress=events.append)
    assert events[-1].finished and events[-1].record_id == "r"
    assert events[-1].items_done == events[-1].items_asked == 1 + len(CLAIMS)
    assert {e.step for e in events[:-1]} == {"claims", "supported"}


def test_evaluate_caps_option_records_the_cap_and_says_so(tmp_path):
    from typer.testing import CliRunner

    from ragvet.cli.app import build_app

    data, script, out = tmp_path / "r.jsonl", tmp_path / "judge.json", tmp_path / "out.jsonl"
    data.write_text(json.dumps({"id": "r", "query": QUERY, "sources": ["A bridge."],
                                "response": RESPONSE}) + "\n")
    script.write_text(json.dumps({"claims": {RESPONSE: CLAIMS},
                                  "supported": {c: True for c in CLAIMS}}))
    app = build_app()
    ran = CliRunner().invoke(app, ["evaluate", str(data), "--judge", f"scripted:{script}",
                                   "--metrics", "GR", "--caps", "claims=2", "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    assert json.loads(out.read_text())["capped"] == {"claims(response)": {"limit": 2,
                                                                          "found": 7}}
    assert "1 record(s) judged only the first units" in ran.output
    wrong = CliRunner().invoke(app, ["evaluate", str(data), "--judge", f"scripted:{script}",
                                     "--caps", "claimz=2", "--out", str(out)])
    assert wrong.exit_code == 2 and "unknown cap 'claimz=2'" in wrong.output
