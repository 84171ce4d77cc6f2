"""Text handling shared by the metrics, the judges, the cost estimate and the GRAMMAR baseline:
sentences, words, stems and stop words.

One splitter for everything, so that a metric judges the same sentences the judge splits.
Sentences come from pysbd's rules, with a shortcut for plain prose (see `is_plain_block`) and
'c. 1896' kept whole; benchmarks/sentence_segmenters.py compares it with the alternatives.
Words, stems and stop words are English only. Everything here is pure and deterministic, and
imports nothing else from ragvet; results are memoised per text because the same source is
split by several metrics of a record.
"""

from __future__ import annotations

import functools
import re

STOPWORDS = frozenset([
    "a", "an", "the", "and", "or", "but", "if", "then", "else", "of", "to", "in", "on", "at",
    "by", "for", "with", "from", "into", "onto", "over", "under", "about", "as", "is", "are",
    "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "has", "have",
    "had", "having", "will", "would", "shall", "should", "can", "cannot", "could", "may", "might",
    "must",
    "this", "that", "these", "those", "it", "its", "it's", "they", "them", "their", "theirs",
    "he", "him", "his", "she", "her", "hers", "we", "us", "our", "ours", "you", "your", "yours",
    "i", "me", "my", "mine", "there", "here", "which", "who", "whom", "whose", "what", "when",
    "where", "why", "how", "not", "no", "nor", "so", "than", "too", "very", "also", "just",
    "only", "such", "both", "each", "few", "more", "most", "other", "some", "any", "all", "own",
    "same", "s", "t", "don", "now", "up", "down", "out", "off", "again", "further", "once",
    "during", "before", "after", "above", "below", "between", "through", "while", "because",
    "until", "against", "among", "per", "via", "one", "ones", "yes", "tell", "please",
    "explain", "describe", "give", "list", "name", "let", "lets", "letting", "know"
])

# ---- sentences -------------------------------------------------------------------------------

# a list line's bullet or number: '- apple sauce', '2) Rinse it'
LIST_BULLET = re.compile(r"^\s*(?:[-*•‣▪◦–]|\d{1,2}[.)])\s+(?=\S)")

_BLOCKS = re.compile(r"\n\s*\n|\\n\\n")
# 'Singapore.The', 'founded in 1997.Your', 'the 1930s.Amelia' from joined chunks (a number
# counts only when it stands alone: not the '5' of '3.5' or '1,5')
_GLUED = re.compile(r"(?:(?<=[a-z)\]]{2})|(?<=[^\d.,]\d)|(?<=[^\d.,]\d{2})|(?<=[^\d.,]\d{3})|"
                    r"(?<=[^\d.,]\d{4})|(?<=[^\d.,]\d{4}s))\.(?=[A-Z][a-z])")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTH = f"(?:{'|'.join(MONTH_NAMES)})"
# a span of two dates whose dash was lost ('26 September 188926 May 1976', 'January 14,
# 1925November 25, 1970'): the year is parted from the day or month glued to it
_GLUED_DATES = re.compile(rf"\b({_MONTH})( \d{{1,2}},)? (\d{{4}})((?:[0-3]?\d )?{_MONTH}\b)")
_CIRCA = re.compile(r"(?:^|[\s(\[])(?:c|ca|circa)\.$")

SENTENCE_LANGUAGES = frozenset({
    "am", "ar", "bg", "da", "de", "el", "en", "es", "fa", "fr", "hi", "hy", "it", "ja", "kk",
    "mr", "my", "nl", "pl", "ru", "sk", "ur", "zh"})  # pysbd.languages.LANGUAGE_CODES


# Memo sizes: enough for the records a run has in flight and sources that recur across
# records, small enough that a streamed run of millions of distinct records stays flat
# (65,536 texts held about 4 KB per record until full: +57 % RSS from 1,000 to 10,000 records).
MEMO_TEXTS = 8192
# distinct words are few (about a thousand in 200 records); each is stemmed ~180 times
MEMO_STEMS = 65536


@functools.lru_cache(maxsize=MEMO_TEXTS)
def sentences(text: str, language: str = "en") -> tuple[str, ...]:
    """Sentences of `text`, whitespace inside each collapsed to single spaces.

    Blank lines (and literal '\\n\\n') also end a sentence, and 'Singapore.The' from chunks
    joined without a space is cut after the full stop. `language` is an ISO 639-1 code that
    pysbd knows ('en', 'de', 'fr', 'zh', …; see `SENTENCE_LANGUAGES`); other languages raise
    ValueError. Only English takes the plain-prose shortcut and keeps 'c. 1896' whole, so a
    German '3. Oktober' is cut by pysbd's German rules, not by English abbreviations.
    """
    if language not in SENTENCE_LANGUAGES:
        raise ValueError(f"no sentence rules for language {language!r}; "
                         f"known: {', '.join(sorted(SENTENCE_LANGUAGES))}")
    return tuple(s for block in blocks(text) for s in _block_sentences(block, language))


def blocks(text: str) -> list[str]:
    """The stretches of `text` between blank lines, whitespace collapsed, glued chunks parted.

    Each is cut into sentences on its own: a blank line always ends a sentence.
    """
    out = []
    for block in _BLOCKS.split(text):
        block = " ".join(block.replace("\\n", " ").split())
        block = _GLUED.sub(". ", _GLUED_DATES.sub(r"\1\2 \3 – \4", block))
        if block:
            out.append(block)
    return out


def _block_sentences(block: str, language: str) -> list[str]:
    """Sentences of one whitespace-normalised block: the plain-text shortcut or pysbd."""
    if language != "en":
        return _pysbd_sentences(block, language)
    if len(block) > 2 * PYSBD_WINDOW:
        return _in_windows(block, lambda w: _block_sentences(w, language))
    if is_plain_block(block):
        return _split_plain(block)
    return _split_regnal(_join_circa(_pysbd_sentences(block, language)))


@functools.lru_cache(maxsize=32)
def _segmenter(language: str = "en"):
    import pysbd

    return pysbd.Segmenter(language=language, clean=False)


# pysbd's time grows with the square of a block's length (each abbreviation it finds rewrites
# the whole block): a 300,000-character block takes minutes. A block longer than twice the
# window is cut in windows instead; each window's last two sentences are left to the next
# window, which starts where they start, so every cut is decided with text on both sides.
PYSBD_WINDOW = 6000


def _pysbd_sentences(block: str, language: str = "en") -> list[str]:
    """pysbd's sentences of a block, stripped, empty ones dropped (long blocks in windows)."""
    if len(block) > 2 * PYSBD_WINDOW:
        return _in_windows(block, lambda w: _pysbd_whole(w, language))
    return _pysbd_whole(block, language)


