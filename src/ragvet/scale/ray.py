"""The Ray backend: `ragvet evaluate DATA --engine ray`, `evaluate(..., engine=RayEngine())`.

    read (Parquet or JSONL, local paths or fsspec URLs)
      → repartition(target_num_rows_per_block=rows_per_batch)     blocks cut by rows
      → map_batches(RayScorer, actor pool of num_workers)         one judge per actor
      → iter_batches on the driver → sink (Parquet parts / store)  idempotent by record id

Each actor builds its judge once (the local judge loads its model once per actor; an LLM
judge keeps its client, concurrency and retries per actor) and scores batches with the
in-process engine's `evaluate_record`, so results equal the local engine's. LLM calls of all
actors share one requests/tokens-per-minute budget (`ratelimit.TokenBucket`).

Guards for what goes wrong on small clusters (docs/scale-out.md):
- blocks are cut by rows: Ray sizes them by bytes, and evaluation rows are tiny in bytes but
  seconds long, so without it one actor gets everything;
- the actor pool never holds every CPU (read tasks would never run: a silent hang), and the
  read stages ask for a fraction of a CPU, so a fragmented cluster still schedules them;
- a stall watchdog stops a run in which no batch finished for `stall_timeout` seconds and
  says what the cluster holds;
- a private local cluster binds loopback only; a cluster whose nodes listen on another
  address gets a warning (firewall it, use token auth).

`build_scorer(...)` gives the same scoring as a `map_batches` stage for an existing Ray
Data pipeline.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import queue
import secrets
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.backends import JudgeSpec, judge_builder
from ..engine.result import Run
from ..errors import ConfigError, RagvetError
from ..metrics.diagnosis import Thresholds
from ..metrics.registry import resolve_metrics
from ..results import RecordResult
from .ratelimit import JoinSharedRate, start_bucket
from .scorer import LINE, OUTPUT_COLUMNS, BatchScorer, ScoringPlan, add_usage
from .sinks import ParquetSink, ResultSink

LOCAL_JUDGE_CPUS = 1.0   # the offline judge computes: one CPU per actor
IO_JUDGE_CPUS = 0.25     # an LLM judge waits on the network
READ_CPUS = 0.25         # read and repartition tasks: small, so they fit beside the actors


class RunStalled(RagvetError):
    """No batch finished for too long: the cluster cannot schedule the run, or hangs."""


class ExposedClusterWarning(UserWarning):
    """The Ray cluster listens on an address other than loopback."""


@dataclass(kw_only=True)
class RayEngine:
    """Scores records on a Ray cluster.

    address: None starts a private local cluster (loopback only); "auto" joins the cluster
    this process runs in (a Ray job); "HOST:PORT" or "ray://HOST:PORT" connects to one.
    num_workers: scorer actors (default: the cluster's CPUs minus one, at least one).
    worker_cpus: CPUs each actor reserves (default 1 for the local judge, 0.25 for LLMs).
    rows_per_batch: records per block and per batch handed to an actor.
    results: directory for per-part Parquet results (default: a temporary one).
    store: a results store URL to write each record to instead (upserts by record id).
    run_id: the run's id in the sink; `resume=True` keeps what the sink holds for it.
    rpm / tpm: the LLM judge's budget for the whole cluster.
    """

    name = "ray"
    address: str | None = None
    num_workers: int | None = None
    worker_cpus: float | None = None
    rows_per_batch: int = 25
    stall_timeout: float = 600.0
    results: str | Path | None = None
    store: str | None = None
    run_id: str | None = None
    resume: bool = False
    rpm: int | None = None
    tpm: int | None = None
    input_format: str | None = None   # "parquet" or "jsonl" when the path does not say
    init_options: Mapping[str, Any] = field(default_factory=dict)
    sink: ResultSink | None = None    # set during a run
    worker_cpu_seconds: float = 0.0   # the last run's CPU time on the workers, summed

    def evaluate(self, records: Any, metrics: Any = None, judge: Any = None, *,
                 max_concurrency: int = 8, thresholds: Thresholds | None = None,
                 caps: Any = None, on_result: Callable[[RecordResult], Any] | None = None,
                 on_problem: Callable[[str], Any] | None = None,
                 on_record: Callable[[RecordResult, Any], Any] | None = None,
                 **ignored: Any) -> Run:
        """Same arguments and result as `ragvet.evaluate`; `records` is a path, a list of
        paths or URLs, a `ray.data.Dataset`, or records in memory. Results come back in the
        order they finished (each record once).

        `on_problem(text)` hears of each input row that could not be judged;
        `on_record(result, record)` gets each result with the record it was judged from,
        also those a resumed run keeps (to save them elsewhere, e.g. a store)."""
        if ignored.get("checkpoint") is not None:
            raise ConfigError("the ray engine keeps its progress in its sink (results= or "
                              "store=), not in a checkpoint file")
        chosen = tuple(resolve_metrics(metrics))
        thresholds = thresholds or Thresholds()
        build = judge_builder(judge)
        described = dict(build().describe())
        run_id = self.run_id or f"ray-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"
        with connected(self.address, self.init_options):
            return self._run(records, chosen, build, described, judge, run_id,
                             max_concurrency=max_concurrency, thresholds=thresholds, caps=caps,
                             on_result=on_result, on_problem=on_problem, on_record=on_record)

    def _run(self, records, chosen, build, described, judge, run_id, *, max_concurrency,
             thresholds, caps, on_result, on_problem, on_record) -> Run:
        import ray

        warn_if_exposed()
        cpus = self.worker_cpus or _default_cpus(judge)
        workers = self.num_workers or _default_workers(cpus)
        check_headroom(workers, cpus)
        sink = self.sink or self._make_sink(run_id, chosen, described, thresholds)
        done = sink.done() if self.resume else {}
        setup = bucket = None
        if self.rpm or self.tpm:
            name, namespace = f"ragvet-rate-{run_id}", "ragvet"
            bucket = start_bucket(name, namespace, self.rpm, self.tpm)  # kept: it lives
            setup = JoinSharedRate(name, namespace)                      # while referenced
        plan = ScoringPlan(run_id=run_id, metrics=chosen, judge=build, thresholds=thresholds,
                           caps=caps, max_concurrency=max_concurrency,
                           source=_label(records), judge_setup=setup)
        dataset = read_records(records, self.input_format, self.rows_per_batch)
        scored = dataset.map_batches(
            RayScorer, fn_constructor_kwargs={"plan": plan, "skip": done},
            batch_size=self.rows_per_batch, batch_format="pyarrow",
            compute=ray.data.ActorPoolStrategy(size=workers), num_cpus=cpus)
        started = time.time()
        results: dict[str, RecordResult] = {}
        usage: dict[str, Any] = {}
        status = "failed"
        try:
            for rows in watched(scored, self.stall_timeout):
                fresh = [r for r in rows if r["result"] is not None
                         and r["record_id"] not in results]
                sink.write(fresh)
                for row in rows:
                    if row["usage"]:
                        add_usage(usage, json.loads(row["usage"]))
                    if row["problem"] and on_problem is not None:
                        on_problem(row["problem"])
                for row in fresh:
                    result = RecordResult.from_dict(json.loads(row["result"]))
                    results[result.id] = result
                    if on_result is not None:
                        on_result(result)
                    if on_record is not None:
                        on_record(result, _input_of(row))
            status = "finished"
        finally:
            sink.close(status)
            del bucket
        self.worker_cpu_seconds = sum(usage.pop("worker_cpu", {}).values())
        earlier = _earlier_results(sink, done, results) if done else []
        for result, record in earlier:
            if on_record is not None:
                on_record(result, record)
        earlier = [result for result, _ in earlier]
        return Run(results=[*earlier, *results.values()], metric_ids=[m.id for m in chosen],
                   judge=described, thresholds=thresholds, started_at=started,
                   finished_at=time.time(), usage=usage, resumed=len(earlier))

    def _make_sink(self, run_id, chosen, described, thresholds) -> ResultSink:
        if self.store is not None:
            from .sinks import StoreSink

            return StoreSink(self.store, run_id, metric_ids=[m.id for m in chosen],
                             judge=described, thresholds=thresholds,
                             config={"engine": "ray", "address": self.address})
        if self.results is None:
            import tempfile

            self.results = tempfile.mkdtemp(prefix="ragvet-ray-")
        return ParquetSink(self.results, run_id)


def _earlier_results(sink: ResultSink, done: Mapping[str, str],
                     fresh: Mapping[str, RecordResult]) -> list[tuple[RecordResult, Any]]:
    """Results a resumed run kept from the sink (those not judged again now), with their
    records where the sink has them."""
    if isinstance(sink, ParquetSink):
        return [(r, record) for r, record in sink.results_with_inputs()
                if r.id in done and r.id not in fresh]
    store = getattr(sink, "store", None)
    if store is None:
        return []
    return [(r, None) for r in store.load_run(sink.run_id).results  # type: ignore[attr-defined]
            if r.id in done and r.id not in fresh]


def _input_of(row: Mapping[str, Any]) -> Any:
    from .sinks import _record_of

    return _record_of(row)


# ---- the actor ---------------------------------------------------------------------------

class RayScorer:
    """The `map_batches` callable: one per actor, one judge per actor."""

    def __init__(self, plan: ScoringPlan, skip: Any = None) -> None:
        import ray

        if isinstance(skip, ray.ObjectRef):
            skip = ray.get(skip)
        self.scorer = BatchScorer(plan, skip)

    async def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        rows = batch.to_pylist()
        if LINE not in batch.column_names and batch.column_names == ["text"]:
            rows = [{LINE: r["text"]} for r in rows]  # read_text: one JSONL line per row
        out = await self.scorer.score_rows(rows)
        yield pa.table({c: [r[c] for r in out] for c in OUTPUT_COLUMNS},
                       schema=pa.schema([(c, pa.string()) for c in OUTPUT_COLUMNS]))


def build_scorer(metrics: Any = None, judge: Any = None, *, run_id: str = "pipeline",
                 num_workers: int = 1, worker_cpus: float | None = None,
                 batch_size: int = 25, max_concurrency: int = 8,
                 thresholds: Thresholds | None = None, caps: Any = None
                 ) -> Callable[[Any], Any]:
    """A stage for an existing Ray Data pipeline: `scored = build_scorer(...)(ds)`.

    `ds` holds records as columns (id, query, sources, response, …); the stage adds
    nothing else to the cluster and returns a Dataset of `OUTPUT_COLUMNS`, one row per
    record, the result as JSON in `result` (`RecordResult.from_dict(json.loads(...))`)."""
    plan = ScoringPlan(run_id=run_id, metrics=tuple(resolve_metrics(metrics)),
                       judge=judge_builder(judge), thresholds=thresholds or Thresholds(),
                       caps=caps, max_concurrency=max_concurrency, source="dataset")
    cpus = worker_cpus or _default_cpus(judge)

    def stage(dataset: Any) -> Any:
        import ray

        return dataset.map_batches(RayScorer, fn_constructor_kwargs={"plan": plan},
                                   batch_size=batch_size, batch_format="pyarrow",
                                   compute=ray.data.ActorPoolStrategy(size=num_workers),
                                   num_cpus=cpus)

    return stage


# ---- reading -----------------------------------------------------------------------------

def read_records(records: Any, input_format: str | None, rows_per_batch: int) -> Any:
    """A Ray Dataset of raw rows, cut into blocks of at most `rows_per_batch` rows."""
    import ray

    if isinstance(records, ray.data.Dataset):
        dataset = records
    elif isinstance(records, str | Path) or (isinstance(records, list | tuple) and records
                                             and isinstance(records[0], str | Path)):
        dataset = _read_paths(records, input_format)
    else:
        rows = [r.to_dict() if hasattr(r, "to_dict") else dict(r) for r in records]
        dataset = ray.data.from_items([{LINE: json.dumps(r, default=str)} for r in rows])
    return dataset.repartition(target_num_rows_per_block=max(1, rows_per_batch))


def _read_paths(paths: Any, input_format: str | None) -> Any:
    import ray

    listed = [p if "://" in str(p) else str(Path(p).resolve())
              for p in (paths if isinstance(paths, list | tuple) else [paths])]
    kind = (input_format or _format_of(listed[0])).lower()
    filesystem, located = _filesystem(listed)
    if kind in ("parquet", "pq"):
        return ray.data.read_parquet(located, filesystem=filesystem, num_cpus=READ_CPUS)
    if kind in ("jsonl", "ndjson"):
        return ray.data.read_text(located, filesystem=filesystem, num_cpus=READ_CPUS)
    raise ConfigError(f"the ray engine reads Parquet or JSONL, not {kind!r} "
                      "(convert it, or name the format with input_format=)")


def _format_of(path: str) -> str:
    name = path.rstrip("/").rsplit("/", 1)[-1]
    if "." in name:
        return name.rsplit(".", 1)[-1]
    local = Path(path)
    if local.is_dir():
        kinds = {p.suffix.lstrip(".") for p in local.iterdir() if p.is_file()
                 and not p.name.startswith((".", "_"))}
        if len(kinds) == 1:
            return kinds.pop()
    raise ConfigError(f"cannot tell the format of {path}: name it (parquet or jsonl)")


def _filesystem(paths: list[str]) -> tuple[Any, list[str]]:
    """pyarrow reads local paths and s3/gs/hdfs itself; other fsspec URLs go through fsspec."""
    scheme = paths[0].split("://", 1)[0] if "://" in paths[0] else ""
    if scheme in ("", "s3", "gs", "gcs", "hdfs", "abfs", "abfss"):
        return None, paths
    if scheme in ("file", "local"):
        return None, [p.split("://", 1)[1] for p in paths]
    import fsspec
    from pyarrow.fs import FSSpecHandler, PyFileSystem

    fs, _ = fsspec.core.url_to_fs(paths[0])
    return PyFileSystem(FSSpecHandler(fs)), [fs._strip_protocol(p) for p in paths]


def _label(records: Any) -> str:
    if isinstance(records, str | Path):
        return str(records)
    return "input"


# ---- the cluster -------------------------------------------------------------------------

@contextlib.contextmanager
def connected(address: str | None, init_options: Mapping[str, Any] | None = None
              ) -> Iterator[None]:
    """Ray initialised for the run: joined when `address` is given, else a private local
    cluster bound to loopback (shut down after). An existing connection is reused."""
    try:
        import ray
    except ImportError as err:
        raise ConfigError("the ray engine needs Ray: pip install 'ragvet[ray]'") from err
    from ray.data import DataContext

    if ray.is_initialized():
        yield
        return
    options = {"include_dashboard": False, "log_to_driver": False, **(init_options or {})}
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    _reread_auth_settings()
    if address is None:
        _start_private(options)
    else:
        ray.init(address=address, **options)
    context = DataContext.get_current()
    context.enable_progress_bars = False
    context.print_on_execution_start = False
    try:
        yield
    finally:
        ray.shutdown()


def _reread_auth_settings() -> None:
    """Make Ray read RAY_AUTH_MODE / RAY_AUTH_TOKEN again: it caches them on first use, so
    a token set after `import ray` (a notebook, a test) would otherwise be ignored."""
    try:
        from ray._raylet import AuthenticationTokenLoader, Config

        Config.initialize("")
        AuthenticationTokenLoader.instance().reset_cache()
    except Exception:  # a Ray without token auth, or one that renamed these
        pass


def _start_private(options: dict[str, Any]) -> None:
    """A local cluster only this process uses: loopback only, token auth, no $HOME writes."""
    import ray

    os.environ.setdefault("RAY_AUTH_MODE", "token")
    os.environ.setdefault("RAY_AUTH_TOKEN", secrets.token_hex(16))
    _reread_auth_settings()
    from ray._private import ray_constants

    # Ray's single-machine mode (meant for macOS and Windows) binds loopback only; Ray reads
    # the switch when imported, so it is set on the module too. No other node can join.
    loopback = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}
    saved = {k: os.environ.get(k) for k in loopback}
    was = getattr(ray_constants, "ENABLE_RAY_CLUSTER", True)
    os.environ.update(loopback)
    ray_constants.ENABLE_RAY_CLUSTER = False
    try:
        ray.init(address="local", num_cpus=options.pop("num_cpus", os.cpu_count()),
                 _node_ip_address="127.0.0.1", **options)
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = was
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def warn_if_exposed() -> list[str]:
    """Warn when a node of the cluster is reachable beyond loopback; return its addresses."""
    import ray

    exposed = sorted({n["NodeManagerAddress"] for n in ray.nodes() if n.get("Alive")
                      and not _is_loopback(n["NodeManagerAddress"])})
    if exposed:
        warnings.warn(f"the Ray cluster listens on {', '.join(exposed)} (Ray binds every "
                      "interface): keep it on a firewalled network and turn on token auth "
                      "(RAY_AUTH_MODE=token, RAY_AUTH_TOKEN on every node and the driver)",
                      ExposedClusterWarning, stacklevel=3)
    return exposed


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def _default_cpus(judge: Any) -> float:
    spec = judge.spec if isinstance(judge, JudgeSpec) else judge
    if isinstance(spec, str) and spec.split(":")[0] in ("openai", "litellm"):
        return IO_JUDGE_CPUS
    return LOCAL_JUDGE_CPUS


def _default_workers(cpus_each: float) -> int:
    import ray

    total = float(ray.cluster_resources().get("CPU", 1))
    return max(1, min(int((total - 1) / cpus_each), int(total)))


def check_headroom(workers: int, cpus_each: float) -> None:
    """Refuse an actor pool that would hold every CPU: Ray Data's read tasks would then
    wait forever, and the run would hang without an error."""
    import ray

    total = float(ray.cluster_resources().get("CPU", 0))
    if workers * cpus_each > total - READ_CPUS:
        raise ConfigError(
            f"{workers} worker(s) × {cpus_each:g} CPU would hold the cluster's {total:g} "
            f"CPUs, leaving none for reading records (the run would hang); use at most "
            f"{max(1, int((total - READ_CPUS) / cpus_each))} worker(s) or fewer CPUs each")


# ---- the driver loop ---------------------------------------------------------------------

def watched(dataset: Any, stall_timeout: float) -> Iterable[list[dict[str, Any]]]:
    """The dataset's output batches as lists of rows; `RunStalled` when none arrives for
    `stall_timeout` seconds. The iteration runs in a thread so the wait can time out."""
    box: queue.Queue = queue.Queue(maxsize=4)

    def pump() -> None:
        try:
            for batch in dataset.iter_batches(batch_format="pyarrow", batch_size=None):
                box.put(("rows", batch.to_pylist()))
            box.put(("end", None))
        except BaseException as err:  # handed to the driver thread
            box.put(("error", err))

    threading.Thread(target=pump, name="ragvet-ray-results", daemon=True).start()
    while True:
        try:
            kind, value = box.get(timeout=stall_timeout)
        except queue.Empty:
            raise RunStalled(f"no batch finished in {stall_timeout:g} s; "
                             f"{_cluster_state()}") from None
        if kind == "end":
            return
        if kind == "error":
            raise _cause(value)
        yield value


def _cluster_state() -> str:
    try:
        import ray

        total, free = ray.cluster_resources(), ray.available_resources()
        alive = len([n for n in ray.nodes() if n.get("Alive")])
    except Exception as err:  # the cluster itself may be what broke
        return f"the cluster did not answer ({type(err).__name__}); see `ray status`"
    return (f"cluster CPUs {free.get('CPU', 0):g} free of {total.get('CPU', 0):g}, "
            f"{alive} node(s) alive (see `ray status`)")


def _cause(err: BaseException) -> BaseException:
    """The error a worker raised, out of Ray's wrappers: a ragvet error as it is (a judge
    outage, say), anything else as a `RagvetError` naming the innermost cause."""
    inner: BaseException = err
    for _ in range(20):
        if isinstance(inner, RagvetError):
            return inner
        nested = getattr(inner, "cause", None) or inner.__cause__ or inner.__context__
        if not isinstance(nested, BaseException):
            break
        inner = nested
    if isinstance(inner, KeyboardInterrupt):
        return inner
    line = _first_error_line(err)
    kind, _, message = line.partition(": ")
    if kind.startswith("ragvet.errors."):  # a ragvet error raised on a worker, as text
        from .. import errors

        named = getattr(errors, kind.rsplit(".", 1)[1], None)
        if isinstance(named, type) and issubclass(named, RagvetError):
            with contextlib.suppress(Exception):
                return named(message)
    return RagvetError(f"the Ray run failed: {line}")


def _first_error_line(err: BaseException) -> str:
    """The worker's own error line, out of the traceback text Ray wraps it in."""
    lines = [line.strip() for line in str(err).splitlines()]
    cut = next((k for k, line in enumerate(lines) if line.startswith("The above exception")),
               len(lines))
    found = [line for line in lines[:cut] if line and not line.startswith(("File ", "^"))]
    return found[-1] if found else f"{type(err).__name__}: {lines[-1] if lines else ''}"
