"""docs/results-store.md's inputs: records.jsonl (six records q1…q6) and judge.json, a
scripted judge's decompositions and verdicts for them, written to the current folder."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "integration" / "results_store"))

from results_store_support import demo_judge, demo_records

records = [replace(record, id=f"q{i + 1}") for i, record in enumerate(demo_records(6))]
judge = demo_judge(records)
Path("records.jsonl").write_text("".join(json.dumps(r.to_dict()) + "\n" for r in records))
Path("judge.json").write_text(json.dumps({
    "claims": judge.tables["claims"], "supported": judge.tables["supported"],
    "essential": {" || ".join(k): v for k, v in judge.tables["essential"].items()}}))
