"""Issue 30 without a browser: what the pages and the review page hold for their readers.

The review page's links to the `.po` line in the project's repository; the text drawn as
the book's site draws it (`\\$` a dollar sign, `\\cdot` MathJax's dot operator).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import html5lib
import polib
import pytest

from conftest import cli, line_of_msgstr, translated_chapter
from mdgettext.publish.mathml import typeset

CHAPTER = "# Title\n\nA paragraph with a [link](https://example.org).\n\nAnother paragraph.\n"


def test_each_review_entry_links_its_po_line_in_the_repository(project: Path) -> None:
    """The line of its msgstr, where the translator types the fix (issue 41), not its msgid's."""
    toml = 'repository_url = "https://github.com/o/book/blob/main/"\n'
    po = translated_chapter(project, toml, "intro", CHAPTER, "ko", {"Title": "제목"})
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    for msgid in ("Title", "Another paragraph."):
        line = line_of_msgstr(po, msgid)
        url = f"https://github.com/o/book/blob/main/locale/ko/LC_MESSAGES/intro.po#L{line}"
        assert f'<a class="po-line" href="{url}">locale/ko/LC_MESSAGES/intro.po:{line}</a>' in review
    assert '<a href="https://github.com/o/book/blob/main/source/en/intro.md#L5">source/en/intro.md:5</a>' in review


def test_a_finding_is_shown_once_at_the_msgstr_line_where_it_is_fixed(project: Path) -> None:
    """`check` and the review page name the line the translator edits (issue 40), for
    the entry and for each of its findings, and the page says each once."""
    typed = "[링크](https://example.org/typo)가 있는 문단."
    msgid = "A paragraph with a [link](https://example.org)."
    po = translated_chapter(project, "", "intro", CHAPTER, "ko", {"Title": "제목", msgid: typed})
    lines = po.read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgstr "{typed}"') + 1
    checked = cli("-C", project, "check", "-l", "ko")
    named = lines.index('msgid "' + msgid + '"') + 1
    assert named < at and f"intro.po:{at}: error:" in checked.out + checked.err
    assert f"intro.po:{named}:" not in checked.out + checked.err
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    entry = re.search(rf'<li class="entry" id="L{at}" data-state="refused".*?</li>\n', review, re.DOTALL)
    assert entry is not None, review
    found = re.findall(r'<li class="finding-error">.*?</li>', entry.group())
    assert len(found) == 1 and "[links.changed]" in found[0]  # once: not again as a refusal
    assert f'<code class="po-line">locale/ko/LC_MESSAGES/intro.po:{at}</code></li>' in found[0]
    assert '<p class="refusal"' not in entry.group()


ADDING = "# Title\n\nFirst paragraph.\n\nSecond paragraph.<d-footnote>A note.</d-footnote>\n\nThird paragraph.\n"


def test_the_review_page_lists_what_the_translator_added_apart(project: Path) -> None:
    """Issue 40: a link to a web page or the book's own element a translator adds is
    published; the review page's "Added by the translator" filter shows those entries,
    and only those (an addition refused is not one)."""
    added = {
        "First paragraph.": "첫 문단, [TPU](https://cloud.google.com/tpu) 참고.",
        "Third paragraph.": "셋째 문단.<d-footnote>번역자 주석.</d-footnote>",
        "Title": "제목 <img src=x>",  # refused: not an addition
        "Second paragraph.<d-footnote>A note.</d-footnote>": "둘째 문단.<d-footnote>주석.</d-footnote>",
    }
    translated_chapter(project, 'flavor = "kramdown"\n', "intro", ADDING, "ko", added)
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    assert '<input type="radio" name="state" value="added"> 번역자가 추가함 (2)</label>' in review
    shown = {msgid: count for count, msgid in re.findall(r'data-additions="(\d+)" data-msgid="([^"<]*)', review)}
    assert shown == {
        "Title": "0",
        "First paragraph.": "1",
        "Second paragraph.&lt;d-footnote&gt;A note.&lt;/d-footnote&gt;": "0",
        "Third paragraph.": "1",
    }, shown
    page = (project / "build" / "ko" / "intro.html").read_text(encoding="utf-8")
    assert "https://cloud.google.com/tpu" in page and "번역자 주석." in page  # published


def test_without_a_repository_the_po_line_is_text_to_copy(project: Path) -> None:
    po = translated_chapter(project, "", "intro", CHAPTER, "ko", {"Title": "제목"})
    assert cli("-C", project, "-q", "build", "-l", "ko").code == 0
    review = (project / "build" / "ko" / "intro.review.html").read_text(encoding="utf-8")
    line = line_of_msgstr(po, "Title")
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


# ---------------------------------------------------------------- the shapes book (tests/data/pages)

