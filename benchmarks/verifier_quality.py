"""How good is the learned grounding verifier, next to the rules? Measurement data only.

    PYTHONPATH=src python benchmarks/verifier_quality.py --data ../shared/data
    PYTHONPATH=src python benchmarks/verifier_quality.py --export .verifier/measure.jsonl.gz
    PYTHONPATH=src python benchmarks/verifier_quality.py --predictions PRED.json.gz --variant base

Sets (none of them is read by training/verifier_data.py):
- HaluEval-QA rows 500–999: claim = question + answer, against the row's knowledge; pairwise
  (right answer strictly above the hallucinated one) and accuracy at 0.5;
- WiCE test: claim against its cited page; supported vs not supported (partially supported
  left out), balanced accuracy at 0.5 and AUC;
- BEGIN wow test: response against its knowledge; fully attributable vs not, balanced accuracy
  at 0.5 and AUC.

Each pair's evidence is `evidence_from_sources` (the verifier's own construction). The rules
are the local judge's `supported` verdict on the same claim and sources; "verifier on" is the
local judge with `verifier = "on"`. `--speed` times the verifier on 2 CPU threads.
`--export` writes the pairs for scoring on a GPU (training/fit_verifier.py --measure);
`--predictions` reads that run's logits instead of running the model here.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from training.fit_verifier import auc, balanced_accuracy

from ragvet.judges.local.verifier import evidence_from_sources, sigmoid
from training import datasets


def measurement_items(data: Path) -> list[dict]:
    """(set, group, claim, sources, label) of the three measurement splits."""
    out = []
    for i, row in enumerate(datasets.halueval(data, 500, 1000), 500):
        knowledge = [datasets.tidy_knowledge(row["knowledge"])]
        for answer, label in ((row["right_answer"], 1), (row["hallucinated_answer"], 0)):
            out.append({"set": "halueval", "group": str(i), "label": label,
                        "claim": f"{row['question']} {answer}", "sources": knowledge})
    for item in datasets.wice(data, "test", partial_as=None):
        out.append({"set": "wice", "group": item.group, "label": int(item.label),
                    "claim": item.text, "sources": list(item.context)})
    for item in datasets.begin(data, "test"):
        if item.group.startswith("wow__"):
            out.append({"set": "begin-wow", "group": item.group, "label": int(item.label),
                        "claim": item.text, "sources": list(item.context)})
    return out


def with_evidence(items: list[dict]) -> list[dict]:
    return [{**i, "evidence": evidence_from_sources(i["claim"], i["sources"])} for i in items]


def figures(items: list[dict], scores: list[float]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name in ("halueval", "wice", "begin-wow"):
        idx = [k for k, i in enumerate(items) if i["set"] == name]
        s = [scores[k] for k in idx]
        y = [items[k]["label"] for k in idx]
        entry = {"n": len(idx), "auc": round(auc(s, y), 4),
                 "balanced_accuracy": round(balanced_accuracy(s, y), 4),
                 "accuracy": round(sum((p >= 0.5) == bool(t)
                                       for p, t in zip(s, y, strict=True)) / len(y), 4)}
        if name == "halueval":
            wins = sum(a > b for a, b in zip(s[0::2], s[1::2], strict=True))
            entry["pairwise"] = round(wins / (len(s) // 2), 4)
            entry["ties"] = sum(a == b for a, b in zip(s[0::2], s[1::2], strict=True))
        out[name] = entry
    return out


# ---- the local judge with and without the verifier (the figures that decide "on") ---------

class RecordingStage:
    """Stands in for the verifier in the judge: notes the pairs it would score, adds nothing
    (so the judge's figures are the rules' own)."""

    def __init__(self) -> None:
        self.pairs: list[tuple[str, str]] = []

    def support(self, claims, sources, other=None):
        from ragvet.judges.local.verifier import evidence_from_sources

        self.pairs += [(c, e) for c, s in zip(claims, sources, strict=True)
                       if (e := evidence_from_sources(c, s))]
        return list(other) if other is not None else [None] * len(claims)

    def describe(self) -> str:
        return "recording"


def table_stage(logits: dict[tuple[str, str], float]):
    """The verifier's hook answering from logits computed elsewhere (a GPU run of the same
    weights) instead of running the model here; everything else is the judge's own code."""
    from ragvet.judges.local.verifier import SupportStage

    class TableStage(SupportStage):
        computed_here = 0

        def probabilities(self, pairs):
            """From the table; a pair it lacks (evidence tied differently) is scored here."""
            missing = [p for p in pairs if p not in logits]
            if missing:
                TableStage.computed_here += len(missing)
                logits.update(zip(missing, self.verifier.logits(missing), strict=True))
            return [sigmoid(logits[p]) for p in pairs]

    return TableStage("on")