def _in_windows(block: str, split) -> list[str]:
    """`split` applied to windows of `block`; a window's last two sentences go to the next."""
    out: list[str] = []
    start = 0
    while start < len(block):
        window = block[start:start + PYSBD_WINDOW]
        parts = split(window)
        resume = -1
        if start + PYSBD_WINDOW < len(block) and len(parts) >= 3:
            resume = window.rfind(parts[-2], 0, len(window) - len(parts[-1]))
        if resume <= 0:
            out.extend(parts)
            start += len(window)
        else:
            out.extend(parts[:-2])
            start += resume
    return out


def _pysbd_whole(block: str, language: str) -> list[str]:
    try:
        parts = _segmenter(language).segment(block)
    except Exception:  # pysbd fails on a few odd inputs; fall back to one sentence
        parts = [block]
    return [p.strip() for p in parts if p.strip()]


def _join_circa(parts: list[str]) -> list[str]:
    """Undo pysbd's cut in 'c. 1896' / 'ca. 1946': a year after 'circa' ends no sentence."""
    out: list[str] = []
    for part in parts:
        if out and part[:1].isdigit() and _CIRCA.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


# pysbd reads a capital letter before a full stop as an initial ('John F. Kennedy'), so a
# regnal numeral that ends a sentence ('named after Chimnabai I. Its construction …') glues two
# sentences together. A Roman numeral after a capitalised name ends the sentence when the next
# word is not a surname: a stop word ('Its', 'The'), a word the block also uses in lower case,
# or a common noun by its ending ('Construction'). A numeral of two or more letters ('III',
# 'IV') is never an initial, so it always ends the sentence before a capitalised word.
_REGNAL = re.compile(r"\b[A-Z][a-z]+ (?P<numeral>[IVX]{1,5})\. (?=(?P<next>[A-Z][A-Za-z'’]*))")
_ROMAN = re.compile(r"^(?:X{0,3})(?:IX|IV|V?I{0,3})$")
_COMMON_NOUN_END = re.compile(r"(?:tion|sion|ment|ness|ity|ing|ance|ence|ure|ship|ism|ies|al)$")


def _split_regnal(parts: list[str]) -> list[str]:
    """Cut after a regnal numeral that pysbd took for an initial (see `_REGNAL`)."""
    out: list[str] = []
    for part in parts:
        out.extend(_regnal_cuts(part))
    return out


def _regnal_cuts(part: str) -> list[str]:
    if ". " not in part:
        return [part]
    lowered = {w for w in re.findall(r"\b[a-z][a-z'’]*", part)}
    cuts = []
    for m in _REGNAL.finditer(part):
        numeral, following = m.group("numeral"), m.group("next")
        if not _ROMAN.match(numeral):
            continue
        low = following.lower()
        if len(numeral) > 1 or low in STOPWORDS or low in lowered or \
                _COMMON_NOUN_END.search(low):
            cuts.append(m.end())
    if not cuts:
        return [part]
    pieces, start = [], 0
    for cut in cuts:
        pieces.append(part[start:cut].strip())
        start = cut
    pieces.append(part[start:].strip())
    return [p for p in pieces if p]


# ---- the plain-text shortcut past pysbd ------------------------------------------------------
#
# pysbd runs dozens of regular expressions per call (about 1.5 ms a block), yet for most prose
# it only ends up cutting after each '.', '!' or '?'. Its special cases all hinge on a few
# things: the word just before a terminator (abbreviations, initials, list numbers), what
# follows a terminator (a digit, a lower-case word, more punctuation, a quote), quotes and
# brackets around text, and a handful of symbols. A block that shows none of them is cut by
# the plain rule below with the same result; anything else still goes through pysbd.
# benchmarks/sentence_split_check.py compares the two on real data sets.

_PLAIN_CHARS = re.compile(r"[A-Za-z0-9 ,;:'’()%$&/+=\-–—.!?]+")
_TERMINATOR = re.compile(r"[.!?]")
_PLAIN_CUT = re.compile(r"(?<=[.!?]) ")
_LOOSE_APOSTROPHE = re.compile(r"(?:^|[^A-Za-z0-9])['’]")
_PAREN_GROUP = re.compile(r"\(([^()]*)\)")
_LIST_NUMBER = re.compile(r"^[-⁃]?\d{1,2}$")
# '(see note a)', '(option ii)', ' 12) ': what pysbd may take for list markers
_PAREN_LIST_MARKER = re.compile(r"(?:^|[\s(])(?:\d{1,2}|[A-Za-z]|[ivxlcdmIVXLCDM]+)\)")
_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@functools.lru_cache(maxsize=1)
def _pysbd_abbreviations() -> frozenset[str]:
    """Every English abbreviation pysbd knows (lower case), read from pysbd itself."""
    from pysbd.lang.english import English

    known = English.Abbreviation
    return frozenset(a.strip().lower() for a in (*known.ABBREVIATIONS,
                                                 *known.PREPOSITIVE_ABBREVIATIONS,
                                                 *known.NUMBER_ABBREVIATIONS))


def is_plain_block(block: str) -> bool:
    """Whether English pysbd would cut this block exactly at each '.', '!' or '?' plus space.

    True only for blocks made of letters, digits, spaces and ordinary in-sentence punctuation,
    with apostrophes inside words, simple parenthesised asides, no '--' and no 'Co. KG';
    where every terminator ends a word of two or more characters that is not an abbreviation
    or a list number, and is followed by the end of the block or by one space and a capital
    letter.
    """
    if not _PLAIN_CHARS.fullmatch(block) or "--" in block or "Co. KG" in block:
        return False
    if _LOOSE_APOSTROPHE.search(block) or not _plain_parentheses(block):
        return False
    return all(_plain_terminator(block, m.start()) for m in _TERMINATOR.finditer(block))


def _plain_parentheses(block: str) -> bool:
    """Parentheses only as balanced, unnested asides with no terminator and no list marker."""
    if "(" not in block and ")" not in block:
        return True
    if block.startswith("(") or _PAREN_LIST_MARKER.search(block):
        return False
    for group in _PAREN_GROUP.finditer(block):
        inner = group.group(1)
        if len(inner) < 2 or _TERMINATOR.search(inner) or (inner.isalpha() and inner.islower()):
            return False
    leftover = _PAREN_GROUP.sub("", block)
    return "(" not in leftover and ")" not in leftover


def _plain_terminator(block: str, i: int) -> bool:
    """Whether the terminator at `i` ends a sentence for pysbd with nothing special about it."""
    after = block[i + 1:i + 3]
    if after and not (len(after) == 2 and after[0] == " " and after[1] in _ASCII_UPPER):
        return False
    word = block[block.rfind(" ", 0, i) + 1:i]
    if len(word) < 2 or not (word[-1].isascii() and word[-1].isalnum()):
        return False
    lowered = word.lower()
    if lowered in _pysbd_abbreviations() or _LIST_NUMBER.match(word):
        return False
    return block[i] != "!" or not lowered.endswith(("yahoo", "yum"))


