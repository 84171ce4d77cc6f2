"""How good is the offline judge? One command, measurement data only (never tuned on).

    PYTHONPATH=src python benchmarks/judge_quality.py --data ../shared/data

The local judge's verdicts carry its fitted probability of yes, and metrics score the expected
share of yes verdicts (the default, `verdicts = "probability"`). Every figure is printed twice:
for the scores as shipped, and for the same verdicts counted as plain yes/no (what the judge
scores with `verdicts = "yes-no"`, read from the same run's components).

1. THELMA-style pairwise sets from the WikiEval RAGFlow split (see pairwise_sets.py): per
   metric, the share of pairs where the better version scores strictly higher, printed next to
   THELMA's and RAGAS's published figures (THELMA table 1) and the project's targets.
2. Groundedness on HaluEval-QA rows 500–999: pairwise (right answer strictly above the
   hallucinated one), and accuracy / balanced accuracy of "every claim judged supported".
3. WiCE test: the `supported` verdict per claim against its evidence: accuracy and balanced
   accuracy for supported vs not supported (and with partially supported counted as not).
4. BEGIN wow test: the `supported` verdict per dialogue response against its knowledge
   (fully attributable vs not): balanced accuracy.
5. Healthy records: the better version of every pairwise item (the reference answer and its
   gold passage): mean of each THELMA score, with probabilities and with yes/no decisions.

`--only halueval,wice` runs a subset (parts: pairwise, halueval, wice, begin, healthy;
`--dims SD,GR` limits the pairwise part). `--judge-options verifier=on` measures the judge
with the learned verifier (the options as after `local:` in `--judge local:...`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from pair_counts import count_pairs
from pairwise_sets import DIMENSIONS, build_pairs

from ragvet.engine.run import evaluate_async
from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge, build_local_judge
from ragvet.judges.ops import SUPPORTED
from ragvet.metrics.diagnosis import decision_score
from ragvet.metrics.registry import resolve_metrics
from ragvet.validation.agreement import dimension_agreement, scored_pairs
from ragvet.validation.pairs import GROUNDED, base_of
from training import datasets

PUBLISHED = {  # THELMA table 1: (THELMA range, RAGAS range) over Sonnet 3.5 / Haiku 3.5 / Llama 3.3
    "SP1": ("1.0", "0.90–0.94"), "SP2": ("0.35–0.64", "0.28–0.42"),
    "SQC": ("0.70–0.82", "0.17–0.70"), "RP": ("0.84–0.95", "0.26–0.64"),
    "RQC": ("0.75–0.88", "0.43–0.68"), "SD": ("1.0", "0.26–0.52"), "GR": ("0.96–1.0", "0.50–0.96"),
}
TARGETS = {"SP1": 0.95, "SP2": 0.75, "SQC": 0.80, "RP": 0.90, "RQC": 0.80, "SD": 0.95,
           "GR": 0.90, "HaluEval GR pairwise": 0.95, "HaluEval accuracy": 0.90,
           "WiCE balanced accuracy": 0.75, "BEGIN balanced accuracy": 0.87}


async def pairwise(judge, data: Path, dims=DIMENSIONS) -> dict[str, tuple[int, int, int]]:
    """Per metric: (wins with the shipped scores, wins counting yes/no verdicts, pairs), read
    by `ragvet.validation.agreement` (what `ragvet pairs agree` prints) from the records of
    each dimension's pairs."""
    pairs = build_pairs(data)
    out: dict[str, tuple[int, int, int]] = {}
    for dim in dims:
        chosen = [p for p in pairs if p.dimension == dim]
        records = list({r.id: r for p in chosen for r in (p.better, p.worse)}.values())
        run = await evaluate_async(records, resolve_metrics(dim), judge, max_concurrency=64)
        row = dimension_agreement(dim, dim, scored_pairs(run.results))
        yes_no = row.yes_no or row.scores  # no probabilities: the scores are yes/no counts
        out[dim] = (row.scores.counts.wins, yes_no.counts.wins, row.scores.pairs)
    return out


def _wins(better, worse) -> int:
    return count_pairs(better, worse).wins


def _yes_no_score(result, metric: str) -> float | None:
    """The score had every verdict counted as plain yes/no (the metric's own aggregate over
    its decisions; SD's verdicts never carry a probability, so its score is already that)."""
    if result.scores.get(metric) is None:
        return None
    return decision_score(metric, [c for c in result.components if c.metric == metric])


