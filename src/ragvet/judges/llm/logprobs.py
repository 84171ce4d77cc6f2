"""A verdict's probability from the answer's token log-probabilities (the G-Eval idea).

The judge writes its verdict word ("yes", "no", or a label) somewhere in its answer; the
token at that place carries the model's distribution over what it could have written there
(`top_logprobs`). The probability of yes is the mass of the alternatives that begin a yes
word, over the mass of those that begin a yes or a no word. Alternatives that begin neither
(punctuation, another word) are left out, and so is an alternative that could begin both.

A token may hold more than the word (`"yes`, ` yes`): what precedes the word inside the
token is matched on each alternative first. Where no probability can be read, the reason is
returned instead, in words a run's judge description can show.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from .client import Token

NO_LOGPROBS = "the endpoint returned no log-probabilities"
NOT_LOCATED = "the verdict word could not be located in the answer"
NOT_SPELLED = "the tokens do not spell the answer"
NEITHER = "no yes or no word among the verdict token's alternatives"
_WORD = re.compile(r"[a-z0-9_ ]*")


def token_starts(tokens: Sequence[Token]) -> list[int]:
    """Character offset of each token in the answer text."""
    starts, at = [], 0
    for token in tokens:
        starts.append(at)
        at += len(token.text)
    return starts


def yes_probability(text: str, tokens: Sequence[Token] | None, at: int | None,
                    yes: Iterable[str], no: Iterable[str]) -> float | str:
    """p(yes) for the verdict word starting at character `at` of `text`, or why not."""
    if tokens is None:
        return NO_LOGPROBS
    if at is None:
        return NOT_LOCATED
    if "".join(t.text for t in tokens) != text:
        return NOT_SPELLED
    starts = token_starts(tokens)
    index = next((k for k in range(len(tokens) - 1, -1, -1) if starts[k] <= at), None)
    if index is None or at >= starts[index] + len(tokens[index].text):
        return NOT_LOCATED
    token = tokens[index]
    lead = token.text[:at - starts[index]]
    yes_words, no_words = _normal(yes), _normal(no)
    mass = {True: 0.0, False: 0.0}
    seen: set[str] = set()
    for alternative, logprob in token.top or ((token.text, token.logprob),):
        if alternative in seen:
            continue
        seen.add(alternative)
        side = _side(alternative, lead, yes_words, no_words)
        if side is not None and math.isfinite(logprob):
            mass[side] += math.exp(logprob)
    total = mass[True] + mass[False]
    if total <= 0.0:
        return NEITHER
    return mass[True] / total


def _normal(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(re.sub(r"[\s\-]+", "_", w.strip().lower()) for w in words)


def _side(alternative: str, lead: str, yes: tuple[str, ...], no: tuple[str, ...]
          ) -> bool | None:
    """True when `alternative` begins a yes word, False a no word, None otherwise."""
    if lead and alternative.startswith(lead):
        alternative = alternative[len(lead):]
    elif lead.strip(" \"'"):  # the token held part of another word before the verdict
        return None
    start = alternative.lstrip(" \"'").lower()
    start = re.sub(r"[\s\-]+", "_", _WORD.match(start).group(0)).rstrip("_")  # type: ignore[union-attr]
    if not start:
        return None
    is_yes = any(w.startswith(start) or start.startswith(w + "_") or start == w for w in yes)
    is_no = any(w.startswith(start) or start.startswith(w + "_") or start == w for w in no)
    if is_yes == is_no:
        return None
    return is_yes
