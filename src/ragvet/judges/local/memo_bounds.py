"""How many entries each memo of the offline judge keeps (functools.lru_cache bounds).

A memo keyed by a text, a sentence or a question saves recomputing it for the other metrics
and operations of the same record, and for sources that recur across records. The records
in flight (64 at a time by default, a few dozen new texts each) need about 2,000 entries;
4,096 keep those and the most recent records' texts. A streamed run meets 3-30 new keys per
record per memo, so every memo is full within the first 1,000 records and a 10,000-record
run holds no more than a 1,000-record one. On benchmarks/streaming_memory.py's records,
16,384 entries (32,768 for passage sentences) kept about 150 MB more at 4,200 records for the
same hit rates (within 0.07 of them per memo; docs/performance.md, issue 17).
"""

from __future__ import annotations

MEMO_ENTRIES = 4096
