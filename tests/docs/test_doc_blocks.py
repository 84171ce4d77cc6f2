"""Every code block of README.md and docs/**/*.md runs, and the output it shows is the output
the code gives (the convention is in tests/docs/doc_blocks.py).

- python: run in a subprocess in the page's workspace; a following ``prints`` text block is
  compared with its stdout.
- console: each ``$ command`` runs in the page's workspace (ragvet from this venv, COLUMNS
  fixed at 120); the lines shown after it are compared with its output (stdout and stderr,
  as a terminal shows them) after the narrow normalisers of doc_blocks.NORMALISERS.
- bash: each command runs the same way, or through one of STAND_INS below, which say what
  stands in for running it and why.
- text: compared with the command named by ``output-of`` (or with the python block before it
  for ``prints``); a ``synopsis`` is checked against ``--help``, a ``diagram`` against the
  source tree.
- toml / yaml / json / jsonl: parsed, then validated by the code that reads them (VALIDATORS).

Set RAGVET_DOCS_REGENERATE=1 to write the real output into a block whose output differs
(then read the diff before committing it).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from doc_blocks import (
    DIRECTIVE_KEYS,
    KINDS,
    NORMALISERS,
    ROOT,
    Block,
    all_blocks,
    bash_commands,
    block_after,
    blocks_before,
    console_steps,
    doc_pages,
    is_excerpt,
    normalise,
    without_comment,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow]

BLOCKS = all_blocks()
VENV_BIN = Path(sys.executable).parent
COLUMNS = "120"
REGENERATE = os.environ.get("RAGVET_DOCS_REGENERATE") == "1"
MAX_NOT_RUN = 4


# --- workspaces ----------------------------------------------------------------------------

@dataclass
class Workspace:
    """One page's folder and environment; its blocks run here in order."""

    path: Path
    env: dict[str, str]
    services: list = field(default_factory=list)

    def close(self) -> None:
        for service in reversed(self.services):
            service.__exit__(None, None, None)


def new_workspace(base: Path, page: str) -> Workspace:
    path = base / ("doc-ws-" + re.sub(r"\W+", "-", page))
    path.mkdir()
    shutil.copytree(ROOT / "examples", path / "examples")
    for name in ("src", "benchmarks", "training"):  # for `python benchmarks/…` commands
        (path / name).symlink_to(ROOT / name)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("RAGVET_", "OPENAI_", "PYTEST_"))}
    env.update({"PATH": os.pathsep.join([str(VENV_BIN), env.get("PATH", "")]),
                "COLUMNS": COLUMNS, "LINES": "50", "TERM": "dumb", "NO_COLOR": "1",
                "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONHASHSEED": "0",
                # the workspace is importable, as a project's own package (mypkg) would be
                "PYTHONPATH": str(path)})
    return Workspace(path, env)


@pytest.fixture(scope="module")
def workspaces(tmp_path_factory):
    made: dict[str, Workspace] = {}
    base = tmp_path_factory.mktemp("docs")

    def get(block: Block) -> Workspace:
        if block.page not in made:
            made[block.page] = new_workspace(base, block.page)
            made[block.page].env["RAGVET_REPO"] = str(ROOT)
        workspace = made[block.page]
        for name in block.values("env"):
            start_service(name, workspace)
        return workspace

    yield get
    for workspace in made.values():
        workspace.close()


