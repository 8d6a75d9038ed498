"""Issue 30 without a browser: what the pages and the review page hold for their readers.

The review page's links to the `.po` line in the project's repository; the text drawn as
the book's site draws it (`\\$` a dollar sign, `\\cdot` MathJax's dot operator).
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import cli, line_of_msgid, translated_chapter
from mdgettext.publish.mathml import typeset

CHAPTER = "# Title\n\nA paragraph with a [link](https://example.org).\n\nAnother paragraph.\n"


def test_each_review_entry_links_its_po_line_in_the_repository(project: Path) -> None:
    toml = 'repository_url = "https://github.com/o/book/blob/main/"\n'
    po = translated_chapter(project, toml, "intro", CHAPTER, "ko", {"Title": "제목"})
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    for msgid in ("Title", "Another paragraph."):
        line = line_of_msgid(po, msgid)
        url = f"https://github.com/o/book/blob/main/locale/ko/LC_MESSAGES/intro.po#L{line}"
        assert f'<a class="po-line" href="{url}">locale/ko/LC_MESSAGES/intro.po:{line}</a>' in review
    assert '<a href="https://github.com/o/book/blob/main/source/en/intro.md#L5">source/en/intro.md:5</a>' in review


def test_without_a_repository_the_po_line_is_text_to_copy(project: Path) -> None:
    po = translated_chapter(project, "", "intro", CHAPTER, "ko", {"Title": "제목"})
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    line = line_of_msgid(po, "Title")
    assert f'<code class="po-line">locale/ko/LC_MESSAGES/intro.po:{line}</code>' in review
    assert "github" not in review


def test_a_repository_url_must_be_a_web_address(project: Path) -> None:
    (project / "mdgettext.toml").write_text('repository_url = "javascript:alert(1)"\n', encoding="utf-8")
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    result = cli("-C", project, "build")
    assert result.code != 0 and "repository_url must be a web address" in result.err
    assert "Traceback" not in result.err


def test_an_escaped_dollar_is_a_dollar_sign_and_no_delimiter() -> None:
    """MathJax's processEscapes, as the book's site has it: kramdown keeps `\\$` inside the
    book's raw `<d-footnote>`, and the reader sees `$`."""
    page = typeset("<p>About \\$10/hour, or \\$20 on demand; $x = \\$5$.</p>", dollars=True)
    text = re.sub(r"<[^>]+>", "", page.split("<span", 1)[0])
    assert text == "About $10/hour, or $20 on demand; "
    assert page.count("<math") == 1 and "<mi>$</mi>" in page  # inside math, TeX's own `\$`


def test_cdot_is_the_dot_operator_mathjax_draws() -> None:
    page = typeset("<p>$a \\cdot b$ and $a·b$</p>", dollars=True)
    assert "<mo>\u22c5</mo>" in page and "<mo>\u00b7</mo>" not in page
    assert "<mi>\u00b7</mi>" in page  # a middle dot typed in the TeX stays what it is
