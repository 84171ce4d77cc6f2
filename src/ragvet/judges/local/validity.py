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
        "its questions are the response's claims turned round by rules (judges/local/"
        "questions.py), so the cosine to the query measures shared wording more than "
        "whether the response answers it"),
    "vera_answer_relevance": (
        "a product of three shares, so it reads low on correct answers (0.71 on the right "
        "HaluEval-QA answers) and ranks the right answer above the hallucinated one in only "
        "about seven pairs of ten"),
    "SQC": (
        "its yes/no decisions tell a source set missing the answer from the full one in only "
        "about six of ten measured pairs (the expected share ranks them far better)"),
    "RQC": (
        "its yes/no decisions tell a response missing part of the answer from the full one "
        "in only about six of ten measured pairs (the expected share ranks them far better)"),
}
