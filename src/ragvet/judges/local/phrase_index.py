"""Which of many paraphrase patterns can match a text, without trying each of them.

`judge_stems` rewrites a text with some 270 patterns, in order. Trying every pattern (or one
alternation of them all) on every text costs more than the rest of the word features
together. Most patterns can only match where a word starts with one of a few literal
prefixes ('\\bcame out', '\\b(?:known|referred to) as'); this module reads those prefixes
from each pattern's parse tree, once, and indexes the patterns by them. A text's words then
name the few patterns worth trying. A pattern whose start is not such a literal at a word
boundary (a character class, an optional part, a lookbehind) is tried on every text, so the
index never leaves out a pattern that could match.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

try:  # Python 3.11+
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

# prefixes are indexed by up to this many characters (a word's first 1, 2 or 3 letters)
PREFIX = 3
_WORD_START = re.compile(r"(?<![a-z0-9])[a-z0-9]+")
_BOUNDARIES = {_sre.AT_BOUNDARY, _sre.AT_BEGINNING, _sre.AT_BEGINNING_STRING}


class PhraseIndex:
    """The patterns, by the literal prefixes a match of each must start with."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        self._by_prefix: dict[str, set[int]] = {}
        self._literals: dict[int, frozenset[str]] = {}
        # the patterns without a literal start, tried on every text (where a literal they
        # cannot match without is in it, if they have one: '-sized')
        self._needed: dict[int, frozenset[str] | None] = {}
        for k, pattern in enumerate(patterns):
            prefixes = literal_prefixes(pattern.pattern)
            if prefixes is None:
                self._needed[k] = literals_needed(pattern.pattern)
                continue
            self._literals[k] = prefixes
            for prefix in prefixes:  # (by the letters of its first word)
                word = _WORD_START.match(prefix)
                self._by_prefix.setdefault(word[0][:PREFIX] if word else "", set()).add(k)

    def candidates(self, text: str) -> set[int]:
        """The positions of the patterns that may match `text` (a superset of those that do):
        those whose literal start is in the text, at the start of one of its words."""
        low = text.lower()
        hits: set[int] = set()
        by_prefix = self._by_prefix
        for word in set(_WORD_START.findall(low)):
            for n in range(1, min(PREFIX, len(word)) + 1):
                hit = by_prefix.get(word[:n])
                if hit:
                    hits |= hit
        literals = self._literals
        return {k for k, needed in self._needed.items()
                if needed is None or any(literal in low for literal in needed)}.union(
            k for k in hits if any(literal in low for literal in literals[k]))


def literal_prefixes(pattern: str) -> frozenset[str] | None:
    """The lower-case literal strings one of which every match of `pattern` starts with, each
    at a word start (after '\\b' or '^'); None where that cannot be told."""
    try:
        parsed = _sre_parse.parse(pattern, re.IGNORECASE)
    except re.error:  # pragma: no cover - the patterns are compiled before
        return None
    return _prefixes(list(parsed), at_word_start=False)


def literals_needed(pattern: str) -> frozenset[str] | None:
    """Lower-case strings one of which every match of `pattern` holds somewhere (the longest
    run of literals its top level, or each of its alternatives, cannot match without); None
    where there is none of at least NEEDED_LENGTH characters."""
    try:
        parsed = _sre_parse.parse(pattern, re.IGNORECASE)
    except re.error:  # pragma: no cover - the patterns are compiled before
        return None
    return _needed(list(parsed))


NEEDED_LENGTH = 3


def _needed(items: list) -> frozenset[str] | None:
    if len(items) == 1 and items[0][0] is _sre.BRANCH:
        found: set[str] = set()
        for branch in items[0][1][1]:
            sub = _needed(list(branch))
            if sub is None:
                return None
            found |= sub
        return frozenset(found)
    runs, run = [], []
    for op, av in items:
        if op is _sre.LITERAL:
            run.append(chr(av).lower())
            continue
        runs.append("".join(run))
        run = []
        if op is _sre.SUBPATTERN:
            inner = _needed(list(av[-1]))
            if inner is not None and len(inner) == 1:
                runs.append(next(iter(inner)))
    runs.append("".join(run))
    longest = max(runs, key=len)
    return frozenset({longest}) if len(longest) >= NEEDED_LENGTH else None


def _prefixes(items: list, *, at_word_start: bool) -> frozenset[str] | None:
    for k, (op, av) in enumerate(items):
        if op is _sre.AT:
            at_word_start = at_word_start or av in _BOUNDARIES
            continue
        if op is _sre.ASSERT and av[0] < 0:
            continue  # a lookbehind: reads what comes before, not the match's start
        if op is _sre.ASSERT_NOT:
            # a negative lookaround consumes nothing; one that looks behind for a word
            # character ('(?<![\w.])50') puts what follows at a word start
            at_word_start = at_word_start or (av[0] < 0 and "CATEGORY_WORD" in str(av[1]))
            continue
        if op is _sre.LITERAL:
            if not at_word_start or not chr(av).isalnum():
                return None
            return frozenset({_literal_run(items[k:])})
        if op is _sre.SUBPATTERN:
            inner = list(av[-1])
            return _prefixes(inner + items[k + 1:], at_word_start=at_word_start)
        if op is _sre.BRANCH:
            found: set[str] = set()
            for branch in av[1]:
                sub = _prefixes(list(branch) + items[k + 1:], at_word_start=at_word_start)
                if sub is None:
                    return None
                found |= sub
            return frozenset(found)
        if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT):
            once = _prefixes(list(av[2]) + items[k + 1:], at_word_start=at_word_start)
            if av[0] >= 1 or once is None:
                return once
            # an optional part ('(?:a )?half'): the match starts with it or with what follows
            skipped = _prefixes(items[k + 1:], at_word_start=at_word_start)
            return None if skipped is None else once | skipped
        return None
    return None


def _literal_run(items: list) -> str:
    """The lower-case literal characters that open `items` (letters, digits, spaces and the
    marks between words), up to the first part that is not one."""
    out = []
    for op, av in items:
        if op is not _sre.LITERAL or not (chr(av).isalnum() or chr(av) in " -'’"):
            break
        out.append(chr(av).lower())
    return "".join(out)
