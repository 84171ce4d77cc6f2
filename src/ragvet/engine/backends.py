"""The backend seam: where a run's records are judged (this process, or a cluster).

An `Engine` takes the same arguments as `engine.run.evaluate` (records or a path, metrics,
judge, options) and returns the same `Run`. The in-process engine is the default; a
distributed one (`ragvet.scale.ray.RayEngine`) plugs in beside it, and a Dask one can follow
by implementing the same two members. `evaluate(..., engine=...)` and
`ragvet evaluate --engine NAME` pick one.

A distributed engine cannot ship a live judge (open connections, a loaded model) to its
workers: it ships a `JudgeSpec`, and each worker builds the judge from it once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..errors import ConfigError
from ..judges.base import Judge
from .result import Run


@runtime_checkable
class Engine(Protocol):
    """Runs an evaluation somewhere; `name` is what `--engine` calls it."""

    name: str

    def evaluate(self, records: Any, metrics: Any = None, judge: Any = None,
                 **options: Any) -> Run: ...


@dataclass(frozen=True, slots=True)
class JudgeSpec:
    """A judge as data: `kind[:argument]` and its options, built where it is used."""

    spec: str = "local"
    options: Mapping[str, Any] = field(default_factory=dict)

    def build(self) -> Judge:
        from ..judges.factory import make_judge

        return make_judge(self.spec, dict(self.options))


JudgeSource = JudgeSpec | str | Callable[[], Judge] | Judge | None


def judge_builder(judge: JudgeSource) -> Callable[[], Judge]:
    """A picklable zero-argument builder for `judge`, to run once per worker.

    A spec (`"openai:gpt-4o-mini"`, a `JudgeSpec`) or a builder function is kept as it is;
    a judge object is shipped as itself only if it pickles (the scripted judge does), else
    the caller is asked for a spec."""
    if judge is None:
        return JudgeSpec("local").build
    if isinstance(judge, str):
        return JudgeSpec(judge).build
    if isinstance(judge, JudgeSpec):
        return judge.build
    if hasattr(judge, "run") and hasattr(judge, "describe"):
        import pickle

        try:
            pickle.dumps(judge)
        except Exception as err:
            raise ConfigError(
                f"the judge {getattr(judge, 'id', judge)!r} holds live resources and cannot be "
                "sent to workers; pass a JudgeSpec('openai:MODEL', options) or a function "
                "that builds the judge instead") from err
        return _Given(judge)
    if callable(judge):
        return judge
    raise ConfigError(f"cannot use a {type(judge).__name__} as a judge")


@dataclass(frozen=True, slots=True)
class _Given:
    judge: Judge

    def __call__(self) -> Judge:
        return self.judge


class LocalEngine:
    """The in-process engine (`engine.run`): the default."""

    name = "local"

    def evaluate(self, records: Any, metrics: Any = None, judge: Any = None,
                 **options: Any) -> Run:
        from ..data.load import load_records
        from .run import evaluate

        if not isinstance(records, list | tuple) or (records and isinstance(records[0], dict)):
            records = load_records(records)
        if isinstance(judge, str | JudgeSpec):
            judge = (judge if isinstance(judge, JudgeSpec) else JudgeSpec(judge)).build()
        return evaluate(records, metrics, judge, **options)
