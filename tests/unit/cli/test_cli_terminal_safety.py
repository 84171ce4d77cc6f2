"""Text from data reaches the terminal as data: no escape sequences, no markup (issue 16)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import ragvet
from ragvet import ScriptedJudge, make_record
from ragvet.cli import console as ui
from ragvet.cli.app import build_app
from ragvet.store import RunWriter, open_store

CLEAR_SCREEN = "\x1b[2J\x1b[H"
RED = "\x1b[31m"
CSI_C1 = "\x9b31m"  # the one-byte CSI, as some terminals read it
BRACKETS = "pip install 'ragvet[litellm]' and [table.column]"


def test_safe_shows_controls_as_escapes_and_keeps_tab_newline_and_scripts():
    text = f"a{CLEAR_SCREEN}b\rc\x07\x00{CSI_C1}\u202eevil\tx\ny 東京 مرحبا 🎉 e\u0301"
    shown = ui.safe(text)
    assert "\\x1b[2J" in shown and "\\x0d" in shown and "\\x07" in shown and "\\x00" in shown
    assert "\\x9b31m" in shown and "\\u202e" in shown
    assert "\t" in shown and "\n" in shown and "東京 مرحبا 🎉 e\u0301" in shown
    assert not any(ch in shown for ch in "\x1b\r\x07\x00\x9b\u202e")


def test_shown_keeps_brackets_when_printed_with_markup(capsys):
    ui.error(BRACKETS)
    assert BRACKETS in capsys.readouterr().err


@pytest.fixture
def store_with_hostile_record(tmp_path):
    query = f"What is [bold]it[/bold]?{CLEAR_SCREEN}"
    response = f"It is {RED}red{CSI_C1} and [table.column].\rOVERWRITTEN"
    record = make_record(id="r1", query=query, sources=[f"Source{CLEAR_SCREEN} text."],
                         response=response)
    claim = f"claim {RED}[table.column]"
    judge = ScriptedJudge(claims={response: [claim]},
                          supported={claim: {"value": True, "reason": f"why {CLEAR_SCREEN}"}},
                          id="scripted-hostile")
    url = f"sqlite:///{tmp_path / 'store.db'}"
    store = open_store(url)
    writer = RunWriter.start(store, records=[record], metric_ids=["GR"], judge=judge.describe())
    with writer.recording():
        ragvet.evaluate([record], ["GR"], judge, on_result=writer)
    store.close()
    return url


@pytest.mark.parametrize("args", [["--record", "r1"], []], ids=["record", "run"])
def test_show_prints_record_text_without_escape_sequences(store_with_hostile_record, args):
    result = CliRunner().invoke(build_app(), ["show", "latest", "--store",
                                              store_with_hostile_record, *args])
    assert result.exit_code == 0, result.output
    for raw in ("\x1b", "\x9b", "\r"):
        assert raw not in result.output
    if args:
        assert "\\x1b[31m" in result.output  # shown, not obeyed
        assert "[table.column]" in result.output and "[bold]it[/bold]" in result.output
        assert "why \\x1b[2J" in result.output


def test_evaluate_error_keeps_the_install_hint_brackets(tmp_path, monkeypatch):
    from ragvet.cli import evaluate as evaluate_cli
    from ragvet.errors import ConfigError

    def no_litellm(*_args, **_kwargs):
        raise ConfigError("the litellm judge needs LiteLLM: pip install 'ragvet[litellm]'")

    monkeypatch.setattr(evaluate_cli, "make_judge", no_litellm)
    data = tmp_path / "records.jsonl"
    data.write_text('{"query": "q?", "sources": ["s."], "response": "r."}\n', encoding="utf-8")
    result = CliRunner().invoke(build_app(), ["evaluate", str(data), "--out",
                                              str(tmp_path / "out.jsonl")])
    assert result.exit_code == 2
    assert "pip install 'ragvet[litellm]'" in result.output


def test_grammar_rejections_keep_their_placeholders(capsys):
    from ragvet.cli.grammar import _print_rejected
    from ragvet.grammar.templates import Rejected

    _print_rejected([Rejected("text", f"Who manages [employee.name]?{RED}",
                              ("unknown placeholder [client.name]",), "t1")])
    err = capsys.readouterr().err
    assert "Who manages [employee.name]?\\x1b[31m" in err
    assert "unknown placeholder [client.name]" in err and "\x1b" not in err
