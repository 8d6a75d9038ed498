"""Write a ``polib.POFile`` exactly the way GNU gettext's ``msgcat`` does.

polib's ``__str__``/``save()`` and Babel's ``write_po`` wrap strings
differently from GNU gettext, so every ``msgcat``/``msgmerge`` run over a
catalog they wrote would rewrap it and produce noisy diffs.  This module
mirrors ``write-po.c`` of GNU gettext 0.21 and the line breaking of the
libunistring it is linked with (``ulc_width_linebreaks``, libunistring 1.0),
so that ``msgcat FILE`` reprints a file written by :func:`dumps` byte for
byte and ``msgfmt --check`` accepts it.

What GNU normalizes when it reads a file is normalized here too (otherwise
the output would not be a fixed point of ``msgcat``):

* flags are reordered (``fuzzy``, the ``*-format`` flags in GNU's order,
  ``range:``, ``no-wrap``); flags GNU does not know are dropped;
  ``possible-X-format`` is written as ``X-format``; ``fuzzy`` is dropped
  when the msgstr is empty;
* references lose leading ``./`` and duplicates;
* obsolete entries with an empty msgstr are not written at all, and keep
  only their ``fuzzy``, ``*-format`` and ``no-wrap`` flags;
* ``previous_msgctxt``/``previous_msgid_plural`` are only written together
  with a ``previous_msgid`` (GNU cannot read them otherwise).

Known limits, where GNU itself cannot round-trip or we do not model it:

* a comment line ending in a backslash is joined to the next line by GNU's
  lexer (a syntax error in ``msgcat``); it is written verbatim;
* the catalog is assumed to be UTF-8 (``charset=UTF-8`` in the header);
* line-break classes come from uniseg (Unicode 16) and widths from Python's
  unicodedata, while libunistring 1.0 uses Unicode 14: characters whose
  properties changed in between (a few Brahmic, Javanese, vertical-form
  and newly added characters) may wrap differently;
* breaks inside format directives are prevented for ``c-format``,
  ``objc-format`` and ``python-format`` only (gettext 0.21 protects no
  ``python-brace-format`` directives; other languages are not modelled).

Reading is polib's job; this module only writes. It is long because it follows
``write-po.c`` function by function, so it can be checked against the C source.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

import polib

from mdgettext.po.directives import directive_positions
from mdgettext.po.linebreak import Portion

__all__ = ["dump_entry", "dumps"]

PAGE_WIDTH = 79
"""GNU's default ``--width``."""

# ---------------------------------------------------------------------------
# Strings: escaping and wrapping (write-po.c's wrap()).
# ---------------------------------------------------------------------------

_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v", "\\": "\\", '"': '"'}

_ESCAPE_TABLE = str.maketrans({ch: "\\" + esc for ch, esc in _ESCAPES.items()})

_ESCAPE_RE = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")

_PORTION_RE = re.compile(r"[^\n]*\n|[^\n]+")

_NOTHING: frozenset[int] = frozenset()


def _split_portions(value: str) -> list[str]:
    """Split after each newline, as GNU prints one line per portion."""
    return _PORTION_RE.findall(value) or [""]


def _escape_portion(portion: str, protected: Sequence[int]) -> tuple[str, AbstractSet[int]]:
    """C-escape *portion*; return it with the indices where no line may
    break: inside escape sequences, before the ``\\n`` that ends the
    portion, and inside format directives.

    *protected* (ascending indices into *portion*) are the characters
    inside format directives; the override applies before their escaped
    form.
    """
    escapes = [m.start() for m in _ESCAPE_RE.finditer(portion)]
    if not escapes and not protected:
        return portion, _NOTHING  # the common case: nothing to escape
    text = portion.translate(_ESCAPE_TABLE)
    # The k-th escape (0-based) at index s of the portion is written at
    # s + k; its second character follows.
    prohibited = {s + k + 1 for k, s in enumerate(escapes)}
    prohibited.update(q + bisect_left(escapes, q) for q in protected)
    if portion.endswith("\n"):
        prohibited.add(len(text) - 2)  # not between the text and "\n"
    return text, prohibited


