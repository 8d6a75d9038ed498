"""The URL schemes a link may have, whoever wrote the link: a translation, a BibTeX
file, the settings, front matter, an include's argument.

One allow-list for every input the build reads (docs/release-builds.md, security
model): a URL whose scheme is not on it is never a link on a page. The scheme is
read as the WHATWG URL parser reads it, which is what a browser follows: leading
control characters and spaces skipped, tabs and line breaks inside ignored, so
`java\\tscript:` is `javascript:`. Importable without a parser: the settings use it.
"""

from __future__ import annotations

import re

ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})  # what a link may lead to, besides a relative URL
WEB_SCHEMES = frozenset({"http", "https"})  # where a site lives
# A scheme as the WHATWG URL parser reads one: leading controls and spaces skipped,
# tabs and newlines inside ignored.
SCHEME_AT = re.compile(r"[\x00-\x20]*([A-Za-z][A-Za-z0-9+.\-\t\n\r]*):")


def scheme(url: str) -> str:
    """The scheme a browser reads in `url`, lower case; empty for a relative URL."""
    found = SCHEME_AT.match(url)
    return re.sub("[\t\n\r]", "", found.group(1)).lower() if found else ""


def allowed(url: str) -> bool:
    """Whether `url` may be a link's destination: relative, or of an allowed scheme."""
    name = scheme(url)
    return not name or name in ALLOWED_SCHEMES
