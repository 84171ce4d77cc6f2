"""Readers for the public data ragvet's fitted parameters are tuned on and measured on.

Tune only on: WikiEval samples (10), HaluEval-QA rows 0–499, WiCE dev, BEGIN dev, ARES NQ
synthetic queries. Never read: FaithBench and ragas-wikiqa (their licences forbid shipping
anything fitted on them).
Measure only on: WikiEval RAGFlow responses (50), HaluEval-QA rows 500–999, WiCE test, BEGIN test.
The folder layout is that of the project's shared data (each folder has a README).

The offline judge is tuned on single judgements (`Labelled`); VERA's combiner on whole
records (`halueval_pairs`, `wikieval_records`), because it combines metric scores.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragvet.data.records import Record, make_record

TUNING = ("wikieval/wikieval_samples_10.jsonl", "halueval-qa rows 0-499", "wice dev", "begin dev",
          "ares/nq_synthetic_queries.tsv")
MEASUREMENT = ("wikieval/wikieval_ragflow_responses_50.jsonl less the tuning questions",
               "halueval-qa rows 500-999",
               "wice test", "begin test")
HALUEVAL = "halueval-qa/qa_data_1000.jsonl"
WIKIEVAL = "wikieval/wikieval_samples_10.jsonl"
ARES = "ares/nq_synthetic_queries.tsv"
ARES_RELEVANCE_QUESTIONS = 232  # as many questions as the relevance set it replaced
TUNING_ROWS = range(0, 500)
MEASUREMENT_ROWS = range(500, 1000)


@dataclass(frozen=True, slots=True)
class Labelled:
    """One labelled judgement: `text` against `context` (sources or a question)."""

    dataset: str
    text: str
    context: tuple[str, ...]
    label: bool
    group: str = ""


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def _strip(text: str, prefix: str) -> str:
    text = text.strip()
    return text[len(prefix):].strip() if text.startswith(prefix) else text


def halueval(data: Path, start: int, stop: int) -> list[dict[str, Any]]:
    return _jsonl(data / HALUEVAL)[start:stop]


def halueval_support(data: Path, start: int, stop: int, *,
                     with_question: bool = False) -> list[Labelled]:
    """Right (yes) and hallucinated (no) answers against the row's knowledge.
    `with_question`: each claim is the question followed by the answer, as the metrics hand a
    bare answer over ('Is X in Y? No.'); a bare 'No.' alone states nothing to check."""
    out = []
    for i, row in enumerate(halueval(data, start, stop), start):
        ctx = (row["knowledge"],)
        asked = f"{row['question'].strip()} " if with_question else ""
        out.append(Labelled("halueval", asked + row["right_answer"], ctx, True, str(i)))
        out.append(Labelled("halueval", asked + row["hallucinated_answer"], ctx, False, str(i)))
    return out


def halueval_relevance(data: Path, start: int, stop: int, *,
                       siblings: bool = True) -> list[Labelled]:
    """The one knowledge sentence holding the right answer vs another knowledge sentence of
    the same row, and vs a sentence from the next row's knowledge (off topic).

    `siblings=False` leaves out the other sentence of the row. HaluEval's questions are
    multi-hop, so that sentence is mostly the other hop ('It contains only one species, …,
    which is found in India.' for 'Which genus of moth in the world's seventh-largest country
    contains only one species?'): needed to answer, yet labelled no here. The calibration
    reads the set without it."""
    from ragvet.text import sentences

    out = []
    rows = halueval(data, start, stop)
    for i, row in enumerate(rows, start):
        parts = sentences(row["knowledge"])
        answer = row["right_answer"].lower().strip(" .")
        holding = [s for s in parts if answer and answer in s.lower()]
        others = [s for s in parts if answer not in s.lower()]
        if len(holding) == 1 and others:
            q = (row["question"],)
            out.append(Labelled("halueval", holding[0], q, True, str(i)))
            if siblings:
                out.append(Labelled("halueval", others[0], q, False, str(i)))
            off = sentences(rows[(i - start + 1) % len(rows)]["knowledge"])
            if off:
                out.append(Labelled("halueval", off[0], q, False, f"{i}:off-topic"))
    return out


def wice(data: Path, split: str, *, partial_as: bool | None = False) -> list[Labelled]:
    """Claims against their evidence; `partial_as=None` drops partially supported claims."""
    out = []
    for row in _jsonl(data / "wice" / f"wice_claim_{split}.jsonl"):
        evidence = row["evidence"]
        if isinstance(evidence, str):
            evidence = ast.literal_eval(evidence)
        label = row["label"]
        if label == "partially_supported":
            if partial_as is None:
                continue
            value = partial_as
        else:
            value = label == "supported"
        claim = re.sub(r"\s*\[\d+\]", "", row["claim"]).strip()
        out.append(Labelled(f"wice-{label}", claim, ("\n\n".join(evidence),), value,
                            row["meta"]["id"]))
    return out


def begin(data: Path, split: str) -> list[Labelled]:
    out = []
    for path in sorted((data / "begin").glob(f"*__begin_{split}_*.tsv")):
        with path.open(encoding="utf-8", newline="") as handle:
            for i, row in enumerate(csv.DictReader(handle, delimiter="\t")):
                label = row["begin_label"]
                if label == "Generic":
                    continue
                out.append(Labelled("begin", row["response"], (row["knowledge"],),
                                    label == "Fully attributable", f"{path.stem}:{i}"))
    return out


def ares(data: Path) -> list[dict[str, str]]:
    """The ARES NQ synthetic queries (Apache-2.0; silver labels, by construction)."""
    with (data / ARES).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def ares_relevance(data: Path, limit: int = ARES_RELEVANCE_QUESTIONS,
                   start: int = 0) -> list[Labelled]:
    """As `halueval_relevance`, on ARES NQ: the document sentence holding the relevant
    generated answer vs another sentence of the same document, and vs a sentence of the next
    chosen question's document (off topic). One question per document: the usable ones in
    file order from the `start`-th, `limit` of them, so the set is the same on every run.
    The first ARES_RELEVANCE_QUESTIONS are tuning data; `ares_relevance_heldout` is the rest."""
    from ragvet.text import sentences

    chosen: list[tuple[int, dict[str, str], str, str]] = []
    seen: set[str] = set()
    for i, row in enumerate(ares(data)):
        if len(chosen) >= start + limit:
            break
        if row["Answer_Relevance_Label"] != "Yes" or row["document_index"] in seen:
            continue
        parts = sentences(row["document"])
        answer = row["generated_answer"].lower().strip(" .")
        holding = [s for s in parts if answer and answer in s.lower()]
        others = [s for s in parts if answer not in s.lower()]
        if len(holding) == 1 and others:
            seen.add(row["document_index"])
            chosen.append((i, row, holding[0], others[0]))
    chosen = chosen[start:]
    out = []
    for k, (i, row, holding, other) in enumerate(chosen):
        q = (row["synthetic_query"].strip(),)
        out.append(Labelled("ares", holding, q, True, str(i)))
        out.append(Labelled("ares", other, q, False, str(i)))
        if len(chosen) > 1:
            off = sentences(chosen[(k + 1) % len(chosen)][1]["document"])
            out.append(Labelled("ares", off[0], q, False, f"{i}:off-topic"))
    return out


def ares_relevance_heldout(data: Path) -> list[Labelled]:
    """The ARES NQ relevance items after the tuning questions: measurement data, never fitted
    on (`benchmarks/calibration.py` reads them)."""
    return ares_relevance(data, limit=10**6, start=ARES_RELEVANCE_QUESTIONS)


def wikieval_samples(data: Path) -> list[dict[str, Any]]:
    rows = _jsonl(data / WIKIEVAL)
    return [{**r, "question": _strip(r["question"], "Question:"),
             "answer": _strip(r["answer"], "Answer:")} for r in rows]


def wikieval_relevance(data: Path) -> list[Labelled]:
    out = []
    for i, row in enumerate(wikieval_samples(data)):
        q = (row["question"],)
        out.append(Labelled("wikieval10", row["answer"], q, True, str(i)))
        out.append(Labelled("wikieval10", row["poor_answer"], q, False, str(i)))
    return out


def ragflow(data: Path) -> list[dict[str, Any]]:
    """All 50 WikiEval questions answered by RAGFlow (10 of them are the tuning samples')."""
    return _jsonl(data / "wikieval" / "wikieval_ragflow_responses_50.jsonl")


def ragflow_heldout(data: Path) -> list[dict[str, Any]]:
    """The WikiEval measurement split: the RAGFlow rows whose question is not one of the ten
    tuning samples (the samples are 10 of the same 50 questions, with the same reference
    answers, so measuring on them would measure on tuning data)."""
    tuning = {" ".join(row["question"].split()) for row in wikieval_samples(data)}
    return [row for row in ragflow(data) if " ".join(row["question"].split()) not in tuning]


def tidy_knowledge(text: str) -> str:
    """HaluEval glues passages together ("…century.First for Women …"): restore the space."""
    return re.sub(r"([.!?])(?=[A-Z])", r"\1 ", text)


def halueval_pairs(path: str | Path, rows: range) -> Iterator[tuple[int, Record, Record]]:
    """(row, right-answer record, hallucinated-answer record) for the given rows."""
    with Path(path).open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            if index not in rows or not line.strip():
                continue
            row = json.loads(line)
            common = {"query": row["question"], "sources": [tidy_knowledge(row["knowledge"])],
                      "metadata": {"dataset": "halueval-qa", "row": index}}
            yield (index,
                   make_record(id=f"halueval-{index}-right", response=row["right_answer"],
                               **common),
                   make_record(id=f"halueval-{index}-hallucinated",
                               response=row["hallucinated_answer"], **common))


def wikieval_records(path: str | Path) -> Iterator[tuple[Record, int]]:
    """(record, label) for each sample's grounded (1), ungrounded (0) and poor (0) answer."""
    with Path(path).open(encoding="utf-8") as handle:
        for index, line in enumerate(handle):
            row = json.loads(line)
            query = row["question"].removeprefix("Question:").strip()
            context = row["context_v1"]
            sources = json.loads(context) if isinstance(context, str) else list(context)
            answers = {"grounded": (row["answer"].removeprefix("Answer:").strip(), 1),
                       "ungrounded": (row["ungrounded_answer"], 0),
                       "poor": (row["poor_answer"], 0)}
            for kind, (response, label) in answers.items():
                yield make_record(id=f"wikieval-{index}-{kind}", query=query, sources=sources,
                                  response=response, metadata={"dataset": "wikieval"}), label
