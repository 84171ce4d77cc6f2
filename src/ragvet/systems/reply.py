"""Read what a system returned (text, an `(answer, doc_ids)` pair or a JSON-like mapping)
into an `Answer`; a reply of the wrong shape becomes a failure on its query.

Field names are dotted paths into the mapping; each kind of field lists the names tried in
order, so `{"response", "sources"}`, `{"answer", "contexts"}` and `{"answer", "doc_ids"}`
replies all read without configuration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .base import Answer, Passage


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplyFields:
    """Where a reply keeps its answer and passages.

    Items under a `sources` field are passage texts or objects; items under a `doc_ids` field
    are document ids or objects. An object gives its id under `source_id` and its text under
    `source_text`. A reply with both kinds pairs them item by item when their lengths agree.
    With `sources_required`, a reply naming none of these fields is a failure.
    """

    response: tuple[str, ...] = ("response", "answer")
    sources: tuple[str, ...] = ("sources", "contexts", "retrieved_contexts")
    doc_ids: tuple[str, ...] = ("doc_ids",)
    source_id: str = "id"
    source_text: str = "text"
    sources_required: bool = False


def read_reply(query: str, value: Any, fields: ReplyFields = ReplyFields()) -> Answer:
    """Interpret one reply; never raises."""
    if isinstance(value, Answer):
        return value
    if isinstance(value, str):
        return Answer(query=query, response=value)
    if isinstance(value, tuple) and len(value) == 2:
        return Answer(query=query, response=str(value[0]),
                      sources=_passages(value[1], fields, texts=False))
    if isinstance(value, Mapping):
        return _read_mapping(query, value, fields)
    return Answer.failure(query, f"unusable reply of type {type(value).__name__}")


def _read_mapping(query: str, reply: Mapping[str, Any], fields: ReplyFields) -> Answer:
    found, response = _first(reply, fields.response)
    if found is None:
        return Answer.failure(query, f"reply has no field {_names(fields.response)}; "
                              f"it has {sorted(reply)}")
    if not isinstance(response, str | int | float):
        return Answer.failure(query, f"reply field '{found}' is not text")
    texts_at, texts = _first(reply, fields.sources)
    ids_at, ids = _first(reply, fields.doc_ids)
    if texts_at is None and ids_at is None and fields.sources_required:
        return Answer.failure(query, "reply has no field "
                              f"{_names(fields.sources + fields.doc_ids)} for its passages")
    sources = _merge(_passages(texts, fields, texts=True), _passages(ids, fields, texts=False))
    return Answer(query=query, response=str(response), sources=sources)


def _first(reply: Mapping[str, Any], paths: tuple[str, ...]) -> tuple[str | None, Any]:
    """The first of `paths` present in the reply, and its value."""
    for path in paths:
        found, value = _lookup(reply, path)
        if found:
            return path, value
    return None, None


def _lookup(data: Mapping[str, Any], path: str) -> tuple[bool, Any]:
    current: Any = data
    for part in path.split("."):
        if not isinstance(current, Mapping) or part not in current:
            return False, None
        current = current[part]
    return True, current


def _passages(value: Any, fields: ReplyFields, *, texts: bool) -> tuple[Passage, ...]:
    if not value:
        return ()
    items = value if isinstance(value, list | tuple) else [value]
    return tuple(_passage(item, fields, texts=texts) for item in items)


def _passage(item: Any, fields: ReplyFields, *, texts: bool) -> Passage:
    if isinstance(item, Mapping):
        found_id, found_text = _lookup(item, fields.source_id)[1], item.get(fields.source_text)
        return Passage(id=None if found_id is None else str(found_id),
                       text=None if found_text is None else str(found_text))
    return Passage(text=str(item)) if texts else Passage(id=str(item))


def _merge(passages: tuple[Passage, ...], ids: tuple[Passage, ...]) -> tuple[Passage, ...]:
    """Passages from a sources field, given ids from a doc-ids field listed beside them."""
    if not ids or not passages:
        return passages or ids
    if len(ids) != len(passages):
        return passages
    return tuple(Passage(id=p.id or i.id, text=p.text or i.text) for p, i in
                 zip(passages, ids, strict=True))


def _names(paths: tuple[str, ...]) -> str:
    return " or ".join(f"'{p}'" for p in paths)
