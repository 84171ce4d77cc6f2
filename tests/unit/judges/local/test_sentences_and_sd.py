"""Issue 13: the splitter ends a sentence after a regnal numeral, and SD on THELMA's own
appendix A.5 response is exactly 1/3 with the real splitter and the bundled embedder."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.metrics.thelma import DEFAULT_REPEAT_THRESHOLD
from ragvet.text import sentences

QUERY = "When was the Chimnabai Clock Tower completed, and who was it named after?"
SOURCE = ("The Chimnabai Clock Tower, also known as the Raopura Tower, is a clock tower in "
          "Vadodara. It was completed in 1896 and named in memory of Chimnabai I, a queen and "
          "the first wife of Sayajirao Gaekwad III of Baroda State.")
A5 = ("The Chimnabai Clock Tower was completed in 1896. It was named after Chimnabai I, who "
      "was a queen and the first wife of Sayajirao Gaekwad III of Baroda State. The "
      "construction of clock tower was completed in 1896.")


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


@pytest.mark.parametrize(("text", "expected"), [
    ("The abbey was founded by Henry V. Its cloister burned in 1540.",
     ("The abbey was founded by Henry V.", "Its cloister burned in 1540.")),
    ("The ship honours Elizabeth II. Construction ended in 1967.",
     ("The ship honours Elizabeth II.", "Construction ended in 1967.")),
    ("The bridge is named after Ludwig I. The opening was in 1842.",
     ("The bridge is named after Ludwig I.", "The opening was in 1842.")),
    ("The library was designed by Louis I. Kahn in 1965.",
     ("The library was designed by Louis I. Kahn in 1965.",)),
    ("She met George W. Bush. The talk was short.",
     ("She met George W. Bush.", "The talk was short.")),
])
def test_a_regnal_numeral_ends_a_sentence_but_an_initial_does_not(text, expected):
    assert sentences(text) == expected


def test_a5_sentences_with_the_initial_before_the_next_sentence():
    text = ("The tower was completed in 1896. It was named after Chimnabai I. Construction of "
            "the clock tower was completed in 1896.")
    assert len(sentences(text)) == 3


def test_sd_on_thelma_appendix_a5_is_one_third(judge):
    run = ragvet.evaluate([make_record(query=QUERY, sources=[SOURCE], response=A5)], ["SD"],
                          judge)
    assert run.results[0].scores["SD"] == pytest.approx(1 / 3)


def test_distinct_facts_about_one_subject_are_not_repeats(judge):
    response = ("The Danube flows through ten countries. It empties into the Black Sea through "
                "a delta in Romania. Vienna, Budapest and Belgrade lie on its banks.")
    run = ragvet.evaluate([make_record(query="Tell me about the Danube.", sources=[response],
                                       response=response)], ["SD"], judge)
    assert run.results[0].scores["SD"] == 1.0


def test_threshold_is_the_tuned_one():
    assert pytest.approx(0.75) == DEFAULT_REPEAT_THRESHOLD
