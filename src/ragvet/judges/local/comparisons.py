"""A reply to a comparison question checked against the facts the sources give each option.

'Who was born first, A or B? B.' holds when the sources date B before A; 'Are A and B of the
same nationality? No.' when they give the two different nationalities. The question is read
by `ragvet.comparisons`; here each option's year or nationality is looked up where the
sources name it: from a sentence that names the option, up to the next mention of the other
option (a description that opens with the name usually dates it or gives its nationality
first: 'Ada Lovelace (1815–1852) was an English mathematician'). The verdict is left alone
when a fact is missing for either option or the two are the same year. A botanical family
and a US state are looked up the same way ('Are A and B in the same family?': 'A is a genus
in the family Araceae').
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...comparisons import (
    Comparison,
    nation,
    option_words,
    picked_option,
    read_comparison,
    same_nation,
    singular,
    states_a_comparison,
)
from ...text import (
    WORD,
    has_verb,
    is_bare_answer,
    opening_polarity,
    reply_polarity,
    sentences,
    stem,
    words,
)
from ..base import Verdict
from .features import NUMBER_WORDS, YEAR
from .replies import last_question

_CAPITALISED = re.compile(r"[A-Z][A-Za-z.]*(?:\s+[A-Z][A-Za-z.]*)?")
# how far past a mention the fact may be: the sentence naming the option and the next one
FACT_SENTENCES = 2


@dataclass(frozen=True, slots=True)
class Fact:
    option: str
    value: str  # a year ('1908') or a country ('united kingdom')
    sentence: str
    source_index: int


@dataclass(frozen=True, slots=True)
class Resolved:
    """Whether the reply holds, by the facts found for both options."""

    holds: bool
    facts: tuple[Fact, Fact]
    comparison: Comparison
    reply: str

    def explain(self) -> str:
        shown = "; ".join(f"'{f.option}': {f.value} (source {f.source_index}: '{f.sentence}')"
                          for f in self.facts)
        comparison = self.comparison
        what = f"count of {comparison.counted}" if comparison.counted else comparison.attribute
        weighed = {"earlier": "the earlier", "later": "the later", "more": "the larger",
                   "fewer": "the smaller", "same": "whether both share",
                   "each": f"whether each is {comparison.value}"}[comparison.wants]
        return f"'{self.reply}' to '{comparison.question}' weighs {weighed} {what}: {shown}"


def resolve(claim: str, sources: Sequence[str]) -> Resolved | None:
    """The check of a 'QUESTION? REPLY' claim whose question compares two options; None when
    it is no such claim or the sources do not give both facts."""
    cut = claim.rfind("?")
    if cut <= 0:
        return None
    comparison = read_comparison(last_question(claim[:cut + 1]))
    reply = claim[cut + 1:].strip()
    if comparison is None or not reply:
        return None
    facts = [_fact(option, other, sources, comparison.attribute)
             for option, other in (comparison.options, comparison.options[::-1])]
    if facts[0] is None or facts[1] is None:
        return None
    pair = (facts[0], facts[1])
    holds = _holds(comparison, reply, pair)
    return None if holds is None else Resolved(holds, pair, comparison, reply)


def compares(question: str, text: str) -> Comparison | None:
    """The comparison `question` asks for, when `text` states how its options compare ('Skerry
    Light was built first.', 'A has more members than B', 'Both are English.'): it answers
    the question whichever way, though the names it gives are the question's own."""
    comparison = read_comparison(last_question(question))
    if comparison is None or not states_a_comparison(comparison, text):
        return None
    if comparison.picks and picked_option(comparison, text) is None:
        return None
    return comparison


def one_sided(question: str, text: str) -> tuple[Comparison, Fact | None] | None:
    """The comparison `question` asks for, when `text` cannot answer it: it gives the fact
    (year, count, nationality …) of at most one of the two options and says nothing of how
    they compare ('Which band formed first, A or B?' against 'A formed in 1989.' alone).
    None for any other question, a count (often shown, not said: a list of a band's
    members), or a text that gives both facts or compares the two; with the one fact it
    gives, if any."""
    comparison = read_comparison(last_question(question))
    if comparison is None or comparison.counted or compares(question, text) or \
            _replies(comparison, text):
        return None
    options = comparison.options
    facts = [_fact(option, other, [text], comparison.attribute)
             for option, other in (options, options[::-1])]
    if facts[0] is not None and facts[1] is not None:
        return None
    return comparison, facts[0] or facts[1]


def _replies(comparison: Comparison, text: str) -> bool:
    """A bare reply to the comparison: 'Ford.' picks an option, 'No.' answers a yes/no one."""
    if not is_bare_answer(text) or has_verb(text):
        return False
    if comparison.picks:
        return picked_option(comparison, text) is not None
    return (reply_polarity(text) or opening_polarity(text)) is not None


def _holds(comparison: Comparison, reply: str, facts: tuple[Fact, Fact]) -> bool | None:
    a, b = facts[0].value, facts[1].value
    if comparison.picks:
        picked = picked_option(comparison, reply)
        if picked is None or a == b:
            return None
        smaller = 0 if float(a) < float(b) else 1
        right = smaller if comparison.wants in ("earlier", "fewer") else 1 - smaller
        return picked == right
    polarity = reply_polarity(reply) or opening_polarity(reply)
    if polarity is None:
        return None
    if comparison.wants == "same":
        shared = same_nation(a, b) if comparison.attribute == "nationality" else a == b
    else:
        wanted = nation(comparison.value.capitalize()) or comparison.value
        shared = a == wanted and b == wanted
    return shared == (polarity == "yes")


def _fact(option: str, other: str, sources: Sequence[str], attribute: str) -> Fact | None:
    """The first year or nationality said of `option`: in a sentence opening with its name
    first, else in any sentence naming it; within that sentence and the next, and before
    the other option is named."""
    own, rival = option_words(option), option_words(other)
    # the words that tell the two apart ('Tamar' and 'Severn' of two '… Bridge's)
    own, rival = [w for w in own if w not in rival] or own, [w for w in rival if w not in own]
    # a named rival is named by a capitalised word: 'Eatza Pizza' is not named by the 'pizza'
    # of 'a fast casual pizza concept'
    rival_named = any(w[:1].isupper() for w in words(other))
    found = []
    for j, source in enumerate(sources):
        said = list(sentences(source))
        for k, sentence in enumerate(said):
            at = _named_at(own, sentence)
            if at is not None:
                found.append((at > 0, j, k, said))
    for _, j, k, said in sorted(found, key=lambda f: f[0]):
        for step in range(FACT_SENTENCES):
            if k + step >= len(said):
                break
            sentence = said[k + step]
            if step and _named_at(rival, sentence) is not None:
                break
            text = _after_name(own, sentence) if step == 0 else sentence
            text = _before_name(rival, text, capitalised=rival_named)
            value = _value(attribute, text, own)
            if value:
                return Fact(option, value, sentence, j)
    return None


def _value(attribute: str, text: str, own: list[str]) -> str | None:
    """The option's value of `attribute` in `text` (what is said of it), or None."""
    if attribute == "year":
        return _year(text, own)
    if attribute.startswith("count:"):
        return _count(text, attribute.partition(":")[2])
    if attribute == "family":
        return _family(text)
    if attribute == "state":
        return _state(text)
    return _nationality(text)


def _tokens(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]  # "presidents'" keeps its apostrophe


def _named_at(wanted: list[str], sentence: str) -> int | None:
    """The word index where `sentence` names the option (most of its words, in a run), or
    None."""
    if not wanted:
        return None
    said = _tokens(sentence)
    wanted = [singular(w) for w in wanted]
    said = [singular(w) for w in said]  # 'Firs' names 'Fir'
    hits = [k for k, w in enumerate(said) if w in wanted]
    if len({said[k] for k in hits}) * 2 < len(wanted) or not hits:
        return None
    # one word of a longer name ('Washington' for 'George Washington') only where it is the
    # option's last word (a surname)
    if len(wanted) > 1 and len({said[k] for k in hits}) < 2 and said[hits[0]] != wanted[-1]:
        return None
    return hits[0]


def _spots(wanted: list[str], text: str, *, capitalised: bool = False) -> list[int]:
    """Where `text` says one of the `wanted` words (only where written with a capital, if
    `capitalised`)."""
    lowered = text.lower()
    return [m.start() for w in wanted
            for m in re.finditer(rf"\b{re.escape(singular(w))}s?\b", lowered)
            if not capitalised or text[m.start():m.start() + 1].isupper()]



def _after_name(wanted: list[str], sentence: str) -> str:
    """The sentence from the option's name on (what is said before is of something else)."""
    spots = _spots(wanted, sentence)
    return sentence[min(spots):] if spots else sentence


def _before_name(wanted: list[str], text: str, *, capitalised: bool = False) -> str:
    """The text up to where the other option is named (past the first word: the sentence
    may open with the option's own name)."""
    spots = [s for s in _spots(wanted, text, capitalised=capitalised) if s > 0]
    return text[:min(spots)] if spots else text


def _year(text: str, own: list[str]) -> str | None:
    """The first year in `text` that is not part of the option's name ('Miss USA 1968');
    None when a number glued to a year comes first ('188926 May 1976': which is the year
    of birth cannot be told)."""
    for match in re.finditer(r"(?<![\d.,])\d+(?:[.,]\d+)*", text):
        run = match.group(0)
        if YEAR.match(run) and run not in own:
            return run
        if len(run) > 4 and YEAR.match(run[:4]):
            return None
    return None


def _count(text: str, counted: str) -> str | None:
    """The number of `counted` (a stem) the text gives: 'a genus of four species' → '4',
    '1,200 members' → '1200'; a number at most two words before the counted word."""
    tokens = re.findall(r"[A-Za-z]+|\d[\d,]*(?:\.\d+)?", text)
    for k, token in enumerate(tokens):
        if stem(token) != counted:
            continue
        for back in (1, 2, 3):
            if k - back < 0:
                break
            value = _number(tokens[k - back])
            if value is not None:
                return value
    return None


def _number(token: str) -> str | None:
    if token[:1].isdigit():
        return token.replace(",", "")
    value = NUMBER_WORDS.get(token.lower())
    if value is None or token.lower() in ("first", "second", "third", "fourth", "fifth",
                                          "once", "twice", "half"):
        return None
    return str(value)


def _nationality(text: str) -> str | None:
    for match in _CAPITALISED.finditer(text):
        phrase = match.group(0)
        end = match.end()
        if text[end:end + 5] == "-born":  # 'a Scottish-born Australian singer'
            continue
        for candidate in (phrase, phrase.split()[0]):
            country = nation(candidate)
            if country:
                return country
    return None


# a botanical or zoological family by its Latin name: '-aceae' (plants, fungi), '-idae'
# (animals), or the capitalised word after 'family' ('in the family Compositae'); a common name
# ('the arum family') is not read, as the other option may give the Latin one
_FAMILY = re.compile(r"\b(?P<latin>[A-Z][a-z]+(?:aceae|idae))\b|"
                     r"\bfamily\s+(?P<named>[A-Z][a-z]{3,})\b")


def _family(text: str) -> str | None:
    match = _FAMILY.search(text)
    return (match.group("latin") or match.group("named")).lower() if match else None


US_STATES = frozenset({
    "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut",
    "delaware", "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa",
    "kansas", "kentucky", "louisiana", "maine", "maryland", "massachusetts", "michigan",
    "minnesota", "mississippi", "missouri", "montana", "nebraska", "nevada", "new hampshire",
    "new jersey", "new mexico", "new york", "north carolina", "north dakota", "ohio",
    "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota",
    "tennessee", "texas", "utah", "vermont", "virginia", "washington", "west virginia",
    "wisconsin", "wyoming"})
_STATE = re.compile(r"\b(?:(?:New|North|South|West|Rhode)\s+)?[A-Z][a-z]+\b")


def _state(text: str) -> str | None:
    """The first US state a text names ('started in Athens, Georgia in 2008' → 'georgia');
    'Washington' only after a comma ('Seattle, Washington'), not as a name or the capital."""
    for match in _STATE.finditer(text):
        name = match.group(0).lower()
        if name not in US_STATES:  # 'South Georgia' is not one, 'Georgia' is
            name = name.split()[-1]
        if name not in US_STATES:
            continue
        if name in ("washington", "new york") and not text[:match.start()].rstrip().endswith(","):
            continue
        return name
    return None


# the probability of support (before calibration) of a reply two facts bear out: on the tuning
# rows of HaluEval-QA (0–499) every such reply was right
COMPARISON_PROBABILITY = 0.95


def comparison_verdict(resolved: Resolved, verdict: Verdict) -> Verdict:
    """The verdict on a reply to a comparison question, from the two facts: supported when
    they bear it out, else contradicted with the facts shown."""
    detail = dict(verdict.detail or {})
    detail["comparison"] = {"options": list(resolved.comparison.options),
                            "attribute": resolved.comparison.attribute,
                            "wants": resolved.comparison.wants,
                            "facts": {f.option: f.value for f in resolved.facts}}
    if resolved.holds:
        probability = round(max(verdict.probability or 0.0, COMPARISON_PROBABILITY), 4)
        detail.update(status="supported", probability=probability)
        return replace(verdict, value=True, probability=probability if verdict.probability
                       is not None else None, confidence=probability, detail=detail,
                       reason=f"{resolved.explain()}; the facts bear the reply out; "
                              f"p={probability:.2f}")
    shown = resolved.facts[1]
    what = " vs ".join(f.value for f in resolved.facts)
    detail.update(status="contradicted", probability=0.0, clash="comparison", clash_what=what,
                  clashing_sentence=shown.sentence, clash_source_index=shown.source_index)
    return replace(verdict, value=False, probability=0.0 if verdict.probability is not None
                   else None, confidence=0.0, detail=detail,
                   reason=f"contradicted (comparison: {what}): {resolved.explain()}")
