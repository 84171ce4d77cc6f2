"""Tuning code: fits the parameters that ragvet ships, on public tuning data only.

Not part of the installed package, and ragvet never imports it. Run its commands from the
repository root (the module form makes the folder importable):

    PYTHONPATH=src python -m training.fit_local_judge --data ../shared/data --out PATH
    PYTHONPATH=src python -m training.fit_combiner --data ../shared/data

- `training.logistic`: the one bounded logistic regression both fits use.
- `training.datasets`: readers for the tuning and measurement data (also used by benchmarks).
- `training.fit_local_judge`: the offline judge's weights and thresholds (judges/local/params/).
- `training.fit_combiner`: VERA's calibrated combiner (metrics/vera_combiner.json).
"""
