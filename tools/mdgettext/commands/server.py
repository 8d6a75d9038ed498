"""The HTTP server under `mdgettext serve`: the standard library's, threaded and quiet,
and the one way a request's path becomes a file of the build folder."""

from __future__ import annotations

import sys
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from mdgettext.publish import live


def served_file(site: Path, steps: tuple[str, ...]) -> Path | None:
    """The file `steps` name in the build folder `site` (resolved), or a folder's
    `index.html`; symbolic links are followed only while they stay in the folder.
    A folder named without its slash is returned as the folder, to be redirected."""
    try:
        found = site.joinpath(*steps).resolve(strict=True)
        if steps[-1] == "":  # a folder, by its slash: its index page
            found = (found / "index.html").resolve(strict=True)
    except (OSError, RuntimeError):  # missing, a name too long, a link that loops
        return None
    if not found.is_relative_to(site) or found == site:
        return None
    return found if found.is_dir() or (found.is_file() and live.content_type(found.name)) else None


class Server(ThreadingHTTPServer):
    """The standard library's threaded server, quiet about failed requests."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A request that fails ends its connection with a line in the terminal, not a
        traceback; a browser that hangs up early is not worth a line."""
        err = sys.exc_info()[1]
        if not isinstance(err, ConnectionError):
            print(f"mdgettext serve: a request failed: {err!r}", file=sys.stderr, flush=True)