# Text a reader should never meet outside code and formulas: Liquid, Markdown and TeX as written.
RAW = re.compile(r"\{%|%\}|\{\{|\*\*|\]\(|\\\$|\$\$|\\\(|\\\[|`|(?<!\w)_\w[^_]*_(?!\w)|<d-")
NS = "{http://www.w3.org/1999/xhtml}"


def page(root: Path, language: str) -> ElementTree.Element:
    """The `<main>` of the shapes chapter's page in `language`, as html5lib parses it."""
    text = (root / "build" / language / "shapes.html").read_text(encoding="utf-8")
    main = html5lib.parse(text).find(f".//{NS}main")
    assert main is not None
    return main


def text_outside_code(element: ElementTree.Element) -> Iterator[str]:
    """The text nodes a reader reads as prose: not code, not formulas."""
    if not isinstance(element.tag, str):  # a comment: no reader sees it
        return
    tag = element.tag
    if tag.replace(NS, "") in ("code", "pre") or "MathML" in tag:
        return
    if element.text:
        yield element.text
    for child in element:
        yield from text_outside_code(child)
        if child.tail:
            yield child.tail


def english(element: ElementTree.Element) -> bool:
    return element.get("lang") == "en" and "untranslated" in (element.get("class") or "").split()


def msgstrs(root: Path, language: str) -> dict[str, str]:
    po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / "shapes.po"))
    return {entry.msgid: entry.msgstr for entry in po}


@pytest.mark.parametrize("language", ["en", "ko", "zh"])
def test_every_note_of_the_shapes_book_is_a_linked_note(shapes: Path, language: str) -> None:
    """Notes in a tight and a loose list, a quotation, a table's header and cell, a Markdown
    block and a takeaway; a kramdown footnote; each a linked note with its way back."""
    source = (shapes / "source" / "en" / "shapes.md").read_text(encoding="utf-8")
    main = page(shapes, language)
    refs = [a for a in main.iter(f"{NS}a") if a.get("role") == "doc-noteref"]
    assert len(refs) == source.count("<d-footnote>") == 9
    notes = {li.get("id"): li for li in main.iter(f"{NS}li") if (li.get("id") or "").startswith("note-")}
    for ref in refs:
        note = notes[ref.get("href", "").lstrip("#")]
        back = next(a for a in note.iter(f"{NS}a") if a.get("role") == "doc-backlink")
        assert back.get("href") == "#" + ref.get("id", "") and "".join(note.itertext()).strip()
    kramdown = [s for s in main.iter(f"{NS}sup") if s.get("role") == "doc-noteref"]
    assert len(kramdown) == 1 and main.find(f".//{NS}li[@id='fn:plain']") is not None
    first = notes["note-1"]  # its Markdown rendered, its `\$` a dollar sign
    assert [e.tag.replace(NS, "") for e in first.iter() if e.tag in (f"{NS}em", f"{NS}code")] == ["em", "code"]
    assert "$14" in "".join(first.itertext()) and "\\$" not in "".join(first.itertext())
    cited = notes["note-9"].find(f".//{NS}a[@role='doc-biblioref']")
    assert cited is not None and main.find(f".//{NS}li[@id='{cited.get('href', '')[1:]}']") is not None


@pytest.mark.parametrize(("language", "untranslated"), [("ko", 1), ("zh", 1), ("en", 0)])
def test_every_caption_is_drawn_once_and_marked_when_english(shapes: Path, language: str, untranslated: int) -> None:
    """Double- and single-quoted captions, two figures in one paragraph, a trimmed tag, a tag
    over two lines, figures in a list and a quotation: each drawn, with its translation or
    marked English; no image's text alternative repeats its caption."""
    main = page(shapes, language)
    figures = list(main.iter(f"{NS}figure"))
    source = (shapes / "source" / "en" / "shapes.md").read_text(encoding="utf-8")
    assert len(figures) == source.count("figure.liquid") == 8
    translated = msgstrs(shapes, language) if language != "en" else {}
    marked = 0
    for figure in figures:
        caption = figure.find(f"{NS}figcaption")
        image = figure.find(f"{NS}img")
        assert caption is not None and image is not None
        text = "".join(caption.itertext())
        assert image.get("alt") and image.get("alt") not in text
        if english(caption):
            marked += 1
        elif language != "en":
            assert any(text == re.sub(r"<[^>]+>", "", t) for t in translated.values() if t), text
    assert marked == untranslated


