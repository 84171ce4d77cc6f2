"""THELMA-style pairwise sets (a better and a worse version per dimension), built by rule from
the measurement split of WikiEval: the 40 questions answered by RAGFlow (with reference answers)
that are not among the ten tuning samples (`training.datasets.ragflow_heldout`).

For each question: the *gold passage* is the window of retrieved sentences around the one
closest to the reference answer (by shared words) plus the other retrieved sentences sharing
most words with it; the *better response* is the reference. GR pairs are made only where the
gold passage holds ≥ 85 % of the reference's content words (WikiEval references were written
from the Wikipedia page, not from what RAGFlow retrieved).
The worse versions are built by `ragvet.validation.pairs` (the construction behind
`ragvet pairs make`, following the THELMA paper's appendix) from these better records, so
`ragvet pairs make` on the records this script writes gives the same pairs:

    PYTHONPATH=src python benchmarks/pairwise_sets.py --data ../shared/data --out wikieval.jsonl
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # training/: the data readers

from ragvet._util.jsonl import write_jsonl
from ragvet.data.records import Record, make_record
from ragvet.text import content_stems, sentences
from ragvet.validation.pairs import DIMENSIONS, Pair
from ragvet.validation.pairs import build_pairs as make_pairs
from training import datasets as D

__all__ = ["DIMENSIONS", "Pair", "build_pairs", "wikieval_records"]


@dataclass(frozen=True)
class Item:
    question: str
    reference: str
    gold: tuple[str, ...]  # gold passage sentences
    answer_rows: tuple[int, ...]  # indices in `gold` of sentences carrying the reference
    covered: float  # share of the reference's content words found in the gold passage


def _clean(text: str) -> str:
    text = re.sub(r"\[ID:\d+\]", "", text.replace("\\n", " "))
    return " ".join(text.split())


def _items(data: Path, window: int = 6, extra: int = 6) -> list[Item]:
    items = []
    for row in D.ragflow_heldout(data):
        reference = _clean(row["reference"])
        ref_stems = content_stems(reference)
        sents = list(dict.fromkeys(s for c in row["retrieved_contexts"]
                                   for s in sentences(_clean(c)) if 4 <= len(s.split()) <= 60))
        if not sents or not ref_stems:
            continue
        overlap = [len(content_stems(s) & ref_stems) / len(ref_stems) for s in sents]
        centre = max(range(len(sents)), key=lambda i: (overlap[i], -i))
        lo = max(0, min(centre - window // 2, len(sents) - window))
        chosen = set(range(lo, min(len(sents), lo + window)))
        ranked = sorted(range(len(sents)), key=lambda i: (-overlap[i], i))
        chosen |= {i for i in ranked[:extra] if overlap[i] >= 0.25}
        order = sorted(chosen)
        gold = tuple(sents[i] for i in order)
        rows = tuple(k for k, i in enumerate(order) if overlap[i] >= 0.3)
        covered = len(ref_stems & frozenset().union(*(content_stems(g) for g in gold))) / \
            len(ref_stems)
        items.append(Item(row["question"].strip(), reference, gold,
                          rows or (order.index(centre),), covered))
    return items


def wikieval_records(data: Path) -> list[Record]:
    """The better versions as ragvet records: the question, the gold passage as the one
    source, the reference as the response (what `ragvet pairs make` reads)."""
    return [make_record(id=str(n), query=item.question, sources=[" ".join(item.gold)],
                        response=item.reference) for n, item in enumerate(_items(data))]


def build_pairs(data: Path, seed: int = 13) -> list[Pair]:
    """The WikiEval pairs: `ragvet.validation.pairs` over the records above."""
    return list(make_pairs(wikieval_records(data), seed=seed).pairs)


def main() -> int:
    parser = argparse.ArgumentParser(description="Write the WikiEval better records (JSONL) "
                                     "for 'ragvet pairs make'.")
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=Path("wikieval_records.jsonl"))
    args = parser.parse_args()
    records = wikieval_records(args.data)
    write_jsonl((r.to_dict() for r in records), args.out)
    print(f"{len(records)} records written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