def _protected_in(protected: Sequence[int], offset: int, length: int) -> list[int]:
    """The *protected* indices in value[offset:offset + length], relative
    to *offset*."""
    if not protected:
        return []
    lo = bisect_left(protected, offset)
    hi = bisect_left(protected, offset + length)
    return [q - offset for q in protected[lo:hi]]


def wrap_string(
    keyword: str,
    value: str,
    prefix: str = "",
    do_wrap: bool = True,
    format_language: str | None = None,
    page_width: int = PAGE_WIDTH,
) -> list[str]:
    """Lines for ``keyword "value"``, wrapped like GNU (without newlines).

    *prefix* is ``"#~ "`` for obsolete entries, ``"#| "``/``"#~| "`` for
    previous strings.  GNU reserves one column for each quote, so text
    lines hold at most ``page_width - 2 - len(prefix)`` columns; a value
    that spans several lines starts with ``keyword ""``.  With a
    *format_language* (``"python"`` for ``python-format``...), lines are
    not broken inside format directives.
    """
    width = (page_width if do_wrap else 2**31 - 1) - 2 - len(prefix)
    first_start = len(keyword) + 1  # column after `keyword "`, less prefix
    protected = directive_positions(value, format_language, keyword.startswith("msgstr"))
    portions = _split_portions(value)
    lines: list[str] = []
    offset = 0
    for index, portion in enumerate(portions):
        text, prohibited = _escape_portion(portion, _protected_in(protected, offset, len(portion)))
        offset += len(portion)
        wrapped = Portion(text, prohibited)
        if index > 0:
            head, breaks = prefix, wrapped.breaks(width, 0)
        elif text and (len(portions) > 1 or first_start > width or wrapped.breaks(width, first_start)):
            # GNU starts with `keyword ""` when the value does not fit on
            # the keyword's line.
            lines.append(f'{prefix}{keyword} ""')
            head, breaks = prefix, wrapped.breaks(width, 0)
        else:
            head, breaks = f"{prefix}{keyword} ", []
        for piece in _cut(text, breaks):
            lines.append(f'{head}"{piece}"')
            head = prefix
    return lines


def _cut(text: str, breaks: Iterable[int]) -> list[str]:
    """Split *text* before every index in *breaks* (ascending)."""
    pieces: list[str] = []
    start = 0
    for i in breaks:
        if i > start:
            pieces.append(text[start:i])
            start = i
    pieces.append(text[start:])
    return pieces


# ---------------------------------------------------------------------------
# Comments and flags.
# ---------------------------------------------------------------------------

FORMAT_LANGUAGES: tuple[str, ...] = (
    "c",
    "objc",
    "python",
    "python-brace",
    "java",
    "java-printf",
    "csharp",
    "javascript",
    "scheme",
    "lisp",
    "elisp",
    "librep",
    "ruby",
    "sh",
    "awk",
    "lua",
    "object-pascal",
    "smalltalk",
    "qt",
    "qt-plural",
    "kde",
    "kde-kuit",
    "boost",
    "tcl",
    "perl",
    "perl-brace",
    "php",
    "gcc-internal",
    "gfc-internal",
    "ycp",
)
"""The ``*-format`` flags GNU gettext 0.21 knows, in the order it prints."""

_RANGE_RE = re.compile(r"range:\s*(\d+)\s*\.\.\s*(\d+)\Z")


def _comment_lines(marker: str, text: str) -> list[str]:
    """``# text`` lines; an empty line is the bare marker, as GNU writes."""
    if not text:
        return []
    return [f"{marker} {line}" if line else marker for line in text.split("\n")]


def _strip_dot_slash(path: str) -> str:
    """GNU drops leading ``./`` from file names."""
    while path.startswith("./"):
        path = path[2:]
    return path


