"""Training pairs for the learned grounding verifier (tuning data only).

    PYTHONPATH=src python -m training.verifier_data --data ../shared/data \
        --out .verifier/train.jsonl.gz

Two kinds of (claim, evidence, label) pairs, each with a `split` of `train` or `val` (val holds
out whole groups, so that a claim's page never sits on both sides):

- synthetic pairs in the style of FactCC (Kryscinski et al. 2020) from passages whose licences
  allow shipping derived weights: positives are a sentence copied, a clause dropped, two
  adjacent sentences fused, a fronted phrase moved to the end, a leading pronoun replaced by
  the passage subject; negatives are an entity swapped, a number or date changed, negation
  inserted or removed or an antonym flipped, a sentence of a related passage, an unsupported
  sentence appended, two entities of the sentence swapped, and the sentence itself removed
  from the evidence;
- labelled pairs from the tuning splits: HaluEval-QA rows 0–499, BEGIN dev, WiCE dev and the
  ARES NQ silver labels.

Never read here: FaithBench and ragas-wikiqa (their licences forbid shipping weights trained on
them) and the measurement splits (HaluEval-QA rows 500–999, BEGIN test, WiCE test, WikiEval).
Evidence is always built by `ragvet.judges.local.verifier.evidence_for`, as at run time.
"""

from __future__ import annotations

import argparse
import ast
import csv
import gzip
import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ragvet.judges.local.scoring import Sentence, passage_sentences
from ragvet.judges.local.text import subject_of
from ragvet.judges.local.verifier import evidence_for, evidence_from_sources
from ragvet.text import content_stems, words

from .datasets import HALUEVAL, tidy_knowledge

csv.field_size_limit(sys.maxsize)

SEED = 13
HALUEVAL_TRAIN = range(0, 450)
HALUEVAL_VAL = range(450, 500)  # still tuning rows (0–499); measurement is 500–999
VAL_SHARE = 0.2
# synthetic pairs per passage, by corpus: long noisy pages give more, the many short telecom
# answers fewer (one domain must not dominate)
PER_PASSAGE = {"halueval": 8.0, "ares-nq": 4.0, "wice-dev": 25.0, "telcobench": 1.5,
               "halueval2": 3.0, "lfqa": 4.0}


@dataclass(frozen=True, slots=True)
class Pair:
    claim: str
    evidence: str
    label: float
    source: str  # dataset the text came from
    kind: str  # transformation or 'labelled'
    split: str  # train / val


def held_out(group: str, share: float = VAL_SHARE) -> bool:
    digest = hashlib.sha256(f"{SEED}:{group}".encode()).digest()
    return digest[0] / 256 < share


# ---- passages -------------------------------------------------------------------------------

def _jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _tsv(path: Path, delimiter: str = "\t") -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter=delimiter))


def _wice_evidence(row: dict) -> list[str]:
    evidence = row["evidence"]
    return ast.literal_eval(evidence) if isinstance(evidence, str) else list(evidence)


def passages(data: Path) -> Iterator[tuple[str, str, str]]:
    """(dataset, group, passage text) from tuning data and corpora whose licences allow it."""
    for i, row in enumerate(_jsonl(data / HALUEVAL)):
        if i in HALUEVAL_TRAIN or i in HALUEVAL_VAL:  # MIT
            yield "halueval", f"halueval:{i}", tidy_knowledge(row["knowledge"])
    seen: set[str] = set()
    for row in _tsv(data / "ares" / "nq_synthetic_queries.tsv"):  # Apache-2.0
        if row["document"] not in seen:
            seen.add(row["document"])
            yield "ares-nq", f"ares:{row['document_index']}", row["document"]
    for row in _jsonl(data / "wice" / "wice_claim_dev.jsonl"):  # ODC-BY / CC BY-SA
        yield "wice-dev", f"wice:{row['meta']['id']}", "\n\n".join(_wice_evidence(row))
    for i, row in enumerate(_tsv(data / "telecom-mm-telcobench" / "LONG_TelcoBench.csv", ",")):
        for k in (1, 2, 3):  # CC BY 4.0
            text = row.get(f"Candidate Answer {k}") or ""
            if len(text.split()) > 30:
                yield "telcobench", f"telco:{i}", text
    for path in sorted((data / "halueval2-human").glob("*.json")):  # MIT
        for row in json.loads(path.read_text(encoding="utf-8")):
            yield "halueval2", f"halueval2:{path.stem}:{row['id']}", row["chatgpt_response"]
    for i, row in enumerate(_tsv(data / "lfqa-preference" / "HaluQuestQA.tsv")):  # Apache-2.0
        for k in ("ans1_text", "ans2_text"):
            if len((row.get(k) or "").split()) > 30:
                yield "lfqa", f"lfqa:{i}", row[k]


