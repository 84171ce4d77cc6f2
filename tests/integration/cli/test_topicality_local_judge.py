"""Acceptance, offline: with the local judge, on-topic and off-topic queries over the bundled
example corpus are told apart (the retrieval-precision difference CI excludes 0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "topicality"


@pytest.mark.slow
def test_local_judge_tells_on_topic_from_off_topic(tmp_path):
    pytest.importorskip("sentence_transformers")
    out = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(EXAMPLE / "on_topic.jsonl"),
        "--off", str(EXAMPLE / "off_topic.jsonl"), "--rag", f"{EXAMPLE / 'rag.py'}:answer",
        "--judge", "local", "--out-dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    report = json.loads((tmp_path / "topicality.json").read_text())
    precision = next(m for m in report["metrics"] if m["metric"] == "vera_retrieval_precision")
    assert precision["difference"]["low"] > 0, precision
    assert report["verdict"] == "covered"
    results = [json.loads(line) for line in (tmp_path / "on.results.jsonl").read_text()
               .splitlines()]
    assert results[0]["judge"]["kind"] == "local"
