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

.PHONY: help install lab workshop stream test docs lint notebooks catalogues bench binder-lock clean

help:
	@echo "make lab        open JupyterLab on notebooks/ (with the kit's server config)"
	@echo "make workshop   serve the notebooks to a room with JupyterHub (README: Running a workshop)"
	@echo "make stream SESSION=notebooks/sessions/farmhouse.jsonl"
	@echo "                serve the session's live stream view for OBS on http://127.0.0.1:8866/"
	@echo "                (STREAM_ARGS='--size 1280x720 --transparent --language da --port N')"
	@echo "make test       run every test tier (static, unit, property, fuzz, notebook, docs, binder, hub, browser)"
	@echo "make docs       build the documentation site into docs/_build/html (warnings are errors)"
	@echo "make notebooks  re-execute the notebooks and strip widget state"
	@echo "make catalogues extract the English from the code into isowidgets/locale/*.pot and"
	@echo "                merge it into every language's PO files (translators edit those)"
	@echo "make bench      run the benchmarks and print ratios"
	@echo "make binder-lock  pin binder/requirements.txt again from pyproject.toml"

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

# WORKSHOP_ARGS passes options on, e.g. make workshop WORKSHOP_ARGS="--ip 0.0.0.0 --password ..."
workshop: $(STAMP)
	$(BIN)/python -m isowidgets.workshop $(WORKSHOP_ARGS)

# The stream view follows the journal read-only, so it runs beside `make lab`.
stream: $(STAMP)
	@test -n "$(SESSION)" || { echo "usage: make stream SESSION=path/to/journal.jsonl [STREAM_ARGS='--size 1280x720 --transparent']"; exit 2; }
	$(BIN)/python -m isowidgets.stream "$(SESSION)" $(STREAM_ARGS)

test: $(STAMP)
	$(BIN)/python tests/tiers.py $(TIERS)

# The site under docs/: Sphinx with myst-nb, nothing executed or fetched; any warning
# (a broken cross-reference, a page in no table of contents) fails it.
docs: $(STAMP)
	$(BIN)/python -m sphinx -W --keep-going -n -q -b html docs docs/_build/html
	@echo "built: docs/_build/html/index.html"

lint: $(STAMP)
	$(BIN)/python tests/tiers.py static

notebooks: $(STAMP)
	$(BIN)/python tests/tools/notebooks.py

catalogues: $(STAMP)
	$(BIN)/python -m isowidgets.words.extract

bench: $(STAMP)
	@for script in benchmarks/[a-z]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# Binder's environment: pyproject's runtime dependencies plus these extras (by name),
# pinned with hashes for what Binder runs (Python 3.11 on Linux x86_64). Pins already in
# the lock are kept where pyproject still allows them; UPGRADE=1 moves every pin to the
# newest allowed release.
# nbgitpuller: Binder's links (and a Kubernetes hub's image) can pull a workshop's notebooks.
BINDER_EXTRAS := pull
BINDER_LOCK   := binder/requirements.txt

binder-lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml $(foreach extra,$(BINDER_EXTRAS),--extra $(extra)) \
	  --python-version 3.11 --python-platform x86_64-manylinux_2_28 --generate-hashes \
	  $(if $(UPGRADE),--upgrade) --quiet --output-file $(BINDER_LOCK)
	sed -i '1i # Binder installs exactly this (repo2docker runs pip install -r on it; postBuild then\
	# installs the kit itself with --no-deps). Made from pyproject.toml by `make binder-lock`,\
	# which runs the uv command below: edit pyproject.toml, never this file.' $(BINDER_LOCK)

clean:
	rm -rf $(VENV) docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
