"""Every URL on a built page passes the links' one allow-list (markdown/urls.py),
whichever input it came from: front matter, an include's argument, BibTeX
(test_bibliography.py), the settings (test_settings_input.py)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import html5lib

from conftest import cli

CHAPTER = """---
title: Links
authors:
  - name: Ann
    url: "javascript:alert(1)"
  - name: Bob
    url: "https://example.org/bob"
previous_section_url: " JavaScript:alert(2)"
previous_section_name: Back
next_section_url: "../next"
next_section_name: Next
---

Text.

{% include figure.liquid path="javascript:alert(3)" caption="A figure." %}

{% include figure.liquid path="data:image/svg+xml,<svg onload=alert(4)>" caption="Another." %}
"""


def schemes(page: str) -> set[str]:
    """The scheme of every URL a browser would follow on the page (WHATWG: tabs and line
    breaks dropped, leading controls and spaces stripped)."""
    tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    found = set()
    for element in tree.iter():
        for name in ("href", "src"):
            value = element.get(name)
            if value is not None:
                cleaned = re.sub("[\t\n\r]", "", value).strip("".join(map(chr, range(0x21))))
                found.add(urlsplit(cleaned).scheme.lower())
    return found


def test_front_matter_and_include_urls_pass_the_allow_list(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nflavor = "kramdown"\n', encoding="utf-8")
    (project / "source" / "en" / "links.md").write_text(CHAPTER, encoding="utf-8")
    (project / "source" / "en" / "next.md").write_text("# Next\n", encoding="utf-8")
    result = cli("-C", project, "build", "-l", "en")
    assert result.code == 0, result.err
    page = (project / "build" / "en" / "links.html").read_text(encoding="utf-8")
    assert schemes(page) <= {"", "http", "https"}, schemes(page)
    assert 'href="https://example.org/bob"' in page and 'href="next.html"' in page  # the allowed ones stay
    assert page.count("<figcaption>") == 2  # the figures, with their captions, without the images
