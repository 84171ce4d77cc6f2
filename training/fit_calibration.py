"""Calibrate the offline judge's probabilities on the TUNING data only (Platt scaling).

    PYTHONPATH=src python -m training.fit_calibration --data ../shared/data \\
        --base src/ragvet/judges/local/params/local-v4.json --version local-v4-platt \\
        --out src/ragvet/judges/local/params/local-v4-platt.json

The offline judge's logistic models (`--base`, e.g. `local-v4`) are fitted with balanced
classes, a strong penalty and hand-made features, so their probabilities are compressed: the
relevance model rarely goes near 1, and a fully supported claim rarely scores above 0.9.
Platt scaling maps each operation's probability p to σ(a·logit(p) + b), fitted by weighted
logistic regression on the tuning items (every dataset weighing the same, the classes as they
occur):

- support (`supported`): HaluEval-QA rows 0–499 (right vs hallucinated answer), WiCE dev
  (supported vs partially / not supported), BEGIN dev (fully vs not attributable);
- relevance (`answers`, `essential`): HaluEval-QA rows 0–499 (the knowledge sentence holding
  the right answer vs another sentence of the row and one of the next row) and the 10
  WikiEval samples (grounded vs poor answer).

The map is strictly increasing, so it never reorders two verdicts of one operation, and the
decision thresholds are mapped through it too: every yes/no decision stays what it was. A
probability of exactly 0 (a vetoed or contradicted claim) stays 0. `--cache` keeps the
judge's raw probabilities, so a refit after a change to this script costs no judging.
FaithBench and ragas-wikiqa are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from ragvet.judges.base import AnswersItem, SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.params import DEFAULT_PARAMS, load_params
from ragvet.judges.local.verifier import logit
from ragvet.judges.ops import ANSWERS, SUPPORTED

from . import datasets as D
from .logistic import fit_logistic

CALIBRATED_ON = {
    "support": ("halueval-qa rows 0-499", "wice dev", "begin dev"),
    "relevance": ("halueval-qa rows 0-499", "wikieval/wikieval_samples_10.jsonl"),
}


async def raw_probabilities(data: Path, base: Path) -> dict[str, list[dict]]:
    judge = LocalJudge(load_params(base))
    support = D.halueval_support(data, 0, 500) + D.wice(data, "dev") + D.begin(data, "dev")
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                           for i in support])
    relevance = D.halueval_relevance(data, 0, 500) + D.wikieval_relevance(data)
    answered = [v for vs in await asyncio.gather(*(
        judge.run(ANSWERS, [AnswersItem(question=i.context[0], text=i.text)])
        for i in relevance)) for v in vs]
    return {
        "support": [{"p": v.probability, "label": i.label, "dataset": i.dataset.split("-")[0]}
                    for v, i in zip(verdicts, support, strict=True)],
        "relevance": [{"p": v.probability, "label": i.label, "dataset": i.dataset}
                      for v, i in zip(answered, relevance, strict=True)],
        "judge": dict(judge.describe()),
    }


def platt(rows: Sequence[dict]) -> dict[str, float]:
    rows = [r for r in rows if r["p"] is not None and r["p"] > 0.0]  # zeros stay zero
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["dataset"]] = counts.get(r["dataset"], 0) + 1
    weights = [len(rows) / (len(counts) * counts[r["dataset"]]) for r in rows]
    fit = fit_logistic([[logit(r["p"])] for r in rows], [float(r["label"]) for r in rows],
                       weights, l2=1e-3, signs=(1,))
    return {"a": round(fit.weights[0], 6), "b": round(fit.bias, 6), "items": len(rows)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_calibration",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--cache", type=Path, help="raw probabilities: read if present, "
                                                    "else written")
    parser.add_argument("--base", type=Path, default=DEFAULT_PARAMS,
                        help="the params file whose probabilities are calibrated")
    parser.add_argument("--version", default="local-v4-platt")
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
    params["calibration"] = {
        op: {**platt(raw[op]), "method": "platt", "calibrated_on": list(CALIBRATED_ON[op])}
        for op in ("support", "relevance")}
    args.out.write_text(json.dumps(params, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {params['calibration']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
