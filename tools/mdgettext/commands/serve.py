"""`mdgettext serve`: a live preview of the built chapters on 127.0.0.1.

Builds as `mdgettext build` does (the files on disk are the release build's),
serves the build folder with the standard library's threaded HTTP server (one
user, local files: nothing more is needed), and rebuilds when watchfiles reports
a changed source, catalog or template. A failing build is shown on every page
until the next save fixes it; the server keeps running.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import watchfiles

from mdgettext.commands import build, stats
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.locale import LocaleError
from mdgettext.project import Config
from mdgettext.publish import live, progress
from mdgettext.publish.links import STYLESHEET_PATH


class Preview:
    """The latest build: its number, its error if it failed, and the progress page."""

    def __init__(self, config: Config, languages: Sequence[str], report: Reporter) -> None:
        self.config, self.languages, self.report = config, list(languages), report
        self.lock = threading.Lock()
        self.version, self.error, self.front = 0, "", ""

    def rebuild(self, why: str) -> None:
        """Build every page again; an input error is kept to be shown, not raised."""
        quiet = Reporter(quiet=True, out=self.report.out, err=self.report.err)
        config = replace(self.config)  # what it learnt of the folders is for one build
        try:
            build.build(config, [*self.languages, config.source_language], build.FORMATS, quiet)
            rows = stats.progress_rows(config, self.languages, quiet)
            front, error = progress.page(rows, self.config.name, STYLESHEET_PATH, self.config.root / "templates"), ""
        except (InputError, LocaleError) as err:
            front, error = "", str(err)
        with self.lock:
            self.version += 1
            self.front, self.error = front or self.front, error
        self.report.info(f"{why}: {'build failed: ' + error if error else 'built'}")


class Handler(SimpleHTTPRequestHandler):
    """The build folder, with the reload script in every page and the build's error in place of pages."""

    preview: Preview

    def __init__(self, *args: Any, preview: Preview, **kwargs: Any) -> None:
        self.preview = preview
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        """Pages get the reload script; the version answers the script; other files as they are."""
        path = urlsplit(self.path).path
        with self.preview.lock:
            version, error, front = self.preview.version, self.preview.error, self.preview.front
        if path == live.VERSION_PATH:
            self._send(str(version), "text/plain")
        elif error and (path.endswith((".html", "/"))):
            self._send(live.error_page(error, version), "text/html")
        elif path in ("/", f"/{stats.PAGE}"):
            self._send(live.with_reload(front, version), "text/html")
        elif path.endswith(".html") and Path(self.translate_path(path)).is_file():
            page = Path(self.translate_path(path)).read_text(encoding="utf-8")
            self._send(live.with_reload(page, version), "text/html")
        else:
            super().do_GET()

    def _send(self, text: str, kind: str) -> None:
        body = text.encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the terminal shows builds."""


def serve(config: Config, languages: Sequence[str], port: int, report: Reporter) -> int:
    """Serve until Ctrl-C (or SIGTERM), which stops it cleanly (exit 0)."""
    # A process started in the background by a non-interactive shell inherits SIGINT
    # ignored, and Python then leaves it so: Ctrl-C (or CI's interrupt) would not stop it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    preview = Preview(config, languages, report)
    preview.rebuild("first build")
    site = config.root / config.build_dir
    site.mkdir(parents=True, exist_ok=True)
    handler = partial(Handler, preview=preview, directory=str(site))
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as err:
        raise InputError(f"127.0.0.1:{port}: cannot serve: {err.strerror or err}") from err
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    address = f"http://127.0.0.1:{server.server_address[1]}/"
    print(
        f"serving {address} (progress; chapters under {address}{languages[0]}/); Ctrl-C stops",
        file=report.out,
        flush=True,
    )
    watched = [p for p in (config.source_dir, config.root / config.locale_dir, config.root / "templates") if p.is_dir()]
    try:
        for changes in watchfiles.watch(
            *watched, watch_filter=lambda _, path: live.triggers_build(path), debounce=200, raise_interrupt=False
        ):
            names = sorted({config.relative(Path(path)) for _, path in changes})
            preview.rebuild(f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''} changed")
    except KeyboardInterrupt:  # during a build: the watch itself returns on Ctrl-C
        pass
    finally:
        server.shutdown()
        server.server_close()
    report.info("stopped")
    return 0
