"""Features and verdicts: does a sentence answer a question; is a claim backed by the sources.

Pure functions over precomputed unit vectors (`Vectors`: text → vector). Every verdict
carries a reason a person can check and the features behind it in `detail`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ...comparisons import nation
from ...text import (
    DO_SUPPORT,
    HEDGES_BEFORE_NOT,
    STOPWORDS,
    asks_yes_or_no,
    has_verb,
    is_past_form,
    reply_polarity,
    sentences,
    with_question_antecedent,
    words,
)
from ..base import Verdict
from .answer_shape import (
    MATTERS_WORDS,
    compared_pair,
    gives_a_cause_of_the_asked,
    has_shape,
    open_kind,
    people_in_the_gap,
    says_a_cause,
    tells_how_it_comes_about,
)
from .citations import markers_before_stops, strip_citations
from .contradiction import (
    CALENDAR_WORDS,
    CLAIM_PARTS,
    Clash,
    clash,
    is_warning,
    measures_stated,
    missing_numbers,
    name_key,
    roughly_said,
    same_quantities,
)
from .features import (
    ASKS_SINCE,
    MONTHS,
    SINCE_WHEN,
    YEAR,
    defines_the_asked,
    denied_complements,
    entities,
    expected_answer,
    gives_a_time_to_act,
    holiday_words,
    is_instruction,
    names_and_opener,
    negation_mismatch,
    numbers,
    opening_name,
    opinion_words,
    overstates,
    prices_at_nothing,
    speaker_words,
    spelled_otherwise,
)
from .memo_bounds import MEMO_ENTRIES
from .opposites import paired_complements
from .params import Linear
from .synonyms import able_forms, acronym_parts, compound_parts, with_broader, written_out
from .synonyms import judge_stems as content_stems
from .text import (
    MEANS_LISTED,
    OPENS_WITH_A_QUANTITY,
    PRONOUNS,
    asked_deed,
    coverage,
    list_items_as_sentences,
    place_of_scope,
    question_focus,
    says_of_a_deed,
    subject_of,
)

Vectors = Mapping[str, object]


class Blend(Protocol):
    """Combines the rules' support probability with a second opinion (verifier.py's fitted
    blend for one claim's sources)."""

    threshold: float
    vetoes_applied: bool
    version: str

    def probability(self, rules_probability: float, second_opinion: float) -> float: ...


INSTRUCTION_REASON = "reads as an instruction to the judge, not as content; no credit given"


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of a passage, with the words its pronouns may stand for."""

    text: str
    stems: frozenset[str]
    context: frozenset[str]  # stems of the passage subject, used when the sentence has a pronoun
    passage: int
    position: int
    bare: bool = False  # a bare answer ('Canberra.', 'In 1989.'), read with its question
    # a rule on what a permission question asks to do, read as essential to it ('Staff in
    # their probation period must work in the office.' to 'How many days a week can I work
    # from home?'): it counts as an answer of the kind asked (`essential` only)
    rule: bool = False

    @property
    def reach(self) -> frozenset[str]:
        return self.stems | self.context


def bare_answer(text: str) -> tuple[Sentence, ...]:
    """A reply too short to state anything on its own, as the one sentence to judge: it
    stands in the gap of the question it answers (see `relevance`)."""
    return (Sentence(text.strip(), content_stems(text), frozenset(), 0, 0, bare=True),)


# a question offering options to choose from: 'A or B?', 'Between A and B, who …?', 'A and B
# are both …, but which one …?'
_OFFERS_CHOICE = re.compile(r"\bor\b|\bbetween\b.+\band\b|\bwhich (?:one|of (?:the two|them|"
                            r"these|those|both))\b", re.IGNORECASE)
# a yes or no qualified by when or where it holds: 'Only on the first Sunday of the month.',
# 'Not on public holidays.' (not 'Not sure.')
_QUALIFIERS = r"(only|except|not|never|always|usually|mostly|sometimes|rarely|seldom|" \
    r"occasionally|often|generally)"
QUALIFIED_REPLY = re.compile(
    rf"^{_QUALIFIERS}\s+(?:on|in|at|for|from|during|after|before|until|between|with|without|"
    r"if|when|while|once|by|within|under|over)\b", re.IGNORECASE)
# the qualifier alone stands for its reply once that has been read as one (judge._leading_reply)
# a yes or no said by how often it holds: 'Rarely.', 'Not usually.', 'Hardly ever.'
HOW_OFTEN = r"(?:hardly ever|almost never|(?:(?:very|only|not|quite) )?(?:rarely|seldom|" \
    r"occasionally|sometimes|usually|often|always|never|generally|mostly))"
_YES_NO_REPLY = re.compile(rf"^not (?:quite|really|exactly|entirely|as such)[.!]?$|"
                           rf"^{HOW_OFTEN}[.!]?$|"
                           # a hedged no: 'Usually not.', 'Probably not.', advice against:
                           # "It's better not to." (a reply, though no statement a source can
                           # back: see text.reply_polarity)
                           rf"^(?:{'|'.join(HEDGES_BEFORE_NOT)}) not[.!]?$|"
                           r"^(?:it['’]s|it is)\s+(?:better|best|wiser|safer)\s+not(?:\s+to)?"
                           r"\s*[.!]?$|"
                           r"^(?:yes|no|yeah|yep|nope|correct|incorrect|true|false|very|"
                           r"extremely|highly|absolutely|definitely|certainly)\b|"
                           + QUALIFIED_REPLY.pattern[1:] + rf"|{_QUALIFIERS}[.!]?$",
                           re.IGNORECASE)


# 'These usually pass within two days.': it speaks of what the sentence before spoke of
_DEMONSTRATIVES = frozenset({"these", "those"})


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def passage_sentences(text: str, passage: int = 0) -> tuple[Sentence, ...]:
    # a list item carries its lead-in line ('You will need:' / '- your current passport')
    parts = [strip_citations(p) for p in
             sentences(markers_before_stops(list_items_as_sentences(text)))]
    antecedent: frozenset[str] = frozenset()  # the closest earlier subject: what 'it' names
    page: tuple[frozenset[str], frozenset[str]] | None = None  # the first subject, its sentence
    out = []
    for i, part in enumerate(parts):
        first_words = {w.lower() for w in words(part)[:12]}
        context = antecedent if i > 0 and first_words & (PRONOUNS | _DEMONSTRATIVES) \
            else frozenset()
        if page is not None and _names_the_page_kind(part, page[1]):
            context = context | page[0]  # 'The company processes …': what the page is about
        if i > 0 and _DEMONSTRATIVES & {w.lower() for w in words(part)[:1]}:
            # 'These usually pass within a week.' is read with the sentence before, which
            # says what 'These' are
            part = f"{parts[i - 1]} {part}"
        out.append(Sentence(part, with_broader(content_stems(part)), context, passage, i))
        subject = subject_of(part)
        if subject:
            antecedent = content_stems(subject)
            if page is None:
                page = (antecedent, content_stems(part))
    return tuple(out)


# the kind of thing a page is about, as its later sentences name it ('The company …')
_PAGE_KINDS = content_stems("company firm business organisation organization")
_THE_KIND = re.compile(r"^(?:The|This)\s+([a-z]+)\b")


def _names_the_page_kind(sentence: str, first: frozenset[str]) -> bool:
    """Whether a later sentence opens by naming the page's subject by its kind: 'The species
    flies in May.' on a page opening 'Dasypoda radchenkoi is a species of bee.', or 'The
    company …' on a firm's page."""
    match = _THE_KIND.match(sentence)
    if not match or sentence[match.end():].lstrip().startswith("of "):
        return False
    kind = content_stems(match[1])
    return bool(kind) and (kind <= first or kind <= _PAGE_KINDS)


_OPENING_PRONOUNS = frozenset({"it", "he", "she", "they"})
# a hedge before a reply's opening pronoun: 'Most often it's …', 'Usually, they …'
_HEDGE_BEFORE_A_PRONOUN = re.compile(
    r"^\s*(?P<hedge>(?:(?:most|very|quite)\s+)?(?:often|usually|mostly|mainly|generally|"
    r"typically|normally|commonly|probably|in most cases|most of the time))\s*,?\s+"
    r"(?=(?:it|they|he|she)\b)", re.IGNORECASE)
_PRONOUN_AND_BE = re.compile(r"^(?:it|they|he|she)(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were)\s+",
                             re.IGNORECASE)
_OPENING_CONTRACTION = re.compile(r"^\s*(It|He|She|They)['’](s|re)\b", re.IGNORECASE)
_CONTRACTED = {"s": "is", "re": "are"}


_OPENING_QUANTIFIER = re.compile(r"^\s*(?:(?:almost|nearly|virtually|practically)\s+all|most|many|"
                                 r"some|all|a few|few|none|the (?:vast )?majority)(?:\s+of\s+"
                                 r"(?:them|these|those))?\s+(?:are|is|were|was|have|has|can|"
                                 r"cannot|can['’]t|will|won['’]t|do|don['’]t|aren['’]t|isn['’]t|"
                                 r"need|needs|may|might|should)\b", re.IGNORECASE)


def with_question_subject(question: str, parts: tuple[Sentence, ...]) -> tuple[Sentence, ...]:
    """The reply's sentences with what their pronouns stand for in the question: an opening
    pronoun (`_with_the_subject_first`) and a 'one' standing for the thing asked about
    (`_with_the_one_asked_about`)."""
    return _with_the_one_asked_about(question, _with_the_subject_first(question, parts))


# 'without one', 'you'll need one': 'one' standing for a thing named before (not 'one of',
# 'one day', 'one more')
_ONE_FOR_A_THING = re.compile(r"\b(?:without|need|needs|needed|get|gets|got|have|has|had|buy|"
                              r"bought|bring|carry|require|requires|apply for|want|order|"
                              r"book|hold|holding|use|uses|used|using|wear|hire|rent|borrow)"
                              r"\s+one\b(?=\s*(?:[.,;:!)]|$|\s+(?:if|"
                              r"unless|when|before|after|for|to|in|at|on|as|until|from|"
                              r"anyway|first|either|too|yet|now)\b))", re.IGNORECASE)
# the thing a yes/no question asks the asker needs, has or gets: 'Do I need a visa to …?'
_THE_THING_ASKED_ABOUT = re.compile(r"^(?:do|does|did|can|could|should|must|will|would|is|are|"
                                    r"am)\b[^?]*?\b(?:need|needs|have|has|get|buy|bring|carry|"
                                    r"require|requires|want|order|book|hold|use|wear|hire|"
                                    r"rent|borrow)\s+(?P<named>(?:a|an)\s+"
                                    r"(?P<thing>(?:[a-z-]+\s+){0,2}?[a-z-]+))(?=\s+(?:to|for|"
                                    r"in|on|at|from|with|if|when|before|after|while|or)\b|"
                                    r"\s*[?,]|$)", re.IGNORECASE)


def _with_the_one_asked_about(question: str,
                              parts: tuple[Sentence, ...]) -> tuple[Sentence, ...]:
    """'As a British tourist you can stay up to 90 days without one.' to 'Do UK citizens need
    a visa …?': its 'one' is the visa, and the sentence is read with it in its place ('…
    without a visa.')."""
    asked = _THE_THING_ASKED_ABOUT.match(question.strip())
    if not asked:
        return parts
    thing = content_stems(asked["thing"])
    out = []
    for s in parts:
        one = _ONE_FOR_A_THING.search(s.text)
        if one and thing - s.stems:
            said = f"{s.text[:one.end() - 3]}{asked['named']}{s.text[one.end():]}"
            s = replace(s, text=said, stems=content_stems(said))
        out.append(s)
    return tuple(out)