async def judge_figures(data: Path, stage, limit: int | None = None) -> dict[str, dict]:
    """HaluEval GR per record (as benchmarks/judge_quality.py), WiCE test and BEGIN wow test
    through the judge's `supported` verdict (claim = the whole response)."""
    from ragvet.data.records import make_record
    from ragvet.engine.run import evaluate_async
    from ragvet.judges.local import LocalJudge
    from ragvet.metrics.diagnosis import decision_score
    from ragvet.metrics.registry import resolve_metrics

    judge = LocalJudge()
    judge.verifier = stage
    rows = datasets.halueval(data, 500, 1000)[:limit]
    records = [make_record(id=f"{i}-{tag}", query=row["question"], sources=[row["knowledge"]],
                           response=answer)
               for i, row in enumerate(rows)
               for tag, answer in (("right", row["right_answer"]),
                                   ("hallu", row["hallucinated_answer"]))]
    run = await evaluate_async(records, resolve_metrics("GR"), judge, max_concurrency=64)
    gr = [r.scores.get("GR") or 0.0 for r in run.results]
    decided = [decision_score("GR", [c for c in r.components if c.metric == "GR"])
               for r in run.results]
    labels = [1, 0] * len(rows)
    wins = sum(a > b for a, b in zip(gr[0::2], gr[1::2], strict=True))
    halu = {"n": len(records), "pairwise": round(wins / len(rows), 4),
            "ties": sum(a == b for a, b in zip(gr[0::2], gr[1::2], strict=True)),
            "accuracy": round(sum(((d or 0) >= 1.0) == bool(y)
                                  for d, y in zip(decided, labels, strict=True)) / len(labels), 4),
            "auc": round(auc(gr, labels), 4)}
    items = [i for i in measurement_items(data) if i["set"] != "halueval"]
    if limit:
        items = [i for name in ("wice", "begin-wow")
                 for i in [x for x in items if x["set"] == name][:limit]]
    scores = await judge_scores(items, judge=judge)
    out = {"halueval": halu}
    for name in ("wice", "begin-wow"):
        idx = [k for k, i in enumerate(items) if i["set"] == name]
        s, y = [scores[k][0] for k in idx], [items[k]["label"] for k in idx]
        said = [float(scores[k][1]) for k in idx]
        out[name] = {"n": len(idx), "auc": round(auc(s, y), 4),
                     "balanced_accuracy": round(balanced_accuracy(said, y), 4)}
    return out


async def judge_scores(items: list[dict], judge) -> list[tuple[float, bool]]:
    """(probability, yes/no) of the judge's `supported` verdict for each item."""
    from ragvet.judges.base import SupportItem
    from ragvet.judges.ops import SUPPORTED

    asked = [SupportItem(claim=i["claim"], sources=tuple(i["sources"])) for i in items]
    verdicts = await judge.run(SUPPORTED, asked)
    return [(float(v.probability if v.probability is not None else bool(v.value)), bool(v.value))
            for v in verdicts]


def speed(pairs: list[tuple[str, str]], quantize: bool) -> dict[str, float]:
    import torch

    from ragvet.judges.local.verifier import Verifier

    torch.set_num_threads(2)
    verifier = Verifier(quantize=quantize)
    verifier.predict(pairs[:8])
    started, cpu = time.perf_counter(), time.process_time()
    verifier.predict(pairs)
    wall = time.perf_counter() - started
    per_cpu = len(pairs) / (time.process_time() - cpu)
    print(f"  {'int8' if quantize else 'fp32'}: {len(pairs) / wall:.1f} pairs/s wall, "
          f"{per_cpu:.1f} pairs per CPU-second ({len(pairs)} pairs, 2 threads)")
    return {"wall": round(len(pairs) / wall, 2), "per_cpu_second": round(per_cpu, 2)}


