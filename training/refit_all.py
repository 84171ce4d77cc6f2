"""Refit every shipped parameter file that depends on the offline judge, in order, on TUNING
data only, printing the wall time of each step.

    PYTHONPATH=src python -m training.refit_all --data ../shared/data      # or: make fit

1. `training.fit_local_judge`: the judge's weights and thresholds → params/<version>.json;
2. `training.fit_relevance_ranking`: the question–sentence cosine added to the relevance
   model, fitted to rank the sentence holding the answer first within its passage (an
   intermediate file, not shipped);
3. `training.fit_long_page_threshold`: the support threshold for long pages (an
   intermediate file, not shipped);
4. `training.fit_calibration`: the isotonic map of the relevance probabilities and the
   sized map of the support probabilities on those weights → params/<calibrated
   version>.json (the shipped default);
5. `training.fit_combiner`: VERA's combiner, scored with the calibrated judge →
   src/ragvet/metrics/vera_combiner.json.

Each later step reads the file the step before wrote (not whatever is the default), so the
three files always belong together. Set `DEFAULT_PARAMS` (ragvet/judges/local/params.py) to
the calibrated file when the version changes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ragvet.judges.local.params import PARAMS_DIR

from . import (
    fit_calibration,
    fit_combiner,
    fit_local_judge,
    fit_long_page_threshold,
    fit_relevance_ranking,
)

VERSION = "local-v4"
CALIBRATED_VERSION = "local-v8"
COMBINER_VERSION = "6"


def timed(name: str, step: Callable[[], object]) -> float:
    started = time.perf_counter()
    step()
    seconds = time.perf_counter() - started
    print(f"[refit] {name}: {seconds:.0f} s", file=sys.stderr, flush=True)
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.refit_all",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--version", default=VERSION)
    parser.add_argument("--calibrated-version", default=CALIBRATED_VERSION)
    parser.add_argument("--combiner-version", default=COMBINER_VERSION)
    parser.add_argument("--params-dir", type=Path, default=PARAMS_DIR)
    parser.add_argument("--combiner-out", type=Path, default=fit_combiner.DEFAULT_OUT)
    args = parser.parse_args(argv)
    weights = args.params_dir / f"{args.version}.json"
    calibrated = args.params_dir / f"{args.calibrated_version}.json"
    data = str(args.data)
    with tempfile.TemporaryDirectory() as scratch:
        ranked = Path(scratch) / f"{args.calibrated_version}-raw.json"
        sized = Path(scratch) / f"{args.calibrated_version}-long-page.json"
        total = sum((
            timed("fit_local_judge", lambda: fit_local_judge.main(
                ["--data", data, "--version", args.version, "--out", str(weights)])),
            timed("fit_relevance_ranking", lambda: fit_relevance_ranking.main(
                ["--data", data, "--base", str(weights), "--out", str(ranked)])),
            timed("fit_long_page_threshold", lambda: fit_long_page_threshold.main(
                ["--data", data, "--base", str(ranked), "--version", args.calibrated_version,
                 "--out", str(sized)])),
            timed("fit_calibration", lambda: fit_calibration.main(
                ["--data", data, "--base", str(sized), "--version", args.calibrated_version,
                 *(a for m in fit_calibration.DEFAULT_METHODS for a in ("--method", m)),
                 "--out", str(calibrated)])),
            timed("fit_combiner", lambda: fit_combiner.main(
                ["--data", data, "--judge", f"local:{calibrated}", "--version",
                 args.combiner_version, "--out", str(args.combiner_out)])),
        ))
    print(f"[refit] total: {total:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
