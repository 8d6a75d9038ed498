"""What the live preview (`mdgettext serve`) adds to the built pages, which
requests it answers, and which changed files call for a new build.

Pure: the command serves files and watches folders. The reload script (and, on a
review page, the editor) is added to a page as it is served, never to the file on
disk: the built pages stay free of serve's scripts, as the release build makes them.
Both are files serve answers itself (publish/static/), so a served page needs no
inline script, and the Content-Security-Policy it carries (`policy`) allows none.

The server trusts no request: any page the browser has open can send one to
127.0.0.1, and one whose site name is made to point there (DNS rebinding) can read
the answers. So a request must name the server itself (`host_allowed`), and a
path must be plain: UTF-8, no control character, no `.` or `..` step, no dot file
(the build's record, which holds the project's absolute path), short; it may name
only a kind of file the build writes (SERVED). A request that writes (the editor's
save) must also come from a page of this server (`origin_allowed`) and carry the
session's token, which only this server's pages hold (commands/preview.py).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Sequence
from html import escape
from http import HTTPStatus
from pathlib import PurePosixPath
from typing import Protocol
from urllib.parse import unquote_to_bytes

VERSION_PATH = "/__mdgettext__/version"  # the build's number: a page whose number is old reloads
OWN = "/__mdgettext__/"  # what serve itself answers: the build's number, its scripts, the editor's actions
SCRIPTS = {"live.js", "editor.js"}  # publish/static/: the reload, and the review page's editor
ACTIONS = {"catalog", "check", "save"}  # the editor's requests (POST, JSON): commands/editor.py
TOKEN_HEADER = "X-Mdgettext-Token"
MAX_BODY = 1 << 20  # bytes of an editor's request: a translation and its entry's key
POLL_MS = 500  # how often an open page asks for the build's number (publish/static/live.js)
# The sources, catalogs, templates and page templates a build reads, and the images and
# BibTeX files it copies or reads for the pages.
WATCHED = frozenset({".md", ".po", ".pot", ".j2", ".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bib"})


def with_reload(page: str, version: int, token: str | None = None) -> str:
    """The page with the reload script before `</body>` (at the end if it has none); with
    `token`, a review page, also the editor and the session's token it sends with each
    request (a page of another site cannot read it: it may not read this page)."""
    scripts = f'<script src="{OWN}live.js" data-version="{version}" defer></script>\n'
    if token is not None:
        scripts += f'<script src="{OWN}editor.js" defer></script>\n'
        head = page.find("</head>")
        meta = f'<meta name="mdgettext-token" content="{escape(token)}">\n'
        page = page[:head] + meta + page[head:] if head >= 0 else meta + page
    at = page.rfind("</body>")
    return page + scripts if at < 0 else page[:at] + scripts + page[at:]


def policy(host: str) -> str:
    """The Content-Security-Policy of every page served: no script but serve's own and the
    review page's filter, fetched from this server; no plugin, no form, no base URL;
    framed only by this server's pages. A translation can put no script on a page (the
    safety check), and this says so again to the browser: the editor's token is on the
    review page, and any script of this origin could read it."""
    origin = f"http://{host}"
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {origin}{OWN} {origin}/static/mdgettext-review.js",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: https:",
            "media-src 'self' https:",
            "frame-src 'self' https:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'self'",
        )
    )


class Headers(Protocol):
    """A request's headers, as the standard library's server gives them."""

    def get_all(self, name: str) -> list[str] | None:
        """Every value of a header."""

    def get(self, name: str) -> str | None:
        """A header's value."""


def action(target: str) -> str:
    """The editor's action a POST names (`/__mdgettext__/save`), or "" for none."""
    steps = route(target)
    if isinstance(steps, HTTPStatus) or len(steps) != 2 or f"/{steps[0]}/" != OWN or steps[1] not in ACTIONS:
        return ""
    return steps[1]


