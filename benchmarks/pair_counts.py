"""Pairwise counting shared by the quality benchmarks: does the better item score higher?"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class PairCounts:
    wins: int  # better strictly above worse
    ties: int
    unscored: int  # either side has no score


def count_pairs(better: Iterable[float | None], worse: Iterable[float | None]) -> PairCounts:
    wins = ties = unscored = 0
    for b, w in zip(better, worse, strict=True):
        if b is None or w is None:
            unscored += 1
        elif b > w:
            wins += 1
        elif b == w:
            ties += 1
    return PairCounts(wins, ties, unscored)
