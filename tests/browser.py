"""Headless Chromium for the browser tests: Debian's browser and driver, never a download.

Selenium is given the driver's path, so its Selenium Manager never looks for (or
fetches) one; the flags keep Chromium off the network, which this machine does
not have, and a fresh profile keeps runs independent.
"""

from __future__ import annotations

import base64
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path(os.environ.get("MDGETTEXT_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("MDGETTEXT_CHROMEDRIVER", "/usr/bin/chromedriver"))
AXE = Path(__file__).resolve().parent / "data" / "axe-core" / "axe.min.js"  # axe-core 4.14.1, vendored (MPL-2.0)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
    "--proxy-server=127.0.0.1:9",  # the discard port: every request for another host fails there
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # and what bypasses a proxy resolves nothing
)

# Problems a reader would meet, found in the page itself. Each returns a list of
# human-readable findings; empty means fine.
OVERFLOW_JS = """
const width = document.documentElement.clientWidth;
const found = [];
if (document.documentElement.scrollWidth > width + 1)
  found.push('the page is ' + document.documentElement.scrollWidth + 'px wide, the viewport ' + width + 'px');
function clipped(node) {  // inside a box that scrolls or clips sideways: allowed to be wider
  for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
    if (getComputedStyle(el).overflowX !== 'visible') return true;
  }
  return false;
}
function describe(node) {
  const el = node.nodeType === 1 ? node : node.parentElement;
  const text = (node.textContent || '').trim().slice(0, 60);
  return el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' + text + '"';
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.textContent.trim()) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  for (const rect of range.getClientRects()) {
    if ((rect.right > width + 1 || rect.left < -1) && !clipped(node)) { found.push(describe(node)); break; }
  }
}
for (const el of document.body.querySelectorAll('*')) {
  const rect = el.getBoundingClientRect();
  if (!rect.width || getComputedStyle(el).position === 'absolute') continue;
  if ((rect.right > width + 1 || rect.left < -1) && !clipped(el)) found.push(describe(el));
}
return found;
"""

AXE_RUN_JS = """
const done = arguments[arguments.length - 1];
const authored = (rule, el) => el && (
  (rule === 'color-contrast' && !!el.closest('[style*="color"]')) || (rule === 'frame-title' && el.tagName === 'IFRAME'));
axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations.map(v => [
  v.id, v.impact,
  v.nodes.map(n => n.target.join(' ')).filter(t => !authored(v.id, document.querySelector(t))),
])));
"""
BROKEN_ANCHORS_JS = """
const found = [];
const here = location.href.split('#')[0];
for (const a of document.querySelectorAll('a[href]')) {
  const url = new URL(a.getAttribute('href'), location.href);
  if (url.href.split('#')[0] !== here || !url.hash) continue;
  const id = decodeURIComponent(url.hash.slice(1));
  if (!document.getElementById(id)) found.push(a.getAttribute('href'));
}
const ids = {};
for (const el of document.querySelectorAll('[id]')) ids[el.id] = (ids[el.id] || 0) + 1;
for (const [id, n] of Object.entries(ids)) if (n > 1) found.push('duplicate id ' + id);
return found;
"""


class Browser:
    """One Chromium session; pages are opened at a given viewport width."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def open(self, path: Path, width: int, height: int = 900, dark: bool = False) -> list[str]:
        """Load a page at `width` CSS pixels; returns the console errors it logged."""
        self.driver.get_log("browser")  # drop what earlier pages logged
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        self.media(features=[{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])
        self.driver.get(path.resolve().as_uri())
        self.driver.execute_script("return document.fonts.ready")
        return [e["message"] for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]

    def media(self, media: str = "", features: list[dict] | None = None) -> None:
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": features or []})

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def overflow(self) -> list[str]:
        return self.js(OVERFLOW_JS)

    def broken_anchors(self) -> list[str]:
        return self.js(BROKEN_ANCHORS_JS)

    def accessibility(self) -> list[str]:
        """axe-core's violations on the open page, one line each (rule, impact, the first
        elements), but for what the book's own HTML does and no page of ours can change:
        text the author coloured (`style="color:…"`, `color-contrast`) and the author's
        iframes without a title (`frame-title`)."""
        self.driver.execute_script(AXE.read_text(encoding="utf-8"))
        self.driver.set_script_timeout(120)
        found = self.driver.execute_async_script(AXE_RUN_JS)
        return [f"{rule} ({impact}): {', '.join(targets[:3])}" for rule, impact, targets in found if targets]

    def screenshot_at(self, path: Path, top: int, height: int) -> tuple[int, int]:
        """`height` pixels of the page from `top` as a PNG; returns its size."""
        width = self.js("return document.documentElement.clientWidth")
        shot = self.driver.execute_cdp_cmd(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": top, "width": width, "height": height, "scale": 1},
            },
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        return width, height

    def screenshot(self, path: Path, max_height: int = 4000) -> tuple[int, int]:
        """The whole page (up to `max_height` pixels tall) as a PNG; returns its size."""
        height = self.js("return document.documentElement.scrollHeight")
        return self.screenshot_at(path, 0, min(height, max_height))


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not path.exists():
            return f"{path} not found: apt-get install {package} (make test does)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install -e '.[test]'"
    return None


@contextmanager
def chromium() -> Iterator[Browser]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="mdgettext-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield Browser(driver)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@contextmanager
def chromium_or_skip() -> Iterator[Browser]:
    """The browser for a module's tests; skipped where it is missing, but never in
    CI, where `make test` installs it."""
    from conftest import needed_in_ci

    needed_in_ci(missing(), "the browser test")
    with chromium() as session:
        yield session
