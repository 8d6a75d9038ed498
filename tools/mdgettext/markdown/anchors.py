"""Heading anchors: the author's kramdown `{#id}`, and the ids kramdown makes itself.

One pattern for an explicit id, used wherever one is read, kept out of a msgid,
written back after a translated heading, or stripped before a heading is shown.
"""

from __future__ import annotations

import re

from mdgettext.model import Segment

_ID = r"\{#([A-Za-z][\w-]*)\}"
TRAILING_ID = re.compile(rf"\s*{_ID}\s*$")  # `## Setup {#setup}`: at the end of a heading's text
_ID_AT = re.compile(rf"[ \t]*{_ID}")  # right after a heading's span in the source


def explicit_id(heading: str) -> re.Match[str] | None:
    """The `{#id}` that ends a heading's text; group 1 is the id."""
    return TRAILING_ID.search(heading)


def strip_id(heading: str) -> str:
    """A heading's text without its `{#id}`."""
    return TRAILING_ID.sub("", heading)


def has_explicit_id(text: str, seg: Segment) -> bool:
    """Whether the heading `seg` of `text` carries the author's own `{#id}` (its anchor)."""
    return seg.kind.startswith("heading") and _ID_AT.match(text, seg.span.end) is not None


class Slugger:
    """Heading ids as kramdown makes them, so English anchors match the live site."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def claim(self, given: str) -> str:
        """An id the author wrote: used as is, and later automatic ids avoid it."""
        self.seen[given] = self.seen.get(given, 0) + 1
        return given

    def slug(self, text: str) -> str:
        """An automatic id for a heading's text, unique in the document."""
        kept = re.sub(r"[^A-Za-z0-9 -]", "", text)
        kept = re.sub(r"^[^A-Za-z]+", "", kept)
        base = re.sub(r"[^A-Za-z0-9]", "-", kept).lower() or "section"
        count = self.seen.get(base, 0)
        self.seen[base] = count + 1
        return base if count == 0 else f"{base}-{count}"
