"""Fit the offline judge's weights and thresholds on the TUNING data only.

    PYTHONPATH=src python -m training.fit_local_judge --data ../shared/data \\
        --version local-v4 --out src/ragvet/judges/local/params/local-v4.json

Support (groundedness) model: HaluEval-QA rows 0–499 (right vs hallucinated answer), WiCE
dev (supported vs partially / not supported) and BEGIN dev (fully vs not attributable).
Relevance model (answers / essential): ARES NQ synthetic queries (the document sentence holding
the answer vs another sentence of the document and one of another document), the 10 WikiEval
samples (grounded vs poor answer) and HaluEval-QA rows 0–499 (the knowledge sentence holding
the right answer vs another knowledge sentence and one of the next row).
Each model is the shared L2-penalised logistic regression (`training.logistic`), each
weight kept on the side its feature may push (params.*_SIGNS), with every dataset weighted
equally and classes balanced; the threshold maximises the mean balanced accuracy over the
datasets. Same data, same file. FaithBench and ragas-wikiqa are never read (their licences
forbid shipping weights fitted on them).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ragvet.judges.base import AnswersItem, SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.params import (
    RELEVANCE_FEATURES,
    RELEVANCE_SIGNS,
    SUPPORT_FEATURES,
    SUPPORT_SIGNS,
    Linear,
    initial_params,
    save_params,
)
from ragvet.judges.ops import ANSWERS, SUPPORTED

from . import datasets as D
from .logistic import fit_logistic


def balanced_weights(groups: Sequence[str], labels: Sequence[bool]) -> list[float]:
    """Every dataset counts the same, and within it both classes count the same."""
    counts: dict[tuple[str, bool], int] = {}
    for g, y in zip(groups, labels, strict=True):
        counts[(g, y)] = counts.get((g, y), 0) + 1
    n_groups = len({g for g in groups})
    return [len(labels) / (n_groups * 2 * counts[(g, y)]) for g, y in zip(groups, labels,
                                                                        strict=True)]


def balanced_accuracy(scores: Sequence[float], labels: Sequence[bool], threshold: float) -> float:
    pos = [s >= threshold for s, y in zip(scores, labels, strict=True) if y]
    neg = [s < threshold for s, y in zip(scores, labels, strict=True) if not y]
    parts = [sum(v) / len(v) for v in (pos, neg) if v]
    return sum(parts) / len(parts)


def best_threshold(scores, labels, groups) -> tuple[float, float]:
    """Threshold (on a 0.01 grid) maximising mean per-dataset balanced accuracy."""
    names = sorted(set(groups))
    best = (0.5, -1.0)
    for step in range(5, 96):
        t = step / 100
        per = [balanced_accuracy([s for s, g in zip(scores, groups, strict=True) if g == n],
                                 [y for y, g in zip(labels, groups, strict=True) if g == n], t)
               for n in names]
        value = sum(per) / len(per)
        if value > best[1] + 1e-12:
            best = (t, value)
    return best


async def _features(judge, items: Sequence[D.Labelled], kind: str) -> list[dict[str, float]]:
    if kind == "support":
        verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                               for i in items])
    else:  # one call per item: questions asked of one text in one call are read as the
        # parts of one query (LocalJudge.rule_answers), and these items are unrelated questions
        verdicts = [v for vs in await asyncio.gather(*(
            judge.run(ANSWERS, [AnswersItem(question=i.context[0], text=i.text)])
            for i in items)) for v in vs]
    return [dict(v.detail["features"]) if v.detail and "features" in v.detail else {}
            for v in verdicts]


def _fit_one(judge, items, kind, names, signs):
    rows = asyncio.run(_features(judge, items, kind))
    keep = [(r, i) for r, i in zip(rows, items, strict=True) if r]
    x = [[r[n] for n in names] for r, _ in keep]
    labels = [i.label for _, i in keep]
    groups = [i.dataset.split("-")[0] for _, i in keep]
    fitted = fit_logistic(x, labels, balanced_weights(groups, labels), signs=signs)
    model = Linear(tuple(names), fitted.weights, fitted.bias)
    scores = [0.0 if kind == "support" and r["number_missing"] else model.probability(r)
              for r, _ in keep]  # the judge's number veto applies before the threshold
    threshold, score = best_threshold(scores, labels, groups)
    return model, threshold, {"items": len(keep), "mean_balanced_accuracy": round(score, 4)}


def fit(data: Path, version: str):
    params = initial_params()
    judge = LocalJudge(params)
    support_items = (D.halueval_support(data, 0, 500) + D.wice(data, "dev")
                     + D.begin(data, "dev"))
    support, s_threshold, s_info = _fit_one(judge, support_items, "support", SUPPORT_FEATURES,
                                            SUPPORT_SIGNS)
    relevance_items = (D.ares_relevance(data) + D.wikieval_relevance(data)
                       + D.halueval_relevance(data, 0, 500))
    relevance, r_threshold, r_info = None, 0.5, {}
    for _ in range(2):  # the best sentence depends on the model: refit once with the fitted one
        relevance, r_threshold, r_info = _fit_one(judge, relevance_items, "answers",
                                                  RELEVANCE_FEATURES, RELEVANCE_SIGNS)
        params = replace(params, relevance=relevance, answers_threshold=r_threshold)
        judge = LocalJudge(params, embedder=judge.embedder)
    return replace(params, version=version, support=support, support_threshold=s_threshold,
                   essential_threshold=r_threshold, fitted_on=D.TUNING,
                   tuning={"support": s_info, "relevance": r_info})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_local_judge",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"),
                        help="folder holding wikieval/, halueval-qa/, wice/, begin/, ares/")
    parser.add_argument("--version", default="local-v4")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    params = fit(args.data, args.version)
    save_params(params, args.out)
    print(f"wrote {args.out}: {params.tuning}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
