"""Checks a translator can trust, measured on a real translation: every finding
`check` makes on the community Korean translation of six chapters is labelled by hand
in fixtures/book/findings.tsv (real or false, with the reason), and each code must be
right often enough to be worth reading: precision >= 0.9 for error codes, >= 0.7 for
warning codes. Recall is measured against the translation's real defects found
independently of `check`, by reading the Korean Markdown: every link rewritten to a
`-kr` page, every link to a Korean anchor, every link kramdown makes that the
English does not have.

A new finding, or a labelled one that is gone, fails the test: label it (or remove
its line) after reading the entry beside the English.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import unquote

import polib
import pytest

from conftest import BOOK, FIXTURES, cli
from mdgettext.po.writer import dumps

LABELS = FIXTURES / "book" / "findings.tsv"
MINIMUM = {"error": 0.9, "warning": 0.7}
FACTS = {
    "completeness.untranslated",
    "completeness.imported",
}  # no msgstr is a fact; an import doubt is import's, measured by benchmarks/import.py


def labels(state: str) -> dict[tuple[str, str], tuple[int, str, str]]:
    rows = [line.split("\t") for line in LABELS.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"]
    return {
        (source, code): (int(count), label, reason) for st, source, code, count, label, reason in rows if st == state
    }


def findings(root: Path) -> list[dict[str, str]]:
    result = cli("-C", root, "check", "-l", "ko", "--format", "json")
    assert result.code in (0, 1), result.err
    return [f for f in json.loads(result.out) if f["code"] not in FACTS]


@pytest.fixture(scope="module")
def imported(book: Path) -> list[dict[str, str]]:
    return findings(book)


@pytest.fixture(scope="module")
def reviewed(reviewed_book: Path) -> list[dict[str, str]]:
    return findings(reviewed_book)


@pytest.fixture(scope="module")
def reviewed_book(book: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every fuzzy flag removed: the translator accepted every pair as it stands."""
    root = tmp_path_factory.mktemp("reviewed") / "book"
    shutil.copytree(book, root, ignore=shutil.ignore_patterns("build"))
    for path in (root / "locale" / "ko" / "LC_MESSAGES").glob("*.po"):
        po = polib.pofile(str(path))
        for entry in po:
            if entry.fuzzy:
                entry.flags.remove("fuzzy")
                entry.previous_msgid = entry.previous_msgctxt = None
        path.write_text(dumps(po), encoding="utf-8")
    return root


@pytest.mark.parametrize("state", ["imported", "reviewed"])
def test_every_finding_on_the_real_translation_is_labelled(state: str, request: pytest.FixtureRequest) -> None:
    found = Counter((f["source"], f["code"]) for f in request.getfixturevalue(state))
    labelled = {key: count for key, (count, _, _) in labels(state).items()}
    assert dict(found) == labelled  # a difference: read the entry, then label it or drop its line


@pytest.mark.parametrize("state", ["imported", "reviewed"])
def test_each_code_is_right_often_enough_to_be_worth_reading(state: str, request: pytest.FixtureRequest) -> None:
    labelled = labels(state)
    real: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for finding in request.getfixturevalue(state):
        label = labelled[(finding["source"], finding["code"])][1]
        real[(finding["code"], finding["severity"])].append(label == "real")
    precision = {key: sum(hits) / len(hits) for key, hits in real.items()}
    low = {f"{code} ({severity})": round(p, 2) for (code, severity), p in precision.items() if p < MINIMUM[severity]}
    assert not low, precision


def real_defects() -> list[tuple[str, str]]:
    """(chapter, link destination) of each defect read off the Korean Markdown itself,
    body only (the build takes front-matter URLs from the English)."""
    defects = []
    for path in sorted((BOOK / "ko").glob("*.md")):
        body = path.read_text(encoding="utf-8").split("\n---\n", 1)[1]
        english = (BOOK / "en" / path.name).read_text(encoding="utf-8")
        for url in re.findall(r"\]\(([^()\s]+)\)", body):
            if url.endswith("-kr") or "-kr#" in url or re.search("[\uac00-\ud7a3]", unquote(url)):
                defects.append((path.stem, unquote(url)))
        for url in re.findall(r"\]\(([^()<>\s]+\s[^()<>]*?)\)", body):  # a link to kramdown only
            if f"]({url})" not in english:
                defects.append((path.stem, url))
    return defects


def test_the_real_defects_are_all_there_to_be_found() -> None:
    defects = real_defects()
    assert len(defects) == 9 + 7 + 1  # -kr pages, Korean anchors, one link kramdown makes


@pytest.mark.parametrize("state", ["imported", "reviewed"])
def test_every_real_defect_is_found(state: str, request: pytest.FixtureRequest) -> None:
    found = request.getfixturevalue(state)
    missed = [
        (chapter, url)
        for chapter, url in real_defects()
        if not any(f["file"].endswith(f"/{chapter}.po") and url in f["message"] for f in found)
    ]
    assert missed == []


def test_the_build_publishes_no_entry_check_reports_as_an_error(
    reviewed_book: Path, reviewed: list[dict[str, str]]
) -> None:
    result = cli("-C", reviewed_book, "-q", "build", "-l", "ko")
    assert result.code == 0, result.err
    refused = set(re.findall(r"warning: (locale/ko/LC_MESSAGES/[\w-]+\.po:\d+): translation of", result.err))
    errors = {f"{f['file']}:{f['line']}" for f in reviewed if f["severity"] == "error"}
    assert refused == errors and len(errors) == 19  # entries with an error (the page breaks there)
    counted = sum(int(n) for n in re.findall(r"\.po: (\d+) translations? refused", result.err))
    assert counted == len(errors)
    page = (reviewed_book / "build" / "ko" / "sharding.md").read_text(encoding="utf-8")
    assert "-kr)" not in page and "](#case-1-neither-multiplicand-has-a-sharded-contracting-dimension)" in page