def write_refused(headers: Headers, token: str) -> tuple[HTTPStatus, str] | None:
    """Why a write (an editor's POST) is refused, or None: it must come from a page of this
    server (its Origin), carry the session's token, and be JSON of a stated, bounded
    length. `host_allowed` has let the request's Host through already."""
    if not origin_allowed(headers.get_all("Origin") or [], headers.get("Host") or ""):
        return HTTPStatus.FORBIDDEN, "only a page of this server may write"
    given = headers.get_all(TOKEN_HEADER) or []
    if len(given) != 1 or not hmac.compare_digest(given[0].encode(), token.encode()):
        return HTTPStatus.FORBIDDEN, "not this session's page: reload it"
    if (headers.get("Content-Type") or "").split(";")[0].strip().lower() != "application/json":
        return HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "JSON only"
    length = headers.get("Content-Length") or ""
    if not (length.isascii() and length.isdigit()):
        return HTTPStatus.LENGTH_REQUIRED, "a length is required"
    if int(length) > MAX_BODY:
        return HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "too large"
    return None


def origin_allowed(origins: Sequence[str], host: str) -> bool:
    """Whether a write comes from a page of this server: one `Origin`, this server's own
    (`host` is the request's Host, which host_allowed has let through)."""
    return len(origins) == 1 and origins[0].strip().lower() == f"http://{host.strip().lower()}"


def error_page(message: str, version: int) -> str:
    """What every page shows while the build fails: the error, and that saving a fix reloads it."""
    return with_reload(
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>mdgettext: the build failed</title>\n</head>\n<body>\n"
        "<h1>The build failed</h1>\n"
        f'<pre class="build-error">{escape(message)}</pre>\n'
        "<p>Fix the file and save it: this page reloads by itself.</p>\n</body>\n</html>\n",
        version,
    )


def triggers_build(path: str) -> bool:
    """Whether a changed file is one the build reads (editors' temporary files are not)."""
    name = PurePosixPath(path.replace("\\", "/")).name
    return PurePosixPath(name).suffix in WATCHED and not name.startswith((".", "#")) and not name.endswith("~")


LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
MAX_TARGET = 1024  # characters of a request's path; the build's longest is a fraction of it
# What the build writes (pages, their Markdown, the stylesheet) and the images and
# fonts a page may use; the build's record (JSON) and anything else is never served.
SERVED = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",  # the review page's filter; the policy runs no other
    ".md": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".svg": "image/svg+xml",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
}
NOT_PLAIN = re.compile(r"[\x00-\x1f\x7f\\]")  # control characters, and `\` (a separator on Windows)


def host_allowed(hosts: Sequence[str], port: int) -> bool:
    """Whether a request names this server: one `Host`, a loopback name with this port."""
    names = {f"{name}:{port}" for name in LOOPBACK} | (set(LOOPBACK) if port == 80 else set())
    return len(hosts) == 1 and hosts[0].strip().lower() in names


def route(target: str) -> tuple[str, ...] | HTTPStatus:
    """The steps of a request's path under the build folder (the last empty for a
    folder: `/ko/` is `("ko", "")`), or the status that refuses it."""
    if len(target) > MAX_TARGET:
        return HTTPStatus.REQUEST_URI_TOO_LONG
    if not target.startswith("/"):  # `http://other.site/x` or `*`: not a path of this server
        return HTTPStatus.BAD_REQUEST
    try:
        path = unquote_to_bytes(target.split("?", 1)[0].split("#", 1)[0]).decode("utf-8")
    except UnicodeDecodeError:
        return HTTPStatus.BAD_REQUEST
    steps = tuple(path.split("/")[1:])
    if NOT_PLAIN.search(path) or any(step in ("", ".", "..") for step in steps[:-1]) or steps[-1] in (".", ".."):
        return HTTPStatus.BAD_REQUEST
    if any(step.startswith(".") for step in steps):
        return HTTPStatus.NOT_FOUND
    return steps


def content_type(name: str) -> str | None:
    """How a file of the build folder is served; None for one that is not served."""
    return SERVED.get(PurePosixPath(name).suffix.lower())