def _split_plain(block: str) -> list[str]:
    """Cut a plain block after each terminator (see `is_plain_block`)."""
    return [part for part in _PLAIN_CUT.split(block) if part]


# ---- words and stems -------------------------------------------------------------------------

WORD = re.compile(r"[^\W_][^\W_'’]*(?:['’][^\W_]+)*['’]?")  # a trailing apostrophe kept


def words(text: str) -> list[str]:
    """Words and numbers of `text`, letters of any script ('Malmö', 'Øresund' whole, not
    'Malm' and 'resund'), inner apostrophes kept ("don't"), outer ones not. A new list each
    call (the caller may change it); the reading itself is memoised per text."""
    return list(_words(text))


@functools.lru_cache(maxsize=MEMO_TEXTS)
def _words(text: str) -> tuple[str, ...]:
    # the judge reads the same sentence's words once per rule: about nine times per text
    return tuple(w.strip("'’") for w in WORD.findall(text) if w.strip("'’"))


# Irregular verb forms → the base verb, so that 'fell' meets 'fall' and 'wrote' meets
# 'write'. Forms that are also common nouns or adjectives of another sense ('found', 'left',
# 'saw', 'felt', 'rose', 'wound', 'ground', 'bore') are left out.
_IRREGULAR_VERBS = {
    "swept": "sweep", "wept": "weep", "sewn": "sew", "mown": "mow", "sown": "sow",
    "bled": "bleed", "bred": "breed",
    "arose": "arise", "arisen": "arise", "awoke": "awake", "beaten": "beat", "became": "become",
    "began": "begin", "begun": "begin", "bent": "bend", "bitten": "bite", "blew": "blow",
    "blown": "blow", "broke": "break", "broken": "break", "brought": "bring", "built": "build",
    "bought": "buy", "caught": "catch", "chose": "choose", "chosen": "choose", "came": "come",
    "dealt": "deal", "dug": "dig", "did": "do", "done": "do", "drew": "draw", "drawn": "draw",
    "drove": "drive", "driven": "drive", "drank": "drink", "drunk": "drink", "ate": "eat",
    "eaten": "eat", "fell": "fall", "fallen": "fall", "fed": "feed", "fought": "fight",
    "fled": "flee", "flew": "fly", "flown": "fly", "forbade": "forbid", "forbidden": "forbid",
    "forgot": "forget", "forgotten": "forget", "froze": "freeze", "frozen": "freeze",
    "got": "get", "gotten": "get", "gave": "give", "given": "give", "went": "go", "gone": "go",
    "grew": "grow", "grown": "grow", "hung": "hang", "had": "have", "has": "have",
    "heard": "hear", "hid": "hide", "hidden": "hide", "held": "hold", "kept": "keep",
    "knew": "know", "known": "know", "laid": "lay", "led": "lead", "lent": "lend",
    "lost": "lose", "made": "make", "meant": "mean", "met": "meet", "paid": "pay",
    "rode": "ride", "ridden": "ride", "rang": "ring", "rung": "ring", "risen": "rise",
    "ran": "run", "said": "say", "sought": "seek", "sold": "sell", "sent": "send",
    "shook": "shake", "shaken": "shake", "shot": "shoot", "shown": "show", "shrank": "shrink",
    "sang": "sing", "sung": "sing", "sank": "sink", "sunk": "sink", "sat": "sit",
    "slept": "sleep", "spoken": "speak", "spent": "spend", "spun": "spin", "stood": "stand",
    "stole": "steal", "stolen": "steal", "struck": "strike", "swore": "swear", "sworn": "swear",
    "swam": "swim", "swum": "swim", "took": "take", "taken": "take", "taught": "teach",
    "tore": "tear", "torn": "tear", "told": "tell", "thought": "think", "threw": "throw",
    "thrown": "throw", "understood": "understand", "woke": "wake", "woken": "wake",
    "wore": "wear", "worn": "wear", "won": "win", "withdrew": "withdraw",
    "withdrawn": "withdraw", "wrote": "write", "written": "write", "seen": "see",
    "overtook": "overtake", "overtaken": "overtake", "undertook": "undertake",
    "undertaken": "undertake", "rebuilt": "rebuild", "rewrote": "rewrite",
    "rewritten": "rewrite", "foresaw": "foresee", "foreseen": "foresee",
}
# the irregular past forms themselves (what a question may use after "which X")
IRREGULAR_PAST_FORMS = frozenset(_IRREGULAR_VERBS)
# each irregular past form's base ('wrote' → 'write'): to ask 'Who did X write?'
IRREGULAR_BASE: dict[str, str] = dict(_IRREGULAR_VERBS)


def is_past_form(word: str) -> bool:
    """A lower-case past-tense verb or participle: '-ed' ('directed'), or an irregular form
    ('wrote', 'written')."""
    return word.islower() and (word in _IRREGULAR_VERBS or
                               (len(word) > 4 and word.endswith("ed")))


# verbs in -ply that keep their '-ly' (besides those in -pply: 'apply', 'supply')
_PLY_VERBS = frozenset({"reply", "comply", "imply", "multiply"})


