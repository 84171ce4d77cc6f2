"""The offline judge (`--judge local`): no API key, no download at run time.

Importing this package is light: models and torch load on first use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...errors import ConfigError
from .judge import VERDICT_MODES, LocalJudge
from .models import DEFAULT_EMBEDDING
from .onnx_encoder import ENCODER_BACKENDS
from .params import load_params
from .verifier import VERIFIER_MODES

__all__ = ["LocalJudge", "build_local_judge"]

_SLOTS = ("embedding_model", "nli_model", "reranker_model")
_OPTIONS = (*_SLOTS, "params", "verdicts", "verifier", "encoder")
# Sentence vectors kept by a judge built from the CLI or a config (about 1.6 kB each): enough
# for the records in flight (about 12 new texts each) and the sources they share, and full
# within the first 1,000 streamed records (16,384 filled at about 1,550), so memory stays flat
# over long runs. (LocalJudge's own default, for training and benchmarks that go over the same
# texts again, stays larger.)
RUN_VECTOR_CACHE = 8192


def build_local_judge(argument: str, options: Mapping[str, Any]) -> LocalJudge:
    """`--judge local[:PARAMS.json]` or `--judge local:verifier=on` (KEY=VALUE options, comma
    separated); model slots come from the `[judge]` table of ragvet.toml."""
    argument, options = _inline_options(argument, options)
    unknown = sorted(set(options) - set(_OPTIONS) - {"kind", "name"})
    if unknown:
        raise ConfigError(f"unknown [judge] option(s) for the local judge: {', '.join(unknown)}; "
                          f"known: {', '.join(_OPTIONS)}")
    verdicts = str(options.get("verdicts") or "probability")
    if verdicts not in VERDICT_MODES:
        raise ConfigError(f"[judge] verdicts must be one of {', '.join(VERDICT_MODES)}, "
                          f"not {verdicts!r}")
    verifier = str(options.get("verifier") or "off")
    if verifier not in VERIFIER_MODES:
        raise ConfigError(f"[judge] verifier must be one of {', '.join(VERIFIER_MODES)}, "
                          f"not {verifier!r}")
    encoder = str(options.get("encoder") or "auto")
    if encoder not in ENCODER_BACKENDS:
        raise ConfigError(f"[judge] encoder must be one of {', '.join(ENCODER_BACKENDS)}, "
                          f"not {encoder!r}")
    params = load_params(argument or options.get("params") or None)
    return LocalJudge(
        params,
        embedding_model=str(options.get("embedding_model") or DEFAULT_EMBEDDING),
        nli_model=_slot(options.get("nli_model")),
        reranker_model=_slot(options.get("reranker_model")),
        verdicts=verdicts,
        verifier=verifier,
        vector_cache=RUN_VECTOR_CACHE,
        encoder=encoder,
    )


def _inline_options(argument: str, options: Mapping[str, Any]
                    ) -> tuple[str, Mapping[str, Any]]:
    """`verifier=on,verdicts=yes-no` after `local:` are options; anything else is a path."""
    if not re.fullmatch(r"\w+=[^,=]*(?:,\w+=[^,=]*)*", argument):
        return argument, options
    inline = dict(pair.split("=", 1) for pair in argument.split(","))
    return "", {**options, **inline}


def _slot(value: Any) -> str | None:
    return str(value) if value else None
