"""Choose SD's repeat threshold τ on the TUNING data only.

    PYTHONPATH=src python -m training.fit_repeat_threshold --data ../shared/data

A *repeat* is the same fact said twice: a sentence of a WikiEval sample's grounded answer
against the sentence of its gold context that it was written from (the context sentence
holding ≥ 60 % of its content words). *Distinct* is two facts about one subject: two
sentences of one gold context (WikiEval samples) or of one HaluEval-QA knowledge passage
(rows 0–499). τ is the cosine (all-MiniLM-L6-v2, the judge's embedder) that maximises the
balanced accuracy of "cosine ≥ τ means repeat", on a 0.01 grid, among the τ that call at most
3 % of the distinct pairs repeats (SD must not punish an answer for saying several things
about its subject); ties go to the higher τ. Prints the distributions and the chosen τ.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from ragvet.judges.local import LocalJudge
from ragvet.judges.ops import EMBED
from ragvet.text import content_stems, sentences

from . import datasets as D


def pairs(data: Path) -> list[tuple[str, str, bool]]:
    out: list[tuple[str, str, bool]] = []
    for row in D.wikieval_samples(data):
        context = row["context_v1"]
        context = json.loads(context) if isinstance(context, str) else list(context)
        ctx = [s for c in context for s in sentences(c) if len(s.split()) >= 4]
        for s in sentences(row["answer"]):
            stems = content_stems(s)
            if len(stems) < 3:
                continue
            share = [(len(stems & content_stems(c)) / len(stems), c) for c in ctx]
            best = max(share, default=(0.0, ""))
            if best[0] >= 0.6:
                out.append((s, best[1], True))
        out.extend((a, b, False) for a, b in pairwise(ctx))
    for row in D.halueval(data, 0, 500):
        ctx = [s for s in sentences(D.tidy_knowledge(row["knowledge"])) if len(s.split()) >= 4]
        out.extend((a, b, False) for a, b in pairwise(ctx))
    return out


MAX_FALSE_REPEATS = 0.03


def choose(cosines: Sequence[float], labels: Sequence[bool]) -> tuple[float, float]:
    best = (0.8, -1.0)
    for step in range(50, 100):
        t = step / 100
        pos = [c >= t for c, y in zip(cosines, labels, strict=True) if y]
        neg = [c < t for c, y in zip(cosines, labels, strict=True) if not y]
        if 1 - sum(neg) / len(neg) > MAX_FALSE_REPEATS:
            continue
        value = (sum(pos) / len(pos) + sum(neg) / len(neg)) / 2
        if value >= best[1] - 1e-12:
            best = (t, value)
    return best


async def _cosines(items: list[tuple[str, str, bool]]) -> list[float]:
    import numpy as np

    judge = LocalJudge()
    texts = list(dict.fromkeys(t for a, b, _ in items for t in (a, b)))
    vectors = dict(zip(texts, await judge.run(EMBED, texts), strict=True))
    return [float(np.dot(vectors[a], vectors[b])) for a, b, _ in items]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_repeat_threshold",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    args = parser.parse_args(argv)
    items = pairs(args.data)
    cosines = asyncio.run(_cosines(items))
    labels = [y for _, _, y in items]
    for name, flag in (("repeats", True), ("distinct", False)):
        values = sorted(c for c, y in zip(cosines, labels, strict=True) if y is flag)
        q = [values[int(p * (len(values) - 1))] for p in (0.05, 0.25, 0.5, 0.75, 0.95)]
        print(f"{name}: n={len(values)}, cosine 5/25/50/75/95 %: "
              + " ".join(f"{v:.2f}" for v in q))
    tau, score = choose(cosines, labels)
    print(f"tau={tau:.2f} balanced accuracy {score:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
