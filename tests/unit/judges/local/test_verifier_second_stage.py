"""The verifier's `uncertain` mode: the rules decide, and the verifier (through its fitted
blend) re-checks only the claims they find supported with little confidence. The verifier is
scripted here (no torch), and records which claims it was asked about."""

from __future__ import annotations

import asyncio
import json

import pytest

from ragvet.judges.base import SupportItem
from ragvet.judges.local import LocalJudge, build_local_judge
from ragvet.judges.local.verifier import (
    SECOND_STAGE_FILE,
    SecondStage,
    SupportStage,
    load_blend,
    load_second_stage,
)
from ragvet.judges.ops import SUPPORTED

FERRY = ("The Kelby ferry crosses the bay from Port Aven to Millrock six times a day. Tickets "
         "cost nine euros for adults, and children under twelve travel free. The crossing takes "
         "about forty minutes, and the ferry does not run on Christmas Day.")
LUKEWARM = "The Kelby ferry sails between Port Aven and Millrock."  # rules: supported, p ≈ 0.66
CONFIDENT = "Tickets cost nine euros for adults."
UNSUPPORTED = "The ferry service is run by the town council."


class ScriptedStage(SupportStage):
    """The `uncertain` hook with scripted verifier probabilities; `asked` lists the claims
    the verifier was given."""

    def __init__(self, answers: dict[str, float]) -> None:
        super().__init__("uncertain")
        self.answers = answers
        self.asked: list[str] = []

    def probabilities(self, pairs):
        self.asked.extend(claim for claim, _ in pairs)
        return [self.answers[claim] for claim, _ in pairs]


def judged(stage: SupportStage, *claims: str, source: str = FERRY) -> list:
    judge = LocalJudge()
    judge.verifier = stage
    return asyncio.run(judge.run(SUPPORTED, [SupportItem(claim=c, sources=(source,))
                                             for c in claims]))


def rules_alone(*claims: str) -> list:
    return asyncio.run(LocalJudge().run(SUPPORTED, [SupportItem(claim=c, sources=(FERRY,))
                                                    for c in claims]))


def test_the_examples_sit_where_the_rules_put_them() -> None:
    """The other tests rest on these: one lukewarm support, one confident, one rejection."""
    below = load_second_stage().below
    lukewarm, confident, unsupported = rules_alone(LUKEWARM, CONFIDENT, UNSUPPORTED)
    assert lukewarm.value and lukewarm.probability < below
    assert confident.value and confident.probability >= below
    assert not unsupported.value


def test_a_lukewarm_support_the_verifier_rejects_is_overruled_and_says_why() -> None:
    stage = ScriptedStage({LUKEWARM: 0.001})
    (verdict,) = judged(stage, LUKEWARM)
    assert stage.asked == [LUKEWARM]
    assert not verdict.value and verdict.probability < 0.5
    assert verdict.detail["rechecked"] is True
    assert verdict.detail["rules_verdict"]["value"] is True
    assert "re-checked it and overruled them" in verdict.reason
    assert verdict.detail["blend"] == load_blend().version


def test_a_lukewarm_support_the_verifier_backs_stays_supported() -> None:
    (verdict,) = judged(ScriptedStage({LUKEWARM: 0.999}), LUKEWARM)
    assert verdict.value and verdict.detail["rechecked"] is True
    assert "upheld them" in verdict.reason


def test_confident_and_rejected_claims_never_reach_the_verifier() -> None:
    """It can only take support away, and only where the rules are unsure: a claim the rules
    reject stays rejected whatever the verifier would say (it is never asked)."""
    stage = ScriptedStage({})
    confident, unsupported = judged(stage, CONFIDENT, UNSUPPORTED)
    assert stage.asked == []
    assert confident.value and not unsupported.value
    assert "rechecked" not in (confident.detail or {})
    assert [confident, unsupported] == rules_alone(CONFIDENT, UNSUPPORTED)


def test_a_bare_reply_is_decided_from_its_facts_not_rechecked() -> None:
    stage = ScriptedStage({})
    judged(stage, "Does the Kelby ferry run on Christmas Day? No.")
    assert stage.asked == []


def test_the_mode_is_an_option_the_judge_names() -> None:
    judge = build_local_judge("verifier=uncertain", {})
    described = judge.describe()
    assert judge.id.endswith(":verifier-uncertain")
    assert described["verifier"] == "uncertain"
    assert described["verifier_blend"] == load_blend().version
    below = load_second_stage().below
    assert described["verifier_rechecks"].startswith(f"supported below {below:g}")
    assert "verifier_rechecks" not in build_local_judge("verifier=on", {}).describe()


def test_shipped_bound_was_chosen_on_tuning_data() -> None:
    raw = json.loads(SECOND_STAGE_FILE.read_text(encoding="utf-8"))
    stage = load_second_stage()
    assert 0.5 < stage.below <= 1.0 and stage.version == raw["version"]
    assert raw["blend"] == load_blend().version
    named = raw["fitted_on"].lower()
    assert "500-999" not in named and "test" not in named
    assert any(float(bound) == stage.below for bound in raw["candidates"])


@pytest.mark.parametrize(("value", "probability", "rechecks"), [
    (True, 0.55, True), (True, 0.7, False), (False, 0.3, False), (True, None, False)])
def test_which_verdicts_are_rechecked(value, probability, rechecks) -> None:
    assert SecondStage(below=0.7, version="t").rechecks(value, probability) is rechecks


def test_an_upheld_claim_keeps_the_rules_probability_an_overruled_one_takes_the_blends() -> None:
    """The stage only takes support away: the blend, surer than it is right on long pages,
    never raises a probability."""
    (rules,) = rules_alone(LUKEWARM)
    (upheld,) = judged(ScriptedStage({LUKEWARM: 0.999}), LUKEWARM)
    (overruled,) = judged(ScriptedStage({LUKEWARM: 0.001}), LUKEWARM)
    assert upheld.probability == rules.probability < upheld.detail["blend_probability"]
    assert overruled.probability == overruled.detail["blend_probability"] < 0.5
