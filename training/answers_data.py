"""Training pairs for the learned answer finder: "does this text answer this question?".

    PYTHONPATH=src python -m training.answers_data --data ../shared/data \
        --out .answers/train.jsonl.gz --measure .answers/measure.jsonl.gz

Rows have the verifier's shape (`training/fit_verifier.py` trains on either): `claim` holds
the question, `evidence` the text, `label` 1.0 when the text gives the answer. The point is
answering, not topicality, so most negatives are *on topic*: a sentence of the same passage
that does not hold the answer.

- HaluEval-QA rows 0–449 (train) and 450–499 (val), MIT: the knowledge sentence holding the
  right answer (yes), the row's other knowledge sentences (no), a window of sentences around
  the answer (yes) and the passage without it (no), the right answer and the hallucinated one
  as replies (yes: relevance is not correctness), a sentence of another row (no).
- ARES NQ synthetic queries, Apache-2.0, only the rows up to the last of the questions the
  relevance model is tuned on (`datasets.ares_relevance`): the rows after it hold the
  measurement questions of `benchmarks/calibration.py`. The same kinds of pairs; a document
  labelled context-irrelevant gives no for all its sentences.
- MM-TelcoBench long answers, CC BY 4.0: a candidate answer (yes) and another question's
  answer from the same specification family (no: same jargon, other question).
- WikiEval's ten tuning samples (answer yes, poor answer no): held out as val only.

`--measure` writes measurement pairs (HaluEval-QA relevance rows 500–999 and the ARES
held-out items) that the trainer only scores for the report; they never reach training or the
choice between variants. Never read: FaithBench, ragas-wikiqa, WikiEval's forty RAGFlow
questions, BEGIN or WiCE.
"""

from __future__ import annotations

import argparse
import csv
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path

from ragvet.text import sentences

from . import datasets as D
from .verifier_data import Pair, held_out, print_counts, write_rows

csv.field_size_limit(sys.maxsize)

SEED = 13
HALUEVAL_TRAIN = range(0, 450)
HALUEVAL_VAL = range(450, 500)
WINDOW = 3
TELCO_ROWS = 900  # long answers per run: the telecom domain must not dominate


def _holding(parts: Sequence[str], answer: str) -> tuple[list[int], list[int]]:
    answer = answer.lower().strip(" .")
    hold = [k for k, s in enumerate(parts) if answer and answer in s.lower()]
    return hold, [k for k in range(len(parts)) if k not in hold]


