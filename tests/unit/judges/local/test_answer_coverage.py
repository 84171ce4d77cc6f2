"""Issue 13, coverage with yes/no decisions: a query's parts are judged one by one, and a text
is judged to answer a part when it gives the answer asked for (its shape), not when it only
talks about the subject. Records are written for these tests (no benchmark data)."""

from __future__ import annotations

import pytest

import ragvet
from ragvet import make_record
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.answer_shape import has_shape, manner_verbs, open_kind
from ragvet.judges.local.synonyms import judge_stems
from ragvet.judges.local.text import subquestions


@pytest.mark.parametrize(("query", "parts"), [
    ("What are the advantages and disadvantages of induction hobs?",
     ("What are the advantages of induction hobs?",
      "What are the disadvantages of induction hobs?")),
    ("How many goals and assists did Marta score in 2019?",
     ("How many goals did Marta score in 2019?", "How many assists did Marta score in 2019?")),
    ("Where is the Louvre, as well as when does it open?",
     ("Where is the Louvre?", "When does the Louvre open?")),
    ("When was the Hoover Dam completed and how much did it cost?",
     ("When was the Hoover Dam completed?", "How much did the Hoover Dam cost?")),
])
def test_a_compound_query_splits_into_its_parts(query, parts):
    assert subquestions(query) == parts


@pytest.mark.parametrize("query", [
    "What is the difference between a virus and a bacterium?",  # 'between A and B' is one ask
    "When did the Leeds and Liverpool Canal open?",  # a name
    "How do supply and demand set prices?",  # no clear end to the second thing
])
def test_one_ask_stays_whole(query):
    assert len(subquestions(query)) == 1


@pytest.mark.parametrize(("question", "kind"), [
    ("What is a sourdough starter?", "definition"),
    ("What is the purpose of a circuit breaker?", "purpose"),
    ("Why did the Tay Bridge collapse?", "reason"),
    ("What caused the 1929 stock market crash?", "reason"),
    ("How is cheese made?", "manner"),
    ("What does a thermostat do?", "function"),
    ("What is baking soda used for?", "function"),
    ("What is the role of the spleen?", "function"),
    ("What is the capital of Peru?", "open"),  # an attribute, not a definition
    ("What is Lima's population?", "open"),
])
def test_open_questions_have_a_kind(question, kind):
    assert open_kind(question) == kind


def test_the_verb_a_how_question_asks_about():
    assert manner_verbs("How is the ore refined before shipping?") == judge_stems("refined")
    assert manner_verbs("How does a heat pump work?") == judge_stems("work")
    assert manner_verbs("How is the tunnel expected to reduce traffic?") == \
        judge_stems("reduce")


@pytest.mark.parametrize(("question", "answer", "topical"), [
    ("What is a sourdough starter?",
     "A sourdough starter is a fermented mix of flour and water that leavens bread.",
     "Bakers keep their sourdough starter in the fridge between bakes."),
    ("Why did the Tay Bridge collapse?",
     "The Tay Bridge collapsed because its girders could not withstand the strong winds.",
     "The Tay Bridge collapsed on 28 December 1879 during a storm."),
    ("What is the purpose of a circuit breaker?",
     "A circuit breaker exists to cut the current when a fault would overheat the wiring.",
     "Circuit breakers sit in the consumer unit next to the meter."),
    ("How is cheese made?",
     "Cheese is made by curdling milk with rennet and pressing the curds.",
     "Cheese has been eaten in Europe for thousands of years."),
    ("What does a thermostat do?",
     "A thermostat switches the heating on and off to hold a set temperature.",
     "The first electric thermostat was patented in 1883."),
    ("What is the role of the spleen?",
     "It filters old red blood cells out of the blood.",
     "The spleen was removed in the 1990 operation."),
])
def test_an_answer_has_the_shape_a_topical_sentence_lacks(question, answer, topical):
    def shaped(sentence: str) -> bool:
        return has_shape(question, sentence, judge_stems(sentence), frozenset())

    assert shaped(answer)
    assert not shaped(topical)


def _yes_no(records, metric):
    run = ragvet.evaluate(records, [metric], LocalJudge(verdicts="yes-no"))
    return [r.scores[metric] for r in run.results]


def test_a_response_answering_one_part_loses_rqc_under_yes_no():
    query = "What are the advantages and disadvantages of induction hobs?"
    source = ("Induction hobs heat the pan directly, so they boil water quickly and waste little "
              "energy. Their drawbacks are the price and the need for magnetic pans.")
    both = ("The advantages of induction hobs are fast heating and low energy waste. The "
            "disadvantages of induction hobs are their high price and the need for magnetic pans.")
    one = "The advantages of induction hobs are fast heating and low energy waste."
    full, half = _yes_no([make_record(query=query, sources=[source], response=both),
                          make_record(query=query, sources=[source], response=one)], "RQC")
    assert full == 1.0
    assert half < full


def test_sources_lacking_the_answer_lose_sqc():
    query = "Why did the Tay Bridge collapse?"
    answer = "The bridge collapsed because its girders could not withstand the strong winds."
    holding = ("The Tay Bridge crossed the Firth of Tay near Dundee. It collapsed in December "
               "1879 because its girders could not withstand the strong winds of a storm.")
    lacking = ("The Tay Bridge crossed the Firth of Tay near Dundee. The Tay Bridge collapsed in "
               "December 1879 while a train was crossing it. A second Tay Bridge opened in 1887.")
    kept, lost = _yes_no([make_record(query=query, sources=[holding], response=answer),
                          make_record(query=query, sources=[lacking], response=answer)], "SQC")
    assert kept == 1.0
    assert lost == 0.0


@pytest.mark.parametrize(("query", "response"), [
    ("What is a sourdough starter?",
     "A sourdough starter is a fermented mix of flour and water used to leaven bread."),
    ("How is cheese made?", "Cheese is made by curdling milk with rennet and pressing the curds."),
    ("When did the Golden Gate Bridge open?", "The Golden Gate Bridge opened in May 1937."),
])
def test_a_one_sentence_correct_answer_to_a_one_part_question_keeps_rqc(query, response):
    (score,) = _yes_no([make_record(query=query, sources=[response], response=response)], "RQC")
    assert score == 1.0
