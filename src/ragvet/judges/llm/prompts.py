"""Prompt files (`prompts/*.md`): front matter (id, version, output) + instructions.

The system message is the instructions, the data rule and the answer format; the user message
is the fenced data. `id@version` goes into every cache key and into the judge's description.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from ...errors import ConfigError
from ..base import Operation
from .fence import RULE, fence

VERDICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"items": {"type": "array", "items": {
        "type": "object",
        "properties": {"id": {"type": "integer"}, "reason": {"type": "string"},
                       "verdict": {"type": "string", "enum": ["yes", "no"]}},
        "required": ["id", "reason", "verdict"]}}},
    "required": ["items"],
}

PARTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"items": {"type": "array", "items": {
        "type": "object",
        "properties": {"id": {"type": "integer"},
                       "parts": {"type": "array", "items": {"type": "string"}}},
        "required": ["id", "parts"]}}},
    "required": ["items"],
}

# prompt front matter `output:` → the operation output kind it answers (judges.base)
OUTPUT_KINDS = {"verdicts": "verdict", "labels": "label", "parts": "parts"}


def label_schema(labels: tuple[str, ...]) -> dict[str, Any]:
    """Like VERDICT_SCHEMA, with a `label` chosen from the operation's labels."""
    return {
        "type": "object",
        "properties": {"items": {"type": "array", "items": {
            "type": "object",
            "properties": {"id": {"type": "integer"}, "reason": {"type": "string"},
                           "label": {"type": "string", "enum": list(labels)}},
            "required": ["id", "reason", "label"]}}},
        "required": ["items"],
    }


def tagged_format(output: str, labels: tuple[str, ...] = ()) -> str:
    if output == "parts":
        return ('Answer with one block per item, in order, and nothing else:\n'
                '<item id="ID">\n- first part\n- second part\n</item>\n'
                'An item with no parts is an empty block.')
    answers = "|".join(labels) if output == "label" else "yes|no"
    return ('Answer with one line per item, in order, and nothing else:\n'
            f'<item id="ID">{answers}: short reason</item>')


@dataclass(frozen=True, slots=True)
class Prompt:
    """A prompt file; `output` is the operation output kind it answers, `labels` the labels
    of a label operation (taken from the operation's declaration)."""

    id: str
    version: str
    output: str
    instructions: str
    labels: tuple[str, ...] = ()

    @property
    def ref(self) -> str:
        return f"{self.id}@{self.version}"

    @property
    def schema(self) -> dict[str, Any]:
        if self.output == "label":
            return label_schema(self.labels)
        return PARTS_SCHEMA if self.output == "parts" else VERDICT_SCHEMA

    def system(self, structured: str) -> str:
        parts = [self.instructions.strip(), RULE,
                 "Give exactly one answer entry per input item, with the item's id."]
        if structured == "json_object":
            parts.append("Reply with one JSON object that follows this JSON schema:\n"
                         + json.dumps(self.schema, separators=(",", ":")))
        elif structured == "text":
            parts.append(tagged_format(self.output, self.labels))
        return "\n\n".join(parts)

    def user(self, data: Any) -> str:
        return fence(data)


@cache
def prompt_for(op: Operation) -> Prompt:
    """The prompt file named after the operation, checked against its declaration."""
    prompt = load_prompt(op.name)
    if prompt.output != op.output:
        raise ConfigError(f"prompt {op.name} answers {prompt.output!r} but the operation "
                          f"declares {op.output!r}")
    return replace(prompt, labels=op.labels)


@cache
def load_prompt(name: str) -> Prompt:
    try:
        text = resources.files(__package__).joinpath("prompts", f"{name}.md").read_text("utf-8")
    except FileNotFoundError as err:
        raise ConfigError(f"no prompt named {name!r}") from err
    _, head, body = text.split("---", 2)
    meta = dict(line.split(":", 1) for line in head.strip().splitlines())
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    if meta.get("output") not in OUTPUT_KINDS:
        raise ConfigError(f"prompt {name}: unknown output {meta.get('output')!r}; "
                          f"known: {', '.join(OUTPUT_KINDS)}")
    return Prompt(id=meta["id"], version=meta["version"], output=OUTPUT_KINDS[meta["output"]],
                  instructions=body.strip())
