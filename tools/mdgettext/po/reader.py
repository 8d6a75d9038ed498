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
polib skips: the entries' line numbers stay those of the file. Which lines are a
keyword's and which its strings is the lexer's reading (po/lexer.py), the one validation
makes: no second matcher of PO lines here. It costs about 2 µs a line more than the
one regular expression it replaced: `parse` of the Korean catalog forty times over
(15,360 lines) took 79 ms of CPU instead of 50 (best of nine, `time.process_time`).
"""

from __future__ import annotations

import re

import polib

from mdgettext.po import suppressions, validate
from mdgettext.po.lexer import Kind, Line, lex
from mdgettext.po.validate import STRING

_BELL = re.compile(r"\\(\\|a)")


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
    """Each string on the line of its keyword, its continuation lines left empty. The
    lines are read by the lexer (po/lexer.py), as validation reads them: a keyword line
    and the string lines after it of its own kind (plain, `#~`, `#|`, `#~|`)."""
    tokens = list(lex("\n".join(lines)))
    at = 0
    while at < len(tokens):
        token = tokens[at]
        at += 1
        if not token.keyword or not _quoted(token.rest):
            continue
        kind, pieces, first = (token.obsolete, token.previous), [token.rest[1:-1]], at
        while at < len(tokens) and _continues(tokens[at], kind):
            pieces.append(tokens[at].rest[1:-1])
            lines[at] = ""
            at += 1
        if at > first:
            stripped = lines[first - 1].strip()
            prefix = stripped[: stripped.index(token.keyword)]
            lines[first - 1] = f'{prefix}{token.keyword} "{"".join(pieces)}"'
    return lines


def _quoted(rest: str) -> bool:
    return len(rest) >= 2 and rest[0] == rest[-1] == '"'


def _continues(token: Line, kind: tuple[bool, bool]) -> bool:
    """A string alone on its line, of the kind (obsolete, previous) of the keyword's before it."""
    string = token.kind is Kind.STRING or (token.kind is Kind.COMMENT and token.previous)
    return string and not token.keyword and _quoted(token.rest) and (token.obsolete, token.previous) == kind


def _bells(line: str) -> str:
    if "\\a" not in line or not line.lstrip().startswith(('"', "msg", "#~")):  # comments are not unescaped
        return line
    return STRING.sub(
        lambda string: _BELL.sub(lambda m: "\a" if m.group(1) == "a" else m.group(0), string.group(0)), line
    )
