"""The typer app. Each command lives in its own module and registers itself here."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="ragvet",
    help="Evaluate RAG question-answering applications and find which component to fix.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def _root() -> None:
    """Evaluate RAG question-answering applications and find which component to fix."""


# Command modules, each exposing `register(app)`. Add a line to add a command group.
COMMAND_MODULES = (
    "ragvet.cli.evaluate",
    "ragvet.cli.grammar",
    "ragvet.cli.runs", "ragvet.cli.report", "ragvet.cli.serve",
    "ragvet.cli.concordance",
    "ragvet.cli.compare",
    "ragvet.cli.topicality",
)


def build_app() -> typer.Typer:
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(app)
    return app


def main() -> None:
    build_app()()
