"""How many entries each memo of the offline judge keeps (functools.lru_cache bounds).

A memo keyed by a text, a sentence or a question saves recomputing it for the other metrics
and operations of the same record, and for sources that recur across records. The records
in flight (64 at a time by default, a few dozen new texts each) need about 2,000 entries;
4,096 keep those and the most recent records' texts. A streamed run meets 3-31 new texts or
sentences per record per memo, so those memos are full within about 1,400 records, and the
question memos (about two new questions a record) within about 2,000.
At the same rates, 16,384 entries (32,768 for passage sentences) filled between about 500 and
5,800 records, the question memos after about 8,000, for hit rates within 0.07 of these
(benchmarks/streaming_memory.py's records at 1,000 records; docs/performance.md, issue 17).
"""

from __future__ import annotations

MEMO_ENTRIES = 4096
