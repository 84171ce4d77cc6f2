"""The local judge's memos and vector cache are bounded, so a long streamed run stays flat."""

from __future__ import annotations

import importlib
import pkgutil

import ragvet.judges.local as local_package
from ragvet.judges.local import (
    RUN_VECTOR_CACHE,
    LocalJudge,
    build_local_judge,
    citations,
    contradiction,
    features,
    synonyms,
)
from ragvet.judges.local import text as local_text

# Memos keyed by one sentence or text: a run meets a few dozen new ones per record.
TEXT_MEMOS = (citations.split_citations, contradiction._units, features.numbers,
              features.has_date, features.entities, features._present, synonyms.judge_stems,
              local_text.claims)


def _memos():
    for info in pkgutil.iter_modules(local_package.__path__, local_package.__name__ + "."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_parameters", None)) and \
                    getattr(value, "__module__", None) == info.name:
                yield f"{info.name}.{name}", value.cache_parameters()["maxsize"]


def test_every_memo_of_the_local_judge_has_a_bound():
    memos = dict(_memos())
    assert len(memos) > 10  # the scan found the memos
    unbounded = sorted(name for name, size in memos.items() if size is None)
    assert unbounded == []
    assert max(memos.values()) <= 32_768


def test_text_memos_fill_up_within_the_first_thousand_records():
    # ~25 new texts a record: 16,384 entries are full after ~650 records, so a 10,000-record
    # run holds no more than a 1,000-record one
    assert all(memo.cache_parameters()["maxsize"] <= 16_384 for memo in TEXT_MEMOS)


def test_cli_judge_keeps_fewer_sentence_vectors_than_the_library_default():
    cli_judge = build_local_judge("", {})
    assert cli_judge._embedder._cache_size == RUN_VECTOR_CACHE == 16_384
    assert LocalJudge()._embedder._cache_size == 100_000  # training re-reads the same texts
