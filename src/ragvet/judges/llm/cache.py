"""Persistent judge cache (SQLite): one row per judged item, so batching never changes a key.

Key = sha256 of (model, prompt id@version, the item's inputs, the call parameters). Only
answers that parsed are stored; failures are asked again on the next run.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

DEFAULT_CACHE = Path(".ragvet-cache") / "calls.sqlite"


_KEY_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def cache_key(*parts: Any) -> str:
    return hashlib.sha256(_KEY_JSON.encode(parts).encode("utf-8")).hexdigest()


def key_prefix(*parts: Any) -> str:
    """The JSON of the first parts of a key, for `cache_key_after`: the parts that stay the
    same across the items of one operation are encoded once."""
    if not parts:
        raise ValueError("a key prefix needs at least one part")
    return "[" + ",".join(_KEY_JSON.encode(p) for p in parts)


class ItemKeys:
    """`cache_key_after`, the same keys, with the JSON of long texts remembered: the sources
    of a record recur in the key of every claim judged against them, and encoding them again
    for each was most of the cost of a key. Holds at most `size` texts."""

    LONG = 200  # characters from which a text's JSON is remembered

    def __init__(self, size: int = 2048) -> None:
        self._size = size
        self._encoded: dict[str, bytes] = {}

    def key(self, prefix: str, *parts: Any) -> str:
        digest = hashlib.sha256(prefix.encode("utf-8"))
        for part in parts:
            digest.update(b",")
            digest.update(self._encode(part))
        digest.update(b"]")
        return digest.hexdigest()

    def _encode(self, part: Any) -> bytes:
        if isinstance(part, str) and len(part) >= self.LONG:
            found = self._encoded.get(part)
            if found is None:
                if len(self._encoded) >= self._size:
                    del self._encoded[next(iter(self._encoded))]  # the oldest
                found = self._encoded[part] = _KEY_JSON.encode(part).encode("utf-8")
            return found
        if isinstance(part, list | tuple):
            return b"[" + b",".join(self._encode(p) for p in part) + b"]"
        return _KEY_JSON.encode(part).encode("utf-8")


def cache_key_after(prefix: str, *parts: Any) -> str:
    """`cache_key(*prefix_parts, *parts)`, the same key, from `key_prefix(*prefix_parts)`."""
    blob = prefix + "".join("," + _KEY_JSON.encode(p) for p in parts) + "]"
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class CallCache:
    """A key → JSON value table in one SQLite file; safe to share between runs."""

    def __init__(self, path: str | Path, *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self._lock = threading.Lock()
        if not readonly:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30)
        if not readonly:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS judge_cache (key TEXT PRIMARY KEY, "
                             "value TEXT NOT NULL, created REAL NOT NULL)")
            self._db.commit()

    def get_many(self, keys: Sequence[str]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                chunk = list(keys[start:start + 500])
                marks = ",".join("?" * len(chunk))
                try:
                    rows = self._db.execute(
                        f"SELECT key, value FROM judge_cache WHERE key IN ({marks})", chunk)
                    found.update((k, json.loads(v)) for k, v in rows)
                except sqlite3.OperationalError:  # read-only view of a cache not yet created
                    return found
        return found

    def put_many(self, items: Iterable[tuple[str, Any]]) -> None:
        if self.readonly:
            return
        rows = [(k, json.dumps(v, ensure_ascii=False), time.time()) for k, v in items]
        if not rows:
            return
        with self._lock:
            self._db.executemany("INSERT OR REPLACE INTO judge_cache VALUES (?, ?, ?)", rows)
            self._db.commit()

    def read_only(self) -> CallCache:
        return CallCache(self.path, readonly=True)

    def stats(self) -> Mapping[str, int]:
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM judge_cache").fetchone()
        return {"entries": int(count)}