def start_service(name: str, workspace: Workspace) -> None:
    if name == "llm-replay":
        if "OPENAI_BASE_URL" in workspace.env:
            return
        sys.path.insert(0, str(ROOT / "tests" / "integration" / "llm"))
        from llm_fake_server import FakeOpenAI

        server = FakeOpenAI().__enter__()
        workspace.services.append(server)
        workspace.env.update({"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "test-key"})
    elif name == "postgres":
        try:
            socket.create_connection(("127.0.0.1", 5432), timeout=2).close()
        except OSError:
            if os.environ.get("RAGVET_REQUIRE_DATABASES") == "1":
                raise
            pytest.skip("PostgreSQL is not running on 127.0.0.1:5432 (CI requires it)")
    elif name == "mariadb":
        try:
            import pymysql

            connection = pymysql.connect(host="127.0.0.1", port=3306, user="root")
        except Exception:
            if os.environ.get("RAGVET_REQUIRE_DATABASES") == "1":
                raise
            pytest.skip("MariaDB is not running on 127.0.0.1:3306 (CI requires it)")
        with connection, connection.cursor() as cursor:  # a database of the doc tests' own
            cursor.execute("DROP DATABASE IF EXISTS ragvet_docs")
            cursor.execute("CREATE DATABASE ragvet_docs")
    elif name == "plugin-demo":
        # the demo plugin of tests/fixtures, found through its entry points as if installed
        site = workspace.path / "plugin-site"
        info = site / "ragvet_plugin_demo-0.1.0.dist-info"
        info.mkdir(parents=True, exist_ok=True)
        fixture = ROOT / "tests" / "fixtures" / "ragvet_plugin_demo"
        shutil.copy(fixture / "ragvet_plugin_demo.py", site)
        groups = tomllib.loads((fixture / "pyproject.toml").read_text())["project"][
            "entry-points"]
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ragvet-plugin-demo\n"
                                       "Version: 0.1.0\n")
        (info / "entry_points.txt").write_text("".join(
            f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()) + "\n"
            for group, points in groups.items()))
        workspace.env["PYTHONPATH"] = os.pathsep.join([str(site), str(workspace.path)])
    else:
        raise AssertionError(f"unknown env {name!r}")


# --- running commands ----------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    code: int
    output: str


def shell(command: str, workspace: Workspace, timeout: float = 600) -> Outcome:
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=workspace.path,
                          env=workspace.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=timeout)
    return Outcome(proc.returncode, proc.stdout)


def makefile_recipe(target: str) -> list[str]:
    lines = (ROOT / "Makefile").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def stand_in_make_demo(command: str, workspace: Workspace) -> Outcome:
    """The demo target runs what README says it runs; the run itself is the README's next
    block (output-of that command) and CI's `make demo`."""
    assert makefile_recipe("demo") == [
        "$(VENV)/bin/ragvet evaluate examples/records.jsonl --out results.jsonl"]
    return Outcome(0, "")


def stand_in_make_test(command: str, workspace: Workspace) -> Outcome:
    """The suite cannot run itself from inside; CI runs `make test`. Checked: the target runs
    pytest over the whole tests folder, quietly."""
    assert makefile_recipe("test") == ["$(PY) -m pytest -q"]
    return Outcome(0, "")


def stand_in_venv(command: str, workspace: Workspace) -> Outcome:
    """Creating a virtual environment is done for real (without pip, which needs PyPI)."""
    return shell("python -m venv --without-pip .venv-doc && . .venv-doc/bin/activate", workspace)


def stand_in_pip_torch(command: str, workspace: Workspace) -> Outcome:
    """Installing needs PyPI: checked instead that the pin is the Makefile's and is what this
    environment has."""
    pinned = re.search(r"torch==(\S+)", command)[1]
    assert f"torch=={pinned}" in " ".join(makefile_recipe("$(VENV)/.installed"))
    import torch

    assert torch.__version__.split("+")[0] == pinned
    return Outcome(0, "")


def stand_in_pip_ragvet(command: str, workspace: Workspace) -> Outcome:
    """Installing needs PyPI: checked instead that the extras exist, that the Makefile
    installs the same, and that this environment's ragvet is this checkout, editable."""
    extras = re.search(r"\.\[([\w,-]+)\]", command)[1].split(",")
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert set(extras) <= set(optional)
    assert any(f'.[{",".join(extras)}]' in line for line in makefile_recipe("$(VENV)/.installed"))
    import ragvet

    assert Path(ragvet.__file__).resolve().is_relative_to(ROOT / "src")
    return Outcome(0, "")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stand_in_serve(command: str, workspace: Workspace) -> Outcome:
    """The dashboard is started as written, on a free port instead of 8000 (other tests may
    hold 8000), asked for its front page and its runs API, then stopped."""
    port = free_port()
    proc = subprocess.Popen([*shlex.split(without_comment(command)), "--port", str(port)],
                            cwd=workspace.path, env=workspace.env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
                    page = reply.read().decode()
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/runs",
                                            timeout=5) as reply:
                    runs = json.loads(reply.read())
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read()
                time.sleep(0.3)
        assert "<html" in page.lower() and runs, (page[:200], runs)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return Outcome(0, "")


