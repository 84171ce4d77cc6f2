"""Better/worse pairs per THELMA dimension, built by rule from a user's own records.

THELMA (appendix, table 1) checks a metric by pairs: a better and a worse version of one
record that differ in a single way the metric is meant to see. Here each record the user
gives is the *better* version (its query, sources and response; or its reference as the
response with `use_reference`), and the worse versions follow the paper's perturbations:

  RP   two first sentences of other records' responses appended (extraneous facts)
  RQC  the response without the sentence answering the query's last part (a missing piece)
  SD   a reworded repeat of the response's first sentence appended
  SP1  the first source of two other records added (irrelevant sources)
  SP2  three sentences of other records' sources inserted inside the sources
  SQC  the sources without their answer-bearing sentences (those sharing ≥ 15 % of the
       response's content words); made only when at least two other sentences remain
  GR   one number of the response changed or, without a number, a sentence of another
       record's response appended; made only where the sources hold ≥ 85 % of the
       response's content words (so the better version is grounded)

Sources are compared sentence by sentence, so every version's sources are the sentences of
the record's sources joined by single spaces (the better version too: the two versions of a
pair differ in the perturbation only). Randomness is one seeded `random.Random`: the same
records and seed give the same pairs. `benchmarks/pairwise_sets.py` builds its WikiEval sets
through this module.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..data.records import Record, make_record
from ..errors import ConfigError
from ..text import content_stems, sentences

DIMENSIONS = ("SP1", "SP2", "SQC", "RP", "RQC", "SD", "GR")
GROUNDED = 0.85  # share of the response's content words the sources must hold for a GR pair
ANSWER_BEARING = 0.15  # a source sentence sharing this share of the response's words bears it
MIN_RECORDS = 4  # a record and the three others its perturbations borrow from
PAIR_FIELD = "pair"  # the metadata field that ties a pair's records together

PERTURBATIONS: Mapping[str, str] = {
    "RP": "two sentences from other records' responses appended to the response",
    "RQC": "the response sentence answering the query's last part removed",
    "SD": "a reworded repeat of the response's first sentence appended",
    "SP1": "two other records' first sources added",
    "SP2": "three sentences from other records' sources inserted inside the sources",
    "SQC": "the answer-bearing source sentences removed",
    "GR": "one number of the response changed, or another record's sentence appended",
}


@dataclass(frozen=True, slots=True)
class Pair:
    """A better and a worse version of one record for one dimension."""

    dimension: str
    better: Record
    worse: Record


@dataclass(frozen=True, slots=True)
class Base:
    """A record as the perturbations read it: its sentences, source by source."""

    record: Record
    response: str
    sources: tuple[tuple[str, ...], ...]  # the sentences of each non-empty source
    covered: float  # share of the response's content words found in the sources

    @property
    def sentences(self) -> tuple[str, ...]:
        return tuple(s for source in self.sources for s in source)

    @property
    def passages(self) -> list[str]:
        return [" ".join(source) for source in self.sources]


@dataclass(frozen=True, slots=True)
class PairSet:
    """The pairs, the better records they share, and the records left out with why."""

    pairs: tuple[Pair, ...]
    skipped: tuple[tuple[str, str], ...] = ()  # (record id, reason)

    def counts(self) -> dict[str, int]:
        return {dim: sum(p.dimension == dim for p in self.pairs) for dim in DIMENSIONS}

    def records(self) -> list[Record]:
        """Every record to evaluate: each better version once, then its worse versions."""
        seen: dict[str, Record] = {}
        for pair in self.pairs:
            seen.setdefault(pair.better.id, pair.better)
            seen.setdefault(pair.worse.id, pair.worse)
        return list(seen.values())


def base_of(record: Record, *, use_reference: bool = False) -> Base | str:
    """The record's sentences, or the reason it cannot give pairs."""
    response = record.reference if use_reference else record.response
    if not response or not response.strip():
        return "it has no reference" if use_reference else "its response is empty"
    response = " ".join(response.split())
    sources = tuple(split for s in record.source_texts if (split := sentences(s)))
    if not sources:
        return "its sources have no sentences"
    ref = content_stems(response)
    if not ref:
        return "its response has no content words"
    found = frozenset().union(*(content_stems(s) for source in sources for s in source))
    return Base(record, response, sources, len(ref & found) / len(ref))


