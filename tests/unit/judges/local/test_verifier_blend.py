"""The fitted blend of rules and verifier (`verifier = "on"`): how it combines, what becomes of
the rules' vetoes, and the shipped fit. The verifier itself is scripted here (no torch)."""

from __future__ import annotations

import asyncio
import json
import math

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge
from ragvet.judges.local.verifier import (
    BLEND_FILE,
    SupportStage,
    VerifierBlend,
    load_blend,
    source_words,
)
from ragvet.judges.ops import SUPPORTED

ORCHARD = ("The Harwell orchard grows 14 varieties of pear. Its oldest trees were planted in "
           "1921 by the Dunmore family. The orchard does not sell fruit to supermarkets.")


class ScriptedStage(SupportStage):
    """The verifier's hook with scripted probabilities, one per claim text."""

    def __init__(self, answers: dict[str, float], blend: VerifierBlend | None = None) -> None:
        super().__init__("on")
        self.answers = answers
        self._blend = blend

    @property
    def blend(self) -> VerifierBlend:
        return self._blend or load_blend()

    def probabilities(self, pairs):
        return [self.answers[claim] for claim, _ in pairs]


def judged(stage: SupportStage, *claims: str) -> list:
    judge = LocalJudge()
    judge.verifier = stage
    return asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=c, sources=(ORCHARD,))
                                             for c in claims]))


def test_shipped_blend_loads_and_trusts_both_opinions() -> None:
    blend = load_blend()
    raw = json.loads(BLEND_FILE.read_text(encoding="utf-8"))
    assert blend.rules > 0 and blend.verifier > 0  # each opinion pushes the same way
    assert blend.length_range[0] < blend.length_range[1]
    assert blend.version == raw["version"]
    named = raw["fitted_on"].lower()
    assert "500-999" not in named and "test" not in named  # tuning data only
    from ragvet.judges.local import build_local_judge

    assert build_local_judge("verifier=on", {}).describe()["verifier_blend"] == blend.version
    assert "verifier_blend" not in build_local_judge("", {}).describe()


def test_blend_rises_with_each_opinion_and_clamps_source_length() -> None:
    blend = load_blend().for_sources(["word " * 200])
    assert blend.probability(0.5, 0.9) > blend.probability(0.5, 0.5) > blend.probability(0.5, 0.1)
    assert blend.probability(0.9, 0.5) > blend.probability(0.1, 0.5)
    huge = load_blend().for_sources(["word " * 10_000_000])
    longest = load_blend().for_sources(["word " * int(math.expm1(blend.length_range[1]))])
    assert huge.probability(0.5, 0.5) == pytest.approx(longest.probability(0.5, 0.5), abs=1e-3)
    assert source_words(["two words", "and three more"]) == 5


def test_the_verifier_outweighs_a_lukewarm_rules_verdict() -> None:
    yes, no = judged(ScriptedStage({"The Dunmore family planted the oldest pear trees.": 0.999,
                                    "The Dunmore family sells pears to supermarkets.": 0.001}),
                     "The Dunmore family planted the oldest pear trees.",
                     "The Dunmore family sells pears to supermarkets.")
    assert yes.value and not no.value
    assert yes.detail["blend"] == load_blend().version
    assert 0.0 <= yes.detail["rules_probability"] <= 1.0
    assert "verifier 1.00" in yes.reason and "verifier 0.00" in no.reason


TRUSTING = VerifierBlend(rules=0.2, verifier=2.0, source_length=0.0, bias=0.0, threshold=0.5,
                         length_range=(0.0, 10.0), vetoes_applied=False, version="trusting")


def test_a_rules_veto_the_blend_overrules_is_reported() -> None:
    claim = "The orchard grows 40 varieties of pear."  # 40: a number no source mentions
    verdict, = judged(ScriptedStage({claim: 0.9999}, TRUSTING), claim)
    assert verdict.value and verdict.detail["status"] == "supported"
    assert "number" in verdict.detail["vetoes_overruled"]
    assert "overruled by the verifier" in verdict.reason
    assert not verdict.reason.startswith("contradicted")
    doubted, = judged(ScriptedStage({claim: 0.0001}, TRUSTING), claim)
    assert not doubted.value and "vetoes_overruled" not in doubted.detail


def test_a_contradiction_the_verifier_agrees_with_stays_contradicted() -> None:
    claim = "The orchard sells fruit to supermarkets."
    verdict, = judged(ScriptedStage({claim: 0.001}), claim)
    assert not verdict.value
    assert verdict.detail["status"] == "contradicted"
    assert verdict.detail["clash"] == "negation"
    assert verdict.reason.startswith("contradicted (negation")


def test_a_blend_that_applies_vetoes_zeroes_the_claim() -> None:
    strict = VerifierBlend(rules=1.0, verifier=1.0, source_length=0.0, bias=0.0, threshold=0.5,
                           length_range=(0.0, 10.0), vetoes_applied=True, version="strict")
    claim = "The orchard grows 40 varieties of pear."
    verdict, = judged(ScriptedStage({claim: 0.9999}, strict), claim)
    assert verdict.probability == 0.0 and not verdict.value
    assert "vetoes_overruled" not in verdict.detail


def test_a_platt_calibration_of_the_rules_is_not_applied_on_top_of_the_blend() -> None:
    from dataclasses import replace

    from ragvet.judges.local.params import Platt, load_params

    judge = LocalJudge(replace(load_params(), calibration={"support": Platt(a=1.1, b=-0.4)}))
    claim = "The Dunmore family planted the oldest pear trees."
    judge.verifier = ScriptedStage({claim: 0.999})
    verdict, = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=claim, sources=(ORCHARD,))]))
    assert "raw_probability" not in verdict.detail and "calibrated" not in verdict.reason
    assert verdict.detail["threshold"] == load_blend().threshold
