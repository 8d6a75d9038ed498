"""`mdgettext serve` (issue 14): a live preview that rebuilds when a catalog changes,
shows a broken catalog's error on the page, and stops cleanly on Ctrl-C; that
publishes through the same judge as `build`; and that answers nothing but its own
pages to requests naming it, whatever the bytes of a request.

The server runs as a real process, as a translator starts it; the tests wait for
what they expect by polling, never by a fixed sleep, and speak HTTP over raw
sockets to 127.0.0.1 where a client library would tidy the request up.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import polib
import pytest
import yaml

import mdgettext
from conftest import DATA, PAGES, cli
from gettext_tools import assert_msgcat_fixed_point
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


@contextmanager
def running(root: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], str, list[str]]]:
    """`mdgettext serve` in `root`: the process, its address and the lines it printed so far."""
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1])}
    process = subprocess.Popen(
        [sys.executable, "-m", "mdgettext", "-C", str(root), "serve", "-l", "ko", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or []), daemon=True)
    reader.start()
    try:
        wait_for(
            lambda: any(line.startswith("serving http://127.0.0.1:") for line in lines) or process.poll() is not None,
            "the address",
        )
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        address = next(line for line in lines if line.startswith("serving ")).split()[1]
        yield process, address, lines
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


@pytest.fixture
def server(book: Path) -> Iterator[tuple[subprocess.Popen[str], str, list[str]]]:
    with running(book) as started:
        yield started


def test_a_saved_catalog_is_served_within_seconds(server, book: Path) -> None:
    process, address, _ = server
    page = f"{address}ko/intro.html"
    wait_for(lambda: "첫 제목" in fetch(page), "the first build")
    assert RELOAD in fetch(page)  # the page reloads itself...
    assert "__mdgettext__" not in (book / "build" / "ko" / "intro.html").read_text(encoding="utf-8")  # ...not the file
    assert "setInterval" in fetch(address + RELOAD.lstrip("/"))  # the script it loads
    assert "intro" in fetch(address)  # the front page: progress, with a link to the chapter

    po_path = book / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    version = fetch(address + live.VERSION_PATH.lstrip("/"))
    po_path.write_text(po_path.read_text(encoding="utf-8").replace("첫 제목", "새 제목"), encoding="utf-8")
    wait_for(lambda: "새 제목" in fetch(page), "the edited translation")
    # What makes an open page reload. The files are on disk a moment before the build's
    # number moves (the progress page is made in between), so this waits as the page does.
    wait_for(lambda: fetch(address + live.VERSION_PATH.lstrip("/")) != version, "the build's new number")

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
    assert (
        page
        == '<html><body><p>x</p><script src="/__mdgettext__/live.js" data-version="7" defer></script>\n</body></html>'
    )


RELOAD = "/__mdgettext__/live.js"


@pytest.mark.parametrize(
    ("path", "builds"),
    [
        ("locale/ko/LC_MESSAGES/intro.po", True),
        ("source/en/intro.md", True),
        ("locale/intro.pot", True),
        ("templates/chapter.html.j2", True),
        ("locale/ko/LC_MESSAGES/.intro.po.swp", False),
        ("locale/ko/LC_MESSAGES/intro.po~", False),
        ("source/en/cowsay.png", True),  # an image the pages copy
        ("assets/img/chart.svg", True),
        ("assets/bibliography/main.bib", True),
        ("locale/ko/LC_MESSAGES/.intro.po.abc.tmp", False),
    ],
)
def test_which_changes_call_for_a_build(path: str, builds: bool) -> None:
    assert live.triggers_build(path) is builds


def test_the_projects_images_are_served_and_a_changed_one_is_copied_again(tmp_path: Path) -> None:
    """Images beside a chapter and under assets/ are in the build, so the page shows them
    from `serve` too (issue 30: a 404 for `cowsay.png`); an image changed while serving,
    and nothing else, is copied again."""
    root = tmp_path / "book"
    shutil.copytree(PAGES, root)
    with running(root) as (_, address, _):
        for path, source in (("ko/cowsay.png", "source/en/cowsay.png"), ("assets/img/own.png", "assets/img/own.png")):
            assert fetch_bytes(address + path) == (root / source).read_bytes()
        chart = (root / "source" / "en" / "figures" / "chart.png").read_bytes()
        (root / "source" / "en" / "cowsay.png").write_bytes(chart)
        wait_for(lambda: fetch_bytes(address + "ko/cowsay.png") == chart, "the changed image served")


def fetch_bytes(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bytes(response.read())
    except OSError:
        return None


def test_a_hostile_translation_saved_while_serving_is_not_published(server, book: Path) -> None:
    """The preview builds through `build`'s judge: a case of the hostile corpus saved
    while serving is refused there, and the page keeps the English."""
    _, address, _ = server
    page = f"{address}ko/intro.html"
    wait_for(lambda: "첫 제목" in fetch(page), "the first build")
    case = next(c for c in HOSTILE["cases"] if c["id"] == "comment-bang-close")
    (payload,) = case["translate"].values()
    assert "onerror" in payload
    po_path = book / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Some text.").msgstr = payload
    po.find("Title").msgstr = "새 제목"  # what says the save was built
    po.save()
    wait_for(lambda: "새 제목" in fetch(page), "the hostile save's build")
    assert "onerror" not in fetch(page) and "Some text." in fetch(page)
    assert "onerror" not in (book / "build" / "ko" / "intro.html").read_text(encoding="utf-8")


def test_a_folder_where_the_catalog_should_be_is_shown_and_serving_goes_on(server, book: Path) -> None:
    process, address, _ = server
    page = f"{address}ko/intro.html"
    wait_for(lambda: "첫 제목" in fetch(page), "the first build")
    po_path = book / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po_path.unlink()
    po_path.mkdir()
    (po_path / "x.po").write_text("", encoding="utf-8")  # a change inside it, too
    wait_for(lambda: "locale/ko/LC_MESSAGES/intro.po: cannot read" in fetch(page), "the error on the page")
    assert process.poll() is None
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=PATIENCE) == 0
    assert "Traceback" not in (process.stderr.read() if process.stderr else "")


@pytest.mark.parametrize(
    "template, shown",
    [
        ("<title>{{ titel }}</title>\n", "templates/chapter.html.j2:1: &#x27;titel&#x27; is undefined"),
        ("<p>\n{% if %}x{% endif %}\n", "templates/chapter.html.j2:2: Expected an expression"),
    ],
)
def test_a_broken_template_saved_while_serving_is_shown_and_serving_goes_on(
    book: Path, template: str, shown: str
) -> None:
    (book / "templates").mkdir()  # watched from the start, as a project with its own templates has it
    with running(book) as (process, address, _):
        page = f"{address}ko/intro.html"
        wait_for(lambda: "첫 제목" in fetch(page), "the first build")
        (book / "templates" / "chapter.html.j2").write_text(template, encoding="utf-8")
        wait_for(lambda: "The build failed" in fetch(page), "the error on the page")
        assert shown in fetch(page), fetch(page)
        (book / "templates" / "chapter.html.j2").unlink()
        (book / "templates" / "mdgettext.css").write_text("p { color: red }\n", encoding="utf-8")  # a change: a build
        wait_for(lambda: "첫 제목" in fetch(page), "the build after the fix")
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=PATIENCE) == 0
        assert "Traceback" not in (process.stderr.read() if process.stderr else "")


@pytest.mark.parametrize("port", ["99999", "65536", "-1", "abc", "1e3", "８０８０", ""])
def test_a_port_that_is_not_one_is_a_usage_error(port: str, book: Path) -> None:
    result = cli("-C", book, "serve", "-l", "ko", f"--port={port}")
    assert result.code == 2 and "Traceback" not in result.err
    assert f"argument --port: {port!r} is not a port" in result.err


HOSTILE = yaml.safe_load((DATA / "hostile" / "cases.yaml").read_text(encoding="utf-8"))
SECRET = "a secret outside the build folder"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path, subprocess.Popen[str]]]:
    """A served project (the port, the build folder, the process) whose build folder
    holds symbolic links to a file and a folder outside it."""
    base = tmp_path_factory.mktemp("serve")
    root = base / "book"
    (root / "source" / "en").mkdir(parents=True)
    (root / "source" / "en" / "intro.md").write_text("# Title\n\nSome text.\n", encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    outside = base / "outside"
    outside.mkdir()
    for name in ("secret.html", "index.html", "secret.css"):
        (outside / name).write_text(f"<p>{SECRET}</p>\n", encoding="utf-8")
    with running(root) as (process, address, _):
        build = root / "build"  # built before the address is printed
        (build / "leak.html").symlink_to(outside / "secret.html")
        (build / "ko" / "leak.css").symlink_to(outside / "secret.css")
        (build / "out").symlink_to(outside, target_is_directory=True)
        (build / "ko" / "here.html").symlink_to("intro.html")  # a link that stays inside is served
        yield int(address.rstrip("/").rsplit(":", 1)[1]), build, process


def ask(port: int, target: bytes, host: bytes | None = None, method: bytes = b"GET") -> tuple[int, bytes]:
    """One raw HTTP/1.1 request to 127.0.0.1: the status and the body of the answer."""
    host = f"127.0.0.1:{port}".encode() if host is None else host
    request = method + b" " + target + b" HTTP/1.1\r\n" + (b"Host: " + host + b"\r\n" if host else b"")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request + b"Connection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def test_a_page_and_its_stylesheet_are_served(site) -> None:
    port, _, _ = site
    status, body = ask(port, b"/ko/intro.html")
    assert status == 200 and b"Some text." in body and RELOAD.encode() in body
    assert ask(port, b"/static/mdgettext.css")[0] == 200
    assert ask(port, b"/ko/here.html")[0] == 200
    for host in (f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"):
        assert ask(port, b"/ko/intro.html", host.encode())[0] == 200


@pytest.mark.parametrize(
    "host",
    [b"evil.example", b"evil.example:{port}", b"127.0.0.1", b"127.0.0.1:1", b"localhost.evil.example:{port}", b""],
)
def test_a_request_naming_another_host_gets_nothing(site, host: bytes) -> None:
    """DNS rebinding: a page of evil.example pointed at 127.0.0.1 sends its own name."""
    port, _, _ = site
    for target in (b"/", b"/ko/intro.html", live.VERSION_PATH.encode()):
        status, body = ask(port, target, host.replace(b"{port}", str(port).encode()))
        assert status == 421 and body == b""


def test_two_host_headers_get_nothing(site) -> None:
    port, _, _ = site
    status, body = ask(port, b"/ko/intro.html", f"127.0.0.1:{port}\r\nHost: evil.example".encode())
    assert status == 421 and body == b""


@pytest.mark.parametrize(
    "target",
    [
        b"/leak.html",  # a file linked from outside
        b"/ko/leak.css",
        b"/out/secret.html",  # a folder linked from outside
        b"/out/",
        b"/out",
        b"/ko/",  # a folder without index.html: no listing
        b"/.mdgettext-build.json",  # the build's record: no page
        b"/ko/intro.html/",
        b"/ko/missing.html",
    ],
)
def test_nothing_but_the_build_folders_own_pages_is_served(site, target: bytes) -> None:
    port, build, _ = site
    status, body = ask(port, target)
    assert status in (403, 404)
    assert SECRET.encode() not in body and b"intro.html" not in body and str(build.parent).encode() not in body


@pytest.mark.parametrize(
    "target",
    [
        b"/ko/intro.html\x00",
        b"/ko/intro.html%00",
        b"/%00",
        b"/ko/%ff%fe.html",
        b"/%c0%ae%c0%ae/secret.html",  # an over-long UTF-8 `..`
        b"/" + b"a" * 5000,
        b"/" + b"a/" * 2500 + b"x.html",
        b"/../outside/secret.html",
        b"/ko/../../outside/secret.html",
        b"/%2e%2e/outside/secret.html",
        b"/ko/..%2f..%2foutside%2fsecret.html",
        b"/ko\\..\\..\\outside\\secret.html",
        b"//etc/passwd",
        b"http://evil.example/ko/intro.html",
        b"*",
    ],
)
def test_a_bad_path_is_refused_and_the_server_goes_on(site, target: bytes) -> None:
    port, _, process = site
    status, body = ask(port, target)
    assert 400 <= status < 500 and SECRET.encode() not in body and b"<html" not in body
    assert process.poll() is None
    assert ask(port, b"/ko/intro.html")[0] == 200


def test_no_request_printed_a_traceback(site) -> None:
    """Last of the module's tests on `site`: every request above left the terminal quiet."""
    port, _, process = site
    ask(port, b"/ko/intro.html", method=b"POST")
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=PATIENCE) == 0
    err = process.stderr.read() if process.stderr else ""
    assert "Traceback" not in err and "request failed" not in err


