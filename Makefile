# isowidgets: the two commands are `make lab` and `make test`.
# Both create .venv when it is missing and install the kit with its extras.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8888
# Jupyter refuses to run as root unless told to. Containers and CI machines often
# run as root; the server below listens on 127.0.0.1 only and asks for its token.
ROOT_FLAG := $(if $(filter 0,$(shell id -u 2>/dev/null)),--ServerApp.allow_root=True)

.PHONY: help install lab stream test lint notebooks bench clean

help:
	@echo "make lab        open JupyterLab on notebooks/ (with the kit's server config)"
	@echo "make stream SESSION=notebooks/sessions/farmhouse.jsonl"
	@echo "                serve the session's live stream view for OBS on http://127.0.0.1:8866/"
	@echo "                (STREAM_ARGS='--size 1280x720 --transparent --language da --port N')"
	@echo "make test       run every test tier (static, unit, property, fuzz, notebook, browser)"
	@echo "make notebooks  re-execute the notebooks and strip widget state"
	@echo "make bench      run the benchmarks and print ratios"

# A venv that failed half-way is removed, so the next run starts it again.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "could not create $(VENV): on Debian/Ubuntu, apt-get install python3-venv"; exit 1; }

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

lab: $(STAMP)
	$(BIN)/python -m isowidgets.lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ROOT_FLAG)

# The stream view follows the journal read-only, so it runs beside `make lab`.
stream: $(STAMP)
	@test -n "$(SESSION)" || { echo "usage: make stream SESSION=path/to/journal.jsonl [STREAM_ARGS='--size 1280x720 --transparent']"; exit 2; }
	$(BIN)/python -m isowidgets.stream "$(SESSION)" $(STREAM_ARGS)

test: $(STAMP)
	$(BIN)/python tests/tiers.py $(TIERS)

lint: $(STAMP)
	$(BIN)/python tests/tiers.py static

notebooks: $(STAMP)
	$(BIN)/python tests/tools/notebooks.py

bench: $(STAMP)
	@for script in benchmarks/[a-z]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