def _with_the_subject_first(question: str, parts: tuple[Sentence, ...]
                            ) -> tuple[Sentence, ...]:
    """A reply whose first sentence opens with a pronoun that nothing before it names ('What is
    the Tarn fair?' 'It is a cattle market …'): the pronoun stands for the question's subject,
    and the sentence is read with the subject in its place ('The Tarn fair is a cattle market
    …'); only a subject the question names as such, not words of what it asks. An 'it' later
    in the sentence ('Lene Aas won it.') gives the sentence the subject's words as the
    context its pronoun stands for."""
    if not parts or parts[0].context or parts[0].position != 0:
        return parts
    first = parts[0]
    hedge = _HEDGE_BEFORE_A_PRONOUN.match(first.text)
    if hedge:  # 'Most often it's overwatering.' is read as "It's most often overwatering."
        rest = first.text[hedge.end():]
        verb = _PRONOUN_AND_BE.match(rest)
        rest = f"{verb[0]}{hedge['hedge'].lower()} {rest[verb.end():]}" if verb else rest
        first = replace(first, text=f"{rest[:1].upper()}{rest[1:]}")
        parts = (first, *parts[1:])
    if _OPENING_CONTRACTION.match(first.text):  # "It's 25p a day." reads as 'It is 25p a day.'
        expanded = _OPENING_CONTRACTION.sub(lambda m: f"{m[1]} {_CONTRACTED[m[2].lower()]}",
                                            first.text, count=1)
        first = replace(first, text=expanded)
        parts = (first, *parts[1:])
    written = words(first.text)
    tokens = [t.lower() for t in written]
    if (tokens[:1] or [""])[0] not in _OPENING_PRONOUNS:
        # 'Lene Aas won it for the Vika school.' to 'Who won the Kessel Prize …?': an 'it'
        # later in the first sentence stands for the question's subject, which the sentence
        # does not name itself
        # (so does an opening 'Its' / 'Their': 'Its battery lasts …' to 'How long does the
        # Lumen X2 battery last?', a chunk cut from the page that named the camera)
        # (and so does an opening 'You': 'You need 200 g of flour, …' to 'What does the
        # batter need?' tells the asker what the thing asked about takes)
        # (and so does a quantifier standing as the subject: 'Almost all are harmless.' to
        # 'Are house spiders dangerous?')
        focus = question_focus(question, head_nouns=True) \
            if _it_of_the_question(written) or tokens[:1] in (["its"], ["their"], ["you"]) or \
            _OPENING_QUANTIFIER.match(first.text) else None
        thing = content_stems(focus) - first.stems if focus else frozenset()
        return (replace(first, context=thing), *parts[1:]) if thing else parts
    done = _WHY_WE_DO_IT.match(question.strip())
    if done and tokens[:1] == ["it"]:
        # 'Why do we sneeze?' 'It's a reflex that …': 'it' is the sneezing
        return (replace(first, context=content_stems(done["verb"]) - first.stems), *parts[1:])
    deed = asked_deed(question) if says_of_a_deed(first.text) else None
    if deed:  # 'Can I bring my own wine?' 'It is not allowed on Fridays.'
        resolved = f"{deed[:1].upper()}{deed[1:]}{first.text.strip()[2:]}"
        return (replace(first, text=resolved, stems=content_stems(resolved)), *parts[1:])
    resolved = with_question_antecedent(question, first.text)
    used = _THINGS_THE_ASKER_USES.match(question.strip())
    if not resolved and used and tokens[:1] == ["they"]:
        # 'Should I use cotton buds to clean my ears?' 'They can push wax deeper.': 'they'
        # are the things the asker would use
        thing = content_stems(used["things"]) - first.stems
        return (replace(first, context=thing), *parts[1:]) if thing else parts
    focus = question_focus(question, head_nouns=True)
    if not resolved or not focus:
        return parts
    thing = content_stems(resolved) - first.stems
    # (the subject may carry the place the question holds in: 'The standard rate of VAT in
    # the UK is 20%.')
    subject = content_stems(focus) | content_stems(place_of_scope(question) or "")
    if not thing or not (thing <= subject or DO_SUPPORT.match(question.strip())):
        return parts  # (after 'What does X do …?' the pronoun is X: with_question_antecedent)
    return (replace(first, text=resolved, stems=content_stems(resolved)), *parts[1:])


# what things can do, said of them by 'they': 'They can push wax deeper.' (not 'They can be
# bought …')
_WHAT_THEY_CAN_DO = re.compile(r"^they\s+(?:can|may|could|might|will|often|tend to)\s+"
                               r"(?:also\s+|easily\s+)?(?!be\b|get\b|buy\b)[a-z]{3,}\b",
                               re.IGNORECASE)
# 'Why do we sneeze?': a deed of people at large, which a reply's opening 'It' stands for
_WHY_WE_DO_IT = re.compile(r"^why do (?:we|you|people|humans|i) (?P<verb>[a-z]+)\s*\?*$",
                           re.IGNORECASE)
# a yes/no question on something the asker would do with things named in the plural
_THINGS_THE_ASKER_USES = re.compile(r"^(?:should|can|may|must|could|do|is it ok to)\s+(?:(?:i|we|"
                                    r"you)\s+)?[a-z]+\s+(?:my\s+|our\s+|your\s+)?"
                                    r"(?P<things>(?:[a-z-]+\s+){0,2}[a-z-]{3,}s)\b",
                                    re.IGNORECASE)


def _it_of_the_question(tokens: Sequence[str]) -> bool:
    """'Lene Aas won it …', 'The Nordic Society of Architects awards it': an 'it' after a
    name and one verb, where nothing before it could be what 'it' stands for (not 'Gunn began
    work on the film and said it …': the film is)."""
    lower = [t.lower() for t in tokens]
    if "it" not in lower[1:]:
        return False
    before = tokens[:lower.index("it", 1)]
    plain = [t for t in before if t[:1].islower() and t.lower() not in STOPWORDS]
    return len(before) <= 6 and len(plain) <= 1 and before[0][:1].isupper()


def joined_passage_sentences(text: str) -> tuple[Sentence, ...]:
    """A text joined from several sources ("\\n\\n") keeps each part's sentences."""
    blocks = [b for b in text.split("\n\n") if b.strip()]
    return tuple(s for j, b in enumerate(blocks) for s in passage_sentences(b, j))


def shortlist(wanted: frozenset[str], parts: Sequence[Sentence], k: int = 16
              ) -> tuple[Sentence, ...]:
    """At most `k` sentences sharing the most words with `wanted`, in reading order.

    Long sources (web pages) would otherwise send hundreds of sentences through the encoder
    for one claim; a sentence sharing no word with the claim rarely decides a verdict.
    """
    if len(parts) <= k:
        return tuple(parts)
    ranked = sorted(range(len(parts)), key=lambda i: (-len(wanted & parts[i].reach), i))[:k]
    return tuple(parts[i] for i in sorted(ranked))


# Words that name the kind of answer wanted, not its content: 'What are the names of the two
# moons of Mars?' is answered by 'The two moons of Mars are Phobos and Deimos.', and 'How many
# weeks of leave do employees get?' by '... entitled to 16 weeks of leave' (the 'how' degree
# words ask for a quantity; no answer repeats them); 'What is the Atacama known for?' by what
# it is known for, which seldom says 'known')
FRAME_STEMS = content_stems("name names year date number amount percentage location called "
                            "many much long old age far often big large tall high deep wide "
                            "known famous noted renowned share proportion fraction")


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def question_stems(question: str) -> frozenset[str]:
    """Content stems of a question, less the words that only name the kind of answer."""
    stems = content_stems(question)
    if _WHAT_HAPPENS.match(question):  # 'What happens to X …?' is answered by what X does
        stems -= _HAPPEN
    if _HOW_EARLY.search(question):  # 'How early …?' asks for a time, which no reply calls early
        stems -= _EARLY
    works = _HOW_IT_WORKS.match(question)
    if works and content_stems(works["subject"]):
        # 'How does a tiebreak work in tennis?': a reply says what the tiebreak does, not
        # 'work', and seldom names the scope ('in tennis')
        stems = content_stems(works["subject"])
    return (stems - FRAME_STEMS) or stems


_WHAT_HAPPENS = re.compile(r"^\s*what (?:happens|happened|will happen|would happen)\b",
                           re.IGNORECASE)
_HAPPEN = content_stems("happen")
_HOW_IT_WORKS = re.compile(r"^\s*how (?:does|do|did|can|will) (?P<subject>.+?) (?:work|function|"
                           r"operate)\b", re.IGNORECASE)
_HOW_EARLY = re.compile(r"\bhow (?:early|late)\b", re.IGNORECASE)
_EARLY = content_stems("early late")


# A sentence this close to the question is about what it asks, whatever its words.
ON_POINT_COSINE = 0.6

# a who- or which-question, and a reply naming the doer with an auxiliary standing for the
# question's verb: 'Who sealed Magna Carta?' 'King John did, …'; 'Which dynasty built it?'
# 'The Ming did.'
_ASKS_WHO_OR_WHICH = re.compile(r"^(?:who|which\s+[a-z]+)\b", re.IGNORECASE)
_A_NAME_THEN_ITS_AUXILIARY = re.compile(
    r"^(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:[A-Z][\w'’.-]*|of|de|van|von|da|and))*\s+(?:did|does|do|"
    r"was|were|is|are|has|have|had|will|can|could)\s*(?:[,.;:!—–]|$)")

# A question ending in its subject and a light verb asks nothing of the subject beyond what
# is named before it: 'How many weeks of leave do employees get?', 'How many moons does Mars
# have?' are answered by 'Staff are entitled to 16 weeks of leave.', 'Mars has two moons.'
_LIGHT_VERB_TAIL = re.compile(
    r"\b(?:do|does|did|will|would|can|could|should|must)\s+(?:\S+\s+){1,4}?"
    r"(?:get|have|take|receive|need|do|make|see)\s*\?*$", re.IGNORECASE)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def predicate_stems(question: str) -> frozenset[str]:
    """What a question asks about its subject: 'When was PharmaCann founded?' → {found}."""
    if _LIGHT_VERB_TAIL.search(question.strip()):
        return frozenset()
    focus = question_focus(question)
    asked = question_stems(question) - (content_stems(focus) if focus else frozenset())
    after = question.split(focus, 1)[1].split() if focus and focus in question else []
    if after and after[0].isalpha() and after[0].islower():
        # a word of the subject may be the verb right after it too: 'How does a heat pump
        # heat a house?' asks of heating
        asked |= question_stems(question) & content_stems(after[0])
    asked -= content_stems(place_of_scope(question) or "")  # '… in England?': where it holds
    asked = (asked - _NOW_WORDS) or asked  # 'the current CEO': a reply says who, not 'current'
    if asked and asked <= _PLACEHOLDERS:
        return frozenset()  # 'Who is the CEO of the company?': any sentence names the firm
    if asked and asked <= _WORKING and question.lower().startswith("how"):
        # 'How does a tiebreak work?': no answer says 'work', it says what happens (the answer
        # shape checks that)
        return frozenset()
    if asked & _WHY_IT_MATTERS_WORDS and question.lower().startswith("why"):
        # 'Why is the survey important?': no answer says 'important', it says what the survey
        # did (the answer shape checks that)
        return frozenset()
    return (asked - _LIGHT_VERBS) or asked


