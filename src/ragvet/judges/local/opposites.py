"""Words and their opposites, as the offline judge reads them.

Two kinds of opposite:

- any antonym (`ANTONYMS`, `prefixed_opposites`): a claim that uses one where the closest
  source sentence uses the other says something else ('rose' / 'fell', 'opened' /
  'unopened');
- a *complementary* pair (`complements`): the two split everything between them, so denying
  one says the other ('does not open on Sundays' says 'is closed on Sundays', 'is not
  allowed' says 'is prohibited', 'not available' says 'unavailable'). 'Not hot' is not
  'cold', and 'not before the war' is not 'after it': gradable words, directions and
  relations are antonyms only.

Hand-written and general, not fitted on any data set.
"""

from __future__ import annotations

import functools

from ...text import STOPWORDS
from .memo_bounds import MEMO_ENTRIES

# pairs where 'not A' says 'B'
_COMPLEMENTARY = (
    "open closed", "opened closed", "opens closes", "allowed prohibited", "allowed banned",
    "allowed forbidden", "permitted forbidden", "permitted prohibited", "permitted banned",
    "include exclude", "includes excludes", "included excluded", "accept reject",
    "accepted rejected", "accepts rejects", "win lose", "won lost", "wins loses",
    "true false", "alive dead", "legal illegal", "possible impossible", "free paid",
    "public private", "succeeded failed", "passed failed", "approved denied", "approve deny",
    "approved rejected",
    "present absent", "available unavailable", "required optional", "mandatory optional",
    "compulsory optional", "correct incorrect", "valid invalid", "active inactive",
    "complete incomplete", "eligible ineligible", "agree disagree", "agreed disagreed",
    "honest dishonest", "connected disconnected", "enabled disabled", "enable disable",
    "innocent guilty", "acquitted convicted", "same different",
    "safe unsafe", "covered excluded", "covers excludes", "cover exclude",
    # 'no fee' says 'free' (not 'cost': 'costs nothing' is read as 'free' before this)
    "fee free", "fees free", "charge free", "charges free", "charged free", "pay free",
    "pays free",
)
# gradable words, directions, relations and kin: opposite, yet denying one does not say the
# other
_ANTONYMS_ONLY = (
    "increase decrease", "increased decreased", "increases decreases", "rise fall",
    "rose fell", "raised lowered", "higher lower", "more less", "more fewer", "larger smaller",
    "bigger smaller", "longer shorter", "older younger", "earlier later", "before after",
    "above below", "north south", "east west", "northern southern", "eastern western",
    "victory defeat", "first last", "maximum minimum", "max min", "always never",
    "male female", "success failure", "gain loss", "gained lost", "profit loss",
    "import export", "imports exports", "inside outside", "hard soft", "harder softer",
    "indoors outdoors", "indoor outdoor", "indoors outside", "inside outdoors",
    "internal external", "upwards downwards", "upward downward", "uphill downhill",
    "upstairs downstairs",
    "entered left", "arrived departed", "born died", "start end", "started ended",
    "began ended", "minimum maximum", "cheaper dearer", "cheap expensive", "hot cold",
    "warmer cooler", "warm cold", "warm cool", "deep shallow", "wet dry", "strong weak",
    "stronger weaker", "positive negative",
    "upper lower", "full empty", "married divorced", "oldest youngest", "largest smallest",
    "highest lowest", "longest shortest", "best worst", "most least", "majority minority",
    "rural urban", "ancient modern", "accurate inaccurate", "direct indirect",
    "sufficient insufficient", "adequate inadequate", "husband wife", "father mother",
    "son daughter", "brother sister", "king queen", "men women", "man woman", "boys girls",
    "boy girl", "his her", "early late", "earliest latest", "faster slower", "fast slow",
    "heavier lighter", "taller shorter", "wider narrower", "deeper shallower",
    "starts ends", "begins ends", "begin end",
    # 'trees start producing chlorophyll' / 'trees stop producing chlorophyll'
    "start stop", "starts stops", "started stopped", "starting stopping",
    # a process hurried or held back: 'speeds up ripening' / 'slows down ripening'
    "speeds slows", "sped slowed", "speeding slowing", "accelerates slows",
    "accelerated slowed", "accelerate slow", "hastens slows", "hastens delays",
    "accelerates delays", "accelerates decelerates",
    # tastes: 'makes it bitter' / 'makes it sweeter'
    "sweet bitter", "sweeter bitter", "sweeter bitterer", "sweet sour", "sweeter sourer",
    # sizes ('a small storm' / 'a giant storm'); not the plain 'short' / 'long', 'high' /
    # 'low' or 'common' / 'rare', which name things as often as they grade them ('a short
    # film', 'high school', 'the common name')
    "small huge", "small giant", "small enormous", "small massive", "tiny large", "tiny big",
    "tiny huge", "tiny giant", "tiny enormous", "tiny massive",
    # advice for and against: 'exercise is recommended' / 'exercise should be avoided'
    "recommended avoided", "recommend avoid", "safe unsafe", "encouraged discouraged",
)
# verbs of change: any of the first group against any of the second ('raised' / 'cut',
# 'increases' / 'lowers')
_UP = ("increase increases increased raise raises raised rise rises rose boost boosts boosted "
       "expand expands expanded grow grows grew")
