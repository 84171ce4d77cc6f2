"""The sentence encoder through ONNX Runtime gives sentence-transformers' vectors, keeps its
exported graph in the cache folder, and falls back to torch where it cannot run a model."""

from __future__ import annotations

import asyncio
import sys

import numpy as np
import pytest

from ragvet.errors import ConfigError
from ragvet.judges.local import LocalJudge, build_local_judge
from ragvet.judges.local import onnx_encoder as O
from ragvet.judges.local.models import DEFAULT_EMBEDDING, load_embedding_model
from ragvet.judges.ops import EMBED

TEXTS = [
    "The ferry to the island leaves every two hours from pier 4.",
    "",
    "Yes.",
    "Refunds are paid within 14 days of the cancellation, minus a handling fee of 12 euros.",
    "Die Fähre fährt stündlich.",
    " ".join(["The warranty covers parts and labour for the first year."] * 40),  # > 256 tokens
    "Ticket prices: adults $9.50, children under 12 free; cash is not accepted.",
]


@pytest.fixture(scope="module")
def model():
    return load_embedding_model(DEFAULT_EMBEDDING)


def test_the_onnx_vectors_are_the_torch_vectors_in_the_callers_order(model) -> None:
    encoder = O.load_onnx_encoder(DEFAULT_EMBEDDING)
    torch_rows = model.encode(TEXTS, batch_size=64, normalize_embeddings=True,
                              convert_to_numpy=True, show_progress_bar=False)
    onnx_rows = encoder(TEXTS)
    assert onnx_rows.shape == torch_rows.shape and onnx_rows.dtype == np.float32
    assert np.abs(onnx_rows - torch_rows).max() < 1e-5  # float32 rounding only
    assert np.allclose(np.linalg.norm(onnx_rows, axis=1), 1.0, atol=1e-5)
    # more texts than one batch, shuffled lengths: each row still belongs to its own text
    many = [f"Sentence number {i} says {'very ' * (i % 17)}little." for i in range(150)]
    assert np.abs(encoder(many) - model.encode(many, normalize_embeddings=True,
                                               show_progress_bar=False)).max() < 1e-5
    assert encoder([]).shape == (0, 384)


def test_the_exported_graph_is_kept_and_read_back(model, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("RAGVET_CACHE_DIR", str(tmp_path))
    path = O._exported(model)
    (kept,) = (tmp_path / "onnx").glob("*.onnx")
    assert path == str(kept) and kept.stat().st_size > 1_000_000
    assert not list((tmp_path / "onnx").glob("*.partial"))

    def no_export(_model):
        raise AssertionError("exported again although the cache holds the graph")
    monkeypatch.setattr(O, "_export", no_export)
    assert O._exported(model) == path


def test_an_unwritable_cache_folder_still_gives_a_graph(model, tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("RAGVET_CACHE_DIR", str(blocker))
    graph = O._exported(model)
    assert isinstance(graph, bytes) and len(graph) > 1_000_000


def test_the_cache_folder_follows_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("RAGVET_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert O.cache_dir() == tmp_path / "ragvet"
    monkeypatch.setenv("RAGVET_CACHE_DIR", str(tmp_path / "mine"))
    assert O.cache_dir() == tmp_path / "mine"


def test_without_onnxruntime_the_model_is_not_supported(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import fails
    with pytest.raises(O.UnsupportedModel, match="onnxruntime"):
        O._session_for(DEFAULT_EMBEDDING)


class _Pooling:
    def __init__(self, config: dict) -> None:
        self._config = config

    def get_config_dict(self) -> dict:
        return self._config


class Transformer:
    pass


class Pooling(_Pooling):
    pass


class Dense:
    pass


@pytest.mark.parametrize("layers", [
    [Transformer(), Pooling({"pooling_mode": "cls"})],
    [Transformer(), Pooling({"pooling_mode_mean_tokens": True,
                             "pooling_mode_max_tokens": True})],
    [Transformer(), Pooling({"pooling_mode": "mean"}), Dense()],
])
def test_only_mean_pooled_transformers_are_exported(layers) -> None:
    with pytest.raises(O.UnsupportedModel):
        O._check_layout(layers)
    O._check_layout([Transformer(), Pooling({"pooling_mode_mean_tokens": True,
                                             "pooling_mode_cls_token": False})])


def test_auto_falls_back_to_torch_and_onnx_says_why(monkeypatch) -> None:
    def unsupported(name):
        raise O.UnsupportedModel("layers ['Transformer', 'Pooling', 'Dense']")
    monkeypatch.setattr(O, "load_onnx_encoder", unsupported)
    assert O.resolve_backend("auto", "some/model") == ("torch", None)
    assert O.resolve_backend("torch", "some/model") == ("torch", None)
    with pytest.raises(ConfigError, match="Dense"):
        O.resolve_backend("onnx", "some/model")


def test_the_judge_reports_its_backend_and_gives_the_same_vectors() -> None:
    by_backend = {}
    for backend in ("torch", "auto"):
        judge = LocalJudge(encoder=backend)
        assert judge.encoder_backend is None  # nothing loaded before the first use
        by_backend[backend] = asyncio.run(judge.run(EMBED, TEXTS[:4]))
        assert judge.encoder_backend == ("torch" if backend == "torch" else "onnx")
    assert np.abs(np.array(by_backend["torch"]) - np.array(by_backend["auto"])).max() < 1e-5
    assert "encoder" not in LocalJudge(encoder="torch").describe()  # same vectors, same run


def test_the_encoder_option_is_checked() -> None:
    assert build_local_judge("encoder=torch", {}).encoder == "torch"
    assert build_local_judge("", {"encoder": "onnx"}).encoder == "onnx"
    assert build_local_judge("", {}).encoder == "auto"
    with pytest.raises(ConfigError, match="encoder must be one of auto, onnx, torch"):
        build_local_judge("encoder=gpu", {})
    with pytest.raises(ValueError, match="encoder"):
        LocalJudge(encoder="fast")


def test_a_damaged_kept_graph_is_exported_again(model, tmp_path, monkeypatch) -> None:
    import onnxruntime as ort

    monkeypatch.setenv("RAGVET_CACHE_DIR", str(tmp_path))
    kept = O.cache_dir() / "onnx" / f"{O._fingerprint(model)}.onnx"
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"not an onnx graph")
    session = O._session(ort, model, ort.SessionOptions())
    assert session.get_inputs() and kept.stat().st_size > 1_000_000
