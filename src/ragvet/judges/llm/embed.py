"""Embeddings for an LLM judge: the endpoint's embeddings API (cached per text), or the
offline model when `embedding_model = "local"`."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from .cache import CallCache, cache_key
from .client import ChatClient
from .usage import Meter

CHUNK = 256


async def embed_texts(client: ChatClient, texts: list[str], model: str, *,
                      cache: CallCache | None, meter: Meter) -> list[Sequence[float]]:
    if model == "local":
        return await asyncio.to_thread(_local, texts)
    keys = [cache_key("embed", model, t) for t in texts]
    found = cache.get_many(keys) if cache else {}
    meter.add(cache_hits=sum(k in found for k in keys))
    todo = list(dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in found))
    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
    if len(chunks) == 1:  # the usual case: no task to make for one call
        replies = [await client.embed(chunks[0], model)]
    else:
        replies = await asyncio.gather(*(client.embed(c, model) for c in chunks))
    key_of = dict(zip(texts, keys, strict=True))  # each text's key, hashed once
    fresh = {key_of[t]: v
             for c, r in zip(chunks, replies, strict=True)
             for t, v in zip(c, r.vectors, strict=True)}
    if cache is not None:
        cache.put_many((k, v.tolist() if hasattr(v, "tolist") else v) for k, v in fresh.items())
    found.update(fresh)
    return [found[k] for k in keys]


def _local(texts: list[str]) -> list[Sequence[float]]:
    from ..local.models import load_embedding_model

    return [list(map(float, v)) for v in load_embedding_model().encode(texts)]
