"""Translating and reviewing in the browser (issue 41), as a translator meets it: `mdgettext
serve` running as a real process, its review page and chapter page open in Debian's
Chromium, used with the keyboard alone.

The browser may load nothing but the test's own server (every other host goes to a proxy
that is not there and resolves to nothing, tests/browser.py FLAGS), and the test checks
that it asked for nothing else. Saves build/screenshots/editor-1280.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from browser import Browser, chromium_or_skip
from conftest import REPO, copy_project
from gettext_tools import assert_msgcat_fixed_point
from test_serve import running, wait_for

SCREENSHOTS = REPO / "build" / "screenshots"
HOST = "https://henryhmko.github.io/posts/tpu/tpu.html"
MISSPELT = HOST.replace("github", "githb")
FIXED = f"[**TPU Deep Dive**]({HOST}): 이 책의 정신을 이어받아 TPU 아키텍처를 깊이 있게 살펴보는 훌륭한 글."
VISIBLE = "return [...document.querySelectorAll('.entry')].filter(e => !e.hidden).map(e => e.id)"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium_or_skip() as session:
        yield session


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The repository's chapter served in Korean, one link misspelt by its translator."""
    root = copy_project(tmp_path)
    path = root / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"{HOST}): 이 책의", f"{MISSPELT}): 이 책의"), encoding="utf-8")  # in the msgstr
    assert MISSPELT in path.read_text(encoding="utf-8")
    with running(root) as (_, address, _):
        yield address, path


def keys(browser: Browser, *typed: str, control: bool = False) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    chain = ActionChains(browser.driver)
    if control:
        chain = chain.key_down(Keys.CONTROL)
    for text in typed:
        chain = chain.send_keys(text)
    if control:
        chain = chain.key_up(Keys.CONTROL)
    chain.perform()


def read(browser: Browser, script: str, *args: object, meanwhile: object = "") -> object:
    """What `script` returns in the open page; `meanwhile` while the page is replaced by its
    reload (a wait asks again), never a stale-element or lost-context error."""
    from selenium.common.exceptions import WebDriverException

    try:
        return browser.js(script, *args)
    except WebDriverException:
        return meanwhile


def active(browser: Browser) -> list[str]:
    found = read(
        browser,
        "const e = document.activeElement; return [e.tagName, e.className, e.closest('.entry')?.id || '']",
        meanwhile=[],
    )
    assert isinstance(found, list)
    return found


def main_text(browser: Browser) -> str:
    """The page's text as a reader sees it."""
    return str(read(browser, "const m = document.querySelector('main'); return m ? m.innerText : ''"))


def text_of(browser: Browser, selector: str) -> str:
    return str(read(browser, "const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", selector))


def test_a_translator_fixes_an_entry_with_the_keyboard_and_sees_the_page_change(
    browser: Browser, served: tuple[str, Path]
) -> None:
    from selenium.webdriver.common.keys import Keys

    address, path = served
    driver = browser.driver
    review, chapter = f"{address}ko/conclusion.review.html", f"{address}ko/conclusion.html"
    metrics = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.get(chapter)  # the chapter page, beside the review page: the English stands for the refused link
    assert "살펴보는 훌륭한 글" not in main_text(browser)
    page_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # each tab has its own
    driver.get(review)
    wait_for(lambda: browser.js("return document.querySelectorAll('.edit-button').length") == 36, "the editor")

    # the review page opens on what needs fixing, the broken link marked in both skeletons
    assert browser.js("return document.querySelector('input[name=state]:checked').value") == "findings"
    (entry,) = browser.js(VISIBLE)
    marks = "return [...document.querySelectorAll('.skeleton mark')].map(m => m.textContent)"
    assert browser.js(marks) == ["github", "githb"]
    assert browser.js("return document.documentElement.lang") == "ko"
    assert text_of(browser, f"#{entry} .findings .severity") == "오류"

    # keyboard only: j to the entry, Tab to its Edit button, Enter opens the editor in the text box
    keys(browser, "j")
    assert active(browser) == ["LI", "entry", entry]
    keys(browser, Keys.TAB)
    assert active(browser)[:2] == ["BUTTON", "edit-button"]
    keys(browser, Keys.ENTER)
    assert active(browser)[:2] == ["TEXTAREA", ""]
    assert browser.js("return document.activeElement.value").startswith(f"[**TPU Deep Dive**]({MISSPELT})")
    wait_for(lambda: "links.changed" in text_of(browser, f"#{entry} .editor-findings"), "the finding in the editor")
    keys(browser, "a", control=True)
    keys(browser, FIXED)
    wait_for(
        lambda: text_of(browser, f"#{entry} .editor-status") == "검사 결과가 없습니다.", "the check of what was typed"
    )
    assert text_of(browser, f"#{entry} .editor-findings") == ""
    keys(browser, Keys.ENTER, control=True)  # Ctrl+Enter saves

    # the catalog changes on disk, as GNU gettext writes it; the chapter page shows the fix
    wait_for(lambda: MISSPELT not in path.read_text(encoding="utf-8"), "the saved catalog")
    po = polib.pofile(str(path))
    assert next(e for e in po if e.msgid.startswith("[**TPU Deep Dive**]")).msgstr == FIXED
    assert_msgcat_fixed_point(path)
    driver.switch_to.window(page_tab)
    wait_for(lambda: "살펴보는 훌륭한 글" in main_text(browser), "the chapter page, reloaded")

    # the review page rebuilt and reloaded, back on the entry saved (now without findings, so all are shown)
    driver.switch_to.window(driver.window_handles[-1])
    wait_for(lambda: active(browser)[:2] == ["BUTTON", "edit-button"], "the focus back on the entry saved")
    assert browser.js("return document.querySelector('input[name=state]:checked').value") == "all"
    assert browser.js(f"return document.getElementById('{entry}').dataset.findings") == "0"

    # the editor passes axe-core, open
    keys(browser, Keys.ENTER)
    assert active(browser)[:2] == ["TEXTAREA", ""]
    assert browser.accessibility() == []
    browser.screenshot_at(
        SCREENSHOTS / "editor-1280.png",
        max(browser.js(f"return document.getElementById('{entry}').getBoundingClientRect().top + scrollY") - 200, 0),
        700,
    )

    # an edit made meanwhile in another editor is shown, never overwritten; the typed text stays
    keys(browser, " 덧붙임")
    outside = path.read_text(encoding="utf-8").replace("훌륭한 글.", "훌륭한 글(Poedit).", 1)
    path.write_text(outside, encoding="utf-8")
    wait_for(lambda: text_of(browser, ".editor-rebuilt") != "", "the rebuild told, the page not reloaded")
    keys(browser, Keys.ENTER, control=True)
    wait_for(lambda: text_of(browser, f"#{entry} .editor-conflict") != "", "the conflict")
    assert "훌륭한 글(Poedit)." in text_of(browser, f"#{entry} .editor-conflict pre")
    assert browser.js(f"return document.querySelector('#{entry} textarea').value").endswith("덧붙임")
    assert path.read_text(encoding="utf-8") == outside
    assert browser.js("return document.querySelector('.editor-conflict').getAttribute('role')") == "alert"

    # nothing but the test's own server was asked for anything
    loaded = browser.js("return performance.getEntriesByType('resource').map(r => r.name)")
    assert loaded and all(url.startswith(address) for url in loaded), loaded
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    # no script refused by the policy, nothing failed but the browser's own favicon and the refused save
    assert [e for e in errors if not re.search(r"/favicon\.ico |/__mdgettext__/save .*\(Conflict\)", e)] == []