_WHY_IT_MATTERS_WORDS = content_stems(" ".join(MATTERS_WORDS))
_WORKING = content_stems("work works function functions operate operates")
_NOW_WORDS = content_stems("current currently present presently now today latest")
# 'get' asks nothing an answer repeats: 'At what age should children get the second dose?' is
# answered by 'The second dose is recommended at 4 to 6 years.'
_LIGHT_VERBS = content_stems("get gets got getting")
# nouns a question uses for the thing its sources name ('the company', 'the app'): an answer
# says 'Brightline', not 'the company'
_PLACEHOLDERS = content_stems("company firm business organisation organization app "
                              "application website platform shop hotel school")


def cosine(vectors: Vectors, a: str, b: str) -> float:
    import numpy as np

    return float(np.dot(vectors[a], vectors[b]))


def short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# 'What are the symptoms of iron deficiency?', 'What is the notice period for resigning?': the
# words before the first preposition name what is asked of the subject after it
_ATTRIBUTE_QUESTION = re.compile(
    # (and 'Who is the current CEO of the company?': the role asked, which a reply names)
    r"^(?:what|which|who)\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:(?:current|new|former|present|first|last)\s+)?"
    r"(?P<head>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+"
    r"(?:of|for|in|on|at|to|with|about|under|after|during|when|if)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def asked_attribute(question: str) -> frozenset[str]:
    """The stems of the attribute an all-subject question asks for ('symptom' of 'What are the
    symptoms of iron deficiency?'), which a reply names while leaving the rest to the question
    ('Symptoms include tiredness, …'); empty for other questions."""
    plain = " ".join(question.split())
    match = _ATTRIBUTE_QUESTION.match(plain) or _COUNTED.match(plain)
    return (content_stems(match["head"]) - FRAME_STEMS) if match else frozenset()


# 'How many players are on a rugby union team?': the thing counted, which an answer names
# with its number ('There are 15 players on the field.'); so is the thing measured of 'How
# much notice do I have to give …?' ('… must give at least one month's notice.')
_COUNTED = re.compile(r"^how (?:many|much)\s+(?P<head>[a-z][\w'-]*)\s+(?:are|were|is|was|do|does|"
                      r"did|can|could|will|would|should|have|has)\b", re.IGNORECASE)


# attributes a sentence names by the verb that gives them: the effects, symptoms or risks of X
# are what X causes ('X can cause nausea'), its benefits what it helps or improves
_EFFECT_VERBS = content_stems("cause causes caused lead leads trigger triggers result results")
_CAUSE_STEM = next(iter(content_stems("cause")))
# the words that name what a unit measures ('bar' gives a pressure, 'kg' a weight)
_MEASURE_WORDS = {"pressure": content_stems("pressure"),
                  "temperature": content_stems("temperature temp heat"),
                  "length": content_stems("length distance height depth width"),
                  "mass": content_stems("weight mass"), "speed": content_stems("speed"),
                  "volume": content_stems("volume capacity"), "power": content_stems("power"),
                  # ('How much storage do I get?' 'You get 15 GB.')
                  "data": content_stems("data allowance storage space")}
_SAID_BY_VERBS = tuple(
    (attribute, verbs) for names, verbs in (
        # what changed in a release is what it adds, fixes, removes or replaces
        ("change changes changed", content_stems(
            "add adds added fix fixes fixed remove removes removed drop drops dropped "
            "introduce introduces introduced replace replaces replaced rename renames renamed "
            "deprecate deprecates deprecated update updates updated upgrade upgrades upgraded")),
        ("effect symptom sign consequence impact complication", _EFFECT_VERBS),
        ("benefit advantage", content_stems("help helps improve improves reduce reduces lower "
                                            "lowers protect protects boost boosts prevent "
                                            "prevents relieve relieves ease eases")),
        ("risk danger", _EFFECT_VERBS | content_stems("increase increases raise raises")),
        # a deadline is when something closes or is due ('Applications close on 15 November.')
        ("deadline deadlines", content_stems("close closes closed due expire expires expired "
                                             "end ends ended")))
    for attribute in content_stems(names))


# a match's score as it is written ('3–1', '2-0'): it says the score a question asks for
_A_SCORE = re.compile(r"(?<![\d.,:])\d{1,3}\s?[–—-]\s?\d{1,3}(?![\d.,:])")
_SCORE_STEM = next(iter(content_stems("score")))
# 'How long does it take to renew a passport?' is answered by the time the thing takes to
# be done ('returned within one week', 'ready in 10 days'), not by how long a state lasts
# ('Passports are valid for ten years.')
_HOW_LONG_IT_TAKES = re.compile(r"\bhow (?:long|much time|many (?:days|weeks|months|hours|"
                                r"minutes|years)) (?:does|did|will|would|should|can|could|"
                                r"might|may) it (?:usually |normally |typically )?take\b",
                                re.IGNORECASE)
# 'How do I tell if an avocado is ripe?', 'How can you know when bread is done?'
_ASKS_HOW_TO_TELL = re.compile(r"^how (?:do|can|would|should|could) (?:i|you|we|one) (?:tell|know|"
                               r"check|see|find out|judge)\s+(?:if|whether|when)\b",
                               re.IGNORECASE)
# what a thing does, feels or looks like under a test: '… should give a little when you
# squeeze it', 'It sounds hollow when tapped'
_A_SIGN = re.compile(r"\b(?:should|will|would|feels?|looks?|sounds?|smells?|tastes?|turns?)\b"
                     r".*\b(?:when|if|once)\s+(?:you\b|[a-z]+ed\b|gently\b|lightly\b)",
                     re.IGNORECASE)
_TAKE = content_stems("take")
_LAST = content_stems("last lasts")
_HOW_LONG_IT_LASTS = re.compile(r"\bhow long (?:does|do|did|will|would|can|could|might|may) .+? "
                                r"last\b", re.IGNORECASE)
_IT_TAKES_A_SPAN = re.compile(r"\b(?:it|they)\s+(?:can\s+|may\s+|might\s+|could\s+|will\s+|"
                              r"usually\s+|normally\s+|often\s+|generally\s+)?"
                              r"(?:(?:takes?|took|lasts?|lasted|goes on for)\s+|"
                              # '… usually clears up within three weeks': when it ends
                              r"(?:clears?|cleared|goes|went|wears?|wore|dies?|died|settles?|"
                              r"settled)\s+(?:up|away|off|down)\s+(?:with)?in\s+|"
                              r"(?:passes|passed|fades?|faded|subsides?|subsided|heals?|healed|"
                              r"improves?|improved)\s+(?:with)?in\s+)"
                              r"(?:up to\s+|about\s+|"
                              r"around\s+|roughly\s+)?(?:\d|an?\b|one|two|three|four|five|six|"
                              r"seven|eight|nine|ten|a few|several)", re.IGNORECASE)
_A_TIME_TO_GET_DONE = re.compile(r"\b(?:within|takes?|took|taking)\b|\b(?:in|after) (?:about |"
                                 r"around |roughly |up to |under |less than )?(?:\d|(?:one|two|"
                                 r"three|four|five|six|seven|eight|nine|ten|twelve|a few|a "
                                 r"couple of)\b)", re.IGNORECASE)
# a sum of money, which says the compensation, refund or fee a question asks for ('payment' is
# read as 'pay', and 'Do children pay?' asks whether, not how much: the noun counts only where
# the question says it)
_MONEY_NOUNS = content_stems("compensation refund reimbursement allowance fee fine penalty "
                             "price cost charge salary wage deposit fare")
_PAYMENT = re.compile(r"\bpayments?\b", re.IGNORECASE)
_PAY = content_stems("payment")
_AN_AMOUNT = re.compile(r"[$€£¥]\s?\d|"
                        # a share of a sum: '25% of the ticket price', '2% of the excess'
                        r"\b\d[\d.]*\s?(?:%|percent|per cent) of (?:the |your |its |their )?"
                        r"(?:[\w-]+ )?(?:price|fare|cost|fee|amount|balance|excess|value|sum|"
                        r"salary|pay|rent|bill|total|loan)\b|"
                        r"\b\d[\d,.]*\s?(?:euros?|dollars?|pounds?|cents?|pence|"
                        r"francs?|kronor|krona|kroner|yen|yuan|rupees?|usd|eur|gbp|chf)\b",
                        re.IGNORECASE)


_STANDS_FOR = re.compile(r"\bwhat (?:does|do|did) (?:the (?:acronym|abbreviation) )?"
                         r"(?P<short>[A-Z][A-Z0-9&]{1,9}) stand for\b", re.IGNORECASE)


def _spells_out_asked(question: str, sentence: str) -> bool:
    """The sentence writes out the acronym 'What does X stand for?' asks about."""
    match = _STANDS_FOR.search(question)
    return bool(match) and written_out(match["short"].lower(), sentence) is not None


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def complement_stems(text: str) -> frozenset[str]:
    """The stems of what the words of `text` deny by being said ('closed' → open)."""
    return frozenset().union(*(content_stems(c) for w in set(words(text.lower()))
                               for c in paired_complements(w)))


# ---- relevance: does a sentence answer a question? ------------------------------------------

@dataclass(frozen=True, slots=True)
class Relevance:
    question: str
    sentence: Sentence
    features: Mapping[str, float]
    probability: float
    taken_by: str | None = None  # a sibling sub-question this sentence answers instead


def relevance(question: str, sentence: Sentence, vectors: Vectors, model: Linear,
              similarity: Callable[[str, str], float] | None = None, *,
              shaped: bool = False) -> Relevance:
    """`shaped` (the `answers` operation): an open question's answer type also needs the
    sentence to have the shape of its answer (answer_shape.py: a definition, a purpose, a
    cause, the asked verb or a means), not only to be about the subject."""
    wanted = question_stems(question)
    cos = similarity(question, sentence.text) if similarity else \
        cosine(vectors, question, sentence.text)
    if sentence.bare:
        return _bare_relevance(question, sentence, wanted, cos, model, shaped=shaped)
    if _PRO_VERB.search(sentence.text) and (verb := _asked_verb(question)):
        # 'Kittens do it to their mother …' to 'Why do cats knead?': 'do it' is the asked verb
        sentence = replace(sentence, stems=sentence.stems | verb)
    if _replies_in_kind(question, sentence) or _says_what_the_subject_does(question, sentence) \
            or prices_at_nothing(expected_answer(question).kind, sentence.text, question) or \
            _replies_to_the_point(question, sentence, wanted) or \
            _some_of_the_asked_do_it(question, sentence) or \
            _leaves_the_asked_deed_out(question, sentence):
        # read with its question, as a bare answer is ('It is free.' says who pays: no one)
        sentence = replace(sentence, stems=sentence.stems | wanted)
    opposed = complement_stems(sentence.text) & wanted - sentence.stems
    # 'It is closed on Sundays.' speaks of opening ('What are the opening hours?'), 'chief
    # executive officer' says the question's 'CEO'
    opposed |= content_stems(" ".join(acronym_parts(question, sentence.text))) & wanted
    if _spells_out_asked(question, sentence.text):  # 'NASA, the National Aeronautics …'
        opposed |= content_stems("stand") & wanted
    # 'Ibuprofen can cause stomach bleeding.' names a side effect by its verb
    opposed |= frozenset(a for a, verbs in _SAID_BY_VERBS if a in wanted and verbs & sentence.stems)
    # '… the gauge should read between 1 and 1.5 bar' gives the pressure asked about (and 'You
    # get 15 GB.' is read with its question, as a reply in the asked measure)
    measured = wanted & frozenset().union(*(_MEASURE_WORDS.get(m, frozenset())
                                            for m in measures_stated(sentence.text)))
    opposed |= wanted if measured and (words(sentence.text) or [""])[0].lower() in \
        _REPLY_SUBJECTS else measured
    if _ASKS_WHO_OR_WHICH.match(question.strip()) and \
            _A_NAME_THEN_ITS_AUXILIARY.match(sentence.text):
        opposed |= wanted  # 'Who sealed Magna Carta?' 'King John did, at Runnymede …'
    if _CAUSE_STEM in wanted and says_a_cause(sentence.text):
        opposed |= {_CAUSE_STEM}  # 'What causes the tides?' 'The Sun's gravity plays a part …'
    if _SCORE_STEM in wanted and _A_SCORE.search(sentence.text):  # 'beat United 3–1'
        opposed |= {_SCORE_STEM}
    if wanted & _REQUIREMENT_STEMS and _A_REQUIREMENT.search(sentence.text):
        opposed |= wanted & _REQUIREMENT_STEMS  # 'Your passport must be valid …'
    if wanted >= _TAKE and _HOW_LONG_IT_TAKES.search(question) and \
            _A_TIME_TO_GET_DONE.search(sentence.text):
        opposed |= _TAKE  # 'A fast-track service returns the passport within one week.'
    if wanted & _LAST and _HOW_LONG_IT_LASTS.search(question) and \
            _IT_TAKES_A_SPAN.search(sentence.text):
        # 'How long does jet lag last?' '… it can take up to a week': 'it' is jet lag, and its
        # taking that long is how long it lasts
        opposed |= wanted
    used = _THINGS_THE_ASKER_USES.match(question.strip()) if sentence.context else None
    if used and sentence.context <= content_stems(used["things"]) and \
            _WHAT_THEY_CAN_DO.match(sentence.text):
        # 'Should I use cotton buds …?' 'They can push wax deeper.': what the things can do,
        # for good or ill, is why to use them or not
        opposed |= wanted
    if _ASKS_HOW_TO_TELL.search(question) and _A_SIGN.search(sentence.text) and \
            (words(sentence.text) or [""])[0].lower() in PRONOUNS | {"the", "a", "an"}:
        # 'How do I tell if an avocado is ripe?' 'It should give a little when you squeeze
        # it …': what it does under a test the asker makes is the sign asked for
        opposed |= wanted
    money = wanted & (_MONEY_NOUNS | (_PAY if _PAYMENT.search(question) else frozenset()))
    if money and _AN_AMOUNT.search(sentence.text):  # '… entitled to 250 euros'
        opposed |= money
    # 'What is the difference between a virus and a bacterium?' is answered, in part, by what
    # one of the two is or does ('Viruses are much smaller …')
    pair = compared_pair(question)
    if pair and any(side and side <= sentence.stems for side in pair) and has_verb(sentence.text):
        opposed |= wanted
    if opposed:
        sentence = replace(sentence, stems=sentence.stems | opposed)
    cover = coverage(wanted, sentence.reach)
    asked = predicate_stems(question)
    predicate = coverage(asked, sentence.stems) if asked else cover
    # the answer type counts only when the sentence is about what is asked (a predicate word
    # or a close paraphrase), not for any date or name in a sentence on the same subject
    # (a question that is all subject, 'What are the names of the two moons of Mars?', needs
    # most of its words in the sentence instead)
    # (a reply may name only the attribute asked: 'Symptoms include …')
    # (a sentence opening with a pronoun speaks of what the pronoun stands for: 'It assigns a
    # value …' after '… the walrus operator …', to 'What does the walrus operator do?')
    # (closeness alone does not put a sentence on the point of a yes/no question that asks
    # something of its subject: 'Kombucha is a fermented tea from China.' says nothing of
    # whether it contains alcohol)
    on_point = (bool(asked & sentence.reach) if asked else cover >= 0.5) or \
        (cover >= 0.5 and bool(ASKS_SINCE.search(question)) and
         bool(SINCE_WHEN.search(sentence.text))) or \
        bool(asked_attribute(question) & sentence.stems) or \
        (cos >= ON_POINT_COSINE and not (asked and asks_yes_or_no(question)))
    typed = 1.0 if on_point and (sentence.rule or
                                 expected_answer(question).present(sentence.text, question)) \
        else 0.0
    if typed and shaped and expected_answer(question).kind == "any" and \
            not has_shape(question, sentence.text, sentence.stems, sentence.context):
        typed = 0.0
    extra = sentence.stems - wanted
    # novelty stands in for "says something the question does not" when the kind of answer
    # is unknown; a sentence holding an answer of the asked kind (a date for 'when', a name
    # for 'who' or 'which planet') has it, however short it is ('Mercury is the planet
    # closest to the Sun.')
    novelty = 1.0 if typed and (expected_answer(question).kind != "any" or
                                _decides(question, sentence, wanted, asked)) else \
        min(1.0, len(extra) / 4.0)
    features = {"cosine": round(cos, 4), "coverage": round(cover, 4),
                "predicate": round(predicate, 4),
                "answer_type": typed, "novelty": round(novelty, 4),
                "predicate_x_type": round(predicate * typed, 4),
                "cosine_x_type": round(cos * typed, 4)}
    return Relevance(question, sentence, features, model.probability(features))


# the subject of a reply that leaves what it speaks of to the question ('You must be 21 or
# older.', 'It costs 15 euros.')
_REPLY_SUBJECTS = PRONOUNS | {"you", "we", "i"}


# what a question about requirements or rules is answered by: a sentence saying what one must,
# need not or may not do ('What are the visa requirements?' 'Your passport must be valid …')
_REQUIREMENT_STEMS = content_stems("requirement requirements rule rules condition conditions")
_A_REQUIREMENT = re.compile(r"\b(?:must|need to|needs to|have to|has to|required|requires|"
                            r"cannot|can't|may not|not (?:permitted|allowed)|do not need|"
                            r"does not need|without a)\b", re.IGNORECASE)


def _decides(question: str, sentence: Sentence, wanted: frozenset[str],
             asked: frozenset[str]) -> bool:
    """A statement of what a yes/no question asks, affirmed or denied, leaving the rest of the
    question to it: 'Physics is not required.' to 'Is physics required for the engineering
    degree?'. It says nothing new, as a yes or a no says nothing new: the answer is whether it
    holds."""
    return asks_yes_or_no(question) and bool(asked & sentence.stems) and \
        coverage(wanted, sentence.stems) >= 0.5 and sentence.stems <= wanted and \
        has_verb(sentence.text)


# a verb standing for another: 'do it', 'doing this', 'does so'
_PRO_VERB = re.compile(r"\b(?:do|does|did|doing|done)\s+(?:it|this|that|so)\b", re.IGNORECASE)
_ASKS_WHY_IT_DOES = re.compile(r"^\s*(?:why|how(?: often)?|when|where)\s+(?:do|does|did)\s+"
                               r"(?P<rest>.+?)\s*\?*\s*$", re.IGNORECASE)


def _asked_verb(question: str) -> frozenset[str]:
    """The stems of the verb a 'Why do X …?' question asks about (the word after its
    subject): 'Why do cats knead?' → {knead}."""
    return _subject_and_verb(_ASKS_WHY_IT_DOES, question)[1]


def _subject_and_verb(asking: re.Pattern[str], question: str
                      ) -> tuple[str | None, frozenset[str]]:
    """(the question's subject, the stems of the word right after it) where `asking` matches
    the question and the `rest` it captures opens with that subject; (None, no stems)
    otherwise."""
    asked = asking.match(question)
    focus = question_focus(question)
    if not asked or not focus or not asked["rest"].lower().startswith(focus.lower()):
        return None, frozenset()
    after = asked["rest"][len(focus):].split()
    return focus, content_stems(after[0]) if after else frozenset()


_ASKS_WHETHER_IT_DOES = re.compile(r"^\s*(?:does|do|did|can|could|will|would)\s+(?P<rest>.+)$",
                                   re.IGNORECASE)


def _says_what_the_subject_does(question: str, sentence: Sentence) -> bool:
    """'Does the phone warranty cover water damage?' is answered, in part, by what the
    warranty does cover ('The warranty covers manufacturing defects.', 'It only covers
    defects.'): the sentence has the question's subject (or opens with a pronoun for it) and
    its verb. The question says what it speaks of."""
    focus, verb = _subject_and_verb(_ASKS_WHETHER_IT_DOES, question)
    if focus is None:
        return False
    head = content_stems(focus.split()[-1])
    first = (words(sentence.text) or [""])[0].lower()
    return bool(verb) and verb <= sentence.stems and bool(head) and \
        (head <= sentence.stems or first in PRONOUNS)


# the members of a kind a reply may name for the asked kind: 'Males sing …' to 'Why do
# humpback whales sing?'
_SOME_OF_A_KIND = frozenset({"males", "females", "adults", "juveniles", "young", "workers",
                             "queens", "calves", "chicks", "pups", "cubs", "babies", "adult",
                             "male", "female"})


# 'able to,', 'allowed to.': a 'to' whose verb is left out, as the question's
_A_DEED_LEFT_OUT = re.compile(r"\b(?:able|unable|allowed|permitted|free|have|has|had|need|needs|"
                              r"needed|want|wants|going|supposed|meant|used|ought|likely|"
                              r"required|expected)\s+to\b(?=\s*(?:[,.;:!)]|$)|\s+(?:if|unless|"
                              r"because|as long as|but|and|when|once|though|although|as well)"
                              r"\b)", re.IGNORECASE)


def _leaves_the_asked_deed_out(question: str, sentence: Sentence) -> bool:
    """'They're the only birds able to, because …' to 'Can hummingbirds fly backwards?': the
    verb left out after 'to' is the yes/no question's, so the sentence is read with it."""
    return " to" in sentence.text and bool(_A_DEED_LEFT_OUT.search(sentence.text)) and \
        asks_yes_or_no(question)


def _some_of_the_asked_do_it(question: str, sentence: Sentence) -> bool:
    """The sentence's subject is some members of the asked kind ('Males', 'Only the females')
    and it has the question's closing verb: it speaks of the asked thing, as a pronoun
    would."""
    tokens = [t.lower() for t in words(sentence.text)[:3]]
    while tokens and tokens[0] in {"the", "only", "mostly", "mainly", "usually", "just"}:
        tokens = tokens[1:]
    # (the question's last word, its verb in 'Why do humpback whales sing?'; not 'Only female
    # mosquitoes bite' to 'Why do mosquito bites itch?')
    last = (words(question) or [""])[-1]
    return bool(tokens) and tokens[0] in _SOME_OF_A_KIND and \
        bool(content_stems(last)) and content_stems(last) <= sentence.stems


def _replies_in_kind(question: str, sentence: Sentence) -> bool:
    """A reply whose subject is a pronoun, in the words of the kind of answer asked: 'You
    must be 21 or older.' to 'What is the minimum age to rent a car?' (age: old), 'It costs
    15 euros.' to 'What is the fee?'. The question says what it speaks of."""
    first = (words(sentence.text) or [""])[0].lower()
    # ('There are 15 players on the field.' to 'How many players are on a team?'; 'About once
    # every two weeks in spring, …' to 'How often should I water a cactus?': a reply that
    # opens with the quantity asked and has no verb of its own; not 'In 2015, Whitehead
    # began …')
    expected = expected_answer(question)
    return (first in _REPLY_SUBJECTS and
            bool(content_stems(question) & FRAME_STEMS & sentence.stems)) or \
        (first == "there" and bool(asked_attribute(question) & sentence.stems)) or \
        (expected.kind == "number" and bool(OPENS_WITH_A_QUANTITY.match(sentence.text)) and
         not has_verb(_RELATIVE_TAIL.sub("", sentence.text)) and
         expected.present(sentence.text, question)) or \
        (expected.kind == "person" and people_in_the_gap(question, sentence.text))


def _names_the_asked_thing(question: str, sentence: Sentence) -> bool:
    """A noun phrase without a verb whose head noun the why-question already names ('A coarse
    grind.' to 'Why should I use the grind for a cafetière?'): it says which thing, not why.
    A named cause ('Rayleigh scattering.' to 'Why is the sky blue?') has a head of its own."""
    tokens = words(sentence.text)
    if not tokens or has_verb(sentence.text) or \
            has_shape(question, sentence.text, sentence.stems, sentence.context):
        return False
    return content_stems(tokens[-1]) <= content_stems(question) and \
        bool(content_stems(tokens[-1]))


# a clause that only says which one the quantity is of: '… one day per time zone (that) you
# cross'
_RELATIVE_TAIL = re.compile(r"\s+(?:that\s+|which\s+)?(?:you|we|they|it)\s+[a-z]+(?:\s+[a-z]+)?"
                            r"\s*[.!]?\s*$", re.IGNORECASE)


def _bare_relevance(question: str, sentence: Sentence, wanted: frozenset[str], cos: float,
                    model: Linear, *, shaped: bool = False) -> Relevance:
    """A bare answer sits in the question's gap ('When did the Wall fall?' 'In 1989.'): it
    repeats none of the question's words because the question says them, so it is on the
    point asked; it answers when it has the kind of answer asked for (a date for 'when', a
    name for 'who', yes or no for a yes/no question) and something the question does not
    say, or one of the options a choice question offers ('A or B?' 'B')."""
    expected = expected_answer(question)
    yes_no = asks_yes_or_no(question)
    # ('Sometimes, yes.': a hedged yes; "They shouldn't be.": a pronoun and an auxiliary alone)
    replies = bool(_YES_NO_REPLY.match(sentence.text)) or reply_polarity(sentence.text) is not None
    chooses = bool(_OFFERS_CHOICE.search(question)) and bool(sentence.stems) and \
        sentence.stems <= content_stems(question)
    new = bool(sentence.stems - wanted) or (yes_no and replies) or chooses or \
        _new_symbols(sentence.text, question) or \
        (expected.kind == "number" and expected.present(sentence.text, question))
    # a named option answers 'Is A or B older?' as it answers 'Who is older, A or B?'
    replies = replies or (yes_no and narrows_the_subject(question, sentence.text))
    typed = 1.0 if new and (chooses or (replies if yes_no and expected.kind == "any" else
                                        expected.present(sentence.text, question))) else 0.0
    if typed and shaped and open_kind(question) == "manner" and \
            not _A_MEANS_ALONE.match(sentence.text) and not MEANS_LISTED.match(sentence.text) \
            and not has_shape(question, sentence.text, sentence.stems, sentence.context):
        typed = 0.0  # 'It's usually limescale.' says what, not how to stop it
    if typed and shaped and open_kind(question) == "reason" and \
            OPENS_WITH_A_QUANTITY.match(sentence.text) and \
            not has_shape(question, sentence.text, sentence.stems, sentence.context):
        typed = 0.0  # 'Between 12 and 16 hours a day.' says how long, not why
    if typed and not yes_no and open_kind(question) in {"reason", "manner"} and \
            reply_polarity(sentence.text) is not None:
        typed = 0.0  # 'No.' to 'Why can I put meat in my compost?' says no why
    if typed and shaped and open_kind(question) == "reason" and \
            _names_the_asked_thing(question, sentence):
        typed = 0.0  # 'A coarse grind.' to 'Why should I use the grind …?' says which, not why
    features = {"cosine": round(cos, 4), "coverage": 1.0, "predicate": 1.0,
                "answer_type": typed, "novelty": 1.0 if new else 0.0,
                "predicate_x_type": typed, "cosine_x_type": round(cos * typed, 4)}
    return Relevance(question, sentence, features, model.probability(features))


def narrows_the_subject(question: str, reply: str) -> bool:
    """A reply to a yes/no question saying for which of its subject's kind it holds: 'Do
    children travel free on the buses?' 'Children under 5 ride for free.' (a yes for some, a
    no for the rest). The reply names the subject, a word of what is asked of it and a
    bound or a share that narrows the subject."""
    focus = question_focus(question)
    subject = content_stems(focus) if focus else frozenset()
    said = content_stems(reply)
    return bool(subject) and subject <= said and \
        bool(predicate_stems(question) - subject & said) and \
        bool(_NARROWING.search(reply)) and not _NARROWING.search(question)


_NARROWING = re.compile(r"\b(?:under|over|aged|below|above|younger than|older than|up to|"
                        r"only|some|most|many|certain)\b|\bunder-\w", re.IGNORECASE)


# a bare means: 'With a paperclip.', 'In the settings menu.'
_A_MEANS_ALONE = re.compile(r"^\s*(?:with|in|on|at|from|into|under|inside|online|only|just|"
                            r"simply|carefully|gently|slowly|quickly)\b", re.IGNORECASE)


# 'How long does it take to renew a passport?': the 'it' is the deed, so an answer says the
# question's verb of another case of it ('With the urgent service it takes one week.'), or
# the deed's own verb ('Renewals are processed within six weeks.')
_DUMMY_IT = re.compile(r"\b(?:does|do|did|will|would|should|can)\s+it\s+(take|cost|last)\s+"
                       r"(?:\w+\s+)?to\s+(\w+)", re.IGNORECASE)


def _dummy_it_verb(question: str) -> frozenset[str]:
    found = _DUMMY_IT.search(question)
    return content_stems(f"{found[1]} {found[2]}") if found else frozenset()


def _replies_to_the_point(question: str, sentence: Sentence, wanted: frozenset[str]) -> bool:
    """A reply that leaves what it speaks of to the question, in the shape of what is asked:
    a cause for 'Why …?' ('Because the Moon is tidally locked.', 'The most common reason is
    old yeast.', 'The white film comes from hard water.'); what a priced thing is for 'What
    is the …?' ('What is the standing charge?' 'It is a fixed daily amount …'); the deed's
    verb for 'How long does it take to …?' ('With the urgent service it takes one week.'); an
    occasion for 'When should I …?' ('See a doctor if a baby under three months has a fever
    …'), on a word of the question; what a thing is, for 'What does … mean?' ("It's getting
    seed potatoes to sprout …"). (A step told to the reader for 'How can I …?' is read as
    a step toward its goal already: judge._steps_toward.)"""
    return gives_a_cause_of_the_asked(question, sentence.text, predicate_stems(question)) or \
        (sentence.position == 0 and tells_how_it_comes_about(question, sentence.text)) or \
        (expected_answer(question).kind == "number" and
         defines_the_asked(question, sentence.text)) or \
        bool(_dummy_it_verb(question) & sentence.reach) or \
        (bool(wanted & sentence.reach) and gives_a_time_to_act(question, sentence.text)) or \
        (sentence.position == 0 and bool(_ASKS_WHAT_IT_MEANS.match(question.strip())) and
         bool(_SAYS_WHAT_IT_IS.match(sentence.text)))


# 'What does chitting potatoes mean?', 'What is meant by "al dente"?', and a reply saying what
# it is or does: "It's getting seed potatoes to start sprouting …", "It's Italian for …"
_ASKS_WHAT_IT_MEANS = re.compile(r"^what\s+(?:does|do)\s+.{2,60}?\s+mean\s*\?|^what\s+is\s+"
                                 r"meant\s+by\b", re.IGNORECASE)
_SAYS_WHAT_IT_IS = re.compile(r"^(?i:it|this|that)(?:['’]s|\s+is|\s+means|\s+refers\s+to)\s+"
                              r"(?:[a-z]+ing\b|an?\s|the\s|when\s|where\s|[A-Z][a-z]+\s+for\b|"
                              r"(?:another|a)\s+(?:word|term|name)\s+for\b)")


def _new_symbols(reply: str, question: str) -> bool:
    """A reply with no content word but letters the question does not have: an abbreviation
    or a name written with symbols ('R&B', 'F.E.A.R.', 'C++')."""
    if content_stems(reply):
        return False
    asked = {w.lower() for w in question.split()}
    return any(any(ch.isalpha() for ch in t) and t.lower().strip(".,;:!") not in asked
               for t in reply.split())


def best_relevance(questions: Sequence[str], parts: Sequence[Sentence], vectors: Vectors,
                   model: Linear, similarity=None, *, shaped: bool = False) -> Relevance | None:
    best: Relevance | None = None
    for question in questions:
        for sentence in parts:
            r = relevance(question, sentence, vectors, model, similarity, shaped=shaped)
            if best is None or r.probability > best.probability:
                best = r
    return best


# A sentence that answers another part of the same query better, and has none of the words
# that set this part apart from that one, answers this part only weakly: its probability is
# scaled by this factor (hand-set, not fitted; see docs/local-judge.md).
TAKEN_FACTOR = 0.5


def best_relevance_parts(question: str, siblings: Sequence[str], parts: Sequence[Sentence],
                         vectors: Vectors, model: Linear, similarity=None, *,
                         shaped: bool = False) -> Relevance | None:
    """Best sentence for one part of a multi-part query, knowing the query's other parts.

    'When was PharmaCann founded and where is its headquarters?': the sentence 'PharmaCann
    was founded in 2014.' answers the first part; for the second it shares the subject and has
    no word of the second part's own ('headquarters'), so it is discounted (TAKEN_FACTOR).
    """
    best: Relevance | None = None
    for sentence in parts:
        r = relevance(question, sentence, vectors, model, similarity, shaped=shaped)
        taker = _taken_by(r, siblings, vectors, model, similarity, shaped)
        if taker is not None:
            r = Relevance(r.question, sentence, r.features, r.probability * TAKEN_FACTOR, taker)
        if best is None or r.probability > best.probability:
            best = r
    return best


def _taken_by(r: Relevance, siblings: Sequence[str], vectors: Vectors, model: Linear,
              similarity, shaped: bool = False) -> str | None:
    own = question_stems(r.question)
    kind = expected_answer(r.question).kind
    for other in siblings:
        specific = own - content_stems(other)
        if not specific or specific & r.sentence.stems:
            continue
        # (a bare answer names it for every part of its kind, not for a part asking another:
        # 'Usually three to five years.' says how long, not what shortens it)
        if r.features.get("answer_type") and (
                (r.sentence.bare and (kind == "any") == (expected_answer(other).kind == "any")) or
                (kind != "any" and expected_answer(other).kind != kind) or
                _answers_each(kind, r.sentence.text, r.question)):
            # it holds what this part asks for ('for up to 28 days' to 'how long'); a bare
            # answer of the kind asked ('David Ayer' to 'Who wrote and directed …?') names
            # it for every part that asks for that kind
            continue
        rival = relevance(other, r.sentence, vectors, model, similarity, shaped=shaped)
        if rival.probability > r.probability:
            return other
    return None


def _answers_each(kind: str, text: str, question: str) -> bool:
    """The text gives two answers of the kind asked, one for each part ('… went up on 13 August
    1961 and fell on 9 November 1989' to 'When was the Wall built and when did it fall?')."""
    if kind == "date":
        given = numbers(text) - numbers(question)
        return len({n for n in given if YEAR.match(n)}) >= 2 or \
            len(given & frozenset(MONTHS)) >= 2
    return kind == "number" and len(numbers(text) - numbers(question)) >= 2


def relevance_verdict(best: Relevance | None, threshold: float, *, what: str,
                      injected: bool = False) -> Verdict:
    if best is None:
        return Verdict(value=False, reason=INSTRUCTION_REASON if injected else
                       "the text has no sentences to judge")
    f = best.features
    kind = expected_answer(best.question).kind
    shared = sorted(question_stems(best.question) & best.sentence.reach)
    value = best.probability >= threshold and not injected
    typed = {"date": "a date", "number": "a number", "person": "a name", "place": "a place",
             "entity": "a name", "any": "new information"}[kind]
    if f["answer_type"]:
        holds = f"gives {typed}"
    elif kind != "any" and expected_answer(best.question).present(best.sentence.text,
                                                                   best.question):
        # it has one, but was not read as being about what is asked: say why, not 'lacks'
        asked = sorted(predicate_stems(best.question))
        why = (f"none of the asked words {'/'.join(asked[:3])}" if asked
               else "under half the question's words")
        holds = (f"has {typed}, but not read as on the point asked ({why}; cosine < "
                 f"{ON_POINT_COSINE})")
    else:
        holds = f"lacks {typed}"
    if best.sentence.bare:
        holds += " (a bare answer, read with its question)"
    facts = (f"{holds}, shares "
             f"{len(shared)} of {len(question_stems(best.question))} question words"
             f"{' (' + ', '.join(shared[:5]) + ')' if shared else ''}, cosine {f['cosine']:.2f}")
    if best.taken_by:
        facts += (f"; it answers the other part '{short(best.taken_by, 50)}' better and has "
                  f"no word of this part's own, so p is scaled by {TAKEN_FACTOR}")
    if injected:
        reason = INSTRUCTION_REASON
    elif value:
        reason = (f"'{short(best.sentence.text)}' {what} '{short(best.question, 70)}': {facts}; "
                  f"p={best.probability:.2f} ≥ {threshold:.2f}")
    else:
        reason = (f"no sentence {what} '{short(best.question, 70)}'; closest: "
                  f"'{short(best.sentence.text)}' {facts}; p={best.probability:.2f} < "
                  f"{threshold:.2f}")
    detail = {"features": dict(f), "probability": round(best.probability, 4),
              "threshold": threshold, "question": best.question,
              "best_sentence": best.sentence.text, "passage": best.sentence.passage,
              "sentence_index": best.sentence.position}
    if best.taken_by:
        detail["taken_by"] = best.taken_by
    return Verdict(value=value, reason=reason, confidence=round(best.probability, 4),
                   probability=0.0 if injected else round(best.probability, 4),
                   detail=detail, raw=None)


# ---- support: is a claim backed by the sources? ----------------------------------------------

def nearest(claim: str, parts: Sequence[Sentence], vectors: Vectors) -> list[Sentence]:
    """Source sentences, closest first (mean of cosine and claim-word coverage)."""
    stems = content_stems(claim)
    scored = sorted(((cosine(vectors, claim, s.text) + coverage(stems, s.reach)) / 2, -i)
                    for i, s in enumerate(parts))
    return [parts[-i] for _, i in reversed(scored)]


def premise_of(near: Sequence[Sentence]) -> str:
    """The two closest sentences in reading order: the premise given to an NLI model."""
    return " ".join(s.text for s in sorted(near[:2], key=lambda s: (s.passage, s.position)))


def support_verdict(claim: str, parts: Sequence[Sentence], vectors: Vectors, model: Linear,
                    threshold: float, entail: float | None = None,
                    veto_numbers: bool = True, blend: Blend | None = None,
                    names_in_place: bool = False, long_page: bool = False) -> Verdict:
    """Is `claim` supported by `parts`? `entail` is a second opinion (an NLI model's or the
    verifier's probability): averaged with the rules' probability, or combined by `blend`
    where one is given (the verifier's fitted blend, which brings its own threshold and says
    whether the rules' vetoes still apply). A name of the claim counts as contradicted by a
    sentence naming another in its place unless a source sentence saying the rest of the
    claim names it (not merely any source sentence); `names_in_place`: the sentence's first
    word counts as such a rival name too (for a reply's statement, 'Canberra is …');
    `long_page`: the sources are long (contradiction.LONG_PAGE_WORDS), so a rival name must
    stand where the claim's stands."""
    if is_instruction(claim):
        return Verdict(value=False, confidence=0.0, probability=0.0, detail={"instruction": True},
                       reason="reads as an instruction to the judge, not a claim about the "
                              "subject; no credit given")
    if not parts:
        return Verdict(value=False, reason="there are no source sentences to check it against")
    all_text = " ".join(s.text for s in parts)
    stems = _as_the_sources_say(claim, all_text)
    order = nearest(claim, parts, vectors)
    best, near = order[0], order[:3]
    features = _support_features(claim, stems, best, near, parts, all_text, vectors)
    partner = _partner_sentence(claim, stems, best, near[1:], all_text)
    if partner is not None:  # two neighbouring sentences say the claim between them
        features["coverage_best"] = round(coverage(stems, best.reach | partner.reach), 4)
    rules_probability = probability = model.probability(features)
    blended = blend is not None and entail is not None
    if blended:
        probability, threshold = blend.probability(probability, entail), blend.threshold
    elif entail is not None:
        probability = (probability + entail) / 2
    speaker = speaker_words(claim) - speaker_words(all_text)
    opinion = opinion_words(claim) - opinion_words(all_text)
    narrowed = _narrowed_by_only(claim, all_text) or _widened_past_only(claim, parts)
    hurried = _done_before_the_wait(claim, all_text)
    hedge = overstates(claim, best.text) if features["coverage_best"] >= 0.5 else None
    carrying = _carrying_text(claim, stems, parts, all_text, always=names_in_place)
    conflict = _contradiction(claim, stems, near, all_text, vectors, carrying, names_in_place,
                              long_page)
    # a long page's claim is often put together from several of its sentences: a name apart
    # from the rest of the claim, or a word said of another subject, is no sign there
    apart = _names_apart(claim, stems, parts, all_text) \
        if conflict is None and carrying is not None and not long_page else frozenset()
    borrowed = _said_of_another(claim, stems, parts) \
        if conflict is None and not apart and not long_page else None
    vetoes = [name for name, fired in (("number", veto_numbers and features["number_missing"]),
                                       ("speaker", bool(speaker)),
                                       ("narrowed", bool(narrowed)),
                                       ("hurried", bool(hurried)),
                                       ("opinion", bool(opinion)),
                                       ("overstated", hedge is not None),
                                       ("contradiction", conflict is not None),
                                       ("names apart", bool(apart)),
                                       ("said of another", borrowed is not None)) if fired]
    overruled: list[str] = []
    if vetoes and (not blended or blend.vetoes_applied):
        probability = 0.0  # a number no source mentions, the speaker's own words or taste, a clash
    elif vetoes and probability >= threshold:
        overruled = vetoes  # the blend weighs the verifier above these rules
    value = probability >= threshold
    reason = _support_reason(claim, best, near, all_text, features, probability, threshold,
                             value, entail, rules_probability if blended else None)
    if partner is not None:
        reason = reason.replace("of claim words in it", f"of claim words in it and the "
                                f"sentence next to it, '{short(partner.text, 60)}'", 1)
    if apart and "names apart" not in overruled:
        reason = (f"the sources name {', '.join(sorted(apart))} only in sentences sharing no "
                  f"other word of the claim; {reason}")
    if borrowed and "said of another" not in overruled:
        reason = (f"the sources say '{borrowed[0]}' only of {borrowed[1]}, never in a sentence "
                  f"about {borrowed[2]}; {reason}")
    if hedge and "overstated" not in overruled:
        reason = (f"says for certain what the closest source sentence only says with "
                  f"'{hedge}'; {reason}")
    if opinion and "opinion" not in overruled:
        reason = (f"gives an opinion ('{sorted(opinion)[0]}') that no source gives; {reason}")
    if hurried and "hurried" not in overruled:
        reason = f"says to do at once what the sources say to wait before ('{hurried}'); {reason}"
    if narrowed and "narrowed" not in overruled:
        reason = (f"says '{narrowed}', where the sources say only some of it holds; {reason}"
                  if _ANY_KIND_OF.match(narrowed) else
                  f"says only '{narrowed}' holds, a kind no source names; {reason}")
    if speaker and "speaker" not in overruled:
        reason = (f"speaks of the speaker ('{sorted(speaker)[0]}'), which no source can attest; "
                  f"{reason}")
    contradicted = conflict is not None and not value
    detail = {"features": features, "probability": round(probability, 4), "threshold": threshold,
              "best_sentence": best.text, "source_index": best.passage,
              "sentence_index": best.position,
              "status": "contradicted" if contradicted else ("supported" if value else
                                                             "not_mentioned")}
    if conflict is not None:
        sentence, found = conflict
        detail.update({"clashing_sentence": sentence.text, "clash": found.kind,
                       "clash_what": found.what,
                       "clash_source_index": sentence.passage,
                       "clash_sentence_index": sentence.position})
        if contradicted:
            reason = (f"contradicted ({found.kind}: {found.what}) by source {sentence.passage}, "
                      f"sentence {sentence.position}: '{short(sentence.text)}'; {reason}")
    if overruled:
        detail["vetoes_overruled"] = overruled
        reason += (f"; the rules' veto ({', '.join(overruled)}) is overruled by the verifier's "
                   "fitted blend")
    if entail is not None:
        detail["nli_entailment"] = round(entail, 4)
    if blended:
        detail["rules_probability"] = round(rules_probability, 4)
        detail["blend"] = blend.version
    return Verdict(value=value, reason=reason, confidence=round(probability, 4),
                   probability=round(probability, 4), detail=detail)


# a claim said by two neighbouring sentences together: each says a part the other lacks, and
# together they say nearly all of it ('one month's notice in writing, or one week during your
# probation' from '… must give one month's written notice …' and 'During the probationary
# period, the notice period is one week.')
PAIR_COVERAGE = 0.85
# (and a clause in -ing after a comma: 'About once a week, letting the mix dry a little …')
_PAIR_PARTS = re.compile(CLAIM_PARTS.pattern + r"|,\s+(?=[a-z]{2,}ing\b)|,\s+plus\s+")
PAIR_PART = 0.3


def _partner_sentence(claim: str, stems: frozenset[str], best: Sentence,
                      others: Sequence[Sentence], all_text: str) -> Sentence | None:
    """The neighbour of `best` that says, with it, the whole claim, each of the claim's parts
    (at ', or', ', and', ';') being said by one of the two (so 'one week's notice in writing,
    or one month during your probation', the cases swapped, is not)."""
    if not stems or coverage(stems, best.reach) >= PAIR_COVERAGE:
        return None
    pieces = [_as_the_sources_say(p, all_text) for p in _PAIR_PARTS.split(claim)]
    pieces = [p for p in pieces if p]
    if len(pieces) < 2:
        return None
    for other in others:
        if other.passage != best.passage or abs(other.position - best.position) != 1:
            continue
        theirs = stems & other.reach - best.reach
        if coverage(stems, best.reach | other.reach) >= PAIR_COVERAGE and \
                len(theirs) / len(stems) >= PAIR_PART and \
                len(stems & best.reach - other.reach) / len(stems) >= PAIR_PART and \
                all(max(coverage(p, best.reach), coverage(p, other.reach)) >= PAIR_COVERAGE
                    for p in pieces):
            return other
    return None



# 'Only assistance dogs are allowed': the kind the claim narrows a statement to, before its verb
_ONLY_THESE = re.compile(r"\bonly\s+(?:the\s+)?(?P<what>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:are|is|"
                         r"were|was|can|may|will|get|gets|have|has)\b", re.IGNORECASE)


def _narrowed_by_only(claim: str, all_text: str) -> str | None:
    """The words after the claim's 'only' that no source says ('Only assistance dogs are
    allowed on buses.' against 'Dogs are allowed on buses …'): the claim narrows what the
    sources say to a kind they never name, so it is not supported."""
    said = content_stems(all_text)
    for match in _ONLY_THESE.finditer(claim):
        if content_stems(match["what"]) - said:
            return match["what"]
    return None


# 'leave it to dry for at least 24 hours before charging it': a wait, then the deed
_WAIT_BEFORE = re.compile(r"\b(?:wait|waiting|leave|leaving|allow|let)\b[^.;]{0,60}?\bbefore\s+"
                          r"(?P<deed>(?P<root>[a-z]{3,}?)e?ing)\b", re.IGNORECASE)
_AT_ONCE = r"(?:straight away|right away|immediately|at once)"


def _done_before_the_wait(claim: str, all_text: str) -> str | None:
    """The deed the claim says to do at once where the sources say to wait before it ('Charge
    it straight away.' against '… leave it to dry for at least 24 hours before charging it'):
    the claim's timing is the sources' opposite. Returns the sources' word for the deed
    ('charging'), else None."""
    for match in _WAIT_BEFORE.finditer(all_text):
        root = match["root"].lower()
        # ('swimming' is done by one who swims)
        root = re.escape(root[:-1] if len(root) > 3 and root[-1] == root[-2] else root)
        hurried = re.search(rf"\b{root}\w*\s+(?:(?:it|them|the\s+\w+)\s+)?{_AT_ONCE}|"
                            rf"\b{_AT_ONCE}\s+{root}\w*", claim, re.IGNORECASE)
        if hurried and not re.search(rf"\bbefore\s+(?:you\s+)?{root}", claim, re.IGNORECASE):
            return match["deed"].lower()
    return None


# 'any kind of glass', 'every type of battery': the claim says a thing holds of all of a kind
_ANY_KIND_OF = re.compile(r"\b(?:any|every|all)\s+(?:kinds?|types?|sorts?)\s+of\s+"
                          r"(?P<what>[a-z-]+)", re.IGNORECASE)
_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)


