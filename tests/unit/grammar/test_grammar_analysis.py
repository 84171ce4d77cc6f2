"""Group types, R and Acc, context comparison, stratified sampling, reliability."""

from __future__ import annotations

import pytest

from ragvet.grammar.analyze import (
    Graded,
    accuracy,
    context_comparison,
    figures,
    group_types,
    robustness,
    stratify,
    unbalance,
)
from ragvet.grammar.report import analyze, metric_reliability, ranking
from ragvet.results import RecordResult


def item(id: str, group: str, correct: bool | None, length: str = "short",
         docs: tuple[str, ...] = ()) -> Graded:
    return Graded(id=id, group_id=group, correct=correct, doc_ids=docs,
                  sql_template_id=group.split(":")[0], attributes={"length": length})


def test_three_group_types():
    items = [item("a1", "gap", False), item("a2", "gap", False, "long"),
             item("b1", "rob", True), item("b2", "rob", True, "long"),
             item("c1", "mix", True), item("c2", "mix", False, "long"),
             item("d1", "none", None)]
    assert group_types(items) == {"gap": "gap", "rob": "robust", "mix": "non_robust"}


def test_r_and_acc_follow_the_formulas():
    # 10 answers: 3 in a gap group, 7 outside of which 5 are correct
    items = [item(f"g{i}", "gap", False) for i in range(3)]
    items += [item(f"r{i}", "rob", True) for i in range(4)]
    items += [item("m1", "mix", True), item("m2", "mix", False), item("m3", "mix", False)]
    types = group_types(items)
    assert robustness(items, types) == pytest.approx(5 / 7)
    assert accuracy(items, types) == pytest.approx(5 / 7 * 7 / 10)
    assert accuracy(items, types) == pytest.approx(0.5)


def test_r_is_not_applicable_when_everything_is_a_gap():
    items = [item("a", "g", False), item("b", "g", False)]
    types = group_types(items)
    assert robustness(items, types) is None
    assert accuracy(items, types) == 0.0
    assert robustness([], {}) is None and accuracy([], {}) is None


def test_ungraded_answers_are_left_out_not_counted_wrong():
    items = [item("a", "g", True), item("b", "g", None)]
    types = group_types(items)
    assert types == {"g": "robust"}
    assert robustness(items, types) == 1.0


def test_context_comparison_labels_lm_failures_and_retrieval_suspects():
    items = [item("ok", "g", True, docs=("d1", "d2")),
             item("same_docs", "g", False, docs=("d2", "d1")),
             item("other_docs", "g", False, docs=("d3",)),
             item("more_docs", "g", False, docs=("d1", "d2", "d9")),
             item("gap", "h", False, docs=("d1", "d2"))]
    types = group_types(items)
    labels = context_comparison(items, types)
    assert labels == {"same_docs": "lm_failure", "other_docs": "retrieval_suspect",
                      "more_docs": "retrieval_suspect"}
    loose = context_comparison(items, types, mode="contains")
    assert loose["more_docs"] == "lm_failure" and loose["other_docs"] == "retrieval_suspect"
    fig = figures("all", items, types, labels)
    assert (fig.lm_failures, fig.retrieval_suspects) == (1, 2)
    # modular evaluation leaves the LM failure out: 1 correct of 3 outside gaps
    assert fig.r == pytest.approx(1 / 4) and fig.r_retrieval == pytest.approx(1 / 3)


def table2_items() -> list[Graded]:
    """Unbalanced sample: the short cluster holds most of the gap answers."""
    items = [item(f"g1s{i}", "g1", False, "short") for i in range(4)]
    items += [item(f"g2s{i}", "g2", False, "short") for i in range(4)]
    items += [item("g1l0", "g1", False, "long")]
    for g in ("g3", "g4", "g5", "g6"):
        items.append(item(f"{g}s", g, True, "short"))
    items += [item("g3l0", "g3", False, "long"), item("g3l1", "g3", False, "long"),
              item("g4l0", "g4", True, "long"), item("g4l1", "g4", True, "long"),
              item("g5l0", "g5", True, "long"), item("g5l1", "g5", True, "long"),
              item("g6l0", "g6", True, "long"), item("g6l1", "g6", False, "long")]
    return items


def test_accuracy_ranks_clusters_wrongly_when_gap_shares_differ_and_r_ranks_them_right():
    result = analyze(table2_items(), attribute="length")
    short, long_ = result.cluster("short"), result.cluster("long")
    assert short.gap_share == pytest.approx(8 / 12) and long_.gap_share == pytest.approx(1 / 9)
    assert short.acc == pytest.approx(4 / 12) and long_.acc == pytest.approx(5 / 9)
    assert ranking(result.clusters, "acc") == ["long", "short"]  # accuracy is fooled
    assert short.r == pytest.approx(1.0) and long_.r == pytest.approx(5 / 8)
    assert ranking(result.clusters, "r") == ["short", "long"]  # R is not


def test_stratified_sampling_equalises_gap_share_and_fixes_accuracy():
    result = analyze(table2_items(), attribute="length", seed=3)
    short, long_ = result.cluster("short", stratified=True), result.cluster("long",
                                                                            stratified=True)
    assert short.graded == long_.graded == 5  # g2 has no long answer and is dropped
    assert short.gap_share == long_.gap_share == pytest.approx(1 / 5)
    assert ranking(result.stratified, "acc") == ["short", "long"]
    assert ranking(result.stratified, "r") == ["short", "long"]


def test_stratify_is_deterministic_for_a_seed():
    items = table2_items()
    assert [i.id for i in stratify(items, "length", seed=7)] == \
        [i.id for i in stratify(items, "length", seed=7)]


def test_unbalance_drops_only_selected_answers():
    items = table2_items()
    kept = unbalance(items, drop_share=1.0, select=lambda i: i.group_id == "g3")
    assert {i.group_id for i in kept} == {"g1", "g2", "g4", "g5", "g6"}


def test_reliability_is_precision_and_recall_at_calling_answers_correct():
    items = [item("a", "g", True), item("b", "g", True), item("c", "h", False),
             item("d", "h", False), item("e", "k", True)]
    results = [RecordResult(id="a", query="", scores={"GR": 0.9}),
               RecordResult(id="b", query="", scores={"GR": 0.2}),
               RecordResult(id="c", query="", scores={"GR": 0.8}),
               RecordResult(id="d", query="", scores={"GR": 0.1}),
               RecordResult(id="e", query="", scores={"GR": None},
                            not_applicable={"GR": "no claims"})]
    rel = metric_reliability(items, results, "GR", threshold=0.5)
    assert (rel.tp, rel.fp, rel.fn, rel.tn, rel.unscored) == (1, 1, 1, 1, 1)
    assert rel.precision == 0.5 and rel.recall == 0.5
    none = metric_reliability(items, results, "RP")
    assert none.precision is None and none.recall is None and none.unscored == 5
