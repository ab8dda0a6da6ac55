# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play test lint typecheck unit suite chromium haproxy bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,research,rl,scale]'
	@touch $(STAMP)

play: $(STAMP)  # the browser table: you against three normal bots (the terminal's: angler play)
	$(BIN)/angler serve --play fishing --bots normal

lint: $(STAMP)
	$(BIN)/ruff check --no-cache src tests examples  # no cache: what CI sees on a fresh clone
	$(BIN)/ruff format --no-cache --check src tests examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)  # the quick local run: checks marked slow are left to `make test`
	$(BIN)/pytest -n 2 --dist worksteal -m "not slow"

# $(call debian,PROGRAM,PACKAGE,TESTS): install Debian's PACKAGE when PROGRAM is missing (as
# root, as CI runs); without apt-get the TESTS that need it skip and say why.
define debian
	@test -x $(1) || ! command -v apt-get >/dev/null || { \
		echo "installing Debian's $(2) for $(3)"; \
		export DEBIAN_FRONTEND=noninteractive; \
		{ apt-get update -qq && apt-get install -y -qq $(2); } >/dev/null \
		|| echo "could not install $(2): $(3) will skip"; }
endef

# The browser tests (tests/web) drive Debian's Chromium through Playwright.
CHROMIUM := /usr/bin/chromium
chromium:
	$(call debian,$(CHROMIUM),chromium,the browser tests)

# The cluster tests (tests/cluster) put Debian's HAProxy in front of the nodes.
HAPROXY := /usr/sbin/haproxy
haproxy:
	$(call debian,$(HAPROXY),haproxy,the cluster tests)

# Two workers on two cores. A third once filled the time the suite waits on servers and browsers
# (10 min 57 s against 11 min 42 s), but another run on three took 14 min 35 s and a browser test
# timed out under its load; the cluster race it also surfaced is fixed (docs/scaling.md).
suite: $(STAMP) chromium haproxy  # every test, the slow ones included
	$(BIN)/pytest -n 2 --dist worksteal  # idle workers take over queued tests

test: lint typecheck suite

bench: $(STAMP)
	$(BIN)/angler bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
