r"""A catalog's text -> polib's model, read as GNU gettext reads it.

polib parses; two of its readings differ from GNU gettext's, and a template we write
must read back as the messages we wrote:
- given a string, polib splits it with `str.splitlines`, which also ends a line at a
  form feed, U+0085, U+2028 or U+2029: a msgid holding one (GNU writes them raw)
  became a syntax error. Lines here end at `\n` only, as in every PO reader.
- polib unescapes `\t`, `\n`, `\r`, `\v`, `\b`, `\f`, `\\` and `\"`, but leaves
  `\a` (GNU's and our writer's escape for the bell character) as written. It is
  turned into the character before polib reads the string.
Octal and hexadecimal escapes, which name bytes, are refused by `validate.py`.

And one cost: polib appends each continuation line to the string it builds with
`+=` on an attribute, which copies the string every time, so a long translation
(thousands of lines) took time quadratic in its length. Each string's lines are
joined here into its first line, and the lines they came from are left empty, which
polib skips: the entries' line numbers stay those of the file.
"""

from __future__ import annotations

import re

import polib

from mdgettext.po import suppressions, validate
from mdgettext.po.validate import STRING

_BELL = re.compile(r"\\(\\|a)")
_PREFIX = r"(?P<prefix>#~\|?[ \t]*|#\|[ \t]*)?"
_KEYWORD = re.compile(_PREFIX + r'(?P<keyword>msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]+"(?P<text>.*)"\s*$')
_CONTINUATION = re.compile(_PREFIX + r'"(?P<text>.*)"\s*$')


def read(text: str) -> polib.POFile:
    """The catalog in `text`, after the checks polib does not make (GNU gettext's syntax,
    `validate.py`), with suppressions written as flags turned into comments. A problem
    raises `validate.CatalogSyntaxError` (naming its line) or, from polib, ValueError or
    OSError."""
    validate.check_text(text)
    po = parse(text)
    validate.check_catalog(po, text)
    suppressions.as_comments(po)
    return po


def parse(text: str) -> polib.POFile:
    """The catalog in `text` (already checked by `validate.check_text`)."""
    if "\\a" in text:
        text = "\n".join(_bells(line) for line in text.split("\n"))
    parser = polib._POFileParser("", encoding="utf-8")
    parser.fhandle = _joined(text.split("\n"))
    po = parser.parse()
    po.wrapwidth = 79
    return po


def _joined(lines: list[str]) -> list[str]:
    """Each string on the line of its keyword, its continuation lines left empty."""
    at = 0
    while at < len(lines):
        keyword = _KEYWORD.match(lines[at])
        if keyword is None:
            at += 1
            continue
        kind = (keyword.group("prefix") or "").replace(" ", "").replace("\t", "")
        pieces, after = [keyword.group("text")], at + 1
        while after < len(lines):
            more = _CONTINUATION.match(lines[after])
            if more is None or (more.group("prefix") or "").replace(" ", "").replace("\t", "") != kind:
                break
            pieces.append(more.group("text"))
            lines[after] = ""
            after += 1
        if after > at + 1:
            lines[at] = f'{keyword.group("prefix") or ""}{keyword.group("keyword")} "{"".join(pieces)}"'
        at = after
    return lines


def _bells(line: str) -> str:
    if "\\a" not in line or not line.lstrip().startswith(('"', "msg", "#~")):  # comments are not unescaped
        return line
    return STRING.sub(
        lambda string: _BELL.sub(lambda m: "\a" if m.group(1) == "a" else m.group(0), string.group(0)), line
    )
