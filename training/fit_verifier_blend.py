"""Fit how the offline judge combines its rules with the learned verifier (`verifier = "on"`).

    PYTHONPATH=src python -m training.fit_verifier_blend --data ../shared/data

The verifier (a fine-tuned cross-encoder, `verifier_model/MODEL_CARD.md`) and the rules see
different things: the rules read word coverage, numbers and names; the verifier reads the claim
against its evidence as a whole, and is stricter on long, noisy pages than on short passages.
Averaging their probabilities threw away much of the verifier's ranking (HaluEval-QA AUC
0.997 alone, 0.957 averaged). This script fits the combination instead:

    P(supported) = σ(w_r·logit(p_rules) + w_v·verifier_logit + w_s·log(1 + source_words) + b)

with `p_rules` the support model's probability before any veto, and the source length
clamped to the range seen here (it tells the verifier's strictness on long pages apart from
its strictness on short ones; beyond that range it says nothing).

The items are the verifier's **held-out tuning pairs** only (training/verifier_data.py's `val`
split: HaluEval-QA rows 450–499, a fifth of BEGIN dev and of WiCE dev, chosen by hash): the
verifier never trained on them, so its logits there are honest. Every data set weighs the
same and the classes are balanced within each. The candidate feature sets, and whether the
rules' vetoes still apply on top, were chosen by 5-fold cross-validation on these items
(printed); measurement data is never read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.text import without_questions
from ragvet.judges.local.verifier import (
    BLEND_FILE,
    Verifier,
    evidence_from_sources,
    logit,
    source_words,
)
from ragvet.judges.ops import SUPPORTED

from . import datasets as D
from .fit_verifier import auc, balanced_accuracy
from .logistic import fit_logistic
from .verifier_data import HALUEVAL_VAL, held_out

VERSION = "blend-2"  # blend-1: fitted before questions were set aside from claims
FEATURES = ("rules_logit", "verifier_logit", "log_source_words")
L2 = 1.0
FOLDS = 5
EPS = 1e-4


def held_out_items(data: Path) -> list[dict]:
    """The verifier's `val` pairs as (set, group, claim, sources, label)."""
    items = []
    rows = D.halueval(data, HALUEVAL_VAL.start, HALUEVAL_VAL.stop)
    for i, row in enumerate(rows, HALUEVAL_VAL.start):
        knowledge = [D.tidy_knowledge(row["knowledge"])]
        for answer, label in ((row["right_answer"], 1), (row["hallucinated_answer"], 0)):
            items.append({"set": "halueval", "group": f"halueval:{i}", "claim": answer,
                          "sources": knowledge, "label": label})
    for item in D.begin(data, "dev"):
        if held_out(item.group):
            items.append({"set": "begin-" + item.group.split("__")[0], "group": item.group,
                          "claim": item.text, "sources": list(item.context),
                          "label": int(item.label)})
    for item in D.wice(data, "dev", partial_as=None):
        if held_out(f"wice:{item.group}"):
            items.append({"set": "wice", "group": f"wice:{item.group}", "claim": item.text,
                          "sources": list(item.context), "label": int(item.label)})
    return items


async def scored(items: list[dict]) -> list[dict]:
    """Each item with the rules' probability before vetoes, whether a veto fired, the rules'
    final verdict, and the verifier's logit on the evidence it builds itself."""
    judge = LocalJudge()
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i["claim"],
                                                       sources=tuple(i["sources"]))
                                           for i in items])
    claims = [without_questions(i["claim"]) or i["claim"] for i in items]  # as the judge does
    pairs = [(c, evidence_from_sources(c, i["sources"])) for c, i in zip(claims, items,
                                                                        strict=True)]
    logits = Verifier().logits(pairs)
    out = []
    for item, verdict, value in zip(items, verdicts, logits, strict=True):
        detail = verdict.detail or {}
        raw = judge.params.support.probability(detail["features"]) if "features" in detail \
            else EPS
        out.append({**item, "rules": raw, "verifier_logit": value,
                    "source_words": source_words(item["sources"]),
                    "vetoed": (verdict.probability or 0.0) == 0.0 and raw > EPS,
                    # the rules' final verdict (what `fit_verifier_stage` re-checks)
                    "rules_value": bool(verdict.value),
                    "rules_probability": verdict.probability})
    return out


