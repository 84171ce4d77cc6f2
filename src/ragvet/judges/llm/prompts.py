"""Prompt files (`prompts/*.md`): front matter (id, version, output) + instructions.

The system message is the instructions, the data rule and the answer format; the user message
is the fenced data. `id@version` goes into every cache key and into the judge's description.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ...errors import ConfigError
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

SCHEMAS = {"verdicts": VERDICT_SCHEMA, "parts": PARTS_SCHEMA}

TAGGED_FORMAT = {
    "verdicts": ('Answer with one line per item, in order, and nothing else:\n'
                 '<item id="ID">yes|no: short reason</item>'),
    "parts": ('Answer with one block per item, in order, and nothing else:\n'
              '<item id="ID">\n- first part\n- second part\n</item>\n'
              'An item with no parts is an empty block.'),
}


@dataclass(frozen=True, slots=True)
class Prompt:
    id: str
    version: str
    output: str
    instructions: str

    @property
    def ref(self) -> str:
        return f"{self.id}@{self.version}"

    @property
    def schema(self) -> dict[str, Any]:
        return SCHEMAS[self.output]

    def system(self, structured: str) -> str:
        parts = [self.instructions.strip(), RULE,
                 "Give exactly one answer entry per input item, with the item's id."]
        if structured == "json_object":
            parts.append("Reply with one JSON object that follows this JSON schema:\n"
                         + json.dumps(self.schema, separators=(",", ":")))
        elif structured == "text":
            parts.append(TAGGED_FORMAT[self.output])
        return "\n\n".join(parts)

    def user(self, data: Any) -> str:
        return fence(data)


@cache
def load_prompt(name: str) -> Prompt:
    try:
        text = resources.files(__package__).joinpath("prompts", f"{name}.md").read_text("utf-8")
    except FileNotFoundError as err:
        raise ConfigError(f"no prompt named {name!r}") from err
    _, head, body = text.split("---", 2)
    meta = dict(line.split(":", 1) for line in head.strip().splitlines())
    meta = {k.strip(): v.strip() for k, v in meta.items()}
    if meta.get("output") not in SCHEMAS:
        raise ConfigError(f"prompt {name}: unknown output {meta.get('output')!r}")
    return Prompt(id=meta["id"], version=meta["version"], output=meta["output"],
                  instructions=body.strip())