def _reference(path: str, line: object) -> str:
    """``path:line``, or ``path`` alone when there is no line number."""
    path = _strip_dot_slash(path)
    line_text = str(line).strip() if line is not None else ""
    if not line_text:
        return path
    if line_text.isdecimal() and line_text.isascii():
        line_text = str(int(line_text))
    return f"{path}:{line_text}"


def _reference_lines(occurrences: Iterable[tuple[str, object]], page_width: int = PAGE_WIDTH) -> list[str]:
    """``#:`` lines filled up to *page_width* bytes, duplicates removed."""
    refs: list[str] = []
    for path, line in occurrences:
        ref = _reference(path, line)
        if ref not in refs:
            refs.append(ref)
    if not refs:
        return []
    lines: list[str] = []
    current = "#:"
    column = 2
    for ref in refs:
        size = len(ref.encode("utf-8")) + 1
        if column > 2 and column + size > page_width:
            lines.append(current)
            current, column = "#:", 2
        current += " " + ref
        column += size
    lines.append(current)
    return lines


def _parse_flags(flags: Iterable[str]) -> tuple[bool, dict[str, str], tuple[int, int] | None, bool]:
    """Read polib flags as GNU does: (fuzzy, formats, range, no_wrap).

    Later flags override earlier ones; unknown flags are ignored.
    """
    fuzzy = False
    formats: dict[str, str] = {}
    arg_range: tuple[int, int] | None = None
    no_wrap = False
    for raw in flags:
        flag = raw.strip()
        if flag == "fuzzy":
            fuzzy = True
        elif flag == "wrap":
            no_wrap = False
        elif flag == "no-wrap":
            no_wrap = True
        elif match := _RANGE_RE.match(flag):
            low, high = int(match.group(1)), int(match.group(2))
            if low <= high:
                arg_range = (low, high)
        elif flag.endswith("-format"):
            _parse_format_flag(flag[: -len("-format")], formats)
    return fuzzy, formats, arg_range, no_wrap


def _parse_format_flag(body: str, formats: dict[str, str]) -> None:
    """Record ``[possible-|no-|impossible-|undecided-]LANG`` in *formats*."""
    for qualifier in ("possible-", "impossible-", "undecided-", "no-", ""):
        if body.startswith(qualifier) and body[len(qualifier) :] in FORMAT_LANGUAGES:
            formats[body[len(qualifier) :]] = qualifier
            return


def _format_flag_names(formats: dict[str, str]) -> list[str]:
    """Significant format flags, in GNU's order and spelling."""
    if not formats:
        return []  # the usual case; spares a walk over every language
    names = []
    for lang in FORMAT_LANGUAGES:
        qualifier = formats.get(lang)
        if qualifier in ("", "possible-"):
            names.append(f"{lang}-format")
        elif qualifier == "no-":
            names.append(f"no-{lang}-format")
    return names


def _wrapping_format_language(formats: dict[str, str]) -> str | None:
    """The language whose directives GNU protects: the first one flagged
    ``X-format`` or ``possible-X-format``, in GNU's order."""
    if not formats:
        return None
    for lang in FORMAT_LANGUAGES:
        if formats.get(lang) in ("", "possible-"):
            return lang
    return None


def _first_msgstr(entry: polib.POEntry) -> str:
    """GNU's ``mp->msgstr[0]`` test looks at the first msgstr only."""
    if entry.msgid_plural:
        plural = entry.msgstr_plural
        return str(plural[min(plural, key=int)]) if plural else ""
    return str(entry.msgstr)


def _flags_line(entry: polib.POEntry) -> list[str]:
    """The ``#,`` line, normalized the way GNU prints it."""
    fuzzy, formats, arg_range, no_wrap = _parse_flags(entry.flags)
    names: list[str] = []
    if entry.obsolete:
        if fuzzy:
            names.append("fuzzy")
        names.extend(_format_flag_names(formats))
    else:
        if fuzzy and _first_msgstr(entry):
            names.append("fuzzy")
        names.extend(_format_flag_names(formats))
        if arg_range is not None:
            names.append(f"range: {arg_range[0]}..{arg_range[1]}")
    if no_wrap:
        names.append("no-wrap")
    return ["#, " + ", ".join(names)] if names else []


