"""`ragvet pairs make` → `ragvet evaluate` (offline judge) → `ragvet pairs agree`: the table
counts what the results file holds, ties as misses."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app

pytestmark = pytest.mark.integration

ROWS = [
    {"id": "q1", "query": "When was the Elm bridge built, and who designed it?",
     "sources": ["The Elm bridge was built in 1901. It was designed by Ana Ruiz. The river "
                 "below is wide and slow. Boats pass under it every hour."],
     "response": "The Elm bridge was built in 1901. Ana Ruiz designed it."},
    {"id": "q2", "query": "What does the Oak mill grind?",
     "sources": ["The Oak mill grinds corn from local farms. It stands beside the old canal. "
                 "Visitors may tour it on weekends. The wheel is made of oak wood."],
     "response": "The Oak mill grinds corn from local farms."},
    {"id": "q3", "query": "How tall is the Pine tower?",
     "sources": ["The Pine tower is 85 metres tall. It was finished in 1930. Its clock still "
                 "keeps time. A cafe sits at its foot."],
     "response": "The Pine tower is 85 metres tall."},
    {"id": "q4", "query": "Where is the Ash library?",
     "sources": ["The Ash library is on Main Street. It holds ten thousand books. Children "
                 "read there after school. The building was once a bank."],
     "response": "The Ash library is on Main Street."},
]


def run(*args: str):
    result = CliRunner().invoke(build_app(), list(args), env={"COLUMNS": "120"},
                                catch_exceptions=False)
    return result


def test_make_evaluate_agree(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    pairs, results = tmp_path / "pairs.jsonl", tmp_path / "results.jsonl"
    made = run("pairs", "make", str(data), "--out", str(pairs))
    assert made.exit_code == 0, made.output
    assert "4 records" in made.output and "GR" in made.output
    lines = [json.loads(x) for x in pairs.read_text().splitlines()]
    assert sum(x["metadata"]["pair"]["role"] == "better" for x in lines) == 4
    evaluated = run("evaluate", str(pairs), "--metrics", "GR,SD", "--out", str(results))
    assert evaluated.exit_code == 0, evaluated.output
    agreed = run("pairs", "agree", str(results), "--json")
    assert agreed.exit_code == 0, agreed.output
    rows = {r["dimension"]: r for r in json.loads(agreed.output)["rows"]}
    # by hand from the results file: better strictly above worse, per dimension
    scored = {json.loads(x)["id"]: json.loads(x)["scores"]
              for x in results.read_text().splitlines()}
    for dim in ("GR", "SD"):
        pairs_of = [x for x in lines if x["metadata"]["pair"].get("dimension") == dim]
        wins = sum(scored[x["metadata"]["pair"]["better"]][dim] is not None and
                   scored[x["id"]][dim] is not None and
                   scored[x["metadata"]["pair"]["better"]][dim] > scored[x["id"]][dim]
                   for x in pairs_of)
        assert rows[dim]["pairs"] == len(pairs_of) == 4
        assert rows[dim]["wins"] == wins
        assert rows[dim]["agreement"] == wins / 4
        assert rows[dim]["low"] <= rows[dim]["agreement"] <= rows[dim]["high"]
    # the other dimensions' pairs are in the file but their metrics were not run
    assert set(rows) == {"GR", "SD"}
    assert json.loads(agreed.output)["not_run"] == ["SP1", "SP2", "SQC", "RP", "RQC"]
    table = run("pairs", "agree", str(results), "--metric", "GR=SD")
    assert table.exit_code == 0 and "ties and n/a count as misses" in table.output
    assert "Not in the run: the SP1, SP2, SQC, RP, RQC pairs" in table.output
    missing = run("pairs", "agree", str(results), "--metric", "GR=faithfulness")
    assert missing.exit_code == 2 and "no metric 'faithfulness'" in missing.output


def test_mistakes_are_one_line_errors(tmp_path):
    data = tmp_path / "records.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in ROWS[:2]))
    made = run("pairs", "make", str(data), "--out", str(tmp_path / "p.jsonl"))
    assert made.exit_code == 2 and "at least 4 usable records" in made.output
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps({"id": "x", "query": "q", "scores": {"GR": 1.0}}) + "\n")
    agreed = run("pairs", "agree", str(plain))
    assert agreed.exit_code == 2 and "hold no pairs" in agreed.output
    bad = run("pairs", "agree", str(plain), "--metric", "GR")
    assert bad.exit_code == 2 and "DIM=METRIC" in bad.output
