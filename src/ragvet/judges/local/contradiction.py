"""Does a source sentence contradict a claim? Negation, antonyms, numbers, dates, names, units.

A contradiction needs a source sentence about the same thing (the claim's words are mostly in
it, or the two are close in meaning) that then says something incompatible: one is negated and
the other not; one uses a word the other replaces by its opposite; the claim gives a number,
date or month where the sentence gives another of the same kind; the claim names someone or
something where the sentence names another in the same place; or the same quantity in another
unit. A claim that the sources only fail to mention is *not* contradicted.
Pure functions; the caller chooses the candidate sentences (the closest ones).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from itertools import pairwise

from ...text import STOPWORDS, content_stems, has_verb, sentences, stem, words
from .answer_shape import is_step
from .degrees import against_superlative, compare_degrees
from .features import (
    CALENDAR_WORDS,
    MONTHS,
    NEGATIONS,
    NUMBER_WORDS,
    SMALL_NUMBER_WORDS,
    WEEKDAYS,
    YEAR,
    entities,
    format_number,
    holiday_words,
    in_digits,
    looks_like_a_name,
    names_and_opener,
    negation_mismatch,
    negation_scopes,
    negations_in,
    numbers,
    spelled_otherwise,
)
from .memo_bounds import MEMO_ENTRIES
from .opposites import opposites
from .roles import (
    DAY_NUMBER,
    date_clash,
    place_clash,
    post_clash,
    role_clash,
    swap_clash,
    time_clash,
    title_clash,
)
from .synonyms import judge_stems
from .text import plural_noun, subject_of

# words for one direction of change: a claim that says the sentence's 'rise' in other words
# ('with the increase in temperatures …') uses its 'fall' of something else ('fall outside
# the niche')
_DIRECTIONS = (
    frozenset({"increase", "increased", "increases", "increasing", "rise", "rises", "rose",
               "risen", "rising", "growth", "grow", "grew", "grown", "growing", "higher",
               "gain", "gained", "gains", "more", "up"}),
    frozenset({"decrease", "decreased", "decreases", "decreasing", "fall", "falls", "fell",
               "fallen", "falling", "decline", "declined", "declines", "drop", "dropped",
               "lower", "loss", "lost", "less", "fewer", "down", "shrink", "shrank"}),
    # 'draws warmth from the outdoor air … gives the heat off inside' says 'outside' too
    frozenset({"inside", "indoors", "indoor", "interior", "internal", "internally"}),
    frozenset({"outside", "outdoors", "outdoor", "exterior", "external", "externally"}),
)


# 'has not erupted since 1886' says that it erupted in 1886 and not after
_NOT_SINCE = re.compile(r"\b(?:not|never|no|n't)\b[^.;]*?\bsince\s+(?:[A-Za-z]+\s+)?(\d{3,4})\b",
                        re.IGNORECASE)


def _last_time(claim: str, sentence: str) -> bool:
    """One says something has not happened since a year the other gives as when it last
    happened ('… last erupted in 1886.' / '… has not erupted since 1886.'): no denial."""
    for denied, other in ((sentence, claim), (claim, sentence)):
        match = _NOT_SINCE.search(denied)
        if match and match.group(1) in numbers(other) and not _NOT_SINCE.search(other):
            return True
    return False


# a thing a sentence says has ended: 'Support for Android 8 has been dropped.', 'The night
# bus was discontinued.', 'The model is no longer sold.'
_ENDED_VERBS = r"(?:dropped|discontinued|removed|withdrawn|abolished|scrapped|retired|phased out)"
_ENDED = re.compile(
    rf"^(?P<thing>[^,;:]+?)\s+(?:(?:has|have|had)\s+been|was|were)\s+{_ENDED_VERBS}\b|"
    r"^(?P<other>[^,;:]+?)\s+(?:is|are)\s+no\s+longer\s+(?P<done>supported|available|offered|"
    r"sold|made|produced|in\s+service|running)\b", re.IGNORECASE)
# a claim with one of these says the end itself, or a time before it ('supported Android 8
# until version 4.1')
_OF_AN_END = re.compile(r"\b(?:drop|drops|dropped|dropping|discontinu\w*|remov\w*|withdr\w*|"
                        r"abolish\w*|scrap\w*|retir\w*|phas\w* out|end|ends|ended|stop\w*|"
                        r"longer|until|till|before|previously|formerly|used to|was|were|had)\b",
                        re.IGNORECASE)


def _ended_clash(claim: str, sentence: str) -> Clash | None:
    """The claim states, as holding now, a thing the sentence says has ended ('Version 4.2
    still supports Android 8.' against 'Support for Android 8 has been dropped.')."""
    match = _ENDED.match(sentence.strip())
    if not match or _OF_AN_END.search(claim) or negations_in(claim):
        return None
    # 'no longer sold': the claim says that it is sold, not something else of it ('You must
    # book the tours online.')
    thing = content_stems(match["thing"] or f"{match['other']} {match['done']}")
    if not thing or not thing <= content_stems(claim):
        return None
    return Clash("negation", f"the source says '{match[0].strip()}'", sentence)


def _says_too(claim_words: set[str], opposite: frozenset[str]) -> bool:
    """The claim has a word of the same direction as the sentence's `opposite`."""
    return any(opposite & group and claim_words & (group - opposite) for group in _DIRECTIONS)


_UNITS = {
    "km": "length", "kilometres": "length", "kilometers": "length", "miles": "length",
    "mile": "length", "metres": "length", "meters": "length", "m": "length", "feet": "length",
    "ft": "length", "kg": "mass", "kilograms": "mass", "pounds": "mass", "lb": "mass",
    "lbs": "mass", "tonnes": "mass", "tons": "mass", "grams": "mass", "g": "mass",
    "celsius": "temperature", "fahrenheit": "temperature", "°c": "temperature",
    "°f": "temperature", "percent": "ratio", "%": "ratio", "usd": "money", "dollars": "money",
    "euros": "money", "eur": "money", "pounds sterling": "money", "gb": "data", "mb": "data",
    "tb": "data", "hours": "time", "minutes": "time", "days": "time", "weeks": "time",
    "months": "time", "years": "time", "seconds": "time", "cm": "length", "mm": "length",
    "centimetres": "length", "centimeters": "length", "millimetres": "length",
    "millimeters": "length", "inches": "length", "yards": "length",
    "km/h": "speed", "kmh": "speed", "kph": "speed", "mph": "speed", "m/s": "speed",
    "knots": "speed", "kn": "speed", "mg": "mass", "milligrams": "mass", "mcg": "mass",
    "µg": "mass", "micrograms": "mass", "ml": "volume", "millilitres": "volume",
    "milliliters": "volume", "cl": "volume", "l": "volume", "litres": "volume",
    "liters": "volume", "w": "power", "watts": "power", "kw": "power", "kilowatts": "power",
    "mw": "power", "megawatts": "power",
    "bar": "pressure", "mbar": "pressure", "psi": "pressure", "kpa": "pressure",
    # kitchen measures: 'one and a half cups of water' is no litre and a half
    "cups": "volume", "cup": "volume", "tablespoons": "volume", "tablespoon": "volume",
    "tbsp": "volume", "teaspoons": "volume", "teaspoon": "volume", "tsp": "volume",
    "pints": "volume", "pint": "volume", "gallons": "volume", "gallon": "volume",
}
# exact conversions within a measure: each unit's size in the measure's smallest unit here
_SIZES = {
    "km": ("length", 1_000_000), "kilometres": ("length", 1_000_000),
    "kilometers": ("length", 1_000_000), "m": ("length", 1000), "metres": ("length", 1000),
    "meters": ("length", 1000), "cm": ("length", 10), "mm": ("length", 1),
    "centimetres": ("length", 10), "centimeters": ("length", 10),
    "millimetres": ("length", 1), "millimeters": ("length", 1),
    "kg": ("mass", 1_000_000), "kilograms": ("mass", 1_000_000), "g": ("mass", 1000),
    "grams": ("mass", 1000), "tonnes": ("mass", 1_000_000_000), "mg": ("mass", 1),
    "milligrams": ("mass", 1), "ml": ("volume", 1), "millilitres": ("volume", 1),
    "milliliters": ("volume", 1), "cl": ("volume", 10), "l": ("volume", 1000),
    "litres": ("volume", 1000), "liters": ("volume", 1000), "w": ("power", 1),
    "watts": ("power", 1), "kw": ("power", 1000), "kilowatts": ("power", 1000),
    "mw": ("power", 1_000_000), "megawatts": ("power", 1_000_000),
    "seconds": ("time", 1), "minutes": ("time", 60), "hours": ("time", 3600),
    "days": ("time", 86_400), "weeks": ("time", 604_800),
}
# (a scale word and 'square' / 'cubic' may come between: '9.2 million square kilometres')
_QUANTITY = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s*(?:(thousand|million|billion)\s+)?"
                       r"((?:(?:square|sq|cubic)\.?\s+)?(?:°\s?[cf]\b|%|[a-z]+(?:/[a-z]+)?))",
                       re.IGNORECASE)
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
# a number said in one word, before the word after it ('eight hours')
_NUMBER_WORD = re.compile(r"\b(?:" + "|".join(SMALL_NUMBER_WORDS) + r")\b(?=\s+[a-z])",
                          re.IGNORECASE)

ON_TOPIC_COSINE = 0.6
ON_TOPIC_COVERAGE = 0.5


@dataclass(frozen=True, slots=True)
class Clash:
    kind: str  # negation | antonym | degree | scope | number | date | name | unit | role |
    # place | time | colour | season
    what: str  # a short description: "1896 vs 1856"
    sentence: str  # the clashing source sentence


def _lower(text: str) -> set[str]:
    """Lower-cased words; a possessive counts as its name too ("Nixon's" names Nixon, as
    `features.entities` reads it)."""
    out = {w.lower().replace("’", "'") for w in words(text)}
    return out | {w.removesuffix("'s") for w in out}


_AREA_OR_VOLUME = {"square": "square", "sq": "square", "cubic": "cubic"}


def _figures(text: str, *, one: bool = False) -> str:
    """The text with its numbers in words as figures ('seven to nine hours' → '7 to 9
    hours'); `one`: 'one' too, where only a number can follow ('at least one week')."""
    text = _NUMBER_WORD.sub(lambda m: str(NUMBER_WORDS[m[0].lower()]), in_digits(text))
    return re.sub(r"\bone\b", "1", text, flags=re.IGNORECASE) if one else text


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _units(text: str) -> dict[str, str]:
    """number → its unit word (normalised), e.g. {'20': 'km'}; a number in words counts as
    its figure ('six to eight hours' gives {'8': 'hours'}, as '6 to 8 hours' does)."""
    return dict(_unit_pairs(text))


def _unit_pairs(text: str) -> list[tuple[str, str]]:
    """Each (number, unit) of the text in order: 'two to three days, or up to three months'
    gives ('3', 'days') and ('3', 'months'), where `_units` keeps the last."""
    out = []
    for value, scale, unit in _QUANTITY.findall(_figures(text)):
        value = value.replace(",", "")
        if scale:  # '9.2 million km': the number `numbers` reads
            value = format_number(round(float(value) * _SCALES[scale.lower()], 6))
        shape, _, base = unit.lower().rpartition(" ")
        if base in _UNITS and _UNITS[base] == "length" and shape.rstrip(".") in _AREA_OR_VOLUME:
            out.append((value, f"{_AREA_OR_VOLUME[shape.rstrip('.')]} {base}"))
        elif base in _UNITS and not shape:
            out.append((value, base))
    return out


# a span of time named by its size: 'for the last millennia' states a thousand (years)
_SPAN_SIZES = {"decade": "10", "decades": "10", "century": "100", "centuries": "100",
               "millennium": "1000", "millennia": "1000", "dozen": "12", "dozens": "12"}
_SPAN_WORD = re.compile(r"\b(" + "|".join(_SPAN_SIZES) + r")\b", re.IGNORECASE)


