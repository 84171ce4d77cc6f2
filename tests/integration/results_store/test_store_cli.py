"""The store commands end to end: evaluate --store, runs, show, report, serve."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from results_store_support import demo_judge, demo_records
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.engine import Run
from ragvet.store import load_run

SRC = Path(__file__).resolve().parents[3] / "src"

pytestmark = pytest.mark.integration


def test_evaluate_with_store_saves_a_finished_run(tmp_path):
    records = demo_records(3)
    judge = demo_judge(records)
    data = tmp_path / "records.jsonl"
    data.write_text("\n".join(json.dumps(r.to_dict()) for r in records), encoding="utf-8")
    script = tmp_path / "judge.json"
    script.write_text(json.dumps({
        "claims": judge.tables["claims"], "supported": judge.tables["supported"],
        "essential": {" || ".join(k): v for k, v in judge.tables["essential"].items()}}),
        encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    result = CliRunner().invoke(build_app(), [
        "evaluate", str(data), "--metrics", "SP1,RP,GR", "--judge", f"scripted:{script}",
        "--out", str(tmp_path / "results.jsonl"), "--store", url])
    assert result.exit_code == 0, result.output
    assert "saved to the store (3 records)" in result.output
    loaded = load_run("latest", url)
    assert loaded.info.status == "finished" and loaded.info.dataset == str(data)
    assert loaded.info.config["metrics"] == "SP1,RP,GR"
    from ragvet.results import read_results_jsonl

    assert [r.to_dict() for r in loaded.results] == [
        r.to_dict() for r in read_results_jsonl(tmp_path / "results.jsonl")]


def test_cli_report_runs_and_show(sqlite_store, saved, tmp_path):
    runner = CliRunner()
    app = build_app()
    url = sqlite_store.url
    out = tmp_path / "report.html"
    result = runner.invoke(app, ["report", "latest", "--store", url, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "&lt;script&gt;" in out.read_text(encoding="utf-8")
    listed = runner.invoke(app, ["runs", "--store", url])
    assert listed.exit_code == 0 and saved.id in listed.output
    shown = runner.invoke(app, ["show", saved.id[:12], "--store", url])
    assert shown.exit_code == 0, shown.output
    assert "Scores over 5 records" in shown.output and "r4" in shown.output
    one = runner.invoke(app, ["show", "latest", "--store", url, "--record", "r2"])
    assert one.exit_code == 0 and "<img src=x" in one.output       # not eaten as markup
    missing = runner.invoke(app, ["show", "nope", "--store", url])
    assert missing.exit_code == 2 and "no run 'nope'" in missing.output


def test_serve_refuses_a_public_address_without_the_flag(tmp_path):
    result = CliRunner().invoke(build_app(), ["serve", "--store", str(tmp_path / "s.db"),
                                              "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert "--allow-remote" in result.output


def test_report_reads_a_results_file_too(saved, tmp_path):
    results = tmp_path / "results.jsonl"
    Run.from_stored(saved).write_jsonl(results)
    out = tmp_path / "from-file.html"
    result = CliRunner().invoke(build_app(), ["report", str(results), "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert "r4 claim 1" in html and "&lt;script&gt;" in html


def test_serve_on_a_public_address_needs_the_flag_and_warns(tmp_path):
    command = [sys.executable, "-m", "ragvet", "serve", "--store", str(tmp_path / "s.db"),
               "--host", "0.0.0.0", "--port", "0", "--allow-remote"]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": str(SRC)},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        warning = process.stderr.readline() + process.stderr.readline()
        assert "WARNING" in warning and "without a login" in warning
        assert "ragvet dashboard on http://0.0.0.0:" in process.stdout.readline()
    finally:
        process.kill()
        process.wait(timeout=10)


def test_reading_commands_do_not_create_a_store(tmp_path):
    missing = tmp_path / "absent.db"
    result = CliRunner().invoke(build_app(), ["runs", "--store", str(missing)])
    assert result.exit_code == 2 and "no store at" in result.output
    assert not missing.exists()