def _widened_past_only(claim: str, parts: Sequence[Sentence]) -> str | None:
    """The kind the claim says all of holds, where a source sentence on that kind says only
    some of it does ('Yes, any kind of glass can go in.' against 'Bottle banks accept glass
    bottles and jars only; …'): the claim widens what the sources narrow."""
    for match in _ANY_KIND_OF.finditer(claim):
        kind = content_stems(match["what"])
        if kind and any(kind <= s.stems and _ONLY.search(s.text) for s in parts):
            return match[0]
    return None


def _countries_named(claim: str, all_text: str) -> dict[str, str]:
    """A nationality of the claim whose country the sources name: 'a joint Chinese–Nepalese
    survey' / 'a survey by China and Nepal' (only here, for support: a reply 'French.' to
    'What do they speak in France?' still says something new)."""
    out = {}
    for word in words(claim):
        country = nation(word) if word[:1].isupper() else None
        if country and country != word.lower() and \
                not re.search(rf"\b{re.escape(word)}\b", all_text, re.IGNORECASE) and \
                re.search(rf"\b{re.escape(country)}\b", all_text, re.IGNORECASE):
            out[word] = country
    return out


def _as_the_sources_say(claim: str, all_text: str) -> frozenset[str]:
    """The claim's content stems, with a word the sources say otherwise read as their word:
    by denying its complement ('closed' as 'open' where they say 'does not open'), or a
    quantity in another unit ('1.2 kg' as '1200 grams'); so the sentence saying it in those
    words holds the whole claim."""
    stems = content_stems(claim)
    said_otherwise = denied_complements(claim, all_text) | same_quantities(claim, all_text) | \
        compound_parts(claim, all_text) | acronym_parts(claim, all_text) | \
        able_forms(claim, all_text) | roughly_said(claim, all_text) | \
        _a_remedy_the_sources_commend(claim, all_text) | _countries_named(claim, all_text)
    for word, theirs in said_otherwise.items():
        stems = (stems - content_stems(word)) | content_stems(theirs)
    return stems - (_NEEDS_NO_SOURCE - content_stems(all_text))


