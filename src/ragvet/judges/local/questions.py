"""Questions a response answers, written from its claims (the offline judge's `questions`
operation, which RAGAS answer relevance compares with the query).

Rules on words, not a parser. Each claim gives one question:

- the claim's answer (a date, a number, a place, a person: `features.answer_span`) becomes
  the question word, and the rest is turned round after it: 'The bridge was built in 1736.'
  → 'When was the bridge built?', 'The glacier retreats by about 50 metres a year.' → 'How
  many metres does the glacier retreat a year?', 'Ana Ruiz directed the film.' → 'Who
  directed the film?';
- a claim with no such answer becomes a yes/no question: 'Is a function a generator …?';
- where the verb cannot be turned round (a past form the rules cannot bring back to its
  base), the question word stands where the answer stood ('The bridge opened to traffic
  when?'), and a claim with neither answer nor a verb found asks 'Is it true that …?'.

Every question is a whole sentence ending in '?': none is a fragment such as 'How many The
…' or 'When ?'.
"""

from __future__ import annotations

import re

from ...text import AUXILIARIES, FINITE, IRREGULAR_BASE, is_past_form
from .citations import strip_citations
from .features import answer_span
from .text import DETERMINERS, SUBJECT_PRONOUNS, claims, opening_pronoun, subject_of

_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|"
          r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?")
_HEDGE = r"(?:(?:about|around|roughly|approximately|nearly|almost|over|under|some|up\s+to|" \
         r"at\s+least|at\s+most|more\s+than|less\s+than|fewer\s+than)\s+)?"
_PLAIN_PREPOSITIONS = r"(?i:in|on|at|since|by|during|from|of|for|to|with)"
_CURRENCY_WORDS = frozenset({"dollars", "dollar", "euros", "euro", "pounds", "pound", "yen",
                             "francs", "rupees", "cents"})
_NOT_A_COUNTED_NOUN = frozenset({"and", "or", "to", "of", "in", "on", "at", "per", "a", "an",
                                 "the", "by", "for", "from", "with", "percent", "than", "as",
                                 "when", "after", "before", "until", "during", "but"})
# openings that are not the subject: 'Except in an emergency, the landlord …'
_OPENERS = frozenset({"in", "on", "at", "after", "before", "during", "since", "except", "to",
                      "unless", "according", "when", "while", "if", "although", "though",
                      "because", "as", "with", "without", "for", "from", "today", "currently",
                      "however", "yes", "no", "generally", "typically", "usually", "overall"})
_DETERMINERS = DETERMINERS | frozenset({"each", "every", "some", "many", "most", "all", "both"})


def generate_questions(text: str, n: int) -> tuple[str, ...]:
    """Up to `n` distinct questions the text answers, one per claim, in reading order."""
    out: list[str] = []
    for claim in claims(text):
        question = question_for(claim)
        if question and question not in out:
            out.append(question)
        if len(out) >= n:
            break
    return tuple(out)


def question_for(claim: str) -> str | None:
    """The question `claim` answers (see the module docstring); None for a claim with no
    words."""
    body = _without_opening(strip_citations(claim).strip().rstrip(".!;: ").strip())
    if not body:
        return None
    span = answer_span(body)
    if span is None:
        return _yes_no(body)
    kind, value = span
    counted = re.search(rf"{re.escape(value)}\s+([a-z]+)", body)
    if kind == "date" and counted and counted.group(1) not in _NOT_A_COUNTED_NOUN:
        kind = "number"  # '1200 g', '2000 people': a count, not a year
    found = _span_in(body, kind, value)
    if found is None:
        return _yes_no(body)
    start, end, wh = found
    subject = subject_of(body)
    if subject and body.startswith(subject) and start < len(subject):
        # the answer is (in) the subject: 'Ana Ruiz directed the film.' → 'Who directed …'
        rest = body[len(subject):].strip()
        return _sentence(f"{'Who' if kind == 'person' else 'What'} {rest}")
    rest = _squeeze(body[:start] + " " + body[end:])
    if not re.search(r"[^\W\d_]", rest):
        return _sentence(f"What about {body}")  # a bare answer: '1937', 'In 1937'
    if kind == "person" and re.match(r"by\b", body[start:]):
        rest += " by"  # 'designed by Ana Ruiz' → 'Who was the film designed by?'
    turned = _turned(rest, wh)
    if turned is not None:
        return turned
    return _sentence(_squeeze(body[:start] + f" {wh.lower()} " + body[end:]))


