"""Fit VERA's calibrated combiner on labelled TUNING data only, and ship its parameters.

    PYTHONPATH=src python -m training.fit_combiner --data /path/to/shared/data [--judge local]

Tuning sets (never the measurement rows): HaluEval-QA rows 0–499 (the right answer is
label 1, the hallucinated one label 0, both against the same knowledge) and the 10 WikiEval
samples (grounded answer 1; ungrounded and poor answers 0). The four VERA metrics are
scored with the judge, a not-applicable score is filled with the metric's tuning mean, and
the shared L2-penalised logistic regression (`training.logistic`) with every weight ≥ 0 maps
the four scores to P(right): each VERA metric is higher-is-better, so the combiner must never
reward a lower score, whatever quirk the tuning data has (a metric whose weight comes out
negative leaves, the most negative first, and the rest are refitted). The result is written
to `src/ragvet/metrics/vera_combiner.json`.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import ragvet
from ragvet.data.records import Record
from ragvet.judges.factory import make_judge
from ragvet.metrics.vera import VERA_IDS, VERA_METRICS
from ragvet.results import read_results_jsonl

from .datasets import HALUEVAL, TUNING_ROWS, WIKIEVAL, halueval_pairs, wikieval_records
from .logistic import fit_logistic

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src/ragvet/metrics/vera_combiner.json"


def tuning_set(data: Path) -> tuple[list[Record], list[int]]:
    records, labels = [], []
    for _, right, wrong in halueval_pairs(data / HALUEVAL, TUNING_ROWS):
        records += [right, wrong]
        labels += [1, 0]
    for record, label in wikieval_records(data / WIKIEVAL):
        records.append(record)
        labels.append(label)
    return records, labels


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
    signs = [1.0] * len(metrics) if monotone else None
    fitted = fit_logistic(matrix, labels, l2=l2, signs=signs)
    predictions = fitted.probabilities(matrix)
    accuracy = float(np.mean((predictions >= 0.5) == np.asarray(labels, dtype=bool)))
    return {"version": version, "metrics": list(metrics),
            "weights": [round(w, 6) for w in fitted.weights], "bias": round(fitted.bias, 6),
            "fill": {m: round(v, 6) for m, v in fill.items()},
            "provenance": {**(provenance or {}), "n": len(labels), "l2": l2,
                           "monotone": monotone, "tuning_accuracy": round(accuracy, 4)}}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m training.fit_combiner",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the shared data folder")
    parser.add_argument("--judge", default="local", help="judge spec (default: local)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--version", default="3",
                        help="parameters version written to the file (3: judge version 3, "
                             "params local-v4, probability verdicts)")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--allow-negative", action="store_true",
                        help="let a metric's weight go below 0 (default: every weight ≥ 0)")
    parser.add_argument("--save-results", type=Path, default=None,
                        help="also write the scored tuning records here (results JSONL)")
    parser.add_argument("--from-results", type=Path, default=None,
                        help="refit from an earlier --save-results file instead of scoring")
    args = parser.parse_args(argv)
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
