"""docs/ragas.md's results.jsonl: ten scored records with an expert's yes/no label and
whether retrieval was correct (the numbers of tests/unit/cli/test_cli_concordance.py)."""

from __future__ import annotations

from ragvet.results import RecordResult, write_results_jsonl

FAITH = [0.9, 0.8, 0.95, 0.2, 0.75, 0.1, 0.5, 0.9, 0.25, 0.6]
FACT = [0.8, 0.9, 0.6, 0.1, 0.85, 0.2, 0.2, 0.75, 0.9, 0.9]
EXPERT = ["yes", "yes", "yes", "no", "no", "no", "yes", "yes", "no", "yes"]
RETRIEVAL = [True, True, True, False, True, False, False, True, False, True]

write_results_jsonl([
    RecordResult(id=str(i), query=f"q{i}", scores={"faithfulness": f, "factual_correctness": c},
                 metadata={"expert": e, "retrieval_correct": r})
    for i, (f, c, e, r) in enumerate(zip(FAITH, FACT, EXPERT, RETRIEVAL, strict=True))],
    "results.jsonl")
