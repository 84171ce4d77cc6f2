"""`ragvet evaluate DATA --engine ray [--address …] [--num-workers N]`: the judging step on a
cluster. `evaluate.py` hands over after building the judge and takes the `Run` back for the
results file, the summary and the gates, exactly as after a local run. The engine hands
results back as they finished; the results file is written in DATA's order
(`write_in_input_order`, which reads DATA's ids lazily), as a local run writes it.

Progress is kept in per-part Parquet files under OUT.parts/run_id=RUN/, where RUN is the
fingerprint of the run's metrics, judge, thresholds and caps: `--resume` keeps the records
held there (unchanged inputs only), a run without it starts that directory afresh.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer

from ..data.load import Records
from ..engine.backends import JudgeSpec
from ..engine.checkpoint import run_identity
from ..errors import JudgeUnavailable
from ..judges.llm.cache import DEFAULT_CACHE
from ..results import write_results_jsonl
from . import console as ui
from .runs import chain, run_writer


def input_ids(data: Path) -> Iterator[str]:
    """The record ids of DATA (Parquet file or directory, or JSONL) in input order, read
    lazily: the Parquet `id` column by record batches, JSONL line by line."""
    if data.suffix.lower() in (".parquet", ".pq") or data.is_dir():
        import pyarrow.dataset as ds

        for batch in ds.dataset(str(data), format="parquet").to_batches(columns=["id"]):
            for value in batch.column(0).to_pylist():
                if value not in (None, ""):
                    yield str(value)
        return
    with data.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # an invalid row: reported by the run, not judged
            if isinstance(row, dict) and row.get("id") not in (None, ""):
                yield str(row["id"])


def in_input_order(results: Iterable[Any], data: Path) -> Iterator[Any]:
    """`results` (in the order they finished) in the order of DATA's records, each once;
    results whose id DATA does not hold come last. Each result is let go once handed out."""
    by_id = {r.id: r for r in results}
    for rid in input_ids(data):
        result = by_id.pop(rid, None)
        if result is not None:
            yield result
    yield from by_id.values()


def write_in_input_order(run: Any, data: Path, out: Path) -> None:
    """The results file of a run that finished out of order, in DATA's order."""
    write_results_jsonl(in_input_order(run.results, data), out, judge=run.judge)


def parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def worker_options(spec: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Judge options as workers need them: an LLM judge's call cache at an absolute path (a
    worker's working directory is not the driver's)."""
    shipped = dict(options)
    if spec.partition(":")[0] not in ("openai", "litellm"):
        return shipped
    if "cache" not in shipped:
        shipped["cache"] = str(DEFAULT_CACHE.resolve())
    elif shipped["cache"] not in (None, False, "", "none"):
        shipped["cache"] = str(Path(str(shipped["cache"])).resolve())
    return shipped


def run_on_engine(name: str, data: Path, out: Path, cfg: Any, chosen: Sequence[Any],
                  judge: Any, options: Mapping[str, Any], *, address: str | None,
                  num_workers: int | None, caps: Any, resume: bool, store: str | None,
                  skip_invalid: bool) -> tuple[Any, Records]:
    """Judge DATA's records on the engine; returns the Run and the records seen (for the
    summary). Invalid rows are listed as they are found; without --skip-invalid the command
    exits 2 after writing the results of the valid ones."""
    from ..scale.engines import make_engine

    described = dict(judge.describe())
    identity = run_identity(chosen, described, cfg.thresholds,
                            {"caps": dataclasses.asdict(caps)} if caps is not None else None)
    run_id = f"run-{identity.fingerprint}"
    results = parts_dir(out)
    if not resume:
        shutil.rmtree(results / f"run_id={run_id}", ignore_errors=True)
    engine = make_engine(name, address=address, num_workers=num_workers, results=results,
                         run_id=run_id, resume=resume, rpm=options.get("rpm"),
                         tpm=options.get("tpm"))
    spec = JudgeSpec(cfg.judge, worker_options(cfg.judge, options))
    problems: list[str] = []

    def problem(text: str) -> None:
        problems.append(text)
        ui.error(text, label="skipped", style="yellow")

    with ui.record_progress(None) as advance, \
            run_writer(store, [], chosen, judge, cfg, data) as save:

        def stored(result: Any, record: Any) -> None:  # with its input, as a local run
            if save is not None:
                save.store.add_record(save.run_id, result, record)
                save.written += 1

        try:
            run = engine.evaluate(str(data), list(chosen), spec,
                                  max_concurrency=cfg.concurrency, thresholds=cfg.thresholds,
                                  caps=caps, on_result=chain(advance), on_problem=problem,
                                  on_record=stored)
        except JudgeUnavailable as err:
            ui.error(err, label="stopped")
            ui.errors.print(f"Records finished before the stop are kept in {results}: fix "
                            "the cause and run again with --resume.", highlight=False,
                            soft_wrap=True)
            raise typer.Exit(1) from err
    if run.resumed:
        ui.errors.print(f"resuming: {run.resumed} record(s) already done", highlight=False)
    if problems and not skip_invalid:
        write_in_input_order(run, data, out)
        ui.error(f"{len(problems)} invalid record(s) were skipped; results of the others are "
                 f"in {out} (pass --skip-invalid to accept that)")
        raise typer.Exit(2)
    return run, Records(run.results, [])  # the results file: write_in_input_order
