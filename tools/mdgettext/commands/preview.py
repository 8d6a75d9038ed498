"""The live preview's two halves: the latest build (`Preview`), and the HTTP server
that shows it (`Handler`), for `mdgettext serve`.

A build is `mdgettext build` itself, the same judge and the same files on disk. The
server is the standard library's (one user, local files): a request is answered
only if it names this server and a plain path (publish/live.py), and only with a
file of a kind the build writes, found inside the build folder once every symbolic
link is followed; never a folder listing. Every page carries a Content-Security-
Policy that runs no script but serve's own. The review page's editor writes through
POST requests (editor.py), each let through only from a page of this server (its
Origin) with the session's token, a JSON body of bounded size; a page of another
site can send none of them (it cannot read the token, and the token's header needs a
CORS preflight this server never grants).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Sequence
from dataclasses import replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import quote

from mdgettext.commands import build, stats
from mdgettext.commands.editor import Editor
from mdgettext.commands.server import served_file
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import UserError
from mdgettext.pipeline.name import book_name
from mdgettext.project import Config
from mdgettext.publish import live, progress
from mdgettext.publish.links import STYLESHEET_PATH
from mdgettext.publish.templates import static_file


class Preview:
    """The latest build: its number, its error if it failed, and the progress page."""

    def __init__(self, config: Config, languages: Sequence[str], report: Reporter) -> None:
        self.config, self.languages, self.report = config, list(languages), report
        self.lock = threading.Lock()
        self.version, self.error, self.front = 0, "", ""
        self.token = secrets.token_urlsafe(32)  # this session's: on every write, and only on this server's pages
        self.editor = Editor(config, languages)

    def rebuild(self, why: str) -> None:
        """Build every page again; an input error is kept to be shown, not raised."""
        quiet = Reporter(quiet=True, out=self.report.out, err=self.report.err)
        config = replace(self.config)  # what it learnt of the folders is for one build
        try:
            build.build(config, [*self.languages, config.source_language], build.FORMATS, quiet)
            rows = stats.progress_rows(config, self.languages, quiet)
            front, error = progress.page(rows, book_name(config), STYLESHEET_PATH, config.templates_folder), ""
        except UserError as err:
            front, error = "", str(err)
        with self.lock:
            self.version += 1
            self.front, self.error = front or self.front, error
        self.report.info(f"{why}: {'build failed: ' + error if error else 'built'}")


class Handler(BaseHTTPRequestHandler):
    """The build folder's pages (with the reload script) and their files, to requests
    that name this server and a plain path (live.py says which); nothing else."""

    timeout = 30  # seconds a connection may stay idle

    def __init__(self, *args: Any, preview: Preview, site: Path, **kwargs: Any) -> None:
        self.preview, self.site = preview, site
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        """A page, a file or the build's number; or a status refusing the request."""
        self._answer(body=True)

    def do_HEAD(self) -> None:
        """What GET would answer, without the body."""
        self._answer(body=False)

    def do_POST(self) -> None:
        """One of the editor's requests (editor.py), from a page of this server only."""
        if not live.host_allowed(self.headers.get_all("Host") or [], self.connection.getsockname()[1]):
            return self._send(HTTPStatus.MISDIRECTED_REQUEST, b"", True)
        action = live.action(self.path)
        refused = live.write_refused(self.headers, self.preview.token) if action else (HTTPStatus.NOT_FOUND, "")
        if refused is not None:
            return self._json(refused[0], {"error": refused[1] or "not found"})
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self._json(*self.preview.editor.respond(action, body))

    def _json(self, status: int, answer: object) -> None:
        self._send(HTTPStatus(status), json.dumps(answer, ensure_ascii=False).encode("utf-8"), True, "application/json")

    def _answer(self, body: bool) -> None:
        if not live.host_allowed(self.headers.get_all("Host") or [], self.connection.getsockname()[1]):
            return self._send(HTTPStatus.MISDIRECTED_REQUEST, b"", body)
        steps = live.route(self.path)
        if isinstance(steps, HTTPStatus):
            return self._send(steps, f"{steps.phrase}\n".encode(), body)
        with self.preview.lock:
            version, error, front = self.preview.version, self.preview.error, self.preview.front
        page = steps[-1] == "" or steps[-1].endswith(".html")
        if "/".join(steps) == live.VERSION_PATH.lstrip("/"):
            return self._send(HTTPStatus.OK, str(version).encode(), body, "text/plain; charset=utf-8")
        if len(steps) == 2 and steps[0] == "__mdgettext__" and steps[1] in live.SCRIPTS:
            return self._send(HTTPStatus.OK, static_file(steps[1]).encode(), body, live.SERVED[".js"])
        if error and page:
            return self._send(HTTPStatus.OK, live.error_page(error, version).encode(), body, live.SERVED[".html"])
        if steps in (("",), (stats.PAGE,)):
            return self._send(HTTPStatus.OK, live.with_reload(front, version).encode(), body, live.SERVED[".html"])
        found = served_file(self.site, steps)
        if found is None:
            return self._send(HTTPStatus.NOT_FOUND, b"Not Found\n", body)
        if found.is_dir():  # `/ko` for `/ko/`: the page's relative links need the slash
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", quote("/" + "/".join(steps)) + "/")
            self.send_header("Content-Length", "0")
            return self.end_headers()
        data = found.read_bytes()
        if found.suffix == ".html":
            token = self.preview.token if found.name.endswith(".review.html") else None
            data = live.with_reload(data.decode("utf-8", "replace"), version, token).encode()
        self._send(HTTPStatus.OK, data, body, live.content_type(found.name))

    def _send(self, status: HTTPStatus, data: bytes, body: bool, kind: str | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind or "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        if kind is not None and kind.startswith("text/html"):
            self.send_header("Content-Security-Policy", live.policy(self.headers["Host"]))
            self.send_header("X-Frame-Options", "SAMEORIGIN")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the terminal shows builds."""
