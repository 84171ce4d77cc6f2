"""A small offline baseline RAG: BM25 keyword retrieval plus an extractive answerer.

Retrieval ranks documents with Okapi BM25; the answerer returns the retrieved sentence that
best matches the query (BM25 again, over sentences). Keyword retrieval has a known weakness
with long, wordy queries, which makes this system a good subject for robustness analysis.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..text import keywords, sentences


class DocumentLike(Protocol):
    id: str
    text: str


class BM25:
    """Okapi BM25 over tokenised texts (k1, b as usual; IDF with the +1 floor)."""

    def __init__(self, texts: Sequence[str], *, k1: float = 1.5, b: float = 0.75) -> None:
        self.docs = [Counter(keywords(t)) for t in texts]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = sum(self.lengths) / len(self.lengths) if self.lengths else 0.0
        df = Counter(term for d in self.docs for term in d)
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.k1, self.b = k1, b

    def score(self, query: str, index: int) -> float:
        doc, length = self.docs[index], self.lengths[index]
        total = 0.0
        for term in keywords(query):
            tf = doc.get(term, 0)
            if tf:
                norm = self.k1 * (1 - self.b + self.b * length / (self.avg or 1))
                total += self.idf[term] * tf * (self.k1 + 1) / (tf + norm)
        return total

    def rank(self, query: str, k: int) -> list[int]:
        scores = [(self.score(query, i), -i) for i in range(len(self.docs))]
        best = sorted(scores, reverse=True)[:k]
        return [-neg for score, neg in best if score > 0]


@dataclass(frozen=True, slots=True)
class _Sentence:
    doc: int
    text: str


class BaselineRAG:
    """Retrieve `top_k` documents with BM25, answer with the best-matching sentence."""

    def __init__(self, documents: Sequence[DocumentLike], *, top_k: int = 2) -> None:
        self.documents = list(documents)
        self.top_k = top_k
        self.retriever = BM25([f"{getattr(d, 'title', '')} {d.text}" for d in self.documents])
        self.sentences = [_Sentence(i, s) for i, d in enumerate(self.documents)
                          for s in sentences(d.text)]
        self.reader = BM25([s.text for s in self.sentences], b=0.3)

    def answer(self, query: str) -> dict[str, Any]:
        hits = self.retriever.rank(query, self.top_k)
        allowed = set(hits)
        candidates = [i for i, s in enumerate(self.sentences) if s.doc in allowed]
        best = max(candidates, key=lambda i: (self.reader.score(query, i), -i), default=None)
        text = self.sentences[best].text if best is not None else "I could not find that."
        return {"answer": text, "doc_ids": [self.documents[i].id for i in hits]}