def stand_in_replay_url(command: str, workspace: Workspace) -> Outcome:
    """A self-hosted OpenAI-compatible endpoint: the replay server stands in for it (its URL
    replaces the one shown)."""
    start_service("llm-replay", workspace)
    url = workspace.env["OPENAI_BASE_URL"]
    return shell(re.sub(r"--base-url\s+\S+", f"--base-url {url}", command), workspace)


def stand_in_litellm_anthropic(command: str, workspace: Workspace) -> Outcome:
    """Anthropic's API has no local stand-in: the command runs with --estimate, which builds
    the LiteLLM judge and plans every call (batching, tokens) but sends nothing. Where LiteLLM
    is not installed (it is an optional extra, not in `all` or `dev`), the command must stop
    naming the extra to install, as the doc's `pip install 'ragvet[litellm]'` says."""
    workspace.env.setdefault("ANTHROPIC_API_KEY", "test-key")
    outcome = shell(command + " --estimate", workspace)
    try:
        import litellm  # noqa: F401
    except ImportError:
        assert outcome.code == 2 and "pip install 'ragvet[litellm]'" in outcome.output, outcome
        return Outcome(0, outcome.output)
    return outcome


def stand_in_ranking_benchmark(command: str, workspace: Workspace) -> Outcome:
    """The benchmark scores HaluEval-QA rows 500-999 from ../shared/data (not in the
    repository) for several minutes: its output file, made by this very command and kept less
    the components (tests/docs/data/halueval-scored.jsonl.gz), stands in for running it."""
    return shell('zcat "$RAGVET_REPO/tests/docs/data/halueval-scored.jsonl.gz" '
                 "> halueval-scored.jsonl", workspace)


def stand_in_grammar_endpoint(command: str, workspace: Workspace) -> Outcome:
    """Your system's HTTP endpoint: a local server answering in the shape the command's field
    options read ({"data": {"answer", "sources": [{"id"}]}}) with the bundled baseline RAG
    stands in; its URL replaces the one shown."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from ragvet.grammar.example import baseline_system

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            answer = baseline_system(body["question"])
            data = json.dumps({"data": {"answer": answer["answer"], "sources": [
                {"id": doc} for doc in answer["doc_ids"]]}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/ask"
        return shell(re.sub(r"--endpoint\s+\S+", f"--endpoint {url}", command), workspace)
    finally:
        server.shutdown()
        server.server_close()


def stand_in_remote_ray(command: str, workspace: Workspace) -> Outcome:
    """A remote Ray cluster (a job server at HEAD:8265, a Ray Client server at HEAD:10001)
    and an s3 bucket cannot be had here: checked instead that every option of the `ray job
    submit` part and of the ragvet part exists (--help). The engine itself runs on a private
    local cluster in the same block's first command and in tests/integration/scale."""
    words = [w for w in shlex.split(command) if not re.fullmatch(r"[A-Z_]+=\S*", w)]
    text = " ".join(words)
    if text.startswith("ray job submit"):
        outer, _, inner = text.partition(" -- ")
        assert_options_exist(["ray", "job", "submit"], outer)
        text = inner
    assert text.startswith("ragvet evaluate "), text
    assert_options_exist(["ragvet", "evaluate"], text)
    return Outcome(0, "")


def stand_in_batch_api(command: str, workspace: Workspace) -> Outcome:
    """The OpenAI Batch API: the replay server (which implements /v1/files and /v1/batches)
    stands in, and a config file that polls it every 0.05 s instead of every 30 s is added
    (it answers a batch at once; polling slowly would only wait)."""
    start_service("llm-replay", workspace)
    config = workspace.path / "doc-batch-poll.toml"
    config.write_text("[judge]\nbatch_poll_seconds = 0.05\nbatch_gather_seconds = 0.05\n")
    return shell(f"{command} --config {config.name}", workspace)


