"""Commands taking RUN accept store run ids and `latest` / `latest~1`, not only files."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ragvet.cli.app import build_app

CLAIM = "Paris is the capital of France."
SCRIPT = {"claims": {CLAIM: [CLAIM], "Lyon is the capital of France.":
                     ["Lyon is the capital of France."]},
          "supported": {CLAIM: True, "Lyon is the capital of France.": False}}


def write_records(path, response, n=12):
    path.write_text("".join(json.dumps({
        "id": str(i), "query": f"Capital of France? ({i})", "sources": [CLAIM],
        "response": response, "metadata": {"expert_ok": response == CLAIM}}) + "\n"
        for i in range(n)))
    return path


def test_compare_and_concordance_read_runs_from_the_store(tmp_path):
    app, runner = build_app(), CliRunner()
    script = tmp_path / "judge.json"
    script.write_text(json.dumps(SCRIPT))
    store = f"sqlite:///{tmp_path / 'runs.db'}"
    for name, response in (("good", CLAIM), ("bad", "Lyon is the capital of France.")):
        data = write_records(tmp_path / f"{name}.jsonl", response)
        result = runner.invoke(app, ["evaluate", str(data), "--judge", f"scripted:{script}",
                                     "--metrics", "GR", "--out", str(tmp_path / f"{name}.out"),
                                     "--store", store])
        assert result.exit_code == 0, result.output
    compared = runner.invoke(app, ["compare", "latest~1", "latest", "--store", store,
                                   "--fail-on-regression"])
    assert compared.exit_code == 1, compared.output
    assert "regressed" in compared.output and "GR" in compared.output
    missing = runner.invoke(app, ["compare", "nope.jsonl", "latest", "--store", store])
    assert missing.exit_code == 2 and "no results file at nope.jsonl" in missing.output
