"""Questions that compare two named things, and which of the two a reply picks.

  'Who was born first, Ada Lovelace or Charles Babbage?'       earlier of two years
  'Which came out later: Alien or Aliens?'                      later of two years
  'Are Ada Lovelace and Lord Byron of the same nationality?'    same nationality (yes/no)
  'Were Alien and Blade Runner released in the same year?'      same year (yes/no)
  'Are both Ada Lovelace and Lord Byron English?'               each has that nationality
  'Ada Lovelace and Lord Byron, were they English?'             the same, the names first
  'Are Quercus and Fagus in the same family?'                   same botanical family
  'Were Acme Bikes and Zephyr Foods founded in the same state?' same US state

Such a question cannot be answered by one source sentence: the answer follows from a fact about
each option (a year, a nationality, a family, a state). The question is read here, by rules
on words; the offline judge looks the facts up in the sources (`judges.local.comparisons`),
and the metrics read a claim that picks an option with its question (`metrics.steps`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .text import stem, words

MORE_WORDS = frozenset({"more", "most", "greater", "larger", "bigger"})
FEWER_WORDS = frozenset({"fewer", "less", "least", "smaller"})
EARLIER_WORDS = frozenset({"first", "earlier", "earliest", "older", "oldest", "sooner"})
LATER_WORDS = frozenset({"later", "latest", "younger", "youngest", "newer", "newest", "last"})
# words that may sit inside a name ('Kings of Leon', 'Theo van Gogh', 'First for Women')
_NAME_JOINERS = frozenset({"of", "the", "de", "del", "da", "di", "du", "van", "von", "der",
                           "den", "la", "le", "and", "for", "in", "on", "y", "&", "'s"})

# 'Are A and B both X' / 'Are both A and B X' / 'Do A and B have the same X'
_YES_NO_AUX = re.compile(r"^(?:is|are|was|were|do|does|did|have|has)\s+(?P<rest>.+)$",
                         re.IGNORECASE)
_SAME = re.compile(r"^(?P<options>.+?)\s+(?-i:[a-z]+\s+){0,3}(?:the\s+)?same\s+"
                   r"(?P<attribute>nationality|nationalities|country|year|family|state)\b",
                   re.IGNORECASE)
# 'A and B, are they Chilean?' / 'A and B, are Chilean?': the names put before the question
_NAMES_FIRST = re.compile(r"^(?P<names>[^,]+?\s+and\s+[^,]+?),\s*(?P<aux>is|are|was|were)\s+"
                          r"(?:(?:they|both)\s+)?(?P<rest>.+)$", re.IGNORECASE)
_QUESTION_WORD = re.compile(r"^(?:between|who|whom|whose|which|what|when|where|why|how)\b",
                            re.IGNORECASE)
# 'Which X VERB first, A or B?', 'Who is older A or B?', 'Was A or B born first?'
_ORDINAL = re.compile(r"\b(?P<word>" + "|".join(sorted(EARLIER_WORDS | LATER_WORDS)) + r")\b",
                      re.IGNORECASE)
_BETWEEN = re.compile(r"^between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?),\s*(?P<rest>.+)$",
                      re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Comparison:
    """What a question compares: its two options, the attribute weighed ('year',
    'nationality', 'family', 'state' or 'count:STEM') and how: 'earlier' / 'later' (pick
    one), 'same' (yes/no: do they share it) or 'each' (yes/no: does each have `value`)."""

    question: str
    options: tuple[str, str]
    attribute: str
    wants: str
    value: str = ""

    @property
    def picks(self) -> bool:
        """The reply names one of the options (else it is a yes or a no)."""
        return self.wants in ("earlier", "later", "more", "fewer")

    @property
    def counted(self) -> str:
        """For 'Which band has more members, A or B?': the stem of what is counted."""
        return self.attribute.partition(":")[2]


def read_comparison(question: str) -> Comparison | None:
    """The comparison `question` asks for, or None for any other question."""
    asked = " ".join(question.split()).strip()
    if not asked.endswith("?"):
        return None
    body = asked[:-1].strip()
    names_first = _NAMES_FIRST.match(body)
    if names_first and not _QUESTION_WORD.match(body):  # 'A and B, are Chilean?'
        body = " ".join(names_first.group("aux", "names", "rest"))
    return _count_choice(asked, body) or _ordinal_choice(asked, body) or \
        _same_attribute(asked, body) or _each_nationality(asked, body)


def picked_option(comparison: Comparison, reply: str) -> int | None:
    """Which option (0 or 1) a reply to an 'earlier / later' question says is the one asked
    for: 'Ford.', 'Aleksander Ford was born first.', 'Trapero was born later than Ford.';
    None when it names neither or cannot be read."""
    if not comparison.picks:
        return None
    said = [w.lower() for w in words(reply)]
    spots = [_position(option, said) for option in comparison.options]
    named = sorted((p[0], k) for k, p in enumerate(spots) if p is not None)
    if not named:
        return None
    direction = _direction(said, counts=comparison.attribute.startswith("count"))
    if len(named) == 2:
        if direction is None:  # 'Octopus card' names 'Octopus card' more than 'Nol Card'
            shares = [p[1] for p in spots if p is not None]
            return None if shares[0] == shares[1] else shares.index(max(shares))
        first = named[0][1]  # 'A was born before B': the subject comes first
        return first if direction == comparison.wants else 1 - first
    chosen = named[0][1]
    return chosen if direction in (None, comparison.wants) else 1 - chosen


def option_words(option: str) -> list[str]:
    """The words that identify an option ('The Hunchback of Notre Dame' → hunchback, notre,
    dame): its capitalised words and numbers, or all its words when none is capitalised."""
    tokens = [t for t in words(option) if len(t) > 1 or t.isdigit()]  # not an initial
    named = [t.lower() for t in tokens if (t[:1].isupper() or t[:1].isdigit())
             and t.lower() not in _NAME_JOINERS]
    return named or [t.lower() for t in tokens if t.lower() not in _NAME_JOINERS]


def _position(option: str, said: list[str]) -> tuple[int, float] | None:
    """Where a reply first names `option` and the share of its words it says (at least
    half: 'Trapero' names 'Pablo Trapero')."""
    wanted = [singular(w) for w in option_words(option)]
    if not wanted:
        return None
    said = [singular(w) for w in said]  # 'Firs' names 'Fir'
    hits = [said.index(w) for w in wanted if w in said]
    if not hits or len(hits) * 2 < len(wanted):
        return None
    return min(hits), len(hits) / len(wanted)


def singular(word: str) -> str:
    """'firs' → 'fir' (not 'ross' or short words): a plural names its option."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") \
        else word