def _without_opening(text: str) -> str:
    """'Except in an emergency, the landlord must …' → 'the landlord must …' (an opening
    phrase is kept off the question's front, where it would read as its subject)."""
    tokens = text.split()
    if not tokens or tokens[0].lower().strip(",") not in _OPENERS:
        return text
    comma = next((i for i, t in enumerate(tokens[:10]) if t.endswith(",")), None)
    if comma is None or comma + 1 >= len(tokens) or \
            re.search(r"\b(?:1\d{3}|20\d{2})\b", " ".join(tokens[:comma + 1])):
        return text  # 'In 1999, the bridge opened.': the opening holds the answer
    return " ".join(tokens[comma + 1:])


def _span_in(body: str, kind: str, value: str) -> tuple[int, int, str] | None:
    """(start, end, question words) of the answer in `body`, with the words that only frame
    it (its preposition, a hedge, a month and day, the counted noun)."""
    value = re.escape(value)
    if kind == "date":
        pattern = (rf"(?:\b(?:as\s+of|{_PLAIN_PREPOSITIONS})\s+)?(?:(?:early|late|mid)\s+)?"
                   rf"(?:{_MONTH}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?|"
                   rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+)?{value}\b")
        match = re.search(pattern, body)
        return (match.start(), match.end(), "When") if match else None
    if kind == "number":
        # not a number inside a code ('DS-82'); a range counts as one ('24 to 48 hours')
        match = re.search(rf"(?:\b(?:between|{_PLAIN_PREPOSITIONS})\s+)?{_HEDGE}([$€£¥]\s?)?"
                          rf"(?<![\w-]){value}(?:\s*(?:to|and|-|–)\s*\d[\d,.]*)?", body)
        if not match:
            return None
        start, end = match.span()
        after = re.match(r"\s*([^\W\d_][\w/.-]*|[°%][\w/]*)(?:\s+([a-z][\w-]*))?",
                         body[end:])
        first = after.group(1) if after else ""
        if re.fullmatch(_MONTH, first) or first.lower() in {"am", "pm", "a.m.", "p.m."}:
            return start, end + after.end(1), "When"  # '30 April', '2 pm'
        if first[:1] and first[:1] in "°%":
            return start, end + after.end(1), "How much"
        if match.group(1) or first.lower() in _CURRENCY_WORDS:
            return start, end + (after.end(1) if first.lower() in _CURRENCY_WORDS else 0), \
                "How much"
        if first == "percent":
            return start, end + after.end(1), "What share"
        if not first.islower() or first in _NOT_A_COUNTED_NOUN:
            return start, end, "How much"
        # 'known moons': an adjective and its noun are counted together
        second = after.group(2)
        if second and second not in _NOT_A_COUNTED_NOUN and \
                not body[end + after.end(1):].startswith(","):
            return start, end + after.end(2), f"How many {first} {second}"
        return start, end + after.end(1), f"How many {first}"
    if kind == "place":
        match = re.search(rf"\b(?:in|at|near)\s+(?:the\s+)?{value}"
                          r"(?:(?:\s+of|,)\s+(?:the\s+)?[A-Z][\w'’-]*)*", body)
        return (match.start(), match.end(), "Where") if match else None
    match = re.search(rf"(?:\bby\s+)?{value}", body)
    return (match.start(), match.end(), "Who") if match else None


def _turned(rest: str, wh: str) -> str | None:
    """'{wh} {auxiliary} {subject} {rest}?', or with 'do / does / did' where the verb can be
    brought back to its base; None where neither can be done."""
    inverted = _inverted(rest)
    return _sentence(f"{wh} {inverted[:1].lower()}{inverted[1:]}") if inverted else None


