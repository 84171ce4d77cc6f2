"""Counting failed scores: what the CLI prints, and when a finished run must not exit 0."""

from __future__ import annotations

from ragvet.engine.failures import count_failures
from ragvet.results import RecordError, RecordResult


def result(rid: str, scores: dict, errors=(), na=None) -> RecordResult:
    return RecordResult(id=rid, query="q", scores=scores, not_applicable=na or {},
                        errors=tuple(RecordError(metric=m, message=f"{m} broke")
                                     for m in errors))


def test_partial_failure_counts_scores_records_and_first_errors():
    counts = count_failures([result("a", {"GR": None, "RP": 1.0}, errors=["GR"]),
                             result("b", {"GR": 0.5, "RP": None}, errors=["RP"]),
                             result("c", {"GR": None, "RP": None}, na={"GR": "no response"},
                                    errors=["RP"])])
    assert (counts.scores, counts.failed, counts.records) == (5, 3, 3)
    assert counts.first_errors == ("GR: GR broke", "RP: RP broke")
    assert not counts.all_failed
    assert "3 of 5 scores failed, on 3 record(s)" in counts.line()


def test_every_score_failed_or_no_call_succeeded_is_a_failed_run():
    failed = [result("a", {"GR": None}, errors=["GR"]), result("b", {"GR": None}, errors=["GR"])]
    assert count_failures(failed).all_failed
    # SD needs no call for a one-sentence response: it scores while every call failed
    mixed = [result("a", {"GR": None, "SD": 1.0}, errors=["GR"])]
    assert not count_failures(mixed).all_failed
    assert count_failures(mixed, {"calls": 0, "embed_calls": 0, "errors": 12}).all_failed
    assert not count_failures(mixed, {"calls": 3, "errors": 12}).all_failed


def test_nothing_failed_nothing_to_say():
    counts = count_failures([result("a", {"GR": 1.0}), result("b", {"GR": None},
                                                              na={"GR": "no sources"})])
    assert counts.failed == 0 and not counts.all_failed
