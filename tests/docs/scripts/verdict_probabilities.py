"""docs/llm-judges.md's example: GR of one record against the test suite's replay server, told
to be 80 % sure the first claim is supported and 90 % sure the third is not, with verdicts as
probabilities, as plain yes/no, and from an endpoint that returns no log-probabilities."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "integration" / "llm"))

from llm_fake_server import FakeOpenAI, Rules

from ragvet import evaluate, make_record
from ragvet.judges.llm import build_openai_judge

RECORD = make_record(
    id="R01", query="Who built the Elm bridge and when was it built?",
    sources=["The Elm bridge was built by Ana Ruiz. It opened in 1901.",
             "The Oak mill grinds corn."],
    response="The Elm bridge was built by Ana Ruiz. It opened in 1901. It is painted blue.")
CERTAINTY = {"supported": {"Ana Ruiz": 0.8, "painted blue": 0.9}}


def show(title: str, verdicts: str, claims: bool, logprobs: bool = True) -> None:
    with FakeOpenAI(Rules(certainty=CERTAINTY)) as server, \
            tempfile.TemporaryDirectory() as cache:
        server.logprobs = logprobs
        judge = build_openai_judge("judge-model", {
            "base_url": server.base_url, "cache": str(Path(cache) / "c.sqlite"),
            "timeout": 5, "verdicts": verdicts})
        run = evaluate([RECORD], "GR", judge)
        result = run.results[0]
        print(f"{title}: GR = {result.scores['GR']:.4f}")
        for component in result.components if claims else ():
            p = component.detail.get("probability")
            said = "yes" if component.verdict else "no"
            print(f"  '{component.text.rstrip('.')}': {said}"
                  + (f", p(yes) = {p:.2f}" if p is not None else ""))
        print(f"  probabilities: {judge.describe()['probabilities']}")


show("verdicts=probability", "probability", claims=True)
show("verdicts=yes-no", "yes-no", claims=True)
show("no logprobs", "probability", claims=False, logprobs=False)