# words that state how two things compare in a yes/no comparison ('both are …', 'the same')
_LIKENESS_WORDS = frozenset({"both", "same", "different", "differ", "neither", "either",
                             "unlike", "whereas", "while", "also"})


def states_a_comparison(comparison: Comparison, text: str) -> bool:
    """Does `text` say how the two options compare ('A was founded first', 'both are
    English', 'A has more members'), rather than only give a fact about one of them?"""
    said = [w.lower() for w in words(text)]
    if comparison.picks:
        return _direction(said, counts=comparison.attribute.startswith("count")) is not None
    return any(w in _LIKENESS_WORDS for w in said)


def _direction(said: list[str], counts: bool = False) -> str | None:
    """The way a reply compares: 'earlier' / 'later', or for a count 'more' / 'fewer'."""
    first, second = (MORE_WORDS, FEWER_WORDS) if counts else \
        (EARLIER_WORDS | {"before"}, LATER_WORDS | {"after"})
    one = any(w in first for w in said)
    other = any(w in second for w in said)
    if one == other:
        return None
    if counts:
        return "more" if one else "fewer"
    return "earlier" if one else "later"


_COUNT = re.compile(r"^(?:which|who|what)\b[^,]*?\b(?P<how>more|fewer|less)\s+"
                    r"(?P<what>[A-Za-z][\w -]*?)\s*,?\s+(?P<a>[^,]+?)\s+or\s+(?P<b>.+)$",
                    re.IGNORECASE)


def _count_choice(asked: str, body: str) -> Comparison | None:
    """'Which band has more members, Saint Motel or Curve?': the count of members."""
    match = _COUNT.match(body)
    if match is None or "," not in body:
        return None
    counted = match.group("what").split()
    first, second = _name(match.group("a")), _leading_name(match.group("b"))
    if not counted or not first or not second:
        return None
    wants = "more" if match.group("how").lower() == "more" else "fewer"
    return Comparison(asked, (first, second), f"count:{stem(counted[-1])}", wants)


