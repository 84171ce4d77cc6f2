"""`ragvet topicality --on ON.jsonl --off OFF.jsonl`: does the repository cover the topic?

Each file holds results lines (already scored), records (query, sources, response: scored
here with the judge) or bare queries (answered first by `--rag module:function` or
`--endpoint URL`, then scored).
"""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ..data.records import Record
from ..errors import ConfigError, DataError, Problem, RagvetError
from ..results import RecordResult
from ..stats.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, SmallSampleWarning
from . import console as ui
from .compare import ci_text
from .paths import refuse_overwriting_inputs
from .runs import fail

if TYPE_CHECKING:
    from ..systems import System

DEFAULT_METRICS = ("vera_retrieval_precision,vera_retrieval_recall,vera_faithfulness,"
                   "vera_answer_relevance")
QUERY_KEYS = ("query", "question", "user_input")


def read_lines(path: Path) -> list[dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines if line.strip()]
    except FileNotFoundError as err:
        raise ConfigError(f"no file at {path}; give a results, records or queries "
                          f".jsonl file") from err
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ConfigError(f"cannot read {path}: {err}") from err


def query_set(path: Path, *, judge: str, metrics: str, rag: str | None, endpoint: str | None,
              keep: Path | None) -> list[RecordResult]:
    """ON/OFF file → scored results (scoring or answering first where needed)."""
    import ragvet

    from ..judges.factory import make_judge

    rows = read_lines(path)
    if rows and all("scores" in r for r in rows):
        return [RecordResult.from_dict(r) for r in rows]
    if rows and all(("response" in r or "answer" in r) for r in rows):
        records = list(ragvet.load_records(path))
    else:
        queries = [next((r[k] for k in QUERY_KEYS if k in r), None) for r in rows]
        if any(not isinstance(q, str) for q in queries):
            raise ConfigError(f"{path}: every line needs a query ({', '.join(QUERY_KEYS)})")
        records = answer_queries(path, queries, _system(path, rag, endpoint))
    run = ragvet.evaluate(records, metrics, make_judge(judge))
    if keep is not None:
        run.write_jsonl(keep)
    return run.results


def _system(path: Path, rag: str | None, endpoint: str | None) -> System:
    """`--endpoint` or `--rag`; a reply must name its passages, which the metrics score."""
    from ..systems import ReplyFields, from_http, load_system

    fields = ReplyFields(sources_required=True)
    if endpoint:
        return from_http(endpoint, fields=fields)
    if rag:
        return load_system(rag, fields)
    raise ConfigError(f"{path} holds bare queries: give --rag module:function "
                      "or --endpoint URL to answer them")


def answer_queries(path: Path, queries: list[str], system: System) -> list[Record]:
    """Bare queries → records answered by the system under test. Failed queries are left
    out and reported; a set where every query failed is an error."""
    from ..systems import answer_all, to_records

    records, failures = to_records(asyncio.run(answer_all(queries, system, concurrency=4)))
    problems = [Problem(str(path), f"line {i + 1}", "query", f"the RAG system failed: "
                        f"{answer.error}") for i, answer in failures]
    if not records:
        raise DataError(problems[:5], total=len(problems))
    if problems:
        ui.errors.print(f"[yellow]{ui.shown(path)}: {len(problems)} of {len(queries)} queries "
                        "failed and are left out[/yellow]", highlight=False)
        for problem in problems[:3]:
            ui.errors.print(f"  - {ui.shown(problem)}", highlight=False)
    return records


def topicality(
    on: Annotated[Path, typer.Option(help="On-topic set: results, records or queries (.jsonl)")],
    off: Annotated[Path, typer.Option(help="Off-topic set: results, records or queries")],
    rag: Annotated[str | None, typer.Option(
        help="RAG callable answering bare queries: module:function or file.py:function")] = None,
    endpoint: Annotated[str | None, typer.Option(
        help="RAG HTTP endpoint answering bare queries (POST {\"query\": ...})")] = None,
    judge: Annotated[str, typer.Option(help="Judge for scoring records")] = "local",
    metrics: Annotated[str, typer.Option(help="Metrics to compare")] = DEFAULT_METRICS,
    primary: Annotated[str, typer.Option(
        help="Metric(s) whose difference decides the verdict")] = "vera_retrieval_precision",
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples B")] = DEFAULT_RESAMPLES,
    level: Annotated[float, typer.Option(help="Confidence level")] = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option(help="Random seed")] = 0,
    out_dir: Annotated[Path | None, typer.Option(
        help="Write the scored on/off results and topicality.json here")] = None,
) -> None:
    """Bootstrap each metric for on- and off-topic queries and judge the topic's coverage."""
    import numpy as np

    from ..stats.topicality import topicality as analyse

    if out_dir is not None:
        for kept in ("on.results.jsonl", "off.results.jsonl", "topicality.json"):
            refuse_overwriting_inputs(out_dir / kept, on, off, option="--out-dir")
        out_dir.mkdir(parents=True, exist_ok=True)
    chosen = [m.strip() for m in metrics.split(",") if m.strip()]
    primaries = [p.strip() for p in primary.split(",") if p.strip()]
    try:
        sets = [query_set(path, judge=judge, metrics=",".join(dict.fromkeys(chosen + primaries)),
                          rag=rag, endpoint=endpoint,
                          keep=out_dir / f"{name}.results.jsonl" if out_dir else None)
                for name, path in (("on", on), ("off", off))]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SmallSampleWarning)
            result = analyse(*sets, rng=np.random.default_rng(seed), metrics=chosen,
                             primary=primaries, n_resamples=resamples, level=level)
    except (RagvetError, ValueError) as err:
        fail(err)
    ui.console.print(_table(result, level))
    if min(result.n_on, result.n_off) < 30:
        ui.console.print("[yellow]fewer than 30 queries in a set: intervals are "
                         "unreliable[/yellow]")
    colour = {"covered": "green", "not covered": "red"}.get(result.verdict, "yellow")
    ui.console.print(f"[bold {colour}]{ui.shown(result.verdict)}[/bold {colour}]: "
                     f"{ui.shown(result.explanation)}",
                     highlight=False)
    if out_dir is not None:
        (out_dir / "topicality.json").write_text(json.dumps(result.to_dict(), indent=2),
                                                 encoding="utf-8")


def _table(result, level: float) -> Table:
    table = Table(title=f"Topicality: {result.n_on} on-topic vs {result.n_off} off-topic queries")
    for column in ("metric", "on-topic mean", f"{level:.0%} CI", "off-topic mean",
                   f"{level:.0%} CI ", "on − off", f"{level:.0%} CI  ", "verdict"):
        table.add_column(column, justify="left" if column in ("metric", "verdict") else "right")
    for m in result.metrics:
        table.add_row(ui.plain(m.metric), ui.fmt(m.on.estimate if m.on else None), ci_text(m.on),
                      ui.fmt(m.off.estimate if m.off else None), ci_text(m.off),
                      f"{m.difference.estimate:+.3f}" if m.difference else "–",
                      ci_text(m.difference, signed=True), m.verdict,
                      style="bold" if m.metric in result.primary else "")
    return table


def register(app: typer.Typer) -> None:
    app.command()(topicality)
