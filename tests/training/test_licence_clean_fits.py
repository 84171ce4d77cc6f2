"""Nothing shipped is fitted on data whose licence forbids it (FaithBench, ragas-wikiqa), and
the training code that writes the shipped files never reads them."""

from __future__ import annotations

import ast
import csv
import json
from pathlib import Path

import pytest
from training.datasets import TUNING, ares_relevance

import ragvet
from ragvet.judges.local.params import DEFAULT_PARAMS, PARAMS_DIR
from training import datasets

FORBIDDEN = ("wikiqa", "faithbench")
COMBINER = Path(ragvet.__file__).resolve().parent / "metrics" / "vera_combiner.json"
TRAINING = Path(datasets.__file__).resolve().parent


def _provenance(data: dict) -> list[str]:
    """Every dataset name a shipped file says it was fitted or calibrated on."""
    names = list(data.get("fitted_on", ()))
    names += list((data.get("provenance") or {}).get("fitted_on", ()))
    for info in (data.get("calibration") or {}).values():
        names += list(info.get("calibrated_on", ()))
    return names


SHIPPED = [*sorted(PARAMS_DIR.glob("*.json")), COMBINER]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_fits_name_their_data_and_none_of_it_is_forbidden(path):
    names = _provenance(json.loads(path.read_text(encoding="utf-8")))
    assert names, f"{path.name} does not say what it was fitted on"
    assert [n for n in names if any(f in n.lower() for f in FORBIDDEN)] == []


def test_default_params_and_tuning_list_are_clean():
    assert DEFAULT_PARAMS in SHIPPED
    assert [n for n in TUNING if any(f in n.lower() for f in FORBIDDEN)] == []


def _string_literals(path: Path) -> list[str]:
    """The string constants of a module, its docstrings left out (they may say what is never
    read)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef,
                                       ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_fitting_code_names_no_forbidden_data():
    found = {script.name: [s for s in _string_literals(script)
                           if any(f in s.lower() for f in FORBIDDEN)]
             for script in sorted(TRAINING.glob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}
    assert not hasattr(datasets, "wikiqa_relevance")


def test_ares_relevance_pairs_the_answer_sentence_with_same_page_and_off_topic_ones(tmp_path):
    folder = tmp_path / "ares"
    folder.mkdir()
    fields = ["document_index", "document", "synthetic_query", "Context_Relevance_Label",
              "generated_answer", "Answer_Faithfulness_Label", "Answer_Relevance_Label"]
    rows = [
        ["1", "Paris is the capital of France. It lies on the Seine.", "What is the capital?",
         "Yes", "Paris", "Yes", "Yes"],
        ["1", "Paris is the capital of France. It lies on the Seine.", "Which river?",
         "Yes", "the Seine", "Yes", "Yes"],  # same document: skipped
        ["2", "Oslo is in Norway. Norway is cold.", "Where is Oslo?", "Yes", "The answer is 7.",
         "No", "No"],  # not a relevant answer: skipped
        ["3", "Mount Fuji is 3776 m high. It is in Japan.", "How high is Fuji?", "Yes",
         "3776 m", "Yes", "Yes"],
    ]
    with (folder / "nq_synthetic_queries.tsv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t")
        writer.writerow(fields)
        writer.writerows(rows)
    items = ares_relevance(tmp_path)
    assert [(i.text, i.label, i.group) for i in items] == [
        ("Paris is the capital of France.", True, "0"),
        ("It lies on the Seine.", False, "0"),
        ("Mount Fuji is 3776 m high.", False, "0:off-topic"),
        ("Mount Fuji is 3776 m high.", True, "3"),
        ("It is in Japan.", False, "3"),
        ("Paris is the capital of France.", False, "3:off-topic"),
    ]
    assert {i.context for i in items[:3]} == {("What is the capital?",)}
    # one question has no other document to be off topic with
    assert ares_relevance(tmp_path, limit=1) == items[:2]