# ---- transformations --------------------------------------------------------------------------

_ENTITY = re.compile(r"(?<!^)(?<![.!?] )\b[A-Z][a-zA-Z'’-]+"
                     r"(?: (?:of |de |the |von )?[A-Z][a-zA-Z'’-]+)*")
_NUMBER = re.compile(r"\b\d{1,4}(?:,\d{3})*(?:\.\d+)?\b")
_AUX = re.compile(r"\b(is|was|are|were|has|had|have|can|will|does|did|do|could|would|should)\b")
_NEG = re.compile(r"\b(is|was|are|were|has|had|have|can|will|does|did|do|could|would|should)"
                  r"(?: not|n't)\b")
_FRONTED = re.compile(r"^(In|On|At|During|By|After|Before|Since|Until|From) ([^,]{3,50}), "
                      r"(.+?)([.!]?)$")
_PRONOUN = re.compile(r"^(He|She|It|They)\b ")
NUMBER_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve",
                "twenty", "hundred"]
ANTONYMS = dict([
    ("increase", "decrease"), ("increased", "decreased"), ("before", "after"), ("first", "last"),
    ("largest", "smallest"), ("north", "south"), ("east", "west"), ("won", "lost"),
    ("higher", "lower"), ("more", "fewer"), ("older", "younger"), ("earlier", "later"),
    ("larger", "smaller"), ("includes", "excludes"), ("allowed", "forbidden"),
    ("maximum", "minimum"), ("above", "below"), ("male", "female"), ("rise", "fall"),
    ("success", "failure"), ("successful", "unsuccessful"), ("private", "public"),
    ("inside", "outside"), ("always", "never"), ("major", "minor"), ("best", "worst"),
    ("positive", "negative"), ("same", "different"), ("early", "late"), ("only", "also"),
    ("enable", "disable"), ("enabled", "disabled"), ("mandatory", "optional"),
    ("accepted", "rejected"), ("upper", "lower"), ("uplink", "downlink"),
])
ANTONYMS |= {b: a for a, b in list(ANTONYMS.items())}


def _sentence_ok(text: str) -> bool:
    n = len(words(text))
    return 6 <= n <= 45 and not text.rstrip().endswith("?")


def _end(text: str) -> str:
    text = text.strip(" ,;")
    return text if text.endswith((".", "!")) else text + "."


def clause_dropped(s: str, rng: random.Random) -> str | None:
    parts = [p for p in s.rstrip(".").split(", ") if p]
    if len(parts) < 2:
        return None
    if len(parts) >= 3 and rng.random() < 0.5:  # 'X, who …, did Y' → 'X did Y'
        k = rng.randrange(1, len(parts) - 1)
        out = ", ".join(parts[:k]) + " " + ", ".join(parts[k + 1:])
    else:
        out = ", ".join(parts[:-1])
    return _end(out) if len(words(out)) >= 5 else None


def fronted_moved(s: str) -> str | None:
    m = _FRONTED.match(s.strip())
    if not m:
        return None
    rest = m.group(3)
    return _end(f"{rest[0].upper()}{rest[1:]} {m.group(1).lower()} {m.group(2)}")


def pronoun_resolved(s: str, topic: str | None) -> str | None:
    if not topic or not _PRONOUN.match(s):
        return None
    return _PRONOUN.sub(topic + " ", s, count=1)


def entity_swapped(s: str, pool: Sequence[str], rng: random.Random) -> str | None:
    mine = [m for m in _ENTITY.finditer(s)]
    if not mine:
        return None
    target = rng.choice(mine)
    options = [e for e in pool if e != target.group(0) and e not in s and
               content_stems(e) != content_stems(target.group(0))]
    if not options:
        return None
    return s[:target.start()] + rng.choice(options) + s[target.end():]


def number_changed(s: str, rng: random.Random) -> str | None:
    found = list(_NUMBER.finditer(s))
    if found:
        m = rng.choice(found)
        raw = m.group(0).replace(",", "")
        try:
            value = float(raw)
        except ValueError:
            return None
        if 1000 <= value <= 2100 and "." not in raw:
            new = str(int(value) + rng.choice([-1, 1]) * rng.randint(1, 15))
        elif "." in raw:
            new = f"{value * rng.choice([0.5, 1.5, 2, 3]):.{len(raw.split('.')[1])}f}"
        else:
            new = str(max(0, int(value) + rng.choice([-1, 1]) * rng.randint(1, max(2, int(value)))))
        if new == raw or new == m.group(0):
            return None
        return s[:m.start()] + new + s[m.end():]
    present = [w for w in NUMBER_WORDS if re.search(rf"\b{w}\b", s)]
    if present:
        w = rng.choice(present)
        return re.sub(rf"\b{w}\b", rng.choice([x for x in NUMBER_WORDS if x != w]), s, count=1)
    return None


