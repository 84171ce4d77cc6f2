"""`evaluate` takes a judge spec as `--judge` does, not only a Judge."""

from __future__ import annotations

import pytest

from ragvet import evaluate
from ragvet.data.records import make_record
from ragvet.errors import ConfigError
from ragvet.judges.factory import make_judge

RECORD = make_record(query="When did the bridge open?", sources=["The bridge opened in 1932."],
                     response="The bridge opened in 1932. It opened in 1932.")


def test_a_spec_string_builds_the_judge_it_names() -> None:
    run = evaluate([RECORD], ["SD"], "local:verdicts=yes-no")
    assert run.judge["kind"] == "local"
    assert run.judge["verdicts"] == "yes-no"
    same = evaluate([RECORD], ["SD"], make_judge("local", {"verdicts": "yes-no"}))
    assert run.results[0].scores == same.results[0].scores


def test_an_unknown_kind_of_judge_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        evaluate([RECORD], ["SD"], "no-such-judge")
