"""Caps: the most units one record's decomposition may hand to the judge.

A 50,000-word response holds thousands of claims and sentences; judging every one costs
minutes and gigabytes and says little more than the first few hundred. A step that finds
more units than its cap judges the first `limit` of them and notes the cap on the record
(`RecordResult.capped`, the results file's `capped`: step → {"limit", "found"}).

The defaults sit far above anything an ordinary answer holds (the bundled example and the
benchmark data sets never reach them), so they change no score there.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import ConfigError


@dataclass(frozen=True, slots=True)
class Caps:
    """Most units per record and step; None for no cap."""

    claims: int | None = 100           # claims of the response (RP, GR, faithfulness, …)
    facts_per_source: int | None = 200  # claims of each source (SP2)
    sentences: int | None = 200        # sentences of the response (SD)
    subquestions: int | None = 20      # sub-questions of the query (SQC, RQC)

    @classmethod
    def parse(cls, text: str) -> Caps:
        """'claims=100,sentences=none' → Caps; unnamed caps keep their defaults."""
        known = {f.name for f in fields(cls)}
        values: dict[str, int | None] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            name = name.strip().replace("-", "_")
            if name not in known or not value.strip():
                raise ConfigError(f"unknown cap {part!r}; use NAME=N with NAME one of "
                                  f"{', '.join(sorted(known))}, e.g. claims=500")
            values[name] = _limit(name, value.strip())
        return cls(**values)


NO_CAPS = Caps(claims=None, facts_per_source=None, sentences=None, subquestions=None)


def _limit(name: str, value: str) -> int | None:
    if value.lower() in ("none", "off"):
        return None
    if not value.isdigit() or int(value) < 1:
        raise ConfigError(f"cap {name}={value!r} is not a positive whole number or 'none'")
    return int(value)