@functools.lru_cache(maxsize=MEMO_STEMS)
def stem(word: str) -> str:
    """A crude, deterministic stemmer: enough to match 'completed'/'completion'/'complete',
    'studied'/'study', and 'fell'/'fall' (irregular verbs are read as their base verb first)."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = _IRREGULAR_VERBS.get(w, w)
    if w.endswith("pply") or w in _PLY_VERBS:
        return w  # 'reapply' is no adverb: it meets 'reapplied' ('ied' → 'y')
    for suffix in ("ational", "ation", "ions", "ion", "ing", "edly", "ied", "ed", "ies", "es",
                   "ly", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    return w[:-1] if w.endswith("ght") and len(w) >= 5 else w  # 'weight' / 'weigh'


_NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                 "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
                 "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16",
                 "seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20",
                 "thirty": "30", "forty": "40", "fifty": "50", "hundred": "100"}


# A few words that say the same thing about a quantity: 'a daily cap' is 'a maximum per day'.
_SAME = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
         "annually": "year", "annual": "year", "hourly": "hour", "cap": "limit", "caps": "limit",
         "capped": "limit", "maximum": "limit", "max": "limit", "ceiling": "limit",
         "limited": "limit", "limits": "limit"}


# holidays on a fixed date, read as that date: 'closed on Christmas Day' is 'closed on 25
# December'
_HOLIDAY_DATES = {"christmas day": "25 December", "christmas eve": "24 December",
                  "boxing day": "26 December", "new year's day": "1 January",
                  "new year's eve": "31 December", "valentine's day": "14 February",
                  "halloween": "31 October", "hallowe'en": "31 October",
                  "st patrick's day": "17 March", "bastille day": "14 July"}
_FIXED_HOLIDAY = re.compile(r"\b(?:Christmas\s+(?:Day|Eve)|Boxing\s+Day|New\s+Year['’]s\s+"
                            r"(?:Day|Eve)|Valentine['’]s\s+Day|Hallowe['’]?en|St\.?\s+"
                            r"Patrick['’]s\s+Day|Bastille\s+Day)\b")


def _holiday_date(match: re.Match[str]) -> str:
    name = " ".join(match[0].lower().replace("’", "'").replace("st.", "st").split())
    return _HOLIDAY_DATES[name]


def with_holiday_dates(text: str) -> str:
    """`text` with each fixed-date holiday written as its date ('New Year's Day' → '1
    January')."""
    return _FIXED_HOLIDAY.sub(_holiday_date, text)


# a unit written against its number: '20mg', '4GB', '24.5p', '5km', '100ml' (not '50k',
# which is 50,000)
GLUED_UNIT = (r"(?:[kmµu]?g|mcg|[kcm]?m|[mcd]?l|[kmgt]i?b|[kmg]?hz|kwh|[km]?w|mah|hrs?|h|mins?|"
              r"p|x|mph|kph|lbs?|oz|ft)")
_GLUED_UNIT = re.compile(rf"(?<![\w.])(\d[\d,]*(?:\.\d+)?)({GLUED_UNIT})\b", re.IGNORECASE)


@functools.lru_cache(maxsize=MEMO_TEXTS)
def content_stems(text: str) -> frozenset[str]:
    """Stems of the words that carry content (no stop words); 'sixteen' counts as '16',
    '$1,200' as '1200' and 'dollar', '30%' as '30' and 'percent', '165°F' as '165 degrees
    Fahrenheit', '500mg' as '500' and 'mg', 'Christmas Day' as '25' and 'december'."""
    text = _GLUED_UNIT.sub(r"\1 \2", with_holiday_dates(text))
    text = _THOUSANDS.sub("", _SYMBOL_BEFORE.sub(_symbol_after, text))
    text = _DEGREES.sub(_degrees_spelled, _PERCENT_SIGN.sub(" percent", text))
    return frozenset(_NUMBER_WORDS.get(w.lower()) or _SAME.get(w.lower()) or stem(w)
                     for w in words(text)
                     if w.lower() not in STOPWORDS and (len(w) > 1 or w.isdigit()))


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # '1,200' is one number
_SYMBOLS = {"$": "dollars", "€": "euros", "£": "pounds", "¥": "yen"}
_SYMBOL_BEFORE = re.compile(r"([$€£¥])\s?(\d[\d,.]*)")
_PERCENT_SIGN = re.compile(r"(?<=\d)\s?%")


_DEGREES = re.compile(r"(?<=\d)\s?°\s?([CF])\b|°", re.IGNORECASE)
_DEGREE_SCALES = {"c": "Celsius", "f": "Fahrenheit"}


def _degrees_spelled(match: re.Match[str]) -> str:
    scale = match[1]
    return f" degrees {_DEGREE_SCALES[scale.lower()]}" if scale else " degrees "


def _symbol_after(match: re.Match[str]) -> str:
    return f"{match[2]} {_SYMBOLS[match[1]]}"


# ---- keywords (what the GRAMMAR baseline's BM25 indexes) -------------------------------------
#
# Lighter than `content_stems` on purpose: fewer stop words (a subset of STOPWORDS) and only
# plural, past-tense and gerund endings cut. The baseline is a system under test whose answers
# the GRAMMAR figures are measured on; with `content_stems` it would answer 128 of the 760
# example queries differently.

KEYWORD_STOPWORDS = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "could", "did", "do", "does",
    "for", "from", "has", "have", "i", "in", "is", "it", "its", "me", "my", "of", "on", "or",
    "our", "please", "tell", "that", "the", "their", "them", "this", "to", "was", "we", "what",
    "when", "where", "which", "who", "whom", "whose", "why", "with", "would", "you", "your",
])
BARE_ANSWER_WORDS = 6
_SPEAKER_OR_LISTENER = frozenset({"i", "me", "my", "we", "us", "our", "you", "your"})
_NOT_AN_ANSWER = frozenset({"sorry", "unfortunately", "hi", "hello", "hey", "thanks", "thank",
                            "unknown", "unsure", "n/a", "none", "nothing", "dunno"})


@functools.lru_cache(maxsize=MEMO_TEXTS)
def is_bare_answer(text: str) -> bool:
    """A reply too short to state anything without its question: 'No.', 'yes',
    'F.E.A.R.', 'Lake Geneva' (at most 6 words, not a question, not a greeting, an apology or a
    non-answer, and not about the speaker or the listener, as 'I don't know' is), or a title
    or a quotation of up to 10 words, whatever its words ('I Will Always Love You')."""
    tokens = text.strip().rstrip(".!").split()
    if not tokens or len(tokens) > BARE_NAME_WORDS or text.strip().endswith("?") or \
            not words(text):
        return False
    if _quoted(text) or _a_title(tokens):  # 'I Will Always Love You', "'Lest we forget'"
        return True
    if len(tokens) > BARE_ANSWER_WORDS:
        return False
    lowered = {t.strip(".,;:!'’\"").lower() for t in tokens}
    return not (lowered & (_SPEAKER_OR_LISTENER | _NOT_AN_ANSWER)) and \
        not _NOBODY_KNOWS.match(text.strip())


# 'The Sahara, at about 14 million square kilometres.': a name, then its measure
_NAME_THEN_MEASURE = re.compile(r"^(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3},\s+(?:at|with|"
                                r"about|around|roughly|some|over|nearly|almost)\s+[^,;:]*\d")


def is_name_and_measure(text: str) -> bool:
    """A name, then a verbless phrase giving its size or figure ('The Sahara, at about 14
    million square kilometres.'): a bare answer with its measure, read with its question as
    one statement ('The largest desert is the Sahara, at about …')."""
    return bool(_NAME_THEN_MEASURE.match(text.strip())) and len(text.split()) <= 12 and \
        not has_verb(text) and len(re.findall(r",\s", text)) == 1


# 'Nobody knows for certain.': a statement that the answer is not known, not a name
_NOBODY_KNOWS = re.compile(r"^(?:nobody|no one|no-one|noone)\s+(?:really\s+|yet\s+)?(?:knows|is "
                           r"sure|is certain|can say|can tell)\b", re.IGNORECASE)


