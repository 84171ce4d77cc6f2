"""Comparisons of degree: 'A is taller than B', 'A costs more than B', 'A is less expensive
than B'.

Word overlap reads 'The tower is taller than the cathedral.' as the same statement as 'The
cathedral is taller than the tower.', and an antonym list reads 'The tower is taller than the
cathedral.' as denied by 'The cathedral is shorter than the tower.', which says the same. Each
comparison is read as (what is compared, the measure, its direction, what it is compared
with): two comparisons of the same measure agree when they put the two things in the same
order, and clash when they put them in the other order ('cheaper' where the other says
'costs more'). Rules on words, not a parser; a comparison it cannot read is left alone.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ...text import content_stems
from .memo_bounds import MEMO_ENTRIES

# a comparative → (measure, direction); 'more X' / 'less X' read X's measure
_MEASURES = {
    "taller": ("length", 1), "higher": ("length", 1), "longer": ("length", 1),
    "shorter": ("length", -1), "lower": ("length", -1),
    "bigger": ("size", 1), "larger": ("size", 1), "greater": ("size", 1),
    "smaller": ("size", -1),
    "older": ("age", 1), "younger": ("age", -1), "newer": ("age", -1),
    "cheaper": ("price", -1), "dearer": ("price", 1), "pricier": ("price", 1),
    "expensive": ("price", 1), "costly": ("price", 1), "costs": ("price", 1),
    "cost": ("price", 1),
    "faster": ("speed", 1), "quicker": ("speed", 1), "slower": ("speed", -1),
    "heavier": ("weight", 1), "lighter": ("weight", -1), "weighs": ("weight", 1),
    "earlier": ("time", -1), "later": ("time", 1),
    "warmer": ("heat", 1), "hotter": ("heat", 1), "colder": ("heat", -1),
    "cooler": ("heat", -1),
    "wider": ("width", 1), "narrower": ("width", -1), "deeper": ("depth", 1),
    "shallower": ("depth", -1), "stronger": ("strength", 1), "weaker": ("strength", -1),
    "richer": ("wealth", 1), "poorer": ("wealth", -1), "better": ("quality", 1),
    "worse": ("quality", -1),
}
_MORE_LESS = {"more": 1, "less": -1, "fewer": -1}
# 'A is taller than B', 'A costs more than B', 'A is less expensive than B'
_COMPARED = re.compile(r"(?P<left>[^,;:.!?—–]+?)\s+(?P<how>(?:more|less|fewer)\s+[a-z]+|[a-z]+)"
                       r"\s+than\s+(?P<right>[^,;:.!?]+)", re.IGNORECASE)
_VERBS = frozenset({"is", "are", "was", "were", "be", "been", "has", "have", "had", "will",
                    "would", "can", "could", "much", "far", "slightly", "even", "still", "now",
                    "become", "became", "becomes", "remains", "remained", "stays", "grew",
                    # ('only slightly larger', 'even a little smaller', 'a bit bigger')
                    "a", "little", "bit", "only", "just", "somewhat", "marginally",
                    "considerably", "significantly"})
# what a comparison whose left side is only its degree words speaks of: the pronoun opening
# the text ('It is also the smallest planet …, only slightly larger than the Moon.')
_OPENING_PRONOUN = re.compile(r"^\s*(it|they|he|she)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Degree:
    left: frozenset[str]  # content stems of what is compared
    measure: str
    direction: int  # 1: more of the measure than `right`, -1: less
    right: frozenset[str]
    bare: bool = False  # 'scatter blue light more than red': 'more' after an object, no measure


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def degree(text: str) -> Degree | None:
    """The comparison of degree `text` makes, if it makes one this reads."""
    match = _COMPARED.search(text)
    if not match:
        return None
    how = match.group("how").lower().split()
    left_words = match.group("left").split()
    if how[0] in _MORE_LESS and len(how) == 2:  # 'more expensive', 'fewer rooms'
        measure, sign = _MEASURES.get(how[1], (_measure_of(how[1]), 1))
        direction = _MORE_LESS[how[0]] * sign
    elif how[0] in _MORE_LESS:  # 'costs more', 'weighs less'
        verb = left_words[-1].lower() if left_words else ""
        if verb not in _MEASURES:  # 'scatter blue light more than red (light)'
            left = content_stems(" ".join(left_words))
            right = content_stems(match.group("right"))
            return Degree(left, "", _MORE_LESS[how[0]], right, bare=True) \
                if left and right else None
        measure, sign = _MEASURES[verb]
        direction = _MORE_LESS[how[0]] * sign
        left_words = left_words[:-1]
    elif how[0] in _MEASURES:
        measure, direction = _MEASURES[how[0]]
    elif len(how[0]) > 4 and how[0].endswith("er") and how[0] not in _NOT_COMPARATIVES:
        measure, direction = _measure_of(how[0][:-2], comparative=True), 1  # 'denser'
    else:
        return None
    left = content_stems(" ".join(w for w in left_words if w.lower() not in _VERBS))
    pronoun = _OPENING_PRONOUN.match(text)
    if not left and pronoun and re.search(r"[,—–]", text[:match.start("how")]):
        left = frozenset({pronoun[1].lower()})
    right = content_stems(match.group("right"))
    if not left or not right:
        return None
    return Degree(left, measure, direction, right)


# words in -er before 'than' that are no comparative of an adjective
_NOT_COMPARATIVES = frozenset({"rather", "other", "either", "neither", "sooner", "ever"})


def _measure_of(adjective: str, *, comparative: bool = False) -> str:
    """The adjective a measure is named by, the same for 'less dense' and 'denser' ('dens'),
    'more noisy' and 'noisier' ('noisy'), 'bigger' and 'more big' ('big'). `comparative`:
    `adjective` is a comparative without its '-er'."""
    base = adjective.lower()
    if comparative and base.endswith("i"):
        base = base[:-1] + "y"  # 'noisi(er)'
    elif comparative and len(base) > 2 and base[-1] == base[-2] and base[-1] not in "aeiouls":
        base = base[:-1]  # 'bigg(er)'
    return base.rstrip("e")


def _same(a: frozenset[str], b: frozenset[str]) -> bool:
    """The same thing, one named more fully than the other ('the Pro plan', 'Pro')."""
    return a <= b or b <= a


def compare_degrees(claim: str, sentence: str) -> str | None:
    """'agree' or 'clash' where the two compare the same two things by the same measure;
    else None."""
    mine, theirs = degree(claim), degree(sentence)
    if mine is None or theirs is None or mine.measure != theirs.measure:
        return None
    if mine.bare or theirs.bare:
        return _swapped(mine, theirs) if mine.bare and theirs.bare else None
    if _same(mine.left, theirs.left) and _same(mine.right, theirs.right):
        return "agree" if mine.direction == theirs.direction else "clash"
    if _same(mine.left, theirs.right) and _same(mine.right, theirs.left):
        return "agree" if mine.direction != theirs.direction else "clash"
    return None


def _swapped(mine: Degree, theirs: Degree) -> str | None:
    """'Air scatters red light more than blue light.' against 'Air scatters blue light more
    than red.': the same doing (the words the two lefts share), each one's own object being
    what the other compares it with. 'clash' (the same direction) or None."""
    shared = mine.left & theirs.left
    own, others = mine.left - theirs.left, theirs.left - mine.left
    if not shared or mine.direction != theirs.direction or mine.right & theirs.right:
        return None
    return "clash" if (mine.right & others) and (theirs.right & own) else None


# 'Jupiter is the largest planet …': the one with the most of a measure ('the second largest'
# or 'one of the largest' is not)
_SUPERLATIVE = re.compile(r"^\s*(?P<who>[^,;:()]+?)\s+(?:is|are|was|were)\s+(?:by far\s+)?"
                          r"the\s+(?P<adjective>[a-z]+est)\b", re.IGNORECASE)


def _superlative(sentence: str) -> tuple[frozenset[str], str, int] | None:
    """(who, measure, direction) of 'X is the tallest …', read as X's comparative."""
    match = _SUPERLATIVE.match(sentence)
    if not match:
        return None
    comparative = match["adjective"].lower()[:-3] + "er"
    if comparative not in _MEASURES:
        return None
    who = content_stems(match["who"])
    measure, direction = _MEASURES[comparative]
    return (who, measure, direction) if who else None


def against_superlative(claim: str, sentence: str) -> str | None:
    """'clash' where the claim puts something above the one the sentence calls the most of
    that measure ('Saturn is larger than Jupiter.' / 'Jupiter is the largest planet …'),
    'agree' where it puts that one above another; else None."""
    mine, most = degree(claim), _superlative(sentence)
    if mine is None or most is None or mine.bare or mine.measure != most[1]:
        return None
    who, _, direction = most
    if _same(mine.right, who):  # 'A is larger than Jupiter'
        return "clash" if mine.direction == direction else "agree"
    if _same(mine.left, who):  # 'Jupiter is larger than A'
        return "agree" if mine.direction == direction else "clash"
    return None
