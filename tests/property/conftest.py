"""Property-based tests: hypothesis profiles and one offline judge for the whole suite.

Profiles (choose with HYPOTHESIS_PROFILE):
- "ci" (default): few examples, no deadline, derandomized, so CI runs the same examples in
  bounded time;
- "large": many examples, random, for a local run (see docs/security.md for the last one).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large,
                 HealthCheck.function_scoped_fixture]

settings.register_profile("ci", max_examples=30, deadline=None, derandomize=True,
                          print_blob=True, suppress_health_check=_SLOW_IS_FINE)
settings.register_profile("large", max_examples=300, deadline=None, print_blob=True,
                          suppress_health_check=_SLOW_IS_FINE)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def local_judge():
    """The offline judge, loaded once (its models take seconds to load)."""
    from ragvet.judges.factory import make_judge

    return make_judge("local")
