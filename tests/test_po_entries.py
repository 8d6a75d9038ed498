"""mdgettext's own catalog entries (po/entries.py): what a PO file holds comes through
them unchanged, plural forms included, and each entry knows where the file has it."""

from __future__ import annotations

from mdgettext.files import parse_po
from mdgettext.po import entries

HEADER = 'msgid ""\nmsgstr ""\n"Language: ko\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n'
TEXT = (
    HEADER
    + '\n#. a comment\n#: source/en/a.md:3\nmsgid ""\n"The first "\n"paragraph."\nmsgstr "첫 문단."\n'
    + '\nmsgctxt "heading"\nmsgid "one file"\nmsgid_plural "%d files"\nmsgstr[0] "파일 %d개"\n'
    + '\n#~ msgid "Gone."\n#~ msgstr "사라짐."\n'
)


def test_each_entry_knows_the_lines_of_its_msgid_and_msgstr() -> None:
    catalog = entries.from_po(parse_po(TEXT, "a.po"), TEXT)
    lines = TEXT.split("\n")
    found = [
        (e.msgid, lines[e.line - 1].split(" ")[0], lines[e.msgstr_line - 1].split(" ")[0]) for e in catalog.entries
    ]
    assert found == [
        ("The first paragraph.", "msgid", "msgstr"),
        ("one file", "msgid", "msgstr[0]"),
        ("Gone.", "#~", "#~"),
    ]
    assert [e.line for e in catalog.entries] == [9, 15, 19]
    assert [e.msgstr_line for e in catalog.entries] == [12, 17, 20]


def test_lines_say_where_not_what() -> None:
    """An entry read from a file equals the same entry made in memory."""
    read = entries.from_po(parse_po(TEXT, "a.po"), TEXT)
    assert read == entries.from_po(parse_po(TEXT, "a.po"))
    assert {e.line for e in entries.from_po(parse_po(TEXT, "a.po")).entries} == {0}


def test_plural_forms_come_through_and_are_written_back_as_they_were() -> None:
    text = (
        HEADER
        + '\nmsgctxt "heading"\nmsgid "one file"\nmsgid_plural "%d files"\nmsgstr[0] "파일 %d개"\n'
        + '\n#, fuzzy\n#| msgid "one dir"\n#| msgid_plural "%d dirs"\nmsgid "one folder"\nmsgid_plural "%d folders"\n'
        + 'msgstr[0] "폴더 %d개"\n'
    )
    catalog = entries.from_po(parse_po(text, "a.po"), text)
    plural, fuzzy = catalog.entries
    assert (plural.msgctxt, plural.msgid_plural, plural.msgstr_plural) == ("heading", "%d files", ((0, "파일 %d개"),))
    assert (fuzzy.previous_msgid, fuzzy.previous_msgid_plural) == ("one dir", "%d dirs")
    assert entries.write(catalog) == text