BARE_NAME_WORDS = 10  # 'Academy of Motion Picture Arts and Sciences'
_LINKS_IN_TITLES = frozenset({"of", "and", "the", "a", "an", "in", "on", "for", "to", "at",
                              "by", "de", "la", "le", "von", "van", "der", "du", "&"})


def _a_title(tokens: list[str]) -> bool:
    """A name or a title, every word capitalised but the small linking ones ('My Own Worst
    Enemy', 'Academy of Motion Picture Arts and Sciences'): what it says ('my', 'hey') is
    its name, not the speaker talking."""
    capitalised = [t for t in tokens if t[:1].isupper() or t[:1].isdigit()]
    return len(capitalised) >= 2 and tokens[0][:1].isupper() and all(
        t in capitalised or t.lower() in _LINKS_IN_TITLES for t in tokens)


def _quoted(text: str) -> bool:
    """A reply that is one quotation ('"Lest we forget"')."""
    t = text.strip().rstrip(".!")
    return len(t) > 2 and t[0] in "\"“'‘" and t[-1] in "\"”'’" and \
        not any(q in t[1:-1] for q in "\"“”")


AUXILIARIES = frozenset([
    "is", "are", "was", "were", "be", "been", "am", "do", "does", "did", "has", "have", "had",
    "will", "would", "shall", "should", "can", "could", "may", "might", "must"
])
FINITE = AUXILIARIES | {"isn't", "aren't", "wasn't", "weren't", "doesn't", "don't", "didn't",
                        "won't", "can't"}


def has_verb(text: str) -> bool:
    """Roughly: does the text say something with a verb ('The truce was a compromise.',
    'It reached number seven.', 'Paul Revere told them.'), rather than name an answer
    ('The Danube', 'In 1912.', 'Mary Shelley')? Lower-case words only: an auxiliary, an
    irregular past form, or a word ending in -ed (not right after an article: 'a sealed
    container'). An irregular form right after a determiner or a quantity is a noun ('a single
    30 ml shot', 'the last cut')."""
    tokens = words(text)
    for k, token in enumerate(tokens):
        if _verb_after_a_pronoun(tokens, k) or _CONTRACTED_BE.fullmatch(token):
            return True
        if not token.islower():
            continue
        if token in FINITE or (len(token) > 4 and token.endswith("ed") and
                               token not in _NOT_PAST_FORMS and
                               not _right_after_an_article(tokens[:k])):
            return True
        if token in _IRREGULAR_VERBS and not _after_a_determiner(tokens[:k]):
            return True
    return False


# a pronoun with its verb contracted: "It's", "They're", "There's" (not a possessive)
_CONTRACTED_BE = re.compile(r"(?:it|he|she|that|there|here|what|who|they|we|you)['’](?:s|re)",
                            re.IGNORECASE)


def _right_after_an_article(before: list[str]) -> bool:
    """A word in -ed right after 'a', 'an' or 'the' describes the noun after it ('in a sealed
    container', 'the boiled egg'): no verb of the text."""
    return bool(before) and before[-1].lower() in {"a", "an", "the"}


# words in -ed that are no past form ('two hundred', 'a flower bed')
_NOT_PAST_FORMS = frozenset({"hundred", "kindred", "sacred", "naked", "wicked",
                             "rugged", "ragged", "seabed", "flowerbed", "speed", "breed",
                             "creed", "greed", "bleed", "tweed", "steed"})
_PERSONS = frozenset({"they", "we", "you", "i"})
_THIRD_PERSON = frozenset({"he", "she", "it"})
_BEFORE_A_VERB = frozenset({"also", "often", "usually", "still", "only", "all", "both",
                            "never", "always", "then", "now", "just", "sometimes"})


def _verb_after_a_pronoun(tokens: list[str], k: int) -> bool:
    """A subject pronoun and its verb in the present ('They use the waggle dance', 'It
    costs 15 euros', 'We also offer …'): after 'they / we / you / I' a plain word, after
    'he / she / it' one ending in -s."""
    low = tokens[k].lower()
    if low not in _PERSONS | _THIRD_PERSON:
        return False
    rest = [t for t in tokens[k + 1:k + 3] if t.lower() not in _BEFORE_A_VERB][:1]
    if not rest or not rest[0].isalpha() or not rest[0].islower() or len(rest[0]) < 2 or \
            rest[0] in STOPWORDS or rest[0].endswith("ly"):
        return False
    return low in _PERSONS or (rest[0].endswith("s") and not rest[0].endswith("ss"))


_NOUN_MARKERS = frozenset({"a", "an", "the", "each", "every", "per", "this", "that", "my",
                           "your", "his", "her", "its", "our", "their", "one", "single",
                           "double", "first", "last", "ml", "mg", "g", "cl", "oz"})


def _after_a_determiner(before: list[str]) -> bool:
    """The word before marks a noun: a determiner, a number or a unit ('a single 30 ml
    shot')."""
    return bool(before) and (before[-1].lower() in _NOUN_MARKERS or
                             any(ch.isdigit() for ch in before[-1]))


# a question answered by yes or no opens with an auxiliary ('Does the plan …?', "Isn't it …?")
YES_NO_QUESTION = re.compile(r"^(?P<aux>(?:is|are|was|were|do|does|did|can|could|has|have|"
                             r"had|will|would|should|shall|may|might|must)(?:n['’]t)?|"
                             r"can['’]t|won['’]t)\s+(?P<rest>.+)$", re.IGNORECASE)
# a question asked where its answer would stand ('The film was directed by whom', '… won the
# title in what year')
ASKED_IN_PLACE = re.compile(r"\b(?:by|to|for|with|from|of|in|on|at) (?:who|whom|what|which)\b"
                             r"|\b(?:what|which) (?:year|age|date|time|place|city|country)\b"
                             r"|\bhow (?:many|much|long|old)\b", re.IGNORECASE)


# "What's the fee?", "Who're they?": a question word's contracted 'is' / 'are'
_CONTRACTED = re.compile(r"\b(what|who|where|when|how|which|why)['’](s|re)\b", re.IGNORECASE)


def spelled_out(question: str) -> str:
    """The question with its question word's contraction spelt out: "What's the minimum
    age?" → "What is the minimum age?"."""
    return _CONTRACTED.sub(lambda m: f"{m.group(1)} {'is' if m.group(2).lower() == 's' else 'are'}",
                           question)


def asks_yes_or_no(question: str) -> bool:
    """Opens with an auxiliary and asks nothing in place: 'Was it a favourite of what
    executive?' wants the executive, not a yes."""
    q = question.strip()
    return bool(YES_NO_QUESTION.match(q)) and not ASKED_IN_PLACE.search(q)


