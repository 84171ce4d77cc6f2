"""Calibrate the offline judge's probabilities on the TUNING data only.

    PYTHONPATH=src python -m training.fit_calibration --data ../shared/data \\
        --base ranked.json --version local-v6 \\
        --out src/ragvet/judges/local/params/local-v6.json [--method relevance=isotonic]

The offline judge's logistic models (`--base`, e.g. `local-v4`) are fitted with balanced
classes, a strong penalty and hand-made features, so their probabilities are compressed: the
relevance model cannot exceed about 0.77, even where nearly every item it scores that high
is a yes. Each kind of operation gets a strictly increasing map of p, fitted on the tuning
items (the classes as they occur):

- `platt`: p → σ(a·logit(p) + b), by logistic regression, every dataset weighing the same;
- `isotonic`: the pool-adjacent-violators fit of the share of yes against p, its blocks'
  (mean p, share of yes) joined by straight lines; each block's share is smoothed by one yes
  and one no in pseudo-counts, so no block reads as certain; every item weighs the same.

The data:

- support (`supported`): HaluEval-QA rows 0–499 (right vs hallucinated answer), WiCE dev
  (supported vs partially / not supported), BEGIN dev (fully vs not attributable);
- relevance (`answers`, `essential`): the ARES NQ tuning questions (the document sentence
  holding the answer vs another sentence of the document and one of another document),
  HaluEval-QA rows 0–499 (the knowledge sentence holding the right answer vs one of the next
  row; the row's other sentence is left out, being mostly the question's other hop, see
  `datasets.halueval_relevance`) and the 10 WikiEval samples (grounded vs poor answer).

The decisions are made on the raw probability and its threshold, before the map, so every
yes/no decision stays what it was; the map never reorders two verdicts of one operation. A
probability of exactly 0 (a vetoed or contradicted claim) stays 0. `--cache` keeps the
judge's raw probabilities, so a refit after a change to this script costs no judging.
FaithBench and ragas-wikiqa are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ragvet.judges.base import AnswersItem, SupportItem, Verdict
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.judge import support_map_reads
from ragvet.judges.local.params import DEFAULT_PARAMS, load_params
from ragvet.judges.local.verifier import logit, source_words
from ragvet.judges.ops import ANSWERS, SUPPORTED

from . import datasets as D
from .logistic import fit_logistic

CALIBRATED_ON = {
    "support": ("halueval-qa rows 0-499", "wice dev", "begin dev"),
    # ARES: only its tuning questions (datasets.ARES_RELEVANCE_QUESTIONS); HaluEval: the
    # answer sentence vs one of the next row (the row's other sentence left out)
    "relevance": ("ares/nq_synthetic_queries.tsv", "halueval-qa rows 0-499",
                  "wikieval/wikieval_samples_10.jsonl"),
}
METHODS = ("platt", "isotonic", "sized-logistic")
DEFAULT_METHODS = ("relevance=isotonic", "support=sized-logistic")


async def raw_probabilities(data: Path, base: Path) -> dict[str, list[dict]]:
    judge = LocalJudge(load_params(base))
    support = D.halueval_support(data, 0, 500, with_question=True) + D.wice(data, "dev") + \
        D.begin(data, "dev")
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                           for i in support])
    relevance = D.ares_relevance(data) + D.halueval_relevance(data, 0, 500, siblings=False) + \
        D.wikieval_relevance(data)
    answered = [v for vs in await asyncio.gather(*(
        judge.run(ANSWERS, [AnswersItem(question=i.context[0], text=i.text)])
        for i in relevance)) for v in vs]
    return {
        "support": [{"p": _raw(v), "label": i.label, "dataset": i.dataset.split("-")[0],
                     "words": source_words(i.context)}
                    for v, i in zip(verdicts, support, strict=True) if support_map_reads(v)],
        "relevance": [{"p": _raw(v), "label": i.label, "dataset": i.dataset}
                      for v, i in zip(answered, relevance, strict=True)],
        "judge": dict(judge.describe()),
    }


def _raw(verdict: Verdict) -> float | None:
    """The fitted model's own probability, before any map the base params already carry."""
    return (verdict.detail or {}).get("raw_probability", verdict.probability)


def _dataset_weights(rows: Sequence[dict]) -> list[float]:
    """Each row's weight, so that every dataset weighs the same; they add up to len(rows)."""
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["dataset"]] = counts.get(r["dataset"], 0) + 1
    return [len(rows) / (len(counts) * counts[r["dataset"]]) for r in rows]


def _weighted(rows: Sequence[dict]) -> tuple[list[dict], list[float]]:
    """The rows with a probability above 0 (zeros stay zero), each weighted so that every
    dataset weighs the same; the weights add up to the number of rows."""
    rows = [r for r in rows if r["p"] is not None and r["p"] > 0.0]
    return rows, _dataset_weights(rows)


def platt(rows: Sequence[dict]) -> dict[str, float]:
    rows, weights = _weighted(rows)
    fit = fit_logistic([[logit(r["p"])] for r in rows], [float(r["label"]) for r in rows],
                       weights, l2=1e-3, signs=(1,))
    return {"a": round(fit.weights[0], 6), "b": round(fit.bias, 6), "items": len(rows)}


