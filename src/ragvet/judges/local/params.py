"""Fitted parameters of the offline judge: a small versioned JSON file shipped in the package."""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from ...errors import ConfigError

PARAMS_DIR = Path(__file__).parent / "params"
DEFAULT_PARAMS = PARAMS_DIR / "local-v8.json"

RELEVANCE_FEATURES = ("cosine", "coverage", "predicate", "answer_type", "novelty",
                      "predicate_x_type", "cosine_x_type")
SUPPORT_FEATURES = ("cosine", "coverage_best", "coverage_all", "number_missing",
                    "number_missing_near", "entity_missing", "negation_mismatch")
# The direction each feature may push a verdict (the fit keeps every weight on its side):
# more similarity or coverage never counts against a match, a missing number never for one.
RELEVANCE_SIGNS = (1, 1, 1, 1, 1, 1, 1)
SUPPORT_SIGNS = (1, 1, 1, -1, -1, -1, -1)


@dataclass(frozen=True, slots=True)
class Linear:
    """A logistic model: p = sigmoid(bias + Σ weight·feature)."""

    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float

    def probability(self, values: Mapping[str, float]) -> float:
        z = self.bias + sum(w * values[f] for f, w in zip(self.features, self.weights,
                                                            strict=True))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def to_dict(self) -> dict[str, Any]:
        return {"features": list(self.features), "weights": [round(w, 6) for w in self.weights],
                "bias": round(self.bias, 6)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], expected: Sequence[str]) -> Linear:
        features = tuple(data["features"])
        if features != tuple(expected):
            raise ConfigError(f"params features {features} do not match {tuple(expected)}")
        return cls(features=features, weights=tuple(float(w) for w in data["weights"]),
                   bias=float(data["bias"]))


@dataclass(frozen=True, slots=True)
class Platt:
    """A calibration map: p → σ(a·logit(p) + b), strictly increasing for a > 0; 0 and 1 stay."""

    a: float
    b: float

    def __call__(self, p: float, source_words: int | None = None) -> float:
        if p <= 0.0 or p >= 1.0:
            return p
        return _sigmoid(self.a * math.log(p / (1 - p)) + self.b)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Platt:
        a = float(data["a"])
        if a <= 0:
            raise ConfigError(f"a calibration map must increase (a > 0), got a={a}")
        return cls(a=a, b=float(data["b"]))


