"""Building an LLM judge from a spec and options (CLI flags and the config's [judge] table).

Options (all optional): base_url, api_key_env, timeout, temperature, max_tokens, max_batch,
structured (json_schema | json_object | text), embedding_model ("local" = offline model),
verdicts ("probability": p(yes) from token log-probabilities where returned; "yes-no"),
top_logprobs (alternatives asked per answer token, default 5),
cache (path, or false), max_concurrency, rpm, tpm, max_attempts, prices {model: {input,
output}} in USD per million tokens, deadline_factor and deadline_floor (a call running past
max(factor × p95 latency, floor seconds) is cut and asked again; `timeout` is the hard cap).

The client stack, outermost first: retry → limits → circuit breaker → learnt deadlines →
metering → the provider.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from ...errors import ConfigError
from .breaker import Breaker, BreakerClient, BreakerPolicy
from .cache import DEFAULT_CACHE, CallCache
from .client import LiteLLMChat, OpenAIChat
from .deadline import DeadlineClient, DeadlinePolicy
from .judge import VERDICT_MODES, JudgeSettings, LLMJudge
from .transport import LimitedClient, Limits, RetryingClient, RetryPolicy
from .usage import Meter, MeteredClient, parse_prices

STRUCTURED = ("json_schema", "json_object", "text")


def _api_key(options: Mapping[str, Any]) -> str | None:
    name = options.get("api_key_env")
    if not name:
        return None
    value = os.environ.get(str(name))
    if not value:
        raise ConfigError(f"environment variable {name} (named by api_key_env) is not set")
    return value


def _settings(model: str, options: Mapping[str, Any]) -> JudgeSettings:
    structured = str(options.get("structured", "json_schema"))
    if structured not in STRUCTURED:
        raise ConfigError(f"structured must be one of {', '.join(STRUCTURED)}")
    verdicts = str(options.get("verdicts") or "probability")
    if verdicts not in VERDICT_MODES:
        raise ConfigError(f"verdicts must be one of {', '.join(VERDICT_MODES)}, "
                          f"not {verdicts!r}")
    return JudgeSettings(
        model=model,
        temperature=float(options.get("temperature", 0.0)),
        max_tokens=int(options.get("max_tokens", 4096)),
        max_batch=int(options.get("max_batch", 32)),
        structured=structured,
        embedding_model=str(options.get("embedding_model", "text-embedding-3-small")),
        verdicts=verdicts,
        top_logprobs=int(options.get("top_logprobs", 5)),
    )


def _build(kind: str, model: str, options: Mapping[str, Any], provider) -> LLMJudge:
    if not model:
        raise ConfigError(f"name a model: --judge {kind}:MODEL")
    base_url = options.get("base_url")
    timeout = float(options.get("timeout", 120.0))
    if options.get("batch_api"):
        return _batched(kind, model, options)
    raw = provider(base_url=base_url, api_key=_api_key(options), timeout=timeout)
    try:
        prices = parse_prices(options.get("prices"))
    except (TypeError, ValueError) as err:
        raise ConfigError(f"bad price table: {err}") from err
    meter = Meter(prices)
    limits = Limits(max_concurrency=int(options.get("max_concurrency", 16)),
                    requests_per_minute=_int_or_none(options.get("rpm")),
                    tokens_per_minute=_int_or_none(options.get("tpm")))
    policy = RetryPolicy(max_attempts=int(options.get("max_attempts", 6)))
    endpoint = _without_credentials(str(base_url or os.environ.get("OPENAI_BASE_URL") or kind))
    deadlines = DeadlinePolicy(hard_cap=timeout,
                               factor=float(options.get("deadline_factor", 2.0)),
                               floor=float(options.get("deadline_floor", 1.0)))
    breaker = Breaker(endpoint, BreakerPolicy(
        unreachable_before_answer=max(1, min(5, policy.max_attempts - 1))))
    timed = DeadlineClient(MeteredClient(raw, meter), deadlines, meter=meter)
    client = RetryingClient(LimitedClient(BreakerClient(timed, breaker), limits), policy,
                            meter=meter)
    cache_option = options.get("cache", str(DEFAULT_CACHE))
    cache = CallCache(cache_option) if cache_option not in (None, False, "", "none") else None
    return LLMJudge(client, _settings(model, options), kind=kind, cache=cache, meter=meter,
                    endpoint=endpoint, breaker=breaker)


def _batched(kind: str, model: str, options: Mapping[str, Any]) -> LLMJudge:
    """The judge over the OpenAI Batch API (`--batch-api`): same prompts, parsing, cache and
    accounting; no concurrency cap or learnt deadlines (a batch holds every call in flight
    and answers within hours)."""
    from pathlib import Path

    from .batch import DEFAULT_STATE, BatchChatClient

    if kind != "openai":
        raise ConfigError("--batch-api sends calls through the OpenAI Batch API: use an "
                          "openai:MODEL judge (Anthropic Message Batches are not supported "
                          "through the litellm judge; see docs/scale-out.md)")
    try:
        meter = Meter(parse_prices(options.get("prices")))
    except (TypeError, ValueError) as err:
        raise ConfigError(f"bad price table: {err}") from err
    cache_option = options.get("cache", str(DEFAULT_CACHE))
    cached = cache_option not in (None, False, "", "none")
    state = options.get("batch_state") or (Path(str(cache_option)).with_name("batches.json")
                                           if cached else DEFAULT_STATE)
    base_url = options.get("base_url")
    raw = BatchChatClient(base_url=base_url, api_key=_api_key(options),
                          timeout=float(options.get("timeout", 120.0)),
                          poll_seconds=float(options.get("batch_poll_seconds", 30.0)),
                          gather_seconds=float(options.get("batch_gather_seconds", 0.5)),
                          state=state)
    client = RetryingClient(MeteredClient(raw, meter),
                            RetryPolicy(max_attempts=int(options.get("max_attempts", 6))),
                            meter=meter)
    endpoint = _without_credentials(str(base_url or os.environ.get("OPENAI_BASE_URL") or kind))
    return LLMJudge(client, _settings(model, options), kind=kind,
                    cache=CallCache(cache_option) if cached else None, meter=meter,
                    endpoint=endpoint)


def _without_credentials(url: str) -> str:
    """The endpoint as written into results: never a user:password part."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def _int_or_none(value: Any) -> int | None:
    return None if value in (None, "", 0) else int(value)


def build_openai_judge(argument: str, options: Mapping[str, Any]) -> LLMJudge:
    """`openai:MODEL`: any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, …)."""
    return _build("openai", argument, options, OpenAIChat)


def build_litellm_judge(argument: str, options: Mapping[str, Any]) -> LLMJudge:
    """`litellm:PROVIDER/MODEL`: Anthropic, Bedrock, Vertex, … through LiteLLM."""
    return _build("litellm", argument, options, LiteLLMChat)
