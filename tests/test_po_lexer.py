"""The PO lexer (po/lexer.py): its two readings of an entry's structure agree.

Validation reads a well-formed catalog's structure with one scan (`structure`) and a
broken one line by line (`lex`); a catalog must not change its structure with the
path it is read by."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mdgettext.po.lexer import Kind, lex, structure
from test_pofile import PO_LINES


@given(st.lists(PO_LINES, max_size=12).map("\n".join))
@settings(max_examples=2000, deadline=None)
def test_the_scan_and_the_line_reading_find_the_same_structure(text: str) -> None:
    by_line = [(line.number, line.entry) for line in lex(text) if line.entry]
    assert [(line.number, line.entry) for line in structure(text)] == by_line


def test_each_kind_of_line() -> None:
    text = 'msgid "a"\n"b"\n#~ msgstr "c"\n# note\n\n<<<<<<< ours\nmsgidx "d"\nx\0\n#~ msgid"e"'
    kinds = [(line.kind, line.keyword, line.rest, line.entry) for line in lex(text)]
    assert kinds == [
        (Kind.KEYWORD, "msgid", '"a"', "msgid"),
        (Kind.STRING, "", '"b"', ""),
        (Kind.KEYWORD, "msgstr", '"c"', "msgstr"),
        (Kind.COMMENT, "", "", ""),
        (Kind.BLANK, "", "", ""),
        (Kind.CONFLICT, "", "", ""),
        (Kind.OTHER, "", "", ""),
        (Kind.NUL, "", "", ""),
        (Kind.COMMENT, "", "", "msgid"),  # msgfmt reads it as an obsolete msgid; the line check as a comment
    ]