def stand_in_export(command: str, workspace: Workspace) -> Outcome:
    """`export NAME=VALUE` holds for the page's later commands."""
    name, _, value = command.removeprefix("export ").partition("=")
    value = without_comment(value)
    if value != "...":  # a placeholder keeps the stand-in's value
        workspace.env[name] = value
    workspace.env.setdefault(name, "test-key")
    return Outcome(0, "")


# (pattern on the command less its comment, function). Each function's docstring says what
# stands in for running the command as written.
STAND_INS: list[tuple[re.Pattern[str], Callable[[str, Workspace], Outcome]]] = [
    (re.compile(r"make demo$"), stand_in_make_demo),
    (re.compile(r"make test$"), stand_in_make_test),
    (re.compile(r"python -m venv \.venv && \. \.venv/bin/activate$"), stand_in_venv),
    (re.compile(r"pip install torch==\S+$"), stand_in_pip_torch),
    (re.compile(r"pip install -e \"\.\[[\w,-]+\]\"$"), stand_in_pip_ragvet),
    (re.compile(r"ragvet serve$"), stand_in_serve),
    (re.compile(r"ragvet .*--base-url http://localhost\S*"), stand_in_replay_url),
    (re.compile(r"ragvet evaluate .*--judge litellm:anthropic/"), stand_in_litellm_anthropic),
    (re.compile(r"export \w+=\S+$"), stand_in_export),
    (re.compile(r"(?:ray job submit |(?:[A-Z_]+=\S+ )*ragvet evaluate .*--address ray://)"),
     stand_in_remote_ray),
    (re.compile(r"ragvet evaluate .*--batch-api"), stand_in_batch_api),
    (re.compile(r"python benchmarks/ranking_quality\.py --data \.\./shared/data "
                r"--out halueval-scored\.jsonl$"), stand_in_ranking_benchmark),
    (re.compile(r"ragvet grammar run .*--endpoint http://127\.0\.0\.1:8000/"),
     stand_in_grammar_endpoint),
]


# Commands that read only examples/ and the named input files and write only the named output
# files: each runs once per test session for the same inputs (one model load), and every
# page that runs it gets the same output and files.
RUN_ONCE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # command: (inputs, outputs)
    "ragvet evaluate examples/records.jsonl --out results.jsonl": ((), ("results.jsonl",)),
    "ragvet evaluate examples/pytest/records.jsonl --out base.jsonl": ((), ("base.jsonl",)),
    "ragvet evaluate examples/pytest/worse_records.jsonl --out pr.jsonl": ((), ("pr.jsonl",)),
    "ragvet evaluate records.parquet --engine ray --out results.jsonl": (
        ("records.parquet",), ("results.jsonl",)),
    "ragvet pairs make records.jsonl --out pairs.jsonl": (("records.jsonl",), ("pairs.jsonl",)),
    "ragvet evaluate pairs.jsonl --metrics thelma --out pair-results.jsonl": (
        ("pairs.jsonl",), ("pair-results.jsonl",)),
}
_ran_once: dict[tuple[str, ...], tuple[Outcome, Path]] = {}


def run_once(command: str, workspace: Workspace) -> Outcome:
    inputs, outputs = RUN_ONCE[command]
    key = (command, *(hashlib.sha256((workspace.path / name).read_bytes()).hexdigest()
                      for name in inputs))
    if key not in _ran_once:
        first = workspace.path.parent / f"once-{len(_ran_once)}"
        first.mkdir()
        shutil.copytree(ROOT / "examples", first / "examples")
        for name in inputs:
            shutil.copy(workspace.path / name, first / name)
        _ran_once[key] = (shell(command, Workspace(first, workspace.env)), first)
    outcome, first = _ran_once[key]
    for name in outputs:
        if (first / name).exists():
            shutil.copy(first / name, workspace.path / name)
    return outcome


def run_command(command: str, workspace: Workspace) -> Outcome:
    bare = without_comment(command)
    if bare in RUN_ONCE:
        return run_once(bare, workspace)
    for pattern, stand_in in STAND_INS:
        if pattern.match(bare):
            return stand_in(bare, workspace)
    return shell(command, workspace)


