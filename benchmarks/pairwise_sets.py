"""THELMA-style pairwise sets (a better and a worse version per dimension), built by rule from
the measurement split of WikiEval (50 questions answered by RAGFlow, with reference answers).

For each question: the *gold passage* is the window of retrieved sentences around the one
closest to the reference answer (by shared words) plus the other retrieved sentences sharing
most words with it; the *better response* is the reference. GR pairs are made only where the
gold passage holds ≥ 85 % of the reference's content words (WikiEval references were written
from the Wikipedia page, not from what RAGFlow retrieved).
Worse versions, following the construction in the THELMA paper (appendix):
  RP   reference + two facts from other questions' references (irrelevant facts)
  RQC  reference without the sentence answering the question's last part (essential piece)
  SD   reference + a reworded repeat of its first sentence
  SP1  gold passage + two passages from other questions (irrelevant sources)
  SP2  gold passage with three sentences from other questions inserted
  SQC  gold passage without the sentences sharing ≥ 15 % of the reference's words
  GR   reference with a number changed or, without numbers, a foreign claim appended
Randomness is a seeded `random.Random`, so the sets are the same on every run.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from ragvet.data.records import Record, make_record
from ragvet.text import content_stems, sentences
from training import datasets as D

DIMENSIONS = ("SP1", "SP2", "SQC", "RP", "RQC", "SD", "GR")
GROUNDED = 0.85


@dataclass(frozen=True)
class Pair:
    dimension: str
    better: Record
    worse: Record


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
    for row in D.ragflow(data):
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


def _record(item: Item, sources, response: str, tag: str) -> Record:
    return make_record(id=tag, query=item.question, sources=list(sources), response=response)


def _passage(sents) -> str:
    return " ".join(sents)


def _reword(sentence: str) -> str:
    swaps = {" is ": " is indeed ", " was ": " was, in fact, ", " are ": " are indeed ",
             " the ": " this ", " in ": " within "}
    out = sentence.rstrip(".")
    for a, b in swaps.items():
        if a in out:
            out = out.replace(a, b, 1)
            break
    return f"To repeat, {out[0].lower() + out[1:]}."


_QUESTION_PARTS = re.compile(r",?\s+and\s+(?=(?:how|what|which|who|when|where|why|is|are|"
                             r"was|were|does|do|did)\b)", re.IGNORECASE)


def _drop_piece(question: str, reference: str) -> str | None:
    """Remove the reference sentence that answers the last part of the question (or, for a
    one-part question, the one that shares most words with it)."""
    parts = sentences(reference)
    asks = _QUESTION_PARTS.split(question)
    target = content_stems(asks[-1]) - (content_stems(asks[0]) if len(asks) > 1 else set())
    target = target or content_stems(question)
    if len(parts) > 1:
        drop = max(range(len(parts)), key=lambda i: (len(content_stems(parts[i]) & target), -i))
        return " ".join(p for i, p in enumerate(parts) if i != drop)
    cut = re.split(r",\s+(?:and\s+)?|\s+and\s+", reference)
    return cut[0].rstrip(".,") + "." if len(cut) > 1 else None


def _change_number(reference: str, rng: random.Random) -> str | None:
    match = re.search(r"\b(1[5-9]\d\d|20\d\d|\d{1,3})\b", reference)
    if not match:
        return None
    value = int(match.group(0))
    new = value + rng.choice([-7, -3, 2, 5, 11]) if value > 31 else value + rng.choice([1, 2, 3])
    return reference[:match.start()] + str(new) + reference[match.end():]


def build_pairs(data: Path, seed: int = 13) -> list[Pair]:
    rng = random.Random(seed)
    items = _items(data)
    pairs: list[Pair] = []
    for n, item in enumerate(items):
        others = [o for j, o in enumerate(items) if j != n]
        foreign = rng.sample(others, 3)
        gold = [_passage(item.gold)]
        better = _record(item, gold, item.reference, f"{n}-better")

        def add(dim: str, worse: Record, better: Record = better) -> None:
            pairs.append(Pair(dim, better, worse))

        extra = [sentences(o.reference)[0] for o in foreign[:2]]
        add("RP", _record(item, gold, item.reference + " " + " ".join(extra), f"{n}-rp"))
        dropped = _drop_piece(item.question, item.reference)
        if dropped:
            add("RQC", _record(item, gold, dropped, f"{n}-rqc"))
        first = sentences(item.reference)[0]
        add("SD", _record(item, gold, item.reference + " " + _reword(first), f"{n}-sd"))
        add("SP1", _record(item, gold + [_passage(o.gold) for o in foreign[:2]],
                           item.reference, f"{n}-sp1"))
        noisy = list(item.gold)
        for k, o in enumerate(foreign):
            noisy.insert(min(len(noisy), 2 * k + 1), o.gold[rng.randrange(len(o.gold))])
        add("SP2", _record(item, [_passage(noisy)], item.reference, f"{n}-sp2"))
        ref = content_stems(item.reference)
        missing = [s for s in item.gold if len(content_stems(s) & ref) / len(ref) < 0.15]
        if len(missing) >= 2:
            add("SQC", _record(item, [_passage(missing)], item.reference, f"{n}-sqc"))
        if item.covered >= GROUNDED:  # only where the reference is (lexically) in the sources
            changed = _change_number(item.reference, rng)
            ungrounded = changed or item.reference + " " + sentences(foreign[2].reference)[-1]
            add("GR", _record(item, gold, ungrounded, f"{n}-gr"))
    return pairs