def _ordinal_choice(asked: str, body: str) -> Comparison | None:
    between = _BETWEEN.match(body)
    if between:
        ordinal = _ORDINAL.search(between.group("rest"))
        if ordinal is None:
            return None
        return Comparison(asked, (_name(between.group("a")), _name(between.group("b"))), "year",
                          _wants(ordinal.group("word")))
    head, sep, tail = body.rpartition(" or ")
    if not sep:
        return None
    ordinal = _ORDINAL.search(head) or _ORDINAL.search(tail)
    if ordinal is None:
        return None
    wants = _wants(ordinal.group("word"))
    second = _leading_name(tail)
    yes_no = _YES_NO_AUX.match(head)
    if ordinal.string is head and ordinal.end() < len(head):
        first = head[ordinal.end():].lstrip(" ,:;")  # 'Which … first, A, the band …,'
        first = first.split(",")[0]
    elif yes_no and not head.lower().startswith(("who ", "which ", "what ")):
        first = yes_no.group("rest")  # 'Was A or B born first'
    else:
        return None
    first = _name(first)
    if not (first and second) or first.lower() == second.lower():
        return None
    return Comparison(asked, (first, second), "year", wants)


def _same_attribute(asked: str, body: str) -> Comparison | None:
    yes_no = _YES_NO_AUX.match(body)
    if yes_no is None:
        return None
    same = _SAME.match(yes_no.group("rest"))
    if same is None:
        return None
    options = _two_names(same.group("options"))
    if options is None:
        return None
    attribute = same.group("attribute").lower()
    if attribute not in ("year", "family", "state"):
        attribute = "nationality"  # 'nationalities', 'country'
    return Comparison(asked, options, attribute, "same")


def _each_nationality(asked: str, body: str) -> Comparison | None:
    """'Are A and B both American?' / 'Are both A and B American rock bands?'"""
    yes_no = _YES_NO_AUX.match(body)
    if yes_no is None:
        return None
    rest = yes_no.group("rest")
    tokens = rest.split()
    if tokens and tokens[0].lower() == "both":
        tokens = tokens[1:]
    else:
        tokens = [t for t in tokens if t.lower() != "both"]
    stop = next((k for k, t in enumerate(tokens) if demonym(t) and k > 0), None)
    if stop is None:
        return None
    options = _two_names(" ".join(tokens[:stop]))
    if options is None:
        return None
    return Comparison(asked, options, "nationality", "each", demonym(tokens[stop]) or "")


def _two_names(text: str) -> tuple[str, str] | None:
    """'Robert Fleischman and Jimmy Barnes' → both names; the musicians' 'musicians' and a
    trailing verb ('released in') are left out."""
    head, sep, tail = text.rpartition(" and ")
    if not sep:
        return None
    first, second = _name(head), _leading_name(tail)
    if not first or not second:
        return None
    return first, second


def _leading_name(text: str) -> str:
    """The name a text opens with: capitalised words and the joiners inside them."""
    tokens = text.strip().rstrip("?").split()
    kept: list[str] = []
    for k, token in enumerate(tokens):
        bare = token.strip(",;:")
        if bare[:1].isupper() or (bare[:1].isdigit() and kept):
            if demonym(bare) and kept:
                break
            kept.append(bare)
        elif bare.lower() in _NAME_JOINERS and k + 1 < len(tokens) and \
                tokens[k + 1][:1].isupper() and kept:
            kept.append(bare)
        elif bare == "the" and not kept:
            continue  # 'the Severn Bridge': the article is not part of the name
        else:
            break
        if token.endswith((",", ";", ":")):
            break
    return " ".join(kept)


def _name(text: str) -> str:
    """The name in an option's text: leading lowercase words dropped ('musicians Robert
    Fleischman' → 'Robert Fleischman'), trailing ones too."""
    tokens = text.strip().rstrip("?,").split()
    start = 0
    while start < len(tokens) and not (tokens[start][:1].isupper() or
                                       tokens[start][:1].isdigit()):
        start += 1
    if start == len(tokens):
        return " ".join(tokens)  # no capitalised word: 'water or ice', keep it as is
    return _leading_name(" ".join(tokens[start:]))


def _wants(word: str) -> str:
    return "earlier" if word.lower() in EARLIER_WORDS else "later"


# ---- nationalities ---------------------------------------------------------------------

