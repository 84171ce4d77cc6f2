"""The Ray engine on a real two-node local cluster gives exactly the local engine's results,
each record once, also when a worker node dies mid-run."""

from __future__ import annotations

import json
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the ray extra is not installed: pip install 'ragvet[ray]'")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from llm_fake_server import FakeOpenAI, results_less_raw  # noqa: E402
from ray_cluster import LocalRayCluster, kill  # noqa: E402

from ragvet import evaluate, load_records  # noqa: E402
from ragvet.engine.backends import JudgeSpec  # noqa: E402
from ragvet.scale.ray import ExposedClusterWarning, RayEngine  # noqa: E402
from ragvet.scale.sinks import ParquetSink  # noqa: E402

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(900)]

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "local_judge_records.jsonl"
BRIDGE = {"query": "Who built the Elm bridge and when was it built?",
          "sources": ["The Elm bridge was built by Ana Ruiz. It opened in 1901.",
                      "The Oak mill grinds corn."],
          "response": "The Elm bridge was built by Ana Ruiz. It opened in 1901."}


@pytest.fixture(scope="module")
def cluster():
    started = LocalRayCluster().start()
    try:
        yield started
    finally:
        started.stop()


def _local_judge_records(path: Path, n: int) -> Path:
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    with path.open("w") as out:
        for i in range(n):
            row = dict(rows[i % len(rows)])
            row["id"] = f"rec-{i:04d}"
            row["response"] += f" This answer was checked {i % 7 + 1} times."
            out.write(json.dumps(row) + "\n")
    return path


def _bridge_records(path: Path, n: int) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = []
    for i in range(n):
        row = {**BRIDGE, "id": f"R{i:04d}"}
        if i % 3 == 1:
            row["response"] = "The Elm bridge was built by Ana Ruiz. It is painted red."
        if i % 5 == 2:
            row["sources"] = [f"Bridge {i} was built by Ana Ruiz.", "The Oak mill grinds corn."]
        rows.append(row)
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=100)
    return path


def _by_id(run) -> dict[str, dict]:
    """Each record's result once, less each component's raw answer line."""
    ids = [r.id for r in run.results]
    assert len(ids) == len(set(ids)), "a record came back twice"
    return results_less_raw(run)


def _stored_once(root: Path, run_id: str, n: int) -> None:
    import pyarrow.parquet as pq

    sink = ParquetSink(root, run_id)
    rows = [rid for part in sink.parts()
            for rid in pq.read_table(part, columns=["record_id"]).column(0).to_pylist()]
    assert len(rows) == n and len(set(rows)) == n


def test_local_judge_on_two_nodes_equals_the_local_engine(cluster, tmp_path, monkeypatch):
    data = _local_judge_records(tmp_path / "records.jsonl", 500)
    local = evaluate(load_records(data), "thelma")
    cluster.use(monkeypatch)
    engine = RayEngine(address=cluster.address, num_workers=3, rows_per_batch=20,
                       results=tmp_path / "parts", run_id="local-judge")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = engine.evaluate(str(data), "thelma", "local")
    exposed = cluster.node_addresses() - {"127.0.0.1"}
    said = [str(w.message) for w in caught if w.category is ExposedClusterWarning]
    assert bool(said) == bool(exposed)  # Ray binds every interface: said, not hidden
    assert all(address in said[0] for address in exposed)
    assert _by_id(run) == _by_id(local)
    assert run.metric_ids == local.metric_ids
    _stored_once(tmp_path / "parts", "local-judge", 500)


def _llm_spec(server: FakeOpenAI) -> JudgeSpec:
    return JudgeSpec("openai:judge-model", {"base_url": server.base_url, "cache": None,
                                            "rpm": 100_000})