# an instruction to take or use a thing: 'Take an antihistamine if it itches.'
_TAKE_A_THING = re.compile(r"^\s*(?:(?:just|simply|also)\s+)?(?P<verb>take|use|try|apply|put on)"
                           r"\s+(?:an?\s+|some\s+|the\s+)?(?P<thing>[a-z-]+)\b", re.IGNORECASE)
# what the sources say of a thing that eases a trouble: 'an antihistamine helps'
_COMMENDED = (r"\s+(?:can\s+|may\s+|will\s+|often\s+|usually\s+)?(?:helps?|eases?|relieves?|"
              r"soothes?|works?|is (?:effective|useful|helpful))\b")


def _a_remedy_the_sources_commend(claim: str, all_text: str) -> dict[str, str]:
    """The claim's verb of taking, where the sources commend the thing taken ('Take an
    antihistamine if it itches.' / '… an antihistamine helps if it itches'): what helps is
    what to take, so no source need say 'take'."""
    told = _TAKE_A_THING.match(claim)
    if told is None or not re.search(rf"\b{re.escape(told['thing'])}{_COMMENDED}", all_text,
                                     re.IGNORECASE):
        return {}
    return {told["verb"]: ""}


# words a claim may add that no source needs to say, counted only where a source says them
# too: 'simply', the words that only mark a contrast ('It is not an offence, though.'), and
# the naming word ('a protein called casein' / 'casein, a protein that …'), and a hedge of
# seeming ('They seem to use bright light' / 'Scientists think they use bright light')
_NEEDS_NO_SOURCE = content_stems("simply merely though although however nevertheless anyway "
                                  "still dubbed seem seems seemed appear appears appeared")


