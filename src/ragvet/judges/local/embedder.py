"""Sentence vectors with cross-call batching: each distinct text goes through the encoder once.

Records are judged concurrently; each asks for a few vectors. `Embedder.vectors` parks the
request, waits until the event loop has gone a couple of turns without new requests, then
encodes every text still missing in one batch (off the event loop) and fills an LRU cache.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

Encoder = Callable[[list[str]], Any]  # texts → float32 array (n, d), rows unit length


class Embedder:
    """Coalescing, caching front of an encoder."""

    def __init__(self, encode: Encoder, *, cache_size: int = 100_000, quiet_turns: int = 2,
                 max_batch: int = 2048) -> None:
        self._encode = encode
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._cache_size = cache_size
        self._quiet_turns = quiet_turns
        self._max_batch = max_batch
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._flusher: asyncio.Task[None] | None = None
        self.encoded = 0  # texts that went through the encoder (for benchmarks and tests)
        self.batches = 0

    async def vectors(self, texts: Sequence[str]) -> list[Any]:
        """One unit vector per text, in order."""
        found: dict[str, Any] = {}
        waits: dict[str, asyncio.Future[Any]] = {}
        for text in dict.fromkeys(texts):
            if text in self._cache:
                self._cache.move_to_end(text)
                found[text] = self._cache[text]
                continue
            future = self._pending.get(text)
            if future is None:
                future = asyncio.get_running_loop().create_future()
                self._pending[text] = future
            waits[text] = future
        if waits:
            self._ensure_flusher()
            await asyncio.gather(*waits.values())
            found.update((t, f.result()) for t, f in waits.items())
        return [found[t] for t in texts]

    def encode_now(self, texts: Sequence[str]) -> list[Any]:
        """Blocking variant for callers outside an event loop."""
        found = {t: self._cache[t] for t in dict.fromkeys(texts) if t in self._cache}
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        for start in range(0, len(missing), self._max_batch):
            rows = self._compute(missing[start:start + self._max_batch])
            self._remember(rows)
            found.update(rows)
        return [found[t] for t in texts]

    def _ensure_flusher(self) -> None:
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush_when_quiet())

    async def _flush_when_quiet(self) -> None:
        while self._pending:
            seen, quiet = len(self._pending), 0
            while quiet < self._quiet_turns and len(self._pending) < self._max_batch:
                await asyncio.sleep(0)
                quiet = quiet + 1 if len(self._pending) == seen else 0
                seen = len(self._pending)
            batch = dict(list(self._pending.items())[: self._max_batch])
            for text in batch:
                del self._pending[text]
            try:
                rows = await asyncio.to_thread(self._compute, list(batch))
            except Exception as err:  # every waiter of this batch sees the failure
                for future in batch.values():
                    if not future.done():
                        future.set_exception(err)
                continue
            self._remember(rows)
            for text, future in batch.items():
                if not future.done():
                    future.set_result(rows[text])

    def _compute(self, texts: list[str]) -> dict[str, Any]:
        import numpy as np

        matrix = self._encode(texts)
        self.encoded += len(texts)
        self.batches += 1
        # each row copied out: a row view would keep its whole batch matrix alive in the
        # cache until every row of that batch is evicted, so memory grew past the cache bound
        return {t: np.array(matrix[i], copy=True) for i, t in enumerate(texts)}

    def _remember(self, rows: dict[str, Any]) -> None:
        """Cache updates happen on the caller's thread only (the event loop)."""
        for text, row in rows.items():
            self._cache[text] = row
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
