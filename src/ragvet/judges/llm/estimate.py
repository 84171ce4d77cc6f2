"""A ChatClient that answers locally for `--estimate`: plausible answers of the right shape,
with token counts estimated from characters (about 4 per token), and no network at all.

Decompositions split on sentence ends (claims) or on "and"/"?" (sub-questions); verdicts are
"yes". The engine then runs the real plan (batching, coalescing, cache lookups) against it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from ...text import sentences
from .client import ChatReply, ChatRequest, EmbedReply, Usage

CHARS_PER_TOKEN = 4.0


def estimate_tokens(text: str) -> int:
    return max(1, round(len(text) / CHARS_PER_TOKEN))


def _parts(prompt: str, item: Any) -> list[str]:
    text = item if isinstance(item, str) else str(item[0])
    if prompt.startswith("subquestions"):
        pieces = [p for p in re.split(r"\?|\band\b", text) if p.strip()]
        return [p.strip() + "?" for p in pieces[:3]] or [text]
    if prompt.startswith("questions"):
        return [f"What does the text say about {text[:40]}?"][: int(item[1])]
    return list(sentences(text))


def _answer_field(schema: dict[str, Any] | None) -> Any:
    """What the prompt's answer schema asks for: "parts", else a plausible first answer."""
    entry = ((schema or {}).get("properties", {}).get("items", {}).get("items", {})
             .get("properties", {}))
    if "parts" in entry:
        return "parts"
    if "label" in entry:
        return {"label": entry["label"]["enum"][0]}
    return {"verdict": "yes"}


class DryRunClient:
    async def complete(self, request: ChatRequest) -> ChatReply:
        prompt = str(request.meta.get("prompt", ""))
        items = list(request.meta.get("items", []))
        answer = _answer_field(request.schema)
        if answer == "parts":
            entries = [{"id": k + 1, "parts": _parts(prompt, it)} for k, it in enumerate(items)]
        else:
            entries = [{"id": k + 1, "reason": "The text states this directly.",
                        **answer} for k in range(len(items))]
        text = json.dumps({"items": entries})
        sent = "".join(m.content for m in request.messages)
        if request.structured == "json_schema" and request.schema is not None:
            sent += json.dumps(request.schema)
        usage = Usage(estimate_tokens(sent) + 4 * len(request.messages) + 3,
                      estimate_tokens(text))
        return ChatReply(text=text, finish_reason="stop", usage=usage)

    async def embed(self, texts: Sequence[str], model: str) -> EmbedReply:
        return EmbedReply(vectors=[[1.0, float(k)] for k in range(len(texts))],
                          usage=Usage(sum(estimate_tokens(t) for t in texts), 0))
