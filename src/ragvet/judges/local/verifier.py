"""The learned grounding verifier: "is this claim supported by this evidence?" as a probability.

A cross-encoder fine-tuned from all-MiniLM-L6-v2 (recipe, data and measured figures in
`verifier_model/MODEL_CARD.md`; the training script is `training/fit_verifier.py`). It reads
`[CLS] claim [SEP] evidence [SEP]` (at most 256 tokens, the longer of the two cut first: in
practice the evidence) and gives one logit; the probability is its sigmoid, taken
once here.

Evidence is built by `evidence_for`, the same function the training data was built with: the
source sentences sharing the most (rarer) content words with the claim, up to a word budget,
put back in reading order. Noisy pages support a claim with lines far apart; a window of
consecutive sentences would miss them.

Nothing is loaded on import: torch, transformers and the weights load on the first `predict`.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...text import content_stems, words
from .scoring import Sentence, passage_sentences

EVIDENCE_WORDS = 180
MAX_TOKENS = 256
MAX_CLAIM_WORDS = 100
BATCH = 32
MODEL_DIR = Path(__file__).parent / "verifier_model"
WEIGHTS = "model.safetensors"
BLEND_FILE = MODEL_DIR / "blend.json"
SECOND_STAGE_FILE = MODEL_DIR / "second_stage.json"


def evidence_for(claim: str, parts: Sequence[Sentence], budget: int = EVIDENCE_WORDS) -> str:
    """The sentences of `parts` nearest `claim`, in reading order, at most `budget` words.

    Nearness is the claim's content stems a sentence reaches (its own, and its passage subject
    when it starts with a pronoun), each weighted by how rare it is among `parts`. Sentences
    sharing nothing with the claim are left out unless nothing is shared at all.
    """
    if not parts:
        return ""
    wanted = content_stems(claim)
    df: dict[str, int] = {}
    for s in parts:
        for w in s.reach & wanted:
            df[w] = df.get(w, 0) + 1
    n = len(parts)
    weight = {w: math.log(1.0 + n / d) for w, d in df.items()}
    scored = sorted(range(n), key=lambda i: (-sum(weight[w]
                                                  for w in sorted(parts[i].reach & wanted)), i))
    chosen: list[int] = []
    used = 0
    for i in scored:
        shared = parts[i].reach & wanted
        if chosen and not shared:
            break
        size = len(words(parts[i].text))
        if chosen and used + size > budget:
            continue
        chosen.append(i)
        used += size
        if used >= budget:
            break
    ordered = sorted(chosen, key=lambda i: (parts[i].passage, parts[i].position))
    text = " ".join(parts[i].text for i in ordered)
    return _clip(text, budget) if used > budget else text


def evidence_from_sources(claim: str, sources: Sequence[str],
                          budget: int = EVIDENCE_WORDS) -> str:
    """`evidence_for` over every sentence of `sources` (the training data's construction)."""
    parts = tuple(s for j, src in enumerate(sources) for s in passage_sentences(src, j))
    return evidence_for(claim, parts, budget)


def _clip(text: str, budget: int) -> str:
    """The first `budget` whitespace-separated words of `text` (one very long sentence)."""
    return " ".join(text.split()[:budget])


def sigmoid(logit: float) -> float:
    if logit >= 0:
        return 1.0 / (1.0 + math.exp(-logit))
    e = math.exp(logit)
    return e / (1.0 + e)


def logit(p: float, eps: float = 1e-4) -> float:
    p = min(1 - eps, max(eps, p))
    return math.log(p / (1 - p))


def source_words(sources: Sequence[str]) -> int:
    """How long a claim's sources are, in whitespace-separated words (the blend's length)."""
    return sum(len(s.split()) for s in sources)


@dataclass(frozen=True, slots=True)
class VerifierBlend:
    """How the rules and the verifier are combined (`training/fit_verifier_blend.py`):
    σ(w_r·logit(p_rules) + w_v·verifier_logit + w_s·log(1 + source words) + b), the source
    length clamped to the range it was fitted on. `vetoes_applied` says whether the rules'
    vetoes (a number no source mentions, the speaker's own words, a contradiction) still
    force a claim to unsupported, or are only reported where the blend overrules them."""

    rules: float
    verifier: float
    source_length: float
    bias: float
    threshold: float
    length_range: tuple[float, float]
    vetoes_applied: bool
    version: str
    words: int = 0  # the sources' length (`for_sources`)

    def for_sources(self, sources: Sequence[str]) -> VerifierBlend:
        """This blend for a claim against `sources` (their length is one of its inputs)."""
        return replace(self, words=source_words(sources))

    def probability(self, rules_probability: float, verifier_probability: float) -> float:
        low, high = self.length_range
        length = min(high, max(low, math.log1p(self.words)))
        return sigmoid(self.rules * logit(rules_probability)
                       + self.verifier * logit(verifier_probability, 1e-9)
                       + self.source_length * length + self.bias)


@lru_cache(maxsize=4)  # one file in practice; a test's own at most
def load_blend(path: Path = BLEND_FILE) -> VerifierBlend:
    raw = json.loads(path.read_text(encoding="utf-8"))
    weights = raw["weights"]
    return VerifierBlend(rules=weights["rules_logit"], verifier=weights["verifier_logit"],
                         source_length=weights["log_source_words"], bias=raw["bias"],
                         threshold=raw["threshold"],
                         length_range=tuple(raw["log_source_words_range"]),
                         vetoes_applied=raw["vetoes"] == "applied", version=raw["version"])


@dataclass(frozen=True, slots=True)
class SecondStage:
    """Which verdicts the verifier re-checks in the `uncertain` mode
    (`training/fit_verifier_stage.py`): the claims the rules find supported with a
    probability below `below`. The rules' other verdicts stand as they are."""

    below: float
    version: str

    def rechecks(self, value: bool | None, probability: float | None) -> bool:
        return bool(value) and (probability if probability is not None else 1.0) < self.below


@lru_cache(maxsize=4)
def load_second_stage(path: Path = SECOND_STAGE_FILE) -> SecondStage:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return SecondStage(below=float(raw["recheck_supported_below"]), version=raw["version"])


def weights_available(folder: Path = MODEL_DIR) -> bool:
    return (folder / WEIGHTS).is_file() and (folder / "config.json").is_file()


class Verifier:
    """Scores (claim, evidence) pairs; loads its model on first use, once, thread-safely.

    `quantize=True` applies torch's dynamic int8 quantisation to the linear layers (about
    20 % faster on CPU, ranking unchanged within measurement noise; see the model card).
    """

    def __init__(self, folder: Path | str = MODEL_DIR, *, quantize: bool = False,
                 threads: int | None = None) -> None:
        self.folder = Path(folder)
        self.quantize = quantize
        self.threads = threads
        self._model: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def _load(self) -> None:
        with self._lock:
            if self._model is not None:
                return
            import torch
            from safetensors.torch import load_file
            from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

            from ...errors import ConfigError
            from .models import _quiet, builtin_embedding_path

            _quiet()
            if not weights_available(self.folder):
                raise ConfigError(f"no verifier weights in {self.folder}")
            if self.threads:
                torch.set_num_threads(self.threads)
            config = BertConfig.from_json_file(str(self.folder / "config.json"))
            model = BertForSequenceClassification(config)
            state = {k: v.float() for k, v in load_file(str(self.folder / WEIGHTS)).items()}
            missing, unexpected = model.load_state_dict(state, strict=False)
            missing = [k for k in missing if not k.endswith("position_ids")]
            if missing or unexpected:
                raise ConfigError(f"verifier weights do not fit the model: missing {missing}, "
                                  f"unexpected {unexpected}")
            model.eval()
            if self.quantize:
                model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear},
                                                               dtype=torch.qint8)
            self._tokenizer = AutoTokenizer.from_pretrained(str(builtin_embedding_path()))
            self._model = model

    def logits(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """One logit per (claim, evidence) pair, as in training (claims clipped to 100 words)."""
        if not pairs:
            return []
        if self._model is None:
            self._load()
        import torch

        pairs = [(_clip(c, MAX_CLAIM_WORDS), e) for c, e in pairs]
        order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        out = [0.0] * len(pairs)
        with torch.inference_mode():
            for start in range(0, len(order), BATCH):
                batch = order[start:start + BATCH]
                encoded = self._tokenizer([pairs[i][0] for i in batch],
                                          [pairs[i][1] or "." for i in batch],
                                          truncation="longest_first", max_length=MAX_TOKENS,
                                          padding=True, return_tensors="pt")
                values = self._model(**encoded).logits[:, 0].float().tolist()
                for i, v in zip(batch, values, strict=True):
                    out[i] = float(v)
        return out

    def predict(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Probability that each claim is supported by its evidence (sigmoid of the logit)."""
        return [sigmoid(v) for v in self.logits(pairs)]


_SHARED: dict[tuple[str, bool], Verifier] = {}
_SHARED_LOCK = threading.Lock()


def shared_verifier(folder: Path | str = MODEL_DIR, *, quantize: bool = False) -> Verifier:
    """One verifier per (folder, quantize) per process: the judges of a run share its model."""
    key = (str(folder), quantize)
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = Verifier(folder, quantize=quantize)
        return _SHARED[key]


# off: the rules alone; on / int8: every `supported` verdict blends the rules with the
# verifier (int8: the model quantised); uncertain: the rules decide, and the verifier (through
# the same blend) re-checks only the claims they find supported with little confidence
VERIFIER_MODES = ("off", "on", "int8", "uncertain")


class SupportStage:
    """The local judge's hook: the verifier's probability for each claim against the evidence
    built from its sources by `evidence_from_sources` (None where there is none).

    The judge passes it to `support_verdict` as its second opinion (the same slot an NLI
    model fills). Alone, it is combined with the rules' probability by the fitted blend
    (`blend`, `VerifierBlend`); next to an NLI model, the two are averaged first and that
    average is averaged with the rules, as for an NLI model alone.
    """

    def __init__(self, mode: str = "on", folder: Path | str = MODEL_DIR) -> None:
        if mode not in VERIFIER_MODES[1:]:
            raise ValueError(f"verifier mode must be one of {', '.join(VERIFIER_MODES[1:])}")
        self.mode = mode
        self.folder = Path(folder)

    @property
    def blend(self) -> VerifierBlend:
        return load_blend()

    @property
    def second_stage(self) -> SecondStage | None:
        """Which rules' verdicts it re-checks, in the `uncertain` mode (None: it weighs in on
        every `supported` verdict)."""
        return load_second_stage() if self.mode == "uncertain" else None

    @property
    def verifier(self) -> Verifier:
        return shared_verifier(self.folder, quantize=self.mode == "int8")

    def support(self, claims: Sequence[str], sources: Sequence[Sequence[str]],
                other: Sequence[float | None] | None = None) -> list[float | None]:
        """Per claim: the verifier's probability against evidence drawn from all sentences of
        its sources (as in training), averaged with `other` (an NLI model's entailment) where
        that is given."""
        pairs = [(c, evidence_from_sources(c, s)) for c, s in zip(claims, sources, strict=True)]
        known = [k for k, (_, evidence) in enumerate(pairs) if evidence]
        probabilities = self.probabilities([pairs[k] for k in known])
        out: list[float | None] = [None] * len(pairs)
        for k, p in zip(known, probabilities, strict=True):
            prior = other[k] if other is not None else None
            out[k] = p if prior is None else (p + prior) / 2
        return out

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return self.verifier.predict(pairs)

    def describe(self) -> str:
        return self.mode
