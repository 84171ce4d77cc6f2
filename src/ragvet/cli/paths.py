"""Output paths: a command replaces the files it writes, never one it reads.

The rule, for every command: a file named by an output option (`--out`, `--json`,
`--out-dir`, `--corpus`, `--save-templates`; each has a documented default) is ragvet's
output and is replaced when it exists, as with any command-line tool. An output that is
also one of the command's inputs is refused before anything runs (exit 2), since replacing
it would destroy the data the command was given. Databases are never dropped or altered
except the tables a command creates itself (see `grammar example --replace`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..errors import ConfigError

T = TypeVar("T")


def refuse_overwriting_inputs(out: str | os.PathLike[str] | None,
                              *inputs: str | os.PathLike[str] | None,
                              option: str = "--out") -> None:
    """ConfigError when `out` is the same file as one of `inputs` (None entries skipped)."""
    if out is None:
        return
    target = _same_file_key(out)
    for given in inputs:
        if given is not None and _same_file_key(given) == target:
            raise ConfigError(f"{option} {out} is also an input of this command, and writing "
                              f"it would destroy that input; name another {option} file")


def _same_file_key(path: str | os.PathLike[str]) -> Path:
    return Path(path).expanduser().resolve()


def one_line(err: BaseException | str) -> str:
    """A message on one line: its non-blank lines joined by "; " (a YAML parser's caret
    line and similar markers are dropped)."""
    lines = [line.strip() for line in str(err).splitlines()]
    return "; ".join(line for line in lines if any(ch.isalnum() for ch in line))


def read_input(reader: Callable[[Path], T], path: Path, *, what: str, made_by: str) -> T:
    """`reader(path)`, with a missing, unreadable or malformed file turned into a one-line
    ConfigError naming the file and the command that writes such files."""
    try:
        return reader(path)
    except FileNotFoundError as err:
        raise ConfigError(f"no {what} at {path}; make one with '{made_by}'") from err
    except OSError as err:
        raise ConfigError(f"cannot read {what} {path}: {err.strerror or err}") from err
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        detail = f"missing field {err}" if isinstance(err, KeyError) else one_line(err)
        raise ConfigError(f"{path} is not a {what} ({detail}); pass the file "
                          f"'{made_by}' writes") from err


def read_queries(path: Path) -> list:
    from ..grammar.fill import read_cases

    return read_input(read_cases, path, what="queries file", made_by="ragvet grammar generate")


def read_answers(path: Path) -> list:
    from ..grammar.run import read_outcomes

    return read_input(read_outcomes, path, what="answers file", made_by="ragvet grammar run")


def read_corpus_file(path: Path) -> dict:
    from ..grammar.export import read_corpus

    return read_input(read_corpus, path, what="corpus file", made_by="ragvet grammar example")
