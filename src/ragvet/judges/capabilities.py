"""What a judge may offer beyond `Judge.run`, each a small protocol the engine checks for.

- `Scoped`: a per-record view of the judge (the LLM judge merges the calls of one record).
- `Metered`: a usage meter (calls, tokens, cost) the run reports.
- `Closable`: connections to release when the run's event loop ends.
- `DryRunnable`: the same judge over a stand-in endpoint that only counts (`--estimate`).
- `Guarded`: says when its endpoint can no longer be used (wrong key, unreachable), so the
  run stops instead of failing every record. A guarded judge that also has
  `async wait_outage() -> Exception` wakes the engine the moment it happens (else polled).
- `Limited`: says which records it cannot judge at all (the offline judge reads English
  only); their metrics are then not applicable, with that reason.

A judge offers a capability by having the member; nothing is inherited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .base import Judge


class UsageTotals(Protocol):
    """Usage counted up to a moment."""

    def since(self, earlier: Any) -> UsageTotals: ...

    def to_dict(self) -> Mapping[str, Any]: ...


class UsageMeter(Protocol):
    def snapshot(self) -> UsageTotals: ...


@runtime_checkable
class Scoped(Protocol):
    def scoped(self) -> Judge:
        """A view of the judge for the metrics of one record."""
        ...


@runtime_checkable
class Metered(Protocol):
    meter: UsageMeter


@runtime_checkable
class Closable(Protocol):
    async def aclose(self) -> None:
        """Release connections that belong to the running event loop."""
        ...


@runtime_checkable
class DryRunnable(Protocol):
    def dry_run(self) -> Judge:
        """The same judge answering locally and counting, never calling out. The result is
        also `Metered`."""
        ...


@runtime_checkable
class Guarded(Protocol):
    def outage(self) -> Exception | None:
        """Why the judge stopped calling its endpoint, or None while it still does."""
        ...


@runtime_checkable
class Limited(Protocol):
    def cannot_judge(self, texts: Sequence[str]) -> str | None:
        """Why the judge cannot judge a record made of these texts (query, response,
        sources), or None when it can."""
        ...


_OFFERS: dict[tuple[type, type, str], bool] = {}


def offers(judge: Any, protocol: type, method: str) -> bool:
    """`isinstance(judge, protocol)` for a protocol of one `method`, answered once per class
    where the class itself decides it (a runtime protocol check walks the class each time,
    and the engine asks several per record); an instance that could differ from its class
    (`__getattr__`, a method set on the instance) is checked each time."""
    kind = type(judge)
    key = (kind, protocol, method)
    known = _OFFERS.get(key)
    if known is not None:
        return known
    answer = isinstance(judge, protocol)
    if (not hasattr(kind, "__getattr__") and hasattr(kind, method) == answer
            and method not in getattr(judge, "__dict__", {})):
        _OFFERS[key] = answer
    return answer


def cannot_judge(judge: Judge, texts: Sequence[str]) -> str | None:
    return judge.cannot_judge(texts) if offers(judge, Limited, "cannot_judge") else None


def judge_outage(judge: Judge) -> Exception | None:
    return judge.outage() if offers(judge, Guarded, "outage") else None


def usage_meter(judge: Judge) -> UsageMeter | None:
    return judge.meter if isinstance(judge, Metered) else None


def record_view(judge: Judge) -> Judge:
    """The judge to use for one record's metrics."""
    return judge.scoped() if offers(judge, Scoped, "scoped") else judge