def build_pairs(records: Iterable[Record], *, seed: int = 13,
                use_reference: bool = False) -> PairSet:
    """Pairs for every dimension from each usable record (see the module docstring)."""
    bases: list[Base] = []
    skipped: list[tuple[str, str]] = []
    for record in records:
        base = base_of(record, use_reference=use_reference)
        if isinstance(base, str):
            skipped.append((record.id, base))
        else:
            bases.append(base)
    if len(bases) < MIN_RECORDS:
        raise ConfigError(f"pairs need at least {MIN_RECORDS} usable records (the worse "
                          f"versions borrow text from other records); got {len(bases)}"
                          + (f", {len(skipped)} left out: {skipped[0][0]}: {skipped[0][1]}"
                             if skipped else ""))
    ids = [b.record.id for b in bases]
    if len(set(ids)) != len(ids):
        raise ConfigError("record ids must be unique to tie pairs together; "
                          f"{next(i for i in ids if ids.count(i) > 1)!r} repeats")
    rng = random.Random(seed)
    pairs: list[Pair] = []
    for n, base in enumerate(bases):
        others = [o for j, o in enumerate(bases) if j != n]
        pairs += _pairs_of(base, rng.sample(others, 3), rng)
    return PairSet(tuple(pairs), tuple(skipped))


def _pairs_of(base: Base, foreign: Sequence[Base], rng: random.Random) -> list[Pair]:
    """The worse versions of one record, drawing on `rng` in a fixed order."""
    better = _version(base, "better", base.passages, base.response)
    out: list[Pair] = []

    def add(dim: str, sources: list[str], response: str) -> None:
        worse = _version(base, dim, sources, response, better=better.id)
        out.append(Pair(dim, better, worse))

    response, passages = base.response, base.passages
    extra = [sentences(o.response)[0] for o in foreign[:2]]
    add("RP", passages, response + " " + " ".join(extra))
    dropped = drop_piece(base.record.query, response)
    if dropped:
        add("RQC", passages, dropped)
    add("SD", passages, response + " " + reword(sentences(response)[0]))
    add("SP1", passages + [o.passages[0] for o in foreign[:2]], response)
    flat = [(k, s) for k, source in enumerate(base.sources) for s in source]
    for j, o in enumerate(foreign):
        at = min(len(flat), 2 * j + 1)
        owner = flat[at - 1][0] if at else 0
        flat.insert(at, (owner, o.sentences[rng.randrange(len(o.sentences))]))
    add("SP2", _regroup(flat), response)
    words = content_stems(response)
    kept = [(k, s) for k, source in enumerate(base.sources) for s in source
            if len(content_stems(s) & words) / len(words) < ANSWER_BEARING]
    if len(kept) >= 2:
        add("SQC", _regroup(kept), response)
    if base.covered >= GROUNDED:
        changed = change_number(response, rng)
        add("GR", passages, changed or response + " " + sentences(foreign[2].response)[-1])
    return out


def _regroup(flat: Sequence[tuple[int, str]]) -> list[str]:
    """(source index, sentence) pairs → one passage per source, in source order."""
    grouped: dict[int, list[str]] = {}
    for k, sentence in flat:
        grouped.setdefault(k, []).append(sentence)
    return [" ".join(grouped[k]) for k in sorted(grouped)]


def _version(base: Base, tag: str, sources: list[str], response: str, *,
             better: str | None = None) -> Record:
    record = base.record
    about: dict[str, Any] = {"record": record.id}
    if better is None:
        about["role"] = "better"
    else:
        about.update(role="worse", dimension=tag, better=better, change=PERTURBATIONS[tag])
    return make_record(id=f"{record.id}/{tag}", query=record.query, sources=sources,
                       response=response, reference=record.reference,
                       metadata={**dict(record.metadata), PAIR_FIELD: about})


def reword(sentence: str) -> str:
    """A repeat of `sentence` in other words (a few function words swapped, a lead-in)."""
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


def drop_piece(question: str, response: str) -> str | None:
    """The response without the sentence answering the question's last part (for a one-part
    question, the sentence sharing most words with it); a one-sentence response loses its
    last clause. None when nothing can be dropped."""
    parts = sentences(response)
    asks = _QUESTION_PARTS.split(question)
    target = content_stems(asks[-1]) - (content_stems(asks[0]) if len(asks) > 1 else set())
    target = target or content_stems(question)
    if len(parts) > 1:
        drop = max(range(len(parts)), key=lambda i: (len(content_stems(parts[i]) & target), -i))
        return " ".join(p for i, p in enumerate(parts) if i != drop)
    cut = re.split(r",\s+(?:and\s+)?|\s+and\s+", response)
    return cut[0].rstrip(".,") + "." if len(cut) > 1 else None


def change_number(text: str, rng: random.Random) -> str | None:
    """`text` with its first year or small number changed (one fact made false)."""
    match = re.search(r"\b(1[5-9]\d\d|20\d\d|\d{1,3})\b", text)
    if not match:
        return None
    value = int(match.group(0))
    new = value + rng.choice([-7, -3, 2, 5, 11]) if value > 31 else value + rng.choice([1, 2, 3])
    return text[:match.start()] + str(new) + text[match.end():]


__all__ = ["DIMENSIONS", "PAIR_FIELD", "PERTURBATIONS", "Base", "Pair", "PairSet", "base_of",
           "build_pairs", "change_number", "drop_piece", "reword"]
