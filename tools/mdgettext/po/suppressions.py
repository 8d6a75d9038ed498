"""`# mdgettext-ignore: CODE`: how a translator silences one check on one entry.

The comment form is the one that survives: GNU gettext (msgcat, msgmerge, and our
writer, which follows them) drops flags it does not know, so the flag form
`#, mdgettext-ignore: CODE` is read too and turned into the comment wherever a
catalog is read, so update, import and the merge driver all keep it.
"""

from __future__ import annotations

import re

import polib

from mdgettext.po.entries import Entry

IGNORE = re.compile(r"^\s*mdgettext-ignore:\s*(.*?)\s*$")
# A line that only goes on with a list of codes: what polib, Babel and Poedit leave when
# they re-wrap a long comment at a space, or after a hyphen inside a code.
CODES_ONLY = re.compile(r"^\s*[\w.-]+(?:\s*,\s*[\w.-]+)*\s*,?\s*$")


def ignored_codes(entry: polib.POEntry | Entry) -> frozenset[str]:
    """The check codes an entry's translator silenced, from comments and flags (polib's
    entry or mdgettext's)."""
    codes: set[str] = set()
    comment = entry.translator_comment if isinstance(entry, Entry) else entry.tcomment
    sources = _unwrapped(comment.split("\n") if comment else [])
    sources += [f for f in entry.flags if f.startswith("mdgettext-ignore:")]
    for text in sources:
        match = IGNORE.match(text)
        if match:
            codes.update(c.strip() for c in match.group(1).split(",") if c.strip())
    return frozenset(codes)


def _unwrapped(lines: list[str]) -> list[str]:
    """Comment lines with a re-wrapped suppression joined back into one line.

    A line of nothing but codes continues the suppression above it when that one ends
    mid-list: a comma, a hyphen, or nothing after the colon. Wrapping breaks only there
    (at a space after a comma, or after a hyphen), so a reason on a line of its own stays
    a line of its own."""
    joined: list[str] = []
    for line in lines:
        last = joined[-1].rstrip() if joined else ""
        if IGNORE.match(last) and last.endswith((",", "-", ":")) and CODES_ONLY.match(line):
            glue = "" if last.endswith("-") else " "
            joined[-1] = last + glue + line.strip()
        else:
            joined.append(line)
    return joined


def as_comments(po: polib.POFile) -> None:
    """`#, mdgettext-ignore: CODE` becomes the comment `# mdgettext-ignore: CODE`."""
    for entry in po:
        flags = [f for f in entry.flags if f.startswith("mdgettext-ignore:")]
        if not flags:
            continue
        comments = entry.tcomment.split("\n") if entry.tcomment else []
        for flag in flags:
            line = "mdgettext-ignore: " + flag.split(":", 1)[1].strip()
            if line not in comments:
                comments.append(line)
        entry.tcomment = "\n".join(comments)
        entry.flags = [f for f in entry.flags if f not in flags]
