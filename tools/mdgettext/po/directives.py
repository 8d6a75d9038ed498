"""Printf-style format directives in PO strings: GNU never breaks a line inside one.

Only `c-format`, `objc-format` and `python-format` are modelled, as gettext 0.21
protects directives of those; `pofile.py` asks where they are before wrapping.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------------------
# Format directives: GNU never breaks a line inside one.
# ---------------------------------------------------------------------------

Span = tuple[int, int]
"""First and last index (inclusive) of a valid format directive."""


def _skip_digits(s: str, i: int) -> int:
    """Index of the first non-ASCII-digit at or after *i*."""
    while i < len(s) and s[i] in "0123456789":
        i += 1
    return i


def _width(s: str, i: int) -> tuple[int, int]:
    """Past a width or precision at *i*: digits, or `*`, which takes an argument (1)."""
    return (i + 1, 1) if _at(s, i) == "*" else (_skip_digits(s, i), 0)


def _at(s: str, i: int) -> str:
    """The character at *i*, or "" past the end (C's NUL)."""
    return s[i] if i < len(s) else ""


def python_directives(s: str, translated: bool = False) -> list[Span]:
    """Directives of a ``python-format`` string (format-python.c).

    Parsing stops at the first invalid directive, as GNU's does; that
    directive and everything after it get no protection.
    """
    spans: list[Span] = []
    named = unnamed = 0
    i = 0
    while i < len(s):
        if s[i] != "%":
            i += 1
            continue
        start = i
        i += 1
        name = None
        if _at(s, i) == "(":
            i += 1
            name_start, depth = i, 0
            while i < len(s):
                if s[i] == "(":
                    depth += 1
                elif s[i] == ")":
                    if depth == 0:
                        break
                    depth -= 1
                i += 1
            if i >= len(s):
                return spans
            name = s[name_start:i]
            i += 1
        while _at(s, i) in ("-", "+", " ", "#", "0"):
            i += 1
        i, star = _width(s, i)
        if _at(s, i) == ".":
            i, precision_star = _width(s, i + 1)
            star += precision_star
        if star and named:  # an argument taken by `*` has no name to take
            return spans
        unnamed += star
        if _at(s, i) in ("h", "l", "L"):
            i += 1
        conversion = _at(s, i)
        if not conversion or conversion not in "%csriduoxXeEfgG":
            return spans
        if name is not None:
            if unnamed:
                return spans
            named += 1
        elif conversion != "%":
            if named:
                return spans
            unnamed += 1
        spans.append((start, i))
        i += 1
    return spans


def _c_argno(s: str, i: int) -> tuple[int, int]:
    """Parse an optional ``N$``: (N or 0, index after it); N < 0 for 0$."""
    j = _skip_digits(s, i)
    if j > i and _at(s, j) == "$":
        number = int(s[i:j])
        return (number if number else -1), j + 1
    return 0, i


_C99_MACRO_RE = re.compile(r"<PRI[diouxX](?:MAX|PTR|(?:LEAST|FAST)?(?:8|16|32|64))>")


def c_directives(s: str, translated: bool = False, objc: bool = False) -> list[Span]:
    """Directives of a ``c-format`` string (format-c.c of gettext 0.21).

    ``%[N$][flags][width][.precision][size]conversion`` and the ISO C99
    ``%<PRIxx>`` macros; parsing stops at the first invalid directive.
    """
    spans: list[Span] = []
    numbered = unnumbered = 0
    conversions = "%cCsSiduoxXeEfFgGaApnm" + ("@" if objc else "")
    i = 0
    while i < len(s):
        if s[i] != "%":
            i += 1
            continue
        start = i
        number, i = _c_argno(s, i + 1)
        if number < 0:
            return spans
        while _at(s, i) in (" ", "+", "-", "#", "0", "'") or (translated and _at(s, i) == "I"):
            i += 1
        for part in ("width", "precision"):
            if part == "precision":
                if _at(s, i) != ".":
                    break
                i += 1
            if _at(s, i) == "*":
                arg, i = _c_argno(s, i + 1)
                if arg < 0 or (arg and unnumbered) or (not arg and numbered):
                    return spans
                if arg:
                    numbered += 1
                else:
                    unnumbered += 1
            else:
                i = _skip_digits(s, i)
        takes_argument = True
        if _at(s, i) == "<":
            macro = _C99_MACRO_RE.match(s, i)
            if macro is None:
                return spans
            i = macro.end() - 1
        else:
            while _at(s, i) and _at(s, i) in "hlLqjzZt":  # sizes
                i += 1
            conversion = _at(s, i)
            if not conversion or conversion not in conversions:
                return spans
            takes_argument = conversion not in ("%", "m")
        if takes_argument:
            if (number and unnumbered) or (not number and numbered):
                return spans
            if number:
                numbered += 1
            else:
                unnumbered += 1
        spans.append((start, i))
        i += 1
    return spans


def objc_directives(s: str, translated: bool = False) -> list[Span]:
    """Directives of an ``objc-format`` string: C's plus ``%@``."""
    return c_directives(s, translated, objc=True)


_DIRECTIVE_PARSERS = {
    "c": c_directives,
    "objc": objc_directives,
    "python": python_directives,
}
"""Languages whose directives are protected from line breaks.  (GNU 0.21
marks no directives for python-brace-format; languages not listed here
are not modelled.)"""


def directive_positions(value: str, language: str | None, translated: bool) -> list[int]:
    """Indices inside each directive (not its first character), ascending:
    GNU allows no line break before them."""
    parser = _DIRECTIVE_PARSERS.get(language or "")
    if parser is None or not value:
        return []
    return sorted({k for start, end in parser(value, translated) for k in range(start + 1, end + 1)})
