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
"""

from __future__ import annotations

import re

import polib

from mdgettext.po.validate import STRING

_BELL = re.compile(r"\\(\\|a)")


def parse(text: str) -> polib.POFile:
    """The catalog in `text` (already checked by `validate.check_text`)."""
    if "\\a" in text:
        text = "\n".join(_bells(line) for line in text.split("\n"))
    parser = polib._POFileParser("", encoding="utf-8")
    parser.fhandle = text.split("\n")
    po = parser.parse()
    po.wrapwidth = 79
    return po


def _bells(line: str) -> str:
    if "\\a" not in line or not line.lstrip().startswith(('"', "msg", "#~")):  # comments are not unescaped
        return line
    return STRING.sub(
        lambda string: _BELL.sub(lambda m: "\a" if m.group(1) == "a" else m.group(0), string.group(0)), line
    )
