"""`ragvet topicality` end to end on the bundled example corpus: callable and HTTP endpoint.

The judge here is a transparent word-overlap judge written for this test (registered as a
judge kind), so the test checks the pipeline, not the offline judge's quality.
"""

from __future__ import annotations

import json
import re
import threading
import zlib
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragvet._util.callables import load_callable
from ragvet.cli.app import build_app
from ragvet.judges.base import Decomposition, Verdict
from ragvet.judges.factory import register_judge

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "topicality"
STOP_WORDS = ("a an and are as at be by can do does for from how in is it of on or the to what "
              "when which who why with")
STOP = frozenset(STOP_WORDS.split())


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if w not in STOP}


class OverlapJudge:
    id = "overlap-test"

    def describe(self):
        return {"id": self.id}

    async def run(self, op, items):
        return await getattr(self, op.name)(items)

    async def claims(self, texts):
        return [Decomposition(items=tuple(s for s in re.split(r"(?<=[.!?])\s+", t) if s))
                for t in texts]

    async def subquestions(self, queries):
        return [Decomposition(items=(q,)) for q in queries]

    async def questions(self, items):
        return [Decomposition(items=(i.text,)) for i in items]

    async def essential(self, items):
        return [Verdict(value=len(words(i.text) & words(i.query)) >= 2) for i in items]

    async def answers(self, items):
        return [Verdict(value=len(words(i.text) & words(i.question)) >= 2) for i in items]

    async def supported(self, items):
        return [Verdict(value=words(i.claim) <= words(" ".join(i.sources))) for i in items]

    async def embed(self, texts):
        vectors = []
        for text in texts:
            vector = [0.0] * 16
            for word in words(text):
                vector[zlib.crc32(word.encode()) % 16] += 1.0
            vectors.append(vector)
        return vectors


register_judge("overlap-test", lambda argument, options: OverlapJudge())


def test_example_rag_callable_loads_from_a_file_path():
    answer = load_callable(f"{EXAMPLE / 'rag.py'}:answer")
    reply = answer("How many eggs can a queen bee lay in a day?")
    assert reply["sources"][0]["id"] == "bees-02"
    assert "two thousand eggs" in reply["response"]


def test_on_topic_queries_are_told_apart_with_a_callable(tmp_path):
    out = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(EXAMPLE / "on_topic.jsonl"),
        "--off", str(EXAMPLE / "off_topic.jsonl"), "--rag", f"{EXAMPLE / 'rag.py'}:answer",
        "--judge", "overlap-test", "--out-dir", str(tmp_path), "--resamples", "500"])
    assert out.exit_code == 0, out.output
    report = json.loads((tmp_path / "topicality.json").read_text())
    assert report["verdict"] == "covered"
    precision = next(m for m in report["metrics"] if m["metric"] == "vera_retrieval_precision")
    assert precision["difference"]["low"] > 0
    assert (tmp_path / "on.results.jsonl").exists()
    # the saved results can be fed back in without re-scoring
    again = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(tmp_path / "on.results.jsonl"),
        "--off", str(tmp_path / "off.results.jsonl"), "--judge", "nonexistent"])
    assert again.exit_code == 0, again.output
    assert "covered" in again.output


def test_same_queries_on_both_sides_are_inconclusive(tmp_path):
    out = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(EXAMPLE / "on_topic.jsonl"),
        "--off", str(EXAMPLE / "on_topic.jsonl"), "--rag", f"{EXAMPLE / 'rag.py'}:answer",
        "--judge", "overlap-test", "--out-dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert json.loads((tmp_path / "topicality.json").read_text())["verdict"] == "inconclusive"


@pytest.fixture
def endpoint():
    answer = load_callable(f"{EXAMPLE / 'rag.py'}:answer")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            reply = json.dumps(answer(body["query"])).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/answer"
    server.shutdown()
    server.server_close()


@pytest.mark.integration
def test_queries_answered_by_an_http_endpoint(tmp_path, endpoint):
    out = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(EXAMPLE / "on_topic.jsonl"),
        "--off", str(EXAMPLE / "off_topic.jsonl"), "--endpoint", endpoint,
        "--judge", "overlap-test", "--out-dir", str(tmp_path), "--resamples", "300"])
    assert out.exit_code == 0, out.output
    assert json.loads((tmp_path / "topicality.json").read_text())["verdict"] == "covered"


def test_bare_queries_without_a_rag_system_are_refused():
    out = CliRunner().invoke(build_app(), [
        "topicality", "--on", str(EXAMPLE / "on_topic.jsonl"),
        "--off", str(EXAMPLE / "off_topic.jsonl"), "--judge", "overlap-test"])
    assert out.exit_code == 2
    assert "--rag" in out.output


if __name__ == "__main__":  # print the command's output for the docs
    import sys

    result = CliRunner().invoke(build_app(), ["topicality", *sys.argv[1:]])
    print(result.output)