def _print(name: str, f: dict) -> None:
    h, w, b = f["halueval"], f["wice"], f["begin-wow"]
    print(f"{name:<30} HaluEval pairwise {h['pairwise']:.3f} ({h['ties']} ties), acc "
          f"{h['accuracy']:.3f} | WiCE bal.acc {w['balanced_accuracy']:.3f} AUC {w['auc']:.3f} "
          f"(n={w['n']}) | BEGIN wow bal.acc {b['balanced_accuracy']:.3f} AUC {b['auc']:.3f} "
          f"(n={b['n']})")


def _write_pairs(path: Path, pairs) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        for claim, evidence in dict.fromkeys(pairs):
            handle.write(json.dumps({"claim": claim, "evidence": evidence}) + "\n")


def _read_logits(pairs_path: Path, logits_path: Path) -> dict[tuple[str, str], float]:
    with gzip.open(pairs_path, "rt", encoding="utf-8") as handle:
        pairs = [json.loads(line) for line in handle]
    with gzip.open(logits_path, "rt", encoding="utf-8") as handle:
        logits = json.load(handle)
    return {(p["claim"], p["evidence"]): x for p, x in zip(pairs, logits, strict=True)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--limit", type=int, default=None, help="first N items of each set")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--export", type=Path,
                      help="write the verifier's own pairs (JSONL.gz) for a GPU run and stop")
    what.add_argument("--predictions", type=Path,
                      help="the verifier alone, from a GPU run's predictions.json.gz")
    what.add_argument("--judge-record", type=Path,
                      help="the judge's rules alone; write the pairs the verifier would score")
    what.add_argument("--judge-logits", type=Path, nargs=2, metavar=("PAIRS", "LOGITS"),
                      help="the judge with the verifier on, its logits computed elsewhere")
    what.add_argument("--judge-cpu", action="store_true",
                      help="the judge with the verifier on, run here")
    what.add_argument("--speed", action="store_true", help="time the verifier on 2 threads")
    parser.add_argument("--variant", default=None, help="which variant of --predictions")
    args = parser.parse_args()
    results: dict[str, dict] = {}
    if args.judge_record or args.judge_logits or args.judge_cpu:
        if args.judge_record:
            name, stage = "rules alone (local judge)", RecordingStage()
        elif args.judge_logits:
            name, stage = "local judge, verifier on", table_stage(_read_logits(*args.judge_logits))
        else:
            from ragvet.judges.local.verifier import SupportStage

            name, stage = "local judge, verifier on (CPU)", SupportStage("on")
        results[name] = asyncio.run(judge_figures(args.data, stage, args.limit))
        if args.judge_logits:
            print(f"({type(stage).computed_here} pairs not in the table were scored here)")
        if args.judge_record:
            _write_pairs(args.judge_record, stage.pairs)
            print(f"{len(set(stage.pairs))} pairs -> {args.judge_record}")
    else:
        items = measurement_items(args.data)
        if args.limit:
            items = [i for name in ("halueval", "wice", "begin-wow")
                     for i in [x for x in items if x["set"] == name][:args.limit]]
        items = with_evidence(items)
        if args.export:
            args.export.parent.mkdir(parents=True, exist_ok=True)
            with gzip.open(args.export, "wt", encoding="utf-8") as handle:
                for i in items:
                    handle.write(json.dumps({k: i[k] for k in ("set", "group", "claim",
                                                               "evidence", "label")}) + "\n")
            print(f"{len(items)} measurement pairs -> {args.export}")
            return 0
        if args.speed:
            pairs = [(i["claim"], i["evidence"]) for i in items if i["set"] == "wice"][:96]
            print("CPU speed (WiCE pairs, evidence up to 180 words):")
            results["pairs_per_second"] = {"fp32": speed(pairs, False), "int8": speed(pairs, True)}
        elif args.predictions:
            with gzip.open(args.predictions, "rt", encoding="utf-8") as handle:
                runs = json.load(handle)
            variant = args.variant or next(iter(runs))
            scores = [sigmoid(x) for x in runs[variant]["measure"]]
            results[f"verifier alone ({variant}, GPU)"] = figures(items, scores)
        else:
            from ragvet.judges.local.verifier import Verifier

            scores = Verifier().predict([(i["claim"], i["evidence"]) for i in items])
            results["verifier alone (CPU fp32)"] = figures(items, scores)
    for name, f in results.items():
        if name != "pairs_per_second":
            _print(name, f)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
