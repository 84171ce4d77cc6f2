"""Is the offline judge's probability what it says? Reliability and ECE per operation.

    PYTHONPATH=src python benchmarks/calibration.py --data ../shared/data [--cache FILE]
        [--judge-options verifier=on]

Measurement data only (the calibration in the params file was fitted on tuning data by
training/fit_calibration.py):

- `supported`: HaluEval-QA rows 500–999 (the question followed by the right answer =
  supported, by the hallucinated one = not, as the metrics hand a bare answer over), WiCE
  test (supported vs partially / not supported), BEGIN wow test (fully attributable vs not);
- `answers`, one call per question: HaluEval-QA rows 500–999 (the knowledge sentence holding
  the right answer vs another sentence of the row and one of the next row); the same without
  the row's other sentence (mostly the question's other hop, so labelled no wrongly, see
  `training.datasets.halueval_relevance`); ARES NQ held-out questions (those after the
  tuning ones: the document sentence holding the answer vs another sentence of the document
  and one of another document).

For each operation and data set it prints the expected calibration error (ECE: 10 equal-width
bins, the mean gap between the mean probability and the share of positives, weighted by the
bin's size), the Brier score, the accuracy of the yes/no decisions and the reliability table,
for the shipped (calibrated) probabilities and for the raw ones the fitted model gave before
calibration. `--cache FILE` keeps the judged items, so a second run only re-prints.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from ragvet.judges.base import AnswersItem, SupportItem
from ragvet.judges.local import LocalJudge, build_local_judge
from ragvet.judges.ops import ANSWERS, SUPPORTED
from training import datasets

BINS = 10


SETS = ("halueval", "wice", "begin", "answers")


async def judged(data: Path, chosen=SETS, options: str = "") -> dict:
    judge = build_local_judge(options, {}) if options else LocalJudge()
    support = {
        "halueval 500-999": lambda: datasets.halueval_support(data, 500, 1000,
                                                                with_question=True),
        "wice test": lambda: datasets.wice(data, "test"),
        "begin wow test": lambda: [i for i in datasets.begin(data, "test") if "wow" in i.group]}
    out: dict = {"judge": dict(judge.describe()), "supported": {}, "answers": {}}
    for name, read in support.items():
        if name.split()[0] not in chosen:
            continue
        items = read()
        verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                               for i in items])
        out["supported"][name] = [_row(v, i) for v, i in zip(verdicts, items, strict=True)]
    if "answers" not in chosen:
        return out
    relevance = {
        "halueval 500-999": datasets.halueval_relevance(data, 500, 1000),
        "halueval 500-999, no sibling": datasets.halueval_relevance(data, 500, 1000,
                                                                    siblings=False),
        "ares held-out": datasets.ares_relevance_heldout(data)}
    for name, items in relevance.items():
        verdicts = [v for vs in await asyncio.gather(*(
            judge.run(ANSWERS, [AnswersItem(question=i.context[0], text=i.text)])
            for i in items)) for v in vs]
        out["answers"][name] = [_row(v, i) for v, i in zip(verdicts, items, strict=True)]
    return out


def _row(verdict, item) -> dict:
    detail = verdict.detail or {}
    p = verdict.probability if verdict.probability is not None else 0.0
    return {"p": p, "raw": detail.get("raw_probability", p), "yes": bool(verdict.value),
            "label": bool(item.label)}


def reliability(probabilities, labels) -> tuple[float, float, list[tuple[float, float, int]]]:
    """(ECE, Brier, [(mean p, share positive, n) per non-empty bin])."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for p, y in zip(probabilities, labels, strict=True):
        bins[min(BINS - 1, int(p * BINS))].append((p, y))
    n = len(labels)
    table, ece = [], 0.0
    for b in bins:
        if b:
            mean_p = sum(p for p, _ in b) / len(b)
            share = sum(y for _, y in b) / len(b)
            ece += len(b) / n * abs(mean_p - share)
            table.append((mean_p, share, len(b)))
    brier = sum((p - y) ** 2 for p, y in zip(probabilities, labels, strict=True)) / n
    return ece, brier, table


def report(results: dict) -> dict:
    summary = {}
    print(f"judge: {results['judge']['id']} (calibration: {results['judge'].get('calibration')})")
    for op in ("supported", "answers"):
        for name, rows in results[op].items():
            labels = [r["label"] for r in rows]
            accuracy = sum(r["yes"] == r["label"] for r in rows) / len(rows)
            print(f"\n{op} on {name} (n={len(rows)}, positives {sum(labels) / len(rows):.2f}, "
                  f"decision accuracy {accuracy:.3f})")
            for kind in ("p", "raw"):
                ece, brier, table = reliability([r[kind] for r in rows], labels)
                summary[f"{op} / {name} / {kind}"] = {"ece": round(ece, 4),
                                                      "brier": round(brier, 4)}
                label = "shipped" if kind == "p" else "raw (before calibration)"
                print(f"  {label:<26} ECE {ece:.3f}  Brier {brier:.3f}")
                print("    " + "  ".join(f"{m:.2f}→{s:.2f} ({k})" for m, s, k in table))
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--cache", type=Path, help="judged items: read if present, else written")
    parser.add_argument("--json", type=Path, help="also write the ECE / Brier figures here")
    parser.add_argument("--sets", default=",".join(SETS),
                        help=f"comma-separated subset of {', '.join(SETS)}")
    parser.add_argument("--judge-options", default="",
                        help="the local judge's options as after 'local:' (e.g. verifier=on)")
    args = parser.parse_args()
    if args.cache and args.cache.exists():
        results = json.loads(args.cache.read_text(encoding="utf-8"))
    else:
        results = asyncio.run(judged(args.data, tuple(args.sets.split(",")),
                                     args.judge_options))
        if args.cache:
            args.cache.write_text(json.dumps(results), encoding="utf-8")
    summary = report(results)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
