"""LLM judges: the Judge protocol over any chat endpoint (OpenAI-compatible or LiteLLM).

Nothing heavy is imported here: the `openai` / `litellm` clients load when a judge is built.
"""

from .build import build_litellm_judge, build_openai_judge
from .client import ChatClient, ChatMessage, ChatReply, ChatRequest, EmbedReply, Usage
from .judge import JudgeSettings, LLMJudge

__all__ = [
    "ChatClient",
    "ChatMessage",
    "ChatReply",
    "ChatRequest",
    "EmbedReply",
    "JudgeSettings",
    "LLMJudge",
    "Usage",
    "build_litellm_judge",
    "build_openai_judge",
]
