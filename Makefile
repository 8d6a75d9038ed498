# The two commands of the README. `make ko` builds the Korean chapter; `make test`
# runs the test suite (CI runs exactly this through .ci/run).
PYTHON ?= python3

.PHONY: install ko test lint gettext system-deps screenshots

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[test]'

ko: install
	$(PYTHON) -m mdgettext build

# System packages the tests need, installed with apt-get when missing: GNU gettext
# (msgcat, msgfmt), the reference the tests compare our PO files with; Debian's
# Chromium, its driver and CJK fonts, for the browser test of the built pages; the
# book's own engines, kramdown with its GFM parser and Jekyll, which read the
# Markdown we build exactly as the book's site does; cmark-gfm, GitHub's own Markdown
# renderer, which reads the job summary `check --format github` writes.
DEBIAN_PACKAGES = gettext chromium chromium-driver fonts-noto-cjk ruby-kramdown ruby-kramdown-parser-gfm jekyll cmark-gfm

system-deps:
	@missing=""; \
	for pkg in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

gettext: system-deps

lint: install
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy

# The README's screenshot: the browser test saves build/screenshots/*.png; one is kept in docs/.
screenshots: system-deps install
	$(PYTHON) -m pytest -q tests/test_browser.py
	mkdir -p docs
	cp build/screenshots/ko-1280.png docs/ko-1280.png

# Lint, format and types first (seconds), then the suite, then the CI gate on our own catalog.
test: system-deps install
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy
	CI=true $(PYTHON) -m pytest -q  # CI=true: a browser or kramdown test fails, never skips, if its engine is missing
	$(PYTHON) -m mdgettext check -l ko --strict