def row(item: dict, low: float, high: float) -> list[float]:
    return [logit(item["rules"]), item["verifier_logit"],
            min(high, max(low, math.log1p(item["source_words"])))]


def weights(items: Sequence[dict]) -> list[float]:
    """Every set weighs the same; the classes are balanced within each."""
    counts = Counter((i["set"], i["label"]) for i in items)
    sets = len({i["set"] for i in items})
    return [len(items) / (sets * 2 * counts[(i["set"], i["label"])]) for i in items]


def cross_validated(items: list[dict], columns: Sequence[int], hard_vetoes: bool,
                    low: float, high: float) -> dict[str, float]:
    """Balanced accuracy at 0.5 per set, each item predicted by a fit without its fold."""
    groups = sorted({i["group"] for i in items})
    random.Random(13).shuffle(groups)
    fold = {g: k % FOLDS for k, g in enumerate(groups)}
    predicted = [0.0] * len(items)
    for f in range(FOLDS):
        train = [i for i in items if fold[i["group"]] != f]
        fit = fit_logistic([[row(i, low, high)[c] for c in columns] for i in train],
                           [i["label"] for i in train], weights(train), l2=L2)
        test = [k for k, i in enumerate(items) if fold[i["group"]] == f]
        for k, p in zip(test, fit.probabilities([[row(items[k], low, high)[c] for c in columns]
                                                 for k in test]), strict=True):
            predicted[k] = 0.0 if hard_vetoes and items[k]["vetoed"] else float(p)
    out = {}
    for name in sorted({i["set"] for i in items}):
        idx = [k for k, i in enumerate(items) if i["set"] == name]
        out[name] = round(balanced_accuracy([predicted[k] for k in idx],
                                            [items[k]["label"] for k in idx]), 4)
    out["mean"] = round(sum(out.values()) / len(out), 4)
    return out


def fit_blend(items: list[dict]) -> dict:
    logs = sorted(math.log1p(i["source_words"]) for i in items)
    low, high = logs[0], logs[-1]
    candidates = {"rules + verifier": (0, 1), "rules + verifier + source length": (0, 1, 2)}
    print("5-fold cross-validation on the held-out tuning pairs (balanced accuracy at 0.5):")
    chosen, best = None, -1.0
    for name, columns in candidates.items():
        for hard in (True, False):
            figures = cross_validated(items, columns, hard, low, high)
            label = f"{name}, {'vetoes applied' if hard else 'vetoes reported only'}"
            print(f"  {label:<62} {figures}")
            if figures["mean"] > best:
                chosen, best = (columns, hard, label), figures["mean"]
    assert chosen is not None
    columns, hard, label = chosen
    fit = fit_logistic([[row(i, low, high)[c] for c in columns] for i in items],
                       [i["label"] for i in items], weights(items), l2=L2)
    print(f"chosen: {label} (mean {best:.4f})")
    weight = dict.fromkeys(FEATURES, 0.0)
    weight.update({FEATURES[c]: round(w, 6) for c, w in zip(columns, fit.weights, strict=True)})
    predicted = fit.probabilities([[row(i, low, high)[c] for c in columns] for i in items])
    return {
        "version": VERSION,
        "formula": "sigmoid(sum(weights[f] * feature f) + bias); rules_logit = logit of the "
                   "support model's probability before vetoes, clipped to [1e-4, 1 - 1e-4]",
        "weights": weight, "bias": round(fit.bias, 6), "threshold": 0.5,
        "log_source_words_range": [round(low, 4), round(high, 4)],
        "vetoes": "applied" if hard else "reported",
        "fitted_on": "the verifier's held-out tuning pairs: HaluEval-QA rows 450-499 (answer "
                     "against knowledge), a fifth of BEGIN dev and of WiCE dev (partially "
                     "supported left out), by training/verifier_data.held_out",
        "items": dict(Counter(i["set"] for i in items)),
        "cross_validated": cross_validated(items, columns, hard, low, high),
        "in_sample_auc": {name: round(auc([float(predicted[k]) for k, i in enumerate(items)
                                           if i["set"] == name],
                                          [i["label"] for i in items if i["set"] == name]), 4)
                          for name in sorted({i["set"] for i in items})},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=BLEND_FILE)
    args = parser.parse_args()
    items = asyncio.run(scored(held_out_items(args.data)))
    blend = fit_blend(items)
    args.out.write_text(json.dumps(blend, indent=2) + "\n", encoding="utf-8")
    print(f"-> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