def test_answer_buttons_are_messages_drawn_as_markdown_and_marked_when_english(shapes: Path) -> None:
    summaries = {lang: list(page(shapes, lang).iter(f"{NS}summary")) for lang in ("en", "ko", "zh")}
    assert [len(found) for found in summaries.values()] == [2, 2, 2]
    ko, zh = summaries["ko"], summaries["zh"]
    assert english(ko[0]) and "".join(ko[0].itertext()) == "Click here once you have thought it through"
    assert not english(ko[1]) and ko[1].find(f"{NS}strong").text == "정답"  # type: ignore[union-attr]
    assert not english(zh[0]) and zh[0].text == "想好之后点这里"
    # the paragraph holding the second button has no translation: button and answer are English
    assert english(zh[1]) and zh[1].find(f"{NS}strong").text == "Answer"  # type: ignore[union-attr]
    details = list(page(shapes, "zh").iter(f"{NS}details"))[1]
    assert english(details.find(f"{NS}p"))  # type: ignore[arg-type]


@pytest.mark.parametrize("language", ["en", "ko", "zh"])
def test_no_liquid_markdown_or_tex_is_left_on_the_page(shapes: Path, language: str) -> None:
    raw = [text.strip()[:60] for text in text_outside_code(page(shapes, language)) if RAW.search(text)]
    assert raw == []


def test_the_projects_images_are_copied_beside_the_pages(shapes: Path) -> None:
    build = shapes / "build"
    for language in ("en", "ko", "zh"):
        for name in ("cowsay.png", "figures/chart.png"):
            assert (build / language / name).read_bytes() == (shapes / "source" / "en" / name).read_bytes()
        sources = {img.get("src") for img in page(shapes, language).iter(f"{NS}img")}
        assert {"cowsay.png", "figures/chart.png", "../assets/img/own.png"} <= sources
    assert (build / "assets" / "img" / "own.png").read_bytes() == (shapes / "assets" / "img" / "own.png").read_bytes()


def test_an_image_that_exists_nowhere_is_a_warning_naming_its_line(project: Path) -> None:
    text = "# Cows\n\n![A cow](cow.png)\n\n![Another](cows/missing.png)\n\n![On the site](/assets/img/x.png)\n"
    (project / "source" / "en" / "cows.md").write_text(text, encoding="utf-8")
    (project / "source" / "en" / "cow.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    result = cli("-C", project, "build")
    assert result.code == 0
    assert result.err.count("warning") == 2, result.err
    assert (
        "source/en/cows.md:5: the image 'cows/missing.png' is not beside the chapter in source/en/, "
        "so the page shows it broken; add the file or correct the path"
    ) in result.err
    assert "source/en/cows.md:7: the image '/assets/img/x.png' is not in assets/ nor with site_url set" in result.err
    assert (project / "build" / "en" / "cow.png").is_file()


def test_the_book_is_named_by_its_readme_and_never_project(shapes: Path) -> None:
    pages = sorted((shapes / "build").rglob("*.html"))
    assert len(pages) == 5
    for built in pages:
        text = built.read_text(encoding="utf-8")
        assert "PROJECT" not in text
    title = re.search(r"<title>(.*?)</title>", (shapes / "build" / "ko" / "shapes.html").read_text(encoding="utf-8"))
    assert title is not None and title.group(1) == "페이지의 모양 · A Book of Shapes"


def test_without_a_readme_the_book_is_named_by_its_index_chapter(project: Path) -> None:
    (project / "source" / "en" / "index.md").write_text("# The Cow Book\n\nHello.\n", encoding="utf-8")
    (project / "source" / "en" / "moo.md").write_text("# Moo\n\nMoo.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "build").code == 0
    page_text = (project / "build" / "en" / "moo.html").read_text(encoding="utf-8")
    assert "<title>Moo · The Cow Book</title>" in page_text and "PROJECT" not in page_text


def test_the_english_page_leads_nowhere_but_the_web_and_mail(project: Path) -> None:
    """The English is never judged (it is the source), so the page itself keeps every
    URL to the allow-list (urls.ALLOWED_SCHEMES): an author's link, the previous and
    next pages, a link and an image of the text. A `javascript:` URL in any of them
    leads nowhere (the text's links show as typed)."""
    (project / "source" / "en" / "intro.md").write_text(
        "---\ntitle: Intro\nauthors:\n  - name: Ada\n    url: javascript:alert(1)\n"
        "previous_url: javascript:alert(2)\nprevious_name: Back\n---\n\n"
        "# Intro\n\nSee [this](javascript:alert(3)) and ![that](javascript:alert(4)).\n",
        encoding="utf-8",
    )
    assert cli("-C", project, "-q", "build", "-l", "en").code == 0
    page = (project / "build" / "en" / "intro.html").read_text(encoding="utf-8")
    assert "Ada" in page
    assert re.findall(r"(?:href|src)=[\"']?\s*javascript", page, re.IGNORECASE) == []
