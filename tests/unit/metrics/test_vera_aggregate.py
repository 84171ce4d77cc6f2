"""VERA's aggregate score: enrichment, cross-encoder loading (tiny random model built here),
the built-in bi-encoder default, and the calibrated combiner."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.metrics.vera import VERA_IDS, VERA_METRICS
from ragvet.metrics.vera_aggregate import (
    CROSS_ENCODER_ENV,
    BiEncoderScorer,
    CombinerParams,
    CrossEncoderScorer,
    default_scorer,
    enrich,
    statement,
    vera_aggregate,
    vera_combined,
)

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "topicality"
QUERY = "How many eggs can a queen bee lay in a day?"
SOURCE = "A queen bee can lay up to two thousand eggs a day. She mates early in life."
RESPONSE = "A queen bee can lay up to two thousand eggs a day."


def scripted(supported: bool | None = True) -> ScriptedJudge:
    """The judge for the record below; `supported=None` leaves the claim unscripted."""
    return ScriptedJudge(
        claims={RESPONSE: [RESPONSE]}, subquestions={QUERY: [QUERY]},
        essential={(QUERY, "A queen bee can lay up to two thousand eggs a day."): True,
                   (QUERY, "She mates early in life."): False},
        supported={} if supported is None else {RESPONSE: supported},
        answers={(QUERY, RESPONSE): True},
    )


def record(**fields):
    return make_record(**{"query": QUERY, "sources": [SOURCE], "response": RESPONSE, **fields})


def test_enrich_appends_one_statement_per_metric_with_its_score():
    scores = dict(zip(VERA_IDS, [0.5, 1.0, 0.0, None], strict=True))
    text = enrich(RESPONSE, scores, {"vera_answer_relevance": "no sub-questions"})
    assert text.startswith(RESPONSE)
    tail = text[len(RESPONSE):]
    assert tail.count("Retrieval precision measures") == 1 and "scores 0.50" in tail
    assert "scores 1.00, which is high" in tail and "scores 0.00, which is low" in tail
    assert "does not apply here (no sub-questions)" in tail
    assert statement("vera_faithfulness", 0.8) != statement("vera_faithfulness", 0.1)


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory) -> str:
    """A randomly initialised 1-layer BERT cross-encoder with a 40-word vocabulary."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    folder = tmp_path_factory.mktemp("tiny-ce")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *"abcdefghijklmnopqrstuvwxyz",
             *"0123456789", ".", ",", "the", "is", "queen", "bee", "eggs", "day"]
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n")
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(folder / "vocab.txt"))
    config = transformers.BertConfig(vocab_size=len(vocab), hidden_size=16, num_hidden_layers=1,
                                     num_attention_heads=2, intermediate_size=32,
                                     max_position_embeddings=512, num_labels=1)
    torch.manual_seed(0)
    model = transformers.BertForSequenceClassification(config)
    for parameter in model.classifier.parameters():  # make logits visibly non-zero
        torch.nn.init.normal_(parameter, std=2.0)
    path = folder / "model"
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


@pytest.mark.slow
def test_cross_encoder_scorer_returns_the_raw_logit(tiny_cross_encoder):
    import torch
    from transformers import BertForSequenceClassification, BertTokenizerFast

    pairs = [(QUERY, "the queen bee lays eggs"), (QUERY, "a b c")]
    scores = CrossEncoderScorer(tiny_cross_encoder).score(pairs, ideal="")
    model = BertForSequenceClassification.from_pretrained(tiny_cross_encoder).eval()
    tokenizer = BertTokenizerFast.from_pretrained(tiny_cross_encoder)
    with torch.no_grad():
        batch = tokenizer([q for q, _ in pairs], [a for _, a in pairs], padding=True,
                          return_tensors="pt")
        expected = model(**batch).logits[:, 0].tolist()
    assert scores == pytest.approx(expected, abs=1e-4)
    assert any(not 0.0 <= s <= 1.0 for s in scores), "a logit, not a sigmoid probability"


@pytest.mark.slow
def test_aggregate_with_a_cross_encoder_lands_in_the_results(tiny_cross_encoder, monkeypatch):
    monkeypatch.setenv(CROSS_ENCODER_ENV, tiny_cross_encoder)
    assert isinstance(default_scorer(), CrossEncoderScorer)
    result = ragvet.evaluate([record()], [*VERA_METRICS, vera_aggregate()], scripted()).results[0]
    value = result.scores["vera_aggregate"]
    assert isinstance(value, float) and np.isfinite(value)
    (component,) = [c for c in result.components if c.metric == "vera_aggregate"
                    and c.kind == "enriched_response"]
    assert component.text.startswith(RESPONSE) and component.verdict is None
    assert "cross-encoder" in component.reason and tiny_cross_encoder in component.reason
    expected = CrossEncoderScorer(tiny_cross_encoder).score([(QUERY, component.text)], "")[0]
    assert value == pytest.approx(expected, abs=1e-5)