# --- comparing -----------------------------------------------------------------------------

def rewrite_block(block: Block, shown: str, real: str) -> None:
    """Put the real output in place of the shown one (RAGVET_DOCS_REGENERATE=1)."""
    path = ROOT / block.page
    text = path.read_text()
    old = shown.rstrip("\n") + "\n"
    for _name, pattern, placeholder in NORMALISERS:  # what a terminal would not keep
        if not placeholder:
            real = pattern.sub("", real)
    new = "\n".join(line.rstrip() for line in real.strip("\n").splitlines()) + "\n"
    assert text.count(old) == 1, f"{block.id}: cannot find the shown output once to rewrite"
    path.write_text(text.replace(old, new))


def assert_same_output(block: Block, shown: str, real: Outcome, *, excerpt: bool) -> None:
    want, got = normalise(shown), normalise(real.output)
    same = is_excerpt(want, got) if excerpt else want == got
    if not same and REGENERATE and not excerpt:
        rewrite_block(block, shown, real.output)
        return
    assert same, (f"{block.id}: the output shown differs from the real output "
                  f"(exit {real.code}):\n" + "\n".join(got))


def expected_code(block: Block) -> int:
    return int(block.value("exit-code") or 0)


# --- validators for data blocks ------------------------------------------------------------

def parse(block: Block):
    if block.kind == "toml":
        return tomllib.loads(block.body)
    if block.kind == "yaml":
        import yaml

        return yaml.safe_load(block.body)
    if block.kind == "json":
        return json.loads(block.body)
    return [json.loads(line) for line in block.body.splitlines() if line.strip()]


def validate_config(block: Block, data, workspace: Workspace) -> None:
    """ragvet.toml: read by the loader `--config` uses; every section it names is one the
    loader reads."""
    from ragvet.config import load_config

    path = workspace.path / "doc-config.toml"
    path.write_text(block.body)
    config = load_config(path)
    assert set(data) <= {"evaluate", "diagnosis", "judge"}, set(data)
    for key, value in data.get("evaluate", {}).items():
        assert getattr(config, key) == value, key
    for metric, band in data.get("diagnosis", {}).get("thresholds", {}).items():
        if metric != "default":
            assert config.thresholds.band(metric).low == band["low"]
        else:
            assert config.thresholds.default.high == band["high"]
    assert dict(config.judge_options) == data.get("judge", {})


def validate_grammar_templates(block: Block, data, workspace: Workspace) -> None:
    """GRAMMAR templates: read by the loader `--templates` uses, each SQL checked against the
    bundled example database's schema."""
    import sqlalchemy as sa

    from ragvet.grammar.example import load_example
    from ragvet.grammar.schema import introspect
    from ragvet.grammar.sqlcheck import check_sql_template
    from ragvet.grammar.templates import load_templates

    path = workspace.path / "doc-templates.yaml"
    path.write_text(block.body)
    templates = load_templates(path)
    assert len(templates) == len(data["sql_templates"])
    engine = sa.create_engine("sqlite://")
    load_example(engine)
    schema = introspect(engine)
    for template in templates:
        assert check_sql_template(template.sql, schema) == [], template.id


def validate_record(block: Block, data, workspace: Workspace) -> None:
    """A record: read by ragvet's record loader, which validates every field."""
    from ragvet import load_records

    path = workspace.path / "doc-record.jsonl"
    rows = data if isinstance(data, list) else [data]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert len(load_records(str(path))) == len(rows)


def validate_workflow_steps(block: Block, data, workspace: Workspace) -> None:
    """GitHub Actions steps: each is a mapping with `run`, and each command runs here."""
    assert isinstance(data, list) and all(isinstance(step, dict) and "run" in step
                                          for step in data)
    for step in data:
        outcome = run_command(step["run"], workspace)
        assert outcome.code == 0, outcome.output


VALIDATORS = {
    "config": validate_config,
    "grammar-templates": validate_grammar_templates,
    "record": validate_record,
    "workflow-steps": validate_workflow_steps,
}


# --- the checks per kind -------------------------------------------------------------------

