"""Choose the support threshold for long pages on the TUNING data only.

    PYTHONPATH=src python -m training.fit_long_page_threshold --data ../shared/data \\
        --base src/ragvet/judges/local/params/local-v7.json --version local-v8 \\
        --out src/ragvet/judges/local/params/local-v8.json

A claim checked against a long page (more than `contradiction.LONG_PAGE_WORDS` words of
sources: a web page a writer cited) is mostly put together from several of its sentences and
said in other words, so the rules' probability runs lower for a supported claim there than
for one checked against a short passage; one threshold for both sets long pages too strict.
The tuning items over that length are WiCE dev's claims (HaluEval-QA's and BEGIN's passages
are all shorter); the threshold, on the same 0.01 grid as `training.fit_local_judge`,
maximises their balanced accuracy of supported vs not supported (partially supported claims
left out: neither answer is right for them). The base params are copied with the threshold
added (`support.long_page_threshold`) and the figures behind it in `tuning`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.contradiction import LONG_PAGE_WORDS
from ragvet.judges.local.params import DEFAULT_PARAMS, load_params, save_params
from ragvet.judges.local.verifier import source_words
from ragvet.judges.ops import SUPPORTED

from . import datasets as D
from .fit_local_judge import balanced_accuracy, best_threshold

LONG_PAGE_SET = "wice dev (supported vs not supported)"


def long_page_items(data: Path) -> list[D.Labelled]:
    return [i for i in D.wice(data, "dev", partial_as=None)
            if source_words(i.context) > LONG_PAGE_WORDS]


async def raw_probabilities(items: Sequence[D.Labelled], base: Path) -> list[float]:
    """The rules' own probability (before any calibration map; a veto reads 0)."""
    judge = LocalJudge(load_params(base))
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                           for i in items])
    return [float((v.detail or {}).get("raw_probability", v.probability or 0.0))
            for v in verdicts]


def fit(data: Path, base: Path, version: str):
    params = load_params(base)
    items = long_page_items(data)
    scores = asyncio.run(raw_probabilities(items, base))
    labels = [bool(i.label) for i in items]
    threshold, score = best_threshold(scores, labels, ["wice"] * len(items))
    info = {"items": len(items), "set": LONG_PAGE_SET, "threshold": threshold,
            "balanced_accuracy": round(score, 4),
            "balanced_accuracy_at_support_threshold": round(
                balanced_accuracy(scores, labels, params.support_threshold), 4)}
    return replace(params, version=version, long_page_threshold=threshold,
                   tuning={**(params.tuning or {}), "long_page_threshold": info}), info


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_long_page_threshold",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--base", type=Path, default=DEFAULT_PARAMS,
                        help="the params to copy (their rules' probabilities are read)")
    parser.add_argument("--version", default="local-v8")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    params, info = fit(args.data, args.base, args.version)
    save_params(params, args.out)
    print(f"long-page threshold {info['threshold']:.2f} over {info['items']} items: balanced "
          f"accuracy {info['balanced_accuracy']:.4f} (at the support threshold "
          f"{params.support_threshold:.2f}: {info['balanced_accuracy_at_support_threshold']:.4f})"
          f" → {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
