"""Citation markers in a response: recognised, set aside before judging, checked.

RAG systems mark which source a sentence came from: `[1]`, `[2, 3]`, `[ID:3]`, `【2】`,
`【4†source】`, `(Source 2)`, `[Doc 1]`, `^1^`, `[^1]`. A marker is not part of the claim
("no source mentions 0" for `[ID:0]` would veto a supported claim), so the judge strips it
before decomposing and judging, keeps it on the claim it belongs to (so the component still
shows it), and, when it names a source, checks the claim against that source too.

Numbering: `[ID:n]` (RAGFlow) counts sources from 0; every other marker counts from 1, the way
people number references. A pure function module; nothing here loads a model.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .memo_bounds import MEMO_ENTRIES

_NUMS = r"\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*"
_MARKER = re.compile(
    r"\s?(?:"
    r"\[\s*(?P<id>ID\s*:\s*" + _NUMS + r")\s*\]"           # [ID:3]
    r"|\[\s*(?P<br>" + _NUMS + r")\s*\]"                   # [1] [2, 3] [1-2]
    r"|\[\^(?P<fn>\d{1,3})\]"                              # [^1]
    r"|【\s*(?P<cjk>" + _NUMS + r")(?:†[^】]*)?\s*】"        # 【2】 【4†source】
    r"|\((?:sources?|src|docs?|documents?|refs?|references?|passages?|chunks?)\.?\s*#?\s*"
    r"(?P<paren>" + _NUMS + r")\)"                         # (Source 2)
    r"|\[(?:sources?|docs?|documents?|refs?|passages?|chunks?)\.?\s*#?\s*(?P<word>"
    + _NUMS + r")\]"                                       # [Doc 1]
    r"|\^(?P<caret>\d{1,3})\^"                             # ^1^
    r")", re.IGNORECASE)
_AFTER_STOP = re.compile(r"(?P<stop>[.!?])(?P<marks>(?:" + _MARKER.pattern + r")+)")
_SPACE_BEFORE_STOP = re.compile(r"\s+([.!?,;:])")


@dataclass(frozen=True, slots=True)
class Cited:
    """A text without its markers, the markers as written, and the source indices (0-based)
    they name."""

    text: str
    markers: tuple[str, ...]
    sources: tuple[int, ...]


def _numbers(spec: str) -> list[int]:
    out: list[int] = []
    for part in re.split(r"\s*[,;]\s*", spec.strip()):
        if re.fullmatch(r"\d+\s*[–-]\s*\d+", part):
            lo, hi = (int(x) for x in re.split(r"\s*[–-]\s*", part))
            out.extend(range(lo, min(hi, lo + 20) + 1))
        elif part.isdigit():
            out.append(int(part))
    return out


def _indices(match: re.Match[str]) -> list[int]:
    if match.group("id"):
        return _numbers(match.group("id").split(":", 1)[1])  # RAGFlow counts from 0
    spec = next(match.group(k) for k in ("br", "fn", "cjk", "paren", "word", "caret")
                if match.group(k))
    return [n - 1 for n in _numbers(spec) if n >= 1]


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def split_citations(text: str) -> Cited:
    """`text` without citation markers, the markers, and the sources they name."""
    markers = tuple(m.group(0).strip() for m in _MARKER.finditer(text))
    if not markers:
        return Cited(text, (), ())
    sources = tuple(dict.fromkeys(i for m in _MARKER.finditer(text) for i in _indices(m)))
    clean = _SPACE_BEFORE_STOP.sub(r"\1", _MARKER.sub("", text)).strip()
    return Cited(clean, markers, sources)


def strip_citations(text: str) -> str:
    return split_citations(text).text


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def markers_before_stops(text: str) -> str:
    """'… in 1896.[2] It was …' → '… in 1896 [2]. It was …': a marker after the full stop
    belongs to the sentence before it, not to the next one."""
    return _AFTER_STOP.sub(lambda m: f" {m.group('marks').strip()}{m.group('stop')}", text)


def with_markers(claim: str, markers: tuple[str, ...]) -> str:
    """The claim with its sentence's markers put back before its final full stop."""
    if not markers:
        return claim
    tail = " ".join(markers)
    body = claim.rstrip()
    if body.endswith((".", "!", "?")):
        return f"{body[:-1]} {tail}{body[-1]}"
    return f"{body} {tail}"


def markers_by_clause(written: str, clauses: list[str]) -> list[tuple[str, ...]]:
    """Each clause's markers: where a sentence cites at more than one place ('… opened in
    1937 [2] and is 3 km long [1].'), a clause takes the markers right after its last word;
    where it cites at one place only, every clause takes them all (`with_markers`)."""
    groups: list[tuple[int, list[str]]] = []  # (start, markers) of markers side by side
    last_end = -1
    for match in _MARKER.finditer(written):
        if groups and not written[last_end:match.start()].strip():
            groups[-1][1].append(match.group(0).strip())
        else:
            groups.append((match.start(), [match.group(0).strip()]))
        last_end = match.end()
    if len(groups) <= 1:
        return [tuple(groups[0][1]) if groups else ()] * len(clauses)
    out: list[tuple[str, ...]] = []
    position = 0
    for clause in clauses:
        last = re.findall(r"\w+", clause)[-1:]
        at = written.find(last[0], position) if last else -1
        if at < 0:
            out.append(())
            continue
        position = at + len(last[0])
        after = next((marks for start, marks in groups if start >= position and
                      not re.search(r"\w", written[position:start])), [])
        out.append(tuple(after))
    return out