def _yes_no(body: str) -> str:
    """'Is / Does / Did …?' from the claim's own verb; 'What about …?' for a text with no
    verb ('Amy Jo Johnson'); else 'Is it true that …?'."""
    inverted = _inverted(body)
    if inverted is not None:
        return _sentence(inverted)
    if _imperative(body):  # 'Replace it every three months.' → 'Should you replace it …?'
        return _sentence(f"Should you {body[:1].lower()}{body[1:]}")
    if not _has_verb(body):
        return _sentence(f"What about {body}")
    return _sentence(f"Is it true that {_subject_in_question(body)}")


def _inverted(text: str) -> str | None:
    """'the landlord has to give …' → 'does the landlord have to give …'; 'the bridge was
    built …' → 'was the bridge built …'; None where the subject or the verb's base is not
    found."""
    subject = _subject(text)
    if subject is None:
        return None
    after = text[len(subject):].split()
    if not after:
        return None
    adverb = after[0] if len(after) > 1 and after[0].lower() in _ADVERBS else ""
    if adverb:
        after = after[1:]  # 'bulk fermentation usually takes' → 'does … usually take'
    verb, tail = after[0].lower().rstrip(",;"), after[1:]
    mark = after[0][len(after[0].rstrip(",;")):]  # 'Neptune has, …': the comma stays put
    named = _subject_in_question(subject)
    if verb in _HAVE and not (tail and (is_past_form(tail[0].strip(",;")) or
                                        tail[0] in {"been", "got"})):
        # 'has' as the verb itself ('Neptune has 16 moons', 'has to give'), not a helper
        helper = "do" if verb == "have" and _plural(subject) else _HAVE[verb]
        return " ".join(w for w in (helper, named, adverb, "have" + mark, *tail) if w)
    if verb in _HELPERS:
        verb = "can't" if verb == "cannot" else verb
        return " ".join(w for w in (verb, named + mark, adverb, *tail) if w)
    base, helper = _base_of(verb, subject)
    if base is None:
        return None
    return " ".join(w for w in (helper, named, adverb, base + mark, *tail) if w)


_HAVE = {"has": "does", "have": "do", "had": "did"}
_CLAUSE_WORDS = frozenset({"but", "when", "if", "because", "while", "which", "who", "that",
                           "where", "although", "though"})
# helpers that go before the subject in a question, denied ones too ('Can't opened software
# be returned?')
_HELPERS = FINITE | frozenset({"cannot", "hasn't", "haven't", "shouldn't", "wouldn't",
                               "couldn't"})
# verbs that open instructions ('Open Settings, tap …')
_COMMANDS = frozenset({"open", "go", "click", "tap", "press", "select", "choose", "add",
                       "remove", "mix", "apply", "use", "replace", "turn", "check", "set",
                       "enter", "type", "call", "visit", "send", "fill", "hold", "wait",
                       "restart", "install", "download", "run", "contact", "log", "sign",
                       "unplug", "plug", "keep", "avoid", "store", "bring", "book"})
_IMPERATIVE_OBJECTS = frozenset({"the", "a", "an", "it", "them", "your", "this", "that", "and",
                                 "all", "any", "one", "two", "three", "up", "out", "off", "in"})
_ADVERBS = frozenset({"usually", "often", "also", "mainly", "mostly", "always", "never",
                      "sometimes", "generally", "typically", "only", "still", "later",
                      "rarely", "largely", "already", "now", "then", "just", "even"})


def _subject(text: str) -> str | None:
    """The subject at the start of `text`: `text.subject_of`, or an opening pronoun."""
    subject = subject_of(text)
    if subject and text.startswith(subject):
        # a determiner alone is no subject ('The first measles dose …' misread), nor words
        # that hold a verb, a clause or an opening ('When the filter …')
        words = [w.strip(",;").lower() for w in subject.split()]
        if subject.lower() in _DETERMINERS or "," in subject or words[0] in _OPENERS or \
                any(w in _HELPERS or w in _HAVE or w in _CLAUSE_WORDS for w in words):
            return None
        return subject
    return opening_pronoun(text)


