"""Reading a batched judge answer: JSON validated with pydantic, else tagged text.

The result maps each input id (1..n) to its entry. Entries are matched by id when the ids are
usable, else by position when the count is exact; anything else is a `ReplyError` (the caller
re-asks once with its message). An id with no entry is simply absent: never padded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from json.encoder import encode_basestring as _string  # the stdlib's, for ensure_ascii=False
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ...errors import JudgeOutputError
from .http import json_codec

_RAW_JSON = json.JSONEncoder(ensure_ascii=False)  # json.dumps(…, ensure_ascii=False), made once
_FIELDS = ("id", "verdict", "label", "reason", "parts")
YES_WORDS = frozenset({"yes", "y", "true", "1", "supported", "essential", "answered",
                       "relevant"})
NO_WORDS = frozenset({"no", "n", "false", "0", "unsupported", "not supported", "not essential",
                      "not answered", "irrelevant"})


class ReplyError(JudgeOutputError):
    """The answer cannot be read; the message is written for the model (used in the re-ask)."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: int | None = None
    verdict: Any = None
    label: Any = None
    reason: str | None = None
    parts: list[str] | None = None

    @field_validator("parts", mode="before")
    @classmethod
    def _strings(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [v if isinstance(v, str) else json.dumps(v) for v in value]
        return value


    def dump(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


@dataclass(frozen=True, slots=True)
class _PlainEntry:
    """An `_Entry` read without pydantic: an entry whose fields already had their types."""

    id: int | None
    verdict: Any
    label: Any
    reason: str | None
    parts: list[str] | None

    def dump(self) -> dict[str, Any]:  # as `_Entry.dump`: the fields set, in this order
        return {name: value for name in _FIELDS
                if (value := getattr(self, name)) is not None}

    def raw_text(self) -> str:
        """`json.dumps(self.dump(), ensure_ascii=False)`, the same text, written directly
        (the stdlib sets up an encoder per call, which cost more than the writing)."""
        fields = self.dump()
        parts = []
        for name, value in fields.items():
            kind = type(value)
            if kind is str:
                text = _string(value)
            elif kind is int:
                text = int.__repr__(value)
            elif kind is bool:
                text = "true" if value else "false"
            elif kind is list:  # parts: strings only (see _plain_entry)
                text = "[" + ", ".join(map(_string, value)) + "]"
            else:  # a float: the stdlib's spelling (NaN, Infinity, repr)
                return _RAW_JSON.encode(fields)
            parts.append(f'"{name}": {text}')
        return "{" + ", ".join(parts) + "}"


class _Reply(BaseModel):
    model_config = ConfigDict(extra="ignore")
    items: list[_Entry]


@dataclass(frozen=True, slots=True)
class Entry:
    """One item's answer: a verdict (True/False/None if unreadable), a label or parts, and
    its raw text."""

    verdict: bool | None
    reason: str | None
    parts: tuple[str, ...] | None
    raw: str
    problem: str | None = None
    label: str | None = None
    # where the verdict (or label) word starts in the reply text, when it could be located:
    # the token there is the one whose log-probabilities give the verdict's probability
    at: int | None = None


def read_verdict(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower().strip(".\"'")
    if text in YES_WORDS:
        return True
    if text in NO_WORDS:
        return False
    return None


def parse_reply(text: str, n: int, output: str, labels: tuple[str, ...] = ()
                ) -> dict[int, Entry]:
    """Entries by input id (1-based). Raises ReplyError when the answer cannot be read.

    `output` is "verdict", "label" (one of `labels`) or "parts"."""
    try:
        entries = _from_json(text)
        if entries is not None:
            offsets = _json_offsets(text, output, len(entries))
        else:
            entries, offsets = _from_tags(text, output)
            if not entries:
                raise ReplyError("no answer entries found: reply with a JSON object "
                                 '{"items": [...]} holding one entry per input item')
        return _align([_entry(e, output, labels, at)
                       for e, at in zip(entries, offsets, strict=True)], n)
    except ReplyError as err:
        err.raw = text
        raise


def _from_json(text: str) -> list[_Entry] | list[_PlainEntry] | None:
    stripped = text.strip()
    if "```" in stripped:  # the regex scans every position of a long reply: only when fenced
        stripped = re.sub(r"^```(?:json)?\s*|\s*```$", "", stripped)
    whole = _whole_json(stripped)
    if whole is not None:  # the usual answer: one JSON object and nothing else
        return _validated(whole)
    decoder = json.JSONDecoder()
    for match in re.finditer(r"\{", stripped):
        try:
            value, _ = decoder.raw_decode(stripped, match.start())
        except ValueError:
            continue
        if isinstance(value, dict) and "items" in value:
            return _validated(value)
    return None


def _whole_json(text: str) -> dict[str, Any] | None:
    """`text` decoded when it is exactly one JSON object holding `items` (what raw_decode
    at its first brace would find), else None: the search over every brace then decides."""
    if not text.startswith("{"):
        return None
    try:
        value = json_codec()[1](text)  # orjson where installed
    except ValueError:  # json's and orjson's decode errors
        return None
    return value if isinstance(value, dict) and "items" in value else None


def _validated(value: dict[str, Any]) -> list[_Entry] | list[_PlainEntry]:
    """The answer's entries: read directly where every entry has the usual shape (the
    fields pydantic would give, value for value; a fraction of its CPU), else validated by
    pydantic."""
    items = value.get("items")
    if type(items) is list:
        plain = [_plain_entry(e) for e in items]
        if None not in plain:
            return plain  # type: ignore[return-value]
    try:
        return _Reply.model_validate(value).items
    except ValidationError as err:
        raise ReplyError(f"the JSON does not fit the schema: {_brief(err)}") from err


_SCALARS = (str, bool, int, float, type(None))


def _plain_entry(entry: Any) -> _PlainEntry | None:
    """The entry, when each field already has the type `_Entry` would give it (and the
    verdict and label are plain values); None for anything pydantic has to coerce or
    reject."""
    if type(entry) is not dict:
        return None
    get = entry.get
    id_, verdict, label, reason, parts = (get("id"), get("verdict"), get("label"),
                                          get("reason"), get("parts"))
    if id_ is not None and type(id_) is not int:
        return None
    if type(verdict) not in _SCALARS or type(label) not in _SCALARS:
        return None
    if reason is not None and type(reason) is not str:
        return None
    if parts is not None and (type(parts) is not list
                              or any(type(p) is not str for p in parts)):
        return None
    return _PlainEntry(id_, verdict, label, reason, parts)


_VALUE_KEY = {"verdict": re.compile(r'"verdict"\s*:\s*"?'),
              "label": re.compile(r'"(?:label|verdict)"\s*:\s*"?')}


def _json_offsets(text: str, output: str, n: int) -> list[int | None]:
    """Where each entry's verdict (label) value starts in `text`: the k-th `"verdict":` key
    is the k-th entry's (inside a JSON string a quote is escaped, so a reason quoting the
    key does not match). Unknown (None each) when the keys and entries do not pair up."""
    key = _VALUE_KEY.get(output)
    found = [m.end() for m in key.finditer(text)] if key is not None else []
    return found if len(found) == n else [None] * n


_TAG = re.compile(r"<item\s+id=[\"']?(\d+)[\"']?\s*>(.*?)</item>", re.S | re.I)
_LINE = re.compile(r"^\s*\[?#?(\d+)[\]).:]?\s*[:\-–]?\s*(yes|no|true|false)\b[\s:,\-–—]*(.*)$",
                   re.I | re.M)


def _from_tags(text: str, output: str) -> tuple[list[_Entry], list[int | None]]:
    """Entries of a tagged-text answer, with where each verdict word starts."""
    found = [(int(m.group(1)), m.group(2), m.start(2)) for m in _TAG.finditer(text)]
    if output == "parts":
        return ([_Entry(id=i, parts=[ln.strip()[1:].strip() for ln in body.splitlines()
                                     if ln.strip().startswith(("-", "*", "•"))])
                 for i, body, _ in found], [None] * len(found))
    if found:
        field = "label" if output == "label" else "verdict"
        out, offsets = [], []
        for i, body, start in found:
            word, _, reason = body.partition(":")
            out.append(_Entry(id=i, reason=reason.strip() or None, **{field: word.strip()}))
            offsets.append(start + len(body) - len(body.lstrip()))
        return out, offsets
    if output == "label":
        return [], []
    lines = list(_LINE.finditer(text))
    return ([_Entry(id=int(m.group(1)), verdict=m.group(2), reason=m.group(3).strip() or None)
             for m in lines], [m.start(2) for m in lines])


def read_label(value: Any, labels: tuple[str, ...]) -> str | None:
    """The label named by `value`, tolerant of case, spaces and hyphens."""
    def norm(text: str) -> str:
        return re.sub(r"[\s_\-]+", "_", text.strip().lower().strip(".\"'"))

    wanted = norm(str(value)) if value is not None else ""
    return next((label for label in labels if norm(label) == wanted), None)


def _entry(e: _Entry | _PlainEntry, output: str, labels: tuple[str, ...] = (),
           at: int | None = None) -> tuple[int | None, Entry]:
    raw = e.raw_text() if isinstance(e, _PlainEntry) else _RAW_JSON.encode(e.dump())
    if output == "parts":
        if e.parts is None:
            return e.id, Entry(None, None, None, raw, problem="entry has no parts")
        return e.id, Entry(None, None, tuple(p.strip() for p in e.parts if p.strip()), raw)
    if output == "label":
        label = read_label(e.label if e.label is not None else e.verdict, labels)
        problem = None if label is not None else (
            f"label {e.label if e.label is not None else e.verdict!r} is not one of "
            f"{', '.join(labels)}")
        return e.id, Entry(None, e.reason, None, raw, problem=problem, label=label, at=at)
    verdict = read_verdict(e.verdict)
    problem = None if verdict is not None else f"verdict {e.verdict!r} is neither yes nor no"
    return e.id, Entry(verdict, e.reason, None, raw, problem=problem, at=at)


def _align(entries: list[tuple[int | None, Entry]], n: int) -> dict[int, Entry]:
    """By id when the ids are distinct and in range; by position when the count is exact."""
    ids = [i for i, _ in entries]
    if None not in ids and len(set(ids)) == len(ids) and all(1 <= i <= n for i in ids):
        return {i: e for i, e in entries if i is not None}
    if len(entries) == n:
        return {k + 1: e for k, (_, e) in enumerate(entries)}
    raise ReplyError(f"expected {n} entries with ids 1..{n}; got {len(entries)} "
                     f"with ids {ids[:20]}")


def _brief(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    return f"{where}: {first.get('msg')}" + (f" (and {err.error_count() - 1} more)"
                                             if err.error_count() > 1 else "")
