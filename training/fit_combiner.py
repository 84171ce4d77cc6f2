"""Fit VERA's calibrated combiner on labelled TUNING data only, and ship its parameters.

    python -m ragvet.stats.fit_combiner --data /path/to/shared/data [--judge local]

Tuning sets (never the measurement rows): HaluEval-QA rows 0–499 (the right answer is
label 1, the hallucinated one label 0, both against the same knowledge) and the 10 WikiEval
samples (grounded answer 1; ungrounded and poor answers 0). The four VERA metrics are
scored with the judge, a not-applicable score is filled with the metric's tuning mean, and
an L2-regularised logistic regression (Newton's method, NumPy only) with every weight ≥ 0
maps the four scores to P(right). The result is written to `ragvet/metrics/vera_combiner.json`.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..data.records import Record, make_record

HALUEVAL = "halueval-qa/qa_data_1000.jsonl"
WIKIEVAL = "wikieval/wikieval_samples_10.jsonl"
TUNING_ROWS = range(0, 500)
MEASUREMENT_ROWS = range(500, 1000)
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "metrics" / "vera_combiner.json"


def tidy_knowledge(text: str) -> str:
    """HaluEval glues passages together ("…century.First for Women …"): restore the space."""
    return re.sub(r"([.!?])(?=[A-Z])", r"\1 ", text)


def halueval_pairs(path: str | Path, rows: range) -> Iterator[tuple[int, Record, Record]]:
    """(row, right-answer record, hallucinated-answer record) for the given rows."""
    with Path(path).open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            if index not in rows or not line.strip():
                continue
            row = json.loads(line)
            common = {"query": row["question"], "sources": [tidy_knowledge(row["knowledge"])],
                      "metadata": {"dataset": "halueval-qa", "row": index}}
            yield (index,
                   make_record(id=f"halueval-{index}-right", response=row["right_answer"],
                               **common),
                   make_record(id=f"halueval-{index}-hallucinated",
                               response=row["hallucinated_answer"], **common))


def wikieval_records(path: str | Path) -> Iterator[tuple[Record, int]]:
    with Path(path).open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            row = json.loads(line)
            query = row["question"].removeprefix("Question:").strip()
            context = row["context_v1"]
            sources = json.loads(context) if isinstance(context, str) else list(context)
            answers = {"grounded": (row["answer"].removeprefix("Answer:").strip(), 1),
                       "ungrounded": (row["ungrounded_answer"], 0),
                       "poor": (row["poor_answer"], 0)}
            for kind, (response, label) in answers.items():
                yield make_record(id=f"wikieval-{index}-{kind}", query=query, sources=sources,
                                  response=response, metadata={"dataset": "wikieval"}), label


def tuning_set(data: Path) -> tuple[list[Record], list[int]]:
    records, labels = [], []
    for _, right, wrong in halueval_pairs(data / HALUEVAL, TUNING_ROWS):
        records += [right, wrong]
        labels += [1, 0]
    for record, label in wikieval_records(data / WIKIEVAL):
        records.append(record)
        labels.append(label)
    return records, labels


def fit_logistic(features: np.ndarray, labels: np.ndarray, *, l2: float = 1.0,
                 iterations: int = 50) -> tuple[np.ndarray, float]:
    """L2-regularised logistic regression by Newton's method (the bias is not penalised)."""
    x = np.column_stack([np.ones(len(features)), np.asarray(features, dtype=float)])
    y = np.asarray(labels, dtype=float)
    penalty = np.full(x.shape[1], float(l2))
    penalty[0] = 0.0
    beta = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -500, 500)))
        gradient = x.T @ (p - y) + penalty * beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(len(beta))
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta[1:], float(beta[0])


def fit_monotone(features: np.ndarray, labels: np.ndarray, *, l2: float = 1.0
                 ) -> tuple[np.ndarray, float]:
    """Logistic regression with every weight ≥ 0 (active set: a metric whose weight comes
    out negative is dropped and the rest refitted). Each VERA metric is higher-is-better, so
    the combiner must never reward a lower score, whatever quirk the tuning data has."""
    features = np.asarray(features, dtype=float)
    active = list(range(features.shape[1]))
    while True:
        weights, bias = fit_logistic(features[:, active], labels, l2=l2)
        if not active or weights.min() >= 0:
            break
        del active[int(np.argmin(weights))]
    full = np.zeros(features.shape[1])
    full[active] = weights if active else []
    return full, bias


def feature_matrix(score_rows: Sequence[dict[str, float | None]], metrics: Sequence[str]
                   ) -> tuple[np.ndarray, dict[str, float]]:
    fill = {}
    for m in metrics:
        seen = [row[m] for row in score_rows if row.get(m) is not None]
        fill[m] = float(np.mean(seen)) if seen else 0.0
    matrix = np.array([[row[m] if row.get(m) is not None else fill[m] for m in metrics]
                       for row in score_rows])
    return matrix, fill


def fit_params(score_rows: Sequence[dict[str, float | None]], labels: Sequence[int],
               metrics: Sequence[str], *, l2: float = 1.0, monotone: bool = True,
               provenance: dict[str, Any] | None = None, version: str = "2"
               ) -> dict[str, Any]:
    matrix, fill = feature_matrix(score_rows, metrics)
    fit = fit_monotone if monotone else fit_logistic
    weights, bias = fit(matrix, np.asarray(labels), l2=l2)
    predictions = 1 / (1 + np.exp(-(matrix @ weights + bias)))
    accuracy = float(np.mean((predictions >= 0.5) == np.asarray(labels, dtype=bool)))
    return {"version": version, "metrics": list(metrics),
            "weights": [round(float(w), 6) for w in weights], "bias": round(bias, 6),
            "fill": {m: round(v, 6) for m, v in fill.items()},
            "provenance": {**(provenance or {}), "n": len(labels), "l2": l2,
                           "monotone": monotone, "tuning_accuracy": round(accuracy, 4)}}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the shared data folder")
    parser.add_argument("--judge", default="local", help="judge spec (default: local)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--version", default="2",
                        help="parameters version written to the file (2: judge version 3, "
                             "probability verdicts)")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--allow-negative", action="store_true",
                        help="let a metric's weight go below 0 (default: every weight ≥ 0)")
    parser.add_argument("--save-results", type=Path, default=None,
                        help="also write the scored tuning records here (results JSONL)")
    parser.add_argument("--from-results", type=Path, default=None,
                        help="refit from an earlier --save-results file instead of scoring")
    args = parser.parse_args(argv)

    import ragvet

    from ..judges.factory import make_judge
    from ..metrics.vera import VERA_IDS, VERA_METRICS
    from ..results import read_results_jsonl

    records, labels = tuning_set(args.data)
    if args.from_results:
        results = {r.id: r for r in read_results_jsonl(args.from_results)}
        rows = [dict(results[r.id].scores) for r in records]
        judge_info = json.loads(args.from_results.read_text().splitlines()[0])["judge"]
    else:
        judge = make_judge(args.judge)
        run = ragvet.evaluate(records, list(VERA_METRICS), judge)
        rows = [dict(r.scores) for r in run.results]
        judge_info = dict(judge.describe())
        if args.save_results:
            run.write_jsonl(args.save_results)
    params = fit_params(rows, labels, VERA_IDS, l2=args.l2, monotone=not args.allow_negative,
                        provenance={
        "fitted_on": [f"{HALUEVAL} rows {TUNING_ROWS.start}-{TUNING_ROWS.stop - 1}", WIKIEVAL],
        "judge": judge_info}, version=args.version)
    args.out.write_text(json.dumps(params, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(params, indent=2))


if __name__ == "__main__":
    main()
