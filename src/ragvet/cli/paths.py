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
from pathlib import Path

from ..errors import ConfigError


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
