"""Gap vs robustness analysis over graded answers.

Semantic groups (one SQL logic, all its phrasings) are **gap** (every answer wrong: the
system lacks the knowledge), **robust** (every answer right) or **non-robust** (mixed).
R = correct / (total − in gap groups); Acc = R · (total − in gap groups) / total.
A group's type is decided on all of its graded answers, so a cluster of phrasings (say the
long ones) cannot hide its failures by turning them into "gaps".
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .correctness import CorrectnessJudge, GradeItem
from .fill import QueryCase
from .run import RunOutcome

GroupType = Literal["gap", "robust", "non_robust"]
Label = Literal["lm_failure", "retrieval_suspect"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Graded:
    """One query's outcome against ground truth; `correct` is None when it was not graded."""

    id: str
    group_id: str
    correct: bool | None
    doc_ids: tuple[str, ...] = ()
    sql_template_id: str = ""
    attributes: Mapping[str, str] = field(default_factory=dict)
    reason: str | None = None


async def grade(cases: Sequence[QueryCase], outcomes: Sequence[RunOutcome],
                judge: CorrectnessJudge) -> list[Graded]:
    """Join outcomes to cases by id and grade each answer; failures stay ungraded."""
    by_id = {o.id: o for o in outcomes}
    answered = [c for c in cases if by_id.get(c.id) and by_id[c.id].answer is not None]
    verdicts = await judge.grade([GradeItem(c.query, c.answer, by_id[c.id].answer or "")
                                  for c in answered])
    verdict_of = {c.id: v for c, v in zip(answered, verdicts, strict=True)}
    out = []
    for case in cases:
        outcome, verdict = by_id.get(case.id), verdict_of.get(case.id)
        if outcome is None:
            value, reason = None, "not run: no answer with this id in the answers file"
        elif verdict is None:
            value, reason = None, (f"system error: {outcome.error}" if outcome.error
                                   else "system error: the system gave no answer")
        elif verdict.value is None:
            value, reason = None, f"grading failed: {verdict.error or 'no verdict given'}"
        else:
            value, reason = verdict.value, verdict.reason
        out.append(Graded(id=case.id, group_id=case.group_id, correct=value,
                          doc_ids=outcome.doc_ids if outcome else (),
                          sql_template_id=case.sql_template_id,
                          attributes=dict(case.attributes), reason=reason))
    return out


def group_types(items: Iterable[Graded]) -> dict[str, GroupType]:
    """Type of every semantic group that has at least one graded answer."""
    seen: dict[str, set[bool]] = defaultdict(set)
    for item in items:
        if item.correct is not None:
            seen[item.group_id].add(item.correct)
    return {g: "gap" if v == {False} else "robust" if v == {True} else "non_robust"
            for g, v in seen.items()}


def robustness(items: Iterable[Graded], types: Mapping[str, GroupType]) -> float | None:
    """R: share of correct answers among those outside gap groups (None when none are)."""
    graded = [i for i in items if i.correct is not None]
    outside = [i for i in graded if types.get(i.group_id) != "gap"]
    return sum(i.correct for i in outside) / len(outside) if outside else None


def accuracy(items: Iterable[Graded], types: Mapping[str, GroupType]) -> float | None:
    """Acc = R · (total − in gap groups) / total (None when nothing was graded)."""
    graded = [i for i in items if i.correct is not None]
    if not graded:
        return None
    outside = sum(types.get(i.group_id) != "gap" for i in graded)
    r = robustness(graded, types)
    return 0.0 if r is None else r * outside / len(graded)


