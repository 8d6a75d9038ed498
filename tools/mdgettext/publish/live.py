"""What the live preview (`mdgettext serve`) adds to the built pages, and which
changed files call for a new build.

Pure: the command serves files and watches folders. The reload script is added to
a page as it is served, never to the file on disk: the built pages stay free of
scripts, as the release build makes them.
"""

from __future__ import annotations

from html import escape
from pathlib import PurePosixPath

VERSION_PATH = "/__mdgettext__/version"  # the build's number: a page whose number is old reloads
POLL_MS = 500
# The sources, catalogs, templates and page templates a build reads.
WATCHED = frozenset({".md", ".po", ".pot", ".j2", ".css"})

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
