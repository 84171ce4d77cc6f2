"""Choose which verdicts the learned verifier re-checks in its `uncertain` mode.

    PYTHONPATH=src python -m training.fit_verifier_stage --data ../shared/data

In the `uncertain` mode the rules decide every `supported` verdict, and the verifier (through
its fitted blend, `verifier_model/blend.json`) judges again only the claims the rules find
supported with a probability below a bound: there the rules are least sure, and most of the
hallucinated answers they pass sit there (HaluEval-QA rows 0–499: 47 of the 83 they pass
score below 0.8, against 2 of the 493 right answers they pass). It can only take support away,
so the verifier's leniency on plausible facts the sources never state never lets one through.

The bound is read off the verifier's **held-out tuning pairs** (the same items as the blend's
fit: HaluEval-QA rows 450–499, a fifth of BEGIN dev and of WiCE dev, which the verifier never
trained on): for each candidate, the balanced accuracy of the re-checked decisions per data
set and their mean, and the share of claims re-checked (what it costs). The chosen bound is
the smallest whose mean is within `TOLERANCE` of the best (a gain below it is about one item
per set), so the verifier runs no more than it earns. Measurement data is never read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ragvet.judges.local.verifier import (
    SECOND_STAGE_FILE,
    SecondStage,
    VerifierBlend,
    load_blend,
    sigmoid,
)

from .fit_verifier import balanced_accuracy
from .fit_verifier_blend import held_out_items, scored

VERSION = "stage-1"
CANDIDATES = (0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0)
TOLERANCE = 0.005


def blended(item: dict, blend: VerifierBlend) -> float:
    """The shipped blend's probability for an item, as the judge computes it."""
    sized = replace(blend, words=item["source_words"])
    return sized.probability(item["rules"], sigmoid(item["verifier_logit"]))


def figures(items: Sequence[dict], below: float, blend: VerifierBlend) -> dict[str, float]:
    """Balanced accuracy per set (and their mean) when the claims the rules pass with a
    probability under `below` are decided by the blend instead, and the share re-checked."""
    stage = SecondStage(below=below, version=VERSION)  # the judge's own test of a verdict
    out: dict[str, float] = {}
    rechecked = 0
    for name in sorted({i["set"] for i in items}):
        chosen = [i for i in items if i["set"] == name]
        predicted = []
        for i in chosen:
            again = stage.rechecks(i["rules_value"], i["rules_probability"])
            rechecked += again
            predicted.append(float(blended(i, blend) >= blend.threshold) if again
                             else float(i["rules_value"]))
        out[name] = round(balanced_accuracy(predicted, [i["label"] for i in chosen]), 4)
    out["mean"] = round(sum(out.values()) / len(out), 4)
    out["rechecked"] = round(rechecked / len(items), 4)
    return out


def choose(items: Sequence[dict], blend: VerifierBlend,
           candidates: Sequence[float] = CANDIDATES) -> dict:
    table = {f"{below:g}": figures(items, below, blend) for below in candidates}
    rules = figures(items, 0.0, blend)
    best = max(f["mean"] for f in table.values())
    below = min(b for b in candidates if table[f"{b:g}"]["mean"] >= best - TOLERANCE)
    return {
        "version": VERSION,
        "recheck_supported_below": below,
        "rule": f"the smallest bound whose mean balanced accuracy is within {TOLERANCE} of the "
                "best candidate's",
        "blend": blend.version,
        "fitted_on": "the verifier's held-out tuning pairs (as the blend): HaluEval-QA rows "
                     "450-499, a fifth of BEGIN dev and of WiCE dev, by "
                     "training/verifier_data.held_out",
        "rules_alone": rules,
        "candidates": table,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=SECOND_STAGE_FILE)
    args = parser.parse_args(argv)
    items = asyncio.run(scored(held_out_items(args.data)))
    stage = choose(items, load_blend())
    print(f"rules alone: {stage['rules_alone']}")
    for below, row in stage["candidates"].items():
        print(f"re-check supported below {below:>4}: {row}")
    print(f"chosen: {stage['recheck_supported_below']} ({stage['rule']})")
    args.out.write_text(json.dumps(stage, indent=2) + "\n", encoding="utf-8")
    print(f"-> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