def test_llm_judge_on_two_nodes_equals_the_local_engine(cluster, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    data = _bridge_records(tmp_path / "records.parquet", 200)
    with FakeOpenAI() as server:
        local = evaluate(load_records(data), "thelma", _llm_spec(server).build())
        local_calls = server.total("chat")
        cluster.use(monkeypatch)
        engine = RayEngine(address=cluster.address, num_workers=2, rows_per_batch=25,
                           results=tmp_path / "parts", run_id="llm", rpm=100_000)
        run = engine.evaluate(f"file://{data}", "thelma", _llm_spec(server))
        ray_calls = server.total("chat") - local_calls
    assert _by_id(run) == _by_id(local)
    # The same calls, each batch run once. A record's calls are merged over a few quiet
    # event-loop turns, so under load one record may now and then cost a call more, on
    # either side (30 in 1,000 seen on a loaded CI box); a batch run twice would cost a
    # whole batch's calls more.
    one_batch = local_calls / 200 * 25
    assert abs(ray_calls - local_calls) < one_batch
    assert run.usage["calls"] == ray_calls  # the workers' usage, summed on the driver
    _stored_once(tmp_path / "parts", "llm", 200)


def test_the_cli_runs_on_the_cluster_and_resumes_from_its_parts(cluster, tmp_path,
                                                                 monkeypatch):
    from typer.testing import CliRunner

    from ragvet.cli.app import build_app

    monkeypatch.setenv("OPENAI_API_KEY", "k")
    cluster.use(monkeypatch)
    data = tmp_path / "records.jsonl"
    rows = [{**BRIDGE, "id": f"R{i:02d}", "sources": [BRIDGE["sources"][0], f"Mill {i}."]}
            for i in range(20)]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows)
                    + json.dumps({k: v for k, v in BRIDGE.items()}) + "\n")  # no id
    out = tmp_path / "out.jsonl"
    with FakeOpenAI() as server:
        def run(*extra: str):
            return CliRunner().invoke(build_app(), [
                "evaluate", str(data), "--engine", "ray", "--address", cluster.address,
                "--num-workers", "2", "--judge", "openai:judge-model", "--base-url",
                server.base_url, "--no-cache", "--out", str(out), "--skip-invalid",
                "--store", str(tmp_path / "store.db"), *extra], catch_exceptions=False)

        first = run()
        calls = server.total("chat")
        again = run("--resume")
        assert server.total("chat") == calls  # every record came from the parts
    assert first.exit_code == 0, first.output
    assert "needs an 'id'" in first.output
    assert again.exit_code == 0, again.output
    assert "20 record(s) already done" in again.output
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert ids == [f"R{i:02d}" for i in range(20)]  # in input order, as a local run writes
    from ragvet.store import open_store

    with open_store(str(tmp_path / "store.db")) as store:
        runs = store.list_runs()
        stored = store.load_run(runs[0].id)
    assert len(runs) == 2  # each command saves its run, the resumed one whole
    assert sorted(r.id for r in stored.results) == sorted(ids)
    assert stored.inputs["R03"].response == BRIDGE["response"]


def test_the_scorer_is_a_stage_of_an_existing_ray_data_pipeline(cluster, tmp_path,
                                                                 monkeypatch):
    from ragvet.results import RecordResult
    from ragvet.scale.ray import build_scorer, connected

    monkeypatch.setenv("OPENAI_API_KEY", "k")
    cluster.use(monkeypatch)
    rows = [{**BRIDGE, "id": f"P{i:02d}", "sources": [BRIDGE["sources"][0], f"Mill {i}."]}
            for i in range(30)]
    with FakeOpenAI() as server:
        local = evaluate(load_records(rows), "thelma", _llm_spec(server).build())
        with connected(cluster.address):  # the caller's own connection to its cluster
            stage = build_scorer("thelma", _llm_spec(server), num_workers=2,
                                 worker_cpus=0.25, batch_size=10)
            out = stage(ray.data.from_items(rows).repartition(3)).take_all()
    scored = [RecordResult.from_dict(json.loads(row["result"])) for row in out]

    class _Run:
        results = scored

    assert len(out) == 30 and _by_id(_Run) == _by_id(local)


def test_a_worker_node_killed_mid_run_loses_and_doubles_nothing(cluster, tmp_path,
                                                                monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    data = _bridge_records(tmp_path / "records.parquet", 300)
    with FakeOpenAI(latency=0.02) as server:
        local = evaluate(load_records(data), "thelma", _llm_spec(server).build())
        cluster.use(monkeypatch)
        seen: list[str] = []
        killed: list[int] = []

        def kill_extra_node_after_some_records() -> None:
            while len(seen) < 40:
                time.sleep(0.05)
            node = next(n for n in ray.nodes() if n["Alive"]
                        and "extra_node" in n["Resources"])
            for pid in cluster.worker_node_pids(node["NodeID"]):
                kill(pid)
                killed.append(pid)

        killer = threading.Thread(target=kill_extra_node_after_some_records, daemon=True)
        engine = RayEngine(address=cluster.address, num_workers=2, worker_cpus=0.5,
                           rows_per_batch=10, results=tmp_path / "parts", run_id="killed")
        killer.start()
        run = engine.evaluate(str(data), "thelma", _llm_spec(server),
                              on_result=lambda r: seen.append(r.id))
    assert killed, "the worker node was never killed"
    assert len(seen) == len(set(seen)) == 300
    assert _by_id(run) == _by_id(local)
    _stored_once(tmp_path / "parts", "killed", 300)
