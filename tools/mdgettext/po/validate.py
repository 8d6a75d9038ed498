"""Catalog problems a translator can make by hand, found before polib reads the file.

polib is lenient: it reads `msgid Feedback` or a string missing its closing quote
without a word, and the translation silently disappears from the build. This module
does not parse catalogs (polib does); it checks each line's lexical shape, as the
lexer (po/lexer.py) reads it, and the parsed catalog's header, so a broken file gets
one clear message with its line.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import polib

from mdgettext.errors import UserError
from mdgettext.locale import LocaleError, plural_forms
from mdgettext.po.lexer import Kind, lex, structure

STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
ESCAPE = re.compile(r'\\(?:[\\"abfnrtv]|[0-7]{1,3}|x[0-9A-Fa-f]+)|(?P<bad>\\.?)')
# A file every line of which `_line_errors` accepts, in the shape GNU gettext and our
# writer give it: blank lines, comments, `keyword "string"` lines each followed by
# their continuation strings, obsolete (#~) or not, with no msgstr[n] and only the
# escapes GNU writes. One C-level match reads a well-formed catalog; anything else
# (a CRLF, an indented line, a plural, a slip) goes line by line, which says where.
_STR = r'"(?:[^"\\\n\x00]|\\[\\"abfnrtv])*+"'
WELL_FORMED = re.compile(
    rf"(?:(?:[ \t]*+|#(?!~)[^\n\x00]*+"
    rf"|(?:#~[ \t]*+)?(?:msgctxt|msgid_plural|msgid|msgstr)[ \t]++{_STR}[ \t]*+(?:\n(?:#~[ \t]*+)?{_STR}[ \t]*+)*+)"
    rf"(?:\n|\Z))*+"
)


class CatalogSyntaxError(UserError, ValueError):
    """`line` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def check_text(text: str) -> None:
    """Raise CatalogSyntaxError at the first line a PO reader would misread."""
    if not WELL_FORMED.fullmatch(text):
        for error in _line_errors(text):
            raise error
    for error in _sequence_errors(text):
        raise error


# Each entry's keywords in order: [msgctxt] msgid [msgid_plural] msgstr... (GNU gettext's
# grammar): the keywords each may follow, "" being the start of the file.
AFTER = {
    "msgctxt": {"", "msgstr", "msgstr[]"},
    "msgid": {"", "msgctxt", "msgstr", "msgstr[]"},
    "msgid_plural": {"msgid"},
    "msgstr": {"msgid", "msgid_plural"},
    "msgstr[]": {"msgid", "msgid_plural", "msgstr", "msgstr[]"},
}
UNFINISHED = frozenset({"msgctxt", "msgid", "msgid_plural"})  # an entry still waiting for its msgstr
CUT = "the file may have been cut short or a line deleted: restore it (from git), or add the missing line"


def _sequence_errors(text: str) -> Iterator[CatalogSyntaxError]:
    """Keywords out of GNU gettext's order, which polib reads without a word: a msgid
    with no msgstr after it (a file cut short), a msgstr with no msgid before it."""
    state, opened = "", 0  # the last keyword read; the line its entry starts on
    for found in structure(text):
        line, word = found.number, found.entry
        if state not in AFTER[word]:
            if word == "msgid_plural":
                yield CatalogSyntaxError(line, "a msgid_plural with no msgid just before it; " + CUT)
            elif state in UNFINISHED:
                yield CatalogSyntaxError(
                    opened, f"this {state} has no msgstr after it (GNU msgfmt refuses the file); {CUT}"
                )
            else:
                yield CatalogSyntaxError(line, "a msgstr with no msgid before it; " + CUT)
            return
        if word == "msgctxt" or (word == "msgid" and state != "msgctxt"):
            opened = line
        state = word
    if state in UNFINISHED:
        yield CatalogSyntaxError(opened, f"this {state} has no msgstr after it (GNU msgfmt refuses the file); {CUT}")


