"""`ragvet ranking RESULTS --label FIELD --score METRIC[,METRIC…]`: MAP, nDCG and MRR."""

from __future__ import annotations

import json
import warnings
from typing import Annotated

import typer
from rich.table import Table

from ..errors import ConfigError
from ..stats.bootstrap import DEFAULT_LEVEL, DEFAULT_RESAMPLES, SmallSampleWarning, check_options
from ..stats.ranking import MEASURES, RankingDifference, RankingQuality
from . import console as ui
from .compare import ci_text
from .runs import RunArgument, StoreOption, load_results

NAMES = {"map": "MAP", "ndcg": "nDCG", "mrr": "MRR"}


def ranking(
    run: RunArgument,
    label: Annotated[str, typer.Option(
        help="Metadata field with each record's label: a grade (0, 1, 2, …) or yes/no")],
    score: Annotated[str, typer.Option(
        help="Metric id(s) or numeric metadata field(s) to rank by, comma separated; with "
             "several, each later one is compared with the first")],
    query_field: Annotated[str | None, typer.Option(
        help="Metadata field grouping records into queries (default: the query text)")] = None,
    relevant: Annotated[float, typer.Option(
        help="Lowest label that counts as relevant for MAP and MRR")] = 1.0,
    k: Annotated[int | None, typer.Option(help="nDCG@k (default: the whole ranking)")] = None,
    ties: Annotated[str, typer.Option(
        help="Order of records with equal scores: 'pessimistic' (relevant ones last, the "
             "default) or 'optimistic'")] = "pessimistic",
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples B")] = DEFAULT_RESAMPLES,
    level: Annotated[float, typer.Option(help="Confidence level of the CI")] = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same intervals)")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables")] = False,
    store: StoreOption = None,
) -> None:
    """How well a score ranks each query's records against graded or binary labels."""
    import numpy as np

    from ..stats.ranking import ranking_difference, ranking_quality

    check_options(resamples, level)
    if ties not in ("pessimistic", "optimistic"):
        raise ConfigError("--ties must be 'pessimistic' or 'optimistic'")
    if k is not None and k < 1:
        raise ConfigError("--k must be at least 1")
    scores = [s.strip() for s in score.split(",") if s.strip()]
    if not scores:
        raise ConfigError("--score names no metric")
    results = load_results(run, store)
    options = {"rng": np.random.default_rng(seed), "n_resamples": resamples, "level": level}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SmallSampleWarning)  # a note follows the table
        found = [ranking_quality(results, label=label, score=s, query_field=query_field,
                                 relevant=relevant, k=k, ties=ties,  # type: ignore[arg-type]
                                 **options) for s in scores]
        differences = [ranking_difference(found[0], other, m, **options)
                       for other in found[1:] for m in MEASURES]
    if as_json:
        print(json.dumps({"label": label, "ties": ties, "k": k, "relevant": relevant,
                          "scores": [q.to_dict() for q in found],
                          "differences": [d.to_dict() for d in differences]}, indent=2))
        return
    ui.console.print(quality_table(found, level, k))
    if differences:
        ui.console.print(difference_table(differences, level))
    small = min((ci.n for q in found for ci in q.intervals.values() if ci), default=0)
    if small and small < 30:
        ui.console.print(f"[yellow]{small} queries with a relevant record: fewer than 30, so the "
                         f"intervals are unreliable[/yellow]")


def quality_table(found: list[RankingQuality], level: float, k: int | None) -> Table:
    first = found[0]
    table = Table(title=ui.plain(
        f"Ranking quality against {first.label!r}: {len(first.queries)} queries, "
        f"{sum(q.n for q in first.queries)} records"))
    ndcg = "nDCG" if k is None else f"nDCG@{k}"
    for column in ("score", "MAP", f"{level:.0%} CI", ndcg, f"{level:.0%} CI", "MRR",
                   f"{level:.0%} CI", "queries", "tied", "unscored"):
        table.add_column(column, justify="left" if column == "score" else "right",
                         no_wrap=column.endswith("CI") or column == "score")
    for q in found:
        cells = []
        for measure in MEASURES:
            cells += [ui.fmt(q.mean(measure)), ci_text(q.intervals[measure])]
        table.add_row(ui.plain(q.score), *cells,
                      str(sum(v is not None for v in q.values("map"))), str(q.tied_queries),
                      str(q.unscored))
    table.caption = ("queries: with a relevant record; tied: queries where equal scores "
                     "fall on different labels; unscored: records ranked last")
    return table


def difference_table(differences: list[RankingDifference], level: float) -> Table:
    first = differences[0].first
    table = Table(title=ui.plain(f"{first} minus each other score, per query (paired "
                                 f"bootstrap; better: {first} ranks better)"))
    for column in ("score", "measure", "difference", f"{level:.0%} CI", "queries", "verdict"):
        table.add_column(column, justify="left" if column in ("score", "measure") else "right")
    for d in differences:
        ci = d.interval
        verdict = ("–" if ci is None else "better" if ci.low > 0 else
                   "worse" if ci.high < 0 else "no evidence")
        table.add_row(ui.plain(d.second), NAMES[d.measure],
                      "–" if ci is None else f"{ci.estimate:+.3f}", ci_text(ci, signed=True),
                      str(d.n_queries), verdict)
    return table


def register(app: typer.Typer) -> None:
    app.command()(ranking)
