"""Metrics whose measured validity under the offline judge is poor, with what was measured.

`LocalJudge.describe()` carries this table (`weak_metrics`), so every run with the offline
judge records it, the CLI summary prints it under the scores and the HTML report notes it on
the metric's chart. The figures come from benchmarks/judge_quality.py and
benchmarks/ragas_quality.py on measurement data (docs/local-judge.md); an LLM judge is the
remedy for each.
"""

from __future__ import annotations

WEAK_METRICS: dict[str, str] = {
    "answer_relevance": (
        "questions are generated from templates, not written: some are broken ('What about "
        "…?'), so the cosine to the query measures wording more than relevance"),
    "vera_answer_relevance": (
        "built on the same template questions; measured 0.00 on correct answers"),
    "SQC": (
        "its yes/no decisions tell a source set missing the answer from the full one in only "
        "about six of ten measured pairs (the expected share ranks them far better)"),
    "RQC": (
        "its yes/no decisions tell a response missing part of the answer from the full one "
        "in only about six of ten measured pairs (the expected share ranks them far better)"),
}
