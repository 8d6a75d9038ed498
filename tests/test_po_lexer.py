"""The PO lexer (po/lexer.py): its two readings of an entry's structure agree, and the
reader (po/reader.py), which reads lines through it, reads what polib reads.

Validation reads a well-formed catalog's structure with one scan (`structure`) and a
broken one line by line (`lex`); a catalog must not change its structure with the
path it is read by."""

from __future__ import annotations

import polib
from hypothesis import given, settings
from hypothesis import strategies as st

from mdgettext.po import reader, validate
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


def read_by_polib_alone(text: str) -> list[tuple[object, ...]] | str:
    """What polib reads in `text` line by line, each continuation on its own line (the
    reading po/reader.py speeds up), or the error it raises."""
    if "\\a" in text:
        text = "\n".join(reader._bells(line) for line in text.split("\n"))
    parser = polib._POFileParser("", encoding="utf-8")
    parser.fhandle = text.split("\n")
    try:
        return read_entries(parser.parse())
    except (OSError, ValueError) as err:
        return type(err).__name__


def read_entries(po: polib.POFile) -> list[tuple[object, ...]]:
    fields = ("msgctxt", "msgid", "msgstr", "msgid_plural", "msgstr_plural", "previous_msgctxt", "previous_msgid")
    found = [tuple(getattr(e, name) for name in (*fields, "previous_msgid_plural", "obsolete", "linenum")) for e in po]
    return [*found, (po.metadata,)]


def read_by_the_reader(text: str) -> list[tuple[object, ...]] | str:
    try:
        return read_entries(reader.parse(text))
    except (OSError, ValueError) as err:
        return type(err).__name__


@given(st.lists(PO_LINES, max_size=12).map("\n".join))
@settings(max_examples=2000, deadline=None)
def test_the_reader_joining_strings_reads_what_polib_reads_line_by_line(text: str) -> None:
    """po/reader.py puts each string's continuation lines on its keyword's line (the
    lexer says which lines are which), so polib does not copy a long string once per
    line; the entries, their line numbers included, are what polib reads without it."""
    try:
        validate.check_text(text)
    except validate.CatalogSyntaxError:
        return
    assert read_by_the_reader(text) == read_by_polib_alone(text)


def test_the_reader_joins_every_kind_of_string_onto_its_keywords_line() -> None:
    text = (
        '#| msgctxt "old "\n#| "menu"\n#| msgid ""\n#| "was "\n#| "this"\nmsgctxt "menu"\nmsgid ""\n"is "\n'
        '"this"\nmsgstr ""\n"이것"\n\n#~| msgid "x"\n#~| "y"\n#~ msgid "gone "\n#~ "away"\n#~ msgstr "사라"\n#~ "짐"'
    )
    joined = reader._joined(text.split("\n"))
    assert [line for line in joined if line] == [
        '#| msgctxt "old menu"',
        '#| msgid "was this"',
        'msgctxt "menu"',
        'msgid "is this"',
        'msgstr "이것"',
        '#~| msgid "xy"',
        '#~ msgid "gone away"',
        '#~ msgstr "사라짐"',
    ]
    assert read_by_the_reader(text) == read_by_polib_alone(text)