async def halueval(judge, data: Path) -> dict[str, float]:
    from ragvet.data.records import make_record

    rows = datasets.halueval(data, 500, 1000)
    records = []
    for i, row in enumerate(rows):
        for tag, answer in (("right", row["right_answer"]), ("hallu", row["hallucinated_answer"])):
            records.append(make_record(id=f"{i}-{tag}", query=row["question"],
                                       sources=[row["knowledge"]], response=answer))
    run = await evaluate_async(records, resolve_metrics("GR"), judge, max_concurrency=64)
    gr = [r.scores.get("GR") for r in run.results]
    yes_no = [_yes_no_score(r, "GR") for r in run.results]
    predicted = [(g is not None and g >= 1.0) for g in yes_no]
    labels = [True, False] * len(rows)
    return {"pairs": len(rows), "pairwise": _wins(gr[0::2], gr[1::2]) / len(rows),
            "ties": sum(1 for a, b in zip(gr[0::2], gr[1::2], strict=True) if a == b),
            "pairwise_yes_no": _wins(yes_no[0::2], yes_no[1::2]) / len(rows),
            "ties_yes_no": sum(1 for a, b in zip(yes_no[0::2], yes_no[1::2], strict=True)
                               if a == b),
            "not_applicable": sum(g is None for g in gr), **_accuracy(predicted, labels)}


async def wice(judge, data: Path) -> dict[str, dict[str, float]]:
    out = {}
    items = datasets.wice(data, "test", partial_as=False)
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                      for i in items])
    predicted = [bool(v.value) for v in verdicts]
    strict = [(p, i.label) for p, i in zip(predicted, items, strict=True)
              if i.dataset != "wice-partially_supported"]
    out["supported vs not supported"] = {"n": len(strict), **_accuracy(*zip(*strict, strict=True))}
    out["partially counted as not"] = {"n": len(items),
                                       **_accuracy(predicted, [i.label for i in items])}
    return out


async def begin(judge, data: Path) -> dict[str, float]:
    items = [i for i in datasets.begin(data, "test") if "wow" in i.group]
    verdicts = await judge.run(SUPPORTED, [SupportItem(claim=i.text, sources=i.context)
                                           for i in items])
    return {"n": len(items), **_accuracy([bool(v.value) for v in verdicts],
                                         [i.label for i in items])}


async def healthy(judge, data: Path) -> dict[str, dict[str, tuple[float, float, int]]]:
    """Per THELMA metric over the healthy records (the better version of each item): mean
    score, mean yes/no score, records scored; over all of them, and over those whose passage
    holds the reference (≥ GROUNDED of its content words, the rule GR pairs are made by:
    about half of WikiEval's references were written from parts of the page RAGFlow did not
    retrieve, so their passage does not ground them)."""
    seen, records = set(), []
    for p in build_pairs(data):
        if p.better.id not in seen:
            seen.add(p.better.id)
            records.append(p.better)
    grounded = {r.id for r in records
                if not isinstance(base := base_of(r), str) and base.covered >= GROUNDED}
    run = await evaluate_async(records, resolve_metrics("thelma"), judge, max_concurrency=64)
    out: dict[str, dict[str, tuple[float, float, int]]] = {"all": {}, "grounded": {}}
    for dim in DIMENSIONS:
        for subset, results in (("all", run.results),
                                ("grounded", [r for r in run.results if r.id in grounded])):
            kept = [(s, _yes_no_score(r, dim)) for r in results
                    if (s := r.scores.get(dim)) is not None]
            out[subset][dim] = (sum(s for s, _ in kept) / len(kept),
                                sum(y for _, y in kept) / len(kept), len(kept))
    return out


def _accuracy(predicted, labels) -> dict[str, float]:
    pairs = list(zip(predicted, labels, strict=True))
    accuracy = sum(p == y for p, y in pairs) / len(pairs)
    pos = [p for p, y in pairs if y]
    neg = [not p for p, y in pairs if not y]
    balanced = (sum(pos) / len(pos) + sum(neg) / len(neg)) / 2
    return {"accuracy": round(accuracy, 4), "balanced_accuracy": round(balanced, 4)}


