"""A local OpenAI-compatible server for tests: replays a rule-following judge, injects faults.

The judge reads only the JSON inside the <data> fence of the user message, never the prose,
and answers by fixed rules (below), so expected scores can be computed by hand. Faults are
queued and consumed one per chat request: "429" (with Retry-After), "500", "401", "503",
"timeout", "hang" (no answer for `hang_seconds`), "malformed" (unreadable content),
"truncated" (finish_reason=length), "drop" (one verdict missing), "badjson" (an HTTP body
that is not JSON).

Log-probabilities: a request with `logprobs` gets `choices[0].logprobs.content`, the answer
cut into word tokens (a quote before a word stays on it, as `"yes`). The verdict (label)
token of each entry carries the rule's answer with the probability set in
`Rules.certainty` {prompt: {text fragment: probability}} for the items whose fields hold the
fragment (1.0 otherwise), and the opposite answer with the rest. `logprobs = False` plays an
endpoint that ignores the request; `refuse_logprobs = True` one that answers HTTP 400.

Faults for every request, chat or embeddings: `status` answers every one with that HTTP
status (401: a wrong key, 503: a server that is down); `hang_share` and `error_share` make
that share of them hang or answer 500 (drawn from a seeded generator); `fail_after`
(n, status) answers every request after the first n with that status. `poison`
{prompt: text} makes that prompt's answer unreadable when its batch holds an item containing
the text. `closed_port_url()` names an endpoint where nothing listens (connection refused).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DATA = re.compile(r"<data>\n(.*)\n</data>", re.S)
RECORD_TAG = re.compile(r"\bR\d\d\b")


@dataclass
class Rules:
    """essential: keywords that make a text essential; answers: question word → keyword."""

    essential: tuple[str, ...] = ("Elm", "1901", "Ruiz")
    answers: dict[str, str] = field(default_factory=lambda: {"Who": "Ruiz", "when": "1901"})
    # prompt → {fragment of an item's fields: probability the judge gives its own answer}
    certainty: dict[str, dict[str, float]] = field(default_factory=dict)

    def sureness(self, prompt: str, item: dict) -> float:
        seen = json.dumps(item)
        return next((p for fragment, p in self.certainty.get(prompt, {}).items()
                     if fragment in seen), 1.0)


def split_sentences(text: str) -> list[str]:
    return [s.strip().rstrip(".") for s in re.split(r"(?<=\.)\s+", text) if s.strip()]


def judge(prompt: str, data: dict, rules: Rules) -> list[dict]:
    items = data["items"]
    if prompt == "claims":
        return [{"id": i["id"], "parts": split_sentences(i["text"])} for i in items]
    if prompt == "subquestions":
        return [{"id": i["id"], "parts": [p.strip() for p in i["query"].split(" and ")]}
                for i in items]
    if prompt == "questions":
        return [{"id": i["id"], "parts": [f"What about {i['text'][:20]}?"]} for i in items]
    if prompt == "essential":
        return [_verdict(i["id"], any(k in i["text"] for k in rules.essential)) for i in items]
    if prompt == "supported":
        sources = " ".join(s["text"] for s in data["sources"])
        return [_verdict(i["id"], i["claim"].rstrip(".") in sources) for i in items]
    if prompt == "support_status":
        sources = " ".join(s["text"] for s in data["sources"])
        return [_label(i["id"], i["claim"].rstrip("."), sources) for i in items]
    if prompt == "answers":
        texts = {t["id"]: t for t in data["texts"]}

        def text_of(tid: str) -> str:
            t = texts[tid]
            return t["text"] if "text" in t else " ".join(text_of(c) for c in t["combined"])

        out = []
        for i in items:
            word = next((w for w in rules.answers if w in i["question"]), None)
            out.append(_verdict(i["id"], word is not None and rules.answers[word]
                                in text_of(i["text"])))
        return out
    raise ValueError(prompt)


def _verdict(item_id: int, value: bool) -> dict:
    return {"id": item_id, "reason": "rule", "verdict": "yes" if value else "no"}


def _label(item_id: int, claim: str, sources: str) -> dict:
    """supported when the sources hold the claim; contradicted when they hold its negation
    ("is" ↔ "is not"); else not mentioned."""
    negation = claim.replace(" is not ", " is ") if " is not " in claim else \
        claim.replace(" is ", " is not ")
    label = ("supported" if claim in sources else "contradicted" if negation in sources
             else "not_mentioned")
    return {"id": item_id, "reason": "rule", "label": label}


_TOKEN = re.compile(r'"?\w+|\s+|[^\w\s]')
_ANSWER = re.compile(r'"(?:verdict|label)": "(\w+)"|<item id="\d+">(\w+):')
_OPPOSITE = {"yes": "no", "no": "yes", "supported": "not_mentioned",
             "contradicted": "supported", "not_mentioned": "supported"}


def logprobs(text: str, sureness: list[float]) -> dict:
    """OpenAI's `logprobs` block for `text`: the k-th answer word gets `sureness[k]` and its
    opposite the rest; every other token is certain."""
    answers = {}
    found = list(_ANSWER.finditer(text))
    for m, p in zip(found, sureness, strict=False):
        group = 1 if m.group(1) else 2
        answers[m.start(group)] = (m.group(group), p)
    content = []
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        word_at = m.start() + (1 if token.startswith('"') else 0)
        top = [{"token": token, "logprob": 0.0}]
        if word_at in answers:
            word, p = answers[word_at]
            lead = token[: word_at - m.start()]
            top = [{"token": token, "logprob": math.log(p) if p > 0 else -9999.0}]
            if p < 1.0:
                top.append({"token": lead + _OPPOSITE[word], "logprob": math.log(1.0 - p)})
        content.append({"token": token, "logprob": top[0]["logprob"], "top_logprobs": top})
    return {"content": content}


def tagged(entries: list[dict]) -> str:
    lines = []
    for e in entries:
        if "parts" in e:
            body = "\n".join(f"- {p}" for p in e["parts"])
            lines.append(f'<item id="{e["id"]}">\n{body}\n</item>')
        else:
            answer = e.get("label", e.get("verdict"))
            lines.append(f'<item id="{e["id"]}">{answer}: {e["reason"]}</item>')
    return "\n".join(lines)


def vector(text: str, dim: int = 64) -> list[float]:
    rng = random.Random(hashlib.sha256(text.encode()).hexdigest())
    raw = [rng.gauss(0, 1) for _ in range(dim)]
    norm = math.sqrt(sum(x * x for x in raw))
    return [x / norm for x in raw]


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many clients connect at once; a full backlog delays SYNs 1 s

    def handle_error(self, request, client_address) -> None:
        pass  # clients that time out close their socket; that is expected here


class FakeOpenAI:
    def __init__(self, rules: Rules | None = None, latency: float = 0.0,
                 retry_after: str = "0") -> None:
        self.rules = rules or Rules()
        self.latency = latency
        self.retry_after = retry_after
        self.latency_jitter = 0.0  # extra latency, uniform in [0, jitter]
        self.status: int | None = None
        self.hang_share = 0.0
        self.error_share = 0.0
        self.hang_seconds = 600.0
        self.poison: dict[str, str] = {}  # prompt id → text that spoils its answers
        self.fail_after: tuple[int, int] | None = None  # (n, status): after n requests
        self.requests_seen = 0
        self.rng = random.Random(7)
        self.hung = 0
        self.errors_sent = 0
        self.faults: list[str] = []
        self.persistent: dict[str, str] = {}  # prompt id → fault applied to every call
        self.logprobs = True  # False: ignore a request for log-probabilities
        self.refuse_logprobs = False  # True: answer a request for them with HTTP 400
        self.calls = Counter()  # (kind, prompt) → count
        self.per_record = Counter()
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        self.files: dict[str, bytes] = {}      # the Batch API's uploaded and output files
        self.batches: dict[str, dict] = {}
        self.batch_created: dict[str, float] = {}
        self.batch_delay = 0.0                 # seconds before a batch is answered
        self.batches_run = 0
        self.server = _QuietServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def total(self, kind: str = "chat") -> int:
        return sum(n for (k, _), n in self.calls.items() if k == kind)

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers["Content-Length"]))
                if self.path.endswith("/files"):
                    return fake._upload(self, raw)
                body = json.loads(raw)
                if self.path.endswith("/batches"):
                    return fake._create_batch(self, body)
                if fake._every_request_fault(self):
                    return None
                if self.path.endswith("/embeddings"):
                    return fake._embeddings(self, body)
                return fake._chat(self, body)

            def do_GET(self) -> None:
                return fake._batch_get(self)

        return Handler

    # ---- the Batch API: /files (upload, content) and /batches (create, retrieve) --------
    # A batch runs every line through the same handlers as online calls (faults included)
    # when it is first retrieved after `batch_delay` seconds, and is then "completed".

    def _upload(self, handler, raw: bytes) -> None:
        from email.parser import BytesParser
        from email.policy import HTTP

        message = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + handler.headers["Content-Type"].encode() + b"\r\n\r\n" + raw)
        fields = {part.get_param("name", header="content-disposition"):
                  part.get_payload(decode=True) for part in message.iter_parts()}
        with self.lock:
            file_id = f"file-{len(self.files) + 1}"
            self.files[file_id] = fields["file"]
        self._send(handler, 200, {"id": file_id, "object": "file", "bytes": len(fields["file"]),
                                  "created_at": 0, "filename": "batch.jsonl",
                                  "purpose": fields.get("purpose", b"").decode()})

    def _create_batch(self, handler, body: dict) -> None:
        with self.lock:
            batch_id = f"batch_{len(self.batches) + 1}"
            self.batches[batch_id] = {
                "id": batch_id, "object": "batch", "endpoint": body["endpoint"],
                "input_file_id": body["input_file_id"], "completion_window": "24h",
                "status": "validating", "created_at": int(time.time()),
                "output_file_id": None, "error_file_id": None,
                "request_counts": {"total": 0, "completed": 0, "failed": 0}}
            self.batch_created[batch_id] = time.monotonic()
            batch = dict(self.batches[batch_id])
        self._send(handler, 200, batch)

    def _batch_get(self, handler) -> None:
        parts = handler.path.rstrip("/").split("/")
        if parts[-1] == "content" and parts[-2] in self.files:
            raw = self.files[parts[-2]]
            handler.send_response(200)
            handler.send_header("Content-Type", "application/octet-stream")
            handler.send_header("Content-Length", str(len(raw)))
            handler.end_headers()
            handler.wfile.write(raw)
            return None
        batch_id = parts[-1]
        if batch_id not in self.batches:
            return self._send(handler, 404, {"error": {"message": "no such batch"}})
        if self.batches[batch_id]["status"] != "completed" and \
                time.monotonic() - self.batch_created[batch_id] >= self.batch_delay:
            self._run_batch(batch_id)
        with self.lock:
            batch = dict(self.batches[batch_id])
        return self._send(handler, 200, batch)

    def _run_batch(self, batch_id: str) -> None:
        batch = self.batches[batch_id]
        lines = self.files[batch["input_file_id"]].decode().splitlines()
        out, failed = [], 0
        for line in filter(str.strip, lines):
            item = json.loads(line)
            capture = _Captured(item["body"], item["url"])
            if not self._every_request_fault(capture):
                if item["url"].endswith("/embeddings"):
                    self._embeddings(capture, item["body"])
                else:
                    self._chat(capture, item["body"])
            failed += capture.status != 200
            out.append(json.dumps({"id": f"req-{len(out)}", "custom_id": item["custom_id"],
                                   "response": {"status_code": capture.status,
                                                "body": capture.json()},
                                   "error": None}))
        with self.lock:
            output_id = f"file-{len(self.files) + 1}"
            self.files[output_id] = ("\n".join(out) + "\n").encode()
            self.batches_run += 1
            batch.update(status="completed", output_file_id=output_id,
                         request_counts={"total": len(out), "completed": len(out) - failed,
                                         "failed": failed})

    def _send(self, handler, status: int, payload, headers: dict | None = None) -> None:
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(raw)))
        for k, v in (headers or {}).items():
            handler.send_header(k, v)
        handler.end_headers()
        handler.wfile.write(raw)

    def _every_request_fault(self, handler) -> bool:
        """Answer with the faults set for every request; True when the request is done."""
        with self.lock:
            self.requests_seen += 1
            if self.fail_after is not None and self.requests_seen > self.fail_after[0]:
                self.status = self.fail_after[1]
            draw = self.rng.random()
        if self.status is not None:
            self._send(handler, self.status, {"error": {"message": f"injected {self.status}"}})
            return True
        if draw < self.hang_share:
            self._hang()
            return True
        if draw < self.hang_share + self.error_share:
            with self.lock:
                self.errors_sent += 1
            self._send(handler, 500, {"error": {"message": "boom"}})
            return True
        return False

    def _hang(self) -> None:
        with self.lock:
            self.hung += 1
        time.sleep(self.hang_seconds)

    def _embeddings(self, handler, body: dict) -> None:
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        with self.lock:
            self.calls[("embed", "embed")] += 1
            for t in texts:
                for tag in set(RECORD_TAG.findall(t)):
                    self.per_record[tag] += 0  # embeddings are not counted per record
        self._send(handler, 200, {"object": "list", "model": body["model"],
                                  "data": [{"index": k, "embedding": vector(t),
                                            "object": "embedding"} for k, t in enumerate(texts)],
                                  "usage": {"prompt_tokens": 3 * len(texts), "total_tokens": 0}})

    def _chat(self, handler, body: dict) -> None:
        system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
        first_user = body["messages"][1]["content"]
        data = json.loads(DATA.search(first_user).group(1))
        prompt = _prompt_of(system)
        with self.lock:
            self.requests.append(body)
            self.calls[("chat", prompt)] += 1
            for tag in set(RECORD_TAG.findall(first_user)):
                self.per_record[tag] += 1
            fault = self.faults.pop(0) if self.faults else self.persistent.get(prompt)
        if self.latency or self.latency_jitter:
            time.sleep(self.latency + self.rng.uniform(0, self.latency_jitter))
        spoiler = self.poison.get(prompt)
        if spoiler and any(spoiler in json.dumps(i) for i in data["items"]):
            fault = "malformed"
        if fault in ("401", "503"):
            return self._send(handler, int(fault), {"error": {"message": f"injected {fault}"}})
        if fault == "hang":
            return self._hang()
        if fault == "429":
            return self._send(handler, 429, {"error": {"message": "slow down"}},
                              {"Retry-After": self.retry_after})
        if fault == "500":
            return self._send(handler, 500, {"error": {"message": "boom"}})
        if fault == "timeout":
            time.sleep(1.5)
        if fault == "badjson":
            return self._send(handler, 200, b"{not json")
        if self.refuse_logprobs and body.get("logprobs"):
            return self._send(handler, 400, {"error": {
                "message": "logprobs is not supported for this model"}})
        entries = judge(prompt, data, self.rules)
        sureness = [self.rules.sureness(prompt, item) for item in data["items"]]
        finish = "stop"
        if fault == "drop":
            entries = entries[:-1]
        text = (json.dumps({"items": entries}) if "response_format" in body
                else tagged(entries))
        if fault == "malformed":
            text = "Sure! Here are my verdicts: yes, yes and maybe {"
        if fault == "truncated":
            text, finish = text[: len(text) // 2], "length"
        choice = {"index": 0, "finish_reason": finish,
                  "message": {"role": "assistant", "content": text}}
        if body.get("logprobs") and self.logprobs:
            by_id = dict(zip((i["id"] for i in data["items"]), sureness, strict=True))
            choice["logprobs"] = logprobs(text, [by_id.get(e["id"], 1.0) for e in entries])
        self._send(handler, 200, {
            "id": "x", "object": "chat.completion", "model": body["model"],
            "choices": [choice],
            "usage": {"prompt_tokens": len(system + user) // 4,
                      "completion_tokens": len(text) // 4}})


class _Captured:
    """Stands in for an HTTP handler when a batch line goes through the online handlers."""

    def __init__(self, body: dict, path: str) -> None:
        import io

        self.path = path
        self.status = 0
        self.wfile = io.BytesIO()

    def send_response(self, status: int) -> None:
        self.status = status

    def send_header(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        pass

    def json(self):
        try:
            return json.loads(self.wfile.getvalue() or b"null")
        except json.JSONDecodeError:
            return {"error": {"message": "not JSON"}}


def closed_port_url() -> str:
    """An endpoint on this machine where nothing listens: connecting is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def _prompt_of(system: str) -> str:
    for name, marker in (("claims", "atomic claims"), ("subquestions", "separate questions"),
                         ("questions", "questions a text answers"),
                         ("essential", "which pieces of text matter"),
                         ("answers", "texts answer questions"),
                         ("supported", "claims against source"),
                         ("support_status", "how the sources stand towards each claim")):
        if marker in system:
            return name
    raise ValueError(system[:80])


def results_less_raw(run) -> dict[str, dict]:
    """Each record's result by id, less each component's raw answer line: an LLM judge merges
    a record's concurrent calls, and which items share a call (so an item's number in the raw
    answer) follows the order answers come back in, whatever the engine."""
    out = {}
    for result in run.results:
        data = result.to_dict()
        data["components"] = [{k: v for k, v in c.items() if k != "raw"}
                              for c in data["components"]]
        out[result.id] = data
    return out
