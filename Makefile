# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/angler play fishing

lint: $(STAMP)
	$(BIN)/ruff check --no-cache src tests  # no cache: what CI sees on a fresh clone
	$(BIN)/ruff format --no-cache --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/angler bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
