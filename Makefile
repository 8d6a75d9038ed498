# The README's two commands: `make ko` builds the Korean chapter, `make test` runs the
# suite (CI runs exactly this through .ci/run). Both work in a fresh clone: they make a
# project-local virtual environment and install the exact versions of requirements/lock.txt
# (hash-checked), so every machine and CI test the same set. See docs/development.md.
PYTHON ?= python3
VENV ?= .venv
PY = $(VENV)/bin/python
PIP = $(PY) -m pip --disable-pip-version-check --quiet
LOCK ?= requirements/lock.txt
# The uv release that writes the locks (a maintained resolver that writes hashes for every
# platform and Python version in one file); only `make lock` and `make test-floors` use it.
UV_VERSION = 0.13.9

.PHONY: install ko test suite static behaviour lint system-deps screenshots lock test-floors test-newest docs quick \
	test-unit test-end-to-end test-quality mutation

# The stamp is newer than the lock and pyproject.toml when the environment matches them.
$(VENV)/.installed-$(notdir $(LOCK)): $(LOCK) pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --require-hashes --no-deps -r $(LOCK)
	$(PIP) install --no-deps --no-build-isolation -e .
	rm -f $(VENV)/.installed-*
	touch $@

install: $(VENV)/.installed-$(notdir $(LOCK))

ko: install
	$(VENV)/bin/mdgettext build

# System packages the tests need, installed with apt-get when missing: GNU gettext
# (msgcat, msgfmt), the reference the tests compare our PO files with; Debian's
# Chromium, its driver and CJK fonts, for the browser test of the built pages; the
# book's own engines, kramdown with its GFM parser and Jekyll, which read the
# Markdown we build exactly as the book's site does; cmark-gfm, GitHub's own Markdown
# renderer, which reads the job summary `check --format github` writes; KaTeX (Node), as
# the book's site typesets formulas, for the oracle that says whether one renders; libxml2's
# xmllint, which holds the XLIFF `export` writes to OASIS's schema.
DEBIAN_PACKAGES = gettext chromium chromium-driver fonts-noto-cjk ruby-kramdown ruby-kramdown-parser-gfm jekyll cmark-gfm katex libxml2-utils

system-deps:
	@missing=""; \
	for pkg in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

lint: install static

# Lint, format and types, in whatever environment $(VENV) already holds.
static:
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# The docs' screenshots: the browser tests save build/screenshots/*.png; the Korean and Chinese
# pages, the review page and serve's editor at 1280 px are kept in docs/ (release-builds.md and
# translators.md show them).
screenshots: system-deps install
	$(PY) -m pytest -q tests/test_browser.py tests/test_browser_pages.py tests/test_browser_editor.py
	mkdir -p docs
	cp build/screenshots/ko-1280.png build/screenshots/zh-1280.png build/screenshots/review-1280.png \
		build/screenshots/editor-1280.png docs/

# The generated tables in docs/ (settings, check codes); tests/test_docs.py fails when stale.
docs: install
	$(PY) -m mdgettext.docs

# Lint, format and types first (seconds), then the suite, then the CI gate on our own catalog.
test: system-deps install suite

# The body of `make test`, in whatever environment $(VENV) already holds.
suite: static behaviour

# The edit loop (docs/development.md): lint and types, then every test but the browser's
# (or only TESTS=...), the ones that failed last time first, stopping at the first failure.
# `make test` runs them all.
QUICK_SKIP = tests/test_browser.py tests/test_browser_pages.py tests/test_browser_editor.py
quick: install
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -q -x --ff $(or $(TESTS),$(addprefix --ignore=,$(QUICK_SKIP)))

# One group of the suite (tests/conftest.py GROUPS, docs/development.md "Tests"): the unit
# tests in seconds, the end-to-end ones (whole commands, browsers, outside engines), the
# quality ones (corpora, oracles, the docs' claims). `make test` runs all three.
test-unit: install
	$(PY) -m pytest -q -m unit $(XDIST)
test-end-to-end: install
	$(PY) -m pytest -q -m end_to_end $(XDIST)
test-quality: install
	$(PY) -m pytest -q -m quality $(XDIST)

# The suite and the CI gate on our own catalog. The suite runs in one pytest-xdist worker per
# core, each taking a test file whole (tests/conftest.py, SPREAD): under 5 minutes on CI's two
# cores, where one process took 7 to 9 (docs/development.md, "Tests").
XDIST = -n auto --dist loadfile
behaviour:
	CI=true $(PY) -m pytest -q $(XDIST)  # CI=true: a browser or kramdown test fails, never skips, if its engine is missing
	$(VENV)/bin/mdgettext check -l ko --strict

# Refresh the locks after changing a dependency in pyproject.toml (commit both files). The
# floors lock resolves each runtime dependency to its lowest allowed release and keeps the
# test tools at the versions of the main lock.
COMPILE = $(VENV)/bin/uv pip compile pyproject.toml requirements/build.in --extra test --universal \
	--python-version 3.11 --generate-hashes --no-header --quiet
lock: install
	$(PIP) install uv==$(UV_VERSION)
	$(COMPILE) -o requirements/lock.txt
	grep -E '^(pytest|pytest-xdist|hypothesis|selenium|ruff|mypy|types-pyyaml|packaging|setuptools|markdown|pymdown-extensions|mkdocs|pre-commit|translate-toolkit|lxml|unicode-segmentation-rs)==' requirements/lock.txt \
		| sed 's/ *\\$$//' > $(VENV)/tools-constraints.txt
	$(COMPILE) --resolution lowest-direct -c $(VENV)/tools-constraints.txt -o requirements/floors.txt
	$(VENV)/bin/uv pip compile requirements/mutation.in -c requirements/lock.txt --universal \
		--python-version 3.11 --generate-hashes --no-header --quiet -o requirements/mutation.txt

# mutmut's score over the pure core (benchmarks/mutation.py; docs/development.md), in its own
# environment: the main lock plus requirements/mutation.txt, hash-checked. Not in .ci/run.
MUTATION_VENV = .venv-mutation
mutation:
	$(MAKE) install VENV=$(MUTATION_VENV)
	$(MUTATION_VENV)/bin/python -m pip --disable-pip-version-check --quiet install --require-hashes --no-deps \
		-r requirements/mutation.txt
	$(MUTATION_VENV)/bin/python benchmarks/mutation.py

# Every runtime dependency at the lower bound pyproject.toml declares (requirements/floors.txt,
# which tests/test_packaging.py holds to those bounds), in its own environment: the suite and
# the gate (lint and types judge our code, with the locked tools, in `make test`). Not in .ci/run.
test-floors: system-deps
	$(MAKE) install behaviour VENV=.venv-floors LOCK=requirements/floors.txt

# The suite against the newest releases the bounds allow, to see drift on purpose. Not in .ci/run.
test-newest: system-deps
	test -x .venv-newest/bin/python || $(PYTHON) -m venv .venv-newest
	.venv-newest/bin/python -m pip install --quiet --disable-pip-version-check --upgrade -e '.[test]'
	$(MAKE) suite VENV=.venv-newest
