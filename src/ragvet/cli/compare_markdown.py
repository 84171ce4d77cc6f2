"""`ragvet compare --format markdown`: the comparison as a GitHub-flavoured Markdown table,
ready to post as a pull-request comment. Every text that comes from a run is escaped."""

from __future__ import annotations

from collections.abc import Sequence

VERDICT_MARK = {"regressed": "🔴 regressed", "improved": "🟢 improved",
                "no evidence": "no evidence", "not comparable": "not comparable"}


def cell(value: object) -> str:
    """Text for a table cell: one line, pipes and HTML neutralised."""
    text = " ".join(str(value).split())
    return (text.replace("\\", "\\\\").replace("|", "\\|").replace("&", "&amp;")
            .replace("<", "&lt;").replace(">", "&gt;"))


def code(value: object) -> str:
    """Text as an inline code span (run ids, file names)."""
    return "`" + " ".join(str(value).split()).replace("`", "'") + "`"


def comparison_markdown(result, *, run_a: str, run_b: str, level: float,
                        notes: Sequence[str] = ()) -> str:
    """The heading, one row per metric, the notes and the regressed metrics."""
    lines = [f"### ragvet: {code(run_b)} vs {code(run_a)}", "",
             f"{result.paired} record pairs by {result.by} ({result.only_a} only in A, "
             f"{result.only_b} only in B)", "",
             f"| metric | A mean | B mean | B − A | {level:.0%} CI | pairs | verdict |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for m in result.metrics:
        d = m.difference
        lines.append("| " + " | ".join([
            cell(m.metric), _fmt(m.mean_a), _fmt(m.mean_b),
            f"{d.estimate:+.3f}" if d else "–",
            f"[{d.low:+.3f}, {d.high:+.3f}]" if d else "–",
            str(m.n_pairs), VERDICT_MARK.get(m.verdict, cell(m.verdict))]) + " |")
    by_reason: dict[str, list[str]] = {}
    for m in result.metrics:
        if m.reason:
            by_reason.setdefault(m.reason, []).append(m.metric)
    extra = [*notes, *(f"{', '.join(metrics)}: {reason}" for reason, metrics in by_reason.items())]
    if extra:
        lines.append("")
        lines.extend(f"- {cell(note)}" for note in extra)
    lines.append("")
    if result.regressed:
        lines.append(f"**Regressed:** {cell(', '.join(result.regressed))}")
    else:
        lines.append("No metric regressed.")
    return "\n".join(lines)


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
