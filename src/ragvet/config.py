"""Run configuration: a TOML file plus CLI overrides, loaded on purpose (never at import).

Example `ragvet.toml`:

    [evaluate]
    metrics = "thelma"
    judge = "local"
    concurrency = 8

    [diagnosis.thresholds]
    default = { low = 0.6, high = 0.7 }
    GR = { low = 0.8, high = 0.9 }
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .metrics.diagnosis import Band, Thresholds, thresholds_from_mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


@dataclass(frozen=True, kw_only=True)
class EvaluateConfig:
    metrics: str = "thelma"
    judge: str = "local"
    concurrency: int = 8
    thresholds: Thresholds = field(default_factory=Thresholds)
    fail_under: Mapping[str, float] = field(default_factory=dict)
    judge_options: Mapping[str, Any] = field(default_factory=dict)


def read_config_file(path: str | Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise ConfigError(f"cannot read config {path}: {err}") from err
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: invalid TOML: {err}") from err


def load_config(path: str | Path | None = None, *, metrics: str | None = None,
                judge: str | None = None, concurrency: int | None = None,
                thresholds: Sequence[str] = (), fail_under: str | None = None) -> EvaluateConfig:
    """Read the config file (if any), then apply CLI overrides on top."""
    data = read_config_file(path)
    section = data.get("evaluate", {})
    try:
        bands = thresholds_from_mapping(data.get("diagnosis", {}).get("thresholds", {}))
        bands = apply_threshold_flags(bands, thresholds)
    except ValueError as err:
        raise ConfigError(str(err)) from err
    gates = dict(section.get("fail_under", {}))
    gates.update(parse_fail_under(fail_under))
    return EvaluateConfig(
        metrics=metrics or section.get("metrics", "thelma"),
        judge=judge or section.get("judge", "local"),
        concurrency=int(concurrency or section.get("concurrency", 8)),
        thresholds=bands,
        fail_under=gates,
        judge_options=dict(data.get("judge", {})),
    )


def apply_threshold_flags(base: Thresholds, flags: Sequence[str]) -> Thresholds:
    """Flags look like `GR=0.8:0.9` (low:high) or `GR=0.8` (low = high)."""
    bands = dict(base.bands)
    default = base.default
    for flag in flags:
        name, _, value = flag.partition("=")
        if not value:
            raise ValueError(f"threshold {flag!r} must look like DIM=LOW:HIGH, e.g. GR=0.8:0.9")
        low, _, high = value.partition(":")
        try:
            band = Band(float(low), float(high or low))
        except ValueError as err:
            raise ValueError(f"threshold {flag!r}: {err}") from err
        if name.strip() == "default":
            default = band
        else:
            bands[name.strip()] = band
    return thresholds_from_mapping(
        {"default": {"low": default.low, "high": default.high},
         **{k: {"low": b.low, "high": b.high} for k, b in bands.items()}})


def parse_fail_under(spec: str | None) -> dict[str, float]:
    """`GR=0.9,RQC=0.8` → {"GR": 0.9, "RQC": 0.8}."""
    gates: dict[str, float] = {}
    for part in (spec or "").split(","):
        if not part.strip():
            continue
        name, _, value = part.partition("=")
        try:
            gates[name.strip()] = float(value)
        except ValueError as err:
            raise ConfigError(f"--fail-under item {part!r} must look like METRIC=0.9") from err
    return gates
