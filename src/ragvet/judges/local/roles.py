"""Who did what: the named doer of a verb, read from 'directed by Robert Zemeckis' and
'Robert Zemeckis directed …'.

A claim that gives a deed to the wrong person ('Neil Gaiman directed Beowulf.') shares every
word with a source that names both ('Beowulf was directed by Robert Zemeckis and written by
Neil Gaiman.'), so word overlap backs it and the name check finds nothing missing. Reading
the doer of each verb catches it: the source's director is Zemeckis, the claim's is Gaiman.
Rules on words, not a parser: a doer is a run of capitalised words right before a past-tense
verb, or the capitalised words in the few words after 'VERB by' ('by Olympic wrestler Kamal
Shalorus' → olympic, kamal, shalorus).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...text import STOPWORDS, is_past_form, sentences, stem, words
from .answer_shape import SUPERLATIVE
from .features import CALENDAR_WORDS, MONTHS, opening_name

# after 'by': the words that end the doer's span
_SPAN_STOP = frozenset({"in", "on", "at", "for", "with", "from", "as", "which", "who", "that",
                        "whose", "to", "during", "after", "before", "under", "through", "until",
                        "since", "while", "when", "where", "but", "or", "is", "was", "were"})
_SPAN_WORDS = 8
_TOKEN = re.compile(r"[^\W_][\w'’.-]*|[,;:()\"“”]")
_PUNCT = frozenset(",;:()")
_QUOTES = frozenset("\"“”")
_JOINERS = frozenset({"of", "the", "de", "van", "von", "der", "da", "di", "du", "la", "le"})


def _verb(token: str) -> str:
    return stem(token.lower())


def doers(text: str, *, opening: str | None = None) -> dict[str, frozenset[str]]:
    """Verb stem → the lower-cased words of its named doers in `text` ('direct' →
    {robert, zemeckis}); a verb without a named doer is left out. `opening`: the text's first
    word, read as a name (`features.opening_name`: 'Michelangelo painted …')."""
    tokens = _TOKEN.findall(text)
    out: dict[str, set[str]] = {}
    for k, token in enumerate(tokens):
        if token.lower() == "by" and k > 0:
            for verb in _verbs_before(tokens, k):
                named = _span_after(tokens, k + 1)
                if named:
                    out.setdefault(_verb(verb), set()).update(named)
        elif is_past_form(token) and k > 0 and _has_object(tokens, k):
            named = _name_before(tokens, k) or \
                ({opening} if opening and k == 1 and _bare(tokens[0]) == opening else set())
            if named:
                out.setdefault(_verb(token), set()).update(named)
    return {verb: frozenset(names) for verb, names in out.items()}


def _verbs_before(tokens: list[str], by: int) -> list[str]:
    """'written and directed by': both verbs; 'was directed by': one."""
    verbs, k = [], by - 1
    while k >= 0 and is_past_form(tokens[k]):
        verbs.append(tokens[k])
        if k >= 2 and tokens[k - 1].lower() in ("and", ",") and is_past_form(tokens[k - 2]):
            k -= 2
        else:
            break
    return verbs


def _span_after(tokens: list[str], start: int) -> set[str]:
    named: set[str] = set()
    for token in tokens[start:start + _SPAN_WORDS]:
        if token in _PUNCT or token.lower() in _SPAN_STOP or is_past_form(token):
            break
        if token[:1].isupper() and token.lower() not in STOPWORDS:
            named.add(_bare(token))
    return named


# after a verb, words that open no object: 'The hall opened in 2001', 'X was directed by'
_NO_OBJECT = _SPAN_STOP | {"by", "into", "onto", "out", "up", "down", "off", "over", "again",
                           "later", "first", "last", "here", "there", "and", "of"}


def _has_object(tokens: list[str], verb: int) -> bool:
    """The verb is followed by what it acts on ('directed Beowulf', 'wrote the song'), not
    by a preposition, a number or the end ('opened in 2001'): only then is the name before
    it its doer rather than the thing that changed."""
    if verb + 1 >= len(tokens):
        return False
    after = tokens[verb + 1]
    return after not in _PUNCT and not after[:1].isdigit() and after.lower() not in _NO_OBJECT


def _name_before(tokens: list[str], verb: int) -> set[str]:
    """The capitalised run right before the verb ('Matthew "The Granimal" Granahan
    founded'); empty when the word before is not capitalised ('The film was directed')."""
    named: set[str] = set()
    k = verb - 1
    while k >= 0 and (tokens[k][:1].isupper() or tokens[k] in _QUOTES or
                      (tokens[k].lower() in _JOINERS and named)):
        if tokens[k][:1].isupper() and tokens[k].lower() not in STOPWORDS:
            named.add(_bare(tokens[k]))
        k -= 1
    if k < 0 and len(named) == 1 and verb == 1:
        return set()  # 'Located in …': a sentence's first word alone is not read as a name
    if k >= 0 and tokens[k] == "," and _after_fronted_phrase(tokens, k):
        return named  # 'In 2016, Microsoft acquired …': the phrase before the comma sets the time
    if k >= 0 and (tokens[k] in _PUNCT or tokens[k].lower() in _SPAN_STOP | {"of", "near"}):
        return set()  # 'the hall in Sofia, Bulgaria opened': a place, not the subject
    return named


_FRONTING = frozenset({"in", "on", "at", "after", "before", "during", "since", "by", "from",
                       "until", "following", "later", "earlier"})


def _after_fronted_phrase(tokens: list[str], comma: int) -> bool:
    """The comma closes the sentence's opening phrase of time or place ('In 2016,', 'After
    the war,'): the first comma, after a phrase opened by a preposition."""
    return bool(tokens) and tokens[0].lower() in _FRONTING and "," not in tokens[1:comma]


def _bare(token: str) -> str:
    return token.lower().replace("’", "'").removesuffix("'s").rstrip(".")


def role_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(verb, the claim's doer, the sentence's doer) when `sentence` names another doer of a
    verb the claim gives a named doer, and no source (`everywhere`) gives the claim's doer
    that verb; else None."""
    mine = doers(claim, opening=opening_name(claim, everywhere))
    if not mine:
        return None
    # the sentence's first word may be its doer too ('Germany won the tournament, …')
    theirs = doers(sentence, opening=opening_name(sentence, everywhere))
    for verb, who in sorted(mine.items()):
        rival = theirs.get(verb)
        if not rival or who & rival:
            continue
        if _does_it_elsewhere(claim, verb, who, everywhere):
            continue
        return verb, " ".join(sorted(who)), " ".join(sorted(rival))
    return None


def _does_it_elsewhere(claim: str, verb: str, who: frozenset[str], everywhere: str) -> bool:
    """Does a source sentence give the claim's doer the verb, of what the claim speaks of (half
    the claim's other words)? 'Frank Gehry designed the Guggenheim Museum.' does not make him
    the designer of the Sydney Opera House."""
    other = {stem(w) for w in words(claim) if w.lower() not in STOPWORDS} - \
        {stem(w) for w in who} - {verb}
    for sentence in sentences(everywhere):
        if not who & doers(sentence, opening=opening_name(sentence, everywhere)).get(
                verb, frozenset()):
            continue
        said = {stem(w) for w in words(sentence)}
        if not other or 2 * len(other & said) >= len(other):
            return True
    return False


# where something was done: 'born in Lyon', 'based in Oslo and Bergen', 'held at Wembley';
# where a thing is: 'headquarters are in Rotterdam', 'the office is located in Ghent' (the
# thing stands for the verb); where someone went: 'moved to Vienna'
_NAME = r"[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'’-]*)*"
_PLACES = rf"(?:the\s+)?({_NAME}(?:\s*(?:,|\band\b|\bor\b)\s*(?:in\s+|at\s+)?(?:the\s+)?{_NAME})*)"
_PLACED = re.compile(rf"\b([a-z]{{2,}})\s+(?:(?:is|are|was|were)\s+"
                     rf"(?:(?:located|based|situated)\s+)?)?(?:in|at|near)\s+{_PLACES}")
_WENT = re.compile(rf"\b(moved|relocated|emigrated|returned|retired|fled)\s+to\s+{_PLACES}")
_NAME_RUN = re.compile(_NAME)


def places(text: str, *, every_word: bool = False) -> dict[str, frozenset[str]]:
    """stem of a verb → the places (lower-cased names) the text puts it in or at: 'She was
    born in Paris and moved to Lyon.' → {born: {paris}}; 'Its headquarters are in Oslo.' →
    {headquart: {oslo}}. Several places joined by 'and' or commas are all kept ('based in
    Oslo and Bergen'). `every_word`: a stop word before 'in' counts as well ('grew up in
    Lyon' → {up: {lyon}}), and so does a place someone went to ('moved to Lyon')."""
    out: dict[str, set[str]] = {}
    went = _WENT.findall(text) if every_word else []
    for verb, named in _PLACED.findall(text) + went:
        if verb in STOPWORDS and not every_word:
            continue
        found = {run.lower() for run in _NAME_RUN.findall(named)} - CALENDAR_WORDS
        if found:
            out.setdefault(stem(verb), set()).update(found)
    return {verb: frozenset(found) for verb, found in out.items()}


def place_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(verb, the claim's place, the sentence's place) when `sentence` puts a verb the claim
    places somewhere in another place, and puts the claim's place with another word: 'She
    was born in Lyon.' against 'She was born in Paris and grew up in Lyon.'. No source
    (`everywhere`) may put the verb in the claim's place. (A place that the sentence does not
    name at all is left to the name check: 'held in London' is not denied by 'held at
    Wembley Stadium'.)"""
    mine = places(claim)
    if not mine:
        return None
    return _moved(mine, places(sentence, every_word=True), lambda: places(everywhere))


def _moved(mine: dict[str, frozenset[str]], theirs: dict[str, frozenset[str]],
           anywhere: Callable[[], dict[str, frozenset[str]]]) -> tuple[str, str, str] | None:
    """(verb, the claim's value, the sentence's) when the sentence gives a verb of the claim
    another value (a place, a date) and the claim's value to another verb, and no source
    (`anywhere`, read once, when needed) gives the verb the claim's value."""
    every: dict[str, frozenset[str]] | None = None
    for verb, value in sorted(mine.items()):
        rival = theirs.get(verb)
        if not rival or value & rival:
            continue
        every = every if every is not None else anywhere()
        if value & every.get(verb, frozenset()):
            continue
        elsewhere = frozenset().union(*(p for v, p in theirs.items() if v != verb))
        if value <= elsewhere:
            return verb, " ".join(sorted(value)), " ".join(sorted(rival))
    return None


# a post someone holds: 'Maria Lopez is the CEO of the firm', 'John Park is its CFO'
_PERSON = r"([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)+)"
_POST_WORDS = r"([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}|[A-Z]{2,5})"
_HOLDS = re.compile(rf"{_PERSON}\s+(?:is|was|became|remains|serves\s+as|served\s+as)\s+"
                    rf"(?:the|its|their|his|her)\s+{_POST_WORDS}(?=\s+(?:of|at|for)\b|[,.;]|$)")


def posts(text: str) -> dict[str, frozenset[str]]:
    """post (lower-cased) → who holds it (lower-cased names): 'Maria Lopez is the CEO of the
    firm, and John Park is its CFO.' → {ceo: {maria lopez}, cfo: {john park}}."""
    out: dict[str, set[str]] = {}
    for person, post in _HOLDS.findall(text):
        out.setdefault(post.lower(), set()).add(person.lower())
    return {post: frozenset(held) for post, held in out.items()}


def post_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(post, the claim's holder, the sentence's) when the sentence gives a post of the claim
    to someone else and another post to the claim's holder: 'John Park is the CEO.' against
    'Maria Lopez is the CEO, and John Park is its CFO.'. No source may give the claim's
    holder that post."""
    mine = posts(claim)
    if not mine:
        return None
    return _moved(mine, posts(sentence), lambda: posts(everywhere))


# when something was done: 'starts on January 8, 2025', 'opened in 1998', 'ends on 28 March'
_MONTH = r"(?:" + "|".join(m.capitalize() for m in MONTHS) + r")"
# the day of a month ("8", "28th"), one group
DAY_NUMBER = r"(\d{1,2})(?:st|nd|rd|th)?"
_DATED = re.compile(
    rf"\b([a-z]{{3,}})\s+(?:[Oo]n|[Ii]n)\s+(?:the\s+)?(?:{DAY_NUMBER}\s+(?:of\s+)?({_MONTH})"
    rf"(?:,?\s+(\d{{4}}))?|({_MONTH})\s+{DAY_NUMBER}\b(?:,?\s+(\d{{4}}))?|({_MONTH})\s+(\d{{4}})|"
    rf"(\d{{4}})\b)|\b([a-z]{{3,}})\s+(\d{{4}})(?=\s*[.!?]?\s*$)")


def dates(text: str) -> dict[str, frozenset[str]]:
    """stem of a verb → the dates the text gives it, each as 'day month year' with what is
    given: 'The term starts on January 8, 2025 and ends on 28 March.' → {start: {8 january
    2025}, end: {28 march}}."""
    out: dict[str, set[str]] = {}
    for verb, d1, m1, y1, m2, d2, y2, m3, y3, y4, last_verb, y5 in _DATED.findall(text):
        verb = verb or last_verb  # 'The bridge open 1933.': a bare year filled into a question
        if verb in STOPWORDS:
            continue
        day, month, year = d1 or d2, (m1 or m2 or m3).lower(), y1 or y2 or y3 or y4 or y5
        out.setdefault(stem(verb), set()).add(" ".join(p for p in (day, month, year) if p))
    return {verb: frozenset(when) for verb, when in out.items()}


def date_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(verb, the claim's date, the sentence's date) when `sentence` gives a verb of the claim
    another date: 'The term starts on 28 March.' against 'The term starts on 8 January and
    ends on 28 March.', or 'The bridge opened in 1860.' against 'The bridge opened in 1931.'
    where another sentence says 'a ferry had run there since 1860' (each number is in the
    sources, so the number check passes it). The sentence gives the verb one date only, and
    no source (`everywhere`) gives the verb a date that agrees with the claim's ('opened in
    May 1931' agrees with 'opened in 1931')."""
    mine = dates(claim)
    if not mine:
        return None
    theirs = dates(sentence)
    moved = _moved(mine, theirs, lambda: dates(everywhere))
    if moved:
        return moved
    every: dict[str, frozenset[str]] | None = None
    for verb, value in sorted(mine.items()):
        rival = theirs.get(verb)
        if not rival or len(rival) != 1 or _agree(value, rival):
            continue
        every = every if every is not None else dates(everywhere)
        if not _agree(value, every.get(verb, frozenset())) and \
                not _said_with(verb, value, everywhere):
            return verb, " ".join(sorted(value)), " ".join(sorted(rival))
    return None


def _said_with(verb: str, value: frozenset[str], everywhere: str) -> bool:
    """Some sentence of the sources gives a year of `value` and uses the verb, in whatever
    order ('In 2005 the museum was renovated again.'): it may date the verb so."""
    years = {t for date in value for t in date.split() if len(t) == 4 and t.isdigit()}
    return any(years & set(re.findall(r"\b\d{4}\b", s)) and
               verb in {stem(w) for w in re.findall(r"[A-Za-z]+", s)}
               for s in sentences(everywhere))


def _agree(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Some date of `mine` and one of `theirs` agree in every part both give (day, month,
    year): '8 may 1931' and '1931' agree, '1931' and '1860' do not."""
    def parts(date: str) -> dict[str, str]:
        out = {}
        for token in date.split():
            kind = "year" if len(token) == 4 and token.isdigit() else \
                "day" if token.isdigit() else "month"
            out[kind] = token
        return out

    return any(all(a[k] == b[k] for k in a.keys() & b.keys())
               for a in map(parts, mine) for b in map(parts, theirs))


# when in the day something is done: 'departs at 07:40', 'opens at 9 a.m.', 'closes at 5pm'
# ('arrives in Madrid at 11:55', 'leaves Ardle at 06:50': a place named between the verb and
# its time is passed over)
# a time of day as written: '07:40', '7.40', '9 a.m.', '5pm' (or a bare number, which the
# readers below pass over unless it has minutes or am / pm)
_TIME_OF_DAY = r"\d{1,2}(?:[:.]\d{2})?\s?(?:[aApP]\.?[mM]\.?)?"
_TIMED = re.compile(r"\b([a-z]{3,})(?:\s+(?:(?:in|to|from|on)\s+)?(?:the\s+)?[A-Z][\w-]*"
                    rf"(?:\s+[A-Z][\w-]*)*)?\s+at\s+({_TIME_OF_DAY})(?![\d%])")


def times(text: str) -> dict[str, frozenset[str]]:
    """stem of a verb → the times of day the text gives it: 'departs at 07:40 and arrives at
    11:55' → {depart: {07:40}, arriv: {11:55}}; a bare number after 'at' must carry minutes
    or am / pm ('at 3' may be an age or a score)."""
    out: dict[str, set[str]] = {}
    for verb, when in _TIMED.findall(text):
        when = _clock(when)
        if verb.lower() in STOPWORDS or not _is_clock_time(when):
            continue
        out.setdefault(stem(verb.lower()), set()).add(when)
    return {verb: frozenset(found) for verb, found in out.items()}


def time_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(verb, the claim's time, the sentence's) when `sentence` gives a verb of the claim
    another time of day and gives the claim's time to another verb: 'The flight arrives at
    07:40.' against 'The flight departs at 07:40 and arrives at 11:55.'. No source
    (`everywhere`) may give the verb the claim's time."""
    mine = times(claim)
    if not mine:
        return None
    theirs = times(sentence)
    moved = _moved(mine, theirs, lambda: times(everywhere))
    if moved:
        return moved
    # ('Check-in starts at 11 am.' against 'Check-in starts at 3 pm and check-out is until 11
    # am.': the claim's time is the sentence's, said of something else; not '… opens at 9:00
    # on Sundays and at 7:00 on weekdays', where 'at' goes on with the same verb)
    clocks = _clock_times_not_after_at(sentence)
    every: dict[str, frozenset[str]] | None = None
    for verb, value in sorted(mine.items()):
        rival = theirs.get(verb)
        if not rival or value & rival or not value <= clocks:
            continue
        every = every if every is not None else times(everywhere)
        if not value & every.get(verb, frozenset()):
            return verb, " ".join(sorted(value)), " ".join(sorted(rival))
    return None


def _clock(when: str) -> str:
    """A time of day as the checks compare it: '7.40' → '7:40', '9 a.m.' → '9am'."""
    when = when.lower().replace(".", ":", 1) if re.match(r"\d{1,2}\.\d{2}", when) \
        else when.lower()
    return re.sub(r"[\s.]", "", when)


def _is_clock_time(when: str) -> bool:
    """A normalised time (`_clock`) that is one: with minutes or am / pm ('at 3' may be an
    age or a score)."""
    return ":" in when or when.endswith(("am", "pm"))


_CLOCK_TIME = re.compile(rf"(?<![\d:.])({_TIME_OF_DAY})(?![\d%])")


def _clock_times_not_after_at(text: str) -> frozenset[str]:
    """Every time of day the text writes, as `times` writes it ('11 am' → '11am'), but one
    right after 'at' (which goes on with a verb `times` reads)."""
    out = set()
    for match in _CLOCK_TIME.finditer(text):
        if re.search(r"\bat\s*$", text[:match.start()], re.IGNORECASE):
            continue
        when = _clock(match[1])
        if _is_clock_time(when):
            out.add(when)
    return frozenset(out)


# 'The cheetah is the fastest land animal.': a subject given a title only one thing can hold
_UNIQUE = re.compile(r"^(?P<subject>.{2,60}?)\s+(?:is|was|remains|became)\s+"
                     r"(?P<title>the\s+(?:only|sole|first|last|(?:second|third)\s+\w+|"
                     r"\w+)\b.*?)[.!]?$", re.IGNORECASE)


def _unique_title(text: str) -> tuple[frozenset[str], frozenset[frozenset[str]]] | None:
    """(subject stems, the title's readings) of 'X is the only / first / fastest …', else
    None. A reading is the title's stems, or, for a superlative, the stems from the
    superlative on, for each title joined by 'and the' ('the smallest planet and the closest
    to the Sun' holds 'closest sun', as 'the planet closest to the Sun' does)."""
    # a sentence of several clauses gives the title in its first ('Lake Victoria is the
    # largest lake in Africa; Lake Tanganyika is the second largest.')
    match = _UNIQUE.match(_first_clause(text))
    if not match:
        return None
    title = match["title"].lower().split(",")[0]  # not what a comma adds ('…, capable of …')
    title = _NATURALLY_OCCURRING.sub("natural", title)
    head = title.split()[1] if len(title.split()) > 1 else ""
    if not (SUPERLATIVE.search(title) or head in {"only", "sole", "first", "last"}):
        return None
    subject = frozenset(stem(w) for w in re.findall(r"[\w'-]+", match["subject"].lower())
                        if w not in STOPWORDS)
    readings = {_stems(title)}
    for part in re.split(r"\band (?=the\b)", title):
        superlative = SUPERLATIVE.search(part)
        # 'the second largest lake' is not 'the largest lake'
        if superlative and not _ORDINAL_BEFORE.search(part[:superlative.start()]):
            readings.add(_stems(part[superlative.start():]))
    return subject, frozenset(readings)


_ORDINAL_BEFORE = re.compile(r"\b(?:second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))-?\s*$")


def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[\w'-]+", text) if w not in STOPWORDS)


# 'the hardest naturally occurring material' is 'the hardest natural material'
_NATURALLY_OCCURRING = re.compile(r"\bnaturally[- ](?:occurring|existing|found)\b")


def _same_one(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two subjects that may name the same one: one's words hold the other's ('Hillary' /
    'Edmund Hillary'); 'the blue whale' and 'the whale shark' share a word, not a name."""
    return a <= b or b <= a


def title_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str] | None:
    """(the claim's subject, the sentence's) when the sentence gives the claim's one-holder
    title, word for word, to another subject: 'The lion is the fastest land animal.' against
    'The cheetah is the fastest land animal, …'. No source sentence (`everywhere`) may give
    the title to the claim's subject."""
    mine, theirs = _unique_title(claim), _unique_title(sentence)
    if mine is None or theirs is None or not mine[0] or not theirs[0]:
        return None
    if _same_one(mine[0], theirs[0]) or not mine[1] & theirs[1]:
        return None  # 'the largest city in Victoria' is not 'the largest city'
    for other in sentences(everywhere):
        held = _unique_title(other)
        if held is not None and _same_one(held[0], mine[0]) and mine[1] & held[1]:
            return None
    return _written_subject(claim), _written_subject(sentence)


def _written_subject(text: str) -> str:
    """The subject of a one-holder title as the text writes it ('Lake Victoria'), for the
    reason (the stems compared, 'lak victoria', read badly)."""
    match = _UNIQUE.match(_first_clause(text))
    return match["subject"].strip() if match else text


def _first_clause(text: str) -> str:
    return re.split(r";\s+", text.strip())[0]


# verbs whose two sides cannot be swapped: 'Rovers beat United' is not 'United beat Rovers'
# (not 'met', 'married', 'played' or 'drew with', which say the same either way round)
_ONE_WAY = (  # each group one deed, its first word the name it is shown by
    "beat beats defeated defeats overcame overcomes outscored outscores eliminated eliminates",
    "bought buys purchased purchases acquired acquires",
    "outsold outsells", "overtook overtakes", "succeeded succeeds", "replaced replaces",
    "preceded precedes", "sued sues", "hired hires", "fired fires", "conquered conquers",
    "invaded invades", "annexed annexes", "attacked attacks", "owns owned")
_ONE_WAY_STEMS = {stem(w): group.split()[0] for group in _ONE_WAY for w in group.split()}
_SIDE = r"(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
_DOES_TO = re.compile(rf"{_SIDE}\s+(?:[a-z]+ly\s+)?([a-z]+)\s+{_SIDE}")


def deeds_between(text: str) -> dict[tuple[str, str, str], tuple[str, str]]:
    """(doer, one-way verb, the one it was done to), the names in lower case → the two names
    as written: ('rovers', 'beat', 'united') → ('Rovers', 'United') of 'In the final, Rovers
    beat United 3–1.'"""
    out = {}
    for match in _DOES_TO.finditer(text):
        verb = _ONE_WAY_STEMS.get(stem(match[2].lower()))
        if verb:
            out[(match[1].lower(), verb, match[3].lower())] = (match[1], match[3])
    return out


def swap_clash(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """(verb, the claim's doer, the one it was done to, as written) when the sentence has the
    two sides of the claim's one-way deed the other way round ('United beat Rovers' against
    'Rovers beat United', or 'the drones push the workers out' against 'the worker bees push
    the drones out'), and no source says it the claim's way."""
    theirs = deeds_between(sentence)
    for (doer, verb, done_to), written in sorted(deeds_between(claim).items()):
        if (done_to, verb, doer) in theirs and \
                (doer, verb, done_to) not in deeds_between(everywhere):
            return verb, *written
    return _common_swap(claim, sentence, everywhere) or _cause_swapped(claim, sentence, everywhere)


_SIDE_WORDS = r"((?:[\w'’-]+\s+){0,2}?[\w'’-]+)"
# 'A causes B', 'A leads to B'; 'B is caused by A', 'B comes from A'
_CAUSES = re.compile(rf"\b{_SIDE_WORDS}\s+(?:causes?|caused|leads? to|led to|results? in|"
                     rf"resulted in|triggers?|triggered|produces?|produced)\s+"
                     rf"(?:the\s+|a\s+|an\s+)?{_SIDE_WORDS}", re.IGNORECASE)
_CAUSED_BY = re.compile(rf"\b{_SIDE_WORDS}\s+(?:is|are|was|were)\s+(?:\w+ly\s+)?(?:caused|"
                        rf"triggered|produced)\s+by\s+(?:the\s+|a\s+|an\s+)?{_SIDE_WORDS}|"
                        rf"\b{_SIDE_WORDS}\s+(?:results?|resulted|comes?|came)\s+from\s+"
                        rf"(?:the\s+|a\s+|an\s+)?{_SIDE_WORDS}", re.IGNORECASE)


def causes_in(text: str) -> list[tuple[frozenset[str], frozenset[str], tuple[str, str]]]:
    """(the cause's stems, the effect's stems, the two as written) of each 'A causes B' or
    'B is caused by A' of the text; a side is its last words before the verb (up to three)
    and its first after."""
    out = []
    for match in _CAUSES.finditer(text):
        out.append((match[1], match[2]))
    for match in _CAUSED_BY.finditer(text):
        effect, cause = (match[1], match[2]) if match[1] else (match[3], match[4])
        out.append((cause, effect))
    return [(a, b, (cause, effect)) for cause, effect in out
            if (a := _stems(cause.lower())) and (b := _stems(effect.lower())) and not a & b]


def _cause_swapped(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """The sentence gives the claim's cause and effect the other way round: 'Thunder causes
    lightning.' against 'Thunder is caused by lightning.'; no source says it the claim's way."""
    theirs = causes_in(sentence)
    for cause, effect, written in causes_in(claim):
        if any(cause & their_effect and effect & their_cause and not cause & their_cause
               for their_cause, their_effect, _ in theirs) and \
                not any(cause & c and effect & e for c, e, _ in causes_in(everywhere)):
            return "cause", *written
    return None


# 'the worker bees push the drones': a thing, a verb, a thing, each side opened by a determiner
# (a passive, 'the drones are pushed out by …', has a form of 'be' for its verb and is passed
# over)
_DET = r"(?:the|a|an|its|their|his|her|our|your|my|this|these|those)"
_SIDE_NP = rf"\b{_DET}\s+((?:[a-z][\w-]*\s+){{0,2}}?[a-z][\w-]*)"
_NOUN_DEED = re.compile(rf"{_SIDE_NP}\s+(?:[a-z]+ly\s+)?([a-z]{{3,}})\s+(?={_SIDE_NP})")
# deeds that say the same either way round ('the river meets the sea')
_TWO_WAY_WORDS = ("meet marry match equal resemble border touch join face contact play fight "
                  "date hug kiss divorce mirror complement accompany neighbour neighbor share "
                  "exchange swap trade collide compete")
_TWO_WAY = frozenset(stem(w) for w in _TWO_WAY_WORDS.split())


_Deed = tuple[frozenset[str], str, frozenset[str], tuple[str, str, str]]


def noun_deeds(text: str) -> list[_Deed]:
    """(the doer's stems, the verb's stem, the stems of the one it is done to, the verb and
    the two sides as written) of each 'the A verb the B' of the text: ('worker bee', push,
    'drone')."""
    out = []
    for match in _NOUN_DEED.finditer(text.lower()):
        verb = match[2]
        if verb in STOPWORDS or verb.endswith("ly") or stem(verb) in _TWO_WAY:
            continue
        after = re.match(_SIDE_NP, text.lower()[match.end():])
        if after is None:
            continue
        doer, done_to = (frozenset(stem(w) for w in side.split() if w not in STOPWORDS)
                         for side in (match[1], after[1]))
        if doer and done_to and not doer & done_to:
            out.append((doer, stem(verb), done_to, (verb, match[1], after[1])))
    return out


def _common_swap(claim: str, sentence: str, everywhere: str) -> tuple[str, str, str] | None:
    """The sentence has the two sides of a deed of the claim the other way round, each side
    a thing named with a determiner, sharing no word with the side it stands in for."""
    theirs = noun_deeds(sentence)
    if not theirs:
        return None
    for doer, verb, done_to, written in noun_deeds(claim):
        for their_doer, their_verb, their_done_to, _ in theirs:
            if verb == their_verb and doer & their_done_to and done_to & their_doer and \
                    not doer & their_doer and not done_to & their_done_to and \
                    not _said_this_way(doer, verb, done_to, everywhere):
                return written
    return None


def _said_this_way(doer: frozenset[str], verb: str, done_to: frozenset[str],
                   everywhere: str) -> bool:
    return any(v == verb and doer & d and done_to & t for d, v, t, _ in noun_deeds(everywhere))
