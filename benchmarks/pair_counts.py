"""Pairwise counting shared by the quality benchmarks: does the better item score higher?

The one implementation lives in `ragvet.validation.agreement` (behind `ragvet pairs agree`).
"""

from __future__ import annotations

from ragvet.validation.agreement import PairCounts, count_pairs

__all__ = ["PairCounts", "count_pairs"]
