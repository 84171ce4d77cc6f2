"""ragvet.text: the one sentence splitter, words, stems and stop words (no model needed)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ragvet.text
from ragvet.metrics.steps import split_sentences
from ragvet.text import (
    KEYWORD_STOPWORDS,
    STOPWORDS,
    content_stems,
    keywords,
    sentences,
    stem,
    words,
)


@pytest.mark.parametrize(("text", "expected"), [
    ("The church was built c. 1896 by the parish. It was restored later.",
     ("The church was built c. 1896 by the parish.", "It was restored later.")),
    ("Thales lived between c. 624 BCE and ca. 546 BCE. He was Greek.",
     ("Thales lived between c. 624 BCE and ca. 546 BCE.", "He was Greek.")),
    ("Dr. Smith met Mr. Jones. They talked.", ("Dr. Smith met Mr. Jones.", "They talked.")),
    ("The steps are: 1. Install the app. 2. Open it. 3. Sign in.",
     ("The steps are:", "1. Install the app.", "2. Open it.", "3. Sign in.")),
    ("1. foo 2. bar", ("1. foo", "2. bar")),
    ("Müller GmbH & Co. KG was founded in 1950. It grew.",
     ("Müller GmbH & Co. KG was founded in 1950.", "It grew.")),
    ("北京是中国的首都。上海是最大的城市。", ("北京是中国的首都。", "上海是最大的城市。")),
    ("The value is 3.5 metres. It is long.", ("The value is 3.5 metres.", "It is long.")),
    ("Visit https://www.example.com/a.html for details. Thanks.",
     ("Visit https://www.example.com/a.html for details.", "Thanks.")),
    ("Visit www.example.com or write to a@b.org. Thanks.",
     ("Visit www.example.com or write to a@b.org.", "Thanks.")),
    ('He said "Stop." Then he left.', ('He said "Stop."', "Then he left.")),
    ("It is, e.g. a test. J. R. R. Tolkien wrote it.",
     ("It is, e.g. a test.", "J. R. R. Tolkien wrote it.")),
    ("It was built in the U.S. in 1850. It is old.",
     ("It was built in the U.S. in 1850.", "It is old.")),
    ("Dr. Smith paid $3.50 at 5 p.m. on Monday. Then he left.",
     ("Dr. Smith paid $3.50 at 5 p.m. on Monday.", "Then he left.")),
    ("Two modes, at 15 °C and at 20 °C. These suit crops.",
     ("Two modes, at 15 °C and at 20 °C.", "These suit crops.")),
    ("i like it. but the coach was the best.", ("i like it.", "but the coach was the best.")),
    ("One. Two! Three? Four", ("One.", "Two!", "Three?", "Four")),
])
def test_sentences(text, expected):
    assert sentences(text) == expected


def test_blank_lines_and_glued_chunks_end_sentences_and_whitespace_collapses():
    assert sentences("A heading\n\nThe text  starts\nhere.") == (
        "A heading", "The text starts here.")
    assert sentences("A heading\\n\\nThe text.") == ("A heading", "The text.")
    assert sentences("It lies in Singapore.The tower is tall.") == (
        "It lies in Singapore.", "The tower is tall.")
    assert sentences("   ") == ()


def test_a_number_glued_to_the_next_sentence_ends_it_but_a_decimal_does_not():
    assert sentences("The bakery opened in 1997.Its owner still bakes.") == (
        "The bakery opened in 1997.", "Its owner still bakes.")
    assert sentences("It runs along Route 9.Kelso lies to the north.") == (
        "It runs along Route 9.", "Kelso lies to the north.")
    assert sentences("Rates rose 2.5 percent.Then they fell.") == (
        "Rates rose 2.5 percent.", "Then they fell.")
    assert sentences("See release 4.2.Notes follow.") == ("See release 4.2.Notes follow.",)
    assert sentences("Jazz spread in the 1920s.Radio helped.") == (
        "Jazz spread in the 1920s.", "Radio helped.")


def test_two_dates_whose_dash_was_lost_are_parted():
    assert sentences("Ada Roe (5 May 190112 June 1988) sang.") == (
        "Ada Roe (5 May 1901 – 12 June 1988) sang.",)
    assert sentences("Ada Roe (May 5, 1901June 12, 1988) sang.") == (
        "Ada Roe (May 5, 1901 – June 12, 1988) sang.",)
    assert sentences("It opened in May 1999 and closed in 2004.") == (
        "It opened in May 1999 and closed in 2004.",)


def test_the_metrics_split_the_same_sentences_as_the_judge():
    text = "Dr. Smith met Mr. Jones. They talked at 15 °C. 1. foo 2. bar"
    assert split_sentences(text) == list(sentences(text))


def test_other_languages_use_their_own_rules_not_english_abbreviations():
    # German ordinals and abbreviations, cut wrongly by the English rules
    assert sentences("Er kam am 3. Oktober. Dann ging er.", "de") == (
        "Er kam am 3. Oktober.", "Dann ging er.")
    assert sentences("Er kam am 3. Oktober. Dann ging er.") == (
        "Er kam am 3.", "Oktober.", "Dann ging er.")
    assert sentences("Das ist z. B. gut. Ja.", "de") == ("Das ist z. B. gut.", "Ja.")
    # 'Mt.' is an English abbreviation only
    assert sentences("Sie sah Mt. Everest am Morgen.") == ("Sie sah Mt. Everest am Morgen.",)
    assert sentences("Sie sah Mt. Everest am Morgen.", "de") == (
        "Sie sah Mt.", "Everest am Morgen.")
    assert sentences("北京是中国的首都。上海是最大的城市！", "zh") == (
        "北京是中国的首都。", "上海是最大的城市！")


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match=r"'sv'.*known: am, ar"):
        sentences("Hej. Hej då.", "sv")


def test_words_keep_inner_apostrophes_and_numbers():
    assert words("Don't split it's 1,200 'quoted' words.") == [
        "Don't", "split", "it's", "1", "200", "quoted", "words"]


def test_stem_matches_related_forms():
    assert stem("completed") == stem("completion") == stem("complete") == "complet"
    assert stem("weight") == stem("weigh")
    assert stem("cities") == "city"
    assert stem("Tower's") == "tower"


def test_content_stems_drop_stop_words_and_read_number_words():
    assert content_stems("The tower was completed in sixteen years") == {
        "tower", "complet", "16", "year"}
    assert "the" in STOPWORDS and not content_stems("it is what it is")
    assert content_stems("weight") == content_stems("may weigh")
    assert content_stems("Is there a daily cap?") <= content_stems(
        "with a maximum of three overdraft fees per day")


def test_keywords_are_the_lighter_bm25_terms():
    assert keywords("Who manages the Projects, and where's it based?") == [
        "manag", "project", "s", "bas"]
    assert KEYWORD_STOPWORDS < STOPWORDS


def test_the_text_module_is_a_leaf():
    tree = ast.parse(Path(ragvet.text.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {("." * node.level) + (node.module or "") for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    assert not {m for m in imported if m.startswith((".", "ragvet"))}
