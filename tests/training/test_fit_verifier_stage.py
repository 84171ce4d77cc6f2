"""Choosing the `uncertain` mode's bound: the smallest that does as well as the best, and the
figures it prints per data set."""

from __future__ import annotations

from training.fit_verifier_stage import TOLERANCE, choose

from ragvet.judges.local.verifier import VerifierBlend

# the verifier's logit alone decides (no rules weight, no length term)
BLEND = VerifierBlend(rules=0.0, verifier=1.0, source_length=0.0, bias=0.0, threshold=0.5,
                      length_range=(0.0, 10.0), vetoes_applied=False, version="test")


def _item(name: str, k: int, label: int, rules_probability: float, verifier_logit: float,
          rules_value: bool = True) -> dict:
    return {"set": name, "group": f"{name}:{k}", "label": label, "rules": 0.6,
            "verifier_logit": verifier_logit, "source_words": 50, "rules_value": rules_value,
            "rules_probability": rules_probability}


def _items() -> list[dict]:
    """The rules pass every negative with p 0.55–0.65 and every positive with p 0.9; the
    verifier knows each one. Re-checking below 0.7 catches every negative; a higher bound
    only costs more verifier calls."""
    items = []
    for name in ("short", "long"):
        for k in range(10):
            items.append(_item(name, k, 0, 0.55 + 0.01 * k, -4.0))
            items.append(_item(name, 100 + k, 1, 0.9, 4.0))
            items.append(_item(name, 200 + k, 0, 0.1, 4.0, rules_value=False))
    return items


def test_the_smallest_bound_that_does_as_well_as_the_best_is_chosen() -> None:
    stage = choose(_items(), BLEND, candidates=(0.6, 0.7, 0.95))
    assert stage["recheck_supported_below"] == 0.7
    assert stage["candidates"]["0.7"]["mean"] == 1.0
    assert stage["candidates"]["0.6"]["mean"] < 1.0 - TOLERANCE
    # the rules alone pass the negatives; re-checking never asks about a rejected claim
    assert stage["rules_alone"]["mean"] < stage["candidates"]["0.7"]["mean"]
    assert stage["candidates"]["0.95"]["rechecked"] > stage["candidates"]["0.7"]["rechecked"]
    assert set(stage["candidates"]["0.7"]) == {"short", "long", "mean", "rechecked"}