@pytest.mark.parametrize("folder", ["build", "templates"])
def test_serve_refuses_a_folder_that_leads_outside(folder: str, book: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (book / folder).symlink_to(outside, target_is_directory=True)
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-m", "mdgettext", "-C", str(book), "serve", "-l", "ko"],
        capture_output=True,
        text=True,
        env=env,
        timeout=PATIENCE,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"mdgettext: error: {folder}: leads outside the project" in done.stderr
    assert list(outside.iterdir()) == []


# ---------------------------------------------------------------- issue 41: addresses and the editor


def test_every_address_serve_prints_answers(book: Path) -> None:
    """`… chapters under http://127.0.0.1:PORT/ko/` answered 404: each printed address is fetched."""
    with running(book) as (_, _, lines):
        wait_for(lambda: len(lines) >= 3, "the addresses")
        printed = [word.rstrip(",;)") for line in lines for word in line.split() if word.startswith("http://")]
        assert len(printed) == 3, lines  # the progress page, the first chapter's page and its review page
        for address in printed:
            with urllib.request.urlopen(address, timeout=5) as response:
                assert response.status == 200, address


EDITED = """\
# Title

Some [text](https://example.org/a) here.

Another paragraph.
"""


@pytest.fixture(scope="module")
def editing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, str]]:
    """A served project whose catalog has a translator's comment and a fuzzy entry: the
    address, the catalog, and the session's token as its review page holds it."""
    root = tmp_path_factory.mktemp("editing") / "book"
    (root / "source" / "en").mkdir(parents=True)
    (root / "source" / "en" / "intro.md").write_text(EDITED, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    path = root / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(path))
    po.find("Title").msgstr = "제목"
    fuzzy = po.find("Another paragraph.")
    fuzzy.msgstr, fuzzy.flags, fuzzy.previous_msgid = "다른 문단.", ["fuzzy"], "A paragraph."
    fuzzy.tcomment = "checked with the author"
    po.save()
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0  # as GNU lays it out
    glossary = 'msgid ""\nmsgstr ""\n"Language: ko\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    (root / "locale" / "ko" / "glossary.po").write_text(glossary, encoding="utf-8")
    with running(root) as (process, address, _):
        page = fetch(f"{address}ko/intro.review.html")
        assert "mdgettext-token" in page, page
        token = page.split('<meta name="mdgettext-token" content="', 1)[1].split('"', 1)[0]
        yield address, path, token
        assert process.poll() is None


