"""p(yes) of a verdict from token log-probabilities: where the verdict word is in a batched
JSON or tagged answer, and how the verdict token's alternatives are read."""

from __future__ import annotations

import json
import math

import pytest

from ragvet.judges.llm.client import Token, _reply_from
from ragvet.judges.llm.logprobs import (
    NEITHER,
    NO_LOGPROBS,
    NOT_LOCATED,
    NOT_SPELLED,
    yes_probability,
)
from ragvet.judges.llm.parse import NO_WORDS, YES_WORDS, parse_reply

YES, NO = sorted(YES_WORDS), sorted(NO_WORDS)


def tokens_of(text: str, at_word: dict[int, list[tuple[str, float]]]) -> list[Token]:
    """Cut `text` at spaces and quotes; the token starting at a key of `at_word` gets those
    alternatives (probabilities, not logs)."""
    import re

    out = []
    for m in re.finditer(r'"?\w+|\s+|[^\w\s]', text):
        top = at_word.get(m.start(), [(m.group(0), 1.0)])
        out.append(Token(m.group(0), math.log(top[0][1]),
                         tuple((t, math.log(p)) for t, p in top)))
    return out


def test_each_entry_of_a_batched_json_answer_gets_its_own_probability():
    text = json.dumps({"items": [
        {"id": 1, "reason": 'it says "verdict": no', "verdict": "yes"},
        {"id": 2, "reason": "absent", "verdict": "no"}]})
    entries = parse_reply(text, 2, "verdict")
    first, second = entries[1].at, entries[2].at
    assert text[first:first + 3] == "yes" and text[second:second + 2] == "no"
    # the word's token carries its opening quote, as many tokenizers cut it
    tokens = tokens_of(text, {first - 1: [('"yes', 0.7), ('"no', 0.2), ('"maybe', 0.1)],
                              second - 1: [('"no', 0.6), ('"yes', 0.3), ('"Yes', 0.1)]})
    assert yes_probability(text, tokens, first, YES, NO) == pytest.approx(0.7 / 0.9)
    assert yes_probability(text, tokens, second, YES, NO) == pytest.approx(0.4)


def test_tagged_and_numbered_answers_locate_the_verdict_word():
    text = '<item id="1">no: not in the sources</item>\n<item id="2"> yes: stated</item>'
    entries = parse_reply(text, 2, "verdict")
    assert text[entries[1].at:].startswith("no:") and text[entries[2].at:].startswith("yes")
    lines = "1. yes because\n2: no"
    numbered = parse_reply(lines, 2, "verdict")
    assert lines[numbered[1].at:].startswith("yes") and lines[numbered[2].at:] == "no"


def test_labels_split_into_yes_and_no_labels():
    text = json.dumps({"items": [{"id": 1, "reason": "r", "label": "supported"}]})
    at = parse_reply(text, 1, "label", ("supported", "contradicted", "not_mentioned"))[1].at
    tokens = tokens_of(text, {at - 1: [('"supported', 0.5), ('"not', 0.3),
                                       ('"contr', 0.2)]})
    p = yes_probability(text, tokens, at, ("supported",), ("contradicted", "not_mentioned"))
    assert p == pytest.approx(0.5)


def test_why_no_probability_could_be_read():
    text = json.dumps({"items": [{"id": 1, "reason": "r", "verdict": "yes"}]})
    at = parse_reply(text, 1, "verdict")[1].at
    assert yes_probability(text, None, at, YES, NO) == NO_LOGPROBS
    assert yes_probability(text, tokens_of(text, {}), None, YES, NO) == NOT_LOCATED
    assert yes_probability(text + " ", tokens_of(text, {}), at, YES, NO) == NOT_SPELLED
    odd = tokens_of(text, {at - 1: [('"maybe', 0.9), (' "', 0.1)]})
    assert yes_probability(text, odd, at, YES, NO) == NEITHER
    # a JSON answer whose verdict keys do not pair with its entries: not located
    doubled = '{"items": [{"id": 1, "verdict": "yes", "note": {"verdict": "no"}}]}'
    assert parse_reply(doubled, 1, "verdict")[1].at is None


def test_the_reply_reads_openai_logprobs_and_ignores_other_layouts():
    content = [{"token": "yes", "logprob": -0.1,
                "top_logprobs": [{"token": "yes", "logprob": -0.1},
                                 {"token": "no", "logprob": -2.4}]}]
    reply = _reply_from({"choices": [{"message": {"content": "yes"}, "finish_reason": "stop",
                                      "logprobs": {"content": content}}]})
    assert reply.tokens == (Token("yes", -0.1, (("yes", -0.1), ("no", -2.4))),)
    p = yes_probability("yes", reply.tokens, 0, YES, NO)
    assert p == pytest.approx(math.exp(-0.1) / (math.exp(-0.1) + math.exp(-2.4)))
    bare = _reply_from({"choices": [{"message": {"content": "yes"}, "finish_reason": "stop",
                                     "logprobs": None}]})
    assert bare.tokens is None