def _imperative(text: str) -> bool:
    """'Replace it every three months', 'Open Settings, go to Privacy': a sentence opening
    with a plain verb, no subject before it and an object or 'and' after it."""
    tokens = text.split()
    if len(tokens) < 2 or (subject_of(text) is not None and tokens[0].lower() not in _COMMANDS):
        return False
    first, second = tokens[0], tokens[1].strip(",;")
    if first.lower() in _COMMANDS:
        return True
    return first.isalpha() and first[:1].isupper() and first[1:].islower() and \
        first.lower() not in _DETERMINERS | SUBJECT_PRONOUNS | _OPENERS and \
        not first.lower().endswith(("ed", "ing")) and \
        second.lower() in _IMPERATIVE_OBJECTS


def _plural(subject: str) -> bool:
    last = subject.split()[-1].lower()
    return last in {"they", "we", "you", "i"} or (last.endswith("s") and
                                                   not last.endswith("ss"))


def _has_verb(text: str) -> bool:
    words = [w.strip(",;").lower() for w in text.split()]
    return any(w in AUXILIARIES or is_past_form(w) or w in _HAVE for w in words) or \
        subject_of(text) is not None


def _base_of(verb: str, subject: str) -> tuple[str | None, str]:
    """(base form, 'do' / 'does' / 'did') of a finite verb, or (None, '') where the rules
    cannot tell its base ('opened' may be 'open' or 'opene')."""
    if not verb.isalpha() or not verb.islower():
        return None, ""
    if verb in IRREGULAR_BASE:
        return IRREGULAR_BASE[verb], "did"
    if is_past_form(verb):
        return _regular_past_base(verb), "did"
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")):
        return _present_base(verb), "does"
    if _plural(subject):
        return verb, "do"  # 'Honeybees make …': a plural subject's base form
    return None, ""


def _regular_past_base(verb: str) -> str | None:
    stem = verb[:-2]
    if verb.endswith("ied"):
        return verb[:-3] + "y"
    if stem.endswith(("uat", "iat", "creat")):
        return stem + "e"  # 'graduated', 'initiated', 'created'
    if len(stem) >= 4 and stem.endswith(("en", "er", "on")):
        return stem  # 'opened', 'entered', 'abandoned'
    if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in "lsfz":
        return stem[:-1]  # 'stopped' → 'stop'
    if stem.endswith(("c", "g", "s", "v", "z", "u")) and not stem.endswith(("ss", "ng")):
        return stem + "e"  # 'used', 'changed', 'released', 'served' → '…e'
    if len(stem) >= 2 and stem[-1] not in "aeiou" and stem[-2] not in "aeiou":
        return stem  # 'founded', 'designed', 'helped', 'called', 'passed'
    if len(stem) >= 3 and stem[-2] in "aeiou" and stem[-3] in "aeiou":
        return stem  # 'treated', 'rained', 'joined'
    return None


def _present_base(verb: str) -> str:
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def _subject_in_question(subject: str) -> str:
    """The subject as it reads inside a question: 'The bridge' → 'the bridge', 'Bulk
    fermentation' → 'bulk fermentation'; a name keeps its capitals ('Ana Ruiz', 'Neptune')."""
    tokens = subject.split()
    ordinary = len(tokens) > 1 and tokens[0][1:].islower() and tokens[1].islower()
    return subject[:1].lower() + subject[1:] if ordinary or _plain_opening(subject) else subject


def _plain_opening(text: str) -> bool:
    first = (text.split() or [""])[0]
    return first.lower() in _DETERMINERS or (first.istitle() and first.lower() in
                                             {"it", "they", "there", "you", "we"})


def _squeeze(text: str) -> str:
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r",(?:\s*,)+", ",", text)
    return re.sub(r"\s{2,}", " ", text).strip(" ,;")


def _sentence(text: str) -> str:
    text = _squeeze(text).rstrip(" ,;:.")
    return text[:1].upper() + text[1:] + "?"
