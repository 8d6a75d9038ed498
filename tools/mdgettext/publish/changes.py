"""How the English of a fuzzy entry changed since it was translated, as the review page
shows it: the old text and the new, one above the other, each with its side of a word diff."""

from __future__ import annotations

import difflib
import re
from html import escape

from markupsafe import Markup

WORDS = re.compile(r"\s+|[\w’'-]+|[^\w\s]", re.UNICODE)


def diff(old: str, new: str) -> tuple[Markup, Markup]:
    """A word-level diff of two English texts: the old text with what went in `<del>`,
    the new one with what came in `<ins>`, to be read one above the other.

    Changes separated only by spaces read as one change ("<del>serving
    chapter</del>" / "<ins>inference section</ins>"), not as a word-by-word zigzag.
    """
    a, b = WORDS.findall(old), WORDS.findall(new)
    parts: list[tuple[bool, str, str]] = []  # (changed, old text, new text)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        parts.append((op != "equal", "".join(a[i1:i2]), "".join(b[j1:j2])))
    merged: list[tuple[bool, str, str]] = []
    for i, (changed, was, now) in enumerate(parts):
        between = not changed and not was.strip() and 0 < i < len(parts) - 1
        if (changed or between) and merged and merged[-1][0]:
            merged[-1] = (True, merged[-1][1] + was, merged[-1][2] + now)
        else:
            merged.append((changed or between, was, now))
    before, after = [], []
    for changed, was, now in merged:
        if not changed:
            before.append(escape(was))
            after.append(escape(now))
            continue
        if was:
            before.append(f"<del>{escape(was)}</del>")
        if now:
            after.append(f"<ins>{escape(now)}</ins>")
    return Markup("".join(before)), Markup("".join(after))
