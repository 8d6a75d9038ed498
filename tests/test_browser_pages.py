"""Issue 30 in a real browser: the pages and the review page as the people who read them meet them.

Measured in Debian's Chromium (tests/browser.py): the review page's columns with
getBoundingClientRect at a phone's, a laptop's and a desktop's width, overflow with
scrollWidth, the keys that move between entries with findings; the fonts the browser
picked for Chinese code and for `\\cdot`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from browser import Browser, chromium_or_skip

# The English and translation columns of every shown entry: [left, width] of each.
COLUMNS = """
return [...document.querySelectorAll('.entry')].filter(e => e.offsetHeight > 0).map(e =>
  [e.querySelector('.source'), e.querySelector('.translation')].map(c => {
    const r = c.getBoundingClientRect(); return [Math.round(r.left), r.width]; }));
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
    columns = browser.js(COLUMNS)
    assert len(columns) == 60
    widths = [w for entry in columns for _, w in entry]
    if width >= 1280:
        assert min(widths) >= width / 3, f"a column is {min(widths)} px wide at {width} px"
        assert all(english[0] < translation[0] for english, translation in columns), "side by side"
    else:
        assert min(widths) >= width * 0.8
        assert all(english[0] == translation[0] for english, translation in columns), "one above the other"
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
