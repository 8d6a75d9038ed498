"""A kept `#fragment` judged against the ids the reader's page will have (issue 39).

Without `heading_ids`, the site's engine makes a translated heading's id from its
translated words: kramdown's GFM parser gives `## 두 번째` the id `두-번째`, and
Python-Markdown's toc (ASCII letters only) gives it `_1`. A link the translation kept as
the English wrote it (`#second`) then leads nowhere on the site, though `check` passed
it. Each engine's own ids are the evidence: kramdown as Jekyll runs it, Python-Markdown
with the sample site's extensions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import kramdown
import mkdocs_oracle
from conftest import cli, translated_chapter

ENGLISH = "# Guide\n\nSee [the second part](#second-part) below.\n\n## Second part\n\nThe end.\n"
TRANSLATED = {"Guide": "안내", "See [the second part](#second-part) below.": "아래 [둘째 부분](#second-part)을 보라."}


def lost(project: Path, flavor: str, heading_ids: bool, heading: str = "둘째 부분") -> list[dict]:
    toml = f'locales = ["ko"]\nflavor = "{flavor}"\nheading_ids = {str(heading_ids).lower()}\n'
    translated_chapter(project, toml, "guide", ENGLISH, "ko", {**TRANSLATED, "Second part": heading})
    found = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json").out)
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0
    return [f for f in found if f["code"] == "links.lost-anchor"]


def ids(flavor: str, markdown: str) -> set[str]:
    html = kramdown.html([markdown])[0] if flavor == "kramdown" else mkdocs_oracle.python_markdown(markdown)
    return set(re.findall(r'\bid="([^"]*)"', html))


@pytest.mark.parametrize("flavor", ["kramdown", "mkdocs"])
def test_a_kept_fragment_whose_heading_the_site_renames_is_told(project: Path, flavor: str) -> None:
    [finding] = lost(project, flavor, heading_ids=False)
    assert finding["severity"] == "warning" and finding["line"] > 1
    assert "the page's 1 link to #second-part leads nowhere; set `heading_ids = true`" in finding["message"]
    built = (project / "build" / "ko" / "guide.md").read_text(encoding="utf-8")
    assert "](#second-part)" in built and "second-part" not in ids(flavor, built)  # the engine's own ids


@pytest.mark.parametrize("flavor", ["kramdown", "mkdocs"])
def test_with_heading_ids_the_english_id_is_kept_and_nothing_is_told(project: Path, flavor: str) -> None:
    assert lost(project, flavor, heading_ids=True) == []
    built = (project / "build" / "ko" / "guide.md").read_text(encoding="utf-8")
    assert "second-part" in ids(flavor, built)


def test_a_heading_whose_id_stays_the_same_is_not_told(project: Path) -> None:
    assert lost(project, "kramdown", heading_ids=False, heading="Second part") == []
