"""Give the relevance model a say in which sentence of a passage answers best (TUNING data only).

    PYTHONPATH=src python -m training.fit_relevance_ranking --data ../shared/data \\
        --base src/ragvet/judges/local/params/local-v4.json --out ranked.json
    PYTHONPATH=src python -m training.fit_calibration --data ../shared/data \\
        --base ranked.json --version local-v6 --out src/ragvet/judges/local/params/local-v6.json

The relevance model (`training.fit_local_judge`) is fitted on single sentences, each labelled
on its own, and it reads only whether a sentence covers what is asked, holds an answer of the
asked kind and says something new. Those features saturate: in a passage on the subject, the
sentence holding the answer and a sentence merely about the same thing often get the very same
probability (0.77, the model's ceiling). SQC, SP1 and `essential` take the best sentence of a
passage, so such ties decide them: a source set without its answer scores as high as the full
one.

This fit keeps every weight of the base model and adds the question–sentence cosine, read
*within* a passage: `logit + β·(cosine − c)`.

- β maximises the conditional likelihood that the sentence holding the answer is the passage's
  best one (a softmax over the passage's sentences, each data set weighing the same), over the
  passages of the tuning sets: ARES NQ's tuning questions (the document; the sentence holding
  the generated answer), HaluEval-QA rows 0–499 (the knowledge; the sentence holding the right
  answer) and the 10 WikiEval samples (the gold context; the sentences sharing at least 15 % of
  the answer's content words, the rule `ragvet.validation.pairs` removes for SQC). β is read
  off a grid (0 to 4, step 0.05), so the fit has no randomness.
- c (where the cosine neither raises nor lowers the logit) is then chosen, on a grid, to keep
  the yes/no decisions as good as they were: the mean per-dataset balanced accuracy at the base
  model's threshold on the items `training.fit_local_judge` fits relevance on.

The output has no calibration: `training.fit_calibration` fits one on top of it.
FaithBench and ragas-wikiqa are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from ragvet.judges.local import LocalJudge
from ragvet.judges.local.params import Linear, load_params, save_params
from ragvet.judges.local.scoring import joined_passage_sentences, relevance
from ragvet.text import content_stems

from . import datasets as D
from .fit_local_judge import _features, balanced_accuracy

ANSWER_BEARING = 0.15  # as ragvet.validation.pairs.ANSWER_BEARING
BETAS = [k / 20 for k in range(81)]  # 0 … 4
CENTRES = [k / 100 for k in range(20, 81)]  # 0.20 … 0.80

Passage = tuple[str, str, str, Callable[[str], bool]]  # data set, question, text, holds answer


def passages(data: Path) -> Iterator[Passage]:
    """The tuning passages with a way to tell the sentences holding the answer."""
    seen: set[str] = set()
    chosen = 0
    for row in D.ares(data):
        if chosen >= D.ARES_RELEVANCE_QUESTIONS:
            break
        if row["Answer_Relevance_Label"] != "Yes" or row["document_index"] in seen:
            continue
        seen.add(row["document_index"])
        chosen += 1
        answer = row["generated_answer"].lower().strip(" .")
        yield ("ares", row["synthetic_query"].strip(), row["document"],
               lambda s, a=answer: bool(a) and a in s.lower())
    for row in D.halueval(data, 0, 500):
        answer = row["right_answer"].lower().strip(" .")
        yield ("halueval", row["question"], D.tidy_knowledge(row["knowledge"]),
               lambda s, a=answer: bool(a) and a in s.lower())
    for row in D.wikieval_samples(data):
        words = content_stems(row["answer"])
        yield ("wikieval10", row["question"], "\n\n".join(row["context_v1"]),
               lambda s, w=words: bool(w) and len(content_stems(s) & w) / len(w) >= ANSWER_BEARING)


async def ranked_sentences(judge: LocalJudge, data: Path
                           ) -> list[tuple[str, list[tuple[float, float, bool]]]]:
    """Per passage with an answer-bearing sentence and another one: (data set, [(base logit,
    cosine, holds the answer)] per sentence)."""
    items = [(name, q, joined_passage_sentences(text), holds)
             for name, q, text, holds in passages(data)]
    texts = list(dict.fromkeys([q for _, q, _, _ in items] +
                               [s.text for _, _, parts, _ in items for s in parts]))
    vectors = dict(zip(texts, await judge.embedder.vectors(texts), strict=True))
    model = judge.params.relevance
    out = []
    for name, question, parts, holds in items:
        rows = []
        for sentence in parts:
            r = relevance(question, sentence, vectors, model, shaped=True)
            p = min(max(r.probability, 1e-9), 1 - 1e-9)
            rows.append((math.log(p / (1 - p)), r.features["cosine"], holds(sentence.text)))
        if any(y for *_, y in rows) and not all(y for *_, y in rows):
            out.append((name, rows))
    return out


def ranking_loss(passages_: Sequence[tuple[str, list[tuple[float, float, bool]]]],
                 beta: float) -> float:
    """Minus the log-likelihood that an answer-bearing sentence is the best one, every data
    set weighing the same."""
    counts: dict[str, int] = {}
    for name, _ in passages_:
        counts[name] = counts.get(name, 0) + 1
    total = 0.0
    for name, rows in passages_:
        scores = [z + beta * c for z, c, _ in rows]
        top = max(scores)
        every = math.log(sum(math.exp(s - top) for s in scores))
        held = math.log(sum(math.exp(s - top) for s, (*_, y) in zip(scores, rows, strict=True)
                            if y))
        total += (every - held) / counts[name]
    return total


def strict_wins(passages_, beta: float) -> dict[str, float]:
    """Per data set: the share of passages whose best answer-bearing sentence scores strictly
    above every other sentence (what an SQC pair needs)."""
    wins: dict[str, list[int]] = {}
    for name, rows in passages_:
        held = max(z + beta * c for z, c, y in rows if y)
        other = max(z + beta * c for z, c, y in rows if not y)
        wins.setdefault(name, []).append(int(held > other + 1e-12))
    return {name: round(sum(w) / len(w), 4) for name, w in sorted(wins.items())}


def with_cosine(model: Linear, beta: float, centre: float) -> Linear:
    weights = dict(zip(model.features, model.weights, strict=True))
    weights["cosine"] = weights.get("cosine", 0.0) + beta
    return Linear(model.features, tuple(round(weights[f], 6) for f in model.features),
                  round(model.bias - beta * centre, 6))


def decision_quality(rows: Sequence[dict], labels: Sequence[bool], groups: Sequence[str],
                     model: Linear, threshold: float) -> float:
    scores = [model.probability(r) for r in rows]
    names = sorted(set(groups))
    return sum(balanced_accuracy([s for s, g in zip(scores, groups, strict=True) if g == n],
                                 [y for y, g in zip(labels, groups, strict=True) if g == n],
                                 threshold) for n in names) / len(names)


def fit(data: Path, base: Path, version: str):
    params = replace(load_params(base), calibration=None, calibration_info=None)
    judge = LocalJudge(params)
    ranked = asyncio.run(ranked_sentences(judge, data))
    beta = min(BETAS, key=lambda b: (round(ranking_loss(ranked, b), 9), b))
    items = D.ares_relevance(data) + D.wikieval_relevance(data) + \
        D.halueval_relevance(data, 0, 500)
    rows = asyncio.run(_features(judge, items, "answers"))
    keep = [(r, i) for r, i in zip(rows, items, strict=True) if r]
    features = [r for r, _ in keep]
    labels = [i.label for _, i in keep]
    groups = [i.dataset.split("-")[0] for _, i in keep]
    threshold = params.answers_threshold
    before = decision_quality(features, labels, groups, params.relevance, threshold)
    centre = max(CENTRES, key=lambda c: (round(decision_quality(
        features, labels, groups, with_cosine(params.relevance, beta, c), threshold), 9), -c))
    model = with_cosine(params.relevance, beta, centre)
    after = decision_quality(features, labels, groups, model, threshold)
    report = {"beta": beta, "centre": centre, "passages": len(ranked),
              "strict_wins_before": strict_wins(ranked, 0.0),
              "strict_wins_after": strict_wins(ranked, beta),
              "mean_balanced_accuracy_before": round(before, 4),
              "mean_balanced_accuracy_after": round(after, 4)}
    tuning = dict(params.tuning or {})
    tuning["relevance_ranking"] = report
    return replace(params, version=version, relevance=model, tuning=tuning), report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.fit_relevance_ranking",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--base", type=Path, required=True,
                        help="the params file whose relevance model gets the cosine term "
                             "(its calibration is dropped)")
    parser.add_argument("--version", default="local-v6-raw")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    params, report = fit(args.data, args.base, args.version)
    save_params(params, args.out)
    print(f"wrote {args.out}: {report}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