def _line_errors(text: str) -> Iterator[CatalogSyntaxError]:
    after_keyword = False
    plural = False  # the entry being read has a msgid_plural
    for line in lex(text):
        number, kind = line.number, line.kind
        if kind is Kind.NUL:
            yield CatalogSyntaxError(number, "a NUL character: remove it (it would end the text for GNU gettext)")
        elif kind is Kind.CONFLICT:
            yield CatalogSyntaxError(
                number,
                "a git merge-conflict marker: keep one side of the conflict, delete the marker lines, then run `mdgettext update`",
            )
        elif kind is Kind.BLANK:
            after_keyword = False
        elif kind is Kind.KEYWORD:
            word, rest = line.keyword, line.rest
            if not rest.startswith('"'):
                yield CatalogSyntaxError(number, f'`{word}` must be followed by a quoted string, as in {word} "text"')
                continue
            if word == "msgid":
                plural = False
            elif word == "msgid_plural":
                plural = True
            elif word.startswith("msgstr[") and not plural:
                yield CatalogSyntaxError(
                    number,
                    f"`{word}` without a msgid_plural before it: write `msgstr` (these messages have no plurals)",
                )
                continue
            yield from _string_errors(number, rest)
            after_keyword = True
        elif kind is Kind.STRING:
            if not after_keyword:
                yield CatalogSyntaxError(
                    number, "a quoted string with no msgid or msgstr before it (an empty line inside an entry?)"
                )
            yield from _string_errors(number, line.rest)
        elif kind is Kind.COMMENT:
            after_keyword = False
        else:
            yield CatalogSyntaxError(
                number,
                f"`{line.first}` is not a PO keyword (msgctxt, msgid, msgid_plural, msgstr) or comment; check the spelling, or start a comment with #",
            )


def _string_errors(number: int, rest: str) -> Iterator[CatalogSyntaxError]:
    match = STRING.match(rest)
    if not match:
        yield CatalogSyntaxError(number, 'the string is not closed: end it with " (write \\" for a quote inside it)')
        return
    if rest[match.end() :].strip():
        yield CatalogSyntaxError(number, 'text after the closing ": write \\" for a quote inside the string')
        return
    for escape in ESCAPE.finditer(match.group(0)[1:-1]):
        if escape.group("bad") is not None:
            yield CatalogSyntaxError(
                number, f"unknown escape {escape.group('bad')!r} in the string: write \\\\ for a backslash"
            )
            return
        if escape.group(0)[1] in "01234567x":  # names a byte, not a character
            # GNU gettext reads it as a character, polib leaves it as written: the two would disagree
            yield CatalogSyntaxError(
                number, f"the escape `{escape.group(0)}` in the string: write the character itself (UTF-8)"
            )
            return


def check_catalog(po: polib.POFile, text: str) -> None:
    """The parsed catalog: a header with a UTF-8 charset, and no message twice."""
    if not any(line.startswith('msgid ""') for line in text.split("\n")) or not po.metadata:
        raise CatalogSyntaxError(
            1,
            'no header entry (msgid "" with Content-Type and Language): run `mdgettext update` to recreate it, or copy one from the template',
        )
    content_type = po.metadata.get("Content-Type", "")
    charset = re.search(r"charset=([\w.-]+)", content_type)
    if not charset or charset.group(1).upper().replace("_", "-") not in ("UTF-8", "UTF8"):
        found = charset.group(1) if charset else "none"
        raise CatalogSyntaxError(
            _header_line(text, "Content-Type"),
            f'charset is {found}: mdgettext catalogs are UTF-8; set "Content-Type: text/plain; charset=UTF-8\\n" and save the file as UTF-8',
        )
    plural = po.metadata.get("Plural-Forms")
    if plural is not None and (problem := plural_problem(plural)):
        raise CatalogSyntaxError(
            _header_line(text, "Plural-Forms"),
            f"Plural-Forms {problem} (GNU msgfmt refuses the file): write {_plural_for(po.metadata.get('Language', ''))}",
        )
    seen: dict[tuple[str | None, str], int] = {}
    lines = text.split("\n")
    for entry in po:
        if entry.obsolete:
            continue
        line = msgid_line(lines, entry)
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            raise CatalogSyntaxError(line, f"this msgid is already at line {seen[key]}: keep one of the two entries")
        seen[key] = line
    for entry in po:
        key = (entry.msgctxt, entry.msgid)
        if entry.obsolete and entry.msgid and key in seen:
            # A line-based merge can leave a message both live and obsolete; which
            # translation is wanted is the translator's call, never a tool's.
            raise CatalogSyntaxError(
                msgid_line(lines, entry),
                f"this obsolete (#~) entry has the msgid of the entry at line {seen[key]}: "
                "keep the translation you want in that entry and delete this one",
            )


PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*(\w+)\s*;\s*plural\s*=\s*([^;]*);?\s*")


def plural_problem(value: str) -> str | None:
    """What is wrong with a Plural-Forms value, as GNU gettext reads it; None when nothing.
    The expression is C, read by the standard library's gettext module."""
    found = PLURAL_FORMS.fullmatch(value)
    if found is None:
        return f"is {value.strip()!r}, not `nplurals=N; plural=EXPRESSION;`"
    if not found.group(1).isdigit() or int(found.group(1)) < 1:
        return f"has nplurals={found.group(1)}, not a number of forms"
    try:
        gettext.c2py(found.group(2))
    except (ValueError, RecursionError):
        return f"has plural={found.group(2).strip()}, which is not a C expression of n"
    return None


def _plural_for(language: str) -> str:
    """The header line a catalog in `language` should have, as `update` writes it."""
    try:
        return (
            f"`Plural-Forms: {plural_forms(language.strip())}`"
            if language.strip()
            else "it as `nplurals=N; plural=EXPRESSION;`"
        )
    except (LocaleError, ValueError):
        return "it as `nplurals=N; plural=EXPRESSION;`"


def language_problem(header: str, folder: str) -> str | None:
    """Whether a catalog's Language header names another language than its folder
    (`locale/ko/LC_MESSAGES/` holding `Language: ja`): the build would publish it as
    the folder's. A more specific code of the same language (`ko_KR` in `ko`) agrees."""
    mine, theirs = header.strip().replace("-", "_").lower(), folder.replace("-", "_").lower()
    if not mine or mine == theirs or mine.startswith(theirs + "_") or theirs.startswith(mine + "_"):
        return None
    return f"its Language header is {header.strip()!r} but it is in the {folder!r} folder: write `Language: {folder}`"


def msgid_line(lines: list[str], entry: polib.POEntry) -> int:
    """The 1-based line of an entry's `msgid` keyword in the file's `lines`.

    polib's `linenum` is where the entry starts (its first comment); an editor, a
    check and GNU tools point at the msgid, found by reading down from there.
    """
    if not entry.linenum:  # an entry made in memory, not read from the file
        return 1
    keyword = "#~ msgid " if entry.obsolete else "msgid "
    for number in range(entry.linenum - 1, len(lines)):
        if lines[number].startswith(keyword):
            return number + 1
    return entry.linenum or 1


def msgstr_line(lines: list[str], entry: polib.POEntry) -> int:
    """The 1-based line of an entry's `msgstr` keyword (its first form's, `msgstr[0]`):
    where a translator types, which the review page names. Read down from the msgid."""
    start = msgid_line(lines, entry)
    keyword = "#~ msgstr" if entry.obsolete else "msgstr"
    for number in range(start, len(lines)):
        if lines[number].startswith((f"{keyword} ", f"{keyword}[0] ")):
            return number + 1
    return start


def _header_line(text: str, field: str) -> int:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith(f'"{field}:'):
            return number
    return 1
