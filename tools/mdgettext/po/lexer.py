"""A PO file's lines, each read once: what kind of line it is, its keyword, its string.

polib reads a catalog with one parser, a transition table over the kinds of line it
meets; validation (po/validate.py) reads the same lines for what polib lets through
(a keyword without its string, a string left open, keywords out of GNU gettext's
order). Both of its checks read the tokens this lexer makes, so a line is one kind
of line for all of them. It reads lines as GNU gettext does (they end at `\\n`), each
with its surrounding white space taken off, as polib takes it off.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import Enum
from typing import NamedTuple

# Matched against stripped lines, so `rest` runs to the end: a lazy `.*?` before `\s*$`
# would try the end of the line after every character, quadratic in a run of spaces.
KEYWORD = re.compile(
    r"^(?P<obsolete>#~\s*)?(?P<keyword>msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?:\s+(?P<rest>.*))?$"
)
CONTINUATION = re.compile(r'^(?P<obsolete>#~\s*)?(?P<rest>".*)$')
CONFLICT = re.compile(r"^(<{7}|={7}|>{7})(\s|$)")
# A keyword as GNU gettext's grammar reads it, a string right after it or not (`#~ msgid"x"`
# is an entry's msgid to msgfmt): what an entry's structure is made of.
ENTRY = re.compile(r"^[ \t]*(?:#~[ \t]*)?(msgctxt|msgid_plural|msgid|msgstr)(\[\d+\])?(?=[ \t\"])", re.MULTILINE)


class Kind(Enum):
    """What a line of a PO file is."""

    BLANK = "blank"  # nothing but white space: it ends an entry
    COMMENT = "comment"  # `#`, `#.`, `#:`, `#,`, `#|`, and an obsolete line that is no keyword or string
    KEYWORD = "keyword"  # `msgid …`, `#~ msgstr[0] …`: a keyword and what follows it
    STRING = "string"  # a continuation: `"…"` or `#~ "…"`
    CONFLICT = "conflict"  # a git merge-conflict marker (`<<<<<<<`, `=======`, `>>>>>>>`)
    NUL = "nul"  # a line holding a NUL character, which ends a string for GNU gettext
    OTHER = "other"  # anything else: no line of a PO file


class Line(NamedTuple):
    """One line of a PO file as the lexer reads it."""

    number: int  # 1-based
    kind: Kind
    keyword: str = ""  # a KEYWORD line's, as written (`msgstr[0]`)
    rest: str = ""  # what follows the keyword, or a STRING line's string(s), as written, white space around taken off
    obsolete: bool = False  # the line starts `#~`
    first: str = ""  # the line's first word, stripped (what an OTHER line starts with)
    # The keyword the entry's structure reads on this line (`msgstr[]` for any plural form;
    # "" for none): on a KEYWORD line, and on an obsolete line whose string follows its
    # keyword without a space, which msgfmt reads as one.
    entry: str = ""
    # A `#|` or `#~|` line (the English a fuzzy entry translated): a COMMENT to the
    # entry's structure, whose `keyword` and `rest` are read as on any other line.
    previous: bool = False


def lex(text: str) -> Iterator[Line]:
    """Each line of `text`, in order."""
    # Lines are made with positional fields: keywords cost a third of the reading's time.
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        head, obsolete = stripped[:1], stripped.startswith("#~")
        entry = ""
        if head == "m" or obsolete:  # what ENTRY matches starts so: most lines (strings, comments) skip it
            found = ENTRY.match(line)
            entry = found.group(1) + ("[]" if found.group(2) else "") if found else ""
        if "\0" in line:
            yield Line(number, Kind.NUL, "", "", False, "", entry)
        elif line[:1] in ("<", "=", ">") and CONFLICT.match(line):
            yield Line(number, Kind.CONFLICT, "", "", False, "", entry)
        elif not stripped:
            yield Line(number, Kind.BLANK)
        elif head == '"':
            yield Line(number, Kind.STRING, "", stripped)
        elif (head == "m" or obsolete) and (keyword := KEYWORD.match(stripped)):
            word, rest = keyword.group("keyword"), keyword.group("rest") or ""
            yield Line(number, Kind.KEYWORD, word, rest, bool(keyword.group("obsolete")), "", entry)
        elif obsolete and (continuation := CONTINUATION.match(stripped)):
            yield Line(number, Kind.STRING, "", continuation.group("rest"), True)
        elif head == "#":
            word, rest, previous = _previous(stripped)
            yield Line(number, Kind.COMMENT, word, rest, obsolete, "", entry, previous)
        else:
            yield Line(number, Kind.OTHER, "", "", False, stripped.split()[0], entry)


def _previous(stripped: str) -> tuple[str, str, bool]:
    """A `#|` or `#~|` comment line's keyword and string(s), as KEYWORD and STRING lines
    read theirs (`("", "", False)` for any other comment)."""
    if not stripped.startswith(("#|", "#~|")):
        return "", "", False
    inner = stripped[stripped.index("|") + 1 :].lstrip()
    keyword = KEYWORD.match(inner)
    if keyword is not None and not keyword.group("obsolete"):
        return keyword.group("keyword"), keyword.group("rest") or "", True
    return "", inner if inner.startswith('"') else "", True


def structure(text: str) -> Iterator[Line]:
    """The lines of `text` that hold an entry's keyword, in order: its structure. The
    same reading as `lex`'s `entry`, found by one scan of the text (most lines of a
    catalog are strings and comments, and a well-formed one needs no more)."""
    number, at = 1, 0
    for found in ENTRY.finditer(text):
        number += text.count("\n", at, found.start())
        at = found.start()
        yield Line(number, Kind.KEYWORD, entry=found.group(1) + ("[]" if found.group(2) else ""))
