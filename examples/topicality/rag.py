"""A tiny RAG system over the bundled beekeeping corpus, for the topicality example.

Retrieval: keyword overlap (lower-cased words minus stop words, plural 's' stripped) between
the query and each passage; the top 3 passages are returned whatever their overlap, as a
naive retriever would. Generation: the 2 retrieved sentences sharing most words with the
query, in order. Use it as `--rag examples/topicality/rag.py:answer`.

`answer_regressed` simulates a broken index (it returns the passages ranked 4–6), and
`python examples/topicality/rag.py QUERIES.jsonl [--regressed] > records.jsonl` writes the
answered records, ready for `ragvet evaluate` and `ragvet compare`.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

CORPUS = Path(__file__).with_name("corpus.jsonl")
TOP_K = 3
STOP_WORDS = """a an and are as at be by can do does for from how in is it its of on or should
the their them they this to was what when where which who why with you your i my me"""
STOP = frozenset(STOP_WORDS.split())


def words(text: str) -> set[str]:
    return {w.rstrip("s") if len(w) > 3 else w for w in re.findall(r"[a-z]+", text.lower())
            if w not in STOP}


@lru_cache(maxsize=1)
def corpus() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def retrieve(query: str, k: int = TOP_K, skip: int = 0) -> list[dict]:
    wanted = words(query)
    ranked = sorted(corpus(), key=lambda p: (-len(wanted & words(p["text"])), p["id"]))
    return ranked[skip:skip + k]


def answer(query: str, skip: int = 0) -> dict:
    """query → {"response": str, "sources": [{"id", "text"}, ...]}."""
    passages = retrieve(query, skip=skip)
    wanted = words(query)
    sentences = [s for p in passages for s in re.split(r"(?<=[.!?])\s+", p["text"]) if s]
    best = sorted(range(len(sentences)), key=lambda i: (-len(wanted & words(sentences[i])), i))
    response = " ".join(sentences[i] for i in sorted(best[:2]))
    return {"response": response, "sources": [{"id": p["id"], "text": p["text"]}
                                              for p in passages]}


def answer_regressed(query: str) -> dict:
    return answer(query, skip=TOP_K)


if __name__ == "__main__":
    import sys

    skip = TOP_K if "--regressed" in sys.argv else 0
    path = next(a for a in sys.argv[1:] if not a.startswith("--"))
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            query = json.loads(line)["query"]
            print(json.dumps({"query": query, **answer(query, skip=skip)}))
