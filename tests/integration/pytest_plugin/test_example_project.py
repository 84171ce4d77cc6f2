"""examples/pytest run through pytest itself (pytester): it passes as shipped, and fails on
the gate, naming the worst records and their rejected claims, once its answers get worse."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import ragvet

pytest_plugins = ["pytester"]
pytestmark = [pytest.mark.integration, pytest.mark.slow]

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "pytest"


@pytest.fixture(scope="module", autouse=True)
def _offline_judge_loaded():
    """Load the offline judge's models in this process first: an in-process pytest run
    forgets the modules it imported, and torch cannot be imported twice."""
    record = ragvet.make_record(query="Q?", sources=["A fact."], response="A fact.")
    ragvet.evaluate([record], "GR")


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    for name in ("test_answers.py", "pytest.ini", "records.jsonl", "baseline.jsonl"):
        shutil.copy(EXAMPLE / name, pytester.path / name)
    return pytester.path


def test_the_example_passes_as_shipped(pytester, project):
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_the_example_fails_on_the_gate_when_the_answers_get_worse(pytester, project):
    shutil.copy(EXAMPLE / "worse_records.jsonl", project / "records.jsonl")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*test_answers_are_grounded_and_complete*",
        "E * ragvet gate failed: GR mean 0.* < 0.7*",
        "E * worst records for GR:",
        "E * - weight-limit: GR 0.*",
        "E * claim 0 (no): Riders up to 200 kg can use the Nimbus City bike*",
        "E * why: contradicted*",
    ])
    result.stdout.fnmatch_lines([
        "*test_no_regression_against_the_last_release*",
        "E * ragvet gate failed: GR regressed: mean 0.* → 0.* over 6 pairs, CI [[]-0.*",
        "E * - weight-limit: GR 0.* (was 0.*)*",
    ])