def _contradiction(claim: str, stems: frozenset[str], near: Sequence[Sentence], all_text: str,
                   vectors: Vectors, carrying: str | None, opener_is_name: bool,
                   long_page: bool = False) -> tuple[Sentence, Clash] | None:
    """The first of the closest sentences that contradicts the claim (contradiction.py)."""
    for k, sentence in enumerate(near):
        found = clash(claim, sentence.text, cosine=cosine(vectors, claim, sentence.text),
                      coverage=coverage(stems, sentence.reach), all_sources=all_text,
                      closest=k == 0, names_from=carrying, opener_is_name=opener_is_name,
                      long_page=long_page)
        if found is not None:
            return sentence, found
    return None


def _carrying_text(claim: str, stems: frozenset[str], parts: Sequence[Sentence],
                   all_text: str, *, always: bool = False) -> str | None:
    """The source sentences that say what the claim says of its names: most of the claim's
    other words (CARRYING_COVERAGE), with the sentence before one that speaks through a
    pronoun. 'The tower was designed by Sauvestre.' is not backed by 'Sauvestre designed the
    arches.', so a source naming another designer contradicts it. None (names anywhere in
    the sources count) for a claim of many words, often put together from several
    sentences, unless `always`."""
    named = entities(claim) | {opening_name(claim, all_text) or ""}
    rest = stems - content_stems(" ".join(named))
    if not rest:
        return all_text
    if len(rest) > CARRYING_MAX_WORDS and not always:
        return None
    return " ".join(_with_antecedent(parts, k) for k, s in enumerate(parts)
                    if coverage(rest, s.reach) >= CARRYING_COVERAGE)


