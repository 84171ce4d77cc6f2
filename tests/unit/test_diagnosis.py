"""One test per THELMA diagnosis pattern: the right component is named."""

from __future__ import annotations

import pytest

from ragvet.metrics.diagnosis import (
    PATTERNS,
    PATTERNS_BY_ID,
    Band,
    Thresholds,
    diagnose,
    summarize,
    thresholds_from_mapping,
)

HIGH, LOW = 0.9, 0.2
GOOD = {"SP1": HIGH, "SP2": HIGH, "SQC": HIGH, "RP": HIGH, "RQC": HIGH, "SD": HIGH, "GR": HIGH}

CASES = [
    ("repetitive_response", {"SD": LOW, "RP": HIGH}, "prompt or generator"),
    ("retrieval_gap", {"SQC": LOW, "RQC": LOW}, "retriever or source text"),
    ("loose_retrieval", {"SP1": LOW, "SQC": HIGH}, "retriever"),
    ("unused_sources", {"RQC": LOW, "SQC": HIGH}, "prompt or generator"),
    ("extraneous_content", {"RP": LOW, "SP1": HIGH}, "prompt or source chunking"),
    ("ungrounded_response", {"SQC": LOW, "RQC": HIGH, "GR": LOW}, "prompt"),
    ("unfaithful_response", {"SQC": HIGH, "RQC": HIGH, "GR": LOW}, "prompt or generator"),
]


@pytest.mark.parametrize(("pattern", "changes", "fix"), CASES, ids=[c[0] for c in CASES])
def test_pattern_names_the_component_to_fix(pattern, changes, fix):
    found = diagnose({**GOOD, **changes})
    assert pattern in found
    assert PATTERNS_BY_ID[pattern].fix == fix


def test_healthy_record_shows_no_pattern():
    assert diagnose(GOOD) == []


def test_scores_between_low_and_high_trigger_nothing():
    middle = dict.fromkeys(GOOD, 0.6)
    assert diagnose(middle, Thresholds(default=Band(0.5, 0.7))) == []


def test_missing_or_not_applicable_metric_never_meets_a_condition():
    assert "ungrounded_response" not in diagnose({**GOOD, "SQC": LOW, "GR": None})


def test_sp_falls_back_to_sp2_when_sp1_was_not_scored():
    scores = {"SP2": LOW, "SQC": HIGH}
    assert diagnose(scores) == ["loose_retrieval"]


def test_a_band_for_sp1_or_sp2_moves_the_patterns_reading_sp():
    scores = {**GOOD, "SP1": 0.5, "SQC": HIGH}
    assert "loose_retrieval" in diagnose(scores)
    assert "loose_retrieval" not in diagnose(scores, thresholds_from_mapping(
        {"SP1": {"low": 0.4, "high": 0.7}}))
    # a band of its own for SP wins over SP1's
    assert "loose_retrieval" in diagnose(scores, thresholds_from_mapping(
        {"SP1": {"low": 0.4, "high": 0.7}, "SP": {"low": 0.6, "high": 0.7}}))
    only_sp2 = {"SP2": 0.5, "SQC": HIGH}
    assert diagnose(only_sp2, thresholds_from_mapping({"SP2": {"low": 0.4, "high": 0.7}})) == []


def test_thresholds_are_per_dimension():
    scores = {**GOOD, "GR": 0.75, "SQC": LOW, "RQC": HIGH}
    assert "ungrounded_response" not in diagnose(scores)
    strict = thresholds_from_mapping({"GR": {"low": 0.8, "high": 0.95}})
    assert "ungrounded_response" in diagnose(scores, strict)


def test_summary_counts_every_pattern():
    counts = {c.pattern.id: c.count for c in summarize([["retrieval_gap"], [], ["retrieval_gap",
                                                        "unused_sources"]])}
    assert counts["retrieval_gap"] == 2 and counts["unused_sources"] == 1
    assert counts["repetitive_response"] == 0 and len(counts) == len(PATTERNS)


def test_bad_band_is_rejected():
    with pytest.raises(ValueError, match="low"):
        Band(0.9, 0.1)


def test_ragvet_names_the_pattern_it_adds_to_thelmas_table():
    from ragvet.metrics.diagnosis import added_patterns, table_title

    assert [p.origin for p in PATTERNS].count("THELMA") == 6  # table 2, as published
    assert added_patterns() == ["unfaithful_response"]
    assert "THELMA table 2" in table_title() and "unfaithful_response" in table_title()


def test_unfaithful_and_ungrounded_responses_are_told_apart_by_source_coverage():
    """Low GR with an answer the sources hold is the generator's fault alone; with an answer
    the sources lack it is THELMA's ungrounded response (the corpus has a gap too)."""
    sources_answer = diagnose({**GOOD, "GR": LOW})
    assert sources_answer == ["unfaithful_response"]
    sources_lack = diagnose({**GOOD, "SQC": LOW, "GR": LOW})
    assert "unfaithful_response" not in sources_lack and "ungrounded_response" in sources_lack