# ---------------------------------------------------------------------------
# Entries and files.
# ---------------------------------------------------------------------------


def _msgstr_items(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(keyword, value) pairs for the translation(s)."""
    if not entry.msgid_plural:
        return [("msgstr", entry.msgstr)]
    plural = entry.msgstr_plural or {0: ""}
    return [(f"msgstr[{int(i)}]", plural[i]) for i in sorted(plural, key=int)]


def dump_entry(entry: polib.POEntry) -> str:
    """One entry as GNU writes it, without the separating blank line.

    Obsolete entries get ``#~ `` before their keyword lines (comments stay
    plain, as in GNU).  An obsolete entry with an empty msgstr is returned
    as ``""``: GNU drops such entries.
    """
    obsolete = bool(entry.obsolete)
    if obsolete and not _first_msgstr(entry):
        return ""
    _, formats, _, no_wrap = _parse_flags(entry.flags)
    do_wrap = not no_wrap
    language = _wrapping_format_language(formats)
    lines: list[str] = []
    lines += _comment_lines("#", entry.tcomment or "")
    lines += _comment_lines("#.", entry.comment or "")
    lines += _reference_lines(entry.occurrences or [])
    lines += _flags_line(entry)

    prev_prefix = "#~| " if obsolete else "#| "
    previous: tuple[tuple[str, str | None], ...] = (
        ("msgctxt", entry.previous_msgctxt),
        ("msgid", entry.previous_msgid),
        ("msgid_plural", entry.previous_msgid_plural),
    )
    if entry.previous_msgid is None:
        previous = ()  # GNU's grammar has no "#|" block without a msgid
    for keyword, value in previous:
        if value is not None:
            lines += wrap_string(keyword, value, prev_prefix, do_wrap, language)

    prefix = "#~ " if obsolete else ""
    items: list[tuple[str, str]] = []
    if entry.msgctxt is not None:
        items.append(("msgctxt", entry.msgctxt))
    items.append(("msgid", entry.msgid))
    if entry.msgid_plural:
        items.append(("msgid_plural", entry.msgid_plural))
    items += _msgstr_items(entry)
    for keyword, value in items:
        lines += wrap_string(keyword, value, prefix, do_wrap, language)
    return "\n".join(lines)


def _header_entry(po: polib.POFile) -> polib.POEntry | None:
    """The header as an entry with msgid "", or None if there is none."""
    msgstr = "".join(f"{key}: {value}\n" for key, value in po.metadata.items())
    fuzzy = _header_is_fuzzy(po)
    if not (msgstr or po.header or fuzzy):
        return None
    return polib.POEntry(msgid="", msgstr=msgstr, tcomment=po.header or "", flags=["fuzzy"] if fuzzy else [])


def _header_is_fuzzy(po: polib.POFile) -> bool:
    """polib stores a bool, or the header's flag list when it parsed one."""
    fuzzy = po.metadata_is_fuzzy
    if isinstance(fuzzy, (list, tuple)):
        return "fuzzy" in fuzzy
    return bool(fuzzy)


def dumps(po: polib.POFile) -> str:
    """The whole catalog as GNU ``msgcat`` would print it.

    Order: header, the live entries in their order, then the obsolete
    entries (GNU moves them to the end).  Entries are separated by one
    blank line; the text ends with a single newline.
    """
    entries: list[polib.POEntry] = []
    header = _header_entry(po)
    if header is not None:
        entries.append(header)
    entries += [e for e in po if not e.obsolete]
    entries += [e for e in po if e.obsolete]
    blocks = [text for text in map(dump_entry, entries) if text]
    return "\n\n".join(blocks) + "\n" if blocks else ""