def _names_apart(claim: str, stems: frozenset[str], parts: Sequence[Sentence],
                 all_text: str) -> frozenset[str]:
    """Names of a claim that the sources mention, but never in a sentence sharing any other
    word of the claim, while other sentences do say most of the rest of it: the sources say
    that of something else ('Bening received her star in 1988.' where Bening is named only in
    a cast list, and the star went to another actor). A claim whose other words the sources
    never say is simply not mentioned."""
    names = names_and_opener(claim) - CALENDAR_WORDS  # 'Mara Lindqvist won …' names Mara
    rest = stems - content_stems(" ".join(names))
    if not names or not rest:
        return frozenset()
    sharing = [k for k, s in enumerate(parts) if rest & s.reach]
    said = frozenset().union(*(parts[k].reach for k in sharing)) if sharing else frozenset()
    if coverage(rest, said) < 0.5:
        return frozenset()
    # a sentence that speaks through a pronoun standing for one of the claim's names and
    # names another whole ('Ottawa is the capital. It is in Ontario.' for '…Ottawa, which is
    # in Ontario') says the two together
    runs = [r for r in (content_stems(m) for m in _WHOLE_NAME.findall(claim)) if r]
    sharing += [k for k, s in enumerate(parts) if k not in sharing and
                any(r <= s.context for r in runs) and
                any(r <= s.stems and not r <= s.context for r in runs)]
    near = " ".join(_with_antecedent(parts, k) for k in sharing)
    apart = [n for n in names - lower_words(near) - _named_by_head(claim, near)
             if n in lower_words(all_text)]
    if not apart:
        return frozenset()
    # a sentence speaking through a pronoun names what the pronoun stands for ('Its delta lies
    # in Romania.' after 'The Danube is …. It flows …'), and a passage speaks of what its first
    # sentence is about ('The Peace of Westphalia is …. The treaties ended the war.')
    antecedents = frozenset().union(*(parts[k].context for k in sharing),
                                    *(_topic(parts, parts[k]) for k in sharing))
    return frozenset(n for n in apart
                     if not (content_stems(n) and content_stems(n) <= antecedents))


