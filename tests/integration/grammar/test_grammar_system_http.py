"""Running a system under test: a local HTTP endpoint (JSON in/out) and `module:function`."""

from __future__ import annotations

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from ragvet.grammar.fill import QueryCase
from ragvet.grammar.run import run_system
from ragvet.systems import ReplyFields, from_callable, from_http, load_system

pytestmark = pytest.mark.integration


def case(i: int, query: str) -> QueryCase:
    return QueryCase(id=f"g{i}/s1", group_id=f"g{i}", sql_template_id="t",
                     text_template_id="s1", query=query, sql="", params={}, answer=("x",))


class _Handler(BaseHTTPRequestHandler):
    seen: ClassVar[list[dict]] = []
    in_flight = 0
    peak = 0
    lock = threading.Lock()

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        cls = type(self)
        with cls.lock:
            cls.seen.append(body)
            cls.in_flight += 1
            cls.peak = max(cls.peak, cls.in_flight)
        threading.Event().wait(0.05)
        with cls.lock:
            cls.in_flight -= 1
        question = body["question"]
        if "boom" in question:
            self.send_response(500)
            self.end_headers()
            self.wfile.write(b"internal error")
            return
        reply = {"result": {"text": f"echo: {question}"},
                 "sources": [{"doc": "report-01"}, {"doc": "report-07"}]}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    _Handler.seen, _Handler.peak, _Handler.in_flight = [], 0, 0
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/ask"
    httpd.shutdown()
    httpd.server_close()


def test_http_endpoint_with_configured_fields_runs_concurrently(server):
    fields = ReplyFields(response=("result.text",), sources=(), doc_ids=("sources",),
                         source_id="doc")
    system = from_http(server, fields=fields, query_field="question", extra={"top_k": 2})
    cases = [case(i, f"question {i}") for i in range(8)] + [case(99, "boom")]
    seen = []
    outcomes = asyncio.run(run_system(cases, system, concurrency=4, on_answer=seen.append))
    assert [o.id for o in outcomes] == [c.id for c in cases]  # input order kept
    assert outcomes[0].answer == "echo: question 0"
    assert outcomes[0].doc_ids == ("report-01", "report-07")
    assert outcomes[-1].answer is None and outcomes[-1].error.startswith("HTTP 500")
    assert len(seen) == 9
    assert {"question": "question 3", "top_k": 2} in _Handler.seen
    assert 1 < _Handler.peak <= 4


def test_http_reply_without_the_answer_field_is_an_error(server):
    system = from_http(server, fields=ReplyFields(response=("nope",)), query_field="question")
    [outcome] = asyncio.run(run_system([case(1, "hello")], system))
    assert outcome.answer is None and "nope" in outcome.error


def test_unreachable_endpoint_is_recorded_not_raised():
    system = from_http("http://127.0.0.1:9/ask", timeout=2)
    [outcome] = asyncio.run(run_system([case(1, "hello")], system))
    assert outcome.answer is None and outcome.error


def test_module_function_system_returns_answer_and_doc_ids():
    system = load_system("ragvet.grammar.example:baseline_system")
    [outcome] = asyncio.run(run_system([case(1, "What is the approved budget of Harbour Pier "
                                                "Renewal?")], system))
    assert "$4,200,000" in outcome.answer
    assert outcome.doc_ids[0] == "report-01"


def test_callable_shapes_async_objects_tuples_and_failures():
    class AsyncRag:
        async def __call__(self, query):
            return {"answer": query.upper(), "doc_ids": [{"id": 3}]}

    def pair(query):
        return (f"sync {query}", ["a", "b"])

    def broken(query):
        raise RuntimeError("index offline")

    [a] = asyncio.run(run_system([case(1, "hi")], from_callable(AsyncRag())))
    assert (a.answer, a.doc_ids) == ("HI", ("3",))
    [b] = asyncio.run(run_system([case(1, "hi")], from_callable(pair)))
    assert (b.answer, b.doc_ids) == ("sync hi", ("a", "b"))
    [c] = asyncio.run(run_system([case(1, "hi")], from_callable(broken)))
    assert c.answer is None and c.error == "RuntimeError: index offline"
