"""Check the plain-text shortcut of the offline judge's sentence splitter against pysbd.

    PYTHONPATH=src python benchmarks/sentence_split_check.py [--data /work/shared/data]
        [--per-source 4000]

Collects real texts (every string field of the JSON/JSONL files and every cell of the CSV/TSV
files under the data folder, grouped by data set), plus the texts of the throughput benchmark's
records and of examples/records.jsonl. Each text is cut into blocks exactly as
`ragvet.text.sentences` does; for every block that takes the shortcut, the
shortcut's sentences must equal pysbd's (stripped, empty ones dropped). Prints, per source, the
blocks checked, the share that takes the shortcut and the mismatches (with examples), and exits
with status 1 when there is any mismatch.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from ragvet import text as T

csv.field_size_limit(sys.maxsize)
MIN_CHARS = 2


def _strings(value) -> Iterator[str]:
    """Every string inside a parsed JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _file_texts(path: Path) -> Iterator[str]:
    """String fields of a JSON/JSONL file, cells of a CSV/TSV file."""
    if path.suffix == ".jsonl":
        for line in path.open(encoding="utf-8"):
            if line.strip():
                yield from _strings(json.loads(line))
    elif path.suffix == ".json":
        yield from _strings(json.loads(path.read_text(encoding="utf-8")))
    elif path.suffix in {".csv", ".tsv"}:
        delimiter = "\t" if path.suffix == ".tsv" else ","
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.reader(handle, delimiter=delimiter):
                yield from row


def data_sources(root: Path) -> dict[str, list[str]]:
    """Distinct texts per data set folder under `root`."""
    sources: dict[str, list[str]] = {}
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        seen: dict[str, None] = {}
        for path in sorted(folder.rglob("*")):
            try:
                for value in _file_texts(path):
                    if len(value.strip()) >= MIN_CHARS:
                        seen.setdefault(value, None)
            except (UnicodeDecodeError, json.JSONDecodeError):
                continue
        if seen:
            sources[folder.name] = list(seen)
    return sources


def project_sources(repo: Path) -> dict[str, list[str]]:
    """Texts of the throughput benchmark's records and of examples/records.jsonl."""
    sys.path.insert(0, str(repo / "benchmarks"))
    from throughput import make_records

    synthetic: dict[str, None] = {}
    for record in make_records(200):
        for value in (record.query, record.response, *(s.text for s in record.sources)):
            synthetic.setdefault(value, None)
    examples = repo / "examples" / "records.jsonl"
    example_texts = list(dict.fromkeys(_file_texts(examples))) if examples.exists() else []
    return {"throughput.make_records(200)": list(synthetic),
            "examples/records.jsonl": example_texts}


def pysbd_sentences(block: str) -> tuple[str, ...]:
    """The reference: what `sentences` produces for a block that misses the shortcut."""
    return tuple(T._pysbd_sentences(block))


def check(name: str, texts: list[str], limit: int) -> tuple[int, int, int]:
    """Blocks checked, blocks on the shortcut and mismatches for one source."""
    blocks = list(dict.fromkeys(b for t in texts for b in T.blocks(t)))[:limit]
    fast = mismatches = 0
    for block in blocks:
        if not T.is_plain_block(block):
            continue
        fast += 1
        got, want = tuple(T._split_plain(block)), pysbd_sentences(block)
        if got != want:
            mismatches += 1
            if mismatches <= 5:
                print(f"  MISMATCH in {name}: {block!r}\n    shortcut: {got}\n    pysbd:    {want}")
    share = fast / len(blocks) if blocks else 0.0
    print(f"{name:32s} blocks {len(blocks):6d}  shortcut {fast:6d} ({share:6.1%})  "
          f"mismatches {mismatches}", flush=True)
    return len(blocks), fast, mismatches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--per-source", type=int, default=4000,
                        help="at most this many distinct blocks per source")
    args = parser.parse_args()
    repo = Path(__file__).resolve().parent.parent
    sources = {**project_sources(repo), **data_sources(args.data)}
    totals = [0, 0, 0]
    for name, texts in sources.items():
        for k, n in enumerate(check(name, texts, args.per_source)):
            totals[k] += n
    blocks, fast, mismatches = totals
    print(f"{'total':32s} blocks {blocks:6d}  shortcut {fast:6d} "
          f"({fast / max(blocks, 1):6.1%})  mismatches {mismatches}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