# a claim that compares or joins things ('A is older than B', 'A won before B did') may take
# a word from the sentence about the other one: left to the other rules
_COMPARES_OR_JOINS = re.compile(r"\b(?:than|both|first|before|after|same|older|younger|larger|"
                                r"smaller|more|less|also|while|whereas|unlike|like)\b",
                                re.IGNORECASE)


_CALENDAR_STEMS = content_stems(" ".join(CALENDAR_WORDS))


def _said_of_another(claim: str, stems: frozenset[str], parts: Sequence[Sentence]
                     ) -> tuple[str, str, str] | None:
    """A word of what the claim says of its named subject that the sources never say in a
    sentence about that subject, but do say of another named subject: 'Stanford University
    has a Chestnut Hill campus.' where the sources speak of Stanford and say 'Boston College
    is located in Chestnut Hill'. The claim gives one thing what the sources give another.
    (word as the claim writes it, the other subject, the claim's subject), or None. Only a
    thing or a quality counts: not a verb (in the past, in -ing, or after a modal or 'to':
    'will take place'), a unit after a number (the number checks own it), a month or a
    weekday; a claim that compares or joins things is left alone, and so is a word of a
    sentence that speaks through a pronoun (its subject is another's only in name)."""
    subject = subject_of(claim)
    if not subject or not entities(subject) or _COMPARES_OR_JOINS.search(claim):
        return None
    own = content_stems(subject)
    about = [s for s in parts if own and own <= s.reach]
    if not about:
        return None
    said = frozenset().union(*(s.reach for s in about))
    tokens = words(claim)
    verb_at = len(words(subject))  # the claim's verb, right after its subject ('includes')
    for k, token in enumerate(tokens):
        word = content_stems(token)
        if len(word) != 1 or word <= said or word <= own or word <= _CALENDAR_STEMS or \
                not word <= stems or _verb_or_unit(token, tokens[k - 1] if k else "") or \
                (k == verb_at and token.islower()):
            continue
        holders = [s for s in parts if word <= s.stems]
        others = [subject_of(s.text) or "" for s in holders if not s.context]
        # another subject shares no word with the claim but the kind both are named by
        # ('Drury College' of 'William Jewell College')
        if holders and len(others) == len(holders) and all(
                entities(o) and not (content_stems(o) & stems) - _head(subject)
                for o in others):
            return token, others[0], subject
    return None


def _head(subject: str) -> frozenset[str]:
    """The stem of the last word of a subject's name, the kind it is named by ('College' of
    'William Jewell College'); nothing for a one-word name."""
    tokens = words(subject)
    named = [w for w in tokens if w[:1].isupper()]
    if tokens and tokens[-1].islower() and any(w[:1].isupper() for w in tokens[1:]):
        # 'The Free plan', 'the Pro account': the kind is the plain noun the name qualifies
        return content_stems(tokens[-1])
    return content_stems(named[-1]) if len(named) > 1 else frozenset()


# words after which a verb comes in its plain form ('will take place', 'to open')
_BEFORE_A_VERB = frozenset({"will", "would", "can", "could", "may", "might", "must", "shall",
                            "should", "to", "does", "do", "did", "not"})


def _verb_or_unit(token: str, before: str) -> bool:
    """`token` reads as a verb (in the past, in -ing, after a modal or 'to') or as the unit of
    the number before it ('200 feet')."""
    return (is_past_form(token) and not _UN_ADJECTIVE.match(token)) or \
        token.lower().endswith("ing") or before.lower() in _BEFORE_A_VERB or \
        any(c.isdigit() for c in before)


# 'unlimited', 'unrestricted', 'unheated': a quality, no verb in the past
_UN_ADJECTIVE = re.compile(r"^un[a-z]{3,}ed$", re.IGNORECASE)


# a name of capitalised words, with the small words inside it ('Rock and Roll Hall of Fame')
_WHOLE_NAME = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:(?:of|and|the|de|la|von|van)\s+)*"
                         r"[A-Z][\w'’.-]*)*")


def _topic(parts: Sequence[Sentence], sentence: Sentence) -> frozenset[str]:
    """The stems of the subject of the first sentence of `sentence`'s passage (what the passage
    is about), when no sentence from there to `sentence` has a named subject of its own (then
    the passage has moved on to someone else: 'Lena Brandt is …. Tomas Vik won …')."""
    run = sorted((s for s in parts if s.passage == sentence.passage and
                  s.position <= sentence.position), key=lambda s: s.position)
    if not run or run[0].position != 0:
        return frozenset()
    subject = subject_of(run[0].text)
    if not subject:
        return frozenset()
    topic = entities(subject)
    for later in run[1:]:
        named = entities(subject_of(later.text) or "")
        if named - topic:
            return frozenset()
    return content_stems(subject)


def _named_by_head(claim: str, text: str) -> frozenset[str]:
    """Words of the claim's many-word names that `text` names by their last word after
    'the': 'The line closed in 1991.' speaks of the Rjukan Line (but 'John Hughes' does not
    name John Candy)."""
    lowered = f" {' '.join(words(text)).lower()} "
    out: set[str] = set()
    for run in _name_runs(claim):
        if len(run) >= 2 and f" the {run[-1]} " in lowered:
            out.update(run[:-1])
    return frozenset(out)


def _name_runs(text: str) -> list[list[str]]:
    """Runs of capitalised words, lower-cased, without a leading article: 'The Øresund Bridge
    opened …' → [['øresund', 'bridge']]."""
    runs: list[list[str]] = [[]]
    for word in words(text):
        if word[:1].isupper():
            runs[-1].append(word.lower().removesuffix("'s").removesuffix("’s"))
        elif runs[-1]:
            runs.append([])
    return [r[1:] if r[0] in {"the", "a", "an"} else r for r in runs if r]


def _with_antecedent(parts: Sequence[Sentence], k: int) -> str:
    """The sentence, after the one before it when it speaks through a pronoun."""
    s = parts[k]
    before = parts[k - 1] if k and s.context and parts[k - 1].passage == s.passage else None
    return f"{before.text} {s.text}" if before else s.text


CARRYING_COVERAGE = 0.6
CARRYING_MAX_WORDS = 5


def _support_features(claim: str, stems: frozenset[str], best: Sentence,
                      near: Sequence[Sentence], parts: Sequence[Sentence], all_text: str,
                      vectors: Vectors) -> dict[str, float]:
    all_stems = frozenset().union(*(s.reach for s in parts))
    near_text = " ".join(s.text for s in near)
    claim_names = entities(claim)
    missing_names = names_missing(claim, all_text)
    return {
        "cosine": round(cosine(vectors, claim, best.text), 4),
        "coverage_best": round(coverage(stems, best.reach), 4),
        "coverage_all": round(coverage(stems, all_stems), 4),
        "number_missing": 1.0 if missing_numbers(claim, all_text) else 0.0,
        "number_missing_near": 1.0 if missing_numbers(claim, near_text) else 0.0,
        "entity_missing": round(len(missing_names) / len(claim_names), 4) if claim_names else 0.0,
        # a warning ('Don't store it in the fridge, …') is advice, not a denial
        "negation_mismatch": 1.0 if negation_mismatch(claim, best.text) and
        not is_warning(claim) else 0.0,
    }


def names_missing(claim: str, all_text: str) -> frozenset[str]:
    """The claim's names that the sources never write, in any spelling they share (an acronym,
    an alias, a weekday's plural: 'on Mondays' for 'except Monday')."""
    written = lower_words(all_text)
    # a month the sources give by a holiday's name ('Christmas Day': December) is written
    days = {name_key(w) for w in written if name_key(w) in CALENDAR_WORDS} | \
        (numbers(all_text) & CALENDAR_WORDS)
    return frozenset(n for n in entities(claim) - written - holiday_words(claim)
                     if name_key(n) not in days and not spelled_otherwise(n, claim, all_text))


def _support_reason(claim: str, best: Sentence, near: Sequence[Sentence], all_text: str,
                    f: Mapping[str, float], probability: float, threshold: float, value: bool,
                    entail: float | None, rules_probability: float | None = None) -> str:
    missing = sorted(missing_numbers(claim, all_text))
    if missing:  # show the closest sentence that has numbers of its own
        best = next((s for s in near if numbers(s.text)), best)
    closest = f"closest: '{short(best.text)}' (source {best.passage}, sentence {best.position})"
    problems = []
    if missing:
        problems.append(f"no source sentence mentions {', '.join(missing)}")
    elif f["number_missing_near"]:
        near_missing = sorted(missing_numbers(claim, " ".join(s.text for s in near)))
        problems.append(f"the closest sentences do not mention {', '.join(near_missing)}")
    names = sorted(names_missing(claim, all_text))
    if names and f["entity_missing"]:
        problems.append(f"the sources never name {', '.join(names[:4])}")
    if f["negation_mismatch"]:
        problems.append("one of claim and closest sentence is negated, the other is not")
    scores = (f"cosine {f['cosine']:.2f}, {f['coverage_best']:.0%} of claim words in it"
              + (f", rules {rules_probability:.2f}, verifier {entail:.2f}"
                 if rules_probability is not None and entail is not None else
                 f", NLI entailment {entail:.2f}" if entail is not None else "")
              + f"; p={probability:.2f} {'≥' if value else '<'} {threshold:.2f}")
    if value:
        return f"supported by source {best.passage}: '{short(best.text)}' ({scores})" + (
            f"; note: {'; '.join(problems)}" if problems else "")
    lead = "; ".join(problems) if problems else "no source sentence carries this claim"
    return f"{lead}; {closest}; {scores}"


@functools.lru_cache(maxsize=4096)
def lower_words(text: str) -> frozenset[str]:
    return frozenset(w.lower().replace("’", "'").removesuffix("'s") for w in words(text))