_YES_WORDS = frozenset({"yes", "yeah", "yep", "yup", "correct", "true", "indeed", "right",
                        "sure"})
_NO_WORDS = frozenset({"no", "nope", "incorrect", "false", "not"})
NEGATION_WORDS = frozenset({"not", "n't", "no", "never", "isn't", "aren't", "wasn't", "weren't",
                            "doesn't", "don't", "didn't", "won't", "can't", "cannot", "hasn't",
                            "haven't", "hadn't", "couldn't", "shouldn't", "wouldn't"})
# what may follow 'yes'/'no' in a reply that only echoes the question: 'Yes, it is.',
# 'No, they don't.', 'Yes, she did.'
_ECHO_WORDS = AUXILIARIES | NEGATION_WORDS | frozenset({
    "it", "he", "she", "they", "its", "his", "her", "their", "this", "them", "him", "there",
    "i", "we", "you", "so", "that"})


# a pronoun that may stand for what the question asks about ('Who wrote Emma? Jane Austen
# wrote it.'); possessives ('its', 'her') are left alone
QUESTION_PRONOUNS = frozenset({"it", "they", "he", "she", "him", "them"})
_QUESTION_HEAD = re.compile(r"^(?:what|which|who|whom|whose|when|where|why|how)"
                            r"(?:\s+(?:many|much|tall|old|long|far(?:\s+away)?|often|big|high|deep|wide|"
                            r"heavy|size|colou?r|shape|height|length|width|weight))?\s+",
                            re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:" + "|".join(sorted(QUESTION_PRONOUNS)) + r")\b", re.IGNORECASE)


def has_question_pronoun(text: str) -> bool:
    return any(w.lower() in QUESTION_PRONOUNS for w in words(text))


# 'What are the side effects of ibuprofen?': plural things of one owner, which a reply's
# opening 'It' stands for
_OWNER_OF_PLURAL = re.compile(r"^(?:what|which) are (?:the |some )?(?:main |common |usual )?"
                              r"(?:[a-z]+ )?[a-z]+s of (?P<owner>(?:the |a |an )?[\w' -]{2,60})$",
                              re.IGNORECASE)
_OPENING_IT = re.compile(r"^\s*It(?=\s+[a-z])")
_OPENING_PRONOUN = re.compile(r"^\s*(?:It|They)(?=\s+[a-z])")
# 'What causes hiccups?': what a reply's opening pronoun stands for is what is caused
_WHAT_CAUSES = re.compile(r"^what (?:usually |typically |commonly )?(?:causes|caused|triggers|"
                          r"brings on|leads to) (?P<thing>(?!it\b|them\b|this\b)[\w' -]{3,60})$",
                          re.IGNORECASE)


_TRAILING_LINK = re.compile(r"(?:\s+(?:on|of|in|at|for|to|from|with|by|about|the|a|an))+$",
                            re.IGNORECASE)


def with_question_antecedent(question: str, reply: str) -> str | None:
    """`reply` with its first pronoun replaced by what `question` asks about: 'Who wrote
    Pride and Prejudice?' + 'Jane Austen wrote it.' → 'Jane Austen wrote Pride and
    Prejudice.'; 'When was the Eiffel Tower built?' + 'It was built in 1889.' → 'The Eiffel
    Tower was built in 1889.' The question's words other than its question word, its
    auxiliaries and the words the reply repeats (its verb) must form one run of at most
    eight words; else None."""
    if not has_question_pronoun(reply):
        return None
    owner = _OWNER_OF_PLURAL.match(" ".join(question.split()).rstrip("?").strip())
    if owner and _OPENING_IT.match(reply):
        # 'What are the opening hours of the library?' 'It is closed on Sundays.': 'it' is
        # the library, not its hours
        return f"{owner['owner'][:1].upper()}{owner['owner'][1:]}{_OPENING_IT.sub('', reply)}"
    caused = _WHAT_CAUSES.match(" ".join(question.split()).rstrip("?").strip())
    if caused and _OPENING_PRONOUN.match(reply):
        # 'What causes hiccups?' 'They happen when …': the pronoun is what is caused
        thing = caused["thing"]
        return f"{thing[:1].upper()}{thing[1:]}{_OPENING_PRONOUN.sub('', reply)}"
    asked = _QUESTION_HEAD.sub("", question.strip().rstrip("?").strip())
    if any(w.lower() in _SPEAKER_OR_LISTENER for w in words(asked)):
        return None  # 'Have you tried cod liver oil?': a turn of a conversation
    said = content_stems(reply)
    tokens = asked.split()
    if DO_SUPPORT.match(question.strip()):
        # 'What does the walrus operator do?', 'What effect did the eruption have on
        # climate?': the subject ends at the main verb
        start = next((k + 1 for k, t in enumerate(tokens) if t.lower() in _DO_FORMS), 0)
        cut = next((k for k, t in enumerate(tokens) if k > start and t.lower() in {"do", "have"}),
                   len(tokens))
        # ('How does a pawn move in chess?' 'It moves …': the subject ends at the verb the
        # reply repeats, before a phrase of scope)
        # (and at the verb right after the reply's opening pronoun: 'What does deuce mean in
        # tennis?' 'It means …' is about deuce)
        opening = [w.lower() for w in words(reply)[:2]]
        verb = content_stems(opening[1]) if len(opening) == 2 and \
            opening[0] in QUESTION_PRONOUNS else frozenset()
        cut = next((k for k, t in enumerate(tokens[:cut]) if k > start and verb and
                    content_stems(t) == verb), cut)
        cut = next((k for k, t in enumerate(tokens[:cut]) if k > start + 1 and
                    content_stems(t) and content_stems(t) <= said), cut)
        if cut == len(tokens) == start + 2 and tokens[start].lower() not in {"the", "a", "an"}:
            cut -= 1  # 'Why does ice float?': a noun, then the main verb ending the question
        tokens = tokens[start:cut]
        thing_done_to = _singular_object(tokens, reply)
        if thing_done_to:
            tokens = thing_done_to
    elif _IS_IT.match(question.strip()) or (_IS_IT.match(asked) and _WHY.match(question)):
        # 'Is entry free?' 'It is open from 10am.': 'it' is the entry, not 'entry free' (and
        # 'Why is blue light bad before bed?' 'It suppresses …': blue light)
        tokens = tokens[:1 + predicate_start(tokens[1:])]
    kept = [k for k, t in enumerate(tokens)
            if t.lower() not in AUXILIARIES | _DENIED_AUXILIARIES and
            not (content_stems(t) and content_stems(t) <= said)]
    while len(kept) > 1 and _TRAILING_LINK.fullmatch(f" {tokens[kept[-1]]}"):
        kept.pop()  # 'How long is a passport valid for?': the 'for' after the verb repeated
    if not kept or kept[-1] - kept[0] + 1 != len(kept) or len(kept) > 8:
        return None
    # (a preposition left at the end where the reply repeats what followed it: 'What is the
    # Great Red Spot on Jupiter?' 'It is a storm in Jupiter's atmosphere.' → 'the Great Red
    # Spot', not 'the Great Red Spot on')
    thing = _TRAILING_LINK.sub("", " ".join(tokens[kept[0]:kept[-1] + 1]).strip(" ,;:"))
    if not content_stems(thing):  # 'Who wrote it?': the question has no antecedent either
        return None
    match = _first_question_pronoun(question, reply)
    if match is None:
        return None
    if match.group(0).lower() in {"they", "them"}:
        thing = _up_to_a_plural(thing)
    start = match.start() == len(reply) - len(reply.lstrip())
    # ("It's how they cool off" → 'Dogs is how …', not "Dogs's")
    tail = re.sub(r"^['’]s\b", " is", reply[match.end():])
    tail = re.sub(r"^['’]re\b", " are", tail)
    text = f"{reply[:match.start()]}{thing}{tail}"
    return f"{text[:1].upper()}{text[1:]}" if start else text