def isotonic(rows: Sequence[dict]) -> dict[str, object]:
    """Pool adjacent violators over the rows sorted by p (equal p pooled first): blocks whose
    share of yes increases; each block becomes a point (mean p, smoothed share of yes).
    Every item weighs the same here: a map read block by block would otherwise let a small
    set (the 20 WikiEval items, each weighing 35 ARES items) set its top on its own."""
    rows = [r for r in rows if r["p"] is not None and r["p"] > 0.0]  # zeros stay zero
    pooled: dict[float, list[float]] = {}
    for r in rows:
        acc = pooled.setdefault(round(r["p"], 6), [0.0, 0.0, 0.0])
        acc[0] += r["p"]
        acc[1] += float(r["label"])
        acc[2] += 1.0

    def share(block: list[float]) -> float:  # one yes and one no as a prior
        return (block[1] + 1.0) / (block[2] + 2.0)

    blocks: list[list[float]] = []  # [Σ p, Σ yes, items], smoothed shares kept increasing
    for p in sorted(pooled):
        blocks.append(pooled[p])
        while len(blocks) > 1 and share(blocks[-2]) >= share(blocks[-1]):
            last = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
    return {"x": [round(b[0] / b[2], 6) for b in blocks],
            "y": [round(share(b), 6) for b in blocks], "items": len(rows)}


def _sized_inputs(p: float, words: int) -> list[float]:
    """The sized map's inputs: logit(p), logit(p)·L and L for p > 0, a veto's own level and
    L for p = 0 (L = log(1 + source words))."""
    length = math.log1p(words)
    if p <= 0.0:
        return [0.0, 0.0, 1.0, 0.0, length]
    return [logit(p), logit(p) * length, 0.0, length, 0.0]


def sized_logistic(rows: Sequence[dict]) -> dict[str, object]:
    """σ(slope(L)·logit(p) + offset(L)) for p > 0 and σ(c0 + c1·L) for a veto (p = 0), by one
    logistic regression over every row, each dataset weighing the same (params.SizedLogistic).
    WiCE's long pages, BEGIN's short turns and HaluEval's passages differ in length, so the
    length terms are what lets one map fit the three."""
    rows = [r for r in rows if r["p"] is not None]
    fit = fit_logistic([_sized_inputs(r["p"], r["words"]) for r in rows],
                       [float(r["label"]) for r in rows], _dataset_weights(rows), l2=1e-3)
    w, b = fit.weights, fit.bias
    # the map is used between the 1st and 99th percentiles of the fitted lengths (beyond, it
    # reads the nearest end): a line fitted through few very long pages is not extrapolated
    lengths = np.percentile([math.log1p(r["words"]) for r in rows], [1, 99])
    return {"slope": [round(w[0], 6), round(w[1], 6)], "offset": [round(b, 6), round(w[3], 6)],
            "veto": [round(b + w[2], 6), round(w[4], 6)],
            "log_words_range": [round(float(x), 4) for x in lengths], "items": len(rows)}


FITS = {"platt": platt, "isotonic": isotonic, "sized-logistic": sized_logistic}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_calibration",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--cache", type=Path, help="raw probabilities: read if present, "
                                                    "else written")
    parser.add_argument("--base", type=Path, default=DEFAULT_PARAMS,
                        help="the params file whose probabilities are calibrated")
    parser.add_argument("--version", default="local-v6")
    parser.add_argument("--method", action="append", default=[], metavar="KIND=METHOD",
                        help="the map of one kind (support, relevance): platt, isotonic or "
                             "sized-logistic; default " + ", ".join(DEFAULT_METHODS) + "; a "
                             "kind not named keeps the base's map, if it has one")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.cache and args.cache.exists():
        raw = json.loads(args.cache.read_text(encoding="utf-8"))
    else:
        raw = asyncio.run(raw_probabilities(args.data, args.base))
        if args.cache:
            args.cache.write_text(json.dumps(raw), encoding="utf-8")
    params = json.loads(args.base.read_text(encoding="utf-8"))
    params["version"] = args.version
    methods = _methods(args.method or list(DEFAULT_METHODS))
    # a kind not refitted keeps the base's map (e.g. support added to local-v6's relevance)
    params["calibration"] = {**params.get("calibration", {}), **{
        op: {**FITS[method](raw[op]), "method": method, "calibrated_on": list(CALIBRATED_ON[op])}
        for op, method in methods.items()}}
    args.out.write_text(json.dumps(params, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {params['calibration']}", file=sys.stderr)
    return 0


def _methods(options: Sequence[str]) -> dict[str, str]:
    methods: dict[str, str] = {}
    for option in options:
        kind, _, method = option.partition("=")
        if kind not in CALIBRATED_ON or method not in METHODS:
            raise SystemExit(f"--method {option!r}: expected KIND=METHOD with KIND one of "
                             f"{', '.join(CALIBRATED_ON)} and METHOD one of {', '.join(METHODS)}")
        methods[kind] = method
    return methods


if __name__ == "__main__":
    raise SystemExit(main())
