"""The project's real job: the Korean edition of "Conclusions and Further Reading".

The seed (data/chapter/conclusion.ko.txt) is the Korean chapter as a reader sees it, one rendered
block per line; the built Korean page must show every one of those lines, in order.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import polib
import yaml

from conftest import DATA, REPO, cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check

SEED = (DATA / "chapter" / "conclusion.ko.txt").read_text(encoding="utf-8").splitlines()
PO = REPO / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
POT = REPO / "locale" / "conclusion.pot"


class Blocks(HTMLParser):
    """Plain text of each rendered block (p, h1-h6, li, meta description), as the seed has it:
    the translation's text, without the page's own mark after a link to the English
    edition (`12장 (영어)`, issue 41), which is the page's word, not the translator's."""

    BLOCKS: ClassVar[frozenset[str]] = frozenset({"p", "h1", "h2", "h3", "li"})

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[str] = []
        self.description = ""
        self.stack: list[list[str]] = []
        self.mark = False

    def handle_starttag(self, tag, attrs):
        if tag == "span" and dict(attrs).get("class") == "edition":
            self.mark = True  # and the space before it, which goes with it
            if self.stack and self.stack[-1]:
                self.stack[-1][-1] = self.stack[-1][-1].rstrip()
        if tag == "meta" and dict(attrs).get("name") == "description":
            self.description = dict(attrs)["content"]
        if tag in self.BLOCKS:
            self.stack.append(["- "] if tag == "li" else [])

    def handle_endtag(self, tag):
        if tag == "span":
            self.mark = False
        if tag in self.BLOCKS and self.stack:
            self.blocks.append(re.sub(r"\s+", " ", "".join(self.stack.pop())).strip())

    def handle_data(self, data):
        if self.stack and not self.mark:
            self.stack[-1].append(data)


def test_the_committed_catalogs_are_up_to_date_with_the_source(chapter_copy: Path) -> None:
    assert "(unchanged)" in cli("-C", chapter_copy, "extract").out
    assert "(unchanged)" in cli("-C", chapter_copy, "update", "-l", "ko").out
    assert (chapter_copy / "locale" / "conclusion.pot").read_bytes() == POT.read_bytes()
    assert (chapter_copy / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po").read_bytes() == PO.read_bytes()


def test_the_korean_catalog_is_complete() -> None:
    po = polib.pofile(str(PO))
    assert po.percent_translated() == 100
    assert not po.fuzzy_entries() and not po.obsolete_entries()
    assert po.metadata["Language"] == "ko"
    assert po.metadata["Plural-Forms"] == "nplurals=1; plural=0;"


def test_the_catalogs_are_what_gnu_gettext_writes() -> None:
    for path in (POT, PO):
        assert_msgcat_fixed_point(path)
        assert_msgfmt_check(path)


def test_the_korean_page_shows_every_line_of_the_seed_in_order(chapter_copy: Path) -> None:
    result = cli("-C", chapter_copy, "build", "-l", "ko")
    assert result.code == 0, result.err
    assert "build/ko/conclusion.html: 0 of 36 messages fell back to English" in result.out
    page = Blocks()
    page.feed((chapter_copy / "build" / "ko" / "conclusion.html").read_text(encoding="utf-8"))
    assert page.description == SEED[0]
    body = page.blocks[page.blocks.index(SEED[1]) :]
    assert body == SEED[1:]


def test_the_english_build_is_the_source_byte_for_byte(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "build", "-l", "en", "--format", "md").code == 0
    assert (chapter_copy / "build" / "en" / "conclusion.md").read_bytes() == (
        REPO / "source" / "en" / "conclusion.md"
    ).read_bytes()


def test_the_korean_markdown_keeps_everything_but_the_translated_text(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "build", "-l", "ko", "--format", "md").code == 0
    source = (REPO / "source" / "en" / "conclusion.md").read_text(encoding="utf-8")
    built = (chapter_copy / "build" / "ko" / "conclusion.md").read_text(encoding="utf-8")
    # front matter: comments, the _styles block and untouched keys are byte-identical
    src_fm, built_fm = source.split("---\n")[1], built.split("---\n")[1]
    changed = [(a, b) for a, b in zip(src_fm.splitlines(), built_fm.splitlines(), strict=False) if a != b]
    assert len(src_fm.splitlines()) == len(built_fm.splitlines())
    assert [a.split(":")[0].strip() for a, _ in changed] == [
        "title",
        "description",
        "previous_section_name",
        "next_section_name",
        "- name",
        "- name",
        "- name",
    ]
    meta = yaml.safe_load(built_fm)
    assert meta["title"] == "결론과 더 읽을거리"
    assert meta["authors"][0]["name"] == "Jacob Austin"
    # the table of contents names equal the translated headings (the Distill layout links them by name),
    # and each heading answers to its name's slug as well as to its English id
    headings = re.findall(
        r'^## <span id="([^"]+)" style="scroll-margin-top: inherit"></span>(.+?) \{#([a-z-]+)\}$', built, re.M
    )
    assert [name for _, name, _ in headings] == [item["name"] for item in meta["toc"]]
    assert [anchor for anchor, _, _ in headings] == ["감사의-말", "더-읽을거리", "피드백"]
    assert [slug for _, _, slug in headings] == ["acknowledgments", "further-reading", "feedback"]

    # every link destination of the source is still there, in order
    def links(text):
        return re.findall(r"\]\(([^)]+)\)", text)

    assert links(built) == links(source)


def test_html_headings_keep_the_english_ids_in_every_language(chapter_copy: Path) -> None:
    assert cli("-C", chapter_copy, "build", "--format", "html").code == 0
    for language in ("en", "ko"):
        page = (chapter_copy / "build" / language / "conclusion.html").read_text(encoding="utf-8")
        assert f'<html lang="{language}">' in page
        assert re.findall(r'<h2 id="([^"]+)"', page) == ["acknowledgments", "further-reading", "feedback"]
        assert "{#" not in page