@dataclass(frozen=True, slots=True)
class Isotonic:
    """A calibration map read off an isotonic fit: the points (raw p, share of yes) of its
    blocks, joined by straight lines. Strictly increasing between the first and the last
    point, flat beyond the last; from 0 up to the first point a line from (0, 0), so a
    vetoed 0 stays 0. The decisions are made before the map (on the raw probability), so
    the map can never turn a yes into a no."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    def __call__(self, p: float, source_words: int | None = None) -> float:
        if p <= 0.0:
            return 0.0
        xs, ys = self.xs, self.ys
        if p <= xs[0]:
            return ys[0] * p / xs[0]
        if p >= xs[-1]:
            return ys[-1]
        k = bisect.bisect_right(xs, p)
        x0, x1, y0, y1 = xs[k - 1], xs[k], ys[k - 1], ys[k]
        return y0 + (y1 - y0) * (p - x0) / (x1 - x0)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Isotonic:
        xs = tuple(float(x) for x in data["x"])
        ys = tuple(float(y) for y in data["y"])
        if not xs or len(xs) != len(ys):
            raise ConfigError("an isotonic calibration needs as many x as y points, at least 1")
        if any(b <= a for a, b in pairwise(xs)) or any(b <= a for a, b in pairwise(ys)):
            raise ConfigError("an isotonic calibration's x and y points must both increase")
        if xs[0] <= 0.0 or not all(0.0 <= y <= 1.0 for y in ys):
            raise ConfigError("an isotonic calibration's points must lie in (0, 1] × [0, 1]")
        return cls(xs=xs, ys=ys)


@dataclass(frozen=True, slots=True)
class SizedLogistic:
    """A calibration map that reads the sources' length as well as p. With L = log(1 + source
    words), clamped to the range it was fitted on:

    - p > 0: σ(slope(L)·logit(p) + offset(L)), slope(L) = a0 + a1·L > 0 over that range;
    - p = 0 (a rule's veto: a number no source mentions, a contradiction, …): σ(c0 + c1·L),
      the share of such claims that were supported after all;

    and no p above 0 reads lower than a veto of the same length, so the map never puts a claim
    the rules vetoed above one they did not. The rules' vetoes are surest on short passages
    and least sure on long pages (a number in a table, a name spelt another way), which one
    map of p alone cannot say."""

    slope: tuple[float, float]
    offset: tuple[float, float]
    veto: tuple[float, float]
    log_words_range: tuple[float, float]

    def __call__(self, p: float, source_words: int | None = None) -> float:
        low, high = self.log_words_range
        length = min(high, max(low, math.log1p(source_words or 0)))
        vetoed = _sigmoid(self.veto[0] + self.veto[1] * length)
        if p <= 0.0:
            return vetoed
        p = min(p, 1.0 - 1e-6)
        slope = self.slope[0] + self.slope[1] * length
        z = slope * math.log(p / (1 - p)) + self.offset[0] + self.offset[1] * length
        return max(vetoed, _sigmoid(z))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SizedLogistic:
        def pair(key: str) -> tuple[float, float]:
            a, b = (float(v) for v in data[key])
            return a, b

        made = cls(slope=pair("slope"), offset=pair("offset"), veto=pair("veto"),
                   log_words_range=pair("log_words_range"))
        low, high = made.log_words_range
        if not 0.0 <= low <= high:
            raise ConfigError("a sized calibration's log_words_range must be 0 ≤ low ≤ high")
        if min(made.slope[0] + made.slope[1] * x for x in (low, high)) <= 0:
            raise ConfigError("a sized calibration must increase with p (slope > 0 over "
                              "its length range)")
        return made


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


CalibrationMap = Platt | Isotonic | SizedLogistic
CALIBRATION_METHODS = {"platt": Platt, "isotonic": Isotonic, "sized-logistic": SizedLogistic}


def calibration_map(data: Mapping[str, Any]) -> CalibrationMap:
    """The map a params file's calibration entry describes (`method`: one of
    CALIBRATION_METHODS; platt when unnamed)."""
    method = data.get("method", "platt")
    if method not in CALIBRATION_METHODS:
        raise ConfigError(f"unknown calibration method {method!r} "
                          f"(known: {', '.join(CALIBRATION_METHODS)})")
    try:
        return CALIBRATION_METHODS[method].from_dict(data)
    except (KeyError, TypeError, ValueError) as err:
        raise ConfigError(f"invalid {method} calibration: {err}") from err


@dataclass(frozen=True, slots=True)
class Params:
    version: str
    relevance: Linear
    essential_threshold: float
    answers_threshold: float
    support: Linear
    support_threshold: float
    fitted_on: tuple[str, ...] = ()
    tuning: Mapping[str, Any] | None = None
    # the support threshold where the sources are a long page (contradiction.LONG_PAGE_WORDS):
    # a claim there is mostly put together from several sentences, in other words, so its
    # probability runs lower (training.fit_long_page_threshold); None: `support_threshold`
    long_page_threshold: float | None = None
    # operation kind ("support", "relevance") → its calibration map; the raw entries are kept
    # in `calibration_info` so that a saved file keeps what it was fitted on
    calibration: Mapping[str, CalibrationMap] | None = None
    calibration_info: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "fitted_on": list(self.fitted_on),
            "relevance": {**self.relevance.to_dict(),
                          "essential_threshold": round(self.essential_threshold, 4),
                          "answers_threshold": round(self.answers_threshold, 4)},
            "support": {**self.support.to_dict(), "threshold": round(self.support_threshold, 4),
                        **({"long_page_threshold": round(self.long_page_threshold, 4)}
                           if self.long_page_threshold is not None else {})},
            "tuning": dict(self.tuning or {}),
            **({"calibration": dict(self.calibration_info)} if self.calibration_info else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Params:
        try:
            rel, sup = data["relevance"], data["support"]
            return cls(
                version=str(data["version"]),
                relevance=Linear.from_dict(rel, RELEVANCE_FEATURES),
                essential_threshold=float(rel["essential_threshold"]),
                answers_threshold=float(rel["answers_threshold"]),
                support=Linear.from_dict(sup, SUPPORT_FEATURES),
                support_threshold=float(sup["threshold"]),
                long_page_threshold=(float(sup["long_page_threshold"])
                                     if sup.get("long_page_threshold") is not None else None),
                fitted_on=tuple(data.get("fitted_on", ())),
                tuning=data.get("tuning"),
                calibration={kind: calibration_map(c) for kind, c in
                             (data.get("calibration") or {}).items()} or None,
                calibration_info=data.get("calibration") or None,
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ConfigError(f"invalid local judge params: {err}") from err


def load_params(path: str | Path | None = None) -> Params:
    """The shipped parameters, or a params file written by `training.fit_local_judge`."""
    target = Path(path) if path else DEFAULT_PARAMS
    try:
        return Params.from_dict(json.loads(target.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as err:
        raise ConfigError(f"cannot read local judge params {target}: {err}") from err


def save_params(params: Params, path: str | Path) -> None:
    Path(path).write_text(json.dumps(params.to_dict(), indent=2) + "\n", encoding="utf-8")


def initial_params() -> Params:
    """Hand-set starting point (used before fitting and by the fit script as a prior)."""
    return Params(
        version="local-v0",
        relevance=Linear(RELEVANCE_FEATURES, (3.0, 1.0, 1.0, 0.5, 0.5, 1.5, 1.5), -4.0),
        essential_threshold=0.5, answers_threshold=0.5,
        support=Linear(SUPPORT_FEATURES, (4.0, 3.0, 2.0, -3.0, -1.0, -3.0, -1.5), -5.0),
        support_threshold=0.5,
    )