_WHY = re.compile(r"^\s*why\b", re.IGNORECASE)


def _singular_object(tokens: list[str], reply: str) -> list[str] | None:
    """The words of what a plural subject does something to, where the reply's 'it' can
    only stand for that ('Why do councils put salt on roads?' 'It lowers …': the salt), up
    to a preposition; None otherwise."""
    opening = [w.lower() for w in words(reply)[:1]]
    if opening != ["it"] or len(tokens) < 3 or not _PLURAL_WORD.fullmatch(tokens[0]):
        return None
    thing = []
    for token in tokens[2:]:
        if token.lower() in _TRAILING_WORDS:
            break
        thing.append(token)
    return thing if 0 < len(thing) <= 4 and not _PLURAL_WORD.fullmatch(thing[-1]) else None


_PLURAL_WORD = re.compile(r"[a-z]{3,}s(?<!ss)(?<!us)(?<!is)", re.IGNORECASE)
_TRAILING_WORDS = frozenset({"on", "in", "at", "to", "into", "onto", "for", "from", "with",
                             "by", "during", "after", "before", "when", "if", "so"})


# ('Why shouldn't babies eat honey?': the denial is the question's, not its subject's)
_DENIED_AUXILIARIES = frozenset({"shouldn't", "can't", "won't", "don't", "doesn't", "didn't",
                                 "isn't", "aren't", "wasn't", "weren't", "couldn't",
                                 "wouldn't", "mustn't", "haven't", "hasn't", "cannot"})
_IS_IT = re.compile(r"^(?:is|are|was|were)\s", re.IGNORECASE)
# what a yes/no question asks of its subject: 'free', 'allowed', 'open on Mondays'
_PREDICATE_WORDS = frozenset({
    "free", "open", "closed", "safe", "unsafe", "legal", "illegal", "available", "necessary",
    "possible", "worth", "good", "bad", "better", "worse", "true", "valid", "ready", "dangerous",
    "harmful", "healthy", "required", "needed", "normal", "common", "rare", "real", "same",
    "different", "bigger", "smaller", "older", "younger", "faster", "slower", "higher",
    "lower", "toxic", "poisonous", "edible", "visible", "suitable", "ok", "okay", "fine",
    "allowed", "still", "really", "always", "ever", "also", "too", "very", "more", "less"})
_PREDICATE_LINKS = frozenset({"at", "in", "on", "for", "to", "from", "during", "after",
                              "before", "with", "without", "than", "inside", "outside"})


def predicate_start(tokens: list[str]) -> int:
    """Where the predicate of 'Is/Are X …?' begins in its words after the auxiliary: at an
    adjective or participle, or a preposition of scope, after the first word ('entry free' →
    1, 'the pool heated' → 2; 'the Great Wall of China visible from space' → 5)."""
    for k, token in enumerate(tokens):
        low = token.lower().strip(",;:")
        if k and (low in _PREDICATE_WORDS or low in _PREDICATE_LINKS or is_past_form(low) or
                  (len(low) > 5 and low.endswith(("ible", "able", "ous", "ful"))) or
                  # ('Is Mount Everest the tallest mountain?': a name, then what it is)
                  (low in {"the", "a", "an"} and tokens[k - 1][:1].isupper()) or
                  # ('Are the trains running today?'; not 'the swimming pool')
                  (len(low) > 5 and low.endswith("ing") and
                   tokens[k - 1].lower() not in _BEFORE_A_NOUN)):
            return k
    return len(tokens)


_BEFORE_A_NOUN = frozenset({"the", "a", "an", "this", "that", "these", "those", "my", "your",
                            "our", "their", "its", "his", "her", "any", "some", "no"})


# (a denied auxiliary too: 'Why doesn't gold rust?' is about gold, as 'Why does ice float?'
# is about ice)
DO_SUPPORT = re.compile(r"^(?:what|which|how|why|where|when)\b(?:\s+[a-z]+)?\s+"
                        r"(?:does|do|did|(?:doesn|don|didn)['’]t)\s", re.IGNORECASE)
_DO_FORMS = frozenset({"do", "does", "did", "doesn't", "don't", "didn't", "doesn’t", "don’t",
                       "didn’t"})


def _up_to_a_plural(thing: str) -> str:
    """What 'they' stands for in the question's words: up to the first plural noun ('Arctic
    terns' of 'Arctic terns spend the northern winter'), else all of them."""
    tokens = thing.split()
    for k, token in enumerate(tokens):
        low = token.lower().strip(",;:")
        if len(low) > 3 and low.endswith("s") and not low.endswith(("ss", "us", "is")) and \
                (k or (len(tokens) > 1 and tokens[1].islower())):
            # ('honeybees' of 'honeybees tell each other where': a plural noun opening the
            # words and followed by a verb is all of what 'they' stands for)
            return " ".join(tokens[:k + 1]).strip(" ,;:")
    return thing


def _first_question_pronoun(question: str, reply: str) -> re.Match[str] | None:
    """The reply's first pronoun that may stand for what the question asks about ('Who
    founded it? He founded it in 2004.': a person's pronoun is the answer itself)."""
    allowed = {"it"} if question.strip().lower().startswith(("who ", "whom ")) else \
        QUESTION_PRONOUNS
    return next((m for m in _PRONOUN.finditer(reply) if m.group(0).lower() in allowed and
                 not (m.group(0).lower() in {"they", "them"} and
                      _a_plural_before(reply[:m.start()]))), None)


