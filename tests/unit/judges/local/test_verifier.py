"""The learned grounding verifier: evidence construction, the judge option, the shipped model."""

from __future__ import annotations

import subprocess
import sys

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.local import build_local_judge
from ragvet.judges.local.scoring import passage_sentences
from ragvet.judges.local.verifier import (
    MODEL_DIR,
    Verifier,
    evidence_for,
    evidence_from_sources,
    sigmoid,
    weights_available,
)

PAGE = ("The Kestrel Bridge opened to traffic in 1931. Gulls nest under its eastern span. "
        "Local bakeries sell a bridge-shaped pastry. The bridge was designed by Ada Morrow, "
        "an engineer from Leeds. Tolls were abolished in 1968.")


def test_evidence_keeps_the_lines_nearest_the_claim_in_reading_order() -> None:
    claim = "Ada Morrow designed the Kestrel Bridge, which opened in 1931."
    evidence = evidence_from_sources(claim, [PAGE], budget=25)
    assert "Ada Morrow" in evidence and "1931" in evidence
    assert "pastry" not in evidence and "Tolls" not in evidence
    assert evidence.index("1931") < evidence.index("Ada Morrow")  # page order, not rank order


def test_evidence_respects_its_word_budget() -> None:
    parts = passage_sentences(" ".join(f"Line {i} mentions the harbour crane." for i in range(60)))
    evidence = evidence_for("The harbour crane.", parts, budget=30)
    assert 0 < len(evidence.split()) <= 30


def test_evidence_of_nothing_is_empty() -> None:
    assert evidence_for("Anything at all.", ()) == ""


def test_sigmoid_is_stable_at_both_ends() -> None:
    assert sigmoid(0.0) == 0.5
    assert sigmoid(-800.0) == 0.0 and sigmoid(800.0) == 1.0


def test_judge_option_turns_the_verifier_on_and_names_it() -> None:
    off = build_local_judge("", {})
    on = build_local_judge("verifier=on", {})
    assert off.verifier is None and off.describe()["verifier"] == "off"
    assert on.verifier is not None and on.describe()["verifier"] == "on"
    assert on.id != off.id  # cached verdicts of one are never served to the other
    assert build_local_judge("", {"verifier": "int8"}).verifier.mode == "int8"


def test_unknown_verifier_mode_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="verifier must be one of"):
        build_local_judge("verifier=sometimes", {})


def test_importing_the_judge_loads_no_model_library() -> None:
    code = ("import sys; import ragvet.judges.local.verifier, ragvet.judges.local; "
            "print('torch' in sys.modules, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.slow
@pytest.mark.skipif(not weights_available(), reason="verifier weights not shipped")
def test_shipped_weights_tell_support_from_contradiction() -> None:
    verifier = Verifier(MODEL_DIR)
    evidence = ("The Orla reservoir holds 40 million cubic metres of water. It was filled in "
                "1974 and supplies the town of Brenmouth.")
    supported, contradicted = verifier.predict([
        ("The Orla reservoir supplies Brenmouth.", evidence),
        ("The Orla reservoir was never filled and does not supply Brenmouth.", evidence)])
    assert supported > 0.5 > contradicted
    logits = verifier.logits([("The Orla reservoir supplies Brenmouth.", evidence)])
    assert supported == pytest.approx(sigmoid(logits[0]))  # one sigmoid, not two


@pytest.mark.slow
@pytest.mark.skipif(not weights_available(), reason="verifier weights not shipped")
def test_judge_with_the_verifier_on_uses_its_opinion() -> None:
    import asyncio

    from ragvet.judges.base import SupportItem
    from ragvet.judges.ops import SUPPORTED

    source = ("The Orla reservoir holds 40 million cubic metres of water. It was filled in 1974 "
              "and supplies the town of Brenmouth.")
    judge = build_local_judge("verifier=on", {})
    good, bad = asyncio.run(judge.run(SUPPORTED, [
        SupportItem(claim="The Orla reservoir supplies the town of Brenmouth.", sources=(source,)),
        SupportItem(claim="The Orla reservoir does not supply Brenmouth.", sources=(source,))]))
    assert "nli_entailment" in good.detail and "nli_entailment" in bad.detail
    assert good.detail["nli_entailment"] > 0.5 > bad.detail["nli_entailment"]
    assert good.probability > bad.probability


@pytest.mark.slow
@pytest.mark.skipif(not weights_available(), reason="verifier weights not shipped")
def test_a_bare_yes_or_no_is_never_left_to_the_verifier() -> None:
    """The shipped verifier reads any bare 'yes' or 'no' after a question as supported (near
    1 for both; its HaluEval training pairs had bare right answers and worded wrong ones), so
    the judge hands it the statement the reply makes, and the reply's polarity decides."""
    import asyncio

    from ragvet.judges.base import SupportItem
    from ragvet.judges.ops import SUPPORTED

    source = ("The Orla reservoir holds 40 million cubic metres of water. It was filled in 1974 "
              "and supplies the town of Brenmouth.")
    question = "Does the Orla reservoir supply the town of Brenmouth?"
    judge = build_local_judge("verifier=on", {})
    yes, no = asyncio.run(judge.run(SUPPORTED, [
        SupportItem(claim=f"{question} {reply}", sources=(source,)) for reply in ("Yes.", "No.")]))
    assert yes.value is True and no.value is False
    assert no.detail["status"] == "contradicted"
