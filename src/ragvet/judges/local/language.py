"""Which language is a text in? A light, offline guess: Unicode scripts, then stop words.

The offline judge's words, stems, rules and fitted weights are English, so it must not score a
German or Chinese record as if it were English (every sentence would look unsupported and
off-topic). This guess needs no model and no download: a text mostly in a non-Latin script is
named by its script (zh/ja/ko, ar, ru, el, he, hi, th, …); a Latin-script text is named by the
language whose common function words it uses most (en, de, fr, es, it, pt, nl, sv, da, no,
pl, cs, tr, id, fi). A lower-case word spelt with a letter English does not use ('öffnet',
'près', 'año') counts for each language that has the letter, so a short question in German
is told too. Texts too short to tell (fewer than 4 words, or fewer than 3 not capitalised),
and texts where no other language clearly leads English, count as English.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from .memo_bounds import MEMO_ENTRIES

_SCRIPTS = (  # (Unicode name prefix, language code or script label)
    ("CJK", "zh"), ("HIRAGANA", "ja"), ("KATAKANA", "ja"), ("HANGUL", "ko"),
    ("ARABIC", "ar"), ("CYRILLIC", "ru"), ("GREEK", "el"), ("HEBREW", "he"),
    ("DEVANAGARI", "hi"), ("BENGALI", "bn"), ("TAMIL", "ta"), ("THAI", "th"),
    ("ARMENIAN", "hy"), ("GEORGIAN", "ka"), ("ETHIOPIC", "am"), ("GUJARATI", "gu"),
)
_FUNCTION_WORDS = {
    "en": "the of and to in is was for that with as on by it are this from be at which an or "
          "have has not were but their its they he she a i you we my me do so if your what "
          "like love just can could would should been there all any how when who why yes "
          "than more some into about out up only after because every never these those them "
          "our us him his through very many most other one",
    "de": "der die das und ist nicht ein eine zu den von mit sich des auf für im dem als auch "
          "wird wurde bei aus nach sind oder einer",
    "fr": "le la les de des et est un une du en pour que dans qui sur par pas au avec ce sont "
          "il elle ont été plus",
    "es": "el la los las de del y en que es un una por con para se no al su lo como fue son "
          "más pero",
    "it": "il lo la gli le di e è che un una per non con del della sono nel alla come anche "
          "stato fu",
    "pt": "o a os as de do da e é que um uma para com não em no na por se foi são mais",
    "nl": "de het een en van is dat in op te niet met voor zijn er aan ook door werd was",
    "sv": "och att det som en är på av för med den till inte har var ett de",
    "da": "og at det som en er på af for med den til ikke har var et de",
    "no": "og at det som en er på av for med den til ikke har var et de ble",
    "pl": "i w na z że się nie jest do to jak od po przez dla są był",
    "cs": "a v na se že je z do to jako od po pro by jsou byl",
    "tr": "ve bir bu da de için ile olarak olan çok daha gibi en ne",
    "id": "dan yang di ini itu dengan untuk dari dalam tidak adalah pada akan",
    "fi": "ja on ei se että oli ovat kun myös tai mutta joka",
}
_WORDS = {lang: frozenset(ws.split()) for lang, ws in _FUNCTION_WORDS.items()}
# letters a language writes and English does not (names are capitalised and not read, so
# 'Brontë' or 'Sébastien' in an English text count for nothing)
_LETTERS = {lang: frozenset(letters) for lang, letters in {
    "de": "äöüß", "fr": "éèêàçùâîôûëïœ", "es": "ñáéíóú", "it": "àèéìòù", "pt": "ãõçáéíóúâêô",
    "nl": "ëï", "sv": "åäö", "da": "æøå", "no": "æøå", "pl": "ąćęłńóśźż",
    "cs": "ěščřžýáíéůú", "tr": "çğışöü", "fi": "äö",
}.items()}
_NAMES = {
    "en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
    "pt": "Portuguese", "nl": "Dutch", "sv": "Swedish", "da": "Danish", "no": "Norwegian",
    "pl": "Polish", "cs": "Czech", "tr": "Turkish", "id": "Indonesian", "fi": "Finnish",
    "zh": "Chinese", "ja": "Japanese", "ko": "Korean", "ar": "Arabic", "ru": "Russian",
    "el": "Greek", "he": "Hebrew", "hi": "Hindi", "bn": "Bengali", "ta": "Tamil", "th": "Thai",
    "hy": "Armenian", "ka": "Georgian", "am": "Amharic", "gu": "Gujarati",
}
_ANY_FUNCTION_WORD = frozenset().union(*_WORDS.values())
# each function word's languages: one lookup per token instead of one per token and language
_LANGUAGES_OF_WORD = {w: tuple(lang for lang, ws in _WORDS.items() if w in ws)
                      for w in _ANY_FUNCTION_WORD}
_TOKEN = re.compile(r"[^\W\d_]+", re.UNICODE)


def _languages_of(token: str) -> tuple[str, ...]:
    """The languages that have `token` as a function word or write one of its letters (every
    such letter is beyond ASCII, so an ASCII token needs only the word lookup)."""
    return tuple(lang for lang, ws in _WORDS.items()
                 if token in ws or not _LETTERS.get(lang, frozenset()).isdisjoint(token))


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    for prefix, label in _SCRIPTS:
        if name.startswith(prefix):
            return label
    return None


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def detect_language(text: str) -> str:
    """An ISO 639-1 guess ('en', 'de', 'zh', …) for `text`; 'en' when it cannot tell."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return "en"
    counts: dict[str, int] = {}
    for ch in letters:
        if ord(ch) > 0x24F:  # beyond Latin Extended: look the script up
            label = _script(ch)
            if label:
                counts[label] = counts.get(label, 0) + 1
    if counts:
        label, n = max(counts.items(), key=lambda kv: kv[1])
        if n >= 0.3 * len(letters):
            if label == "zh" and (counts.get("ja", 0) > 0.1 * n):
                return "ja"
            return label
    found = _TOKEN.findall(text)
    # names ('Gilbert du Motier, Marquis de Lafayette') say little: read the lower-case words
    tokens = [t.lower() for i, t in enumerate(found)
              if not t[:1].isupper() or (i == 0 and t.lower() in _ANY_FUNCTION_WORD)]
    if len(found) < 4 or len(tokens) < 3:
        return "en"
    hits = dict.fromkeys(_WORDS, 0)
    for t in tokens:  # a token counts once for each language whose word or letter it has
        for lang in _LANGUAGES_OF_WORD.get(t, ()) if t.isascii() else _languages_of(t):
            hits[lang] += 1
    best = max(hits, key=lambda lang: (hits[lang], lang == "en"))
    # another language must clearly lead: short words ('a', 'i', 'do', 'de') are shared
    if hits[best] < 2 or hits[best] < 2 * hits["en"] + 1:
        return "en"
    return best


def language_name(code: str) -> str:
    """'de' → 'German' (the code itself where this module has no name for it)."""
    return _NAMES.get(code, code)
