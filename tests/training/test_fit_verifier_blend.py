"""The verifier blend's fit: it picks the variant cross-validation prefers, and writes a file the
judge loads back."""

from __future__ import annotations

import json
import random

from training.fit_verifier_blend import fit_blend

from ragvet.judges.local.verifier import load_blend


def _items() -> list[dict]:
    """Two sets; the verifier's logit tells the classes apart, the rules only weakly, and a
    veto fires on a third of the positives (so applying vetoes costs accuracy)."""
    rng = random.Random(3)
    items = []
    for name, words in (("short", 80), ("long", 3000)):
        for k in range(60):
            label = k % 2
            items.append({"set": name, "group": f"{name}:{k}", "label": label,
                          "rules": min(0.95, max(0.05, 0.5 + (0.15 if label else -0.15)
                                                 + rng.uniform(-0.3, 0.3))),
                          "verifier_logit": (3.0 if label else -3.0) + rng.uniform(-2, 2),
                          "source_words": words + rng.randint(0, 50),
                          "vetoed": bool(label) and k % 3 == 1})
    return items


def test_fit_prefers_reporting_vetoes_when_they_cost_accuracy_and_loads_back(tmp_path):
    blend = fit_blend(_items())
    assert blend["vetoes"] == "reported"
    assert blend["weights"]["verifier_logit"] > 0
    assert set(blend["cross_validated"]) == {"short", "long", "mean"}
    assert blend["cross_validated"]["mean"] > 0.9
    path = tmp_path / "blend.json"
    path.write_text(json.dumps(blend), encoding="utf-8")
    loaded = load_blend(path).for_sources(["word " * 100])
    assert loaded.probability(0.5, 0.95) > 0.5 > loaded.probability(0.5, 0.05)
    assert not loaded.vetoes_applied
