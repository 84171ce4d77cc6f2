"""`ragvet answer QUERIES --system SPEC --out records.jsonl`: ask a RAG system every query and
write what it did as records, ready for `ragvet evaluate`.

QUERIES is a .txt file (one query a line), .jsonl / .json (objects with `query`, `question`
or `user_input`, and optionally `id`, `reference` / `ground_truth` and `metadata`; or bare
strings) or .csv with a query column. SPEC names the system (`ragvet.systems.spec`): an
http(s) URL, `langchain:MODULE:ATTR`, `llamaindex:MODULE:ATTR` or `MODULE:ATTR` (a runnable,
an engine or a callable `fn(query)`). A query the system fails on is reported and left out;
when every query fails, nothing is written and the exit code is 1.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

import typer

from ..errors import ConfigError
from . import console as ui
from .paths import refuse_overwriting_inputs

QUERY_KEYS = ("query", "question", "user_input", "input")
REFERENCE_KEYS = ("reference", "ground_truth", "expected_output")


def answer(
    queries: Annotated[Path, typer.Argument(
        help="Queries: .txt (one a line), .jsonl, .json or .csv")],
    system: Annotated[str, typer.Option(
        help="The RAG system: an http(s) URL, langchain:MODULE:ATTR, llamaindex:MODULE:ATTR "
             "or MODULE:ATTR (a runnable, a query engine or a function of the query)")],
    out: Annotated[Path, typer.Option(help="Records file to write (JSONL)")] = Path(
        "records.jsonl"),
    concurrency: Annotated[int, typer.Option(help="Queries asked at once")] = 4,
) -> None:
    """Ask the system every query and write query, sources and response as records."""
    from ..systems import ReplyFields, answer_all, system_from_spec, to_records

    refuse_overwriting_inputs(out, queries)
    rows = read_queries(queries)
    the_system = system_from_spec(system, ReplyFields(sources_required=True))
    answers = asyncio.run(answer_all([r["query"] for r in rows], the_system,
                                     concurrency=concurrency))
    records, failures = to_records(answers)
    records = [_with_input_fields(r, rows[int(r.id)]) for r in records]
    for position, failed in failures[:5]:
        ui.error(f"query {position + 1} ({failed.query[:60]!r}): {failed.error}",
                 label="failed", style="yellow")
    if not records:
        ui.error(f"the system answered none of the {len(rows)} queries; nothing written")
        raise typer.Exit(1)
    with out.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record.to_dict(), ensure_ascii=False) + "\n")
    note = f"; {len(failures)} failed and left out" if failures else ""
    ui.console.print(f"{len(records)} of {len(rows)} queries answered{note}. Records written "
                     f"to {ui.shown(out)}", highlight=False)


def read_queries(path: Path) -> list[dict[str, Any]]:
    """The queries of a file as `{"query": …, "id"?: …, "reference"?: …, …}` rows."""
    kind = path.suffix.lower().lstrip(".")
    try:
        if kind == "txt":
            items: list[Any] = [line.strip() for line in
                                path.read_text(encoding="utf-8").splitlines() if line.strip()]
        elif kind in ("jsonl", "ndjson"):
            items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip()]
        elif kind == "json":
            items = json.loads(path.read_text(encoding="utf-8"))
        elif kind == "csv":
            import pandas as pd

            items = pd.read_csv(path, dtype=str, keep_default_na=False).to_dict("records")
        else:
            raise ConfigError(f"{path}: queries must be .txt, .jsonl, .json or .csv")
    except FileNotFoundError as err:
        raise ConfigError(f"no queries file at {path}") from err
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise ConfigError(f"cannot read queries from {path}: {err}") from err
    if not isinstance(items, list) or not items:
        raise ConfigError(f"{path} holds no queries")
    return [_row(item, path, number) for number, item in enumerate(items, start=1)]


def _row(item: Any, path: Path, number: int) -> dict[str, Any]:
    if isinstance(item, str) and item.strip():
        return {"query": item}
    if isinstance(item, dict):
        query = next((item[k] for k in QUERY_KEYS if isinstance(item.get(k), str)), None)
        if query and query.strip():
            return {**item, "query": query}
    raise ConfigError(f"{path}, item {number}: no query (give text or an object with "
                      f"{', '.join(QUERY_KEYS)})")


def _with_input_fields(record: Any, row: dict[str, Any]) -> Any:
    """The record under the query's own id, with its reference and metadata."""
    reference = next((row[k] for k in REFERENCE_KEYS if isinstance(row.get(k), str)), None)
    metadata = row.get("metadata") if isinstance(row.get("metadata"), dict) else {}
    given_id = row.get("id")
    return replace(record, id=str(given_id) if given_id not in (None, "") else record.id,
                   reference=reference or record.reference,
                   metadata=MappingProxyType({**record.metadata, **metadata}))


def register(app: typer.Typer) -> None:
    app.command()(answer)