def check_same_as(block: Block) -> None:
    """The block is a copy of (part of) a repository file that other tests execute."""
    path = ROOT / block.value("same-as")
    shown = [line.rstrip() for line in block.body.splitlines() if line.strip()]
    real = [line.rstrip() for line in path.read_text().splitlines() if line.strip()]
    assert is_excerpt(shown, real), f"{block.id} is no longer a copy of {path}"


def check_python(block: Block, workspace: Workspace) -> None:
    code = [value for value in block.values("python-setup")]
    if block.has("continues"):
        for earlier in blocks_before(block):
            if earlier.kind == "python" and not earlier.has("same-as"):
                code += [*earlier.values("python-setup"), earlier.body]
    code.append(block.body)
    code += block.values("python-after")
    script = workspace.path / "doc_block.py"
    script.write_text("\n".join(code))
    real = shell(f"{shlex.quote(sys.executable)} doc_block.py", workspace)
    assert real.code == 0, f"{block.id} failed:\n{real.output}"
    after = block_after(block)
    if after is not None and after.kind == "text" and after.prints:
        assert_same_output(after, after.body, real, excerpt=after.has("excerpt"))


def check_console(block: Block, workspace: Workspace) -> None:
    for step in console_steps(block.body):
        real = run_command(step.command, workspace)
        if step.output is None:
            assert real.code == expected_code(block), f"$ {step.command}\n{real.output}"
        else:
            assert_same_output(block, step.output, real, excerpt=block.has("excerpt"))


def check_bash(block: Block, workspace: Workspace) -> None:
    for command in bash_commands(block.body):
        real = run_command(command, workspace)
        assert real.code == expected_code(block), f"{block.id}: {command}\n{real.output}"


def help_text(command: list[str]) -> str:
    proc = subprocess.run([*command, "--help"], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT / "src"),
                               "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"})
    assert proc.returncode == 0, f"{' '.join(command)} --help: {proc.stderr}"
    return proc.stdout


def assert_options_exist(command: list[str], text: str) -> None:
    usage = help_text(command)
    for option in set(re.findall(r"(?<![\w-])--[a-z][\w-]*", text)):
        assert re.search(rf"{re.escape(option)}\b", usage), f"{' '.join(command)}: no {option}"


def check_synopsis(block: Block) -> None:
    """A usage synopsis: the command exists and every option it names is in its --help.
    `synopsis CMD` names the command of the whole block; a bare `synopsis` takes each line's
    leading lowercase words (`ragvet pairs make`) as its command."""
    if block.value("synopsis"):
        assert_options_exist(shlex.split(block.value("synopsis")), block.body)
        return
    for line in bash_commands(block.body):
        words = [w for w in shlex.split(without_comment(line))
                 if not re.fullmatch(r"[A-Z_]+=\S*", w)]
        if words[0] in {"python", "python3"}:  # python -m MODULE or SCRIPT, from the repository
            command = [sys.executable, *words[1:3]] if words[1] == "-m" else [
                sys.executable, str(ROOT / words[1])]
            rest = words[3:] if words[1] == "-m" else words[2:]
        else:
            command, rest = [words[0]], words[1:]
        for word in rest:  # subcommands
            if not re.fullmatch(r"[a-z][a-z-]*", word):
                break
            command.append(word)
        assert_options_exist(command, without_comment(line))


MODULE_PATH = re.compile(r"\b(?:[a-z_]+/)+[a-z_]+\.(?:py|md)\b")


def check_diagram(block: Block) -> None:
    """A diagram of the code: every module path it names (or the directive lists, for a
    drawing of steps) exists under src/ragvet."""
    paths = set(MODULE_PATH.findall(block.body)) | set((block.value("diagram") or "").split())
    assert paths, f"{block.id}: a diagram that names no module"
    for name in paths:
        found = (ROOT / "src" / "ragvet" / name).exists() or (ROOT / name).exists() or \
            (ROOT / "src" / "ragvet" / "judges" / name).exists()
        assert found, f"{block.id} names {name}, which does not exist"


