"""Report sections: functions taking a RunView and returning a titled block of HTML.

The report and the dashboard's run page render `SECTIONS` in order. More sections plug in
with `register_section`, or from an installed package through the `ragvet.report_sections`
entry-point group (placed before the records); a section returning None is skipped.
A section body that is not `Markup` is treated as text and escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from .._util.registry import Registry
from . import svg
from .templating import render_partial
from .view import RunView


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    body: Markup

    def __post_init__(self) -> None:
        if not isinstance(self.body, Markup):
            object.__setattr__(self, "body", escape(self.body))


SectionFn = Callable[[RunView], Section | None]


def overview_section(view: RunView) -> Section:
    return Section("overview", "Overview", render_partial("sections/overview.html", view=view))


def distributions_section(view: RunView) -> Section:
    charts = []
    weak = (view.info.judge or {}).get("weak_metrics") or {}
    for m in view.summary:
        note = f"{m.count} scored, {m.not_applicable} not applicable, {m.failed} failed"
        if m.metric in weak:
            note += f"; poor measured validity with this judge: {weak[m.metric]}"
        if m.probabilistic and m.decided_mean is not None:
            note += (f"; scores weigh verdicts by the judge's probabilities; recomputed "
                     f"from the yes/no decisions they average {_fmt(m.decided_mean)}")
        charts.append({"title": f"{m.metric} (mean {_fmt(m.mean)})",
                       "svg": svg.histogram(view.values(m.metric), label=m.metric,
                                           bounds=view.bounds(m.metric)),
                       "note": note})
    return Section("distributions", "Score distributions",
                   render_partial("sections/charts.html", charts=charts))


def diagnosis_section(view: RunView) -> Section:
    """Only the patterns whose metrics scored some record; the others are named as not
    checked (a zero for them would read as "no problem")."""
    from ..metrics.diagnosis import checkable_patterns

    shown, unchecked = checkable_patterns(view.diagnosis,
                                          [m.metric for m in view.summary if m.count])
    items = [(d.pattern.id, float(d.count), f"{d.count} ({d.share:.0%})") for d in shown]
    chart = svg.hbars(items, title="Records per diagnosis pattern") if shown else ""
    not_checked = [f"{p.id} (needs {', '.join(dims)})" for p, dims in unchecked]
    return Section("diagnosis", "Diagnosis patterns",
                   render_partial("sections/diagnosis.html", view=view, chart=chart,
                                  shown=shown, not_checked=not_checked))


def breakdowns_section(view: RunView) -> Section | None:
    if not view.breakdowns:
        return None
    charts = {}
    for b in view.breakdowns:
        items = [(f"{g.value} · {m}", g.means[m] or 0.0, _fmt(g.means[m]))
                 for m in view.metric_ids for g in b.groups]
        charts[b.key] = svg.hbars(items, title=f"Mean score by {b.key}", maximum=1.0)
    return Section("breakdowns", "Breakdowns by metadata",
                   render_partial("sections/breakdowns.html", view=view, charts=charts))


def judge_calls_section(view: RunView) -> Section | None:
    if not view.judge_calls:
        return None
    return Section("judge-calls", "Judge calls",
                   render_partial("sections/judge_calls.html", view=view))


def intervals_section(view: RunView) -> Section | None:
    """Bootstrap confidence interval of each metric's dataset mean (VERA)."""
    from ..stats.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES
    from ..stats.compare import report_view

    results = [r.result for r in view.records]
    if len(results) < 2:
        return None
    rows = report_view(results)
    return Section("intervals", "Confidence intervals (bootstrap)",
                   render_partial("sections/intervals.html", rows=rows, level=DEFAULT_LEVEL,
                                  resamples=DEFAULT_RESAMPLES))


def statistics_section(view: RunView) -> Section | None:
    """Scores split by each yes/no metadata field (Welch tests) and concordance with it."""
    from ..stats.groups import report_sections

    stats = report_sections([r.result for r in view.records])
    if not stats["groups"] and not stats["concordance"]:
        return None

    def cell(group: dict, name: str, metric: str) -> dict | None:
        return next((s for s in group["stats"] if s["group"] == name and s["metric"] == metric),
                    None)

    return Section("statistics", "Statistics by label",
                   render_partial("sections/statistics.html", stats=stats,
                                  metrics=view.metric_ids, cell=cell))


def records_section(view: RunView) -> Section:
    return Section("records", "Records", render_partial("sections/records.html", view=view))


def _as_section(name: str, target: Any) -> SectionFn:
    if not callable(target):
        raise TypeError(f"report section {name!r} must be a function RunView -> Section | None, "
                        f"not {type(target).__name__}")
    return target


SECTIONS: Registry[SectionFn] = Registry(
    "report section", group="ragvet.report_sections", adapt=_as_section,
    plugins_before="records", targets={
        "overview": overview_section, "distributions": distributions_section,
        "diagnosis": diagnosis_section, "intervals": intervals_section,
        "breakdowns": breakdowns_section, "statistics": statistics_section,
        "judge-calls": judge_calls_section, "records": records_section,
    })


def register_section(section: SectionFn, *, name: str | None = None,
                     before: str | None = "records") -> None:
    """Add a section to every report, before the section named `before` (default: records).

    `name` (default: the function's own name) is how other sections can be placed near it."""
    SECTIONS.register(name or section.__name__, section, before=before)


def render_sections(view: RunView, sections: Sequence[SectionFn] | None = None) -> list[Section]:
    out = []
    for make in sections if sections is not None else [fn for _, fn in SECTIONS.items()]:
        section = make(view)
        if section is not None:
            out.append(section)
    return out


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
