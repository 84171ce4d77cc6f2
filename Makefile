# Two quick-start commands, each working on a fresh machine:
#   make demo   evaluate the bundled example with the offline default judge
#   make test   run the test suite
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: install demo test lint bench docs

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
