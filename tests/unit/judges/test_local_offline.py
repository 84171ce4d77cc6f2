"""The offline judge loads and scores with every socket blocked and the hub marked offline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r"""
import json, socket

def refuse(*args, **kwargs):
    raise OSError("network access attempted")

socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse

from ragvet import evaluate
from ragvet.data.records import make_record
from ragvet.judges.factory import make_judge

record = make_record(
    query="When was the tower completed, and who was it named after?",
    sources=["The clock tower was completed in 1896. It was named after Queen Chimnabai."],
    response="The tower was completed in 1896. It was named after Queen Chimnabai.")
run = evaluate([record], "thelma", make_judge("local"))
print(json.dumps(run.results[0].scores))
"""


def test_loads_and_scores_with_sockets_blocked():
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "PYTHONPATH": str(Path(__file__).resolve().parents[3] / "src")}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    scores = json.loads(out.stdout.strip().splitlines()[-1])
    assert set(scores) == {"SP1", "SP2", "SQC", "RP", "RQC", "SD", "GR"}
    assert scores["GR"] >= 0.8  # both claims grounded (expected share of supported claims)
    assert all(v is not None for v in scores.values())