def test_unloadable_cross_encoder_is_a_failure_not_a_score(tmp_path):
    metric = vera_aggregate(cross_encoder=str(tmp_path / "missing-model"))
    result = ragvet.evaluate([record()], [metric], scripted()).results[0]
    assert result.scores["vera_aggregate"] is None
    assert "cannot load cross-encoder" in result.errors[0].message


def test_a_failed_input_metric_fails_the_aggregate():
    result = ragvet.evaluate([record()], [vera_aggregate(scorer=ConstantScorer())],
                             scripted(supported=None)).results[0]
    assert result.scores["vera_aggregate"] is None
    assert result.errors[0].message.startswith("vera_retrieval_recall failed: ")


class ConstantScorer:
    range = (0.0, 1.0)

    def score(self, pairs, ideal):
        return [len(answer) / 1000 for _, answer in pairs]

    def describe(self):
        return {"kind": "constant", "model": "test"}


def test_included_metrics_are_configurable():
    metric = vera_aggregate(["vera_faithfulness"], scorer=ConstantScorer())
    result = ragvet.evaluate([record()], [metric], scripted()).results[0]
    assert list(result.scores) == ["vera_aggregate"]  # the input is computed, not shown
    given, component = result.components
    assert (given.kind, given.detail["metric"]) == ("input", "vera_faithfulness")
    assert "Faithfulness checks" in component.text
    assert "Retrieval precision" not in component.text
    with pytest.raises(ragvet.ConfigError, match="combines"):
        vera_aggregate(["GR"])


@pytest.mark.slow
def test_builtin_default_ranks_all_high_above_all_low_on_the_bundled_examples():
    """Same query: a record whose metrics are all high outranks one whose metrics are all low."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        import rag
    finally:
        sys.path.remove(str(EXAMPLE))
    queries = [json.loads(line)["query"] for line in
               (EXAMPLE / "on_topic.jsonl").read_text().splitlines() if line.strip()]
    high = dict(zip(VERA_IDS, [0.9, 1.0, 1.0, 0.85], strict=True))
    low = dict(zip(VERA_IDS, [0.1, 0.2, 0.0, 0.1], strict=True))
    scorer = BiEncoderScorer()
    assert "bi-encoder" in scorer.describe()["kind"]
    ideal = " ".join(statement(m, 1.0) for m in VERA_IDS)
    pairs = []
    for query in queries:
        response = rag.answer(query)["response"]
        pairs += [(query, enrich(response, high)), (query, enrich(response, low))]
    scores = np.array(scorer.score(pairs, ideal)).reshape(len(queries), 2)
    assert (scores[:, 0] > scores[:, 1]).all(), scores


def test_combiner_probability_fill_and_roundtrip():
    params = CombinerParams(metrics=("vera_faithfulness", "vera_retrieval_precision"),
                            weights=(3.0, 1.0), bias=-2.0,
                            fill={"vera_faithfulness": 0.5, "vera_retrieval_precision": 0.4})
    assert params.probability({"vera_faithfulness": 1.0, "vera_retrieval_precision": 1.0}) == \
        pytest.approx(1 / (1 + np.exp(-2.0)))
    assert params.probability({"vera_faithfulness": None, "vera_retrieval_precision": 0.4}) == \
        pytest.approx(1 / (1 + np.exp(-(-2.0 + 1.5 + 0.4))))
    assert CombinerParams.from_dict(json.loads(json.dumps(params.to_dict()))) == params
    metric = vera_combined(params)
    good = ragvet.evaluate([record()], [metric], scripted(True)).results[0]
    bad = ragvet.evaluate([record()], [metric], scripted(False)).results[0]
    assert good.scores["vera_combined"] > bad.scores["vera_combined"]
    assert 0.0 < bad.scores["vera_combined"] < good.scores["vera_combined"] < 1.0


def test_the_declared_range_is_the_scorers(monkeypatch):
    monkeypatch.delenv(CROSS_ENCODER_ENV, raising=False)
    assert vera_aggregate().range == (0.0, 1.0)  # the fitted combiner's P(right)
    assert vera_aggregate(scorer=BiEncoderScorer()).range == (-1.0, 1.0)  # a cosine
    assert vera_aggregate(cross_encoder="some/model").range == (-math.inf, math.inf)  # a logit
    assert vera_aggregate(scorer=ConstantScorer()).range == ConstantScorer.range


def test_without_a_cross_encoder_the_default_is_the_fitted_combiner_and_says_so(monkeypatch):
    monkeypatch.delenv(CROSS_ENCODER_ENV, raising=False)
    assert default_scorer() is None
    good = ragvet.evaluate([record()], [*VERA_METRICS, vera_aggregate()], scripted(True))
    bad = ragvet.evaluate([record()], [*VERA_METRICS, vera_aggregate()], scripted(False))
    high, low = (r.results[0].scores["vera_aggregate"] for r in (good, bad))
    assert 0.0 <= low < high <= 1.0
    (component,) = [c for c in good.results[0].components if c.metric == "vera_aggregate"
                    and c.kind == "enriched_response"]
    assert "fitted combiner" in component.reason
    assert component.detail["scorer"]["kind"].startswith("fitted combiner")
