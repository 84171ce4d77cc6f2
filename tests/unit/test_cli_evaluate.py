"""`ragvet evaluate`: the results-file contract, metric selection, gates and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app

RECORDS = [
    {"id": "good", "query": "Capital of France?", "sources": ["Paris is the capital of France."],
     "response": "Paris is the capital of France.", "metadata": {"system": "a"}},
    {"query": "Capital of Spain?", "sources": ["Madrid hosts the Prado."],
     "response": "Barcelona is the capital of Spain."},
]
SCRIPT = {
    "claims": {"Paris is the capital of France.": ["Paris is the capital of France."],
               "Barcelona is the capital of Spain.": ["Barcelona is the capital of Spain."],
               "Paris is the capital of France. ": []},
    "subquestions": {"Capital of France?": ["What is the capital of France?"],
                     "Capital of Spain?": ["What is the capital of Spain?"]},
    "supported": {"Paris is the capital of France.": True,
                  "Barcelona is the capital of Spain.": {"value": False,
                                                         "reason": "sources never say it"}},
    "essential": {"Paris is the capital of France.": True,
                  "Barcelona is the capital of Spain.": True, "Madrid hosts the Prado.": False},
    "answers": {"What is the capital of France?": True, "What is the capital of Spain?": False},
}


@pytest.fixture
def files(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    script = tmp_path / "judge.json"
    script.write_text(json.dumps(SCRIPT))
    return data, script, tmp_path / "out.jsonl"


def invoke(*args):
    return CliRunner().invoke(build_app(), ["evaluate", *map(str, args)])


def test_results_file_contract(files):
    data, script, out = files
    result = invoke(data, "--judge", f"scripted:{script}", "--metrics", "RP,GR,RQC",
                    "--out", out)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["id"] for line in lines] == ["good", "1"]
    assert lines[0]["scores"] == {"RP": 1.0, "GR": 1.0, "RQC": 1.0}
    assert lines[1]["scores"]["GR"] == 0.0
    assert {"id", "scores", "not_applicable", "diagnosis", "components", "errors",
            "judge"} <= set(lines[0])
    claim = next(c for c in lines[1]["components"] if c["metric"] == "GR")
    assert claim == {"metric": "GR", "kind": "claim", "index": 0,
                     "text": "Barcelona is the capital of Spain.", "verdict": False,
                     "reason": "sources never say it", "raw": claim["raw"]}
    assert "Scores over 2 records" in result.output and "Diagnosis" in result.output


def test_metrics_by_family_name_uses_exact_ids(files):
    data, script, out = files
    invoke(data, "--judge", f"scripted:{script}", "--metrics", "thelma", "--out", out)
    line = json.loads(out.read_text().splitlines()[0])
    assert list(line["scores"]) == ["SP1", "SP2", "SQC", "RP", "RQC", "SD", "GR"]


def test_fail_under_gate_exits_non_zero_and_names_the_metric(files):
    data, script, out = files
    result = invoke(data, "--judge", f"scripted:{script}", "--metrics", "GR,RQC",
                    "--fail-under", "GR=0.9,RQC=0.4", "--out", out)
    assert result.exit_code == 1
    assert "GR mean 0.500 < 0.9" in result.output and "RQC" not in result.output.split(
        "gate failed")[1]
    passing = invoke(data, "--judge", f"scripted:{script}", "--metrics", "GR",
                     "--fail-under", "GR=0.5", "--out", out)
    assert passing.exit_code == 0


def test_invalid_input_exits_2_with_the_place(files, tmp_path):
    _, script, out = files
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"query": "q", "sources": [], "response": 3}\n')
    result = invoke(bad, "--judge", f"scripted:{script}", "--out", out)
    assert result.exit_code == 2
    assert "line 1, field 'response': must be text, got int" in result.output


def test_skip_invalid_reports_what_was_skipped(files, tmp_path):
    data, script, out = files
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(data.read_text() + "{broken\n")
    result = invoke(mixed, "--judge", f"scripted:{script}", "--metrics", "GR", "--out", out,
                    "--skip-invalid")
    assert result.exit_code == 0
    assert "skipped:" in result.output and "line 3" in result.output
    assert len(out.read_text().splitlines()) == 2


def test_threshold_flags_change_the_diagnosis(files):
    data, script, out = files
    invoke(data, "--judge", f"scripted:{script}", "--metrics", "thelma", "--out", out,
           "--threshold", "SQC=0.5:0.7")
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert "retrieval_gap" in lines[1]["diagnosis"]
    invoke(data, "--judge", f"scripted:{script}", "--metrics", "thelma", "--out", out,
           "--threshold", "SQC=0.0:0.7", "--threshold", "RQC=0.0:0.7")
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert "retrieval_gap" not in lines[1]["diagnosis"]


def test_config_file_sets_metrics_and_thresholds(files, tmp_path):
    data, script, out = files
    config = tmp_path / "ragvet.toml"
    config.write_text(f'[evaluate]\nmetrics = "GR"\njudge = "scripted:{script}"\n'
                      '[diagnosis.thresholds]\ndefault = { low = 0.4, high = 0.6 }\n')
    result = invoke(data, "--config", config, "--out", out)
    assert result.exit_code == 0, result.output
    assert list(json.loads(out.read_text().splitlines()[0])["scores"]) == ["GR"]


def test_unknown_metric_is_a_clear_error(files):
    data, script, out = files
    result = invoke(data, "--judge", f"scripted:{script}", "--metrics", "XYZ", "--out", out)
    assert result.exit_code == 2 and "unknown metric or family 'XYZ'" in result.output


def test_console_command_runs_as_a_module(files):
    data, script, out = files
    proc = subprocess.run([sys.executable, "-m", "ragvet", "evaluate", str(data), "--judge",
                           f"scripted:{script}", "--metrics", "GR", "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Results written to" in proc.stdout


def test_verdicts_flag_belongs_to_the_local_and_llm_judges(files):
    data, script, out = files
    result = invoke(data, "--judge", f"scripted:{script}", "--verdicts", "yes-no",
                    "--out", out)
    assert result.exit_code == 2
    assert "option of the local, openai, litellm judges" in result.output


def test_building_the_app_again_registers_no_command_twice():
    from ragvet.cli.app import build_app

    def count(app) -> int:
        return len(app.registered_commands) + len(app.registered_groups)

    first = count(build_app())
    assert count(build_app()) == first
