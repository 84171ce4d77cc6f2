"""Shared steps: decompositions and matches that metrics are declared from.

Each decomposition is memoised in the record's `RecordContext`, so metrics that share one
(RP and GR share the response claims; SQC and RQC the sub-questions) trigger it once,
even when they run concurrently.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..comparisons import picked_option, read_comparison
from ..judges.base import AnswersItem, Decomposition, EssentialItem, SupportItem, Verdict
from ..judges.ops import ANSWERS, CLAIMS, EMBED, ESSENTIAL, SUBQUESTIONS, SUPPORTED
from ..text import (
    IRREGULAR_BASE,
    LIST_BULLET,
    MONTH_NAMES,
    OPENING_PARTICLE,
    QUESTION_PRONOUNS,
    STOPWORDS,
    WEEKDAYS,
    YES_NO_QUESTION,
    content_stems,
    has_question_pronoun,
    has_verb,
    is_bare_answer,
    is_echo_reply,
    is_name_and_measure,
    opening_polarity,
    pronoun_in_first_clause,
    question_antecedent,
    reply_polarity,
    sentences,
    with_question_antecedent,
    words,
)
from .context import RecordContext
from .core import StepFailed, Unit


def _units(kind: str, decomposition: Decomposition, source_index: int | None = None) -> list[Unit]:
    if decomposition.error is not None:
        raise StepFailed(f"decomposing into {kind}s failed: {decomposition.error}",
                         raw=decomposition.raw)
    return [Unit(kind=kind, text=t, source_index=source_index) for t in decomposition.items
            if t.strip()]


def _one_line_question(query: str) -> bool:
    asked = query.strip()
    return asked.endswith("?") and "\n" not in asked


def answered_in_context(query: str, response: str) -> bool:
    """A bare answer (`is_bare_answer`, or a name and its measure) to a one-line
    question."""
    return _one_line_question(query) and (is_bare_answer(response) or
                                          is_name_and_measure(response))


def _a_fragment_in_the_gap(query: str, response: str, claim: str) -> bool:
    """The response's own opening words, short and with no verb, as the first claim, to a
    one-line question: 'Mostly fish.' of 'Mostly fish, though they …' (not a claim a judge
    made of the response)."""
    return answered_in_context(query, claim) and bool(_letters(claim)) and \
        _letters(response).startswith(_letters(claim)) and \
        not has_verb(claim) and not has_question_pronoun(claim)


def _a_bare_yes_or_no(query: str, claim: str) -> bool:
    """A first claim that is only a yes or a no to a one-line yes/no question ('No, that's a
    myth.' before what the research shows): it says nothing without the question."""
    asked = query.strip()
    return _one_line_question(asked) and \
        bool(YES_NO_QUESTION.match(asked.rstrip("?").strip())) and \
        reply_polarity(claim) is not None


def _list_items(response: str) -> frozenset[str]:
    """The letters of each list item of the response ('- apple sauce' → 'applesauce')."""
    return frozenset(_letters(line[bullet.end():]) for line in response.splitlines()
                     if (bullet := LIST_BULLET.match(line)))


def _an_item_in_the_gap(query: str, items: frozenset[str], claim: str) -> bool:
    """The claim is a list item of the response on its own, short and with no verb: a bare
    answer to a one-line question, read with it."""
    if _letters(claim) not in items:
        return False  # (most responses have no list: nothing more to read)
    bare = re.sub(r"\s*\([^)]*\)", "", claim)  # (without an aside: 'a flax egg (1 tbsp …)')
    # (a participle before its noun is no verb: 'mashed banana')
    head = re.sub(r"^[a-z]+ed\s+(?=[a-z])", "", bare, flags=re.IGNORECASE)
    return answered_in_context(query, bare) and not has_verb(head) and \
        not has_question_pronoun(bare)


def _letters(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def answers_a_comparison(query: str, claim: str) -> bool:
    """A claim that picks one of the two things its question weighs ('Who was born first, A
    or B?' 'B was born first.'), or opens with a yes or no to one ('Are A and B of the same
    nationality?' 'No, A is Finnish.'): it holds only beside the question."""
    comparison = read_comparison(query.strip())
    if comparison is None:
        return False
    if comparison.picks:
        return picked_option(comparison, claim) is not None
    return opening_polarity(claim) is not None  # 'No, Up came out a year earlier.'


# 'Are both A and B X?' / 'Are A and B both X?' / 'Did both A and B …?'
_ASKS_OF_BOTH = re.compile(r"^(?:is|are|was|were|do|does|did|have|has|can|could)\s+"
                           r"(?:both\s+\S.*\s+and\s+|\S.*\s+and\s+\S.*\s+both\s+)",
                           re.IGNORECASE)


def _reply_apart(query: str, claim: str) -> tuple[str, str] | None:
    """'No, only A was an author.' to 'Are both A and B writers?': ('Are both A and B
    writers? No', 'Only A was an author.'). The yes or no says something of each name the
    question joins, which the statement after it does not; None for any other claim."""
    said = sentences(query.strip())
    asked = said[-1] if said else query.strip()
    polarity = opening_polarity(claim)
    if polarity is None or not asked.endswith("?") or not _ASKS_OF_BOTH.match(asked):
        return None
    particle = OPENING_PARTICLE.match(claim.strip())
    if particle is None:  # 'Yes.' alone, or a polarity said otherwise ('Not really')
        return None
    rest = claim.strip()[particle.end() - 1:].strip()
    if is_echo_reply(claim) or (is_bare_answer(rest) and not has_verb(rest)):
        return None  # 'No, neither.', 'Yes, they are.': a bare reply, read whole
    return f"{asked} {particle.group('word').capitalize()}", f"{rest[:1].upper()}{rest[1:]}"


def _speaks_of_the_question(query: str, response: str, claim: str) -> bool:
    """The claim opens the response and has a pronoun whose antecedent can only be in the
    one-line question ('When was the Eiffel Tower built?' 'It was built in 1889.')."""
    asked = query.strip()
    opening = sentences(response)
    return _one_line_question(asked) and bool(opening) and \
        with_question_antecedent(asked, claim) is not None and \
        pronoun_in_first_clause(asked, claim) and has_question_pronoun(opening[0]) and \
        content_stems(claim) <= content_stems(opening[0]) | content_stems(asked)


def _opening_pronoun_as(thing: str, claim: str) -> str:
    """'It was completed in 1916.' → 'The Planets was completed in 1916.' where 'It' opens
    the claim; else the claim as it is."""
    first, _, rest = claim.strip().partition(" ")
    if first.lower() not in QUESTION_PRONOUNS or not rest:
        return claim
    return f"{thing[:1].upper()}{thing[1:]} {rest}"


def _only_restates(claim: str, response: str) -> bool:
    """The claim is the bare answer itself ('Sydney.' for 'Sydney', 'No, it isn't.'), not a
    statement ('Barcelona is the capital.') nor one a judge made of the answer with what it
    knows."""
    return _letters(claim) == _letters(response) and \
        (not has_verb(response) or is_echo_reply(response))


def _capped(ctx: RecordContext, step: str, units: list[Unit], limit: int | None) -> list[Unit]:
    """The first `limit` units; when there were more, the cap is noted on the record."""
    if limit is None or len(units) <= limit:
        return units
    ctx.capped[step] = {"limit": limit, "found": len(units)}
    return units[:limit]


# ---- decompose ---------------------------------------------------------------------------

async def response_claims(ctx: RecordContext) -> list[Unit]:
    """The response's claims, as the judge decomposes it."""
    async def compute() -> list[Unit]:
        (decomposition,) = await ctx.judge.run(CLAIMS, [ctx.record.response])
        return _capped(ctx, "claims(response)", _units("claim", decomposition), ctx.caps.claims)

    return await ctx.once("claims(response)", compute)


async def response_claims_in_context(ctx: RecordContext) -> list[Unit]:
    """The response's claims; a bare answer that states nothing on its own ('No.', 'R&B') is
    read with its question, its one claim being the question followed by the answer (GR,
    RP, faithfulness: otherwise such a record has no claim and no score). So is a claim that
    picks one of two options the question weighs, and a first claim whose pronoun stands for
    what the question asks about."""
    units = await response_claims(ctx)
    split = _reply_apart(ctx.record.query, units[0].text) if units else None
    if split:
        # 'Are both A and B writers? No, only A was.': the 'No' answers for both names and is
        # judged with the question; what follows is a claim of its own
        return [*(Unit(kind="claim", text=t) for t in split), *units[1:]]
    if len(units) == 1 and answers_a_comparison(ctx.record.query, units[0].text):
        # 'Pablo Trapero was born first.' says first of the two the question names
        return [Unit(kind="claim", text=f"{ctx.record.query.strip()} {units[0].text}")]
    if units and _speaks_of_the_question(ctx.record.query, ctx.record.response, units[0].text):
        # 'Jane Austen wrote it.': the first claim's pronoun stands for what the question asks
        # about, and so does the pronoun of a later claim split from the same sentence ('It
        # was written by … and published in 1967.'); other claims take their antecedents from
        # the response
        asked = ctx.record.query.strip()
        thing = question_antecedent(asked, units[0].text)
        return [Unit(kind="claim", text=f"{asked} {units[0].text}"),
                *(Unit(kind="claim", text=_opening_pronoun_as(thing, u.text))
                  if thing and _speaks_of_the_question(asked, ctx.record.response, u.text)
                  else u for u in units[1:])]
    if units and len(units) > 1 and (
            _a_fragment_in_the_gap(ctx.record.query, ctx.record.response, units[0].text) or
            _a_bare_yes_or_no(ctx.record.query, units[0].text)):
        # 'Mostly fish. They also eat frogs …' to 'What do herons eat?': the opening fragment
        # answers in the question's gap, and is judged with it
        return [Unit(kind="claim", text=f"{ctx.record.query.strip()} {units[0].text}"),
                *units[1:]]
    items = _list_items(ctx.record.response)
    in_gap = [_an_item_in_the_gap(ctx.record.query, items, u.text) for u in units]
    if len(units) > 1 and any(in_gap):
        # 'Some common swaps:' / '- mashed banana' / '- apple sauce' to 'What can I use
        # instead of eggs?': each item answers in the question's gap, as an opening fragment
        asked = ctx.record.query.strip()
        return [Unit(kind="claim", text=f"{asked} {u.text[:1].upper()}{u.text[1:]}")
                if item else u for u, item in zip(units, in_gap, strict=True)]
    if not answered_in_context(ctx.record.query, ctx.record.response) or \
            len(units) > 1 or (units and not _only_restates(units[0].text, ctx.record.response)):
        return units
    return [Unit(kind="claim", text=f"{ctx.record.query.strip()} {ctx.record.response.strip()}")]


async def source_facts(ctx: RecordContext) -> list[Unit]:
    async def compute() -> list[Unit]:
        texts = ctx.record.source_texts
        decompositions = await ctx.judge.run(CLAIMS, texts) if texts else []
        return [u for j, d in enumerate(decompositions)
                for u in _capped(ctx, f"claims(source {j})", _units("fact", d, j),
                                 ctx.caps.facts_per_source)]

    return await ctx.once("claims(sources)", compute)


async def query_subquestions(ctx: RecordContext) -> list[Unit]:
    async def compute() -> list[Unit]:
        (decomposition,) = await ctx.judge.run(SUBQUESTIONS, [ctx.record.query])
        return _capped(ctx, "subquestions(query)", _units("subquestion", decomposition),
                       ctx.caps.subquestions)

    return await ctx.once("subquestions(query)", compute)


async def each_source(ctx: RecordContext) -> list[Unit]:
    return [Unit(kind="source", text=s, source_index=j)
            for j, s in enumerate(ctx.record.source_texts)]


async def context_sentences(ctx: RecordContext) -> list[Unit]:
    """Every sentence of every source (context relevance, VERA retrieval precision)."""
    return [Unit(kind="context_sentence", text=sentence, source_index=j)
            for j, source in enumerate(ctx.record.source_texts)
            for sentence in split_sentences(source)]


async def response_sentences(ctx: RecordContext) -> list[Unit]:
    units = [Unit(kind="sentence", text=s) for s in split_sentences(ctx.record.response)]
    return _capped(ctx, "sentences(response)", units, ctx.caps.sentences)


def split_sentences(text: str) -> list[str]:
    """The sentences metrics judge: those the offline judge splits too (`ragvet.text`)."""
    return list(sentences(text))


# ---- match -------------------------------------------------------------------------------

async def essential_to_query(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    q = ctx.record.query
    return await ctx.judge.run(ESSENTIAL, [EssentialItem(text=u.text, query=q) for u in units])


async def essential_in_context(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    """RP: each claim judged essential to the query on its own; where the response answers
    (some claim is essential on its own), a claim judged not essential that says what the
    source says where it answers is essential too: the claim supported by the source facts
    essential to the query (the facts SP2 judges) and the facts right before and after each
    of them in its source. A detail that goes with the answer often names nothing the
    question asks ('Up to 32 kg is allowed if you pay a 60 euro fee.' after 'Your checked bag
    can weigh up to 23 kg.'; 'Temporary exhibitions cost extra.' after 'Entry is free.'), yet
    the source gives it beside the answer. Both verdicts are kept in the detail."""
    verdicts = await essential_to_query(ctx, units)
    doubtful = [k for k, v in enumerate(verdicts) if v.value is False]
    if not doubtful or not any(v.value for v in verdicts) or not ctx.record.source_texts:
        return verdicts
    try:
        facts = await source_facts(ctx)
    except StepFailed:
        return verdicts  # SP2 reports the failed decomposition
    judged = await essential_to_query(ctx, facts)
    essential = [(f.text, v) for f, v in zip(facts, judged, strict=True) if v.value]
    if not essential:
        return verdicts
    texts = tuple(facts[k].text for k in around_the_answer(facts, judged, ctx.record.query))
    support = await ctx.judge.run(SUPPORTED, [SupportItem(claim=units[k].text, sources=texts)
                                              for k in doubtful])
    surest = max((v.probability for _, v in essential if v.probability is not None),
                 default=None)
    out = list(verdicts)
    for k, backed in zip(doubtful, support, strict=True):
        if backed.value:
            out[k] = _as_follow_on(verdicts[k], backed, surest)
    return out


def around_the_answer(facts: Sequence[Unit], judged: Sequence[Verdict],
                      query: str = "") -> list[int]:
    """The positions of the facts judged essential and, in the same source, of the run of
    facts right before and after each that qualify the answer, at most QUALIFYING_RUN of them
    on each side, in order: where the source answers. A fact qualifies the answer when it
    states a condition, an exception, a requirement, a limit or a cost (`qualifies`), or the
    quantity the query asks for in another case (`same_measure_elsewhere`: 'Babies are born
    with around 300.' beside 'An adult skeleton has 206 bones.'); the fact right before also
    counts when the answer leans on it (`leans_on`: 'When the gas reaches your eyes …' after
    '… releases a gas'). ('Season tickets were first sold in 1874.' beside 'A season ticket
    is valid for twelve months.' does not qualify it; 'the household is exempt' then 'you may
    need to apply for the exemption' after 'Students do not pay council tax.' both do.)"""
    essential = {k for k, v in enumerate(judged) if v.value}
    near: set[int] = set()

    def beside(n: int, k: int) -> bool:
        return 0 <= n < len(facts) and facts[n].source_index == facts[k].source_index

    for k in essential:
        for step in (-1, 1):
            n = k + step
            while abs(n - k) <= QUALIFYING_RUN and beside(n, k) and (
                    qualifies(facts[n].text) or same_measure_elsewhere(query, facts[n].text)
                    or tells_how_to_do_the_asked(query, facts[n].text)
                    or tells_what_doing_the_asked_does(query, facts[n].text)
                    or compares_the_asked(query, facts[n].text)
                    or names_the_better_choice(query, facts[n].text)):
                near.add(n)
                n += step
        if beside(k - 1, k) and (leans_on(facts[k].text, facts[k - 1].text) or
                                 builds_on(facts[k].text, facts[k - 1].text, query)):
            near.add(k - 1)
        if beside(k + 1, k) and (_ends_pointing_back(facts[k + 1].text) or
                                 builds_on(facts[k + 1].text, facts[k].text, query)):
            near.add(k + 1)  # 'Take them to a collection point.' 'Many supermarkets have one.'
    return sorted(essential | near)


# the kinds of quantity a query asks for, and what gives one: a span of time ('How long …?'),
# a count or an amount that is no year ('How many bones …?'), a time of day or a day ('What
# time does it close on Saturdays?')
_COUNT = r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|" \
         r"forty|fifty|hundred|thousand|a few|several)"
_MEASURES = (
    (re.compile(r"^\s*how (?:long|often|early|late)\b", re.IGNORECASE),
     re.compile(rf"\b{_COUNT}\s+(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|"
                r"years?)\b|\bonce an?\b|\b(?:daily|weekly|monthly)\b", re.IGNORECASE)),
    (re.compile(r"^\s*(?:how (?:many|much|old|far|big|tall|heavy|deep|high|fast)|what (?:is|are) "
                r"the (?:price|cost|fee|age|size|weight|length))\b", re.IGNORECASE),
     re.compile(rf"\b(?!(?:1[5-9]|20)\d\d\b){_COUNT}\b", re.IGNORECASE)),
    (re.compile(r"^\s*what time\b", re.IGNORECASE),
     re.compile(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b(?:" + "|".join(WEEKDAYS) +
                r"|weekend|weekday)s?\b", re.IGNORECASE)),
)


def same_measure_elsewhere(query: str, text: str) -> bool:
    """The fact gives the kind of quantity, time or day the query asks for (in another case
    than the answer's): 'Babies are born with around 300.' to 'How many bones are in the
    adult body?', 'It is closed all day on Sundays.' to 'What time does the pharmacy close on
    Saturdays?'; not a year to 'How long …?' ('Season tickets were first sold in 1874.')."""
    return any(asks.match(query) and gives.search(text) for asks, gives in _MEASURES)


# 'Is milk bad for cats?': whether a thing is good or bad for someone
_ASKS_IF_GOOD_OR_BAD = re.compile(r"^\s*(?:is|are|can)\s+.+\b(?:bad|good|safe|ok|okay|harmful|"
                                  r"dangerous|healthy|unhealthy|toxic|poisonous)\b",
                                  re.IGNORECASE)
_THE_BETTER_CHOICE = re.compile(r"\b(?:best|better|safer|healthier|preferable|instead)\b",
                                re.IGNORECASE)


def names_the_better_choice(query: str, text: str) -> bool:
    """The fact names what is better to have or do, to a question on whether a thing is good
    or bad: 'Fresh water is the best drink for them.' to 'Is milk bad for cats?'."""
    return bool(_ASKS_IF_GOOD_OR_BAD.match(query) and _THE_BETTER_CHOICE.search(text))


# what the asker asks to do: 'How often should I water tomato plants?' → 'water'
_ASKED_DEED = re.compile(r"^\s*(?:how(?: often| much| long| many times)?|when|where)\s+"
                         r"(?:should|do|can|must|could|would|shall)\s+(?:i|you|we)\s+"
                         r"(?P<verb>[a-z]+)\b", re.IGNORECASE)


def tells_how_to_do_the_asked(query: str, text: str) -> bool:
    """The fact tells the asker how to do what the query asks about, in so many words: 'Water
    the soil rather than the leaves.' to 'How often should I water tomato plants?', 'Bring it
    to room temperature and feed it the day before.' to 'How often should I feed a starter?'
    (the asked verb opens the fact or one of its instructions joined by 'and')."""
    match = _ASKED_DEED.match(query)
    return bool(match) and bool(re.search(rf"(?:^\s*|\band\s+){re.escape(match['verb'])}\b",
                                          text, re.IGNORECASE))


# what is asked to be done to a thing: 'How often should a gas boiler be serviced?' → 'serviced'
_ASKED_DONE = re.compile(r"^\s*(?:how(?: often| long| soon)?|when)\s+(?:should|must|do|does|can|"
                         r"could|would|will)\s+[^?]*?\bbe\s+(?P<verb>[a-z]+)\b", re.IGNORECASE)


def tells_what_doing_the_asked_does(query: str, text: str) -> bool:
    """The fact's subject is the very deed the query asks about, as a noun in -ing: 'Regular
    servicing keeps the boiler efficient and safe.' to 'How often should a gas boiler be
    serviced?', 'Watering in the morning …' to 'How often should I water tomato plants?'."""
    match = _ASKED_DEED.match(query) or _ASKED_DONE.match(query)
    if not match:
        return False
    verb = match["verb"].lower()
    deed = content_stems(IRREGULAR_BASE.get(verb, verb))  # ('swept': 'sweep')
    opening = [w for w in words(text)[:3] if w.lower().endswith("ing")]
    return bool(deed) and any(content_stems(w) == deed for w in opening)


# the degrees of an adjective that do not follow the rule
_IRREGULAR_DEGREES = {"good": ("better", "best"), "well": ("better", "best"),
                      "bad": ("worse", "worst"), "far": ("farther", "further", "furthest"),
                      "little": ("less", "least"), "much": ("more", "most"),
                      "many": ("more", "most")}


def _degrees(word: str) -> frozenset[str]:
    """'safe' → safer, safest; 'easy' → easier, easiest; 'big' → bigger, biggest."""
    if word in _IRREGULAR_DEGREES:
        return frozenset(_IRREGULAR_DEGREES[word])
    base = word[:-1] if word.endswith("e") else word[:-1] + "i" if word.endswith("y") else word
    forms = {base + "er", base + "est"}
    if len(word) <= 4 and re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", word):
        forms |= {word + word[-1] + "er", word + word[-1] + "est"}
    return frozenset(forms)


def compares_the_asked(query: str, text: str) -> bool:
    """The fact compares by what the query asks about, an alternative the answer leans on:
    'A car with a metal roof is much safer.' to 'Is it safe to shelter under a tree?',
    'Boil it longer for a firm yolk.' to 'How long should I boil an egg?'."""
    said = {w.lower() for w in words(text)}
    if _ASKS_HOW_OFTEN.match(query) and _MORE_OR_LESS_OFTEN.search(text):
        return True  # 'Watering deeply but less often …' to 'How often should I water …?'
    return any(_degrees(w.lower()) & said for w in words(query)
               if len(w) >= 3 and w.lower() not in STOPWORDS)


_ASKS_HOW_OFTEN = re.compile(r"^\s*how often\b", re.IGNORECASE)
_MORE_OR_LESS_OFTEN = re.compile(r"\b(?:in)?frequent(?:ly)?\b|\b(?:less|more) often\b|"
                                 r"\boftener\b", re.IGNORECASE)


# a fact that opens by pointing back ('When the gas reaches your eyes …', 'This acid …')
_POINTS_BACK = re.compile(r"^\s*(?:(?:when|if|as|once|after|because)\s+)?(?:the|that|this|these|"
                          r"those)\s+(?P<noun>[a-z-]+)", re.IGNORECASE)


def leans_on(fact: str, before: str) -> bool:
    """The fact opens with a thing it points back to, which the fact before names: 'When the
    gas reaches your eyes it forms a mild acid.' after 'Cutting an onion releases a gas.'"""
    match = _POINTS_BACK.match(fact)
    return bool(match) and bool(content_stems(match["noun"]) & content_stems(before))


# a short fact whose object points back to the fact before: 'Many supermarkets have one.'
_POINTING_BACK_AT_END = re.compile(r"\b(?:have|has|offer|offers|sell|sells|provide|provides|"
                                   r"do|does|take|takes|accept|accepts)\s+(?:one|ones|them|it)"
                                   r"\s*[.!]?\s*$", re.IGNORECASE)


def _ends_pointing_back(fact: str) -> bool:
    return len(words(fact)) <= 8 and bool(_POINTING_BACK_AT_END.search(fact))


def builds_on(fact: str, before: str, query: str) -> bool:
    """The fact takes up a thing the fact before names that the query does not: 'Your ears
    pop when the Eustachian tubes open to balance the pressure.' after 'As a plane climbs, the
    air pressure in the cabin changes.' (pressure), to 'Why do my ears pop on a plane?'; 'The
    lightning heats the air …' after 'Thunder is caused by lightning.' (lightning)."""
    return bool((content_stems(fact) & content_stems(before)) - content_stems(query))


# how many qualifying facts on each side of an essential one count as where the source answers
QUALIFYING_RUN = 2


# what a sentence that qualifies an answer says: a condition, an exception, a requirement, a
# limit, a cost, what to do past the limit ('Temporary exhibitions charge a fee.', 'Claims
# must be made within 28 days.', 'Liquid damage is not covered.', 'For larger payments, visit
# a branch.')
_QUALIFIES = re.compile(
    r"\b(?:must|cannot|can['’]t|can|may|might|need(?:s)? to|have to|has to|required|requires|"
    r"only|unless|except|if|provided|as long as|not|no|never|free|fees?|costs?|charged?|"
    r"charges|pay|paid|fines?|penalty|limit(?:s|ed)?|up to|at least|at most|within|until|"
    r"however|but|although|though|extra|above|beyond|exceed\w*|more than|otherwise|instead|"
    r"rather than|"
    # how seldom the answer holds: '… although it is uncommon.'
    r"rare|rarely|uncommon|unusual|seldom|occasionally|"
    # too much of the answer's thing: 'Large quantities make the heap too acidic.'
    r"too much|too many|too little|too few|large (?:amounts?|quantities|doses)|excessive|"
    r"excess|\w+n['’]t|"
    # what to do past the answer's limit: 'For larger payments, visit a branch.'
    r"for (?:larger|bigger|higher|longer|heavier|greater|more))\b", re.IGNORECASE)


def qualifies(text: str) -> bool:
    """Does the sentence state a condition, exception, requirement, limit or cost?"""
    return bool(_QUALIFIES.search(text))


def _as_follow_on(alone: Verdict, backed: Verdict, surest: float | None) -> Verdict:
    """A claim's RP verdict once a source fact essential to the query backs it."""
    probability = None if backed.probability is None else \
        min(backed.probability, surest if surest is not None else 1.0)
    return Verdict(
        value=True, probability=probability, confidence=backed.confidence,
        reason=f"says what the source says where it answers the query ({backed.reason}); on "
               f"its own: {alone.reason}",
        detail={"follow_on": True,
                "alone": {"value": alone.value, "probability": alone.probability,
                          "reason": alone.reason},
                "backed_by_essential_facts": {"value": backed.value,
                                              "probability": backed.probability,
                                              "reason": backed.reason}})


async def supported_by_sources(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    """Shared by GR and faithfulness: the same claims are judged once per record."""
    sources = ctx.record.source_texts
    items = [SupportItem(claim=u.text, sources=sources) for u in units]
    key = "supported(sources):" + "\x1f".join(u.text for u in units)
    return await ctx.once(key, lambda: ctx.judge.run(SUPPORTED, items))


async def addressed_by_response(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    r = ctx.record.response
    return await ctx.judge.run(ANSWERS, [AnswersItem(question=u.text, text=r) for u in units])


WHOLE_SET = "all sources"


async def answered_by_sources(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
    """Per sub-question: max over each single source and the whole set together."""
    views = list(ctx.record.source_texts)
    names = [f"source {j}" for j in range(len(views))]
    if len(views) > 1:
        views.append("\n\n".join(views))
        names.append(WHOLE_SET)
    if not views:
        return [Verdict(value=False, reason="there are no sources") for _ in units]
    items = [AnswersItem(question=u.text, text=v) for u in units for v in views]
    flat = await ctx.judge.run(ANSWERS, items)
    return [_best_view(flat[i * len(views):(i + 1) * len(views)], names) for i in range(len(units))]


def _best_view(verdicts: Sequence[Verdict], names: Sequence[str]) -> Verdict:
    """Max over views: yes when any view answers; with probabilities, the highest one."""
    per_view = {n: v.value for n, v in zip(names, verdicts, strict=True)}
    failed = [v for v in verdicts if v.value is None]
    probs = [v.probability for v in verdicts]
    known = [p for p in probs if p is not None]
    probability = max(known) if known and len(known) == len(probs) else None
    detail: dict = {"per_source": per_view}
    if probability is not None:
        detail["per_source_probability"] = dict(zip(names, probs, strict=True))
    winners = [(n, v) for n, v in zip(names, verdicts, strict=True) if v.value]
    if probability is not None:
        winners.sort(key=lambda w: -(w[1].probability or 0.0))
    if winners:
        name, best = winners[0]
        return Verdict(value=True, reason=f"answered by {name}: {best.reason or ''}".strip(),
                       raw=best.raw, probability=probability,
                       detail={"answered_by": [n for n, _ in winners], **detail})
    if failed:
        return Verdict(value=None, error=failed[0].error, raw=failed[0].raw, detail=detail)
    reason = "; ".join(f"{n}: {v.reason}" for n, v in zip(names, verdicts, strict=True)
                       if v.reason)
    return Verdict(value=False, reason=reason or "no source answers it",
                   raw=verdicts[-1].raw, probability=probability, detail=detail)


def repeats_another(threshold: float):
    """Match for SD: a sentence repeats another when their cosine is ≥ threshold."""

    async def match(ctx: RecordContext, units: Sequence[Unit]) -> list[Verdict]:
        texts = [u.text for u in units]
        if len(texts) < 2:
            return [Verdict(value=False, reason="only sentence") for _ in texts]
        vectors = await ctx.once(f"embed(sentences:{len(texts)})",
                                 lambda: ctx.judge.run(EMBED, texts))
        return _repeat_verdicts(texts, vectors, threshold)

    return match


def _repeat_verdicts(texts: Sequence[str], vectors: Sequence[Sequence[float]],
                     threshold: float) -> list[Verdict]:
    import numpy as np

    matrix = np.asarray(vectors, dtype=float)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = matrix / np.where(norms == 0, 1.0, norms)
    closest, cosines = _closest_others(matrix)
    verdicts = []
    for i in range(len(texts)):
        j, best = int(closest[i]), float(cosines[i])
        shared = shared_words(texts[i], texts[j])
        other_numbers = best >= threshold and gives_other_numbers(texts[i], texts[j])
        repeats = best >= threshold and not other_numbers and \
            (best >= PARAPHRASE_COSINE or shared >= REPEAT_OVERLAP)
        verb = "repeats" if repeats else "is distinct from"
        said = ", each gives numbers the other lacks" if other_numbers else \
            "" if best < threshold or best >= PARAPHRASE_COSINE else \
            f", {shared:.0%} of the shorter one's content words shared"
        verdicts.append(Verdict(
            value=repeats, confidence=round(best, 4),
            reason=f"{verb} sentence {j} (cosine {best:.2f}, threshold {threshold:.2f}{said})",
            detail={"closest_sentence": j, "cosine": round(best, 4),
                    "shared_words": round(shared, 4)},
        ))
    return verdicts


# Two sentences close in meaning repeat each other only when they also share half the
# shorter one's content words, or are closer still (a paraphrase): 'Press and hold the reset
# button for 10 seconds.' and 'The router then restarts with its factory settings.' (cosine
# 0.78) are two steps about one subject. On the tuning pairs of
# training.fit_repeat_threshold this halves the distinct facts called repeats at τ 0.75
# (2.8 % → 1.5 %) and keeps every repeat found.
PARAPHRASE_COSINE = 0.9
REPEAT_OVERLAP = 0.5


def gives_other_numbers(one: str, other: str) -> bool:
    """Each of two sentences gives a number, a day or a month the other does not ('A normal
    reading is between 90/60 and 120/80.' and 'A reading of 140/90 or above is high.'; 'It
    closes at 1 pm on Saturdays.' and 'It is closed on Sundays.'): two facts, however alike
    their wording; a repeat says its numbers and days again."""
    a, b = _numbers_said(one), _numbers_said(other)
    return bool(a - b) and bool(b - a)


# ('may' left out: it is a modal verb far more often than the month)
_DAYS_AND_MONTHS = frozenset(WEEKDAYS) | {"weekday", "weekend"} | \
    {m.lower() for m in MONTH_NAMES} - {"may"}


def _numbers_said(text: str) -> frozenset[str]:
    """The numbers of `text` as content stems give them, an ordinal as its number ('31st' is
    31), and the days and months it names ('Saturdays' is Saturday)."""
    said = {re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", s) for s in content_stems(text)
            if s[:1].isdigit()}
    return frozenset(said | {day for w in re.findall(r"[a-z]+", text.lower())
                             if (day := w.removesuffix("s")) in _DAYS_AND_MONTHS})


def shared_words(one: str, other: str) -> float:
    """The share of the shorter text's content words that the other has."""
    a, b = content_stems(one), content_stems(other)
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


ROWS_AT_ONCE = 512  # cosine rows held at once: memory grows with n, not n²


def _closest_others(matrix):
    """For each row of unit vectors: the index and cosine of the closest other row."""
    import numpy as np

    n = len(matrix)
    closest = np.empty(n, dtype=int)
    best = np.empty(n, dtype=float)
    for start in range(0, n, ROWS_AT_ONCE):
        block = matrix[start:start + ROWS_AT_ONCE] @ matrix.T
        rows = np.arange(len(block))
        block[rows, rows + start] = -np.inf
        closest[start:start + len(block)] = np.argmax(block, axis=1)
        best[start:start + len(block)] = block[rows, closest[start:start + len(block)]]
    return closest, best