_DEMONYMS = {
    "afghan": "afghanistan", "albanian": "albania", "algerian": "algeria",
    "american": "united states", "argentine": "argentina", "argentinian": "argentina",
    "armenian": "armenia", "australian": "australia", "austrian": "austria",
    "azerbaijani": "azerbaijan", "bangladeshi": "bangladesh", "belarusian": "belarus",
    "belgian": "belgium", "bolivian": "bolivia", "bosnian": "bosnia", "brazilian": "brazil",
    "british": "united kingdom", "bulgarian": "bulgaria", "cambodian": "cambodia",
    "cameroonian": "cameroon", "canadian": "canada", "chilean": "chile", "chinese": "china",
    "colombian": "colombia", "croatian": "croatia", "cuban": "cuba", "cypriot": "cyprus",
    "czech": "czech republic", "danish": "denmark", "dutch": "netherlands",
    "ecuadorian": "ecuador", "egyptian": "egypt", "english": "england", "estonian": "estonia",
    "ethiopian": "ethiopia", "filipino": "philippines", "finnish": "finland",
    "french": "france", "georgian": "georgia", "german": "germany", "ghanaian": "ghana",
    "greek": "greece", "guatemalan": "guatemala", "haitian": "haiti",
    "hungarian": "hungary", "icelandic": "iceland", "indian": "india",
    "indonesian": "indonesia", "iranian": "iran", "iraqi": "iraq", "irish": "ireland",
    "israeli": "israel", "italian": "italy", "jamaican": "jamaica", "japanese": "japan",
    "jordanian": "jordan", "kazakh": "kazakhstan", "kenyan": "kenya", "korean": "korea",
    "latvian": "latvia", "lebanese": "lebanon", "libyan": "libya", "lithuanian": "lithuania",
    "malaysian": "malaysia", "maltese": "malta", "mexican": "mexico", "moldovan": "moldova",
    "mongolian": "mongolia", "moroccan": "morocco", "nepalese": "nepal", "nepali": "nepal",
    "nigerian": "nigeria", "norwegian": "norway", "pakistani": "pakistan",
    "palestinian": "palestine", "panamanian": "panama", "paraguayan": "paraguay",
    "peruvian": "peru", "polish": "poland", "portuguese": "portugal", "romanian": "romania",
    "russian": "russia", "saudi": "saudi arabia", "scottish": "scotland",
    "senegalese": "senegal", "serbian": "serbia", "singaporean": "singapore",
    "slovak": "slovakia", "slovenian": "slovenia", "somali": "somalia",
    "spanish": "spain", "swedish": "sweden", "swiss": "switzerland", "syrian": "syria",
    "taiwanese": "taiwan", "thai": "thailand", "tunisian": "tunisia", "turkish": "turkey",
    "ugandan": "uganda", "ukrainian": "ukraine", "uruguayan": "uruguay",
    "venezuelan": "venezuela", "vietnamese": "vietnam", "welsh": "wales",
    "zimbabwean": "zimbabwe", "soviet": "soviet union", "kiwi": "new zealand",
}
# for 'the same nationality': England, Scotland and Wales are all British
_UNION = {"england": "united kingdom", "scotland": "united kingdom", "wales": "united kingdom"}
_COUNTRY_NAMES = frozenset(_DEMONYMS.values()) | {"new zealand"}
_COUNTRY_ALIASES = {"usa": "united states", "u.s.": "united states", "u.s.a.": "united states",
                    "uk": "united kingdom", "britain": "united kingdom",
                    "great britain": "united kingdom"}


def demonym(word: str) -> str | None:
    """'American' → 'american'; None for a word that names no nationality. Only a
    capitalised word counts."""
    word = word.strip(",;:.")
    if not word[:1].isupper():
        return None
    word = word.lower()
    return word if word in _DEMONYMS else None


def nation(phrase: str) -> str | None:
    """The country a demonym or a country's name stands for ('American', 'United States',
    'USA' → 'united states'), else None."""
    key = phrase.strip(",;:.").lower()
    if not phrase.strip()[:1].isupper():
        return None
    if key in _DEMONYMS:
        return _DEMONYMS[key]
    if key in _COUNTRY_ALIASES:
        return _COUNTRY_ALIASES[key]
    return key if key in _COUNTRY_NAMES else None


def same_nation(a: str, b: str) -> bool:
    """Two countries of one nationality (England and Scotland are both British)."""
    return _UNION.get(a, a) == _UNION.get(b, b)
