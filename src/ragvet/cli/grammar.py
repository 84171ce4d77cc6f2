"""`ragvet grammar example | generate | run | analyze`: grounded test sets from a database."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ..errors import ConfigError, RagvetError
from . import console as ui
from .paths import (
    one_line,
    read_answers,
    read_corpus_file,
    read_queries,
    refuse_overwriting_inputs,
)

grammar_app = typer.Typer(help="GRAMMAR: test sets from a relational database; gap vs "
                          "robustness analysis.", no_args_is_help=True)
BASELINE = "ragvet.grammar.example:baseline_system"
# the phrasing criteria the LLM writer is given when --wording is not
DEFAULT_WORDING = ({"length": "short", "style": "question"},
                   {"length": "long", "style": "conversational"})


def _fail(err: Exception) -> typer.Exit:
    ui.error(one_line(err))
    return typer.Exit(2)


@grammar_app.command()
def example(db: Annotated[str, typer.Argument(
                help="SQLAlchemy URL of a fresh database, e.g. sqlite:///company.db")],
            corpus: Annotated[Path, typer.Option(
                help="Folder for corpus.jsonl (a corpus.jsonl there is replaced)")] = Path(
                "corpus"),
            replace: Annotated[bool, typer.Option(
                "--replace", help="Drop and rewrite existing tables named client, employee "
                "and project (no other table is touched)")] = False) -> None:
    """Create and fill the example tables client, employee and project in a fresh DB.

    Also writes the project reports to CORPUS/corpus.jsonl.
    A DB that already has a client, employee or project table is left as it was (exit 2).
    --replace drops and rewrites those three tables, and no other.
    """
    import sqlalchemy as sa
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    from ..grammar.example import load_example, write_corpus
    from ..grammar.schema import introspect
    from ..store.connect import display_url

    try:
        engine = sa.create_engine(db)
        load_example(engine, replace=replace)
    except (ArgumentError, NoSuchModuleError, ImportError) as err:
        raise _fail(ConfigError(f"cannot use database URL {display_url(db)}: {err}")) from err
    except SQLAlchemyError as err:
        raise _fail(ConfigError(f"cannot write the example to {display_url(db)}: "
                                f"{str(err).splitlines()[0]}")) from err
    path = write_corpus(corpus)
    ui.console.print(introspect(engine).describe(), highlight=False)
    ui.console.print(f"Example database written to {db}; corpus to {path}")


@grammar_app.command()
def generate(
    db: Annotated[str, typer.Argument(help="SQLAlchemy URL of the database")],
    templates: Annotated[Path | None, typer.Option(
        help="Templates YAML (default: the bundled example's)")] = None,
    out: Annotated[Path, typer.Option(help="Query/answer pairs, JSONL")] = Path("queries.jsonl"),
    max_fills: Annotated[int, typer.Option(help="Cap on fills per SQL template")] = 50,
    seed: Annotated[int, typer.Option(help="Seed for sampling fills over the cap")] = 0,
    writer: Annotated[str | None, typer.Option(
        help="module:attr giving an LLM completer; writes SQL and text templates first")] = None,
    save_templates: Annotated[Path | None, typer.Option(
        help="Where to save LLM-written templates (YAML)")] = None,
    wording: Annotated[list[str] | None, typer.Option(
        help="With --writer: the wording criteria of one set of phrasings, as attributes "
             "KEY=VALUE,… (e.g. length=short,style=question); repeat for more sets. "
             "length=short/long is checked (≤ 12 / ≥ 16 words); every attribute becomes a "
             "cluster for 'grammar analyze --by'. Default: "
             f"{' and '.join(_shown_criteria(c) for c in DEFAULT_WORDING)}")] = None,
    phrasings: Annotated[int, typer.Option(
        help="With --writer: phrasings asked per wording criteria set")] = 2,
) -> None:
    """Fill the templates from DB, run each bound SQL query for its answer, write OUT."""
    import sqlalchemy as sa
    from sqlalchemy.exc import SQLAlchemyError

    from ..grammar.example import example_templates
    from ..grammar.fill import generate_cases, write_cases
    from ..grammar.llm import load_completer
    from ..grammar.schema import introspect
    from ..grammar.templates import load_templates
    from ..grammar.templates import save_templates as save
    from ..store.connect import display_url

    if max_fills < 1:
        raise ConfigError(f"--max-fills must be at least 1 (got {max_fills})")
    if phrasings < 1:
        raise ConfigError(f"--phrasings must be at least 1 (got {phrasings})")
    criteria = [parse_wording(w) for w in wording] if wording else list(DEFAULT_WORDING)
    if (wording or phrasings != 2) and not writer:
        raise ConfigError("--wording and --phrasings tell the LLM writer how to phrase "
                          "questions; add --writer MODULE:ATTR (hand-written templates carry "
                          "their attributes in the YAML)")
    refuse_overwriting_inputs(out, templates)
    refuse_overwriting_inputs(save_templates, templates, option="--save-templates")
    try:
        engine = sa.create_engine(db)
        schema = introspect(engine)
        chosen = load_templates(templates) if templates else example_templates()
        if writer:
            chosen = asyncio.run(_write_templates(load_completer(writer), schema, criteria,
                                                  phrasings))
            save(chosen, save_templates or Path("templates.generated.yaml"))
        result = generate_cases(engine, chosen, schema=schema, max_fills=max_fills, seed=seed)
    except (RagvetError, ImportError, AttributeError) as err:
        raise _fail(err) from err
    except SQLAlchemyError as err:
        raise _fail(ConfigError(f"cannot read the database {display_url(db)}: "
                                f"{one_line(getattr(err, 'orig', None) or err)}")) from err
    write_cases(result.cases, out)
    _print_generation(result)
    ui.console.print(f"{len(result.cases)} queries in {result.groups} semantic groups "
                     f"written to {out}")


def parse_wording(text: str) -> dict[str, str]:
    """`length=short,style=question` → {"length": "short", "style": "question"}."""
    attrs: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ConfigError(f"--wording {text!r}: write KEY=VALUE,…, e.g. "
                              "length=short,style=question")
        if key == "length" and value not in ("short", "long"):
            raise ConfigError(f"--wording {text!r}: length is short or long, not {value!r}")
        attrs[key] = value
    if not attrs:
        raise ConfigError("--wording needs at least one KEY=VALUE")
    return attrs


def _shown_criteria(attrs: dict[str, str]) -> str:
    return ",".join(f"{k}={v}" for k, v in attrs.items())


async def _write_templates(completer: Any, schema: Any, criteria: list[dict[str, str]],
                           phrasings: int) -> list[Any]:
    from ..grammar.writer import write_sql_templates, write_text_templates

    written = await write_sql_templates(completer, schema)
    _print_rejected(written.rejected)
    out = []
    for tpl in written.accepted:
        filled, rejected = await write_text_templates(completer, tpl, criteria,
                                                      per_criteria=phrasings)
        _print_rejected(rejected)
        out.append(filled)
    return out


def _print_rejected(rejected: Any) -> None:
    for r in rejected:
        ui.errors.print(f"[yellow]rejected {ui.shown(r.kind)} template "
                        f"{ui.shown(r.template_id)}:[/yellow] {ui.shown(r.text)}\n    "
                        + ui.shown("; ".join(r.reasons)), highlight=False)


def _print_generation(result: Any) -> None:
    _print_rejected(result.rejected)
    table = Table(title="Generated query/answer pairs (M × N × Q)")
    for col in ("SQL template", "N", "product", "tried", "Q", "empty", "multi", "queries"):
        table.add_column(col, justify="left" if col == "SQL template" else "right",
                         no_wrap=col == "SQL template")
    for s in result.stats:
        table.add_row(ui.plain(s.template_id), str(s.texts), str(s.combinations), str(s.tried),
                      str(s.kept), str(s.empty), str(s.multiple), str(s.texts * s.kept))
    ui.console.print(table)
    ui.console.print(result.formula(), highlight=False)
    if result.collations:
        columns = ", ".join(f"{c} ({k})" for c, k in sorted(result.collations.items()))
        ui.console.print(ui.plain(
            f"Compared as the database does, without regard to case: {columns}. Values "
            "that differ only by case were one value when filling and answering; each query "
            "notes this in 'collations'."), soft_wrap=True)


@grammar_app.command()
def run(
    queries: Annotated[Path, typer.Argument(help="queries.jsonl from 'grammar generate'")],
    system: Annotated[str | None, typer.Option(
        help=f"module:function to call (default: the example baseline, {BASELINE})")] = None,
    endpoint: Annotated[str | None, typer.Option(help="HTTP endpoint taking JSON")] = None,
    query_field: Annotated[str, typer.Option(help="Request field for the query")] = "query",
    answer_field: Annotated[str | None, typer.Option(
        help="Reply field (dotted path; default: 'response' or 'answer')")] = None,
    docs_field: Annotated[str | None, typer.Option(
        help="Reply field with doc ids (default: 'doc_ids', or ids in 'sources')")] = None,
    doc_id_field: Annotated[str, typer.Option(help="Id key when docs are objects")] = "id",
    timeout: Annotated[float, typer.Option(help="Seconds before an HTTP call fails")] = 60.0,
    out: Annotated[Path, typer.Option(help="Answers, JSONL")] = Path("answers.jsonl"),
    concurrency: Annotated[int, typer.Option(help="Queries in flight at once")] = 8,
) -> None:
    """Ask the system under test every query; record answers and retrieved doc ids."""
    from ..grammar.run import run_system, write_outcomes
    from ..systems import ReplyFields, from_http, load_system

    defaults = ReplyFields()
    fields = ReplyFields(
        response=(answer_field,) if answer_field else defaults.response,
        sources=() if docs_field else defaults.sources,
        doc_ids=(docs_field,) if docs_field else defaults.doc_ids, source_id=doc_id_field)
    refuse_overwriting_inputs(out, queries)
    try:
        cases = read_queries(queries)
        target = from_http(endpoint, fields=fields, query_field=query_field, timeout=timeout,
                           max_connections=concurrency) if endpoint else load_system(
            system or BASELINE, fields)
    except (RagvetError, OSError) as err:
        raise _fail(err) from err
    with ui.record_progress(len(cases), label="Asking") as advance:
        outcomes = asyncio.run(run_system(cases, target, concurrency=concurrency,
                                          on_answer=lambda a: advance(_Errors(a.error))))
    write_outcomes(outcomes, out)
    failed = [o for o in outcomes if o.error is not None]
    ui.console.print(f"{len(outcomes)} answers written to {out}" +
                     (f" ({len(failed)} failed calls)" if failed else ""))
    _print_failures(failed)


@grammar_app.command()
def records(
    queries: Annotated[Path, typer.Argument(help="queries.jsonl from 'grammar generate'")],
    answers: Annotated[Path, typer.Argument(help="answers.jsonl from 'grammar run'")],
    corpus: Annotated[Path, typer.Option(help="corpus.jsonl with the documents' text")] = Path(
        "corpus/corpus.jsonl"),
    out: Annotated[Path, typer.Option(help="ragvet records, JSONL")] = Path("records.jsonl"),
) -> None:
    """Write the answers as ragvet records (for 'ragvet evaluate' and metric reliability)."""
    from ..grammar.export import to_records, write_records

    refuse_overwriting_inputs(out, queries, answers, corpus)
    try:
        cases, outcomes = read_queries(queries), read_answers(answers)
        documents = read_corpus_file(corpus)
        made = to_records(cases, outcomes, documents)
    except (OSError, KeyError, ValueError) as err:
        raise _fail(err) from err
    write_records(made, out)
    ui.console.print(f"{len(made)} records written to {out}; score them with "
                     f"'ragvet evaluate {out}', then pass the results to 'grammar analyze "
                     "--metric-results'")
    kept = {r["id"] for r in made}
    left_out = [(o.id, _why_left_out(o, {c.id for c in cases}, documents))
                for o in outcomes if o.id not in kept]
    if left_out:
        ui.error(f"{len(left_out)} answer(s) left out of {out}; first: "
                 + "; ".join(f"{qid}: {why}" for qid, why in left_out[:3]),
                 label="warning", style="yellow")


def _why_left_out(outcome: Any, case_ids: set[str], documents: Any) -> str:
    """Why `grammar records` wrote no record for this answer."""
    if outcome.id not in case_ids:
        return "not in the queries file"
    if outcome.answer is None:
        return f"no answer (system error: {outcome.error or 'none given'})"
    if not outcome.doc_ids:
        return "the system named no retrieved documents"
    unknown = [d for d in outcome.doc_ids if d not in documents]
    return f"retrieved ids not in the corpus: {', '.join(unknown[:3])}"


def _print_failures(failed: list[Any], shown: int = 3) -> None:
    """The first few failed calls with their reasons; the rest are in the answers file."""
    for outcome in failed[:shown]:
        ui.error(f"{outcome.id}: {outcome.error}", label="failed", style="yellow")
    if len(failed) > shown:
        ui.errors.print(f"… and {len(failed) - shown} more (see their 'error' field)",
                        highlight=False)


class _Errors:
    def __init__(self, error: str | None) -> None:
        self.errors = [error] if error else []


def register(app: typer.Typer) -> None:
    from .grammar_analyze import analyze

    grammar_app.command()(analyze)
    app.add_typer(grammar_app, name="grammar")