_DOWN = ("decrease decreases decreased reduce reduces reduced lower lowers lowered cut cuts "
         "drop drops dropped fall falls fell decline declines declined shrink shrinks shrank")
_CHANGES = tuple(f"{up} {down}" for up in _UP.split() for down in _DOWN.split())


def _table(pairs: tuple[str, ...]) -> dict[str, frozenset[str]]:
    table: dict[str, frozenset[str]] = {}
    for pair in pairs:
        a, b = pair.split()
        table[a] = table.get(a, frozenset()) | {b}
        table[b] = table.get(b, frozenset()) | {a}
    return table


_COMPLEMENTS = _table(_COMPLEMENTARY)
ANTONYMS: dict[str, frozenset[str]] = _table(_COMPLEMENTARY + _ANTONYMS_ONLY + _CHANGES)

# a word and its negative formed by a prefix ('opened' / 'unopened', 'profit' / 'nonprofit'):
# the base must be a word of four letters or more ('unit' is not the negative of 'it'), and
# 'unless' is not the negative of 'less'
_NEGATIVE_PREFIXES = ("un", "non")
_NOT_PREFIXED = frozenset({"unless", "until", "under", "universe", "universal", "university",
                           "union", "unions", "unique", "unity", "uniform", "united"})


def prefixed_opposites(word: str) -> frozenset[str]:
    """The word with a negative prefix added, or without the one it has."""
    out = {prefix + word for prefix in _NEGATIVE_PREFIXES
           if len(word) >= 4 and prefix + word not in _NOT_PREFIXED}
    for prefix in _NEGATIVE_PREFIXES:
        base = word[len(prefix):]
        if word.startswith(prefix) and len(base) >= 4 and word not in _NOT_PREFIXED and \
                base not in STOPWORDS:
            out.add(base)
    return frozenset(out)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def opposites(word: str) -> frozenset[str]:
    """Every opposite of a lower-case word: its antonyms and its prefixed negative."""
    return ANTONYMS.get(word, frozenset()) | prefixed_opposites(word)


def paired_complements(word: str) -> frozenset[str]:
    """The complementary opposites of a word by the list ('closed' → open), not by a prefix
    ('unopened' tins are not about opened ones)."""
    return _COMPLEMENTS.get(word, frozenset())


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def complements(word: str) -> frozenset[str]:
    """The words that `not <word>` says: its complementary opposite ('open' → 'closed') and
    its prefixed negative ('available' → 'unavailable')."""
    return paired_complements(word) | prefixed_opposites(word)