def negation_flipped(s: str, rng: random.Random) -> str | None:
    if _NEG.search(s):
        return _NEG.sub(lambda m: m.group(1), s, count=1)
    flips = [w for w in words(s) if w.lower() in ANTONYMS]
    if flips and rng.random() < 0.5:
        w = rng.choice(flips)
        new = ANTONYMS[w.lower()]
        new = new.capitalize() if w[0].isupper() else new
        return re.sub(rf"\b{re.escape(w)}\b", new, s, count=1)
    m = _AUX.search(s)
    if m:
        return s[:m.end()] + " not" + s[m.end():]
    return None


def entities_exchanged(s: str) -> str | None:
    found = list(dict.fromkeys(m.group(0) for m in _ENTITY.finditer(s)))
    if len(found) < 2:
        return None
    a, b = found[0], found[1]
    out = s.replace(a, "\x00").replace(b, a).replace("\x00", b)
    return out if out != s else None


# ---- building -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Passage:
    source: str
    group: str
    parts: tuple[Sentence, ...]
    stems: frozenset[str]


POSITIVE = ("copy", "clause_dropped", "fused", "fronted_moved", "pronoun_resolved")
NEGATIVE = ("entity_swapped", "number_changed", "negation_flipped", "related_sentence",
            "unsupported_appended", "entities_exchanged", "own_sentence_removed")


def synthetic(passages_: Sequence[Passage], scale: float, rng: random.Random,
              split_of: dict[str, str]) -> Iterator[Pair]:
    by_split: dict[str, list[Passage]] = {}
    for p in passages_:
        by_split.setdefault(split_of[p.group], []).append(p)
    for split, pool in by_split.items():
        entity_pool = [m.group(0) for p in rng.sample(pool, min(len(pool), 400))
                       for s in p.parts for m in _ENTITY.finditer(s.text)]
        for p in pool:
            usable = [i for i, s in enumerate(p.parts) if _sentence_ok(s.text)]
            if not usable:
                continue
            want = PER_PASSAGE.get(p.source, 2.0) * scale
            for _ in range(int(want) + (rng.random() < want - int(want))):
                i = rng.choice(usable)
                made = _one(p, i, pool, entity_pool, rng)
                if made is None:
                    continue
                claim, parts, label, kind = made
                evidence = evidence_for(claim, parts)
                if evidence:
                    yield Pair(claim, evidence, label, p.source, kind, split)


def _one(p: Passage, i: int, pool: Sequence[Passage], entity_pool: Sequence[str],
         rng: random.Random) -> tuple[str, tuple[Sentence, ...], float, str] | None:
    s = p.parts[i].text
    if rng.random() < 0.5:
        kind = rng.choices(POSITIVE, weights=(3, 2, 2, 1, 1))[0]
        if kind == "copy":
            claim = s
        elif kind == "clause_dropped":
            claim = clause_dropped(s, rng)
        elif kind == "fused":
            nxt = p.parts[i + 1].text if i + 1 < len(p.parts) else None
            claim = f"{s} {nxt}" if nxt and len(words(nxt)) <= 40 else None
        elif kind == "fronted_moved":
            claim = fronted_moved(s) or clause_dropped(s, rng)
        else:
            claim = pronoun_resolved(s, subject_of(p.parts[0].text) if i else None) or s
        return (claim, p.parts, 1.0, kind) if claim else None
    kind = rng.choices(NEGATIVE, weights=(3, 3, 3, 2, 1, 1, 2))[0]
    parts = p.parts
    if kind == "entity_swapped":
        local = [m.group(0) for t in p.parts for m in _ENTITY.finditer(t.text)]
        claim = entity_swapped(s, local if rng.random() < 0.6 else entity_pool, rng)
    elif kind == "number_changed":
        claim = number_changed(s, rng) or negation_flipped(s, rng)
    elif kind == "negation_flipped":
        claim = negation_flipped(s, rng)
    elif kind == "related_sentence":
        claim = _related(p, pool, rng)
    elif kind == "unsupported_appended":
        other = _related(p, pool, rng)
        claim = f"{s} {other}" if other else None
    elif kind == "entities_exchanged":
        claim = entities_exchanged(s)
    else:
        if len(p.parts) < 4:
            return None
        stems = content_stems(s)
        parts = tuple(t for t in p.parts if t is not p.parts[i] and
                      len(stems & t.stems) < 0.7 * max(1, len(stems)))
        claim = s
    if not claim or (claim == s and kind != "own_sentence_removed"):
        return None
    return claim, parts, 0.0, kind


