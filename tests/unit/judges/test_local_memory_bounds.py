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
    models,
    scoring,
    synonyms,
)
from ragvet.judges.local import text as local_text
from ragvet.judges.local.memo_bounds import MEMO_ENTRIES

# Memos keyed by one sentence or text: a run meets a few dozen new ones per record.
TEXT_MEMOS = (citations.split_citations, contradiction._units, features.numbers,
              features.has_date, features.entities, features._present, synonyms.judge_stems,
              local_text.claims, scoring.passage_sentences)


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
    assert max(memos.values()) <= MEMO_ENTRIES


def test_text_memos_hold_the_records_in_flight_and_fill_up_early():
    # measured on benchmarks/streaming_memory.py's records: 3-31 new keys a record per memo,
    # so 4,096 entries are full after 130-1,400 records (16,384 took up to 5,500), and the 64
    # records in flight (up to 31 keys each) still fit
    assert all(memo.cache_parameters()["maxsize"] == MEMO_ENTRIES for memo in TEXT_MEMOS)
    assert 64 * 31 <= MEMO_ENTRIES <= 4096


def test_cli_judge_keeps_fewer_sentence_vectors_than_the_library_default():
    cli_judge = build_local_judge("", {})
    # ~12 new vectors a record: 8,192 are full after ~600-700 records
    assert cli_judge._embedder._cache_size == RUN_VECTOR_CACHE == 8192
    assert LocalJudge()._embedder._cache_size == 100_000  # training re-reads the same texts


def test_freed_heap_is_handed_back_through_malloc_trim(monkeypatch):
    calls = []
    monkeypatch.setattr(models, "_malloc_trim", lambda: calls.append)
    models.release_freed_heap()
    assert calls == [0]  # pad 0: every free page, not only the heap's top


def test_releasing_the_heap_is_a_no_op_without_glibc(monkeypatch):
    monkeypatch.setattr(models, "_malloc_trim", lambda: None)
    models.release_freed_heap()  # nothing to call, nothing raised