def _print(results: dict) -> None:
    print(f"judge: {results['judge']}")
    print("\nPairwise agreement (share of pairs where the better version scores strictly higher)")
    print(f"{'metric':<6} {'ragvet local':>13} {'(yes/no)':>9} {'pairs':>6} {'target':>7}  "
          f"{'THELMA (paper)':>15} {'RAGAS (paper)':>14}")
    for dim, (wins, yes_no, n) in results.get("pairwise", {}).items():
        thelma, ragas = PUBLISHED[dim]
        mark = "ok" if n and wins / n >= TARGETS[dim] else "below"
        print(f"{dim:<6} {wins / n if n else float('nan'):>13.2f} "
              f"{yes_no / n if n else float('nan'):>9.2f} {n:>6} {TARGETS[dim]:>7.2f}  "
              f"{thelma:>15} {ragas:>14}  {mark}")
    h = results.get("halueval")
    if h:
        print(f"\nHaluEval-QA rows 500–999 (GR): pairwise {h['pairwise']:.3f} over {h['pairs']} "
              f"pairs (target {TARGETS['HaluEval GR pairwise']:.2f}), {h['ties']} ties; counting "
              f"yes/no verdicts {h['pairwise_yes_no']:.3f} ({h['ties_yes_no']} ties); 'every "
              f"claim supported' as grounded: accuracy {h['accuracy']:.3f} (target "
              f"{TARGETS['HaluEval accuracy']:.2f}), balanced accuracy "
              f"{h['balanced_accuracy']:.3f}; not applicable {h['not_applicable']}")
    for name, w in results.get("wice", {}).items():
        print(f"WiCE test ({name}, n={w['n']}): accuracy {w['accuracy']:.3f}, balanced "
              f"accuracy {w['balanced_accuracy']:.3f}"
              + (f" (target {TARGETS['WiCE balanced accuracy']:.2f})"
                 if name == "supported vs not supported" else ""))
    b = results.get("begin")
    if b:
        print(f"BEGIN wow test (fully attributable vs not, n={b['n']}): accuracy "
              f"{b['accuracy']:.3f}, balanced accuracy {b['balanced_accuracy']:.3f} (target "
              f"{TARGETS['BEGIN balanced accuracy']:.2f})")
    if results.get("healthy"):
        print("\nHealthy records (reference answer + gold passage): mean score "
              "(probabilities / yes-no decisions), over all of them and over those whose "
              f"passage holds the reference (≥ {GROUNDED:.0%} of its content words)")
        every, grounded = results["healthy"]["all"], results["healthy"]["grounded"]
        for dim, (mean, yes_no, n) in every.items():
            g_mean, g_yes_no, g_n = grounded[dim]
            print(f"{dim:<6} {mean:.3f} / {yes_no:.3f}  (n={n})    grounded {g_mean:.3f} / "
                  f"{g_yes_no:.3f}  (n={g_n})")
    print(f"\n(wall {results['seconds']:.0f} s)")


PARTS = ("pairwise", "halueval", "wice", "begin", "healthy")


async def main_async(data: Path, only=PARTS, dims=DIMENSIONS, options: str = "") -> dict:
    judge = build_local_judge(options, {}) if options else LocalJudge()
    started = time.perf_counter()
    results = {"judge": dict(judge.describe())}
    if "pairwise" in only:
        results["pairwise"] = await pairwise(judge, data, dims)
    if "halueval" in only:
        results["halueval"] = await halueval(judge, data)
    if "wice" in only:
        results["wice"] = await wice(judge, data)
    if "begin" in only:
        results["begin"] = await begin(judge, data)
    if "healthy" in only:
        results["healthy"] = await healthy(judge, data)
    results["seconds"] = time.perf_counter() - started
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--only", default=",".join(PARTS),
                        help=f"comma-separated parts to run ({', '.join(PARTS)})")
    parser.add_argument("--dims", default=",".join(DIMENSIONS),
                        help="comma-separated THELMA dimensions for the pairwise part")
    parser.add_argument("--judge-options", default="",
                        help="the local judge's options as after 'local:' on the command line "
                             "(e.g. verifier=on)")
    args = parser.parse_args()
    results = asyncio.run(main_async(args.data, tuple(args.only.split(",")),
                                     tuple(args.dims.split(",")), args.judge_options))
    _print(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
