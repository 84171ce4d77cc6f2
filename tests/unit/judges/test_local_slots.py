"""Model slots load real local models: tiny random ones that the test builds and saves."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ragvet.errors import ConfigError
from ragvet.judges.base import AnswersItem, SupportItem
from ragvet.judges.factory import make_judge
from ragvet.judges.ops import ANSWERS, EMBED, SUPPORTED

WORDS = [
    "the", "tower", "was", "completed", "in", "named", "after", "clock", "city", "built",
    "bridge", "river", "it", "is", "a", "of", "and", "by", "to", "1896", "1856", "queen", "who",
    "when"
]


def _tiny_bert(folder: Path, *, labels: int | None = None):
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertModel, BertTokenizerFast

    folder.mkdir(parents=True)
    vocab = folder / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS]) + "\n")
    tokenizer = BertTokenizerFast(vocab_file=str(vocab), do_lower_case=True)
    config = BertConfig(vocab_size=len(WORDS) + 5, hidden_size=16, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=32,
                        max_position_embeddings=64)
    torch.manual_seed(0)
    if labels is None:
        model = BertModel(config)
    else:
        config.num_labels = labels
        if labels == 3:
            config.id2label = {0: "contradiction", 1: "entailment", 2: "neutral"}
            config.label2id = {v: k for k, v in config.id2label.items()}
        model = BertForSequenceClassification(config)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory):
    from sentence_transformers import SentenceTransformer, models

    root = tmp_path_factory.mktemp("models")
    bert = _tiny_bert(root / "bert")
    encoder = SentenceTransformer(modules=[models.Transformer(str(bert)),
                                           models.Pooling(16, pooling_mode="mean")],
                                  device="cpu")
    encoder.save(str(root / "embedder"))
    _tiny_bert(root / "nli", labels=3)
    _tiny_bert(root / "reranker", labels=1)
    return root


SOURCE = "The clock tower was completed in 1896. It was named after a queen."


def test_all_three_slots_load_and_score(tiny_models):
    judge = make_judge("local", {"embedding_model": str(tiny_models / "embedder"),
                                 "nli_model": str(tiny_models / "nli"),
                                 "reranker_model": str(tiny_models / "reranker")})
    described = judge.describe()
    assert described["embedding_model"].endswith("embedder")
    assert described["nli_model"].endswith("nli") and described["reranker_model"].endswith(
        "reranker")
    (vector,) = asyncio.run(judge.run(EMBED, ["the tower was built"]))
    assert len(vector) == 16  # the tiny model's width, not MiniLM's 384
    (support,) = asyncio.run(judge.run(SUPPORTED, [SupportItem(claim="The tower was completed in "
                                                                "1896.", sources=(SOURCE,))]))
    assert 0.0 <= support.detail["nli_entailment"] <= 1.0
    assert "NLI entailment" in support.reason
    question = "When was the tower completed?"
    (answer,) = asyncio.run(judge.run(ANSWERS, [AnswersItem(question=question,
                                                       text=SOURCE)]))
    assert answer.value in (True, False)
    assert answer.detail["similarity"] == "reranker"
    assert 0.0 <= answer.detail["features"]["cosine"] <= 1.0  # the reranker's probability


def test_a_missing_slot_is_a_config_error(tmp_path):
    judge = make_judge("local", {"embedding_model": str(tmp_path / "nowhere")})
    with pytest.raises(ConfigError, match="cannot load embedding model"):
        asyncio.run(judge.run(EMBED, ["x"]))


def test_unknown_options_are_rejected():
    with pytest.raises(ConfigError, match="unknown \\[judge\\] option"):
        make_judge("local", {"nli_modle": "x"})
