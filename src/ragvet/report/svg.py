"""Small inline SVG charts. Every label passes through `escape`; numbers are formatted here.

No plotting library and no JavaScript: the charts are static markup that works offline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup, escape

BAR = "#4c78a8"
ALT = "#f58518"
MUTED = "#9aa5b1"


def histogram(values: Sequence[float], *, label: str, bounds: tuple[float, float] = (0.0, 1.0),
              bins: int = 10, width: int = 300, height: int = 140) -> Markup:
    """Counts of scores in `bins` equal bins over `bounds` (the metric's range; the upper
    bound falls in the last bin, a value outside the bounds in the nearest end bin)."""
    low, high = bounds
    if not high > low:
        raise ValueError(f"histogram bounds must be increasing, got {bounds}")
    counts = [0] * bins
    for value in values:
        counts[min(max(int((value - low) / (high - low) * bins), 0), bins - 1)] += 1
    top = max(counts) or 1
    pad_left, pad_bottom, pad_top = 28, 22, 14
    plot_w, plot_h = width - pad_left - 14, height - pad_bottom - pad_top
    step = plot_w / bins
    edge = _edge_format(high - low, bins)
    parts = [_open(width, height, f"Distribution of {label}: {len(values)} scores")]
    for i, count in enumerate(counts):
        bar_h = plot_h * count / top
        x = pad_left + i * step
        y = pad_top + plot_h - bar_h
        start, end = (low + (high - low) * j / bins for j in (i, i + 1))
        title = f"{start:{edge}}–{end:{edge}}: {count}"
        parts.append(f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{step - 2:.1f}" '
                     f'height="{bar_h:.1f}" fill="{BAR}"><title>{escape(title)}</title></rect>')
        if count:
            parts.append(_text(x + step / 2, y - 3, str(count), anchor="middle", size=9))
    base = pad_top + plot_h
    parts.append(f'<line x1="{pad_left}" y1="{base}" x2="{pad_left + plot_w}" y2="{base}" '
                 f'stroke="{MUTED}"/>')
    for tick in (0.0, 0.5, 1.0):
        parts.append(_text(pad_left + tick * plot_w, base + 14,
                           f"{low + tick * (high - low):{edge}}", anchor="middle", size=10))
    parts.append(_text(4, pad_top + 8, str(top), size=9))
    parts.append("</svg>")
    return Markup("".join(parts))


def _edge_format(span: float, bins: int) -> str:
    """A format showing bin edges to the bin width's first digit (".1f" for tenths of 1)."""
    return f".{max(0, -math.floor(math.log10(span / bins)))}f"


def hbars(items: Sequence[tuple[str, float, str]], *, title: str, maximum: float | None = None,
          width: int = 520, row: int = 22, label_width: int = 190) -> Markup:
    """Horizontal bars: (label, value, shown value text) per row."""
    top = maximum if maximum is not None else max((v for _, v, _ in items), default=0) or 1
    height = row * len(items) + 8
    bar_room = width - label_width - 60
    parts = [_open(width, height, title)]
    for i, (label, value, shown) in enumerate(items):
        y = 4 + i * row
        bar_w = max(0.0, bar_room * value / top) if top else 0.0
        parts.append(_text(label_width - 6, y + row * 0.65, _clip(label, 30), anchor="end",
                           size=11))
        parts.append(f'<rect x="{label_width}" y="{y + 3}" width="{bar_w:.1f}" '
                     f'height="{row - 7}" fill="{BAR}"><title>{escape(label)}: '
                     f'{escape(shown)}</title></rect>')
        parts.append(_text(label_width + bar_w + 4, y + row * 0.65, shown, size=10))
    parts.append("</svg>")
    return Markup("".join(parts))


def diverging(items: Sequence[tuple[str, float]], *, title: str, width: int = 520,
              row: int = 22, label_width: int = 120) -> Markup:
    """Signed differences around a zero line (improvements right, regressions left)."""
    top = max((abs(v) for _, v in items), default=0) or 1
    height = row * len(items) + 8
    half = (width - label_width - 10) / 2
    zero = label_width + half
    parts = [_open(width, height, title),
             f'<line x1="{zero}" y1="0" x2="{zero}" y2="{height}" stroke="{MUTED}"/>']
    for i, (label, value) in enumerate(items):
        y = 4 + i * row
        bar_w = (half - 40) * abs(value) / top
        x = zero if value >= 0 else zero - bar_w
        color = BAR if value >= 0 else ALT
        parts.append(_text(label_width - 6, y + row * 0.65, _clip(label, 16), anchor="end",
                           size=11))
        parts.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{bar_w:.1f}" height="{row - 7}" '
                     f'fill="{color}"/>')
        text_x = zero + bar_w + 4 if value >= 0 else zero - bar_w - 4
        parts.append(_text(text_x, y + row * 0.65, f"{value:+.3f}",
                           anchor="start" if value >= 0 else "end", size=10))
    parts.append("</svg>")
    return Markup("".join(parts))


def _open(width: int, height: int, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
            f"<title>{escape(title)}</title>")


def _text(x: float, y: float, text: str, *, anchor: str = "start", size: int = 10) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-family="sans-serif" fill="#333">{escape(text)}</text>')


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
