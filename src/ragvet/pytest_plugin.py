"""ragvet in a pytest suite: fixtures for a judge and a results store, and gate assertions.

Installed with `pip install 'ragvet[pytest]'`, pytest loads it through the `pytest11` entry
point. Importing it imports nothing of ragvet: the judge, the store and the gate load when a
test first asks for them, so pytest starts as fast as before.

    from ragvet.pytest_plugin import assert_no_regression, assert_scores

    def test_answers_are_grounded(ragvet_judge):
        run = ragvet.evaluate(ragvet.load_records("eval/records.jsonl"), "GR,RQC", ragvet_judge)
        assert_scores(run, GR=0.9, RQC=0.8)

Fixtures:

- `ragvet_judge` (session): the judge named by `$RAGVET_JUDGE`, else the `ragvet_judge` ini
  option, else `local` (the offline judge: no key, no download).
- `ragvet_store` (session): a results store at `$RAGVET_STORE`, else the `ragvet_store` ini
  option, else a fresh SQLite file in the session's temporary directory.

A failing assertion lists the failing checks, then each failing metric's worst records with
the claims (sub-questions, sources, …) the judge rejected and why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .gate import GateReport
    from .judges.base import Judge
    from .store.repo import ResultStore

JUDGE_ENV = "RAGVET_JUDGE"
STORE_ENV = "RAGVET_STORE"  # the store's own variable (store.connect.STORE_ENV)
DEFAULT_JUDGE = "local"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("ragvet_judge", f"judge of the ragvet_judge fixture (${JUDGE_ENV} wins): "
                  "local (default), openai:MODEL, litellm:PROVIDER/MODEL or scripted:FILE.json",
                  default=DEFAULT_JUDGE)
    parser.addini("ragvet_store", f"store of the ragvet_store fixture (${STORE_ENV} wins): a "
                  "SQLite path or SQLAlchemy URL; default a fresh SQLite file per session",
                  default="")


@pytest.fixture(scope="session")
def ragvet_judge(pytestconfig: pytest.Config) -> Judge:
    """The session's judge: $RAGVET_JUDGE, else the ini option, else the offline judge."""
    from .judges.factory import make_judge

    spec = os.environ.get(JUDGE_ENV) or pytestconfig.getini("ragvet_judge") or DEFAULT_JUDGE
    return make_judge(str(spec).strip())


@pytest.fixture(scope="session")
def ragvet_store(pytestconfig: pytest.Config,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[ResultStore]:
    """The session's results store (see the module docstring for where it lives)."""
    from .store.repo import open_store

    where = os.environ.get(STORE_ENV) or pytestconfig.getini("ragvet_store") or \
        str(tmp_path_factory.mktemp("ragvet") / "runs.db")
    store = open_store(str(where))
    try:
        yield store
    finally:
        store.close()


def assert_scores(run: Any, floors: Mapping[str, float] | None = None, /,
                  **metric_floors: float) -> GateReport:
    """Fail the test when a dataset mean is under its floor: `assert_scores(run, GR=0.9)`."""
    __tracebackhide__ = True
    report = _check(run, {**(floors or {}), **metric_floors})
    if not report.passed:
        raise AssertionError(report.explain())
    return report


def assert_no_regression(baseline: Any, run: Any, *, by: str = "query",
                         seed: int = 0) -> GateReport:
    """Fail the test when `run` regressed against `baseline` on a metric both scored (the
    paired bootstrap CI of the difference lies below 0). A baseline is a Run, a stored run,
    a results .jsonl file or a list of RecordResult."""
    __tracebackhide__ = True
    report = _check(run, {}, baseline=baseline, by=by, seed=seed)
    if not report.passed:
        raise AssertionError(report.explain())
    return report


def _check(run: Any, floors: Mapping[str, float], **options: Any) -> GateReport:
    if hasattr(run, "check"):
        return run.check(floors, **options)
    from .gate import check, results_of

    return check(results_of(run), (), floors, **options)
