"""`mdgettext serve` (issue 14): a live preview that rebuilds when a catalog changes,
shows a broken catalog's error on the page, and stops cleanly on Ctrl-C.

The server runs as a real process, as a translator starts it; the test waits for
what it expects by polling, never by a fixed sleep.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import polib
import pytest

import mdgettext
from conftest import cli
from mdgettext.publish import live

PATIENCE = 30.0  # seconds before a wait gives up: generous for a loaded CI machine


def wait_for(what: Callable[[], bool], message: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not what():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting: {message}")
        time.sleep(0.05)


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


@pytest.fixture
def book(project: Path) -> Path:
    (project / "source" / "en" / "intro.md").write_text("# Title\n\nSome text.\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Title").msgstr = "첫 제목"
    po.save()
    return project


@pytest.fixture
def server(book: Path) -> Iterator[tuple[subprocess.Popen[str], str, list[str]]]:
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1])}
    process = subprocess.Popen(
        [sys.executable, "-m", "mdgettext", "-C", str(book), "serve", "-l", "ko"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or []), daemon=True)
    reader.start()
    try:
        wait_for(lambda: any(line.startswith("serving http://127.0.0.1:") for line in lines), "the address")
        address = next(line for line in lines if line.startswith("serving ")).split()[1]
        yield process, address, lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def test_a_saved_catalog_is_served_within_seconds(server, book: Path) -> None:
    process, address, _ = server
    page = f"{address}ko/intro.html"
    wait_for(lambda: "첫 제목" in fetch(page), "the first build")
    assert live.VERSION_PATH in fetch(page)  # the page reloads itself...
    assert live.VERSION_PATH not in (book / "build" / "ko" / "intro.html").read_text(
        encoding="utf-8"
    )  # ...not the file
    assert "intro" in fetch(address)  # the front page: progress, with a link to the chapter

    po_path = book / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    version = fetch(address + live.VERSION_PATH.lstrip("/"))
    po_path.write_text(po_path.read_text(encoding="utf-8").replace("첫 제목", "새 제목"), encoding="utf-8")
    wait_for(lambda: "새 제목" in fetch(page), "the edited translation")
    assert fetch(address + live.VERSION_PATH.lstrip("/")) != version  # what makes the open page reload

    po_path.write_text(
        po_path.read_text(encoding="utf-8").replace('msgstr "새 제목"', 'msgstr "새 제목'), encoding="utf-8"
    )
    wait_for(lambda: "The build failed" in fetch(page), "the error on the page")
    assert "intro.po:" in fetch(page) and "not closed" in fetch(page)
    assert process.poll() is None  # still serving

    po_path.write_text(
        po_path.read_text(encoding="utf-8").replace('msgstr "새 제목', 'msgstr "고친 제목"'), encoding="utf-8"
    )
    wait_for(lambda: "고친 제목" in fetch(page), "the fixed catalog")

    process.send_signal(signal.SIGINT)  # Ctrl-C
    assert process.wait(timeout=PATIENCE) == 0
    assert "Traceback" not in (process.stderr.read() if process.stderr else "")


def test_the_reload_script_goes_before_the_end_of_the_body() -> None:
    page = live.with_reload("<html><body><p>x</p></body></html>", 7)
    assert page.startswith("<html><body><p>x</p><script>") and page.endswith("</script>\n</body></html>")
    assert 'var built = "7"' in page


@pytest.mark.parametrize(
    ("path", "builds"),
    [
        ("locale/ko/LC_MESSAGES/intro.po", True),
        ("source/en/intro.md", True),
        ("locale/intro.pot", True),
        ("templates/chapter.html.j2", True),
        ("locale/ko/LC_MESSAGES/.intro.po.swp", False),
        ("locale/ko/LC_MESSAGES/intro.po~", False),
        ("locale/ko/LC_MESSAGES/.intro.po.abc.tmp", False),
    ],
)
def test_which_changes_call_for_a_build(path: str, builds: bool) -> None:
    assert live.triggers_build(path) is builds
