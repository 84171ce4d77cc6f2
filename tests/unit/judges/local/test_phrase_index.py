"""The phrase index names every paraphrase pattern that can match a text, and few others."""

from __future__ import annotations

import re

import pytest

from ragvet.judges.local.phrase_index import PhraseIndex, literal_prefixes, literals_needed
from ragvet.judges.local.synonyms import _PHRASE, paraphrased


@pytest.mark.parametrize(("pattern", "prefixes"), [
    (r"\bcame out\b", {"came out"}),
    (r"\b(?:known|referred to) as\b", {"known as", "referred to as"}),
    # (the parser reads 'a ' and 'an ' as 'a' then a class: the run ends there)
    (r"\b(?:a |an )?half(?:-| an | )hour\b", {"a", "half"}),
    (r"(?<![\w.])50\s*[:/]\s*50", {"50"}),
])
def test_the_literal_start_of_a_pattern_is_read(pattern, prefixes) -> None:
    assert literal_prefixes(pattern) == prefixes


@pytest.mark.parametrize("pattern", [
    r"\s+(?:instead|either)\b",  # a space first
    r"ated\b",  # no word start: may match inside a word
    r"\b(\w+)-sized\b",  # a class first
    r"(?=\bthe\b)the",  # a lookahead first
])
def test_a_pattern_without_a_literal_start_at_a_word_is_tried_on_every_text(pattern) -> None:
    assert literal_prefixes(pattern) is None


def test_a_needed_literal_is_read_anywhere_in_the_pattern() -> None:
    assert literals_needed(r"\b(\w+)-sized\b") == {"-sized"}
    assert literals_needed(r"\s+\w+") is None


def test_the_index_names_only_patterns_whose_start_is_in_the_text() -> None:
    patterns = [re.compile(p, re.IGNORECASE) for p in (
        r"\bcame out\b", r"\bpassed away\b", r"\b(\w+)-sized\b", r"\s+instead\b")]
    index = PhraseIndex(patterns)
    assert index.candidates("The film Came Out in 2013.") == {0}
    assert index.candidates("A bite-sized piece.") == {2}
    assert index.candidates("Use tea instead.") == {3}
    assert index.candidates("Nothing here.") == set()


@pytest.mark.parametrize("text", [
    "The film came out in 2013 and he passed away in 2020.",
    "Put it through the washing machine with a bit of bleach.",
    "Drop a little onto a chilled saucer; it's known as the wrinkle test.",
    "Every degree you turn it down can save roughly 10% in five days.",
    "A 50:50 mix, or half and half, at 30 °C or cooler.",
])
def test_reading_phrases_through_the_index_equals_trying_every_pattern(text) -> None:
    expected = text
    for pattern, word in _PHRASE:
        if pattern.search(expected):
            expected = pattern.sub(word, expected)
    assert paraphrased(text) == expected


def test_provided_that_reads_as_if() -> None:
    from ragvet.judges.local.synonyms import judge_stems

    assert judge_stems("provided that you are 18") == judge_stems("if you are 18")
    assert judge_stems("on condition that you book") == judge_stems("if you book")


def test_no_paraphrase_pattern_holds_a_backspace() -> None:
    from ragvet.judges.local.synonyms import _PHRASES

    assert not [p for p, _ in _PHRASES if "\x08" in p]  # a '\b' written outside a raw string
