"""The GitHub Actions recipe (examples/ci/ragvet.yml, shown in docs/ci.md) runs as written:
its shell steps are executed in order in a git repository with a base branch, with GitHub's
expressions filled in, `gh` replaced by a recorder and the offline judge."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

pytestmark = [pytest.mark.integration, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[3]
WORKFLOW = ROOT / "examples" / "ci" / "ragvet.yml"
EVAL_SET = ROOT / "examples" / "pytest"
EXPRESSION = re.compile(r"\$\{\{\s*(.+?)\s*\}\}")
SKIPPED = {"Install ragvet"}  # ragvet is installed here already

FAKE_GH = """#!/bin/sh
# records each call; the first --edit-last finds no earlier comment, as on a new PR
echo "$@" >> "$GH_LOG"
case "$*" in *--edit-last*) [ -f "$GH_LOG.commented" ] || exit 1 ;; esac
touch "$GH_LOG.commented"
"""


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo,
                   check=True, capture_output=True)


def pull_request(tmp_path: Path, base: str, head: str) -> Path:
    """A repository whose base branch `main` holds `base` as eval/records.jsonl and whose
    checked-out pull request changes it to `head`."""
    repo = tmp_path / "repo"
    (repo / "eval").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    shutil.copy(EVAL_SET / base, repo / "eval" / "records.jsonl")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "base")
    git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")
    git(repo, "checkout", "-q", "-b", "pr")
    shutil.copy(EVAL_SET / head, repo / "eval" / "records.jsonl")
    git(repo, "commit", "-q", "-am", "change")
    return repo


def run_steps(repo: Path, tmp_path: Path, **job_env: str
              ) -> dict[str, subprocess.CompletedProcess]:
    """Each `run` step in order, as GitHub would: bash -eo pipefail, the job's and the
    step's env (`job_env` overrides the job's), continue-on-error honoured, later steps
    skipped after a failure."""
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "gh").write_text(FAKE_GH)
    (fake_bin / "gh").chmod(0o755)
    outcomes: dict[str, str] = {}
    values = {"github.base_ref": "main", "github.event.pull_request.number": "7",
              "github.token": "token", "github.run_id": "1", "secrets.OPENAI_API_KEY": ""}

    def fill(text: object) -> str:
        def value(match: re.Match) -> str:
            name = match[1]
            if name.startswith("steps.") and name.endswith(".outcome"):
                return outcomes[name.split(".")[1]]
            return values[name]
        return EXPRESSION.sub(value, str(text))

    job = workflow()["jobs"]["evaluate"]
    base_env = {**os.environ, "GH_LOG": str(tmp_path / "gh.log"),
                "PATH": os.pathsep.join([str(fake_bin), str(Path(sys.executable).parent),
                                         os.environ["PATH"]]),
                **{k: fill(v) for k, v in job["env"].items()}, **job_env}
    done: dict[str, subprocess.CompletedProcess] = {}
    for step in job["steps"]:
        if "run" not in step or step["name"] in SKIPPED:
            continue
        env = {**base_env, **{k: fill(v) for k, v in step.get("env", {}).items()}}
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                               fill(step["run"])], cwd=repo, env=env, capture_output=True,
                              text=True, timeout=600)
        done[step["name"]] = proc
        outcome = "success" if proc.returncode == 0 else "failure"
        if "id" in step:
            outcomes[step["id"]] = outcome
        if outcome == "failure" and not step.get("continue-on-error"):
            break
    return done


def test_the_workflow_runs_on_pull_requests_and_caches_the_judge_call_cache():
    from ragvet.judges.llm.cache import DEFAULT_CACHE

    flow = workflow()
    assert flow[True] == {"pull_request": None}  # YAML 1.1 reads the key `on` as true
    assert flow["permissions"]["pull-requests"] == "write"
    steps = flow["jobs"]["evaluate"]["steps"]
    (cache,) = [s for s in steps if s.get("uses", "").startswith("actions/cache@")]
    assert cache["with"]["path"] == str(DEFAULT_CACHE.parent)


def test_the_docs_show_the_workflow_as_shipped():
    text = (ROOT / "docs" / "ci.md").read_text()
    (shown,) = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert shown == WORKFLOW.read_text()


def test_a_worse_pull_request_gets_a_comment_and_a_failing_check(tmp_path):
    repo = pull_request(tmp_path, base="records.jsonl", head="worse_records.jsonl")
    steps = run_steps(repo, tmp_path, METRICS="GR,RQC")  # the floors' metrics: quicker
    assert steps["Evaluate the base branch"].returncode == 0
    assert steps["Evaluate this pull request"].returncode == 1  # under the floors …
    assert "gate failed: GR mean" in steps["Evaluate this pull request"].stderr
    assert steps["Comment the comparison"].returncode == 0  # … yet the comment is posted
    comment = (repo / "comment.md").read_text()
    assert comment.startswith("### ragvet: `pr.jsonl` vs `base.jsonl`")
    assert re.search(r"^\| GR \| 0\.\d{3} \| 0\.\d{3} \| -0\.\d{3} \| .* \| 6 \| 🔴 regressed \|$",
                     comment, re.M), comment
    calls = (tmp_path / "gh.log").read_text().splitlines()
    assert calls == ["pr comment 7 --body-file comment.md --edit-last",
                     "pr comment 7 --body-file comment.md"]
    gate = steps["Gate"]
    assert gate.returncode == 1 and "regressed" in gate.stdout


def test_a_pull_request_that_holds_up_passes(tmp_path):
    repo = pull_request(tmp_path, base="baseline.jsonl", head="records.jsonl")
    # the floors the sample project's own test uses, well clear of its scores
    steps = run_steps(repo, tmp_path, METRICS="GR,RQC", FLOORS="GR=0.7,RQC=0.5")
    assert {name: p.returncode for name, p in steps.items()} == {
        "Evaluate the base branch": 0, "Evaluate this pull request": 0,
        "Comment the comparison": 0, "Gate": 0}, {n: p.stderr[-500:] for n, p in steps.items()}
    assert "No metric regressed." in (repo / "comment.md").read_text()
