"""The typer app. Each command group lives in its own module, whose `register(app)` adds it."""

from __future__ import annotations

from collections.abc import Callable

import click
import typer
from typer.core import TyperGroup

from .._util.registry import Registry
from ..errors import RagvetError


class _RagvetGroup(TyperGroup):
    """The root command group: any RagvetError a command raises (a user mistake, bad input,
    an unreachable store) becomes `error: MESSAGE` on stderr and exit code 2, never a
    traceback. Commands raise ConfigError / DataError / StoreError at the source and let
    them travel here."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RagvetError as err:
            from . import console as ui
            from .paths import one_line

            ui.error(one_line(err))
            raise typer.Exit(2) from err


app = typer.Typer(
    cls=_RagvetGroup,
    name="ragvet",
    help="Evaluate RAG question-answering applications and find which component to fix.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Evaluate RAG question-answering applications and find which component to fix."""


# Each command group's `register(app)`, imported when the app is built. Add a line to add one.
COMMANDS: Registry[Callable[[typer.Typer], None]] = Registry("command group", targets={
    "evaluate": "ragvet.cli.evaluate:register",
    "answer": "ragvet.cli.answer:register",
    "grammar": "ragvet.cli.grammar:register",
    "runs": "ragvet.cli.runs:register",
    "report": "ragvet.cli.report:register",
    "serve": "ragvet.cli.serve:register",
    "concordance": "ragvet.cli.concordance:register",
    "compare": "ragvet.cli.compare:register",
    "topicality": "ragvet.cli.topicality:register",
    "ranking": "ragvet.cli.ranking:register",
    "pairs": "ragvet.cli.pairs:register",
})


_REGISTERED: set[str] = set()


def build_app() -> typer.Typer:
    """The app with every command group registered, each once however often this is called
    (tests build it per invocation; registering again would stack duplicate commands)."""
    for name, register in COMMANDS.items():
        if name not in _REGISTERED:
            register(app)
            _REGISTERED.add(name)
    return app


def main() -> None:
    build_app()()
