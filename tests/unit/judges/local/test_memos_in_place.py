"""The hot readers of the offline judge keep their memo.

A function inserted between a `functools.lru_cache` decorator and the function it memoised
takes the memo over, silently: every reading is then done afresh. This has happened twice
(the thirty-fourth session's `negations_in`, the thirty-fifth's `in_digits`), each costing
about a fifth of full THELMA's speed and found only by the throughput benchmark. The list
below is every memoised function of `ragvet.judges.local` at the thirty-fifth session; a
function added to it later is welcome, one that disappears from it fails here.
"""

from __future__ import annotations

import importlib

import pytest

MEMOISED = {
    "answer_shape": ("open_kind", "manner_verbs"),
    "citations": ("split_citations", "markers_before_stops"),
    "contradiction": ("_units", "stated_numbers", "_clauses_by_word", "_clauses_by_item"),
    "degrees": ("degree",),
    "features": ("numbers", "as_compared", "in_digits", "has_date", "entities",
                 "spelled_otherwise", "negations_in", "speaker_words", "opinion_words",
                 "is_instruction", "_present", "names_and_opener", "_lower_words",
                 "expected_answer"),
    "language": ("detect_language",),
    "opposites": ("opposites", "complements"),
    "scoring": ("passage_sentences", "question_stems", "predicate_stems", "asked_attribute",
                "complement_stems", "lower_words"),
    "synonyms": ("judge_stems", "_long_words", "_acronyms"),
    "text": ("claims", "subquestions"),
}


@pytest.mark.parametrize(("module", "name"), [(m, n) for m, names in MEMOISED.items()
                                               for n in names])
def test_the_reader_keeps_its_memo(module, name) -> None:
    function = getattr(importlib.import_module(f"ragvet.judges.local.{module}"), name)
    assert hasattr(function, "cache_info"), (
        f"{module}.{name} lost its memo: was a function inserted between it and its "
        "@functools.lru_cache?")
