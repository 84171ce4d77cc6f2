"""The one seam to a language model used by GRAMMAR: `complete(prompt) -> text`.

SQL/text template writing and the Correct/Incorrect judge both go through `Completer`, so any
chat client fits: wrap it with `chat_completer(client)` (an object with an async
`complete(messages)` returning text or an object with `.text`/`.content`), or pass any object
with an async `complete(prompt: str) -> str`. Untrusted text is fenced in every prompt.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .._util.callables import load_attr


@runtime_checkable
class Completer(Protocol):
    """Anything that turns one prompt into one reply."""

    async def complete(self, prompt: str) -> str: ...


TemplateWriter = Completer


class ScriptedCompleter:
    """Replies from a list (cycled in order) or a function of the prompt; keeps the prompts."""

    def __init__(self, replies: Sequence[str] | Any) -> None:
        self._replies = replies
        self.prompts: list[str] = []

    async def complete(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if callable(self._replies):
            return self._replies(prompt)
        return self._replies[(len(self.prompts) - 1) % len(self._replies)]


class _ChatAdapter:
    def __init__(self, client: Any, **options: Any) -> None:
        self.client = client
        self.options = options

    async def complete(self, prompt: str) -> str:
        reply = self.client.complete([{"role": "user", "content": prompt}], **self.options)
        if inspect.isawaitable(reply):
            reply = await reply
        for attr in ("text", "content"):
            if isinstance(getattr(reply, attr, None), str):
                return getattr(reply, attr)
        return str(reply)


def chat_completer(client: Any, **options: Any) -> Completer:
    """Adapt a chat client (`complete(messages, **options)`) to the `Completer` seam."""
    if hasattr(client, "complete") and not options and _takes_prompt(client):
        return client
    return _ChatAdapter(client, **options)


def load_completer(spec: str) -> Completer:
    """`module:attr` naming a completer, or a class or factory that makes one (called with
    no arguments): how `grammar generate --writer` and `grammar analyze --judge` name one."""
    target = load_attr(spec, what="completer")
    if isinstance(target, type) or (callable(target) and not hasattr(target, "complete")):
        return target()
    return target


def _takes_prompt(client: Any) -> bool:
    try:
        params = list(inspect.signature(client.complete).parameters)
    except (TypeError, ValueError):
        return False
    return params[:1] == ["prompt"]


def fence(label: str, text: str) -> str:
    """Wrap untrusted text in a tagged block, neutralising any closing tag inside it."""
    safe = text.replace(f"</{label}>", f"<\\/{label}>")
    return f"<{label}>\n{safe}\n</{label}>"
