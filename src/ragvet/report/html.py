"""The standalone report: one self-contained HTML document for one run.

The page and its sections render through `templating` (autoescaped, everything inline);
which sections appear, and in what order, is `sections.SECTIONS`. Long texts show a preview
and are loaded on demand from one compressed block (`longtext`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from .longtext import collecting
from .sections import SectionFn, render_sections
from .templating import render_page
from .view import RunView


def render_report(view: RunView, sections: Sequence[SectionFn] | None = None) -> str:
    """The whole report as one HTML document."""
    generated = f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M:%S}"
    with collecting() as long_texts:
        rendered = render_sections(view, sections)
    return render_page("report.html", view=view, sections=rendered, generated=generated,
                       full_texts=long_texts.data_block())


def write_report(view: RunView, path: str | Path,
                 sections: Sequence[SectionFn] | None = None) -> Path:
    path = Path(path)
    path.write_text(render_report(view, sections), encoding="utf-8")
    return path
