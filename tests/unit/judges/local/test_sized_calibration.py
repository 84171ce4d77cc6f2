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
from ragvet.judges.base import SupportItem, Verdict
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


def test_a_contradicted_claim_reads_as_the_share_such_claims_were_supported() -> None:
    """Decided no, with the clashing sentence; its probability is the veto's share: near 0 on
    a short passage, more on a long page, where a clash is less sure."""
    claim = "The ferry to Kelby Island does not leave every morning."
    short, long = (_verdict(LocalJudge(), claim, source) for source in (PASSAGE, PAGE))
    for verdict in (short, long):
        assert verdict.value is False and verdict.detail["status"] == "contradicted"
        assert verdict.detail["raw_probability"] == 0.0
    assert short.probability < 0.05 < long.probability < 0.5


def test_a_veto_reads_as_its_share_and_more_on_a_long_page() -> None:
    claim = "The ferry to Kelby Island leaves every morning at seven with 640 cars."
    short, long = (_verdict(LocalJudge(), claim, source) for source in (PASSAGE, PAGE))
    assert short.value is False and long.value is False
    assert short.detail["raw_probability"] == long.detail["raw_probability"] == 0.0
    assert 0.0 < short.probability < 0.05 < long.probability < 0.5


def test_the_probability_never_says_the_opposite_of_the_decision() -> None:
    """On a short passage the map lowers a middling probability (on HaluEval-QA most such
    claims were wrong), but a claim the judge decides is supported reads at least 0.5, and on
    a long page a claim it decides is not supported reads at most 0.5."""
    judge = LocalJudge()
    support = judge.params.calibration["support"]
    yes = Verdict(value=True, probability=0.56, detail={"status": "supported"})
    no = Verdict(value=False, probability=0.52, detail={"status": "not_mentioned"})
    assert support(0.56, 14) < 0.5 < support(0.52, 3000)  # the map alone
    (short_yes,) = judge._calibrate([yes], "support", [14])
    (long_no,) = judge._calibrate([no], "support", [3000])
    assert short_yes.probability == 0.5 == long_no.probability
    assert short_yes.detail["raw_probability"] == 0.56


def test_a_text_that_only_asks_gets_no_credit_from_the_map() -> None:
    verdict = _verdict(LocalJudge(), "Does the ferry leave every morning?", PAGE)
    assert verdict.probability == 0.0
