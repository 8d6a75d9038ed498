"""What the live preview (`mdgettext serve`) adds to the built pages, which
requests it answers, and which changed files call for a new build.

Pure: the command serves files and watches folders. The reload script is added to
a page as it is served, never to the file on disk: the built pages stay free of
scripts, as the release build makes them.

The server trusts no request: any page the browser has open can send one to
127.0.0.1, and one whose site name is made to point there (DNS rebinding) can read
the answers. So a request must name the server itself (`host_allowed`), and a
path must be plain: UTF-8, no control character, no `.` or `..` step, no dot file
(the build's record, which holds the project's absolute path), short; it may name
only a kind of file the build writes (SERVED).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from http import HTTPStatus
from pathlib import PurePosixPath
from urllib.parse import unquote_to_bytes

VERSION_PATH = "/__mdgettext__/version"  # the build's number: a page whose number is old reloads
POLL_MS = 500
# The sources, catalogs, templates and page templates a build reads, and the images and
# BibTeX files it copies or reads for the pages.
WATCHED = frozenset({".md", ".po", ".pot", ".j2", ".css", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".bib"})

RELOAD = f"""<script>
/* mdgettext serve: reload when the preview is rebuilt (not in the built file) */
(function () {{
  var built = "%s";
  setInterval(function () {{
    fetch("{VERSION_PATH}", {{cache: "no-store"}})
      .then(function (r) {{ return r.text(); }})
      .then(function (now) {{ if (now !== built) location.reload(); }})
      .catch(function () {{}});
  }}, {POLL_MS});
}})();
</script>
"""


def with_reload(page: str, version: int) -> str:
    """The page with the reload script before `</body>` (at the end if it has none)."""
    script = RELOAD % version
    at = page.rfind("</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


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