def _a_plural_before(text: str) -> bool:
    """A plural noun after an article in `text` ('… reflects the microwaves rather than
    soaking them up'): what a later 'they' / 'them' stands for."""
    return re.search(r"\b(?:the|these|those|its|their|your)\s+(?:[a-z-]+\s+)?[a-z]{3,}"
                     r"(?<!ss)(?<!us)(?<!is)s\b", text, re.IGNORECASE) is not None


# where a later clause opens, with a subject of its own that a pronoun after it may stand for
_LATER_CLAUSE = re.compile(r",\s+(?:and|but|so|while|whereas)\s+|;\s+|\s+(?:because|since|as|"
                           r"which|that|when|while|whereas|although|though|so that)\s+",
                           re.IGNORECASE)


def pronoun_in_first_clause(question: str, reply: str) -> bool:
    """The reply's pronoun that may stand for what the question asks about comes before any
    later clause ('Jane Austen wrote it, and …'), not after one whose own words it may stand
    for ('Gases scatter sunlight, and blue light is scattered more because it has shorter
    wavelengths.')."""
    match = _first_question_pronoun(question, reply)
    if match is None:
        return False
    later = _LATER_CLAUSE.search(reply)
    return later is None or match.start() < later.start()


def question_antecedent(question: str, reply: str) -> str | None:
    """What the first pronoun of `reply` stands for, by `with_question_antecedent`: 'The
    Planets' for 'Who composed The Planets?' + 'It was composed by Holst.'; else None."""
    resolved = with_question_antecedent(question, reply)
    match = _first_question_pronoun(question, reply)
    if resolved is None or match is None:
        return None
    length = len(resolved) - len(reply) + len(match.group(0))
    return resolved[match.start():match.start() + length] or None


# 'No, pets must stay outside.': a yes or a no that opens a longer reply
# a hedge before a reply's yes or no: 'Generally no: …', 'Usually, yes, …'
REPLY_HEDGE = (r"(?:(?:generally|usually|mostly|largely|probably|normally|typically|in general|"
               r"in most cases|for the most part|broadly|ideally|preferably|better|best)"
               r"\s*,?\s+)?")
# the hedges whose own 'not' is a no: 'Ideally not: …', 'Usually not, …'
HEDGES_BEFORE_NOT = ("generally", "usually", "mostly", "probably", "normally", "typically",
                     "ideally", "preferably", "better", "best")
_HEDGED_NOT = "|".join(f"(?<={w} )" for w in HEDGES_BEFORE_NOT)
OPENING_PARTICLE = re.compile(rf"^{REPLY_HEDGE}(?P<word>yes|no|yeah|yep|nope|"
                              # a yes said by degree: 'Very: they use tools …' to 'Are crows
                              # intelligent?'
                              r"very|extremely|highly|absolutely|definitely|certainly|"
                              r"not (?:quite|really|"
                              rf"exactly|entirely|as such|usually|normally|generally|always|"
                              rf"necessarily|typically)|(?:{_HEDGED_NOT})not|"
                              # advice against, before why: "It's best not to: the detergent …"
                              r"(?:it['’]s|it is)\s+(?:better|best|wiser|safer)\s+not"
                              r"(?:\s+to)?)\s*[,.;:!—–-]\s*\S",
                              re.IGNORECASE)


def opening_polarity(reply: str) -> str | None:
    """'yes' or 'no' for a reply that opens with one ('No, they were released in different
    years.'), else None."""
    match = OPENING_PARTICLE.match(reply.strip())
    if match is None:
        return None
    word = match.group("word").lower()
    return "no" if word.startswith(("no", "nope")) or " not" in word else "yes"


_NO_OPENING = re.compile(r"^\s*(?:no|nope)\b", re.IGNORECASE)
_CALLED_UNTRUE = re.compile(r"\b(?:that|it|this)(?:['’]s|\s+is)\s+(?:(?:just|only|actually|"
                            r"really)\s+)?(?:a\s+(?:common\s+|popular\s+)?(?:myth|"
                            r"misconception)|not true|untrue|false|an old wives['’] tale)\b",
                            re.IGNORECASE)


def reply_polarity(reply: str) -> str | None:
    """'yes' or 'no' for a reply that is only a yes or a no, possibly echoing the question
    ('Yes, it is.', 'No, they didn't.'); else None."""
    # ('No, that's a myth.': a no whose rest calls the belief asked about untrue)
    reply = _CALLED_UNTRUE.sub("", reply) if _NO_OPENING.match(reply) else reply
    tokens = [t.lower().replace("’", "'") for t in words(reply)]
    # ('Sometimes, yes.', 'Probably not.', 'Yes, usually.': a hedged yes or no)
    if len(tokens) > 1 and tokens[0] in _HEDGES_OF_A_REPLY:
        tokens = tokens[1:]
    if not tokens:
        return None
    if _A_PRONOUN_AND_ITS_AUXILIARY.match(" ".join(tokens)):
        # "They shouldn't be.", 'It does.': the question's subject and an auxiliary alone
        return "no" if "n't" in tokens[1] or "not" in tokens[2:] else "yes"
    first = "yes" if tokens[0] in _YES_WORDS else "no" if tokens[0] in _NO_WORDS else None
    if first is None or any(t not in _ECHO_WORDS | _HEDGES_OF_A_REPLY for t in tokens[1:]):
        return None
    return first


_A_PRONOUN_AND_ITS_AUXILIARY = re.compile(
    r"^(?:it|they|he|she|you|we) (?:can|could|do|does|did|is|are|was|were|will|would|may|might|"
    r"should|must|has|have)(?:n't)?(?: not)?(?: (?:be|do|have))?$")
# a word that hedges a yes or a no without turning it: 'Sometimes, yes.', 'Usually not.'
_HEDGES_OF_A_REPLY = frozenset({"sometimes", "usually", "often", "generally", "mostly",
                                "normally", "typically", "probably", "occasionally", "mainly",
                                "largely", "definitely", "certainly", "absolutely"})


def is_echo_reply(reply: str) -> bool:
    """A yes or a no that echoes its question with a pronoun and an auxiliary: 'Yes, it
    is.' says no more than 'Yes.' (it has a verb, yet is a bare answer)."""
    return reply_polarity(reply) is not None and len(words(reply)) > 1


_KEYWORD = re.compile(r"[a-z0-9]+")


def keywords(text: str) -> list[str]:
    """Lower-case letter and digit runs of `text`, stop words dropped, lightly stemmed, in order
    and with repeats (term frequencies count)."""
    return [_light_stem(t) for t in _KEYWORD.findall(text.lower()) if t not in KEYWORD_STOPWORDS]


def _light_stem(token: str) -> str:
    """Cut one plural, past-tense or gerund ending, leaving at least three characters."""
    for suffix in ("ing", "ed", "es", "s"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: -len(suffix)]
    return token
