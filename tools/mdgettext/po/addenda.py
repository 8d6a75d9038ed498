"""The translator's additions to a chapter, in a file beside its catalog.

A translation made by hand has blocks the English lacks: a translator's note at the
top, an aside, an answer. They are no message of the catalog, so `import` writes them
here and the build weaves them in, each after the English block it followed, as po4a
weaves its addenda. The file is Markdown, so it reads and highlights as the chapter
does; each block follows one HTML comment that anchors it:

    <!-- after: "The English message it follows, as its msgid" -->
    <!-- after: "Click here for the answer." occurrence: 3 -->   (the 3rd block with it)
    <!-- after: "Setup" context: "heading" -->                    (a message with a msgctxt)
    <!-- after: front matter -->                                  (the top of the body)

The anchor is the message itself, a JSON string (so any text, quotes and `-->` included,
fits on one line), not a line number: a re-wrapped paragraph keeps its anchor, and an
English block that changes or goes away is a warning naming the block, never a silent
drop. Pure functions over strings; the file layer reads and writes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from mdgettext.errors import UserError
from mdgettext.model import Addendum, Key, Location

HEADER = (
    "<!-- mdgettext addenda: {what}. Blocks the translation has and the English does not (a translator's note). "
    "Each block follows the comment that anchors it: the build puts it after the English block holding that message "
    '("front matter": at the top of the body). Edit the blocks freely; keep each comment on its own line. -->\n'
)
ANCHOR = re.compile(r"^<!-- after: (.*) -->[ \t]*$")
FRONT = "front matter"
LIMITS = {"size": 1_000_000, "count": 1_000}  # characters in a file; addenda in one file


class AddendaError(UserError, ValueError):
    """An addenda file that cannot be read: the message names the line and the fix."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line, self.message = line, message

    def at(self, path: str) -> str:
        """The error as one line naming the file and line, as every input error reads."""
        return f"{path}:{self.line}: {self.message}"


def loads(text: str, path: str) -> list[Addendum]:
    """The addenda of a file's text, each with its place in the file."""
    if len(text) > LIMITS["size"]:
        raise AddendaError(1, f"{len(text):,} characters, more than the {LIMITS['size']:,} an addenda file may have")
    if "\0" in text:  # as a chapter's source: no text file holds one
        raise AddendaError(text.count("\n", 0, text.index("\0")) + 1, "a NUL byte: remove it")
    found: list[Addendum] = []
    anchor: tuple[Key | None, int, int] | None = None
    body: list[str] = []
    lines = text.split("\n")
    header = _header(lines)
    for number, line in enumerate(lines, 1):
        match = ANCHOR.match(line)
        if match is None:
            if anchor is None and line.strip() and number not in header:
                raise AddendaError(number, "text before the first `<!-- after: … -->` comment: anchor it with one")
            body.append(line)
            continue
        if anchor is not None:
            found.append(_made(anchor, body, path))
        anchor, body = (*_anchor(match.group(1), number), number), []
        if len(found) >= LIMITS["count"]:
            raise AddendaError(number, f"more than {LIMITS['count']:,} addenda in one file")
    if anchor is not None:
        found.append(_made(anchor, body, path))
    return found


def dumps(addenda: Sequence[Addendum], what: str) -> str:
    """The file's text: the header, then each addendum under its anchor comment."""
    parts = [HEADER.format(what=what)]
    for addendum in addenda:
        parts.append(f"\n{anchor_comment(addendum)}\n\n{addendum.markdown.strip(chr(10))}\n")
    return "".join(parts)


def merged(old: Sequence[Addendum], new: Sequence[Addendum]) -> list[Addendum]:
    """`old` as it is, then each of `new` it does not already hold (same place, same
    block): an import again never doubles a note, nor drops one the translator edited."""
    known = {(a.after, a.occurrence, a.markdown.strip()) for a in old}
    return [*old, *(a for a in new if (a.after, a.occurrence, a.markdown.strip()) not in known)]


def anchor_comment(addendum: Addendum) -> str:
    """`<!-- after: "…" -->`: the message as JSON, `>` escaped so no `-->` can end the comment early."""
    if addendum.after is None:
        return f"<!-- after: {FRONT} -->"
    context, msgid = addendum.after
    parts = [_json(msgid)]
    if context is not None:
        parts.append(f"context: {_json(context)}")
    if addendum.occurrence != 1:
        parts.append(f"occurrence: {addendum.occurrence}")
    return f"<!-- after: {' '.join(parts)} -->"


def _json(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace(">", "\\u003e")


def _anchor(written: str, line: int) -> tuple[Key | None, int]:
    """(message key, occurrence) of an anchor comment's text."""
    if written.strip() == FRONT:
        return None, 1
    decoder = json.JSONDecoder()
    try:
        if not written.startswith('"'):  # a string, never a list or object to descend into
            raise ValueError(written[:1])
        msgid, at = decoder.raw_decode(written)
        context, occurrence = None, 1
        rest = written[at:].strip()
        while rest:
            name, _, rest = rest.partition(":")
            rest = rest.lstrip()
            if not rest[:1] or rest[0] not in '"0123456789':  # a string or a count, nothing nested
                raise ValueError(rest[:1])
            value, at = decoder.raw_decode(rest)
            rest = rest[at:].strip()
            if name.strip() == "context" and isinstance(value, str):
                context = value
            elif name.strip() == "occurrence" and isinstance(value, int) and not isinstance(value, bool) and value >= 1:
                occurrence = value
            else:
                raise ValueError(name)
    except (ValueError, json.JSONDecodeError):
        raise AddendaError(
            line,
            'an anchor is `<!-- after: "the English message" -->` (a JSON string), optionally followed by '
            '`context: "…"` and `occurrence: N`, or `<!-- after: front matter -->`',
        ) from None
    if not isinstance(msgid, str) or not msgid:
        raise AddendaError(line, "the anchor's message must be a non-empty JSON string")
    return (context, msgid), occurrence


def _made(anchor: tuple[Key | None, int, int], body: list[str], path: str) -> Addendum:
    key, occurrence, line = anchor
    markdown = "\n".join(body).strip("\n")
    if not markdown.strip():
        raise AddendaError(line, "an anchor with no block after it: write the block, or remove the comment")
    return Addendum(markdown, key, occurrence, Location(path, line))


def _header(lines: list[str]) -> range:
    """The 1-based numbers of the lines of the comment that opens the file (its header),
    found once for the file: a header never closed runs to its end."""
    opened = next((i for i, line in enumerate(lines) if line.strip()), None)
    if opened is None or not lines[opened].lstrip().startswith("<!--"):
        return range(0)
    closed = next((i for i in range(opened, len(lines)) if "-->" in lines[i]), len(lines) - 1)
    return range(opened + 1, closed + 2)
