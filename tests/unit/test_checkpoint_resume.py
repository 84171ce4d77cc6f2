"""Resume reuses only what is provably the same: changed records are judged again, a changed
run is refused with the part that changed named."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.cli.app import build_app
from ragvet.engine.checkpoint import Checkpoint, record_fingerprint, run_identity
from ragvet.errors import ConfigError
from ragvet.metrics.diagnosis import Band, Thresholds
from ragvet.metrics.registry import resolve_metrics
from ragvet.metrics.thelma import self_distinctness

N = 200
CHANGED = (7, 100, 188)


def response(i: int, changed: bool = False) -> str:
    return f"Bridge {i} was built in {1900 + i}." + (" It was rebuilt." if changed else "")


def records(changed: tuple[int, ...] = (), count: int = N):
    return [make_record(id=f"R{i:03d}", query=f"When was bridge {i} built?",
                        sources=[f"Bridge {i} opened in {1900 + i}."],
                        response=response(i, i in changed)) for i in range(count)]


def script() -> dict[str, dict]:
    claims, supported = {}, {}
    for i in range(N):
        claims[response(i)] = [response(i)]
        supported[response(i)] = True
        claims[response(i, True)] = [response(i, True)]
        supported[response(i, True)] = False
    return {"claims": claims, "supported": supported}


class CountingJudge(ScriptedJudge):
    """The scripted judge, remembering every response it was asked to decompose."""

    def __init__(self) -> None:
        super().__init__(**script())
        self.decomposed: list[str] = []

    async def run(self, op, items):
        if op.name == "claims":
            self.decomposed.extend(op.subject_of(i) for i in items)
        return await super().run(op, items)


def checkpoint(path, judge, *, metrics=("GR",), resume=False, thresholds=None):
    chosen = resolve_metrics(list(metrics))
    return Checkpoint(path, run_identity(chosen, judge.describe(), thresholds),
                      judge.describe(), resume=resume)


def killed_run(path, judge, data=None):
    """A run whose checkpoint is left behind, as after a SIGKILL just before the end."""
    ragvet.evaluate(data or records(), ["GR"], judge, checkpoint=checkpoint(path, judge))
    assert path.exists()


def test_resume_after_three_of_200_records_changed_judges_exactly_those_three(tmp_path):
    path = tmp_path / "out.jsonl.checkpoint"
    killed_run(path, CountingJudge())
    judge = CountingJudge()
    run = ragvet.evaluate(records(CHANGED), ["GR"], judge,
                          checkpoint=checkpoint(path, judge, resume=True))
    assert sorted(judge.decomposed) == sorted(response(i, True) for i in CHANGED)
    assert (run.resumed, run.rejudged) == (N - 3, 3)
    assert [r.id for r in run.results] == [f"R{i:03d}" for i in range(N)]  # input order
    scores = {r.id: r.scores["GR"] for r in run.results}
    assert {rid for rid, s in scores.items() if s == 0.0} == {f"R{i:03d}" for i in CHANGED}
    assert all(s == 1.0 for rid, s in scores.items() if rid not in {f"R{i:03d}" for i in CHANGED})


def test_a_record_judged_again_is_reused_by_the_next_resume(tmp_path):
    path = tmp_path / "out.jsonl.checkpoint"
    killed_run(path, CountingJudge())
    changed = records(CHANGED)
    ragvet.evaluate(changed, ["GR"], CountingJudge(),
                    checkpoint=checkpoint(path, CountingJudge(), resume=True))
    judge = CountingJudge()
    run = ragvet.evaluate(changed, ["GR"], judge, checkpoint=checkpoint(path, judge, resume=True))
    assert judge.decomposed == [] and run.resumed == N


def test_records_no_longer_in_the_input_are_ignored(tmp_path):
    path = tmp_path / "out.jsonl.checkpoint"
    killed_run(path, CountingJudge())
    judge = CountingJudge()
    resumed = checkpoint(path, judge, resume=True)
    plan = resumed.plan(records(count=150))
    assert (len(plan.reused), plan.changed, plan.gone) == (150, (), 50)
    run = ragvet.evaluate(records(count=150), ["GR"], judge, checkpoint=resumed)
    assert len(run.results) == 150 and judge.decomposed == []


def test_the_record_fingerprint_covers_every_field_a_metric_reads():
    base = dict(id="a", query="q", sources=["s"], response="r", reference="ref",
                metadata={"k": 1})
    same = record_fingerprint(make_record(**base))
    assert record_fingerprint(make_record(**base)) == same
    for field, value in (("query", "q2"), ("sources", ["s", "t"]), ("response", "r2"),
                         ("reference", None), ("metadata", {"k": 2})):
        assert record_fingerprint(make_record(**{**base, field: value})) != same, field


@pytest.mark.parametrize(("change", "named"), [
    ({"metrics": ("GR", "RP")}, "metrics changed (were GR, now GR,RP)"),
    ({"judge": ScriptedJudge(id="scripted:other.json")}, "judge changed"),
    ({"thresholds": Thresholds(bands={"GR": Band(0.8, 0.9)})}, "diagnosis thresholds changed"),
])
def test_a_changed_run_refuses_to_resume_and_names_what_changed(tmp_path, change, named):
    path = tmp_path / "out.jsonl.checkpoint"
    killed_run(path, CountingJudge())
    judge = change.pop("judge", CountingJudge())
    with pytest.raises(ConfigError) as refused:
        checkpoint(path, judge, resume=True, **change)
    assert named in str(refused.value) and "drop --resume" in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_metric_parameter_is_part_of_the_run():
    judge = {"id": "j"}
    assert (run_identity([self_distinctness(0.8)], judge).fingerprint
            != run_identity([self_distinctness(0.9)], judge).fingerprint)
    assert (run_identity([self_distinctness(0.8)], {**judge, "max_batch": 4}).fingerprint
            == run_identity([self_distinctness(0.8)], {**judge, "max_batch": 32}).fingerprint)


def test_a_checkpoint_made_for_other_metrics_is_refused_by_the_run(tmp_path):
    judge = CountingJudge()
    made_for_rp = checkpoint(tmp_path / "c", judge, metrics=("RP",))
    with pytest.raises(ConfigError, match="metrics differ"):
        ragvet.evaluate(records(count=2), ["GR"], judge, checkpoint=made_for_rp)
    assert not (tmp_path / "c").exists()


def test_a_checkpoint_without_fingerprints_is_refused(tmp_path):
    path = tmp_path / "out.jsonl.checkpoint"
    path.write_text(json.dumps({"checkpoint": "ragvet-checkpoint/1", "run": "abc"}) + "\n"
                    + json.dumps({"id": "R000", "scores": {"GR": 1.0}}) + "\n")
    with pytest.raises(ConfigError, match=r"without record fingerprints.*drop --resume"):
        checkpoint(path, CountingJudge(), resume=True)


# --- the command line --------------------------------------------------------------------


@pytest.fixture
def cli_files(tmp_path):
    judge = tmp_path / "judge.json"
    judge.write_text(json.dumps(script()))
    return tmp_path / "records.jsonl", judge, tmp_path / "out.jsonl"


def write(path, data) -> None:
    path.write_text("".join(json.dumps(r.to_dict()) + "\n" for r in data))


def evaluate_cli(data, judge, out, *extra):
    return CliRunner().invoke(build_app(), ["evaluate", str(data), "--judge",
                                            f"scripted:{judge}", "--out", str(out), *extra])


def keep_checkpoint(monkeypatch) -> None:
    """The run ends as if killed just after its last record: the checkpoint stays."""
    close = Checkpoint.close
    monkeypatch.setattr(Checkpoint, "close", lambda self, remove=False: close(self))


def test_cli_resume_judges_only_the_changed_records(cli_files, monkeypatch):
    data, judge, out = cli_files
    write(data, records())
    keep_checkpoint(monkeypatch)
    assert evaluate_cli(data, judge, out, "--metrics", "GR").exit_code == 0
    seen: list[str] = []
    run = ScriptedJudge.run

    async def counting(self, op, items):
        if op.name == "claims":
            seen.extend(op.subject_of(i) for i in items)
        return await run(self, op, items)

    monkeypatch.setattr(ScriptedJudge, "run", counting)
    write(data, records(CHANGED))
    result = evaluate_cli(data, judge, out, "--metrics", "GR", "--resume")
    assert result.exit_code == 0, result.output
    assert sorted(seen) == sorted(response(i, True) for i in CHANGED)
    assert "197 record(s) already done; 3 changed since and judged again" in result.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["id"] for x in lines] == [f"R{i:03d}" for i in range(N)]
    assert sum(x["scores"]["GR"] == 0.0 for x in lines) == 3


def test_cli_refuses_to_resume_another_metric_selection_with_exit_2(cli_files, monkeypatch):
    data, judge, out = cli_files
    write(data, records(count=5))
    keep_checkpoint(monkeypatch)
    assert evaluate_cli(data, judge, out, "--metrics", "GR").exit_code == 0
    result = evaluate_cli(data, judge, out, "--metrics", "GR,RP", "--resume")
    assert result.exit_code == 2
    assert "metrics changed (were GR, now GR,RP)" in result.output
    assert "drop --resume" in result.output


def test_cli_refuses_to_resume_with_other_caps(cli_files, monkeypatch):
    data, judge, out = cli_files
    write(data, records(count=5))
    keep_checkpoint(monkeypatch)
    assert evaluate_cli(data, judge, out, "--metrics", "GR").exit_code == 0
    result = evaluate_cli(data, judge, out, "--metrics", "GR", "--caps", "claims=1",
                          "--resume")
    assert result.exit_code == 2
    assert "options (caps) changed" in result.output
    same = evaluate_cli(data, judge, out, "--metrics", "GR", "--resume")
    assert same.exit_code == 0, same.output
