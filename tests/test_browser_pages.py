"""Issue 30 in a real browser: the pages and the review page as the people who read them meet them.

Measured in Debian's Chromium (tests/browser.py): the review page's columns with
getBoundingClientRect at a phone's, a laptop's and a desktop's width, overflow with
scrollWidth, the keys that move between entries with findings; the shapes book's images
(naturalWidth), notes and marks; the fonts the browser picked for Chinese code and for
`\\cdot`. Saves the Chinese page at both widths (build/screenshots/zh-*.png).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from browser import Browser, chromium_or_skip
from conftest import REPO

SCREENSHOTS = REPO / "build" / "screenshots"  # `make screenshots` copies ko-1280, zh-1280 and review-1280 to docs/

# The English and translation columns of every shown entry: [left, width] of each.
COLUMNS = """
return [...document.querySelectorAll('.entry')].filter(e => e.offsetHeight > 0).map(e =>
  [e.querySelector('.source'), e.querySelector('.translation')].map(c => {
    const r = c.getBoundingClientRect(); return [Math.round(r.left), r.width]; }));
"""
# The last character of each line the title's path is laid out on.
PATH_LINE_ENDS = """
const ends = []; let top = null, last = '';
const walker = document.createTreeWalker(document.querySelector('h1 .path'), NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (let i = 0; i < node.data.length; i++) {
    const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
    const y = Math.round(range.getClientRects()[0].top);
    if (top !== null && y > top + 2) ends.push(last);
    top = y; last = node.data[i];
  }
}
ends.push(last);
return ends;
"""
WITH_FINDINGS = "return [...document.querySelectorAll('.entry')].filter(e => e.dataset.findings !== '0').map(e => e.id)"
FOCUSED = """
const e = document.activeElement; const r = e.getBoundingClientRect();
return [e.id, r.top >= -1 && r.top < innerHeight];
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium_or_skip() as session:
        yield session


@pytest.mark.parametrize("width", [390, 1280, 1920])
def test_the_review_page_gives_the_english_and_the_translation_the_width(
    browser: Browser, book: Path, width: int
) -> None:
    """On a laptop or a desktop each column is at least a third of the window, side by
    side; on a phone they stack, each nearly the window's width; nothing overflows."""
    assert browser.open(book / "build" / "ko" / "roofline.review.html", width) == []
    browser.js("document.querySelector('input[name=state][value=all]').click()")  # it opens on those with findings
    columns = browser.js(COLUMNS)
    catalog = polib.pofile(str(book / "locale" / "ko" / "LC_MESSAGES" / "roofline.po"))
    assert len(columns) == len([e for e in catalog if not e.obsolete]) > 50  # every message of the chapter
    widths = [w for entry in columns for _, w in entry]
    if width >= 1280:
        assert min(widths) >= width / 3, f"a column is {min(widths)} px wide at {width} px"
        assert all(english[0] < translation[0] for english, translation in columns), "side by side"
    else:
        assert min(widths) >= width * 0.8
        assert all(english[0] == translation[0] for english, translation in columns), "one above the other"
        # the catalog's path in the title breaks after a slash, never inside a name (issue 41)
        ends = browser.js(PATH_LINE_ENDS)
        assert len(ends) > 1 and all(end == "/" for end in ends[:-1]), ends
    assert browser.overflow() == []


def test_keys_move_between_the_entries_with_findings(browser: Browser, book: Path) -> None:
    """`j` and `k` go to the next and previous entry with findings, in view and focused;
    the checkbox turns them off (WCAG 2.1.4: a one-key shortcut can be turned off)."""
    browser.open(book / "build" / "ko" / "roofline.review.html", 1280, height=700)
    expected = browser.js(WITH_FINDINGS)
    assert len(expected) >= 3
    seen = []
    for _ in expected:
        browser.driver.switch_to.active_element.send_keys("j")
        seen.append(browser.js(FOCUSED))
    assert seen == [[entry, True] for entry in expected]
    browser.driver.switch_to.active_element.send_keys("j")  # past the last: stays there
    assert browser.js(FOCUSED) == [expected[-1], True]
    browser.driver.switch_to.active_element.send_keys("k")
    assert browser.js(FOCUSED) == [expected[-2], True]
    browser.driver.find_element("id", "shortcuts").click()
    browser.driver.find_element("id", expected[0]).send_keys("j")
    assert browser.js("return document.activeElement.id") != expected[1]


