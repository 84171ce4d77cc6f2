"""`ragvet grammar analyze`: groups, R, Acc, defective modules, clusters, reliability."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..errors import ConfigError, RagvetError
from . import console as ui
from .paths import read_answers, read_queries, refuse_overwriting_inputs


def analyze(
    queries: Annotated[Path, typer.Argument(help="queries.jsonl from 'grammar generate'")],
    answers: Annotated[Path, typer.Argument(help="answers.jsonl from 'grammar run'")],
    by: Annotated[str, typer.Option(help="Template attribute defining clusters")] = "length",
    judge: Annotated[str, typer.Option(
        help="'match' (offline value matching) or module:attr giving an LLM completer")
    ] = "match",
    mode: Annotated[str, typer.Option(help="Context comparison: 'same' or 'contains'")] = "same",
    seed: Annotated[int, typer.Option(help="Seed for stratified sampling")] = 0,
    metric_results: Annotated[Path | None, typer.Option(
        help="ragvet results JSONL (ids = query ids) to test a metric's reliability")] = None,
    metric: Annotated[list[str] | None, typer.Option(help="Metric id (repeatable)")] = None,
    threshold: Annotated[float, typer.Option(help="Score at which a metric says correct")] = 0.5,
    out: Annotated[Path | None, typer.Option(help="Write the full analysis as JSON")] = None,
) -> None:
    """Grade answers against the database's truth and report gap vs robustness."""
    from ..grammar.analyze import grade
    from ..grammar.correctness import LLMCorrectness, ValueMatcher
    from ..grammar.llm import load_completer
    from ..grammar.report import analyze as run_analysis
    from ..grammar.report import metric_reliability
    from ..results import read_results_jsonl

    if mode not in ("same", "contains"):
        raise ConfigError("--mode must be 'same' or 'contains'")
    refuse_overwriting_inputs(out, queries, answers, metric_results)
    try:
        cases = read_queries(queries)
        outcomes = read_answers(answers)
        grader = ValueMatcher() if judge == "match" else LLMCorrectness(load_completer(judge))
        graded = asyncio.run(grade(cases, outcomes, grader))
        results = read_results_jsonl(metric_results) if metric_results else []
    except (RagvetError, OSError, ImportError, AttributeError) as err:
        from .runs import fail

        fail(err)
    scored = list(dict.fromkeys(m for r in results for m in r.scores))
    unknown = [m for m in (metric or []) if m not in scored]
    if unknown:
        raise ConfigError(f"--metric {', '.join(unknown)} is not in "
                          f"{metric_results or 'the results (give --metric-results)'}; "
                          f"choose from {', '.join(scored) or '(no metrics scored)'}")
    reliability = [metric_reliability(graded, results, m, threshold=threshold)
                   for m in (metric or [])]
    result = run_analysis(graded, attribute=by, seed=seed, mode=mode,  # type: ignore[arg-type]
                          reliability=reliability)
    _print_analysis(result)
    if out is not None:
        out.write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False),
                       encoding="utf-8")
        ui.console.print(f"Analysis written to {out}")


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _figures_table(title: str, figs: Any) -> Table:
    table = Table(title=title)
    for col in ("name", "n", "ok", "in gap", "λ", "R", "Acc", "R ret", "LM", "ret?",
                "groups"):
        table.add_column(col, justify="left" if col == "name" else "right",
                         no_wrap=col == "name")
    for f in figs:
        g = f.groups
        table.add_row(ui.plain(f.name), str(f.graded), str(f.correct), str(f.in_gap),
                      _fmt(f.gap_share), _fmt(f.r), _fmt(f.acc), _fmt(f.r_retrieval),
                      str(f.lm_failures), str(f.retrieval_suspects),
                      f"{g.get('gap', 0)}/{g.get('robust', 0)}/{g.get('non_robust', 0)}")
    return table


def _print_analysis(result: Any) -> None:
    from ..grammar.report import ranking

    ui.console.print(_figures_table("Overall", [result.overall]))
    ui.console.print(_figures_table("Per SQL template", result.by_template))
    ui.console.print(_figures_table(f"Clusters by {ui.shown(result.attribute)} (as sampled)",
                                    result.clusters))
    ui.console.print(_figures_table(f"Clusters by {ui.shown(result.attribute)} (stratified: "
                                    "equal λ)",
                                    result.stratified))
    by_r, by_acc = (" > ".join(ranking(result.stratified, key)) for key in ("r", "acc"))
    ui.console.print(f"Most to least robust by R: {ui.shown(by_r)}; by Acc: {ui.shown(by_acc)}",
                     highlight=False)
    o = result.overall
    ui.console.print(
        f"Groups: {o.groups['gap']} gap (every phrasing wrong: missing knowledge), "
        f"{o.groups['robust']} robust, {o.groups['non_robust']} non-robust. Wrong answers in "
        f"non-robust groups: {o.lm_failures} LM failures (same documents as a correct "
        f"phrasing), {o.retrieval_suspects} retrieval suspects.", highlight=False)
    ui.console.print("[dim]n answers, ok correct, λ gap share, R ret = R without LM failures, "
                     "LM / ret? = LM failures / retrieval suspects, groups = gap/robust/"
                     "non-robust[/dim]")
    if result.ungraded:
        _print_not_graded(result)
    for r in result.reliability:
        ui.console.print(f"Reliability of {ui.shown(r.metric)} ≥ {r.threshold} at calling answers "
                         f"correct: precision {_fmt(r.precision)}, recall {_fmt(r.recall)} "
                         f"(tp {r.tp}, fp {r.fp}, fn {r.fn}, tn {r.tn}, unscored {r.unscored})",
                         highlight=False)


def _print_not_graded(result: Any, shown: int = 3) -> None:
    """How many answers were left out of the figures, by cause, and the first reasons."""
    causes = ", ".join(f"{n} {cause}" for cause, n in result.not_graded_by_cause().items())
    ui.console.print(f"[yellow]{result.ungraded} answer(s) not graded, left out of every "
                     f"figure: {ui.shown(causes)}[/yellow]", highlight=False)
    for qid, reason in result.not_graded[:shown]:
        ui.console.print(f"  {ui.shown(qid)}: {ui.shown(reason)}", highlight=False)
    if result.ungraded > shown:
        ui.console.print(f"  … and {result.ungraded - shown} more (all listed under "
                         f"'not_graded' in the --out JSON)", highlight=False)