def _related(p: Passage, pool: Sequence[Passage], rng: random.Random) -> str | None:
    """A sentence of another passage sharing the most content words with this one."""
    best, best_score = None, 0
    for other in rng.sample(pool, min(len(pool), 40)):
        if other.group == p.group:
            continue
        for t in other.parts:
            if not _sentence_ok(t.text):
                continue
            score = len(t.stems & p.stems)
            if score > best_score:
                best, best_score = t.text, score
    return best


def labelled(data: Path) -> Iterator[Pair]:
    rows = _jsonl(data / HALUEVAL)
    for i in (*HALUEVAL_TRAIN, *HALUEVAL_VAL):
        row = rows[i]
        split = "val" if i in HALUEVAL_VAL else "train"
        knowledge = [tidy_knowledge(row["knowledge"])]
        for answer, label in ((row["right_answer"], 1.0), (row["hallucinated_answer"], 0.0)):
            for claim in (f"{row['question']} {answer}", answer):
                yield Pair(claim, evidence_from_sources(claim, knowledge), label, "halueval",
                           "labelled", split)
    for path in sorted((data / "begin").glob("*__begin_dev_*.tsv")):
        for i, row in enumerate(_tsv(path)):
            if row["begin_label"] == "Generic":
                continue
            split = "val" if held_out(f"{path.stem}:{i}") else "train"
            yield Pair(row["response"], evidence_from_sources(row["response"], [row["knowledge"]]),
                       float(row["begin_label"] == "Fully attributable"), "begin-dev", "labelled",
                       split)
    for row in _jsonl(data / "wice" / "wice_claim_dev.jsonl"):
        claim = re.sub(r"\s*\[\d+\]", "", row["claim"]).strip()
        split = "val" if held_out(f"wice:{row['meta']['id']}") else "train"
        evidence = evidence_from_sources(claim, ["\n\n".join(_wice_evidence(row))])
        yield Pair(claim, evidence, float(row["label"] == "supported"), "wice-dev",
                   f"labelled-{row['label']}", split)
    for row in _tsv(data / "ares" / "nq_synthetic_queries.tsv"):
        label = row["Answer_Faithfulness_Label"]
        if label not in ("Yes", "No"):
            continue
        claim = f"{row['synthetic_query']} {row['generated_answer']}"
        split = "val" if held_out(f"ares:{row['document_index']}") else "train"
        yield Pair(claim, evidence_from_sources(claim, [row["document"]]), float(label == "Yes"),
                   "ares-nq", "labelled", split)


def split_of_group(group: str) -> str:
    if group.startswith("halueval:"):
        return "val" if int(group.split(":")[1]) in HALUEVAL_VAL else "train"
    return "val" if held_out(group) else "train"


def build(data: Path, scale: float = 1.0, seed: int = SEED) -> list[Pair]:
    rng = random.Random(seed)
    found = []
    for source, group, text in passages(data):
        parts = passage_sentences(text)
        if len(parts) >= 2:
            found.append(Passage(source, group, parts,
                                 frozenset().union(*(s.stems for s in parts))))
    split_of = {p.group: split_of_group(p.group) for p in found}
    pairs = list(synthetic(found, scale, rng, split_of))
    pairs += list(labelled(data))
    rng.shuffle(pairs)
    return pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--out", type=Path, default=Path(".verifier/train.jsonl.gz"))
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiplies the synthetic pairs per passage (PER_PASSAGE)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    pairs = build(args.data, args.scale, args.seed)
    write_rows([asdict(p) for p in pairs], args.out)
    print_counts(pairs, args.out)
    return 0


def write_rows(rows: Sequence[dict], path: Path) -> None:
    """Training rows as gzipped JSON lines (what `training/fit_verifier.py` reads)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")


def print_counts(pairs: Sequence[Pair], path: Path) -> None:
    """How many pairs of each split, source and label were written."""
    counts: dict[tuple[str, str, str], int] = {}
    for p in pairs:
        key = (p.split, p.source, "pos" if p.label >= 0.5 else "neg")
        counts[key] = counts.get(key, 0) + 1
    for key in sorted(counts):
        print(*key, counts[key], sep="\t")
    print("pairs", len(pairs), "->", path)


if __name__ == "__main__":
    raise SystemExit(main())
