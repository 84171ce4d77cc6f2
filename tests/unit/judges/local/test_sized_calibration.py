"""The support calibration that reads the sources' length (params.SizedLogistic): it rises
with p at every length, a veto reads as the share of vetoed claims supported after all (more
on a long page than on a short passage), no claim reads below a veto, the decision stays the
raw model's, and a text that only asks still gets nothing."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from itertools import pairwise

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.params import SizedLogistic, calibration_map, load_params
from ragvet.judges.ops import SUPPORTED

ENTRY = {"method": "sized-logistic", "slope": [2.8, -0.27], "offset": [-2.2, 0.3],
         "veto": [-6.3, 0.66], "log_words_range": [1.8, 9.7]}
MAP = calibration_map(ENTRY)


def test_the_entry_builds_the_sized_map() -> None:
    assert isinstance(MAP, SizedLogistic)
    assert MAP.log_words_range == (1.8, 9.7)


@pytest.mark.parametrize("words", [5, 40, 300, 3000, 100_000])
def test_the_map_rises_with_p_at_every_length(words) -> None:
    mapped = [MAP(p, words) for p in (0.0, 0.1, 0.3, 0.53, 0.7, 0.887, 0.99)]
    assert all(b >= a for a, b in pairwise(mapped))
    assert mapped[-1] > mapped[0]


def test_a_veto_weighs_more_on_a_long_page_than_on_a_short_passage() -> None:
    assert MAP(0.0, 30) < 0.05
    assert MAP(0.0, 3000) > 3 * MAP(0.0, 30)


def test_a_length_beyond_the_fitted_range_reads_as_its_end() -> None:
    assert MAP(0.6, 10**7) == MAP(0.6, int(2.718281828**9.7))
    assert MAP(0.6, 0) == MAP(0.6, None) == MAP(0.6, 5)


def test_no_claim_reads_below_a_veto_of_the_same_length() -> None:
    for words in (30, 3000):
        assert MAP(0.01, words) == MAP(0.0, words)


@pytest.mark.parametrize("change", [
    {"slope": [0.5, -0.3]},                 # falls with p on long pages
    {"log_words_range": [5.0, 2.0]},
    {"veto": [1.0]},
    {"offset": None},
])
def test_a_malformed_sized_map_is_refused(change) -> None:
    entry = {**ENTRY, **change}
    if change.get("offset", 0) is None:
        del entry["offset"]
    with pytest.raises(ConfigError):
        calibration_map(entry)


CLAIM = "The ferry to Kelby Island leaves every morning at seven."
PASSAGE = "The ferry to Kelby Island leaves every morning at seven and returns at noon."
PAGE = PASSAGE + " " + " ".join(f"Filler sentence number {k} says nothing much."
                                 for k in range(400))


def _verdict(judge: LocalJudge, claim: str, source: str):
    return asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=claim, sources=(source,))]))[0]


def test_the_shipped_judge_maps_support_and_keeps_the_decision() -> None:
    params = load_params()
    mapped, plain = LocalJudge(params), LocalJudge(replace(params, calibration=None))
    for source in (PASSAGE, PAGE):
        raw, calibrated = _verdict(plain, CLAIM, source), _verdict(mapped, CLAIM, source)
        assert raw.value is True and calibrated.value is True
        assert calibrated.detail["raw_probability"] == raw.probability
        assert calibrated.probability > 0.75


def test_a_contradicted_claim_counts_as_unsupported_on_any_page() -> None:
    for source in (PASSAGE, PAGE):
        verdict = _verdict(LocalJudge(),
                           "The ferry to Kelby Island does not leave every morning.", source)
        assert verdict.value is False and verdict.detail["status"] == "contradicted"
        assert verdict.probability == 0.0


def test_a_veto_reads_as_its_share_and_more_on_a_long_page() -> None:
    claim = "The ferry to Kelby Island leaves every morning at seven with 640 cars."
    short, long = (_verdict(LocalJudge(), claim, source) for source in (PASSAGE, PAGE))
    assert short.value is False and long.value is False
    assert short.detail["raw_probability"] == long.detail["raw_probability"] == 0.0
    assert 0.0 < short.probability < 0.05 < long.probability < 0.5


def test_a_yes_never_reads_below_the_model_s_own_probability() -> None:
    """On a short passage the map lowers a middling probability (on HaluEval-QA most such
    claims were wrong), but a claim the judge decides is supported keeps at least its own."""
    judge = LocalJudge()
    verdict = _verdict(judge, "Ferries to Kelby Island set off each morning at seven.", PASSAGE)
    raw = verdict.detail["raw_probability"]
    assert verdict.value is True and 0.53 <= raw < 0.8
    assert judge.params.calibration["support"](raw, len(PASSAGE.split())) < raw  # the map alone
    assert verdict.probability == raw


def test_a_text_that_only_asks_gets_no_credit_from_the_map() -> None:
    verdict = _verdict(LocalJudge(), "Does the ferry leave every morning?", PAGE)
    assert verdict.probability == 0.0