def post(
    address: str, action: str, body: object, token: str | None, origin: str | None = "", kind: str = "application/json"
) -> tuple[int, dict]:
    """One request of the editor's, as its page sends it (`origin` "" for the server's own)."""
    headers = {"Content-Type": kind}
    if origin is not None:
        headers["Origin"] = origin or address.rstrip("/")
    if token is not None:
        headers["X-Mdgettext-Token"] = token
    data = json.dumps(body).encode("utf-8")
    request = urllib.request.Request(f"{address}__mdgettext__/{action}", data, headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


CATALOG = "locale/ko/LC_MESSAGES/intro.po"


def loaded(address: str, token: str) -> dict:
    status, answer = post(address, "catalog", {"catalog": CATALOG}, token)
    assert status == 200, answer
    return answer


def test_the_review_page_carries_the_editor_and_every_page_a_policy(editing) -> None:
    address, _, token = editing
    with urllib.request.urlopen(f"{address}ko/intro.review.html", timeout=5) as response:
        policy, page = response.headers["Content-Security-Policy"], response.read().decode("utf-8")
    assert f"script-src {address}__mdgettext__/ {address}static/mdgettext-review.js;" in policy
    assert "object-src 'none'" in policy and "form-action 'none'" in policy and "frame-ancestors 'self'" in policy
    assert len(token) >= 40 and '<script src="/__mdgettext__/editor.js" defer>' in page
    assert "<script>" not in page  # no inline script: the policy would refuse it
    chapter = fetch(f"{address}ko/intro.html")
    assert "mdgettext-token" not in chapter and "editor.js" not in chapter  # only the review page edits
    assert "<script>" not in fetch(f"{address}__mdgettext__/editor.js")


@pytest.mark.parametrize(
    "how, status",
    [
        ({"token": None}, 403),  # no token
        ({"token": "x" * 43}, 403),  # another session's
        ({"origin": "http://evil.example"}, 403),  # a page of another site
        ({"origin": "null"}, 403),  # a sandboxed frame, a file
        ({"origin": None}, 403),  # no Origin: not a browser's page of this server
        ({"kind": "text/plain"}, 415),  # a "simple" request, which needs no preflight
    ],
)
def test_a_write_from_anything_but_the_servers_own_page_is_refused(editing, how: dict, status: int) -> None:
    address, path, token = editing
    before = path.read_bytes()
    answer = post(
        address,
        "save",
        {"catalog": CATALOG, "msgid": "Title", "msgctxt": None, "msgstr": "x", "fuzzy": False, "hash": "?"},
        how.get("token", token),
        how.get("origin", ""),
        how.get("kind", "application/json"),
    )
    assert answer[0] == status and path.read_bytes() == before


def test_a_preflight_is_never_granted(editing) -> None:
    address, _, _ = editing
    port = int(address.rstrip("/").rsplit(":", 1)[1])
    status, _ = ask(port, b"/__mdgettext__/save", method=b"OPTIONS")
    assert status >= 400


@pytest.mark.parametrize(
    "catalog",
    [
        "locale/ko/glossary.po",  # a catalog, but no chapter's
        "locale/intro.pot",
        "source/en/intro.md",
        "locale/ko/LC_MESSAGES/../../../source/en/intro.md",
        "/etc/passwd",
        "locale/ko/LC_MESSAGES/missing.po",
        "",
        None,
        "x" * 5000,
    ],
)
def test_only_a_served_chapters_catalog_is_read_or_written(editing, catalog: object) -> None:
    address, _, token = editing
    for action in ("catalog", "check", "save"):
        body = {"catalog": catalog, "msgid": "Title", "msgctxt": None, "msgstr": "x", "fuzzy": False, "hash": ""}
        status, answer = post(address, action, body, token)
        assert status in (400, 403) and "error" in answer, (action, answer)


def test_a_catalog_linked_from_outside_the_locale_folder_is_not_written(editing, tmp_path: Path) -> None:
    address, path, token = editing
    outside = tmp_path / "elsewhere.po"
    outside.write_bytes(path.read_bytes())
    keep = path.read_bytes()
    path.unlink()
    path.symlink_to(outside)
    try:
        body = {"catalog": CATALOG, "msgid": "Title", "msgctxt": None, "msgstr": "x", "fuzzy": False}
        assert post(address, "save", {**body, "hash": hashlib.sha256(keep).hexdigest()}, token)[0] in (403, 422)
        assert outside.read_bytes() == keep
    finally:
        path.unlink()
        path.write_bytes(keep)


def test_an_entry_is_checked_as_it_is_typed(editing) -> None:
    """The project's checks on the entry as typed, at the line the saved file would give it."""
    address, path, token = editing
    msgid = "Some [text](https://example.org/a) here."
    typed = "약간의 [글](https://example.org/b) 여기."
    status, answer = post(
        address, "check", {"catalog": CATALOG, "msgid": msgid, "msgctxt": None, "msgstr": typed, "fuzzy": False}, token
    )
    assert status == 200 and answer["state"] == "refused"
    (finding,) = answer["findings"]
    assert finding["code"] == "links.changed" and finding["severity"] == "error"
    assert finding["severity_word"] == "오류"  # the reviewer's words
    where, line = finding["where"].rsplit(":", 1)
    lines = path.read_text(encoding="utf-8").split("\n")  # the file is unchanged
    assert where == CATALOG and lines[int(line) - 1].startswith("msgstr ")  # where the fix is typed
    assert lines[int(line) - 2].startswith('msgid "Some [text]')
    clean = post(
        address,
        "check",
        {
            "catalog": CATALOG,
            "msgid": msgid,
            "msgctxt": None,
            "msgstr": "약간의 [글](https://example.org/a) 여기.",
            "fuzzy": False,
        },
        token,
    )
    assert clean == (200, {"findings": [], "state": "translated"})


def test_a_save_writes_the_catalog_as_gnu_gettext_does_keeping_the_rest(editing) -> None:
    address, path, token = editing
    start = loaded(address, token)
    entries = {e["msgid"]: e for e in start["entries"]}
    assert entries["Another paragraph."] == {
        "msgctxt": None,
        "msgid": "Another paragraph.",
        "msgstr": "다른 문단.",
        "fuzzy": True,
        "imported": False,  # no `# import:` doubt to clear
    }
    before = path.read_text(encoding="utf-8")
    # clearing fuzzy is one click: the translation kept, `#| msgid` gone, the translator's comment kept
    status, saved = post(
        address,
        "save",
        {
            "catalog": CATALOG,
            "msgid": "Another paragraph.",
            "msgctxt": None,
            "msgstr": "또 다른 문단.",
            "fuzzy": False,
            "hash": start["hash"],
        },
        token,
    )
    assert status == 200 and saved["hash"] == hashlib.sha256(path.read_bytes()).hexdigest()
    after = path.read_text(encoding="utf-8")
    assert_msgcat_fixed_point(path)
    assert '#| msgid "A paragraph."' in before and "#|" not in after and "#, fuzzy" not in after
    assert "# checked with the author" in after
    assert after.replace('msgstr "또 다른 문단."', 'msgstr "다른 문단."') == "\n".join(
        line for line in before.split("\n") if line not in ("#, fuzzy", '#| msgid "A paragraph."')
    )
    # the page rebuilds on the save
    wait_for(lambda: "또 다른 문단." in fetch(f"{address}ko/intro.html"), "the page with the saved translation")


def test_a_catalog_changed_since_the_page_loaded_it_is_never_overwritten(editing) -> None:
    address, path, token = editing
    start = loaded(address, token)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('msgstr "제목"', 'msgstr "Poedit에서 고친 제목"'), encoding="utf-8")  # meanwhile
    edited = path.read_bytes()
    status, answer = post(
        address,
        "save",
        {
            "catalog": CATALOG,
            "msgid": "Title",
            "msgctxt": None,
            "msgstr": "편집기의 제목",
            "fuzzy": False,
            "hash": start["hash"],
        },
        token,
    )
    assert status == 409 and path.read_bytes() == edited
    assert answer["on_disk"] == "Poedit에서 고친 제목" and "changed on disk" in answer["error"]
    assert loaded(address, token)["hash"] == answer["hash"]  # reloaded, the page can save again


@pytest.mark.parametrize(
    "msgstr, words", [("제목\x00", "U+0000"), ("제목\r\n", "U+000D"), ("가" * 100_001, "longer than")]
)
def test_a_translation_a_catalog_cannot_hold_is_refused(editing, msgstr: str, words: str) -> None:
    address, path, token = editing
    start = loaded(address, token)
    body = {"catalog": CATALOG, "msgid": "Title", "msgctxt": None, "msgstr": msgstr, "fuzzy": False}
    status, answer = post(address, "save", {**body, "hash": start["hash"]}, token)
    assert status == 422 and words in answer["error"] and hashlib.sha256(path.read_bytes()).hexdigest() == start["hash"]
