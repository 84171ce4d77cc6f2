"""The embedding coalescer: one encoder pass per distinct text, across concurrent callers."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from ragvet.judges.local.embedder import Embedder


class CountingEncoder:
    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)


def test_concurrent_requests_are_coalesced_into_one_batch_and_cached():
    encoder = CountingEncoder()
    embedder = Embedder(encoder)

    async def main():
        first = await asyncio.gather(*(embedder.vectors(["a", "bb", f"c{i}"]) for i in range(20)))
        again = await embedder.vectors(["bb", "a"])
        return first, again

    first, again = asyncio.run(main())
    assert len(encoder.calls) == 1
    assert sorted(encoder.calls[0]) == sorted(["a", "bb", *(f"c{i}" for i in range(20))])
    assert embedder.encoded == 22
    assert [float(v[0]) for v in first[3]] == [1.0, 2.0, 2.0]
    assert [float(v[0]) for v in again] == [2.0, 1.0]


def test_encoder_failure_reaches_every_waiter_and_later_calls_retry():
    calls = []

    def flaky(texts):
        calls.append(texts)
        if len(calls) == 1:
            raise RuntimeError("encoder broke")
        return np.ones((len(texts), 2), dtype=np.float32)

    embedder = Embedder(flaky)

    async def main():
        results = await asyncio.gather(embedder.vectors(["x"]), embedder.vectors(["y"]),
                                       return_exceptions=True)
        assert all(isinstance(r, RuntimeError) for r in results)
        return await embedder.vectors(["x"])

    assert len(asyncio.run(main())) == 1
    assert len(calls) == 2


def test_cache_is_bounded():
    embedder = Embedder(CountingEncoder(), cache_size=3)
    embedder.encode_now(["a", "b", "c", "d"])
    assert len(embedder._cache) == 3
    with pytest.raises(KeyError):
        embedder._cache["a"]  # evicted first


def test_cached_vectors_do_not_pin_their_batch_matrix():
    """A cached row must own its memory: a view keeps the whole encoder batch alive, so a
    long run's memory grew with every batch that still had one row in the cache."""
    embedder = Embedder(CountingEncoder(), cache_size=2)
    embedder.encode_now([f"text {i}" for i in range(500)])
    kept = list(embedder._cache.values())
    assert len(kept) == 2
    assert all(v.base is None and v.flags.owndata for v in kept)
    assert sum(v.nbytes for v in kept) == 2 * 2 * 4  # two rows of two float32, nothing more