FIGURES = """
return [...document.querySelectorAll('main figure')].map(f => {
  const img = f.querySelector('img'), caption = f.querySelector('figcaption');
  return {src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0, alt: img.alt,
          caption: caption.textContent, shown: f.innerText, lang: caption.closest('[lang]').lang};
});
"""
IMAGES = "return [...document.querySelectorAll('main p > img, main > img')].map(i => [i.getAttribute('src'), i.naturalWidth])"
NOTE_LINKS = """
return [...document.querySelectorAll('main a[role=doc-noteref], main sup[role=doc-noteref] a')].map(a => {
  const target = document.getElementById(a.hash.slice(1));
  return !!target && !!target.closest('[role=doc-endnotes]') && target.textContent.trim().length > 5;
});
"""


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("language", ["ko", "zh"])
def test_the_shapes_page_shows_its_images_notes_and_marks(
    browser: Browser, shapes: Path, language: str, width: int
) -> None:
    """The project's own images load from the build (naturalWidth); a figure on the site,
    which this machine cannot reach, shows one fallback (its file name, never the caption
    again); every note leads to its text; English captions and buttons are marked."""
    errors = browser.open(shapes / "build" / language / "shapes.html", width)
    assert [e for e in errors if "https://example.org/shapes/assets/" not in e] == []
    figures = browser.js(FIGURES)
    assert len(figures) == 8
    for figure in figures:
        assert figure["shown"].count(figure["caption"].strip()) == 1, figure
        if figure["src"] == "../assets/img/own.png":
            assert figure["loaded"]
        else:
            assert not figure["loaded"] and figure["alt"] == figure["src"].rsplit("/", 1)[1]
    assert sum(f["lang"] == "en" for f in figures) == 1
    assert [loaded for _, loaded in browser.js(IMAGES)] == [64, 96, 64]  # cowsay.png, figures/chart.png, <img>
    assert browser.js(NOTE_LINKS) == [True] * 10
    marked = "return [...document.querySelectorAll('summary.untranslated, figcaption.untranslated')].map(e => e.lang)"
    assert browser.js(marked) == ["en", "en"]
    assert browser.overflow() == []


def test_chinese_code_takes_the_simplified_chinese_mono_face_and_cdot_is_narrow(browser: Browser, shapes: Path) -> None:
    """Measured on the Chinese page: the face Chromium draws Han characters in code with
    (DevTools' platform fonts), and the width of `\\cdot`'s operator, which Noto Sans CJK SC
    drew full-width (one em) as latex2mathml's middle dot."""
    browser.open(shapes / "build" / "zh" / "shapes.html", 1280)
    browser.js("document.querySelector('main').insertAdjacentHTML('beforeend', '<code id=probe>数据 data</code>')")
    assert "Noto Sans Mono CJK SC" in platform_fonts(browser, "#probe")
    assert "Noto Sans Mono CJK KR" not in browser.js(
        "return getComputedStyle(document.querySelector('#probe')).fontFamily"
    )
    dots = browser.js(
        "return [...document.querySelectorAll('main mo')].filter(m => m.textContent === '\u22c5').map(m =>"
        " [m.getBoundingClientRect().width, parseFloat(getComputedStyle(m).fontSize)])"
    )
    assert len(dots) == 2 and all(width < size / 2 for width, size in dots), dots
    assert not any("CJK" in font for font in platform_fonts(browser, "main mo"))


def platform_fonts(browser: Browser, selector: str) -> list[str]:
    """The fonts Chromium drew the first element `selector` finds with."""
    root = browser.driver.execute_cdp_cmd("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = browser.driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    browser.driver.execute_cdp_cmd("CSS.enable", {})
    fonts = browser.driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [font["familyName"] for font in fonts]


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_of_the_chinese_page(browser: Browser, zh_book: Path, width: int) -> None:
    """build/screenshots/zh-390.png and zh-1280.png: the book's transformers chapter in Chinese
    (figures, notes, formulas); `make screenshots` copies one to docs/."""
    browser.open(zh_book / "build" / "zh" / "transformers.html", width)
    path = SCREENSHOTS / f"zh-{width}.png"
    size = browser.screenshot(path, max_height=1400)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == size and size[0] == width
