"""Self-contained HTML: Jinja2 with autoescape; CSS, JS and SVG plots inline; no CDN.

A Content-Security-Policy allows only the bundled script and style (by hash), so even text
that slipped past escaping could not run a script. The report, its sections and the
dashboard all render through here.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

HERE = Path(__file__).parent


@lru_cache(maxsize=1)
def environment():
    import jinja2

    from .longtext import deferred, long_text
    from .view import pattern_fix

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.globals.update(fix=pattern_fix, long=long_text, version=_version(), **assets())
    env.filters["deferred"] = deferred
    return env


def _version() -> str:
    from .._version import __version__

    return __version__


@lru_cache(maxsize=1)
def assets() -> dict[str, Any]:
    css = (HERE / "static" / "report.css").read_text(encoding="utf-8")
    js = (HERE / "static" / "report.js").read_text(encoding="utf-8")
    policy = (f"default-src 'none'; img-src data:; style-src '{_sha256(css)}'; "
              f"script-src '{_sha256(js)}'; form-action 'self'; base-uri 'none'")
    return {"css": Markup(css), "js": Markup(js), "csp": policy}


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def render_partial(template: str, **context: Any) -> Markup:
    return Markup(environment().get_template(template).render(**context))


def render_page(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
