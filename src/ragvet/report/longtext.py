"""Long texts in the standalone report: a preview in place, the full text on demand.

Fifty records with 70,000 characters of sources each made a 32 MB report: every source
appeared once in the record and again in each metric's evidence. While a report renders
(`collecting`), a text longer than `PREVIEW_CHARS` shows its first characters and a button;
the full text goes, once however often it appears, into one gzip-compressed, base64-encoded
JSON list at the end of the page (`data_block`), which report.js unpacks when a button is
pressed. Outside `collecting` (the dashboard, which serves one record per page) texts are
shown whole. A record's evidence larger than `DEFER_CHARS` is kept the same way, rendered,
and put in place when its record is first opened (`deferred`).
"""

from __future__ import annotations

import base64
import gzip
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from markupsafe import Markup, escape

PREVIEW_CHARS = 600
DATA_BLOCK_ID = "ragvet-full-texts"
DETAILS_BLOCK_ID = "ragvet-record-details"
# A record's evidence (one row per claim, fact, sentence …) larger than this is rendered when
# its record is opened: fifty records of long sources hold tens of thousands of rows.
DEFER_CHARS = 20_000


class LongTexts:
    """The distinct long texts of one report, in the order they first appear, and the
    record details deferred until their record is opened."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}
        self._details: list[str] = []

    def ref(self, text: str) -> int:
        return self._index.setdefault(text, len(self._index))

    def defer(self, html: str) -> int:
        self._details.append(html)
        return len(self._details) - 1

    def data_block(self) -> Markup:
        """The full texts and deferred details as non-executable data blocks (empty when
        there are none)."""
        return Markup("").join(_packed(block_id, items) for block_id, items in
                               ((DATA_BLOCK_ID, list(self._index)),
                                (DETAILS_BLOCK_ID, self._details)) if items)


def _packed(block_id: str, items: list[str]) -> Markup:
    packed = gzip.compress(json.dumps(items, ensure_ascii=False).encode("utf-8"),
                           compresslevel=9, mtime=0)
    payload = base64.b64encode(packed).decode("ascii")
    return Markup(f'<script type="application/octet-stream" id="{block_id}" '
                  f'data-encoding="gzip+base64+json">{payload}</script>')


_current: ContextVar[LongTexts | None] = ContextVar("ragvet_long_texts", default=None)


@contextmanager
def collecting() -> Iterator[LongTexts]:
    """Within: `long_text` previews long texts and collects them."""
    texts = LongTexts()
    token = _current.set(texts)
    try:
        yield texts
    finally:
        _current.reset(token)


def long_text(value: object) -> Markup:
    """`value` escaped; while collecting and longer than the preview, a preview and a button."""
    text = "" if value is None else str(value)
    texts = _current.get()
    if texts is None or len(text) <= PREVIEW_CHARS:
        return escape(text)
    index = texts.ref(text)
    return Markup('<span class="long-text" data-full-text="{i}">{preview}…</span> '
                  '<button type="button" class="show-full" data-full-text="{i}">show all '
                  '{n:,} characters</button>').format(i=index, preview=text[:PREVIEW_CHARS],
                                                       n=len(text))


def deferred(html: object) -> Markup:
    """Rendered evidence of one record: in place, or (while collecting, when larger than
    DEFER_CHARS) a placeholder that report.js fills from the details block when the record
    is opened. The HTML is the report's own, already escaped, output."""
    markup = Markup(html)
    texts = _current.get()
    if texts is None or len(markup) <= DEFER_CHARS:
        return markup
    index = texts.defer(str(markup))
    return Markup('<div class="deferred-detail" data-detail="{i}">loading {n:,} characters '
                  'of evidence…</div>').format(i=index, n=len(markup))
