"""The dashboard: a small read-only WSGI app over a ResultStore (stdlib server, no framework).

Pages: runs list, run overview (the report's sections), record drill-down, two runs side by
side. JSON twins under /api/. Bound to 127.0.0.1 by default; requests whose Host header is
not a loopback name are refused there (DNS-rebinding guard). Every page is autoescaped and
served with a Content-Security-Policy that allows only the bundled script.
"""

from __future__ import annotations

import ipaddress
import json
import sys
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from urllib.parse import parse_qs, quote
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from ..errors import StoreError
from ..store.repo import ResultStore
from .templating import assets, render_page
from .view import build_view, compare_view, record_view

LOOPBACK_NAMES = {"127.0.0.1", "localhost", "::1"}
StartResponse = Callable[..., Any]


class NotFound(Exception):
    pass


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Dashboard:
    """WSGI app. `check_host`: refuse requests addressed to names other than loopback."""

    def __init__(self, store: ResultStore, *, check_host: bool = True) -> None:
        self.store = store
        self.check_host = check_host
        self.routes: list[tuple[str, Callable[[list[str], dict[str, str]], tuple[str, str]]]] = [
            ("", self.runs_page), ("runs", self.run_page), ("compare", self.compare_page),
            ("api", self.api),
        ]

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        try:
            status, content_type, body = self.dispatch(environ)
        except NotFound as err:
            status, content_type = "404 Not Found", "text/html; charset=utf-8"
            body = render_page("dashboard/error.html", message=str(err), title="Not found")
        except Exception as err:  # never leak a traceback to the page
            print(f"ragvet serve: {type(err).__name__}: {err}", file=sys.stderr)
            status, content_type = "500 Internal Server Error", "text/plain; charset=utf-8"
            body = "internal error (see the server's log)"
        data = body.encode("utf-8")
        start_response(status, [("Content-Type", content_type),
                                ("Content-Length", str(len(data))), *security_headers()])
        return [] if environ.get("REQUEST_METHOD") == "HEAD" else [data]

    def dispatch(self, environ: dict[str, Any]) -> tuple[str, str, str]:
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return "405 Method Not Allowed", "text/plain; charset=utf-8", "read-only dashboard"
        if self.check_host and not is_loopback(_host_name(environ.get("HTTP_HOST", ""))):
            return "421 Misdirected Request", "text/plain; charset=utf-8", "unexpected Host"
        path = environ.get("PATH_INFO", "/").encode("latin-1").decode("utf-8", "replace")
        parts = [p for p in path.split("/") if p]
        query = {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
        head = parts[0] if parts else ""
        for name, handler in self.routes:
            if head == name:
                try:
                    content_type, body = handler(parts[1:], query)
                except StoreError as err:
                    raise NotFound(str(err)) from err
                return "200 OK", content_type, body
        raise NotFound(f"no page at {path}")

    # -- pages -------------------------------------------------------------------------------

    def runs_page(self, rest: list[str], query: dict[str, str]) -> tuple[str, str]:
        if rest:
            raise NotFound("no such page")
        limit = query.get("limit", "200")
        found = self.store.list_runs(limit=int(limit) if limit.isdigit() else 200)
        return _html(render_page("dashboard/runs.html", runs=found, title="Runs"))

    def run_page(self, rest: list[str], query: dict[str, str]) -> tuple[str, str]:
        from .sections import render_sections

        if not rest:
            raise NotFound("which run? /runs/RUN")
        if len(rest) == 2 and rest[1] == "record":
            return self.record_page(rest[0], query.get("id", ""))
        if len(rest) == 2 and rest[1] == "report.html":
            from .html import render_report

            return _html(render_report(build_view(self.store.load_run(rest[0]))))
        if len(rest) != 1:
            raise NotFound("no such page")
        loaded = self.store.load_run(rest[0])
        view = build_view(loaded, base_url=run_url(loaded.id))
        return _html(render_page("dashboard/run.html", view=view,
                                 sections=render_sections(view), title=f"Run {loaded.id}"))

    def record_page(self, run_ref: str, record_id: str) -> tuple[str, str]:
        info, result, stored = self.store.load_record(run_ref, record_id)
        rec = record_view(result, stored, stored.position or 0, list(info.metric_ids))
        return _html(render_page("dashboard/record.html", info=info, rec=rec,
                                 title=f"Record {record_id}"))

    def compare_page(self, rest: list[str], query: dict[str, str]) -> tuple[str, str]:
        a_ref, b_ref = query.get("a", "latest~1"), query.get("b", "latest")
        a = build_view(self.store.load_run(a_ref), base_url=None)
        b = build_view(self.store.load_run(b_ref), base_url=None)
        from .svg import diverging

        cmp = compare_view(a, b)
        chart = diverging([(m.metric, m.delta) for m in cmp.metrics if m.delta is not None],
                          title="Change in mean score (B − A)")
        return _html(render_page("dashboard/compare.html", cmp=cmp, chart=chart,
                                 title=f"Compare {a.info.id} and {b.info.id}"))

    def api(self, rest: list[str], query: dict[str, str]) -> tuple[str, str]:
        if rest == ["runs"]:
            data: Any = [_info_json(i) for i in self.store.list_runs()]
        elif len(rest) == 2 and rest[0] == "runs":
            loaded = self.store.load_run(rest[1])
            data = {"run": _info_json(loaded.info),
                    "records": [r.to_dict() for r in loaded.results]}
        else:
            raise NotFound("no such API path")
        return "application/json", json.dumps(data, ensure_ascii=False, default=str)


def run_url(run_id: str) -> str:
    return f"/runs/{quote(run_id, safe='')}"


def _info_json(info) -> dict[str, Any]:
    from dataclasses import asdict

    return {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in asdict(info).items()}


def _html(body: str) -> tuple[str, str]:
    return "text/html; charset=utf-8", body


def _host_name(header: str) -> str:
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def security_headers() -> list[tuple[str, str]]:
    return [("Content-Security-Policy", assets()["csp"] + "; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"), ("Cache-Control", "no-store")]


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"{self.command} {self.path} {args[1] if len(args) > 1 else ''}\n")


def make_dashboard_server(store: ResultStore, host: str = "127.0.0.1", port: int = 8000,
                          *, quiet: bool = False) -> WSGIServer:
    """A threaded server for the dashboard (call `serve_forever`; port 0 picks a free one)."""
    handler = type("_Handler", (_QuietHandler,), {"log_message": lambda *a: None}) if quiet \
        else _QuietHandler
    app = Dashboard(store, check_host=is_loopback(host))
    return make_server(host, port, app, server_class=_ThreadingServer, handler_class=handler)