def check_text(block: Block, workspace: Workspace) -> None:
    if block.prints:
        before = [b for b in blocks_before(block)][-1]
        assert before.kind == "python", f"{block.id}: 'prints' after a {before.kind} block"
        return  # compared when the python block before it ran
    if block.has("output-of"):
        real = run_command(block.value("output-of"), workspace)
        assert real.code == expected_code(block), real.output
        assert_same_output(block, block.body, real, excerpt=block.has("excerpt"))
    elif block.has("synopsis"):
        check_synopsis(block)
    elif block.has("diagram"):
        check_diagram(block)
    else:
        raise AssertionError(f"{block.id}: a text block needs output-of, prints, synopsis, "
                             "diagram or not-run")


def check_data(block: Block, workspace: Workspace) -> None:
    data = parse(block)
    if block.has("save-as"):
        (workspace.path / block.value("save-as")).write_text(block.body)
    if block.has("same-as"):
        return
    kind = block.value("validate")
    assert kind in VALIDATORS, f"{block.id}: say which reader validates it (validate KIND)"
    VALIDATORS[kind](block, data, workspace)


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_doc_block(block: Block, workspaces):
    assert block.kind in KINDS, f"{block.id}: info string {block.kind!r} is none of {KINDS}"
    if block.has("not-run"):
        return  # counted and reasoned in test_blocks_not_run_are_few_and_reasoned
    workspace = workspaces(block)
    for commands in block.values("setup"):
        for command in commands.split(" && "):
            outcome = run_command(command.strip(), workspace)
            assert outcome.code == 0, f"{block.id} setup {command!r} failed:\n{outcome.output}"
    if block.has("same-as"):
        check_same_as(block)
    if block.kind == "python":
        if not block.has("same-as"):
            check_python(block, workspace)
    elif block.kind == "console":
        check_console(block, workspace)
    elif block.kind == "bash":
        if block.has("synopsis"):
            check_synopsis(block)
        else:
            check_bash(block, workspace)
    elif block.kind == "text":
        check_text(block, workspace)
    else:
        check_data(block, workspace)


# --- the convention itself -------------------------------------------------------------------

def test_directives_are_known():
    unknown = [(b.id, key) for b in BLOCKS for key, _ in b.directives
               if key not in DIRECTIVE_KEYS]
    assert not unknown


def test_blocks_not_run_are_few_and_reasoned():
    marked = [(b.id, b.value("not-run")) for b in BLOCKS if b.has("not-run")]
    assert len(marked) <= MAX_NOT_RUN, marked
    assert all(len(reason.split()) >= 6 for _, reason in marked), marked


def test_the_collector_sees_every_fence():
    """No block escapes collection: fences counted by a plain scan equal the blocks read."""
    fences = 0
    for path in doc_pages():
        inside = False
        for line in path.read_text().splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fences += not inside
                inside = not inside
    assert fences == len(BLOCKS)


def test_every_page_is_in_the_site_navigation():
    import yaml

    def pages(entries) -> set[str]:
        found: set[str] = set()
        for entry in entries:
            for value in (entry.values() if isinstance(entry, dict) else [entry]):
                found |= pages(value) if isinstance(value, list) else {value}
        return found

    nav = pages(yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"])
    on_disk = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert on_disk - nav == set(), "pages missing from mkdocs.yml's nav"
    assert nav - on_disk == set(), "nav entries without a page"


def test_every_block_says_how_it_is_checked():
    """Fast and static (no block runs): each block has a known kind, and text and data blocks
    name their check, so a new block without one fails here at once."""
    unclear = []
    for b in BLOCKS:
        if b.has("not-run"):
            continue
        if b.kind not in KINDS:
            unclear.append((b.id, f"info string {b.kind!r}"))
        elif b.kind == "text" and not (b.prints or b.has("output-of") or b.has("synopsis")
                                       or b.has("diagram")):
            unclear.append((b.id, "text without output-of, prints, synopsis or diagram"))
        elif b.kind in {"toml", "yaml", "json", "jsonl"} and not (
                b.has("same-as") or b.value("validate") in VALIDATORS):
            unclear.append((b.id, "data without validate or same-as"))
    assert not unclear