def passage_pairs(question: str, parts: Sequence[str], answer: str, source: str, split: str,
                  foreign: str | None) -> Iterator[Pair]:
    """Yes for the sentence holding the answer and a window around it; no for the passage's
    other sentences, the passage without the answer, and a sentence of another passage."""
    hold, other = _holding(parts, answer)
    if len(hold) != 1 or not other:
        return
    k = hold[0]
    yield Pair(question, parts[k], 1.0, source, "labelled-holding", split)
    for j in other:
        yield Pair(question, parts[j], 0.0, source, "labelled-sibling", split)
    lo = max(0, min(k - WINDOW // 2, len(parts) - WINDOW))
    if len(parts) > 2:
        yield Pair(question, " ".join(parts[lo:lo + WINDOW]), 1.0, source, "window", split)
        yield Pair(question, " ".join(parts[j] for j in other[:WINDOW]), 0.0, source,
                   "window-without", split)
    if foreign:
        yield Pair(question, foreign, 0.0, source, "off-topic", split)


def halueval_pairs(data: Path) -> Iterator[Pair]:
    rows = D.halueval(data, 0, 500)
    for i in (*HALUEVAL_TRAIN, *HALUEVAL_VAL):
        row = rows[i]
        split = "val" if i in HALUEVAL_VAL else "train"
        parts = sentences(D.tidy_knowledge(row["knowledge"]))
        nxt = sentences(D.tidy_knowledge(rows[(i + 1) % len(rows)]["knowledge"]))
        yield from passage_pairs(row["question"], parts, row["right_answer"], "halueval", split,
                                 nxt[0] if nxt else None)
        for answer in (row["right_answer"], row["hallucinated_answer"]):
            yield Pair(row["question"], answer.strip(), 1.0, "halueval", "reply", split)


def _ares_tuning_rows(data: Path) -> list[dict[str, str]]:
    """ARES rows up to (and with) the last tuning question of the relevance set."""
    last = max(int(item.group.split(":")[0]) for item in D.ares_relevance(data))
    return D.ares(data)[:last + 1]


def ares_pairs(data: Path) -> Iterator[Pair]:
    rows = _ares_tuning_rows(data)
    seen: set[tuple[str, str]] = set()
    for i, row in enumerate(rows):
        question = row["synthetic_query"].strip()
        key = (row["document_index"], question)
        if key in seen or not question:
            continue
        seen.add(key)
        split = "val" if held_out(f"ares-answers:{row['document_index']}") else "train"
        parts = sentences(row["document"])
        if row["Context_Relevance_Label"] == "No":
            for part in parts[:4]:
                yield Pair(question, part, 0.0, "ares-nq", "labelled-irrelevant", split)
            continue
        if row["Answer_Relevance_Label"] != "Yes":
            continue
        nxt = sentences(rows[(i + 7) % len(rows)]["document"])
        yield from passage_pairs(question, parts, row["generated_answer"], "ares-nq", split,
                                 nxt[0] if nxt else None)
        yield Pair(question, row["generated_answer"].strip(), 1.0, "ares-nq", "reply", split)


def telco_pairs(data: Path, rng: random.Random) -> Iterator[Pair]:
    path = data / "telecom-mm-telcobench" / "LONG_TelcoBench.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))[:TELCO_ROWS]
    by_source: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_source.setdefault(row["Source"].split()[0] + row["Series"], []).append(i)
    for i, row in enumerate(rows):
        answers = [row[f"Candidate Answer {k}"].strip() for k in (1, 2, 3)]
        answers = [a for a in answers if a]
        if not answers:
            continue
        split = "val" if held_out(f"telco-answers:{i}") else "train"
        yield Pair(row["Question"], rng.choice(answers), 1.0, "telcobench", "reply", split)
        family = [j for j in by_source[row["Source"].split()[0] + row["Series"]] if j != i]
        j = rng.choice(family) if family else (i + 1) % len(rows)
        other = rows[j]["Candidate Answer 1"].strip()
        if other:
            yield Pair(row["Question"], other, 0.0, "telcobench", "other-question", split)


def wikieval_pairs(data: Path) -> Iterator[Pair]:
    for item in D.wikieval_relevance(data):
        yield Pair(item.context[0], item.text, float(item.label), "wikieval10", "labelled",
                   "val")


def build(data: Path, seed: int = SEED) -> list[Pair]:
    rng = random.Random(seed)
    pairs = [*halueval_pairs(data), *ares_pairs(data), *telco_pairs(data, rng),
             *wikieval_pairs(data)]
    rng.shuffle(pairs)
    return pairs


def measurement(data: Path) -> list[dict]:
    """Pairs scored for the report only (never trained on): the measurement relevance sets."""
    items = [*(("halueval", x) for x in D.halueval_relevance(data, 500, 1000)),
             *(("ares-nq", x) for x in D.ares_relevance_heldout(data))]
    return [{"claim": x.context[0], "evidence": x.text, "label": float(x.label), "set": name,
             "split": "measure", "kind": "labelled", "source": name} for name, x in items]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=Path(".answers/train.jsonl.gz"))
    parser.add_argument("--measure", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    pairs = build(args.data, args.seed)
    write_rows([asdict(p) for p in pairs], args.out)
    print_counts(pairs, args.out)
    if args.measure:
        rows = measurement(args.data)
        write_rows(rows, args.measure)
        print("measurement pairs", len(rows), "->", args.measure)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
