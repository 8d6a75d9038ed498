# The two commands of the README. `make ko` builds the Korean chapter; `make test`
# runs the test suite (CI runs exactly this through .ci/run).
PYTHON ?= python3

.PHONY: install ko test gettext

install:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[test]'

ko: install
	$(PYTHON) -m mdgettext build -l ko

# GNU gettext (msgcat, msgfmt) is the reference the tests compare our PO files with.
gettext:
	@command -v msgcat >/dev/null 2>&1 || { apt-get update && apt-get install -y gettext; }

test: gettext install
	$(PYTHON) -m pytest -q
	$(PYTHON) -m mdgettext check -l ko --strict
