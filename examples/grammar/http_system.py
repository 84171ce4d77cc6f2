"""Serve the bundled baseline RAG over HTTP, to try `ragvet grammar run --endpoint`.

    PYTHONPATH=src python examples/grammar/http_system.py 8765 &   # 0 picks a free port
    ragvet grammar run queries.jsonl --endpoint http://127.0.0.1:8765/ask \
        --query-field question --answer-field reply.text --docs-field reply.sources

Request: {"question": "..."}; reply: {"reply": {"text": "...", "sources": ["report-01", ...]}}.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ragvet.grammar.example import baseline_system


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        answer = baseline_system(str(body.get("question", "")))
        data = json.dumps({"reply": {"text": answer["answer"],
                                     "sources": answer["doc_ids"]}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}/ask", flush=True)
    server.serve_forever()
