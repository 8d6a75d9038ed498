"""`# mdgettext-ignore: CODE`: how a translator silences one check on one entry.

The comment form is the one that survives: GNU gettext (msgcat, msgmerge, and our
writer, which follows them) drops flags it does not know, so the flag form
`#, mdgettext-ignore: CODE` is read too and turned into the comment wherever a
catalog is read, so update, import and the merge driver all keep it.
"""

from __future__ import annotations

import re

import polib

IGNORE = re.compile(r"^\s*mdgettext-ignore:\s*(.+?)\s*$")


def ignored_codes(entry: polib.POEntry) -> frozenset[str]:
    """The check codes an entry's translator silenced, from comments and flags."""
    codes: set[str] = set()
    sources = entry.tcomment.split("\n") if entry.tcomment else []
    sources += [f for f in entry.flags if f.startswith("mdgettext-ignore:")]
    for text in sources:
        match = IGNORE.match(text)
        if match:
            codes.update(c.strip() for c in match.group(1).split(",") if c.strip())
    return frozenset(codes)


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