# one of a unit, in words: 'one tablespoon', 'a single day' (not 'a day' of 'twice a day')
_ONE_UNIT = re.compile(r"\b(?:one|a single)\s+(?:tablespoons?|teaspoons?|tbsp|tsp|cups?|"
                       r"litres?|liters?|pints?|grams?|kilos?|kilograms?|kilometres?|kilometers?|"
                       r"miles?|metres?|meters?|inch(?:es)?|foot|seconds?|minutes?|hours?|days?|"
                       r"weeks?|months?|years?)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def stated_numbers(text: str) -> frozenset[str]:
    """`numbers`, the size of a span named by a word ('millennia': 1000), each quantity in
    the other units of its measure where it comes out exact ('1,200 grams' also states 1.2
    (kg), '90 minutes' 1.5 (hours)), and a span in hours and minutes in each unit ('3 hours
    and 30 minutes': 210 minutes, 3.5 hours)."""
    out = set(numbers(text))
    if _ONE_UNIT.search(text):
        out.add("1")  # 'one tablespoon': the count `numbers` leaves out
    out.update(_SPAN_SIZES[m[1].lower()] for m in _SPAN_WORD.finditer(text))
    for span in _compound_durations(text):  # '3 hours and 30 minutes': 210, 3.5
        out.update(_duration_forms(span.minutes))
    for value, unit in _units(text).items():
        measure, size = _SIZES.get(unit, (None, 0))
        if measure is None:
            continue
        amount = float(value) * size
        for kind, other_size in _SIZES.values():
            converted = round(amount / other_size, 6)
            if kind == measure and converted >= 0.001 and round(converted, 3) == converted:
                out.add(format_number(converted))
    return frozenset(out)


# a span of time in two units: '3 hours and 30 minutes', '1 hr 40 min', 'two hours 15 minutes'
_COMPOUND_DURATION = re.compile(
    r"(?<![\w.,])(?P<hours>\d+|[a-z]+)\s+(?:hours?|hrs?)\s*,?\s+(?:and\s+)?"
    r"(?P<minutes>\d+|[a-z]+(?:[\s-][a-z]+)?)\s+(?:minutes?|mins?)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Span:
    """A span of time written in hours and minutes: the numbers `numbers` reads in it, its
    length in minutes and the text as written."""

    parts: frozenset[str]
    minutes: float
    written: str


def _compound_durations(text: str) -> list[_Span]:
    """Each span of time written in hours and minutes: '3 hours and 30 minutes' →
    _Span({'3', '30'}, 210.0, '3 hours and 30 minutes')."""
    out = []
    for match in _COMPOUND_DURATION.finditer(text):
        hours, minutes = numbers(match["hours"]), numbers(match["minutes"])
        if match["hours"].lower() in {"one", "an", "a"}:
            hours = frozenset({"1"})
        if len(hours) != 1 or len(minutes) != 1:
            continue
        try:
            total = float(next(iter(hours))) * 60 + float(next(iter(minutes)))
        except ValueError:  # a month name read as a number
            continue
        out.append(_Span(hours | minutes, total, match[0]))
    return out


def _duration_forms(minutes: float) -> set[str]:
    """A length of time in minutes, in each unit where it comes out exact to 3 places."""
    out = set()
    for size in (1, 60, 1 / 60):  # minutes, hours, seconds
        value = round(minutes / size, 6)
        if round(value, 3) == value:
            out.add(format_number(value))
    return out


def claim_numbers(claim: str) -> frozenset[str]:
    """`numbers`, each span of time in hours and minutes read as one number, its length in
    minutes ('1 hour 40 minutes' → '100'): a text may give it in one unit ('100 minutes')."""
    out = set(numbers(claim))
    for span in _compound_durations(claim):
        out -= span.parts
        out.add(format_number(span.minutes))
    return frozenset(out)


def _decimals(value: str) -> int:
    return len(value.split(".")[1]) if "." in value else 0


def _rounds_to(value: str, stated: str) -> bool:
    """Is the claim's `value` the `stated` number with fewer decimals ('78' for '78.37',
    '3.1' for '3.14')? Not '4' for '3.5'. Never a year or a month, nor a number written with
    a closing zero ('3.10', a version, not 3.1). Not a round figure for a whole number
    either: HaluEval's tuning rows count 'about 2,500' for 2,523 as a wrong answer."""
    if _kind(value) != "number" or _kind(stated) != "number" or \
            ("." in stated and stated.endswith("0")):
        return False
    try:
        mine, theirs = float(value), float(stated)
    except ValueError:
        return False
    if theirs == 0:
        return False
    # (an exact half is no rounding: 'three and a half years' is not 'four years')
    return _decimals(stated) > _decimals(value) and round(theirs, _decimals(value)) == mine \
        and abs(theirs - mine) < 0.5 * 10 ** -_decimals(value)


_EVEN_SPLIT = re.compile(r"\b50\s*[/-]\s*50\b")
_EVEN_SPLIT_IN_WORDS = re.compile(r"\b(?:equal (?:parts|amounts|measures|quantities|shares)|"
                                  r"half and half|fifty-fifty|evenly|equally)\b", re.IGNORECASE)


_TWICE = re.compile(r"\btwice\b", re.IGNORECASE)
_MORE_THAN_ONCE = re.compile(r"\b(?:more than once|again and again|repeatedly)\b", re.IGNORECASE)


def missing_numbers(claim: str, text: str) -> frozenset[str]:
    """The claim's numbers (`claim_numbers`) that `text` does not state (`stated_numbers`)
    in any unit of their measure, nor with more decimals ('78 °C' against '78.37 °C')."""
    stated, hedged = stated_numbers(text), _hedged_numbers(claim)
    if _EVEN_SPLIT.search(claim) and _EVEN_SPLIT_IN_WORDS.search(text):
        stated = stated | {"50"}  # 'a 50/50 mix' where the text says 'equal parts'
    if _TWICE.search(claim) and _MORE_THAN_ONCE.search(text):
        stated = stated | {"2"}  # 'the same place twice' where the text says 'more than once'
    return frozenset(v for v in claim_numbers(claim) - stated
                     if not any(_said_roughly(v, s, hedged) for s in stated) and
                     not _bound_said_otherwise(v, claim, text))


def _bound_said_otherwise(value: str, claim: str, text: str) -> bool:
    """A whole-number bound the text draws at the next number: the claim's 'under 25' where
    the text says 'aged 21 to 24' or '24 or younger', its 'over 64' where the text says '65
    and over' or 'from 65'."""
    if not value.isdigit():
        return False
    n = int(value)
    if re.search(rf"\b(?:under|below|younger than|less than|fewer than)\s+{n}\b", claim):
        last = n - 1
        return re.search(rf"(?:\b(?:to|through|until)\s+|[–-]\s*){last}\b|\b{last}\s+or\s+"
                         rf"(?:under|younger|less|fewer|below)\b", text) is not None
    if re.search(rf"\b(?:over|above|older than|more than)\s+{n}\b", claim):
        first = n + 1
        return re.search(rf"\b(?:from|aged)\s+{first}\b|\b{first}\s*(?:\+|(?:and|or)\s+"
                         rf"(?:over|older|above|more)\b)", text) is not None
    return False


# days in a span of the calendar: months and years vary in length, so a span in one unit says
# what a span in another says when they are within a tenth of each other ('two months' is
# '8 weeks', '26 weeks' six months)
_CALENDAR_DAYS = {"day": 1.0, "week": 7.0, "fortnight": 14.0, "month": 30.44, "year": 365.25}
_CALENDAR_SPAN = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|[a-z]+)[\s-]+(day|week|"
                            r"fortnight|month|"
                            r"year)s?\b", re.IGNORECASE)
_CALENDAR_TOLERANCE = 0.1
_BEFORE_A_SPAN = re.compile(r"\b(?:for|to|within|about|over|under|than|nearly|almost|around|"
                            r"least|most|after|in)\s+$", re.IGNORECASE)


def _near_span(days: float, length: float) -> bool:
    """Two spans of the calendar within a tenth of each other."""
    return abs(days - length) <= _CALENDAR_TOLERANCE * max(days, length)
_NOT_A_COUNT = frozenset({"first", "second", "third", "fourth", "fifth", "once", "twice", "half"})


def _calendar_spans(text: str) -> list[tuple[str, float, str]]:
    """Each span of the calendar in `text`: (as written, its length in days, its unit)."""
    out = []
    for match in _CALENDAR_SPAN.finditer(text):
        written, unit = match[1].lower(), match[2].lower()
        if written in NUMBER_WORDS and written not in _NOT_A_COUNT:
            amount = float(NUMBER_WORDS[written])
        elif written in {"a", "an"} and _BEFORE_A_SPAN.search(text[:match.start()]):
            amount = 1.0  # 'for up to a week' is one week (not 'once a week')
        else:
            try:
                amount = float(written.replace(",", ""))  # '1,000 years'
            except ValueError:
                continue
        out.append((match[0], amount * _CALENDAR_DAYS[unit], unit))
    return out


# the parts of a claim, each of which may say a fact of its own
CLAIM_PARTS = re.compile(r",?\s+(?:or|and|but|while|whereas)\s+|;\s*")


def _span_of_another_length(claim: str, sentence: str, everywhere: str = "") -> Clash | None:
    """A part of the claim (at ', or', ', and', ';') giving a span of the calendar, where the
    sentence says the rest of that part with spans of other lengths only: "You must give one
    week's notice in writing" against "Employees must give one month's written notice". Not
    where another sentence of the sources (`everywhere`) gives the claim's span with as much
    of the rest: that one speaks of the claim's case ('A child passport is valid for five
    years.' beside 'Adult passports are valid for ten years.')."""
    theirs = _calendar_spans(sentence)
    if not theirs:
        return None
    said = _content(sentence)
    for part in CLAIM_PARTS.split(claim):
        spans = _calendar_spans(part)
        rest = _content(_CALENDAR_SPAN.sub(" ", part))
        if len(spans) != 1 or len(rest) < 2 or 3 * len(rest & said) < 2 * len(rest):
            continue
        written, days, _ = spans[0]
        if not any(_near_span(d, days) for _, d, _ in theirs) and \
                not _span_said_of_the_case(days, rest, len(rest & said), everywhere):
            return Clash("number", f"{written} vs {theirs[0][0]}", sentence)
    return None


def _span_said_of_the_case(days: float, rest: frozenset[str], shared: int,
                           everywhere: str) -> bool:
    """Some sentence of the sources gives a span of `days` and shares at least `shared` of the
    claim's other words (`rest`)."""
    return any(len(rest & _content(other)) >= shared and
               any(_near_span(d, days) for _, d, _ in _calendar_spans(other))
               for other in sentences(everywhere))


def in_source_calendar_units(claim: str, text: str) -> str:
    """The claim with each span of the calendar that `text` gives in another unit written as
    `text` writes it, where one span of `text` matches: 'At two months babies get …' against
    'at 8 weeks, babies receive …' reads 'At 8 weeks babies get …', so the rules on numbers
    read it as the sources' own figure (and 'At three months' as their '12 weeks')."""
    theirs = _calendar_spans(text)
    if not theirs:
        return claim
    for written, days, unit in _calendar_spans(claim):
        if any(u == unit and abs(d - days) < 1e-9 for _, d, u in theirs):
            continue  # said in the claim's own unit
        matching = {w.lower() for w, d, u in theirs
                    if u != unit and _near_span(d, days)}
        if len(matching) == 1:
            claim = claim.replace(written, matching.pop(), 1)
    return claim


def roughly_said(claim: str, text: str) -> dict[str, str]:
    """The claim's numbers that `text` states more exactly ('about 384,000' for 384,400, '78'
    for 78.37): {'384000': '384400'}, so the sentence with the exact figure covers them."""
    stated, hedged = stated_numbers(text), _hedged_numbers(claim)
    out = {}
    for value in claim_numbers(claim) - stated:
        exact = next((s for s in sorted(stated) if _said_roughly(value, s, hedged)), None)
        if exact is not None:
            out[value] = exact
    return out


def _said_roughly(value: str, stated: str, hedged: frozenset[str]) -> bool:
    """The claim's `value` is `stated` with fewer decimals, or a round figure of it that the
    claim hedges (`hedged`, `_hedged_numbers`: 'about 384,000' for 384,400)."""
    return _rounds_to(value, stated) or (value in hedged and _rounds_whole(value, stated))


_HEDGED = re.compile(r"\b(?:about|around|roughly|approximately|nearly|almost|some|circa|"
                     r"an estimated|close to)\s+(\d[\d,]*)\b", re.IGNORECASE)


def _hedged_numbers(claim: str) -> frozenset[str]:
    """The whole numbers the claim gives as a round figure ('about 384,000')."""
    return frozenset(m.group(1).replace(",", "") for m in _HEDGED.finditer(claim))


def _rounds_whole(value: str, stated: str) -> bool:
    """'about 384,000' for 384,400: the stated whole number rounded to three significant
    figures or more. (Not 'about 2,500' for 2,523: HaluEval's tuning rows count a round
    figure of two as a wrong answer.)"""
    if _kind(value) != "number" or _kind(stated) != "number" or not value.isdigit():
        return False
    try:
        mine, theirs = int(value), float(stated)
    except ValueError:
        return False
    kept = len(value.rstrip("0"))  # the figures the round number keeps
    return mine != 0 and kept >= 3 and theirs >= 1000 and \
        round(theirs, kept - len(str(int(theirs)))) == mine


def same_quantities(claim: str, text: str) -> dict[str, str]:
    """The claim's quantities that `text` gives in another unit of the same measure, word for
    word: '1.2 kg' against '1,200 grams' → {'1.2': '1200', 'kg': 'grams'}."""
    out: dict[str, str] = {}
    theirs = [(float(v), u) for v, u in _units(text).items() if u in _SIZES]
    for value, unit in _units(claim).items():
        measure, size = _SIZES.get(unit, (None, 0))
        for other_value, other_unit in theirs:
            kind, other_size = _SIZES[other_unit]
            if kind == measure and other_unit != unit and \
                    abs(float(value) * size - other_value * other_size) < 1e-9:
                out[value] = format_number(other_value)
                out[unit] = other_unit
        for span in _compound_durations(text) if measure == "time" else ():
            if abs(float(value) * size - span.minutes * 60) < 1e-9:  # '3.5 h', '3 h 30 min'
                out[value] = " ".join(sorted(span.parts))
                out[unit] = "hours minutes"
    for span in _compound_durations(claim):  # '3 hours and 30 minutes' against '3.5 hours'
        for other_value, other_unit in theirs:
            kind, other_size = _SIZES[other_unit]
            if kind == "time" and abs(span.minutes * 60 - other_value * other_size) < 1e-9:
                out.update({p: format_number(other_value) for p in span.parts})
                out.update({"hours": other_unit, "minutes": other_unit})
    return out


def _case_words(text: str) -> frozenset[str]:
    """The content stems that may name a case: not the numbers ('9am', '23')."""
    return frozenset(w for w in _content(text) if not any(c.isdigit() for c in w))


def _label(value: str) -> str:
    """The kind of clash a wrong number makes: a date for a year or month, else a number."""
    return "date" if _kind(value) in {"year", "month"} else "number"


def _kind(value: str) -> str:
    if value in MONTHS:
        return "month"
    if YEAR.match(value):
        return "year"
    return "number"


# 'more often' / 'less frequently', and the clause it is said in
_MORE_OR_LESS_OFTEN = re.compile(r"\b(?P<way>more|less)\s+(?:often|frequently|regularly)\b",
                                 re.IGNORECASE)
_A_CLAUSE_BREAK = re.compile(r"[,;:—–]|\band\b|\bbut\b", re.IGNORECASE)


def _how_often(text: str) -> list[tuple[str, frozenset[str]]]:
    """('more' or 'less', the content stems of the clause before it) for each 'more often' /
    'less frequently' of `text`: 'kittens need it less often' → ('less', {kitten, need})."""
    out = []
    for match in _MORE_OR_LESS_OFTEN.finditer(text):
        before = _A_CLAUSE_BREAK.split(text[:match.start()])[-1]
        out.append((match["way"].lower(), content_stems(before)))
    return out


def _how_often_reversed(claim: str, sentence: str) -> Clash | None:
    """The claim says less often of what the sentence says more often of, or the other way
    round: 'kittens need it less often' against '… and kittens more frequently'."""
    if "often" not in claim and "frequent" not in claim and "regular" not in claim:
        return None
    theirs = _how_often(sentence)
    for way, who in _how_often(claim):
        if who and any(other != way and who & their_who for other, their_who in theirs) and \
                not any(other == way and who & their_who for other, their_who in theirs):
            return Clash("degree", f"{way} often vs {'more' if way == 'less' else 'less'} often",
                         sentence)
    return None


# a thing switched on or off: 'switch off or unplug the appliance', 'turn the heating off'
_SWITCHED = (re.compile(r"\b(?:switch|turn|power)(?:es|s|ed|ing)?\s+(?P<way>on|off)\s+"
                        r"(?:(?:or|and)\s+[a-z]+\s+)?(?:(?:the|your|its|any|all|this|that)\s+)?"
                        r"(?P<thing>[a-z-]+)", re.IGNORECASE),
             re.compile(r"\b(?:switch|turn|power)(?:es|s|ed|ing)?\s+(?:the|your|its|this|that)\s+"
                        r"(?P<thing>[a-z-]+)\s+(?P<way>on|off)\b", re.IGNORECASE))


_A_SWITCH_VERB = re.compile(r"\b(?:switch|turn|power)", re.IGNORECASE)


def _switches(text: str) -> set[tuple[str, str]]:
    return {(m["way"].lower(), stem(m["thing"].lower())) for pattern in _SWITCHED
            for m in pattern.finditer(text)}


def _switched_the_other_way(claim: str, sentence: str) -> Clash | None:
    """The claim switches on what the sentence switches off, or the other way round: 'Switch
    on the appliance that caused the trip.' against '… switch off or unplug the appliance
    that caused the trip …'."""
    if not _A_SWITCH_VERB.search(claim):
        return None
    theirs = _switches(sentence)
    for way, thing in _switches(claim):
        other = "off" if way == "on" else "on"
        if (other, thing) in theirs and (way, thing) not in theirs:
            return Clash("antonym", f"switched {way} vs switched {other}", sentence)
    return None


# a thing and the name it goes by: 'underground tunnel systems called setts'
_CALLED = re.compile(r"(?P<what>(?:[\w'’-]+\s+){0,2}[\w'’-]+),?\s+(?:called|known as|termed|"
                     r"dubbed)\s+(?:an?\s+|the\s+)?[\"'“‘]?(?P<term>[\w'’-]+)", re.IGNORECASE)


_A_NAMING_WORD = re.compile(r"\b(?:called|known as|termed|dubbed)\b", re.IGNORECASE)


def _named_otherwise(claim: str, sentence: str) -> Clash | None:
    """The claim gives a thing another name than the sentence gives it: 'tunnel systems known
    as holts' against 'tunnel systems called setts' (the thing named shares a word, the name
    is not in the sentence)."""
    if not _A_NAMING_WORD.search(claim):
        return None
    mine, theirs = _CALLED.search(claim), _CALLED.search(sentence)
    if mine is None or theirs is None or stem(mine["term"].lower()) == \
            stem(theirs["term"].lower()) or \
            re.search(rf"\b{re.escape(mine['term'])}\b", sentence, re.IGNORECASE):
        return None
    if not content_stems(mine["what"]) & content_stems(theirs["what"]):
        return None
    return Clash("name", f"{mine['term'].lower()} vs {theirs['term'].lower()}", sentence)


def clash(claim: str, sentence: str, *, cosine: float, coverage: float,
          all_sources: str = "", closest: bool = True, names_from: str | None = None,
          opener_is_name: bool = False, long_page: bool = False) -> Clash | None:
    """The contradiction between `claim` and the source `sentence`, if they are about the
    same thing and disagree; else None. A number or date counts only when no source mentions
    it at all (`all_sources`): said elsewhere, it may be supported there. A name counts when
    no sentence of `names_from` mentions it (the sentences that say the rest of the claim;
    all sources when not given) and `sentence` is one of them; on a `long_page`, only where
    it stands in the claim's name's place. Negation and antonyms are read only against the
    `closest` sentence."""
    only = _only_for_another(claim, sentence) or _only_another_way(claim, sentence)
    if only:
        return only
    if against_superlative(claim, sentence) == "clash":  # read in any sentence
        return Clash("degree", "the sentence calls the other the most of what is compared",
                     sentence)
    held = _held_by_another(claim, sentence) or _inclusion_clash(claim, sentence) or \
        _all_year_clash(claim, sentence, all_sources or sentence) or \
        _every_day_clash(claim, sentence) or _frequency_clash(claim, sentence) or \
        _used_against_a_warning(claim, sentence) or _warned_against_a_step(claim, sentence) or \
        _contrast_swapped(claim, sentence) or _too_soon(claim, sentence) or \
        _every_other_clash(claim, sentence) or _named_otherwise(claim, sentence) or \
        _switched_the_other_way(claim, sentence) or _how_often_reversed(claim, sentence)
    if held:
        return held
    group = not closest and _one_of_all(sentence, claim)
    part = not closest and (_within(sentence, claim) or _denied_of_subject(sentence, claim) or
                            group)
    if cosine < ON_TOPIC_COSINE and coverage < ON_TOPIC_COVERAGE and not part:
        return None
    if coverage < 0.34 and not group:  # too few of the claim's words: another statement
        return None
    claim_words, sent_words = _lower(claim), _lower(sentence)
    everywhere = all_sources or sentence
    if (closest or part) and _states(claim) and \
            _states_as_sentence(sentence) and negation_mismatch(claim, sentence) and \
            not _last_time(claim, sentence):
        return Clash("negation", "one says no where the other says yes", sentence)
    ended = _ended_clash(claim, sentence) if closest or part else None
    if ended:
        return ended
    compared = compare_degrees(claim, sentence) if closest else None
    if compared == "clash":
        return Clash("degree", "the two are compared the other way round", sentence)
    # 'A is taller than B' / 'B is shorter than A' agree: no antonym clash
    if (closest or group) and compared is None:
        # the clause of the sentence that speaks of what the claim does, where one does
        # ('Sales rose by 12 %, while returns fell to 3 %.' says 'fell' of the returns, so
        # it does not deny 'Sales grew by 12 %'); else the sentence as a whole
        clause = _clause_of(claim, sentence)
        # (a claim of several clauses may say a word the sentence says in another clause:
        # '…, but throw out soft cheeses' against '…; soft cheeses … should be thrown away')
        checked = claim_words - sent_words if clause and \
            len(_CLAUSE_BREAK.split(claim)) > 1 else claim_words
        for read in (clause,) if clause else (sentence,):
            opposed = _antonym(claim, checked, read)
            if opposed:
                return Clash("antonym", opposed, sentence)
    scope = _scope_clash(claim_words, sent_words, sentence, claim) if closest else None
    if scope:
        return scope
    units = _unit_clash(claim, sentence)
    if units:
        return units
    bounds = _bound_clash(claim, sentence)
    if bounds:
        return bounds
    mine, theirs = claim_numbers(claim), numbers(sentence)
    for value in sorted(missing_numbers(claim, everywhere)):
        kind = _kind(value)
        rivals = sorted(v for v in theirs - mine if _kind(v) == kind)
        if rivals:
            return Clash(_label(value), f"{value} vs {rivals[0]}", sentence)
    in_place = (_number_in_place(claim, sentence) or _number_of_another_clause(claim, sentence)
                or _date_in_place(claim, sentence) or
                _number_of_another_day(claim, sentence, everywhere) or
                _number_of_another_case(claim, sentence) or _cases_swapped(claim, sentence) or
                _earlier_value(claim, sentence) or
                _number_of_another_subject(claim, sentence, everywhere) or
                _day_of_another_subject(claim, sentence, everywhere) or
                _sides_swapped(claim, sentence) or _amounts_swapped(claim, sentence) or
                _a_few_said_as_most(claim, sentence) or
                _roles_swapped(claim, everywhere) or
                _share_as_a_change(claim, sentence) or
                _for_each_of_another(claim, sentence, everywhere) or
                _opposites_swapped(claim, everywhere)) \
        if closest else None
    if in_place:
        return in_place
    spanned = _span_of_another_length(claim, sentence, everywhere) \
        if closest or coverage >= 0.5 else None
    if spanned:
        return spanned
    one_of_a_kind = _one_of_a_kind_clash(claim_words, sent_words, everywhere) \
        if closest and coverage >= 0.5 else None
    if one_of_a_kind:
        return Clash(one_of_a_kind[0], one_of_a_kind[1], sentence)
    if names_from is None:
        named = _name_clash(_without_compared(claim, everywhere), sentence, coverage, everywhere,
                            entities(sentence), long_page)
    elif sentence not in names_from:
        # it does not say the rest of the claim: not another name in its place; yet it may
        # give the claim's verb another date ('opened in 1931' for 'open in 1860', a year the
        # sources give something else)
        dated = date_clash(claim, sentence, everywhere) if coverage >= 0.5 else None
        return Clash("date", _when_shown(dated), sentence) if dated else None
    else:
        # in place: a name the sentences saying the rest of the claim lack; `opener_is_name`:
        # the sentence's first word counts as a rival too ('Canberra is the capital …')
        # (on a long page, a name the page writes anywhere is no rival's: claims there
        # are put together from several sentences, a list of names among them)
        named = _name_clash(_without_compared(_before_aside(claim, everywhere), everywhere),
                            sentence, coverage,
                            everywhere if long_page else f"{names_from} {sentence}",
                            names_and_opener(sentence) if opener_is_name else
                            entities(sentence), long_page)
    if named is None and coverage >= 0.5:
        named = _variant_clash(claim, sentence, everywhere)
    if named is not None or coverage < 0.5:
        return named
    for check, kind, shown in _SLOT_CLASHES:  # a name, place or date in another's place
        found = check(claim, sentence, everywhere)
        if found:
            return Clash(kind, shown(found), sentence)
    return _done_by_another_in_clause(claim, sentence) if closest else None


# a role one holder has at a time: 'the capital of Australia', 'the CEO of Acme'
_ONE_HOLDER = (r"capital|capital city|largest city|biggest city|currency|president|prime minister|"
               r"chancellor|mayor|governor|ceo|chief executive|chief executive officer|chairman|"
               r"chairwoman|chair|head coach|captain|highest mountain|longest river|"
               r"tallest building|national anthem|head of state")
_NAME_RUN = r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'’.-]*)*"
_HOLDER_IS = re.compile(rf"(?P<who>{_NAME_RUN})\s+(?P<tense>is|was)\s+the\s+(?:current\s+)?"
                        rf"(?P<role>{_ONE_HOLDER})\s+of\s+(?P<of>{_NAME_RUN})")
_ROLE_IS = re.compile(rf"\b[Tt]he\s+(?:current\s+)?(?P<role>{_ONE_HOLDER})\s+of\s+"
                      rf"(?P<of>{_NAME_RUN})\s+(?P<tense>is|was)\s+(?P<who>{_NAME_RUN})")


def _holders(text: str) -> list[tuple[str, str, str, frozenset[str]]]:
    """(role, of what, tense, the holder's words) of each 'X is the capital of Y' / 'The
    capital of Y is X' in `text`."""
    out = []
    for pattern in (_HOLDER_IS, _ROLE_IS):
        for m in pattern.finditer(text):
            role = m["role"].lower()
            out.append(("capital" if role == "capital city" else role,
                        m["of"].lower().rstrip("."), m["tense"],
                        _lower(m["who"]) - STOPWORDS))
    return out


def _held_by_another(claim: str, sentence: str) -> Clash | None:
    """The claim gives a role one holder has at a time to another than the sentence does:
    'The capital of Australia is Sydney.' against 'Canberra is the capital city of
    Australia.' (the same tense: 'was the capital' is no rival of 'is'); so with a
    superlative ('Mercury is the hottest planet.' against 'Venus is the hottest planet in
    the solar system …')."""
    theirs = _holders(sentence)
    for role, of, tense, who in _holders(claim):
        for their_role, their_of, their_tense, their_who in theirs:
            if (role, of, tense) == (their_role, their_of, their_tense) and who and \
                    their_who and not who & their_who:
                return Clash("name", f"{' '.join(sorted(who))} vs {' '.join(sorted(their_who))}"
                             f" (the {role} of {of})", sentence)
    theirs_most = _superlative_holders(sentence)
    for (most, tense, scope), who in _superlative_holders(claim).items():
        for (their_most, their_tense, their_scope), their_who in theirs_most.items():
            if (most, tense) == (their_most, their_tense) and \
                    _same_scope(scope, their_scope) and not who & their_who:
                return Clash("name", f"{' '.join(sorted(who))} vs {' '.join(sorted(their_who))}"
                             f" (the {most})", sentence)
    return None


# a thing counted within a total, or on top of it: '25 days of leave, including public holidays'
# is not '25 days, plus public holidays'
_WITHIN = re.compile(r"\b(?:including|inclusive of|which includes|that includes|incl\.)\s+"
                     r"(?P<thing>[^,;.()]{3,40})", re.IGNORECASE)
_BESIDES = re.compile(r"\b(?:plus|in addition to|on top of|excluding|not including|exclusive of|"
                      r"excl\.|as well as|besides)\s+(?P<thing>[^,;.()]{3,40})", re.IGNORECASE)


def _inclusion_clash(claim: str, sentence: str) -> Clash | None:
    """One counts a thing within a figure, the other on top of it or outside it: 'Full-time
    staff get 25 days of leave, including public holidays.' against '… entitled to 25 days of
    paid annual leave, plus public holidays.' The thing is named by the same content words,
    and both give the same number."""
    shared = numbers(claim) & numbers(sentence)
    if not shared:
        return None
    for within, besides, side in ((_WITHIN.search(claim), _BESIDES.search(sentence), "claim"),
                                  (_WITHIN.search(sentence), _BESIDES.search(claim), "sentence")):
        if within and besides and _content(within["thing"]) and \
                _content(within["thing"]) == _content(besides["thing"]):
            inside = "the claim" if side == "claim" else "the source"
            return Clash("scope", f"{inside} counts {within['thing'].strip()} within the figure, "
                         f"the other apart from it", sentence)
    return None


_ALL_YEAR = re.compile(r"\b(?:all year(?: round| long)?|year[- ]round|throughout the year|"
                       r"(?:at )?any time of (?:the )?year|every month of the year)\b",
                       re.IGNORECASE)
_SEASON_ONLY = re.compile(r"\b(?:during|in|over|through(?:out)?|from|between)\s+(?:the\s+)?"
                          r"(?:(?:autumn|winter|spring|summer|fall)(?:\s+(?:and|or|to)\s+(?:"
                          r"autumn|winter|spring|summer|fall))?\b(?:\s+months)?|(?:" +
                          "|".join(MONTHS) + r")\s+(?:to|and|until|through)\s+(?:" +
                          "|".join(MONTHS) + r"))\b", re.IGNORECASE)


def _all_year_clash(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """The claim says all year what the sentence says of some seasons or months only: 'Take
    10 micrograms a day all year round.' against '… during autumn and winter.' The two share
    most of the claim's other words, and no source says 'all year' itself."""
    if not _ALL_YEAR.search(claim) or _ALL_YEAR.search(everywhere):
        return None
    season = _SEASON_ONLY.search(sentence)
    rest = _content(_ALL_YEAR.sub(" ", claim))
    if not season or not rest or 2 * len(rest & _content(sentence)) < len(rest):
        return None
    return Clash("scope", f"all year vs '{season[0].strip()}'", sentence)


_EVERY_DAY = re.compile(r"\b(?:seven|7) days a week\b|\bevery day(?! of the week except)\b|"
                        r"\bdaily\b|\bevery day of the week\b|\b365 days a year\b",
                        re.IGNORECASE)
_SOME_DAYS = re.compile(r"\b(?:not|except|excluding|apart from|but not|closed)\s+(?:on\s+|at\s+|"
                        r"during\s+)?(?:the\s+)?(?:weekends?|(?:sun|satur|mon|tues|wednes|thurs|"
                        r"fri)days?)\b|\bweekdays only\b|\bonly on weekdays\b|\bmonday to "
                        r"friday only\b|\bonly (?:from )?monday to friday\b", re.IGNORECASE)


def _every_day_clash(claim: str, sentence: str) -> Clash | None:
    """One says every day, the other leaves days out: '… runs every 30 minutes from midnight to
    5 am, but not at weekends.' against '… between midnight and 5 am, seven days a week.' The
    two share most of the claim's other words."""
    for every, some in ((sentence, claim), (claim, sentence)):
        always, except_ = _EVERY_DAY.search(every), _SOME_DAYS.search(some)
        if always and except_ and not _SOME_DAYS.search(every) and not _EVERY_DAY.search(some):
            rest = _content(_SOME_DAYS.sub(" ", _EVERY_DAY.sub(" ", claim)))
            if rest and 2 * len(rest & _content(sentence)) >= len(rest):
                return Clash("scope", f"'{always[0]}' vs '{except_[0]}'", sentence)
    return None


_FREQUENCY = re.compile(r"\b(daily|weekly|fortnightly|monthly|quarterly|yearly|annually|hourly)\b",
                        re.IGNORECASE)


_UNITS_OF_A_ROUND = (r"(?:day|night|week|weekend|fortnight|month|year|morning|evening|monday|"
                     r"tuesday|wednesday|thursday|friday|saturday|sunday)")
_EVERY = re.compile(rf"\bevery\s+(?!other\b|second\b|alternate\b|third\b)({_UNITS_OF_A_ROUND})\b",
                    re.IGNORECASE)


def _every_other_clash(claim: str, sentence: str) -> Clash | None:
    """'Every Wednesday' against 'every other Wednesday' (or 'every second' / 'alternate'),
    where the sentence never says 'every Wednesday' itself."""
    if "other" not in sentence and "second" not in sentence and "alternate" not in sentence:
        return None
    for m in _EVERY.finditer(claim):
        unit = m[1].lower()
        other = re.search(rf"\b(?:every\s+(?:other|second)|alternate)\s+{unit}s?\b", sentence,
                          re.IGNORECASE)
        if other and not any(e[1].lower() == unit for e in _EVERY.finditer(sentence)):
            return Clash("scope", f"every {unit} vs {other[0].lower()}", sentence)
    return None


def _frequency_clash(claim: str, sentence: str) -> Clash | None:
    """A thing done at one frequency in the claim and at another in the sentence, said with
    the same words: '… with interest paid yearly.' against 'Interest is paid monthly.' The
    words before the claim's frequency (two or more) are all in the sentence."""
    theirs = {m[1].lower() for m in _FREQUENCY.finditer(sentence)}
    if len({_PERIOD_WORDS.get(w, w) for w in theirs}) != 1:
        return None
    (shown,) = sorted(theirs)[:1]
    for m in _FREQUENCY.finditer(claim):
        lead = re.split(r"[,;:]\s*|\s+(?:and|but|while)\s+", claim[:m.start()])[-1]
        said = _content(lead)
        mine = m[1].lower()
        if _PERIOD_WORDS.get(mine, mine) != _PERIOD_WORDS.get(shown, shown) and \
                len(said) >= 2 and said <= _content(sentence):
            return Clash("scope", f"{mine} vs {shown}", sentence)
    return None


# 'Venus is the hottest planet (in the solar system)': a superlative one holder has
_SUPERLATIVE = r"(?:[a-z]{2,}(?:iest|[^aeiou\s]est)|best|worst|(?:most|least)\s+[a-z]{3,})"
_NOT_SUPERLATIVE = frozenset({"interest", "forest", "honest", "request", "contest", "protest",
                              "harvest", "manifest", "inquest", "conquest", "suggest", "digest",
                              "modest", "earnest", "midwest", "southwest", "northwest"})
_MOST_IS = re.compile(rf"(?P<who>{_NAME_RUN})\s+(?P<tense>is|was)\s+the\s+(?P<most>{_SUPERLATIVE}"
                      rf"\s+[a-z]{{3,}})(?:\s+(?:in|on|of)\s+(?:the\s+)?(?P<scope>[A-Za-z]+"
                      rf"(?:\s+[a-z]+)?))?")
_WORLD_SCOPES = frozenset({"", "world", "solar system", "earth", "universe", "planet"})


def _superlative_holders(text: str) -> dict[tuple[str, str, str], frozenset[str]]:
    """(the superlative and its noun, tense, its scope) → the holder's words, of each 'X is
    the hottest planet (in the solar system)' in `text`."""
    out: dict[tuple[str, str, str], frozenset[str]] = {}
    for m in _MOST_IS.finditer(text):
        most = " ".join(m["most"].lower().split())
        if most.split()[0] in _NOT_SUPERLATIVE:
            continue
        # the whole subject holds it ('The Louvre in Paris is the most visited …': not Paris)
        lead = re.split(r"[.;:,!?]\s*", text[:m.start("who")])[-1]
        named = f"{lead} {m['who']}" if lead.strip() and not has_verb(lead) else m["who"]
        who = frozenset(_lower(named) - STOPWORDS)
        if who:
            out[(most, m["tense"], (m["scope"] or "").lower())] = who
    return out


def _same_scope(mine: str, theirs: str) -> bool:
    """Two superlatives over the same range: the same words, or the world either way ('the
    deepest lake' and 'the deepest lake in the world'; not '… in the United States')."""
    return mine == theirs or (mine in _WORLD_SCOPES and theirs in _WORLD_SCOPES)


# 'Phone support is only available on the Pro plan.': a thing one named plan, tier or edition
# alone has
_ONLY_WITH = re.compile(
    r"^(?P<thing>.+?)\s+(?:is|are)\s+only\s+(?:available|offered|included|provided|"
    r"supported|sold|possible)?\s*(?:on|in|with|for|to|at|from)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<holder>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+(?P<head>[a-z]+)\b")


# 'Lost luggage is covered only by the premium policy.': the holder named by a plain word
# before a word for an offer of several kinds
_ONLY_BY = re.compile(
    r"^(?P<thing>.+?)\s+(?:is|are)\s+(?:covered|included|offered|available|provided|supported|"
    r"sold|allowed)\s+only\s+(?:by|on|in|with|for|to|at|under)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<holder>[A-Za-z][\w-]*)\s+(?P<head>plan|policy|tier|version|edition|package|"
    r"subscription|membership|account|card|pass|ticket|fare|option|level|class|model|room)s?\b")


def _only_for_another(claim: str, sentence: str) -> Clash | None:
    """The claim gives a thing the sentence says only one named holder has to another of the
    same kind: 'The Basic plan includes phone support.' against 'Phone support is only
    available on the Pro plan.', 'The basic policy covers lost luggage.' against 'Lost or
    delayed luggage is covered only by the premium policy.' The claim says the thing's head
    word and half its words, and denies nothing."""
    match = _ONLY_WITH.match(sentence.strip()) or _ONLY_BY.match(sentence.strip())
    if not match or negations_in(claim):
        return None
    thing = [stem(w) for w in words(match["thing"]) if w.lower() not in STOPWORDS]
    if not thing or thing[-1] not in _content(claim) or \
            2 * len(set(thing) & _content(claim)) < len(set(thing)):
        return None
    head = match["head"]
    named = [re.sub(r"^(?:The|A|An)\s+", "", m.group(1)) for m in
             re.finditer(rf"\b([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+{head}\b", claim)]
    named += [m.group(1) for m in re.finditer(
        rf"\b(?:the|a|an|my|your|our|their)\s+([a-z][\w-]*)\s+{head}\b", claim, re.IGNORECASE)]
    others = {n for n in named if n and n.lower() not in {"the", "a", "an"}} - {match["holder"]}
    if not others or match["holder"].lower() in claim.lower():
        return None
    return Clash("scope", f"only the {match['holder']} {head} vs the {sorted(others)[0]} {head}",
                 sentence)


# 'Sale items can only be exchanged.': the one thing that may be done with them
_ONLY_DONE = re.compile(r"^(?P<thing>.+?)\s+(?:can|may|will|must)\s+only\s+be\s+"
                        r"(?P<verb>[a-z]+ed)\b", re.IGNORECASE)
_DONE = re.compile(r"^(?:(?:yes|sure|yeah),?\s+)?(?P<thing>.+?)\s+(?:(?:can|may|will|must)\s+"
                   r"(?:also\s+)?be|are|is)\s+(?P<verb>[a-z]+ed)\b", re.IGNORECASE)


def _only_another_way(claim: str, sentence: str) -> Clash | None:
    """The claim says a thing can be done that the sentence says is the only thing done with
    it, another: 'Sale items can be refunded.' against 'Sale items can only be exchanged.'"""
    only, done = _ONLY_DONE.match(sentence.strip()), _DONE.match(claim.strip())
    if not only or not done or negations_in(claim):
        return None
    thing = _content(only["thing"])
    if not thing or not thing <= _content(done["thing"]):
        return None
    theirs, mine = only["verb"].lower(), done["verb"].lower()
    if judge_stems(theirs) == judge_stems(mine):
        return None
    return Clash("scope", f"only {theirs} vs {mine}", sentence)


def _within(sentence: str, claim: str) -> bool:
    """Every content word of a short source sentence is in the claim: it speaks of one part
    of what the claim says ('Accidental damage is not covered.' of 'The warranty lasts two
    years and covers accidental damage.'), so its denial is read even when another sentence
    is closer to the whole claim; its own denial word is not one the claim need share ('A
    pawn can never move backwards.' of 'A pawn can move backwards when it captures.')."""
    said = _content(sentence) - _DENIAL_STEMS
    return 2 <= len(said) <= 6 and said <= _content(claim)


_DENIAL_STEMS = frozenset(stem(w) for w in NEGATIONS)


# 'Both stores open on Sundays.', 'All flights are delayed.': a claim of every member of a group
# ('Every drone must be registered.': a singular after 'every' or 'each')
_OF_ALL = re.compile(r"\b(?:both|all|every|each)\s+(?:of\s+)?(?:the\s+|our\s+|its\s+|their\s+)?"
                     r"(?:[a-z]+\s+)?(?P<noun>[a-z]{2,}s)\b|"
                     r"\b(?:every|each)\s+(?:[a-z]+\s+)?(?P<one>[a-z]{3,})\b(?=\s+(?:must|can|"
                     r"needs?|has|is|should|will|may|gets?|pays?)\b)", re.IGNORECASE)


def _one_of_all(sentence: str, claim: str) -> bool:
    """The sentence speaks of one member of the group the claim says something of all of
    ('The Riverside store is closed on Sundays.' of 'Both stores open on Sundays.'), so what
    it says against the claim is read though another sentence is closer."""
    match = _OF_ALL.search(claim)
    subject = subject_of(sentence)
    if not match or not subject:
        return False
    noun = stem((match["noun"] or match["one"]).lower())
    rest = _content(sentence) - _content(subject)
    return noun in _content(subject) and bool(rest & _content(claim))


def _denied_of_subject(sentence: str, claim: str) -> bool:
    """A negated sentence whose subject and denied words are all in the claim: it speaks of
    what the claim does ('Sale items can only be exchanged, not refunded.' of 'Sale items can
    be returned for a full refund.'), so its denial is read though another sentence shares
    more of the claim's words."""
    scopes = [scope for scope in negation_scopes(sentence) if scope]
    subject = subject_of(sentence)
    mine = _content(claim)
    if scopes and (sentence.split() or [""])[0].lower() in {"it", "they", "this", "these"}:
        # 'It does not cover accidental damage, liquid spills or normal wear.' of 'The
        # warranty covers defects and accidental damage.': the denied verb and two words of
        # what it denies are the claim's
        return any(_denied_verb_and_objects(focus, sentence, mine)
                   for _, focus in negations_in(sentence))
    if not scopes or not subject:
        return False
    named = _content(subject)
    return len(named) >= 2 and named <= mine and any(scope <= mine for scope in scopes)


def _denied_verb_and_objects(focus: frozenset[str], sentence: str, mine: frozenset[str]) -> bool:
    """The first content word after the sentence's denial (its verb) and at least two more of
    the denied words are in `mine`."""
    denial = re.search(r"\b(?:not|never|cannot|\w+n['’]t)\s+(?:be\s+)?([a-z]+)", sentence)
    if denial is None:
        return False
    verb = stem(denial[1])
    return verb in focus and verb in mine and len((focus - {verb}) & mine) >= 2


# a share, as against a change by that share: '10 to 25 percent of what they produce' /
# 'falls to 10%' against '10 to 25 percent more than', 'falls by 10%'
_PERCENTAGE = r"(\d[\d.,]*(?:\s*(?:to|-|–)\s*\d[\d.,]*)?)\s*(?:%|per\s?cent\b|percent\b)"
_SHARE_OF = re.compile(rf"(?:\bto\s+(?:about\s+|around\s+|roughly\s+|only\s+)?{_PERCENTAGE})|"
                       rf"(?:{_PERCENTAGE}\s+of\b)", re.IGNORECASE)
_CHANGE_BY = re.compile(rf"(?:\bby\s+(?:about\s+|around\s+|roughly\s+|up\s+to\s+)?{_PERCENTAGE})|"
                        rf"(?:{_PERCENTAGE}\s+(?:\w+\s+)?(?:more|less|fewer|higher|lower|"
                        r"cheaper|dearer|faster|slower|larger|smaller|longer|shorter)\b)",
                        re.IGNORECASE)


def _percentages(pattern: re.Pattern[str], text: str) -> dict[str, str]:
    """Each share or change of `text` that `pattern` reads: its figure → the words as
    written ('10 to 25 percent of')."""
    return {re.sub(r"\s+", "", next(g for g in m.groups() if g)): m[0].strip()
            for m in pattern.finditer(text)}


def _share_as_a_change(claim: str, sentence: str) -> Clash | None:
    """The claim makes a share the sentence gives ('output drops to 10 to 25 percent of what
    they produce in full sun') a change by that much ('they produce 10 to 25 percent more'),
    or the other way round ('fell to 10%' / 'fell by 10%')."""
    for mine, theirs in ((_CHANGE_BY, _SHARE_OF), (_SHARE_OF, _CHANGE_BY)):
        said, given = _percentages(mine, claim), _percentages(theirs, sentence)
        both = sorted(set(said) & set(given) - set(_percentages(theirs, claim)))
        if both:
            return Clash("number", f"'{said[both[0]]}' vs '{given[both[0]]}'", sentence)
    return None


# a figure for each of something: '£100 per transaction', '25p per item', '91 cm in a single
# day' (the spans of time after 'per' or 'a' are read by `_unit_clash` too)
_FOR_EACH = re.compile(r"(?<![\w.])[£$€]?(\d[\d,.]*|\b(?:" + "|".join(SMALL_NUMBER_WORDS) +
                       r")\b)\s*(?:(?!(?:in|on|at|for|with|of|to|from|by)\b)[a-z%£$€]+\s+){0,2}?"
                       r"(?:(?:per|a|an|each|every)\s+([a-z]{3,})|"
                       r"in\s+(?:a\s+single|one|a)\s+(second|minute|hour|day|night|week|month|"
                       r"season|year|lifetime))\b", re.IGNORECASE)


def _figures_for_each(text: str) -> dict[str, dict[str, str]]:
    """Each figure of `text` given for each of something → what it is for, stem → word
    ('£100 per transaction' → {'100': {'transact': 'transaction'}})."""
    out: dict[str, dict[str, str]] = {}
    for m in _FOR_EACH.finditer(text):
        each = (m[2] or m[3]).lower()
        if each not in STOPWORDS:
            value = m[1].lower().replace(",", "").rstrip(".")
            out.setdefault(value, {})[stem(each)] = each
    return out


def _for_each_of_another(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """The claim gives a figure for each of something the sources never name, where the
    sentence gives that figure for each of another: '£100 per day' against '£100 per
    transaction', 'two tablets a week' against 'two tablets a day'."""
    theirs, said = _figures_for_each(sentence), _content(everywhere)
    for value, each in _figures_for_each(claim).items():
        others = sorted(w for s, w in theirs.get(value, {}).items() if s not in each)
        if others and not set(each) & said:
            return Clash("unit", f"{value} per {sorted(each.values())[0]} vs per {others[0]}",
                         sentence)
    return None


def _number_in_place(claim: str, sentence: str) -> Clash | None:
    """A number the sources give elsewhere, put where the closest sentence, which says the
    rest of the claim (IN_PLACE_COVERAGE of its other words), gives another before the same
    word: 'New staff get 25 days of leave.' against 'New staff receive 20 days of leave.
    After five years this rises to 25 days.' Only one number of the claim may be missing from
    the sentence: a claim that also gives the other sentence's condition ('after 5 years')
    has two."""
    mine, theirs = _numbers_before(claim), _numbers_before(sentence)
    hedged = _hedged_numbers(claim)
    missing = {v for v in set(mine) - set(theirs)
               if not any(_said_roughly(v, t, hedged) for t in theirs) and
               not _bound_said_otherwise(v, claim, sentence)}
    if len(missing) == 2 and (high := _one_range(_figures(claim), missing)):
        missing = {high}  # a range put in another's place: 'seven to nine hours' / 'eight to ten'
    if len(missing) != 1:
        return None
    (value,) = missing
    # (in the judge's stems: 'covered' says 'guaranteed'); the claim's first clause, when it
    # holds the number, may be all the sentence says ('An octopus has two hearts, one for
    # each gill.' against 'An octopus has three hearts.')
    said = judge_stems(sentence)
    first = _parts_outside_brackets(claim)[0]
    texts = (claim, first) if first != claim and value in _numbers_before(first) else (claim,)
    if not any(_in_place_rest(text, mine[value], said) for text in texts):
        return None
    rivals = sorted(v for v, after in theirs.items()
                    if v not in mine and after & mine[value] and _kind(v) == _kind(value))
    if not rivals:
        return None
    return Clash(_label(value), f"{_as_written(claim, value)} vs "
                 f"{_as_written(sentence, rivals[0])}", sentence)


IN_PLACE_COVERAGE = 0.75

# a day of a month, either way round ('31 October', 'October 31')
_DAY_OF_MONTH = re.compile(rf"\b(?:{DAY_NUMBER}\s+(?:of\s+)?({'|'.join(MONTHS)})|"
                           rf"({'|'.join(MONTHS)})\s+{DAY_NUMBER})\b", re.IGNORECASE)


def _dates_of(text: str) -> set[tuple[str, str]]:
    return {(m[1] or m[4], (m[2] or m[3]).lower()) for m in _DAY_OF_MONTH.finditer(text)}


def _date_in_place(claim: str, sentence: str) -> Clash | None:
    """A date put where the closest sentence, which says the rest of the claim, gives another:
    'Paper returns must reach HMRC by 31 January.' against 'Paper returns must reach HMRC by
    31 October. Online returns have a later deadline of 31 January.' (the day alone is the
    same number, so the number checks pass it)."""
    mine, theirs = _dates_of(claim), _dates_of(sentence)
    missing, others = mine - theirs, theirs - mine
    if len(missing) != 1 or len(others) != 1:
        return None
    rest = judge_stems(_DAY_OF_MONTH.sub(" ", claim))
    said = judge_stems(sentence)
    if not rest or len(rest & said) / len(rest) < IN_PLACE_COVERAGE:
        return None
    ((day, month),), ((their_day, their_month),) = missing, others
    return Clash("date", f"{day} {month.title()} vs {their_day} {their_month.title()}", sentence)


def _in_place_rest(text: str, after: frozenset[str], said: frozenset[str]) -> bool:
    """The words of `text` besides its numbers and what `value` counts are (nearly all) in
    `said`: the sentence says the rest of it."""
    rest = {w for w in judge_stems(text) if not numbers(w)} - after
    return bool(rest) and len(rest & said) / len(rest) >= IN_PLACE_COVERAGE


# 'Turnout was 64 percent, up from 58 percent in 2019': the second number is an earlier value
# the words that scale a number ('3.7 million')
_SCALE_WORD = r"(?:thousand|million|billion|trillion)"
_SCALED = rf"\d[\d,.]*(?:\s+{_SCALE_WORD})?"
_EARLIER = re.compile(r",?\s+(?:up|down|rising|falling|climbing|dropping|increased|decreased|"
                      rf"compared)\s+(?:from|with)\s+(?:about\s+|around\s+)?(?P<then>{_SCALED})")


def _earlier_value(claim: str, sentence: str) -> Clash | None:
    """The earlier value of a change, given as the current one: 'Turnout was 58 percent.'
    against 'Turnout was 64 percent, up from 58 percent in 2019.' (the current value is the
    last number before 'up from' that is not a year). The claim gives the earlier number
    without the current one and without saying it was earlier ('from', 'before', the year
    the sentence gives it)."""
    mine = numbers(claim)
    for match in _EARLIER.finditer(sentence):
        then = numbers(match["then"].rstrip(".,"))
        before = [m.group(0) for m in re.finditer(_SCALED, sentence[:match.start()])
                  if not YEAR.match(m.group(0).rstrip(".,"))]
        if not before or not then & mine:
            continue
        current = before[-1].rstrip(".,")
        if numbers(current) & mine:
            continue
        years = {n for n in numbers(sentence[match.end():match.end() + 40]) if YEAR.match(n)}
        if re.search(r"\b(?:from|before|previously|earlier|last|prior|was up|was down)\b",
                     claim, re.IGNORECASE) or years & mine:
            continue
        earlier = match["then"].rstrip(".,")
        return Clash("number", f"{earlier} vs {current} ({earlier} is the earlier value)",
                     sentence)
    return None


# a number that names a thing rather than counts: 'the number 7 bus', 'gate 12', 'line 3'
_IDENTIFIER = re.compile(r"\b(?:number|no\.|line|route|bus|tram|flight|platform|gate|room|"
                         r"terminal|bay|exit|junction|highway|chapter|section|article|level|"
                         r"floor|stand|pier|track)\s+(\d+)\b", re.IGNORECASE)


# 'every hour', 'hourly': a count of one
_EVERY_ONE = re.compile(r"\bevery (second|minute|hour|day|week|month|year)\b|\b(hourly|daily|"
                        r"weekly|monthly)\b", re.IGNORECASE)


def _counts(text: str) -> frozenset[str]:
    """The numbers of `text` that count something (not a month or a weekday), and a count of
    one said in words ('every hour')."""
    return (numbers(text) - CALENDAR_WORDS) | frozenset(
        m[0].lower() for m in _EVERY_ONE.finditer(text))


def _number_of_another_day(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """A time or number the sources give for other days, given to the claim's day: 'On
    Saturdays the pharmacy closes at 8pm.' against 'open Monday to Friday from 8am to 8pm,
    and on Saturdays from 9am to 5pm'; 'At the weekend the pool is open from 6:30 am to 9 pm.'
    against 'At weekends the pool opens from 8 am to 6 pm.' where 'On weekdays it is open
    from 6:30 am to 9 pm.' The part of the sentence naming the claim's day (`_day_pieces`)
    gives numbers of its own, and not the claim's, which the sources give elsewhere."""
    days = _days(claim)
    if len(days) != 1:
        return None
    (day,) = days
    # the claim's own numbers for that day ('… every 15 minutes on weekdays and every half hour
    # on Sundays' gives Sundays none)
    parts = [p for p in re.split(r";\s*|,?\s+(?:and|but)\s+", claim) if day in _days(p)]
    mine = frozenset().union(*(numbers(p) for p in parts)) - CALENDAR_WORDS - \
        frozenset(_IDENTIFIER.findall(claim))
    if not mine:
        return None
    for piece in _day_pieces(sentence, day):
        theirs = _counts(piece)
        missing = sorted(v for v in mine - theirs if v in numbers(everywhere))
        if theirs and missing:
            rival = sorted(theirs - mine)
            return Clash("number", f"{missing[0]} vs {rival[0] if rival else sorted(theirs)[0]}"
                         f" (on {day})", sentence)
    return None


def _number_of_another_case(claim: str, sentence: str) -> Clash | None:
    """A number the sentence gives for another case, given to the claim's case: 'In economy,
    a bag may weigh 32 kg.' against 'A bag may weigh up to 23 kg in economy class and up to 32
    kg in business class.' The sentence's parts (at ';', ',' and 'and') each give a number
    with the words of their case; the part with the claim's number has no word of the claim
    that the other part lacks, and the other part, giving another number of the same kind,
    has one (the words before the sentence's first number, which every part speaks of, aside).
    """
    pieces = [p for p in _parts_outside_brackets(sentence) if numbers(p) - CALENDAR_WORDS]
    mine = (numbers(claim) & numbers(sentence)) - CALENDAR_WORDS
    # (a year beside a quantity says when: 'Sales fell by 3% in 2023.' gives the 3)
    mine = {v for v in mine if _kind(v) != "year"} or mine
    ranged = _one_range(claim, mine) if len(mine) == 2 else None
    if len(pieces) < 2 or (len(mine) != 1 and ranged is None):
        return None
    # (a range reads as its upper end, the number its unit follows: '7 to 9 hours')
    (value,) = (ranged,) if ranged else mine
    lead = re.match(r"^\D*", sentence)  # what every part speaks of: 'Each bag may weigh up to'
    shared = _content(lead[0] if lead else "") | {stem(v) for v in numbers(sentence)}
    # (and whom the claim gives the number, 'Health gets 18 percent …', named in another part)
    holding = [p for p in pieces if mine <= numbers(p)]
    if len(holding) != 1:
        return None
    unit = _numbers_before(holding[0]).get(value, frozenset())
    own_lead = _before_a_number(holding[0])
    plain_lead = _lower_case_lead(holding[0])
    for other in pieces:
        if other is holding[0]:
            continue
        # two parts each with its own words before its number ('… boils at 78 °C and freezes
        # at −114 °C'): the words before the first number are that part's, not shared
        other_lead = _before_a_number(other)
        if own_lead - other_lead and other_lead - own_lead and plain_lead and \
                _lower_case_lead(other):
            shared_here = shared - own_lead - other_lead
        else:
            shared_here = shared
        claim_words = _case_words(claim) - shared_here
        # (the sentence's subject opens the first part and is the second part's too, unless
        # that part names its own before its verb: '…, while costs fell by 3%')
        subject = _case_words(subject_of(claim) or "") - \
            (shared_here if len(own_lead) >= 2 else shared)
        units = _numbers_before(other)
        # of the same kind: a year, a time of day ('7:00'), or a quantity before the same word
        # ('23 kg' / '32 kg')
        rivals = sorted(v for v in numbers(other) - CALENDAR_WORDS - mine
                        if _kind(v) == _kind(value) and
                        (_kind(v) == "year" or (":" in v and ":" in value) or
                         units.get(v, frozenset()) & unit or
                         _word_before(other, v) & _word_before(holding[0], value) or
                         _symbol(other, v) & _symbol(holding[0], value)))
        own = _case_words(holding[0]) - _case_words(other)
        theirs = _case_words(other) - _case_words(holding[0])
        in_other = not (own - shared_here) & claim_words and \
            (theirs - shared_here) & claim_words
        of_other = subject and subject <= _case_words(other) - _case_words(holding[0])
        if rivals and (in_other or of_other):
            return Clash(_label(value), f"{value} vs {rivals[0]}", sentence)
    return None


def _one_range(claim: str, values: set[str] | frozenset[str]) -> str | None:
    """The upper end of the range the claim writes with its two numbers ('7 to 9 hours',
    '8–10'), or None when they are not one range."""
    try:
        low, high = sorted(values, key=float)
    except ValueError:  # a time of day ('5:00'), a month: no range of counts
        return None
    found = re.search(rf"(?<![\d.]){re.escape(low)}\s*(?:to|-|–|and)\s*{re.escape(high)}(?![\d.])",
                      claim.replace(",", ""))
    return high if found and _kind(low) == _kind(high) == "number" else None


def _cases_swapped(claim: str, sentence: str) -> Clash | None:
    """A claim giving several numbers, each for its own case, one of them given to another
    case than the sentence gives it to: '60 euros for adults, or 120 euros for students.'
    against 'A pass costs 120 euros for adults and 60 euros for students.'"""
    if len(numbers(claim) - CALENDAR_WORDS) < 2:
        return None
    for piece in _parts_outside_brackets(claim):
        if len(numbers(piece) - CALENDAR_WORDS) == 1:
            found = _number_of_another_case(piece, sentence)
            if found:
                return found
    return None


# where one sentence sets two subjects side by side: 'A fresh egg sinks, while an old egg
# floats.'
_SIDE_BY_SIDE = re.compile(r",?\s+(?:while|whereas)\s+|;\s+(?:but\s+|while\s+)?", re.IGNORECASE)


def _two_sides(text: str) -> list[tuple[frozenset[str], frozenset[str]]] | None:
    """(subject stems, the rest's stems) of each of the two clauses a sentence sets side by
    side, each with a subject of its own; None for any other sentence."""
    parts = [p for p in _SIDE_BY_SIDE.split(text.strip().rstrip(".!")) if p.strip()]
    if len(parts) != 2:
        return None
    out = []
    for part in parts:
        part = re.sub(r"^.*:\s+", "", part)  # 'Put it in cold water: a fresh egg floats'
        first = (part.split() or [""])[0]
        # ('Dogs need long walks': a plural noun, then a verb the subject reader lacks)
        subject = subject_of(part) or (first if plural_noun(first.lower()) else None)
        named = _content(subject or "")
        rest = _content(part) - named
        if not named or not rest:
            return None
        out.append((named, rest))
    return out


def _sides_swapped(claim: str, sentence: str) -> Clash | None:
    """What the sentence says of each of two subjects set side by side, said of the other:
    'A fresh egg floats, while an old egg sinks.' against 'A fresh egg sinks and lies flat,
    while an old egg stands upright or floats.' The subjects are told apart by the words each
    has and the other lacks (fresh / old); each of the claim's clauses shares more words with
    the other subject's clause than with its own."""
    mine, theirs = _two_sides(claim), _two_sides(sentence)
    if mine is None or theirs is None:
        return None
    (a, a_says), (b, b_says) = mine
    own_a, own_b = a - b, b - a
    if not own_a or not own_b:
        return None
    (c, c_says), (d, d_says) = theirs
    if own_a & d and own_b & c and not own_a & c and not own_b & d:
        (c, c_says), (d, d_says) = (d, d_says), (c, c_says)  # the sentence names B first
    if not (own_a & c and own_b & d) or own_a & d or own_b & c:
        return _one_moved_across(claim, mine, theirs, sentence)
    if len(a_says & d_says) > len(a_says & c_says) and \
            len(b_says & c_says) > len(b_says & d_says):
        return Clash("role", "what the sentence says of one of two subjects is said of the "
                             "other", sentence)
    return None


# an amount of a named thing: '1 tablespoon of ground flaxseed', '3 cups of water'
_AMOUNT_OF = re.compile(r"(?<![\d.])(?P<n>\d+(?:\.\d+)?)\s+(?P<unit>[a-z]+)\s+of\s+"
                        r"(?P<thing>(?:[a-z-]+\s+){0,2}?[a-z-]+)(?=\s+(?:with|and|to|in|into|"
                        r"for|per|or|plus)\b|\s*[,.;:!?)]|\s*$)", re.IGNORECASE)


def _amounts_of(text: str) -> dict[frozenset[str], tuple[str, str, str]]:
    """Each thing an amount is given of → (the amount, its unit's stem, the thing as
    written)."""
    figures = _figures(text, one=True)
    return {_content(m["thing"]): (m["n"], stem(m["unit"].lower()), m["thing"])
            for m in _AMOUNT_OF.finditer(figures) if _content(m["thing"])}


def _amounts_swapped(claim: str, sentence: str) -> Clash | None:
    """Two amounts of two things, each given to the other: 'Mix three tablespoons of
    flaxseed with one tablespoon of water.' against '… one tablespoon of ground flaxseed with
    three tablespoons of water.'"""
    mine, theirs = _amounts_of(claim), _amounts_of(sentence)
    for thing, (n, unit, written) in mine.items():
        said = next((v for t, v in theirs.items() if thing <= t or t <= thing), None)
        if said is None or said[1] != unit or said[0] == n:
            continue
        if any(v[:2] == (n, unit) and not (t <= thing or thing <= t)
               for t, v in theirs.items()):  # (the claim's amount, given to another thing)
            return Clash("number", f"{n} vs {said[0]} (of {written})", sentence)
    return None


def _a_few_said_as_most(claim: str, sentence: str) -> Clash | None:
    """A figure the claim gives for most where the sentence gives it for a few: 'Most live
    for more than 180 years' against '…, and some individuals have lived for more than 180
    years'. The sentence's clause holding the figure names a minority and no majority."""
    for mine in _SHARE_CLAUSE_BREAK.split(_figures(claim)):
        if not _MAJORITY.match(mine) or not (given := numbers(mine)):
            continue
        for theirs in _SHARE_CLAUSE_BREAK.split(_figures(sentence)):
            if given <= numbers(theirs) and _MINORITY.search(theirs) and \
                    not _MAJORITY_ANYWHERE.search(theirs):
                return Clash("scope", f"most vs a few (of {sorted(given)[0]})", sentence)
    return None


_SHARE_CLAUSE_BREAK = re.compile(r";\s*|,\s+(?:and|but|while|whereas|though|although)\s+|"
                                 r"\s+(?:while|whereas)\s+")
_MAJORITY = re.compile(r"^\s*(?:most|nearly all|almost all|all|the (?:vast )?majority)\b",
                       re.IGNORECASE)
_MAJORITY_ANYWHERE = re.compile(r"\b(?:most|many|nearly all|almost all|all|majority|usually|"
                                r"typically|generally|often)\b", re.IGNORECASE)
_MINORITY = re.compile(r"\b(?:some|a few|few|a handful|a small number|certain|rare|rarely|"
                       r"occasional|occasionally|exceptional|exceptionally)\b", re.IGNORECASE)


def _one_moved_across(claim: str, mine: list[tuple[frozenset[str], frozenset[str]]],
                      theirs: list[tuple[frozenset[str], frozenset[str]]],
                      sentence: str) -> Clash | None:
    """A word of one of the claim's subjects that the sentence names in the subject of only
    one side, where that side says the other side of the claim: 'Collins and Aldrin walked on
    the surface while Armstrong stayed in orbit.' against 'Armstrong and Aldrin walked on the
    surface while Collins stayed in orbit.' (Collins)."""
    (c, c_says), (d, d_says) = theirs
    for named, says in mine:
        for word in sorted(named):
            side = c_says if word in c - d else d_says if word in d - c else None
            other = d_says if side is c_says else c_says
            if side is not None and len(says & other) > len(says & side):
                written = next((w for w in words(claim) if _content(w) == {word}), word)
                return Clash("role", f"the sentence says of '{written}' what the claim says "
                                     "of the other subject", sentence)
    return None


def _roles_swapped(claim: str, everywhere: str) -> Clash | None:
    """Two names, numbers or frequencies of the claim, each in a clause of its own, that the
    sources give each other's words: 'Tides are caused mainly by the Sun's gravity, with the
    Moon playing a smaller part.' against 'Tides are caused mainly by the Moon's gravity …
    The Sun's gravity also plays a smaller part.', or '… fully cured after 7 days, with 70%
    of its strength after 28 days' against '70% of its strength after 7 days and … fully
    cured after 28 days'. Each of the two claim clauses shares at least two words with the
    other's source clause, and more than with its own."""
    mine = _clauses_by_item(claim)
    if len(mine) < 2:
        return None
    theirs = _clauses_by_item(" ".join(sentences(everywhere)), frozenset(mine))
    shared = sorted(set(mine) & set(theirs))
    for x, y in ((x, y) for k, x in enumerate(shared) for y in shared[k + 1:]):
        (cx, sx), (cy, sy) = (mine[x], theirs[x]), (mine[y], theirs[y])
        if cx == cy or sx == sy:
            continue
        if len(cx & sy) >= 2 and len(cy & sx) >= 2 and len(cx & sy) > len(cx & sx) and \
                len(cy & sx) > len(cy & sy):
            holder = next((t for t in sentences(everywhere) if y in t), everywhere)
            return Clash("role", f"the sources say of '{y}' what the claim says of '{x}', and "
                                 "the other way round", holder)
    return None


def _opposites_swapped(claim: str, everywhere: str) -> Clash | None:
    """Two opposites the claim says where the sources say the other: 'warm at the top and
    cold at the bottom' against 'cold at the top but warm at the bottom'. Each of the claim's
    two clauses shares more words with the source clause of the other opposite than with its
    own."""
    mine = _clauses_by_word(claim)
    theirs = _clauses_by_word(" ".join(sentences(everywhere)))
    for x, y in ((x, y) for x in sorted(mine) for y in sorted(mine)
                 if x < y and y in opposites(x) and x in theirs and y in theirs):
        (cx, sx), (cy, sy) = (mine[x], theirs[x]), (mine[y], theirs[y])
        if len(cx & sy) > len(cx & sx) and len(cy & sx) > len(cy & sy):
            holder = next((t for t in sentences(everywhere) if x in t.lower()), everywhere)
            return Clash("antonym", f"the sources say '{y}' where the claim says '{x}', and "
                                    "the other way round", holder)
    return None


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _clauses_by_word(text: str) -> dict[str, frozenset[str]]:
    """Each word of `text` with an opposite, found in exactly one of its clauses, with the
    other words of that clause."""
    found: dict[str, list[frozenset[str]]] = {}
    for clause in _ROLE_CLAUSES.split(text):
        said = judge_stems(clause)
        for w in {w.lower() for w in words(clause)}:
            if opposites(w):
                found.setdefault(w, []).append(said - judge_stems(w))
    return {w: ws[0] for w, ws in found.items() if len(ws) == 1}


_ROLE_CLAUSES = re.compile(r"[;,]\s*|\.\s+|\s+(?:and|but|while|whereas|with)\s+")
_MID_NAME = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{2,}\b")


# 'once a day', 'once every week', 'weekly': how often, one of the items a swap trades
_HOW_OFTEN = re.compile(r"\bonce\s+(?:a|an|per|every|each)\s+"
                        r"(?P<unit>day|week|fortnight|month|year)\b|"
                        r"\b(?:daily|weekly|fortnightly|monthly|yearly|annually)\b",
                        re.IGNORECASE)
_ONCE_EVERY = {"daily": "once a day", "weekly": "once a week", "fortnightly": "once a fortnight",
               "monthly": "once a month", "yearly": "once a year", "annually": "once a year"}
_LEADING_CONDITION = re.compile(r"^\s*(?:if|when|unless|once|whenever)\b", re.IGNORECASE)


def _with_leading_conditions(clauses: list[str]) -> list[str]:
    """The clauses, each opening condition joined to the clause after it."""
    out: list[str] = []
    pending = ""
    for clause in clauses:
        if _LEADING_CONDITION.match(clause) and not _HOW_OFTEN.match(clause.strip()):
            pending = f"{pending} {clause}"
            continue
        out.append(f"{pending} {clause}".strip())
        pending = ""
    return out + ([pending.strip()] if pending else [])


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def _clauses_by_item(text: str, names: frozenset[str] | None = None
                     ) -> dict[str, frozenset[str]]:
    """Each number, frequency ('once a day') or mid-sentence capitalised name of `text` found
    in exactly one of its clauses, with that clause's words (less every item's); with `names`,
    those names wherever they stand ('Rome hosts …' names Rome). A leading condition stays
    with its clause ('If you keep it in the fridge, once a week is enough')."""
    clauses = _with_leading_conditions([c for c in _ROLE_CLAUSES.split(text) if c.strip()])
    found: dict[str, list[frozenset[str]]] = {}
    items: set[str] = set()
    per_clause = []
    for clause in clauses:
        named = {m[0] for m in _MID_NAME.finditer(f" {clause}") if m[0].lower() not in STOPWORDS} \
            if names is None else {n for w in words(clause)
                                   if (n := w.removesuffix("'s").removesuffix("’s")) in names}
        often = {_ONCE_EVERY.get(m[0].lower(), f"once a {(m['unit'] or '').lower()}")
                 for m in _HOW_OFTEN.finditer(clause)}
        here = named | often | (numbers(clause) - CALENDAR_WORDS if not often else set())
        items |= here
        per_clause.append((here, clause))
    dropped = _content(" ".join(items)) | _content(" ".join(
        m[0] for c in clauses for m in _HOW_OFTEN.finditer(c)))
    for here, clause in per_clause:
        words_of = judge_stems(clause) - dropped
        for item in here:
            found.setdefault(item, []).append(words_of)
    return {item: ws[0] for item, ws in found.items() if len(ws) == 1}


# 'Never use a blowtorch or an open flame.': a tool the sentence warns against
_NEVER_USE = re.compile(r"\b(?:never|do not|don['’]t|must not|should not)\s+use\s+(?:an?\s+|the\s+|"
                        r"any\s+)?(?P<what>[a-z-]+)", re.IGNORECASE)
# 'with a blowtorch', 'using a blowtorch': a tool the claim has the reader use
_USING = r"\b(?:with|using|use)\s+(?:an?\s+|the\s+|your\s+)?(?:[a-z-]+\s+)?{what}\b"
_NOT_THAT_ONE = re.compile(r"\b(?:not|never|no|avoid|instead of|rather than|without)\b|n['’]t\b",
                           re.IGNORECASE)


def _used_against_a_warning(claim: str, sentence: str) -> Clash | None:
    """The claim tells the reader to do what the sentence says never to do: 'Heat the pipe
    with a blowtorch.' against 'Never use a blowtorch or an open flame.', 'Tilt your head
    back.' against 'Do not tilt your head back, as …' (the same verb and a word of what it
    acts on, in a clause of the claim that denies nothing and sets nothing aside: 'rather
    than a blowtorch', 'Don't tip your head back')."""
    for match in _NEVER_USE.finditer(sentence):
        what = match["what"].lower()
        used = re.search(_USING.format(what=re.escape(what)), claim, re.IGNORECASE)
        if used and not _NOT_THAT_ONE.search(_clause_at(claim, used.start())):
            return Clash("negation", f"the sentence says '{match[0]}'", sentence)
    for match in _NEVER_DO.finditer(sentence):
        verb, acted_on = stem(match["verb"]), _content(match["what"]) - STOPWORDS
        for clause in _CLAIM_CLAUSES.split(claim):
            said = _content(clause)
            if verb in {stem(w.lower()) for w in words(clause)} and acted_on & said and \
                    is_step(clause) and \
                    not _NOT_THAT_ONE.search(clause):
                return Clash("negation", f"the sentence says '{match[0].strip()}'", sentence)
    return None


_AT_ONCE = re.compile(r"\b(?:straight away|immediately|at once|right away|right now|"
                      r"instantly)\b", re.IGNORECASE)
_WAIT_BEFORE = re.compile(r"\bwait\b[^.;]{0,40}?\bbefore\s+(?P<deed>[a-z]+ing)\b|"
                          r"\b(?:do not|don['’]t|never)\s+(?P<denied>[a-z]+)\b[^.;]{0,60}?"
                          r"\buntil\b", re.IGNORECASE)


def _too_soon(claim: str, sentence: str) -> Clash | None:
    """'Open the radiator cap straight away' against 'Wait at least 30 minutes before opening
    the radiator cap': the claim does at once what the sentence says to wait before doing."""
    if not _AT_ONCE.search(claim):
        return None
    said = content_stems(claim)
    for match in _WAIT_BEFORE.finditer(sentence):
        deed = match["deed"] or match["denied"]
        if content_stems(deed) & said:
            return Clash("timing", f"at once vs waiting before '{deed}'", sentence)
    return None


def _warned_against_a_step(claim: str, sentence: str) -> Clash | None:
    """The claim says never to do what the sentence tells the reader to do: 'Never use a
    plunger on a sink.' against '…, use a plunger, making sure the overflow is covered.'"""
    found = _used_against_a_warning(sentence, claim)
    if found is None:
        return None
    warning = found.what.removeprefix("the sentence says ")
    return Clash("negation", f"the claim says {warning} where the sentence tells the reader to",
                 sentence)


# a choice said against its alternative: 'with seawater, not fresh water', 'not fresh water
# but seawater', 'seawater rather than fresh water'
_CHOSEN_NOT = (
    re.compile(r"(?P<chosen>[^,;:.!?]+?)(?:,\s*(?:and\s+|but\s+)?|\s+(?:and|but)\s+)not\s+"
               r"(?P<refused>[^,;:.!?]+)", re.IGNORECASE),
    re.compile(r"\bnot\s+(?P<refused>[^,;:.!?]+?),?\s+but\s+(?P<chosen>[^,;:.!?]+)",
               re.IGNORECASE),
    re.compile(r"(?P<chosen>[^,;:.!?]+?)\s+(?:rather than|instead of)\s+"
               r"(?P<refused>[^,;:.!?]+)", re.IGNORECASE),
)


def _choices(text: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(chosen, refused) content stems of each choice `text` makes against an alternative,
    each without the words the two share ('the front door, not the back door' → ({front},
    {back}))."""
    out = []
    for pattern in _CHOSEN_NOT:
        for m in pattern.finditer(text):
            chosen, refused = _content(m["chosen"]), _content(m["refused"])
            if chosen - refused and refused - chosen:
                out.append((chosen - refused, refused - chosen))
    return out


def _contrast_swapped(claim: str, sentence: str) -> Clash | None:
    """The claim chooses what the sentence refuses, against what the sentence chooses:
    'Rinse it with fresh water, not seawater.' against 'Rinse the area with seawater, not
    fresh water.'"""
    theirs = _choices(sentence)
    for chosen, refused in _choices(claim):
        for their_chosen, their_refused in theirs:
            if chosen & their_refused and refused & their_chosen:
                return Clash("negation", f"chooses '{sorted(chosen & their_refused)[0]}', which "
                             f"the sentence sets against '{sorted(refused & their_chosen)[0]}'",
                             sentence)
    return None


# 'Do not tilt your head back', 'Never give them milk': a step the sentence forbids
_NEVER_DO = re.compile(r"(?:^|[.;:]\s+)(?:never|do not|don['’]t)\s+(?P<verb>[a-z]{3,})\s+"
                       r"(?P<what>(?:[\w'’-]+\s*){1,4})", re.IGNORECASE)
_CLAIM_CLAUSES = re.compile(r",\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|;\s*")


def _clause_at(text: str, at: int) -> str:
    """The clause of `text` (between commas, semicolons and 'and') holding position `at`."""
    start = max((m.end() for m in _CLAIM_CLAUSES.finditer(text) if m.end() <= at), default=0)
    end = next((m.start() for m in _CLAIM_CLAUSES.finditer(text) if m.start() > at), len(text))
    return text[start:end]


def _weekdays(text: str) -> frozenset[str]:
    """The weekdays `text` names, a plural read as its day ('on Fridays' → friday)."""
    return frozenset(w.lower().removesuffix("s") for w in words(text)
                     if w.lower().removesuffix("s") in WEEKDAYS)


def _day_of_another_subject(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """A weekday the sources give another subject, where the sentence gives the claim's own
    subject, doing what the claim says, another day: 'Recycling is collected every Friday.'
    against 'Recycling is collected every other Tuesday.' where 'General waste is collected
    every Friday.' (not a range of days, 'open Tuesday to Saturday')."""
    days = _weekdays(claim)
    rivals = _weekdays(sentence) - days
    if len(days) != 1 or not rivals or days & _weekdays(sentence) or \
            _DAY_RANGE.search(sentence):
        return None
    claim_subject, their_subject = subject_of(claim), subject_of(sentence)
    if not claim_subject or not their_subject:
        return None
    ours = _content(claim_subject)
    doing = _content(claim) - ours - {stem(d) for d in _weekdays(claim)} - _EVERY_OTHER
    if not ours or not ours <= _content(their_subject) or not doing <= _content(sentence):
        return None
    for other in sentences(everywhere):
        named = _content(subject_of(other) or "")
        if days <= _weekdays(other) and named and not named & ours:
            (day,) = days
            return Clash("date", f"{day.title()} vs {min(rivals).title()} (for "
                                 f"{claim_subject.lower()})", sentence)
    return None


_EVERY_OTHER = frozenset(stem(w) for w in ("every", "other", "each", "alternate"))
_DAY_RANGE = re.compile(r"\b(?:" + "|".join(WEEKDAYS) + r")s?\s*(?:to|through|until|till|-|–)\s*"
                        r"(?:" + "|".join(WEEKDAYS) + r")", re.IGNORECASE)


def _two_names(one: str, other: str, everywhere: str) -> bool:
    """Each subject is a name, its words past a leading 'the' all capitalised ('Jupiter',
    'the Rhine'), and no source writes the two as parts of one name ('Marion' and 'Smith' of
    'Marion Smith')."""
    def name(subject: str) -> list[str]:
        tokens = [t for t in re.findall(r"[\w'’-]+", subject) if t.lower() != "the"]
        return tokens if tokens and all(t[:1].isupper() for t in tokens) else []

    mine, theirs = name(one), name(other)
    if not mine or not theirs:
        return False
    joined = rf"\b{re.escape(mine[-1])}\W+(?:\w+\W+)?{re.escape(theirs[0])}\b|" \
             rf"\b{re.escape(theirs[-1])}\W+(?:\w+\W+)?{re.escape(mine[0])}\b"
    return re.search(joined, everywhere) is None


def _number_of_another_subject(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """A number or date the sentence gives to a subject that differs from the claim's by a
    word, where another source sentence gives the claim's own subject (said in full, or with
    fewer words that keep the one setting it apart, or inside a longer subject of the same
    head) another number of the same kind: 'Free accounts can make up to 1,000 requests per
    minute.' against 'Pro accounts can make up to 1,000 requests per minute.' and 'Free
    accounts are limited to 60 requests per minute.'; 'Online tax returns are due by 31
    October.' against 'Paper tax returns must reach the tax office by 31 October.' and 'Online
    returns can be filed until 31 January …'. A case the claim opens with stands for its
    subject ('In economy you can check in two bags …' against 'Business class passengers may
    check in two bags …' and 'Economy passengers may check in one bag …')."""
    claim_subject, their_subject = subject_of(claim), subject_of(sentence)
    fronted = _FRONTED_CASE.match(claim.strip())
    if fronted and (not claim_subject or claim_subject.split()[0].lower() in _PERSONS):
        claim_subject = fronted["case"]
    if not claim_subject or not their_subject:
        return None
    figures = numbers(claim) - frozenset(WEEKDAYS) - numbers(claim_subject)
    shared = figures & numbers(sentence)
    months = shared & frozenset(MONTHS)
    counts = frozenset() if months else shared - CALENDAR_WORDS  # (a date's day is no count)
    if not shared or shared != figures or len(months) > 1 or (not months and not counts):
        return None
    ours, theirs = _content(claim_subject), _content(their_subject)
    if (not ours & theirs and not fronted and
            not (counts and _two_names(claim_subject, their_subject, everywhere))) \
            or not ours - theirs or not theirs - ours:
        # the same subject, or two without a word in common (unless both are names: 'Jupiter
        # has 146 moons.' against 'Saturn has 146 moons.' and 'Jupiter follows with 95 moons.')
        return None
    apart = ours - theirs
    head = _content((claim_subject.split() or [""])[-1])
    units = _numbers_before(sentence)
    in_subject = numbers(claim_subject)
    for other in sentences(everywhere):
        if other.strip() == sentence.strip():
            continue
        named = _content(subject_of(other) or "")
        by_subject = apart <= named and (named <= ours or bool(head and head <= named))
        if counts:  # ('1,000 requests', '60 requests')
            # (the claim's subject said by the other's subject, or before the rival number:
            # 'the National Living Wage for workers aged 21 and over is £11.44')
            pairs = sorted((mine, v) for mine in counts
                           for v, after in _numbers_before(other).items()
                           if v not in counts and v not in in_subject and
                           after & units.get(mine, frozenset()) and
                           (by_subject or _said_before(other, v, apart | head)))
            shown = f"{_as_written(claim, pairs[0][0])} vs {_as_written(other, pairs[0][1])}" \
                if pairs else None
        else:  # ('31 October', '31 January')
            rivals = sorted(numbers(other) & frozenset(MONTHS) - months) if by_subject else []
            shown = f"{min(months).title()} vs {rivals[0].title()}" if rivals else None
        if shown:
            return Clash("number" if counts else "date",
                         f"{shown} (for {claim_subject.lower()})", sentence)
    return None


# where a sentence's clauses part, each with a subject of its own
_CLAUSE_APART = re.compile(r",?\s+(?:while|whereas|but)\s+|;\s+|,\s+and\s+(?=[A-Z])")


def _number_of_another_clause(claim: str, sentence: str) -> Clash | None:
    """The claim's numbers, which the sentence gives only in another clause, put where the
    clause saying the rest of the claim gives others: 'Teenagers need seven to nine hours a
    night.' against 'Teenagers need eight to ten hours of sleep a night; most adults need
    seven to nine.', 'You can apply the second coat after one to two hours.' against 'It is
    touch dry in one to two hours, but wait at least four hours before a second coat.' A
    clause naming the claim's subject is no other clause ('Adults need seven to nine hours'
    is said there)."""
    clauses = [c for c in _CLAUSE_APART.split(sentence) if c.strip()]
    figures = numbers(claim)
    if len(clauses) < 2 or not figures:
        return None
    own = _content(subject_of(claim) or "")
    said = {w for w in _content(claim) if not numbers(w)}  # (not 'two' of 'two hours')
    overlap = sorted(((len(said & _content(c)), k) for k, c in enumerate(clauses)), reverse=True)
    (best, k), (second, _) = overlap[0], overlap[1]
    anchor = clauses[k]
    holders = [c for c in clauses if c != anchor and figures <= numbers(c)]
    if best <= second or not holders or figures <= numbers(anchor) or \
            (own and (not own <= _content(anchor) or any(own <= _content(c) for c in holders))):
        return None
    found = _number_in_place(claim, anchor)
    return Clash(found.kind, found.what, sentence) if found else None


def _done_by_another_in_clause(claim: str, sentence: str) -> Clash | None:
    """The sentence says what the claim says of its named subject in a clause of another
    named subject, and names the claim's subject only in a clause of its own: 'Michael
    Collins was the first to walk on the surface.' against 'Neil Armstrong and Buzz Aldrin
    walked on the surface while Michael Collins stayed in orbit.'"""
    subject = subject_of(claim)
    if not subject or not entities(subject):
        return None
    own = _content(subject)
    said = _content(claim) - own
    clauses = [c for c in _CLAUSE_APART.split(sentence) if c.strip()]
    if len(said) < 2 or len(clauses) < 2:
        return None
    mine = [c for c in clauses if own <= _content(c)]
    for clause in clauses:
        theirs = _content(clause)
        doer = subject_of(clause)
        # (not a clause about the claim's own object: 'Abbey Road was recorded in 1969, while
        # the Beatles …' says nothing of who released it)
        if own & theirs or not doer or not entities(doer) or _content(doer) & said or \
                3 * len(said & theirs) < 2 * len(said):
            continue
        if mine and all(3 * len(said & _content(c)) < len(said) for c in mine):
            return Clash("name", f"the sentence says it of {doer}, not of {subject}", sentence)
    return None


def _said_before(text: str, value: str, wanted: frozenset[str]) -> bool:
    """`text` has all of `wanted` before `value` (its first writing of it)."""
    found = re.search(rf"(?<![\d.]){re.escape(value)}(?![\d])", text.replace(",", ""))
    return bool(wanted) and found is not None and \
        wanted <= _content(text.replace(",", "")[:found.start()])


# 'In economy, …', 'For students you …': the case a claim speaks of, before its subject
_FRONTED_CASE = re.compile(r"^(?:in|for|on|with|under)\s+(?:the\s+)?(?P<case>[\w-]+(?:\s+class)?)"
                           r"(?:,|\s+(?=you\b|we\b|they\b))", re.IGNORECASE)
_PERSONS = frozenset({"you", "we", "they", "i"})


def _lower_case_lead(part: str) -> bool:
    """The part's words before its number are plain words, a verb and its preposition ('and
    freezes at'), not a name ('"An American in Paris" (1928)')."""
    lead = re.match(r"^\D*", part.strip())  # (a capital opening the sentence aside)
    return bool(lead) and not any(ch.isupper() for ch in lead[0][1:]) and \
        not any(ch in lead[0] for ch in "\"“”()")


def _before_a_number(part: str) -> frozenset[str]:
    """The content words of a part before its first number ('freezes at −114 °C' → freez)."""
    lead = re.match(r"^\D*", part)
    return _content(lead[0]) if lead else frozenset()


def _symbol(text: str, value: str) -> frozenset[str]:
    """The sign written with `value` in `text`: '%' of '18%', '°' of '20 °C', and 'money' for a
    sum in any currency ('$40', '£1.65', '85p', '50 cents'); none for a bare number."""
    number = re.escape(value)
    found = re.search(rf"([$€£¥])\s?{number}(?![\d.])|(?<![\d.]){number}\s?(%|°)|"
                      rf"(?<![\d.£$€¥]){number}\s?(p|pence|cents?|euros?|dollars?)\b", text)
    if not found:
        return frozenset()
    return frozenset({found[2]} if found[2] else {"money"})


def _parts_outside_brackets(sentence: str) -> list[str]:
    """The sentence's parts at ';', ',' and 'and' / 'but' / 'while' / 'whereas', and at an 'or'
    between a word and an amount of something ('14 hours of video or 10 hours of browsing';
    not '2 or 3 days', nor '2,000 m or 6,562 ft', one height in two units), except inside
    brackets ('(born May 5, 1942 – April 6, 1998)' stays whole)."""
    masked = re.sub(r"\([^()]*\)", lambda m: m[0].replace(",", "\0").replace(";", "\1")
                    .replace(" ", "\2"), sentence)
    return [p.replace("\0", ",").replace("\1", ";").replace("\2", " ")
            for p in re.split(r";\s*|,\s*|\s+(?:and|but|while|whereas)\s+|(?<=[a-z])\s+or\s+"
                              r"(?=(?:about |around |roughly |up to )?\d[\d,.]*\s+[a-z]+\s+of\b)",
                              masked)]


def _days(text: str) -> set[str]:
    """The weekdays `text` names ('Saturdays' → saturday), and 'weekend' / 'weekday' where it
    names one of them. Not months: a date's own comma ('March 28, 1941') would part the month
    from its year."""
    return {w.lower().removesuffix("s") for w in words(text)} & _DAY_NAMES


_DAY_NAMES = frozenset(WEEKDAYS) | {"weekend", "weekday"}


def _day_pieces(sentence: str, day: str) -> list[str]:
    """The parts of `sentence` naming `day`: split at ';' and ', and' / ', but', then at a
    comma where the part naming the day still has a number ('Mon to Fri 9am-5pm, Saturday
    10am-2pm'; but 'On Sundays, it opens at 10am' stays whole)."""
    out = []
    for piece in re.split(r";\s*|,\s+(?:and|but)\s+", sentence):
        if day not in _days(piece):
            continue
        smaller = [p for p in piece.split(",") if day in _days(p)]
        smaller = smaller if all(numbers(p) - CALENDAR_WORDS for p in smaller) else [piece]
        for part in smaller:  # 'every 15 minutes on weekdays and every 30 minutes on Sundays'
            halves = _and_parts_with_counts(part)
            if len(halves) > 1 and all(_counts(h) for h in halves):
                out.extend(h for h in halves if day in _days(h))
            else:
                out.append(part)
    return out


def _and_parts_with_counts(part: str) -> list[str]:
    """`part` split at 'and', a piece without a number of its own kept with the one before
    it: 'every 8 minutes on weekdays and every 15 minutes on Saturdays and Sundays' → 'every 8
    minutes on weekdays', 'every 15 minutes on Saturdays and Sundays'."""
    out: list[str] = []
    for piece in re.split(r"\s+and\s+", part):
        if out and not _counts(piece):
            out[-1] = f"{out[-1]} and {piece}"
        else:
            out.append(piece)
    return out


_SCALE_AFTER = re.compile(rf"\s+({_SCALE_WORD})\b", re.IGNORECASE)


# a share: '10% of the balance' counts percent, as '10 per cent' does
_PERCENT_AFTER = re.compile(r"\s*(?:%|per\s?cent\b|percent\b)", re.IGNORECASE)


# a word between a number and the noun it counts: an adverb in -ly or a participle in -ed
_A_MODIFIER = re.compile(r"[a-z]{3,}(?:ly|[^e]ed)", re.IGNORECASE)


def _numbers_before(text: str) -> dict[str, frozenset[str]]:
    """Each number of `text` (as `numbers` reads it) → the stem of the content word after it
    ('25 vacation days' → {'25': {'vacation'}}); empty where nothing follows."""
    stated = numbers(text)  # a time of day ('07:05') is read whole, or not at all
    out: dict[str, set[str]] = {}
    for match in _NUMBER_TOKEN.finditer(text):
        # ('3.7 million inhabitants': the scale word is read with the number)
        scaled = _SCALE_AFTER.match(text, match.end())
        said = f"{match[0]} {scaled[1]}" if scaled else match[0]
        for value in numbers(said) & stated:
            rest = text[scaled.end() if scaled else match.end():]
            tokens = words(rest)[:2]
            after = "percent" if _PERCENT_AFTER.match(rest) else \
                next((t for t in tokens if t.lower() not in STOPWORDS), "")
            if after and _A_MODIFIER.fullmatch(after):
                # ('146 confirmed moons', '95 officially recognised moons': the noun counted)
                after = next((t for t in words(rest)[:4] if t.lower() not in STOPWORDS and
                              not _A_MODIFIER.fullmatch(t)), after)
            out.setdefault(value, set()).update({stem(after)} if after else set())
    for span in _compound_durations(text):  # '3 hours and 30 minutes': 210 minutes
        for part in span.parts:
            out.pop(part, None)
        out[format_number(span.minutes)] = {stem("minutes")}
    return {v: frozenset(a) for v, a in out.items()}


def _word_before(text: str, value: str) -> frozenset[str]:
    """The stem of the capitalised word right before `value` ('Python 3.12' → {'python'}):
    what the number is a version or a model of."""
    found = re.search(rf"\b([A-Z][\w-]*)\s+{re.escape(value)}\b", text)
    return frozenset({stem(found[1])}) if found and found[1].lower() not in STOPWORDS \
        else frozenset()


def _as_written(text: str, value: str) -> str:
    """`value` as the text writes it: a span in hours and minutes whole ('3 hours and 30
    minutes' for 210), a number with its scale word ('3.7 million'), any other number as it
    is."""
    spans = (span.written for span in _compound_durations(text)
             if format_number(span.minutes) == value)
    scaled = (m[0] for m in _WITH_SCALE_WORD.finditer(text) if value in numbers(m[0]))
    return next(spans, None) or next(scaled, value)


_WITH_SCALE_WORD = re.compile(rf"\d[\d,.]*\s+{_SCALE_WORD}\b", re.IGNORECASE)


# a number as written: '25', '1,200', '1.50', or a number word ('five')
_NUMBER_TOKEN = re.compile(r"\d[\d,.]*\d|\d|\b[A-Za-z]+\b")


def _content(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(text) if w.lower() not in STOPWORDS)


# colours: a closed class of words, one of which the sources give where the claim gives
# another ('comes in black, silver and blue' against '… black, silver and green')
_COLOURS = frozenset({
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "pink", "black", "white",
    "grey", "gray", "silver", "gold", "brown", "beige", "turquoise", "navy", "maroon",
    "crimson", "teal", "cream", "ivory", "bronze"})


# seasons, another closed class ('repot in autumn' against 'best repotted in spring'); not
# 'fall', a verb as often
_SEASONS = frozenset({"spring", "summer", "autumn", "winter", "springtime", "summertime",
                      "wintertime"})
_CLOSED_CLASSES = (("colour", _COLOURS), ("season", _SEASONS))


def _one_of_a_kind_clash(claim_words: set[str], sent_words: set[str],
                         everywhere: str) -> tuple[str, str] | None:
    """("colour", "'blue' vs 'green'") when the claim names a colour (or a season) no source
    gives and the closest sentence gives another the claim does not name; else None."""
    said = _lower(everywhere)
    for kind, members in _CLOSED_CLASSES:
        missing = sorted(claim_words & members - said)
        rivals = sorted(sent_words & members - claim_words)
        if missing and rivals:
            return kind, f"'{missing[0]}' vs '{rivals[0]}'"
    return None


def _when_shown(found: tuple[str, str, str]) -> str:
    return f"{found[1]} vs {found[2]} (when '{found[0]}')"


# (check, kind of clash, what it shows): the doer of a verb ('win by netherlands vs spain'),
# its place, its date, a title only one can hold, and a post
_SLOT_CLASHES = (
    (role_clash, "role", lambda f: f"{f[0]} by {f[1]} vs {f[2]}"),
    (place_clash, "place", lambda f: f"{f[0]} in {f[1]} vs {f[2]}"),
    (date_clash, "date", _when_shown),
    (time_clash, "time", _when_shown),
    (title_clash, "subject", lambda f: f"{f[0]} vs {f[1]}"),
    (post_clash, "post", lambda f: f"{f[0]}: {f[1]} vs {f[2]}"),
    (swap_clash, "role", lambda f: f"{f[1]} {f[0]} {f[2]} vs {f[2]} {f[0]} {f[1]}"),
)


# relations that are stop words, yet have opposites: 'opened after the war' / 'before the war'
_RELATIONS = frozenset({"before", "after", "above", "below"})


def _antonym(claim: str, claim_words: set[str], sentence: str) -> str | None:
    """"'rose' vs 'fell'" when the claim uses a word where `sentence` uses its opposite (and
    not the word itself); else None."""
    sent_words = _lower(sentence)
    claim_stems = frozenset(stem(w) for w in claim_words)
    for word in claim_words - sent_words - (STOPWORDS - _RELATIONS):
        if _degree_forms(word) & sent_words:
            continue  # 'short blue wavelengths … longer red ones' says 'shorter' of the blue
        # 'opening times … Sundays: closed' says both sides itself: no clash with 'open'
        opposite = frozenset(o for o in opposites(word) & (sent_words - claim_words)
                             if stem(o) not in claim_stems and
                             _opposed(word, claim, o, sentence))
        if opposite and not _says_too(claim_words, opposite):
            return f"'{word}' vs '{sorted(opposite)[0]}'"
    return None


def _degree_forms(word: str) -> frozenset[str]:
    """The other degrees of an adjective: 'shorter' → short, shortest; 'short' → shorter,
    shortest; 'bigger' → big; 'easier' → easy."""
    forms = {word + "er", word + "est", word + "r", word + "st"}
    for ending in ("er", "est"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            base = word[:-len(ending)]
            forms |= {base, base + "e", base + ("est" if ending == "er" else "er")}
            if base.endswith("i"):
                forms.add(base[:-1] + "y")
            if len(base) > 2 and base[-1] == base[-2]:
                forms.add(base[:-1])
    return frozenset(forms - {word})


# where a sentence joins two statements: 'A rose, while B fell', 'A opens at 9; B at 10'
_CLAUSE_BREAK = re.compile(r",\s+(?:while|whereas|but|although|though|and)\s+|;\s+|"
                           r"\s+(?:while|whereas)\s+", re.IGNORECASE)


def _clause_of(claim: str, sentence: str) -> str | None:
    """The clause of a sentence of several that shares most of the claim's content words
    (at least two of them, and more than any other clause); None for a one-clause sentence
    or where no clause stands out."""
    parts = [p for p in _CLAUSE_BREAK.split(sentence) if p.strip()]
    if len(parts) < 2:
        return None
    mine = _content(claim)
    shared = sorted(((len(_content(p) & mine), k) for k, p in enumerate(parts)), reverse=True)
    (best, k), (second, _) = shared[0], shared[1]
    return parts[k] if best >= 2 and best > second else None


def _opposed(word: str, claim: str, opposite: str, sentence: str) -> bool:
    """`word` of the claim and `opposite` of the sentence say opposite things: neither is
    denied (a denied opposite, 'does not open', agrees with 'closed' or says nothing
    against it), and a relation ('after' / 'before') is to the same thing ('after the war' /
    'before the war', not 'before leaving school')."""
    if any(stem(opposite) in focus for _, focus in negations_in(sentence)) or \
            any(stem(word) in focus for _, focus in negations_in(claim)):
        return False
    if _use_of_most(word, claim) != _use_of_most(opposite, sentence):
        return False  # 'At least four hours' against 'Most paints are dry in two hours'

    return word not in _RELATIONS or _next_content(claim, word) == _next_content(
        sentence, opposite) or len(_what_follows(claim, word) & _what_follows(sentence,
                                                                            opposite)) >= 2


def _use_of_most(word: str, text: str) -> str:
    """How `text` uses 'least' / 'most': a bound ('at least', 'at most'), a share ('Most
    paints are …', 'most of them'), or a degree ('the most expensive'); only a use against
    the same use is an opposite ('at least a week' / 'at most a week')."""
    if word not in {"least", "most"}:
        return "word"
    for found in re.finditer(rf"\b(\w+\s+)?{word}\b", text, re.IGNORECASE):
        before = (found[1] or "").strip().lower()
        if before == "at":
            return "bound"
        if word == "most" and before not in {"the", "a", "is", "are", "was", "were", "be",
                                             "its", "their"}:
            return "share"
    return "degree"


def _content_after(text: str, word: str) -> list[str]:
    """The stems of the content words after `word`'s first use in `text`, in order."""
    low = [w.lower() for w in words(text)]
    if word not in low:
        return []
    return [stem(w) for w in low[low.index(word) + 1:] if w not in STOPWORDS]


def _what_follows(text: str, word: str, count: int = 4) -> frozenset[str]:
    """The stems of the first `count` content words after `word` in `text`: what a relation
    is to ('below the temperature of boiling water' / 'above the boiling point of water'
    share 'boil' and 'water')."""
    return frozenset(_content_after(text, word)[:count])


def _next_content(text: str, word: str) -> str | None:
    """The stem of the first content word after `word` in `text`."""
    return next(iter(_content_after(text, word)), None)


# words that say how many a statement holds for: a claim for all of them where the sentence
# says some ('All rooms have a balcony.' / 'Some rooms have a balcony.'), or for only some
# where it says all ('Only members can book.' / 'Anyone can book.')
_ALL = frozenset({"all", "every", "each", "everyone", "everybody", "anyone", "anybody",
                  "everything", "always"})
_SOME = frozenset({"some", "several", "few", "certain", "most", "many", "sometimes",
                   "usually", "often", "occasionally", "rarely", "seldom"})
# how often, as against how many: 'always' and 'every spring' widen 'often', but 'can jump
# to anyone' says nothing against 'lightning often strikes tall objects'
_ALWAYS, _AT_TIMES = frozenset({"always", "every", "each"}), frozenset({
    "sometimes", "usually", "often", "occasionally", "rarely", "seldom"})
_ORDINALS = frozenset({"first", "second", "third", "fourth", "last"})
# words of one scope: 'each' and 'every', 'frequently' and 'often'
_SAME_SCOPE = {"each": "every", "frequently": "often", "commonly": "often"}


# 'made up only of', 'consisting solely of': what a thing is made of, every part of it
_ONLY_OF = re.compile(r"\b(?:only|solely|entirely|exclusively|wholly)\s+of\b", re.IGNORECASE)


# 'anyone' or 'everyone' narrowed by what follows it: 'anyone aged 60 or above', 'everyone who
# lives here'
_ANYONE_WHO = re.compile(r"\b(?:anyone|anybody|everyone|everybody)\s+(?:aged|over|under|who|that|"
                         r"with|without|living|born|in|on|at|from|above|below|between|whose|"
                         r"earning|working|renting|paying)\b", re.IGNORECASE)


def _scope_clash(claim_words: set[str], sent_words: set[str], sentence: str,
                 claim: str = "") -> Clash | None:
    """The claim widens what the sentence says of some to all, or narrows to only some what
    it says of anyone (a claim narrower than its source, 'some' where it says 'all', is
    backed by it); 'every Sunday' where the sentence says 'the first Sunday' (of each month)
    widens it too."""
    if _ALMOST_ALL.search(claim):  # 'Almost all are harmless.' says what 'most' does
        claim_words = (claim_words - _ALL) | {"most"}
        fewer = sorted(sent_words & _FEWER_THAN_MOST - claim_words)
        if fewer and "most" not in sent_words:  # … more than 'many' or 'some'
            return Clash("scope", f"'almost all' vs '{fewer[0]}'", sentence)
    if _ANYONE_WHO.search(claim):
        # ('anyone aged 60 or above qualifies' says who qualifies, not that everyone does)
        claim_words = claim_words - {"anyone", "anybody", "everyone", "everybody"}
    said, other = claim_words - sent_words, sent_words - claim_words
    # ('a household made up only of students' says every one of them is a student)
    said -= {"only"} if _ONLY_OF.search(claim) else set()
    other -= {"only"} if _ONLY_OF.search(sentence) else set()
    # ('Any plastic container is safe', not 'not … any' nor 'at any time')
    any_of = {"any"} if _ANY_OF_A_KIND.search(claim) and not _DENIES.search(claim) else set()
    # ('every colour' says what the sentence's 'all wavelengths' says; its 'many' is of
    # something else: 'the many ice crystals')
    widened = said - _ALL_OF_THEM if "all" in sent_words else said
    # ('frequently going back … every year' says what 'often reusing … each year' says)
    same_claim = {_SAME_SCOPE.get(w, w) for w in claim_words}
    same_sentence = {_SAME_SCOPE.get(w, w) for w in sent_words}
    widened = {w for w in widened if _SAME_SCOPE.get(w, w) not in same_sentence}
    narrowed = {w for w in other if _SAME_SCOPE.get(w, w) not in same_claim}
    for wide, narrow in ((_ALWAYS, _AT_TIMES | {"only"}),
                         (_ALL - {"always"} | any_of, _SOME - _AT_TIMES | {"only"})):
        if widened & wide and narrowed & narrow:
            return Clash("scope",
                         f"'{sorted(widened & wide)[0]}' vs '{sorted(narrowed & narrow)[0]}'",
                         sentence)
    for every in sorted(said & _ALL):
        thing = _next_content(claim, every)
        ordinal = next((o for o in sorted(other & _ORDINALS)
                        if thing and _next_content(sentence, o) == thing), None)
        if ordinal:
            return Clash("scope", f"'{every}' vs '{ordinal}'", sentence)
    if "all" in other and not _ALL_OUTSIDE_A_TIME.search(sentence):
        other = other - {"all"}  # 'accompanied at all times' says always, not of everyone
    if "only" in said and other & _ALL:
        return Clash("scope", f"'only' vs '{sorted(other & _ALL)[0]}'", sentence)
    return None


# an 'all' that is not part of a time phrase ('at all times', 'all year round', 'all day')
_ALL_OUTSIDE_A_TIME = re.compile(r"\ball\b(?!\s+(?:times|the time|year|day|night|week|month|"
                                 r"season|summer|winter)\b)(?<!\bat all)", re.IGNORECASE)


_ALL_OF_THEM = frozenset({"all", "every", "each"})
_FEWER_THAN_MOST = frozenset({"some", "several", "few", "certain", "many"})
_ALMOST_ALL = re.compile(r"\b(?:almost|nearly|virtually|practically|just about)\s+(?:all|"
                         r"every|everyone|everybody|always)\b", re.IGNORECASE)
_ANY_OF_A_KIND = re.compile(r"\bany\s+(?:[a-z-]+\s+){0,2}?(?:is|are|can|may|will|must|should|"
                            r"needs?|has|have|gets?)\b", re.IGNORECASE)
_DENIES = re.compile(r"\b(?:not|no|never|nothing|none|without)\b|n['’]t\b", re.IGNORECASE)


_BOUND_WORDS = {"more than": "more", "over": "more", "above": "more", "at least": "more",
                "upwards of": "more", "in excess of": "more", "less than": "less",
                "fewer than": "less", "under": "less", "below": "less", "at most": "less",
                "up to": "less", "nearly": "less", "almost": "less", "exactly": "exactly",
                "only": "exactly", "precisely": "exactly", "no more than": "less",
                "not more than": "less", "a maximum of": "less", "no less than": "more",
                "not less than": "more", "no fewer than": "more", "a minimum of": "more"}
_BOUNDED = re.compile(r"\b(" + "|".join(sorted(_BOUND_WORDS, key=len, reverse=True)) +
                      r")\s+(\d[\d,]*(?:\.\d+)?)", re.IGNORECASE)


def _bounds(text: str) -> dict[str, str]:
    """number → the bound its words put on it ('more than 1,600' → {'1600': 'more'}); a
    denied bound turns round ('Do not take more than 8 tablets' → {'8': 'less'})."""
    out = {}
    text = _figures(text, one=True)  # ('at least one week')
    for match in _BOUNDED.finditer(text):
        bound = _BOUND_WORDS[match.group(1).lower()]
        if bound != "exactly" and _DENIED_BEFORE.search(text[:match.start()]):
            bound = "less" if bound == "more" else "more"
        out[match.group(2).replace(",", "")] = bound
    return out


# a denial in the few words before a bound: 'must not exceed' is read elsewhere; 'do not take
# more than'
_DENIED_BEFORE = re.compile(r"(?:\bnot|n't|\bnever)(?:\s+[\w-]+){0,2}\s*$", re.IGNORECASE)


def _bound_clash(claim: str, sentence: str) -> Clash | None:
    """The same number bounded otherwise: 'exactly 1,600' vs 'more than 1,600', 'over 50'
    vs 'under 50'. A bare number against a bounded one is not a clash (it is vaguer)."""
    mine = _bounds(claim)
    if not mine:
        return None
    theirs = _bounds(sentence)
    for value, bound in sorted(mine.items()):
        other = theirs.get(value)
        if other and other != bound:
            return Clash("number", f"{bound} {value} vs {other} {value}", sentence)
    return None


# a web page's text run together without stops ('Weekend Box Office: … Podcast …'): many
# statements, so a negation in it may deny any of them
RUN_ON_WORDS = 80


def _states_as_sentence(sentence: str) -> bool:
    """Not a heading ('Alcohol and tobacco'): a verb, or more than four words; and not a
    run-on of page text (RUN_ON_WORDS)."""
    size = len(words(sentence))
    return (has_verb(sentence) or size > 4) and size <= RUN_ON_WORDS


def _states(claim: str) -> bool:
    """A claim that could be denied: it has a verb or a lower-case word of three letters or
    more. A bare name or quantity ('MedStar Washington Hospital Center', '0.9 s.') affirms
    nothing a negated sentence could deny, and a warning ('Don't put it in the fridge, …')
    advises rather than denies."""
    if is_warning(claim):
        return False
    return has_verb(claim) or any(w.islower() and len(w) > 2 and w not in _UNITS
                                  for w in words(claim))


_WARNING = re.compile(r"^(?:do not|don't|don’t|never|avoid)\s+[a-z]+", re.IGNORECASE)


def is_warning(claim: str) -> bool:
    """A claim that opens by telling the reader not to do something ('Don't put it in the
    fridge, …', 'Never mix bleach with ammonia.')."""
    return bool(_WARNING.match(claim.strip()))


# one unit spelled several ways ('metres', 'meters', 'm'; 'percent', '%')
_SPELLINGS = {"kilometres": "km", "kilometers": "km", "metres": "m", "meters": "m",
              "feet": "ft", "miles": "mile", "kilograms": "kg", "lbs": "lb", "pounds": "lb",
              "grams": "g", "celsius": "°c", "fahrenheit": "°f", "percent": "%",
              "dollars": "usd", "euros": "eur", "kmh": "km/h", "kph": "km/h", "knots": "kn",
              "milligrams": "mg", "µg": "mcg", "micrograms": "mcg", "millilitres": "ml",
              "milliliters": "ml", "litres": "l", "liters": "l", "watts": "w",
              "kilowatts": "kw", "megawatts": "mw", "cups": "cup", "tablespoons": "tbsp",
              "tablespoon": "tbsp", "teaspoons": "tsp", "teaspoon": "tsp", "pints": "pint",
              "gallons": "gallon", "centimetres": "cm", "centimeters": "cm",
              "millimetres": "mm", "millimeters": "mm"}


def _spelled(unit: str) -> str:
    shape, _, base = unit.rpartition(" ")
    return f"{shape} {_SPELLINGS.get(base, base)}" if shape else _SPELLINGS.get(unit, unit)


def measures_stated(text: str) -> frozenset[str]:
    """What the text's quantities measure: {'pressure'} for '… between 1 and 1.5 bar'."""
    return frozenset(_measure(unit) for unit in _units(text).values())


def _measure(unit: str) -> str:
    """'length' for 'km', 'square length' for 'square km': what a unit measures."""
    shape, _, base = unit.rpartition(" ")
    return f"{shape} {_UNITS[base]}" if shape else _UNITS[unit]


def _unit_clash(claim: str, sentence: str) -> Clash | None:
    mine, theirs = _units(claim), _units(sentence)
    # (a claim giving the number in both units says the sentence's too: 'two to three days
    # …, or up to three months if frozen')
    claimed = {(v, _spelled(u)) for v, u in _unit_pairs(claim)}
    for value, unit in mine.items():
        other = theirs.get(value)
        if other and _spelled(other) != _spelled(unit) and _measure(other) == _measure(unit) \
                and (value, _spelled(other)) not in claimed:
            return Clash("unit", f"{value} {unit} vs {value} {other}", sentence)
        # a number the sentence gives another quantity, where it gives the claim's quantity
        # another number: 'within 10 days' against 'within 7 days … more than 10%'
        if not other or _measure(other) == _measure(unit):
            continue
        rivals = sorted(v for v, u in theirs.items() if _spelled(u) == _spelled(unit) and
                        v != value and _spelled(mine.get(v, "")) != _spelled(unit))
        if rivals:
            return Clash("number", f"{value} {unit} vs {rivals[0]} {unit}", sentence)
    mine, theirs = _rates(claim), _rates(sentence)
    for value, period in mine.items():
        other = theirs.get(value)
        if other and other != period:
            return Clash("unit", f"{value} per {period} vs {value} per {other}", sentence)
    return None


# a number for each span of time: '100 requests per minute', '3 doses a day', '5 euros hourly'
_RATE = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s+(?:[a-z]+\s+){0,2}?(?:per|a|an|each|every)\s+"
                   r"(second|minute|hour|day|week|fortnight|month|quarter|year)\b", re.IGNORECASE)
_PERIOD_WORDS = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
                 "annually": "year", "hourly": "hour"}


def _rates(text: str) -> dict[str, str]:
    """number → the span of time it is counted per ({'100': 'minute'} of '100 requests per
    minute'), for the numbers said with one."""
    out = {m[1].replace(",", ""): m[2].lower() for m in _RATE.finditer(text)}
    for match in re.finditer(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s+(?:[a-z]+\s+){0,2}?(daily|"
                             r"weekly|monthly|yearly|annually|hourly)\b", text, re.IGNORECASE):
        out.setdefault(match[1].replace(",", ""), _PERIOD_WORDS[match[2].lower()])
    return out


# a title before a name is no name of its own
_TITLE_WORDS = frozenset({
    "captain", "king", "queen", "sir", "dame", "lord", "lady", "president", "general",
    "admiral", "doctor", "dr", "professor", "prof", "mr", "mrs", "ms", "miss", "saint",
    "prince", "princess", "pope", "sergeant", "colonel", "major", "lieutenant", "commander",
    "bishop", "reverend", "emperor", "empress", "tsar", "sultan", "senator", "governor"})


def _name_clash(claim: str, sentence: str, coverage: float, everywhere: str,
                theirs: frozenset[str], long_page: bool = False) -> Clash | None:
    """The claim names X, which no source names (`everywhere`), where the sentence, otherwise
    saying the same, names Y (`theirs`: the sentence's names). On a `long_page` (many
    sentences share half a claim's words by chance, each with names of its own), Y must stand
    where X stands in the claim (`_slots`)."""
    if coverage < 0.5:
        return None
    # a month or a day is a date (checked above); an initial ('J.') is not a name of its own
    mine = {n for n in entities(claim, opening_runs=True) - CALENDAR_WORDS -
            holiday_words(claim) if len(n) > 1}
    said = {name_key(w) for w in _lower(everywhere)}
    missing = {n for n in mine if name_key(n) not in said and
               not (len(n) <= 4 and any(_abbreviates(n, w) for w in said)) and  # 'St', 'Saint'
               not spelled_otherwise(n, claim, everywhere)}  # 'USA', 'United States'
    missing -= _TITLE_WORDS  # ('Captain Cook' where the sources say 'James Cook')
    # ('a zone B permit': a letter is no rival name; 'in June' is a date, no rival of a place)
    rivals = {r for r in (theirs | _given_names(sentence, mine)) - _lower(claim) -
              CALENDAR_WORDS if len(r) > 1}
    if long_page:
        in_place = [(n, r) for n in sorted(missing) for r in sorted(rivals)
                    if _slots(n, claim) & _slots(r, sentence)]
        if in_place:
            n, r = in_place[0]
            return Clash("name", f"{n} vs {r}", sentence)
        return None
    if missing and rivals:
        return Clash("name", f"{sorted(missing)[0]} vs {sorted(rivals)[0]}", sentence)
    return None


# a clause that adds a second fact after a comma: ', ending the Thirty Years' War'
_TRAILING_PARTICIPLE = re.compile(r",\s+(?:[a-z]+ing)\s+(?:the|a|an|its|their|his|her|[A-Z]|\d)")


def _before_aside(claim: str, everywhere: str) -> str:
    """The claim up to a trailing clause such as ', ending the Thirty Years' War', where the
    sources write every name of that clause: it states a second fact, often from another
    sentence, so its names are no rivals' of the sentences saying the first ('The treaties
    were signed in 1648, ending the Thirty Years' War.' against '… signed in Osnabrück and
    Münster in 1648. It ended the Thirty Years' War.')."""
    match = _TRAILING_PARTICIPLE.search(claim)
    if not match or not _states(claim[:match.start()]):
        return claim
    said = {name_key(w) for w in _lower(everywhere)}
    tail = entities(claim[match.start():], opening_runs=True)
    return claim[:match.start()] + "." if all(name_key(n) in said for n in tail) else claim


# 'than Saturn': the thing a comparison measures against
_THAN_NAME = re.compile(r"\s+than\s+(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")


def _without_compared(claim: str, everywhere: str) -> str:
    """The claim without the name it compares with ('Jupiter is larger than Saturn.' →
    'Jupiter is larger.'), where the sources write that name: it is said of in a sentence of
    its own, often, so it is no rival of the names in the sentences that say the rest."""
    said = {name_key(w) for w in _lower(everywhere)}

    def drop(match: re.Match[str]) -> str:
        named = _lower(match["name"])
        return "" if named and all(name_key(n) in said for n in named) else match.group(0)
    return _THAN_NAME.sub(drop, claim)


def _given_names(sentence: str, names: set[str]) -> frozenset[str]:
    """A capitalised word opening one of the sentence's sentences right before a word of
    `names` (the claim's names): 'Marie' in 'Marie Curie won …' for a claim naming Pierre
    Curie. A sentence's first word is not read as a name otherwise."""
    tokens = words(sentence)
    return frozenset(a.lower() for a, b in pairwise(tokens)
                     if a[:1].isupper() and a.lower() not in STOPWORDS and b.lower() in names
                     and a.lower() in entities(f"{a} {b}", opening_runs=True))


# sources longer than this (in words) are a long page: many sentences share half a claim's
# words by chance, each with names of its own
LONG_PAGE_WORDS = 400
_SLOT_SKIP = frozenset({"the", "a", "an"})


def _slots(name: str, text: str) -> set[tuple[str, str]]:
    """Where `name` (lower case) stands in `text`: the word before its run of capitalised
    words and the word after it ('founded by Al Kurtenbach and' → ('before', 'by'), ('after',
    'and')), articles skipped."""
    tokens = words(text)
    lower = [t.lower() for t in tokens]
    out: set[tuple[str, str]] = set()
    for k, low in enumerate(lower):
        if low.removesuffix("'s") != name and name_key(low) != name_key(name):
            continue
        start, end = k, k
        while start > 0 and tokens[start - 1][:1].isupper():
            start -= 1
        while end + 1 < len(tokens) and tokens[end + 1][:1].isupper():
            end += 1
        before = start - 1
        while before >= 0 and lower[before] in _SLOT_SKIP:
            before -= 1
        if before >= 0:
            out.add(("before", lower[before]))
        if end + 1 < len(tokens):
            out.add(("after", lower[end + 1]))
    return out


def name_key(word: str) -> str:
    """A name's word without a plural or possessive ending: 'Olympics' names 'Olympic',
    "Presidents'" names "President's"."""
    return word.removesuffix("'s").removesuffix("'").removesuffix("s")


_DASHES = re.compile(r"[–—‐‑]")
_CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w'’.-]*\s+)+[A-Z][\w'’.-]*")


def _name_runs(text: str) -> list[list[str]]:
    """Runs of two or more capitalised words ('American Chemical Society'), a leading
    stop word ('The') left out."""
    runs = []
    for match in _CAPITALISED_RUN.finditer(text):
        tokens = match.group(0).split()
        before = text[:match.start()].rstrip()
        if (not before or before[-1] in ".!?\"“:") and not looks_like_a_name(tokens[0]):
            tokens = tokens[1:]  # 'Later Smith …': a capital at a sentence's start says nothing
        while tokens and tokens[0].lower() in STOPWORDS:
            tokens = tokens[1:]
        if len(tokens) >= 2:
            runs.append(tokens)
    return runs


def _variant_clash(claim: str, sentence: str, everywhere: str) -> Clash | None:
    """A name of several words no source says, where the sentence says one that differs in
    a single word ('American Physical Society' vs 'American Chemical Society'); an
    abbreviation ('St' for 'Saint') is no difference."""
    claim, sentence = _DASHES.sub("-", claim), _DASHES.sub("-", sentence)
    said = " ".join(_DASHES.sub("-", everywhere).split()).lower()
    for mine in _name_runs(claim):
        if _shown(mine).lower() in said:  # ('Black Sea.' at the claim's end is said)
            continue
        for theirs in _name_runs(sentence):
            if _swapped(mine, theirs):
                return Clash("name", f"{_shown(mine)} vs {_shown(theirs)}", sentence)
            if len(theirs) != len(mine):
                continue
            apart = [k for k, (a, b) in enumerate(zip(mine, theirs, strict=True))
                     if _token_key(a) != _token_key(b)]
            if len(apart) != 1:
                continue
            a, b = (_token_key(w) for w in (mine[apart[0]], theirs[apart[0]]))
            if _abbreviates(a, b) or _abbreviates(b, a) or a in b.split("-") or \
                    b in a.split("-") or (apart[0] == 0 and a in _TITLE_WORDS):
                # 'St' for 'Saint'; 'Pakistan' in 'Afghanistan-Pakistan'; 'Captain Cook'
                # for 'James Cook' (a title in a first name's place)
                continue
            return Clash("name", f"{_shown(mine)} vs {_shown(theirs)}", sentence)
    return None


def _swapped(mine: list[str], theirs: list[str]) -> bool:
    """A two-word name with its words swapped ('Brooks Garth' for 'Garth Brooks'): another
    name. Plain words of three letters or more only ('Kim Jong-un', 'Xi' are left alone)."""
    if len(mine) != 2 or len(theirs) != 2:
        return False
    keys = [_token_key(w) for w in mine]
    if not all(len(k) >= 3 and k.isascii() and k.isalpha() for k in keys):
        return False
    return keys[::-1] == [_token_key(w) for w in theirs] and keys[0] != keys[1]


def _shown(tokens: list[str]) -> str:
    return " ".join(tokens).rstrip(".,;:")


def _token_key(token: str) -> str:
    return name_key(token.lower().replace("’", "'").strip(".,;:"))


def _abbreviates(short: str, full: str) -> bool:
    """'St' for 'Saint', 'Mt' for 'Mount', 'Univ' for 'University': the same first letter
    and the short form's letters in order in the long one (a short form of four letters or
    fewer), or a prefix."""
    if full.startswith(short):
        return True
    if not short or len(short) > 4 or short[0] != full[:1]:
        return False
    rest = iter(full)
    return all(letter in rest for letter in short)

