"""Retriever accuracy, recall, MRR and nDCG against gold source ids (metrics.retrieval)."""

from __future__ import annotations

import asyncio
import json
import math

import pytest
from typer.testing import CliRunner

from ragvet import ScriptedJudge, make_record
from ragvet.cli.app import build_app
from ragvet.data.load import load_records
from ragvet.data.records import Source
from ragvet.metrics.context import RecordContext
from ragvet.metrics.core import NotApplicable
from ragvet.metrics.registry import resolve_metrics
from ragvet.metrics.retrieval import (
    MRR,
    RETRIEVAL,
    gold_source_ids,
    ndcg,
    recall,
    retrieval_accuracy,
    retrieval_metrics,
)
from ragvet.metrics.scoring import score_metrics


def record(ids, gold, **extra):
    sources = [Source(text=f"passage {i}", id=i) for i in ids]
    metadata = {} if gold is None else {"gold_source_ids": gold}
    return make_record(query="q?", sources=sources, response="r.", metadata={**metadata, **extra})


def scores(rec, metrics=RETRIEVAL):
    ctx = RecordContext(rec, ScriptedJudge())  # no table: any judge call would fail
    return {o.metric: o.score for o in asyncio.run(score_metrics(list(metrics), ctx))}


def test_family_is_registered_with_the_papers_ks():
    ids = [m.id for m in resolve_metrics("retrieval")]
    assert ids == ["retrieval_accuracy@1", "retrieval_accuracy@3", "retrieval_accuracy@5",
                   "recall@5", "ndcg@5", "mrr"]
    assert [m.id for m in resolve_metrics("recall@5,mrr")] == ["recall@5", "mrr"]


def test_scores_by_hand():
    # gold d2 at rank 2, gold d3 at rank 4, gold d9 never retrieved
    rec = record(["d7", "d2", "d8", "d3", "d2"], ["d2", "d3", "d9"])
    found = scores(rec, [*retrieval_metrics((1, 3, 5)), ndcg(2)])
    assert found["retrieval_accuracy@1"] == 0.0
    assert found["retrieval_accuracy@3"] == 1.0
    assert found["recall@1"] == 0.0
    assert found["recall@3"] == pytest.approx(1 / 3)
    assert found["recall@5"] == pytest.approx(2 / 3)  # the repeated d2 counts once
    assert found["mrr"] == pytest.approx(0.5)
    dcg5 = 1 / math.log2(3) + 1 / math.log2(5)
    idcg3 = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert found["ndcg@5"] == pytest.approx(dcg5 / idcg3)
    assert found["ndcg@2"] == pytest.approx((1 / math.log2(3)) / (1 + 1 / math.log2(3)))
    assert found["ndcg@1"] == 0.0


def test_perfect_ranking_scores_one_everywhere():
    found = scores(record(["a", "b", "c"], ["a", "b"]), retrieval_metrics((1, 2, 3)))
    assert found == {k: 1.0 for k in found} | {"recall@1": 0.5}


def test_no_sources_retrieved_is_a_miss_not_inapplicable():
    found = scores(record([], ["d1"]))
    assert set(found.values()) == {0.0}


@pytest.mark.parametrize(("rec", "reason"), [
    (record(["d1"], None), "names no gold sources"),
    (record(["d1"], []), "gold source id list is empty"),
    (make_record(query="q?", sources=["plain text"], response="r.",
                 metadata={"gold_source_ids": ["d1"]}), "carry no ids"),
    (record(["d1"], {"not": "ids"}), "unreadable gold source ids"),
])
def test_not_applicable_with_a_reason(rec, reason):
    for value in scores(rec).values():
        assert isinstance(value, NotApplicable) and reason in value.reason


def test_components_say_where_each_gold_source_was_retrieved():
    ctx = RecordContext(record(["x", "g1"], ["g1", "g2"]), ScriptedJudge())
    (outcome,) = asyncio.run(score_metrics([retrieval_accuracy(1)], ctx))
    rows = [(c.text, c.verdict, c.reason, c.detail.get("rank")) for c in outcome.components]
    assert rows == [("g1", False, "retrieved at rank 2, below the top 1", 2),
                    ("g2", False, "not among the 2 retrieved sources", None)]


@pytest.mark.parametrize(("value", "expected"), [
    (["a", "b", "a"], ("a", "b")), ([3, 7], ("3", "7")), ("a, b", ("a", "b")),
    ('["a", "b"]', ("a", "b")), (5, ("5",)),
])
def test_gold_ids_from_lists_cells_and_numbers(value, expected):
    assert gold_source_ids(record(["a"], value)) == expected


def test_ragas_reference_context_ids_column_is_read(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text('user_input,retrieved_contexts,response,reference_context_ids\n'
                    '"q?","[{""id"": ""p1"", ""text"": ""t""}]","r.","p1"\n')
    (rec,) = load_records(path)
    assert gold_source_ids(rec) == ("p1",)
    assert scores(rec, [MRR])["mrr"] == 1.0


def test_k_must_be_positive():
    with pytest.raises(ValueError):
        recall(0)


def test_cli_evaluate_and_compare_groups_show_them(tmp_path):
    rows = [
        {"id": "a", "query": "q1?", "sources": [{"id": "d1", "text": "t"}], "response": "r.",
         "gold_source_ids": ["d1"], "retriever": "bm25"},
        {"id": "b", "query": "q2?", "sources": [{"id": "d5", "text": "t"},
                                                 {"id": "d2", "text": "t"}],
         "response": "r.", "gold_source_ids": ["d2"], "retriever": "bm25"},
        {"id": "c", "query": "q3?", "sources": [{"id": "d9", "text": "t"}], "response": "r.",
         "gold_source_ids": ["d3"], "retriever": "dense"},
        {"id": "d", "query": "q4?", "sources": [{"id": "d4", "text": "t"}], "response": "r.",
         "gold_source_ids": ["d4"], "retriever": "dense"},
    ]
    data, out = tmp_path / "d.jsonl", tmp_path / "out.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    runner = CliRunner()
    done = runner.invoke(build_app(), ["evaluate", str(data), "--metrics", "retrieval",
                                       "--out", str(out)])
    assert done.exit_code == 0, done.output
    results = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert results["b"]["scores"]["mrr"] == 0.5
    assert results["c"]["scores"]["retrieval_accuracy@5"] == 0.0
    groups = runner.invoke(build_app(), ["compare-groups", str(out), "--by", "retriever",
                                         "--json"])
    assert groups.exit_code == 0, groups.output
    stats = {(s["group"], s["metric"]): s["mean"]
             for s in json.loads(groups.output)["stats"]}
    assert stats[("bm25", "retrieval_accuracy@1")] == 0.5
    assert stats[("dense", "mrr")] == 0.5