def context_comparison(items: Iterable[Graded], types: Mapping[str, GroupType], *,
                       mode: Literal["same", "contains"] = "same") -> dict[str, Label]:
    """Label every wrong answer in a non-robust group.

    It is an LM failure when its retrieved documents match those of a correct answer in the
    same group (mode "same": the same set; "contains": a superset of it), since the context
    was sufficient there; otherwise a retrieval suspect (not proof of a retrieval fault).
    """
    by_group: dict[str, list[Graded]] = defaultdict(list)
    for item in items:
        if types.get(item.group_id) == "non_robust" and item.correct is not None:
            by_group[item.group_id].append(item)
    labels: dict[str, Label] = {}
    for members in by_group.values():
        good = [frozenset(i.doc_ids) for i in members if i.correct]
        for item in (i for i in members if not i.correct):
            mine = frozenset(item.doc_ids)
            hit = any(mine == g if mode == "same" else g <= mine for g in good if g)
            labels[item.id] = "lm_failure" if hit else "retrieval_suspect"
    return labels


@dataclass(frozen=True, slots=True, kw_only=True)
class Figures:
    """R, Acc and the counts behind them for one set of answers (a cluster or all)."""

    name: str
    total: int
    graded: int
    correct: int
    in_gap: int
    gap_share: float | None  # λ
    r: float | None
    acc: float | None
    r_retrieval: float | None  # R with LM failures left out (modular evaluation)
    lm_failures: int
    retrieval_suspects: int
    groups: Mapping[str, int] = field(default_factory=dict)


def figures(name: str, items: Sequence[Graded], types: Mapping[str, GroupType],
            labels: Mapping[str, Label]) -> Figures:
    graded = [i for i in items if i.correct is not None]
    in_gap = sum(types.get(i.group_id) == "gap" for i in graded)
    lm = [i for i in graded if labels.get(i.id) == "lm_failure"]
    lm_ids = {i.id for i in lm}
    counts: dict[str, int] = defaultdict(int)
    for gid in {i.group_id for i in graded}:
        counts[types[gid]] += 1
    return Figures(
        name=name, total=len(items), graded=len(graded), correct=sum(bool(i.correct)
                                                                     for i in graded),
        in_gap=in_gap, gap_share=in_gap / len(graded) if graded else None,
        r=robustness(graded, types), acc=accuracy(graded, types),
        r_retrieval=robustness([i for i in graded if i.id not in lm_ids], types),
        lm_failures=len(lm), retrieval_suspects=sum(labels.get(i.id) == "retrieval_suspect"
                                                    for i in graded),
        groups={k: counts.get(k, 0) for k in ("gap", "robust", "non_robust")})


def clusters(items: Sequence[Graded], attribute: str) -> dict[str, list[Graded]]:
    """Items split by the value of one template attribute (e.g. length: short / long)."""
    out: dict[str, list[Graded]] = defaultdict(list)
    for item in items:
        out[str(item.attributes.get(attribute, "(none)"))].append(item)
    return dict(sorted(out.items()))


def stratify(items: Sequence[Graded], attribute: str, *, seed: int = 0) -> list[Graded]:
    """Keep the same number of answers per semantic group in every cluster of `attribute`.

    Groups missing from any cluster are dropped; each cluster then has the same group mix,
    hence the same gap share λ. Sampling is deterministic for a seed.
    """
    values = sorted({str(i.attributes.get(attribute, "(none)")) for i in items})
    by_group: dict[str, dict[str, list[Graded]]] = defaultdict(lambda: defaultdict(list))
    for item in items:
        if item.correct is not None:
            by_group[item.group_id][str(item.attributes.get(attribute, "(none)"))].append(item)
    kept: list[Graded] = []
    for gid in sorted(by_group):
        per_value = by_group[gid]
        k = min(len(per_value.get(v, ())) for v in values)
        for v in values:
            pool = sorted(per_value.get(v, []), key=lambda i: i.id)
            kept += random.Random(f"{seed}:{gid}:{v}").sample(pool, k)
    return kept


def unbalance(items: Sequence[Graded], *, drop_share: float,
              select: Callable[[Graded], bool], seed: int = 0) -> list[Graded]:
    """Drop about `drop_share` of the answers that `select` picks, at random (seeded), to
    reproduce the unbalanced sampling of real query logs."""
    rng = random.Random(seed)
    return [i for i in sorted(items, key=lambda i: i.id)
            if not (select(i) and rng.random() < drop_share)]
