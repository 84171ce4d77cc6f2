"""Long texts in the standalone report: a preview in place, the full text on demand.

Fifty records with 70,000 characters of sources each made a 32 MB report: every source
appeared once in the record and again in each metric's evidence. While a report renders
(`collecting`), a text longer than `PREVIEW_CHARS` shows its first characters and a button;
the full text goes, once however often it appears, into one gzip-compressed, base64-encoded
JSON list at the end of the page (`data_block`), which report.js unpacks when a button is
pressed. Outside `collecting` (the dashboard, which serves one record per page) texts are
shown whole.
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


class LongTexts:
    """The distinct long texts of one report, in the order they first appear."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}

    def ref(self, text: str) -> int:
        return self._index.setdefault(text, len(self._index))

    def data_block(self) -> Markup:
        """The full texts as a non-executable data block (an empty string when none)."""
        if not self._index:
            return Markup("")
        packed = gzip.compress(json.dumps(list(self._index), ensure_ascii=False)
                               .encode("utf-8"), compresslevel=9, mtime=0)
        payload = base64.b64encode(packed).decode("ascii")
        return Markup(f'<script type="application/octet-stream" id="{DATA_BLOCK_ID}" '
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
