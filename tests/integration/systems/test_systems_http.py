"""The HTTP adapter against a real local server: some queries fail (HTTP 500, timeout, a reply
that is not JSON, a reply without the answer field) and each failure is recorded on its
query while the others are answered; the CLI commands say how many failed."""

from __future__ import annotations

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from ragvet.cli.app import build_app
from ragvet.cli.topicality import answer_queries
from ragvet.errors import DataError
from ragvet.systems import ReplyFields, answer_all, from_http

pytestmark = pytest.mark.integration


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, so a pooled client reuses connections
    ports: ClassVar[set[int]] = set()
    in_flight = 0
    peak = 0
    lock = threading.Lock()
    release = threading.Event()  # set at teardown so a stalled reply ends

    def do_POST(self):
        query = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["query"]
        cls = type(self)
        with cls.lock:
            cls.ports.add(self.client_address[1])
            cls.in_flight += 1
            cls.peak = max(cls.peak, cls.in_flight)
        try:
            self._reply(query)
        finally:
            with cls.lock:
                cls.in_flight -= 1

    def _reply(self, query: str) -> None:
        if query == "stall":
            type(self).release.wait(5)
        threading.Event().wait(0.02)
        if query == "boom":
            self._send(500, b"index offline")
        elif query == "garbled":
            self._send(200, b"{not json")
        elif query == "shapeless":
            self._send(200, json.dumps({"text": "no answer field"}).encode())
        else:
            reply = {"response": f"echo {query}",
                     "sources": [{"id": f"d-{query}", "text": f"passage about {query}"}]}
            self._send(200, json.dumps(reply).encode())

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    _Handler.ports, _Handler.peak, _Handler.in_flight = set(), 0, 0
    _Handler.release.clear()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/ask"
    _Handler.release.set()
    httpd.shutdown()
    httpd.server_close()


GOOD = [f"q{i}" for i in range(12)]
BAD = {"boom": "HTTP 500: index offline", "stall": "timed out after 0.5 s",
       "garbled": "reply is not JSON", "shapeless": "reply has no field 'response' or 'answer'"}


def test_each_failure_is_recorded_on_its_query_and_the_rest_are_answered(server):
    queries = GOOD[:6] + list(BAD) + GOOD[6:]
    seen = []
    answers = asyncio.run(answer_all(queries, from_http(server, timeout=0.5, max_connections=3),
                                     concurrency=3, on_answer=seen.append))
    assert [a.query for a in answers] == queries  # input order, whatever finished first
    assert len(seen) == len(queries)
    by_query = {a.query: a for a in answers}
    for query, reason in BAD.items():
        failed = by_query[query]
        assert failed.failed and failed.response is None
        assert failed.error.startswith(reason), failed.error
    for query in GOOD:
        answer = by_query[query]
        assert answer.error is None and answer.response == f"echo {query}"
        assert answer.doc_ids == (f"d-{query}",)
        assert answer.sources[0].text == f"passage about {query}"
        assert answer.latency_s > 0
    assert 1 < _Handler.peak <= 3  # concurrent, and bounded
    assert len(_Handler.ports) <= 3 + 1  # pooled: connections are reused (+1: the stalled one)


def test_the_system_can_be_used_again_from_another_event_loop(server):
    system = from_http(server)
    first = asyncio.run(answer_all(["a"], system))
    second = asyncio.run(answer_all(["b"], system))
    assert (first[0].response, second[0].response) == ("echo a", "echo b")


def test_unreachable_endpoint_fails_every_query_without_raising():
    answers = asyncio.run(answer_all(["a", "b"], from_http("http://127.0.0.1:9/ask", timeout=2)))
    assert all(a.failed and a.error for a in answers)


def test_grammar_run_records_failures_and_says_how_many(server, tmp_path):
    from ragvet.grammar.fill import QueryCase, write_cases
    from ragvet.grammar.run import read_outcomes

    cases = [QueryCase(id=f"g{i}/s1", group_id=f"g{i}", sql_template_id="t",
                       text_template_id="s1", query=q, sql="", params={}, answer=("x",))
             for i, q in enumerate(["q1", "boom", "q2", "garbled"])]
    write_cases(cases, tmp_path / "q.jsonl")
    out = CliRunner().invoke(build_app(), [
        "grammar", "run", str(tmp_path / "q.jsonl"), "--endpoint", server,
        "--out", str(tmp_path / "a.jsonl")])
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())  # unwrapped
    assert "4 answers written" in said and "(2 failed calls)" in said
    assert "g1/s1: HTTP 500" in said
    outcomes = {o.id: o for o in read_outcomes(tmp_path / "a.jsonl")}
    assert outcomes["g0/s1"].doc_ids == ("d-q1",) and outcomes["g0/s1"].error is None
    assert outcomes["g3/s1"].answer is None and "not JSON" in outcomes["g3/s1"].error


def test_topicality_leaves_failed_queries_out_and_says_how_many(server, tmp_path, capsys):
    fields = ReplyFields(sources_required=True)
    records = answer_queries(tmp_path / "on.jsonl", ["q1", "boom", "q2"],
                             from_http(server, fields=fields))
    assert [(r.id, r.response) for r in records] == [("0", "echo q1"), ("2", "echo q2")]
    assert records[0].sources[0].id == "d-q1"
    assert "1 of 3 queries failed" in " ".join(capsys.readouterr().err.split())
    with pytest.raises(DataError, match="HTTP 500"):
        answer_queries(tmp_path / "off.jsonl", ["boom", "garbled"],
                       from_http(server, fields=fields))
