"""An inline element a translation leaves open at the end of its text: kramdown closes
it there, so the build does too (markdown/closing.py), and only where that is the
page kramdown makes of the translation as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kramdown
from conftest import cli, translated_chapter
from mdgettext.markdown.closing import closed
from mdgettext.markdown.flavors import KRAMDOWN
from mdgettext.markdown.inline import Reader

AS_KRAMDOWN = Reader(flavor=KRAMDOWN)

CLOSED = [
    # (english, translation as written, as the build writes it)
    ("a <b>x</b>", "가 <b>x", "가 <b>x</b>"),
    ('a <span markdown="1">**x**</span>.', '가 <span markdown="1">**x**.', '가 <span markdown="1">**x**.</span>'),
    ("a<d-footnote>note</d-footnote>", "가<d-footnote>노트", "가<d-footnote>노트</d-footnote>"),
    ("a <span><b>x</b></span>", "가 <span><b>x", "가 <span><b>x</b></span>"),
    ("a <span><b>x</b> y</span>", "가 <span><b>x</b> 나", "가 <span><b>x</b> 나</span>"),
]
KEPT = [
    # (english, translation): written as they are
    ("a <b>x</b> [l](u)", "가 <b>x [l](u)"),  # the bold would swallow the link the English has outside it
    ("a <b><i>x</i></b>", "가 <b><i>x</b>"),  # `</b>` closes nothing open: kramdown shows it as text
    ("a <b>x", "가 <b>x"),  # the English leaves it open too
    ("a<br>b <img src=x>", "가<br>나 <img src=x>"),  # elements without content
    ("a <b>x</b>", "가 <b>x</b>"),  # nothing open
]


@pytest.mark.parametrize(("english", "translation", "built"), CLOSED)
def test_the_build_closes_what_kramdown_closes(english: str, translation: str, built: str) -> None:
    assert closed(english, translation, AS_KRAMDOWN) == built
    kramdown.require()
    as_written, as_built = kramdown.html([translation, built])
    assert as_written == as_built  # the reader's page is the same


@pytest.mark.parametrize(("english", "translation"), KEPT)
def test_a_translation_is_closed_only_where_kramdown_would_make_the_same_page(english: str, translation: str) -> None:
    assert closed(english, translation, AS_KRAMDOWN) == translation


def test_commonmark_closes_nothing() -> None:
    """markdown-it passes inline HTML through, and a browser carries an open `<b>` on."""
    assert closed("a <b>x</b>", "가 <b>x", Reader()) == "가 <b>x"


CHAPTER = "# Notes\n\nThe cost is <b>per chip</b>.\n\nThe next paragraph.\n"
KOREAN = {"Notes": "메모", "The cost is <b>per chip</b>.": "비용은 <b>칩마다.", "The next paragraph.": "다음 문단."}


def test_a_dropped_last_end_tag_is_a_warning_and_the_build_writes_it(project: Path) -> None:
    """The page is kramdown's: the bold ends with its paragraph, in the Markdown the
    site takes and on the HTML page (where a browser would carry it on)."""
    translated_chapter(project, 'locales = ["ko"]\nflavor = "kramdown"\n', "a", CHAPTER, "ko", KOREAN)
    found = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json").out)
    assert [(f["code"], f["severity"]) for f in found] == [("markup.left-open", "warning")]
    assert "</b>" in found[0]["message"]
    assert cli("-C", project, "-q", "build").code == 0
    assert "비용은 <b>칩마다.</b>\n" in (project / "build" / "ko" / "a.md").read_text(encoding="utf-8")
    page = (project / "build" / "ko" / "a.html").read_text(encoding="utf-8")
    assert "<p>비용은 <b>칩마다.</b></p>" in page and "<p>다음 문단.</p>" in page
