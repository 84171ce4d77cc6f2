# Two quick-start commands, each working on a fresh machine:
#   make demo   evaluate the bundled example with the offline default judge
#   make test   run the test suite
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install demo test lint bench docs fit

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e ".[all,dev]"
	touch $@

demo: install
	$(VENV)/bin/ragvet evaluate examples/records.jsonl --out results.jsonl

test: install
	$(PY) -m pytest -q

lint: install
	$(VENV)/bin/ruff check src tests benchmarks training

docs: install
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

# Refit the offline judge's weights, their calibration and VERA's combiner, in that order, on
# the tuning data only (training/refit_all.py); DATA is the shared data folder.
DATA ?= ../shared/data
fit: install
	PYTHONPATH=src $(PY) -m training.refit_all --data $(DATA)
