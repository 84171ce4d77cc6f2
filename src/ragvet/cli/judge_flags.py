"""Judge and engine flags of `ragvet evaluate` → judge options; usage and estimate tables.

Kept apart from evaluate.py so that command stays a thin sequence of steps.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

from ..engine.checkpoint import Checkpoint, checkpoint_path, run_identity
from ..engine.estimate import estimate_async
from ..errors import ConfigError


def judge_options(base: Mapping[str, Any], *, model: str, base_url: str | None,
                  api_key_env: str | None, cache: str | None, no_cache: bool,
                  max_batch: int | None, rpm: int | None, tpm: int | None,
                  price: str | None, structured: str | None,
                  verdicts: str | None = None) -> dict[str, Any]:
    """The config file's [judge] table with the flags on top (flags win)."""
    options = dict(base)
    flags = {"base_url": base_url, "api_key_env": api_key_env, "cache": cache,
             "max_batch": max_batch, "rpm": rpm, "tpm": tpm, "structured": structured,
             "verdicts": verdicts}
    options.update({k: v for k, v in flags.items() if v is not None})
    if no_cache:
        options["cache"] = None
    if price is not None:
        low, _, high = price.partition(":")
        try:
            prices = dict(options.get("prices", {}))
            prices[model] = {"input": float(low), "output": float(high or 0)}
        except ValueError as err:
            raise ConfigError(f"--price {price!r} must look like INPUT:OUTPUT in USD per "
                              "million tokens, e.g. 0.15:0.60") from err
        options["prices"] = prices
    return options


def _cost(value: float | None, unpriced=()) -> str:
    text = "n/a (set --price)" if value is None else f"${value:.4f}"
    if value is not None and unpriced:
        text += f" + unpriced {', '.join(unpriced)}"
    return text


def usage_table(usage: Mapping[str, Any], records: int) -> Table:
    table = Table(title="Judge usage")
    for column in ("", "total", "per record"):
        table.add_column(column, justify="left" if not column else "right")
    for key in ("calls", "embed_calls", "prompt_tokens", "completion_tokens", "embed_tokens",
                "cache_hits", "retries", "reasks", "splits", "errors"):
        value = int(usage.get(key, 0))
        per = f"{value / records:.1f}" if records else "–"
        table.add_row(key.replace("_", " "), f"{value:,}", per)
    table.add_row("cost", _cost(usage.get("cost"), usage.get("unpriced", ())), "")
    return table


def checkpoint_for(out: Path, metrics: Sequence[Any], judge: Any, *, resume: bool,
                   thresholds: Any = None, caps: Any = None) -> Checkpoint:
    """The run's checkpoint next to OUT, keyed by the metrics, judge, thresholds and caps."""
    described = dict(judge.describe())
    options = {"caps": dataclasses.asdict(caps)} if caps is not None else None
    identity = run_identity(metrics, described, thresholds, options)
    return Checkpoint(checkpoint_path(out), identity, described, resume=resume)


def estimate_table(records: Sequence[Any], metrics: Sequence[Any], judge: Any,
                   concurrency: int) -> Table:
    est = asyncio.run(estimate_async(records, metrics, judge, max_concurrency=concurrency))
    table = Table(title=f"Estimate for {est.records} records (nothing was sent)")
    for column in ("", "total", "per record"):
        table.add_column(column, justify="left" if not column else "right")
    for label, value in (("judge calls", est.calls), ("embedding calls", est.embed_calls),
                         ("prompt tokens", est.prompt_tokens),
                         ("completion tokens", est.completion_tokens),
                         ("embedding tokens", est.embed_tokens),
                         ("cached items (free)", est.cache_hits)):
        table.add_row(label, f"{value:,}", f"{est.per_record(value):.1f}")
    table.add_row("cost", _cost(est.cost, est.unpriced), "")
    table.add_row("cost with --batch-api", _cost(est.batch_cost, est.unpriced), "")
    return table
