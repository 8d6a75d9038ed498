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

Reading is polib's job; this module only writes.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import accumulate

import polib
from uniseg.emoji import extended_pictographic
from uniseg.linebreak import line_break

__all__ = ["dumps", "dump_entry"]

PAGE_WIDTH = 79
"""GNU's default ``--width``."""

# ---------------------------------------------------------------------------
# Line breaking: a port of libunistring 1.0's u8_possible_linebreaks and
# u8_width_linebreaks, the functions behind ulc_width_linebreaks.
# ---------------------------------------------------------------------------

# Line break classes in libunistring's numbering.  The first 33 index the
# pair table; the rest are resolved before the table is consulted.
(WJ, GL, B2, BA, BB, HY, CL, CP1, CP2, EX, IN, NS, OP1, OP2, QU, IS, NU, PO,
 PR, SY, AL, H2, H3, ID1, ID2, JL, JV, JT, HL, RI, ZWJ, EB, EM) = range(33)
BK, CR, LF, CM, ZW, SP, CB, AI, SA, XX = range(33, 43)
HL_BA = 100  # run-time only: Hebrew letter followed by HY or BA (LB21a)

# libunistring's pair table (UAX #14 table 7.3 with GNU's tweaks, e.g.
# IS x AL is a direct break so "</P>" and URLs can break after a dot).
# Row: class before the break; column: class after it.  D = direct break,
# I = break only if spaces intervene, P = prohibited.
_PAIR_TABLE: tuple[str, ...] = (
    "PIIIIIPPPPIIIIIPIIIPIIIIIIIIIIIII",  # WJ
    "PIIIIIPPPPIIIIIPIIIPIIIIIIIIIIIII",  # GL
    "PIPIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # B2
    "PDDIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # BA
    "PIIIIIPPPPIIIIIPIIIPIIIIIIIIIIIII",  # BB
    "PDDIDIPPPPIIDDIPIDDPDDDDDDDDDDDDD",  # HY
    "PIDIDIPPPPIPDDIPDIIPDDDDDDDDDDDDD",  # CL
    "PIDIDIPPPPIIDDIPIIIPIDDDDDDDIDIDD",  # CP1
    "PIDIDIPPPPIIDDIPDIIPDDDDDDDDDDDDD",  # CP2
    "PIDIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # EX
    "PIDIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # IN
    "PIDIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # NS
    "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP",  # OP1
    "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP",  # OP2
    "PIIIIIPPPPIIPPIPIIIPIIIIIIIIIIIII",  # QU
    "PIDIDIPPPPIIDDIPIDDPDDDDDDDDDDDDD",  # IS
    "PIDIDIPPPPIIIDIPIIIPIDDDDDDDIDIDD",  # NU
    "PIDIDIPPPPIIIIIPIDDPIDDDDDDDIDIDD",  # PO
    "PIDIDIPPPPIIIIIPIDDPIIIIIIIIIDIII",  # PR
    "PIDIDIPPPPIIDDIPIDDPDDDDDDDDIDDDD",  # SY
    "PIDIDIPPPPIIIDIPIIIPIDDDDDDDIDIDD",  # AL
    "PIDIDIPPPPIIDDIPDIDPDDDDDDIIDDDDD",  # H2
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDIDDDDD",  # H3
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDDDDDDD",  # ID1
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDDDDDDI",  # ID2
    "PIDIDIPPPPIIDDIPDIDPDIIDDIIDDDDDD",  # JL
    "PIDIDIPPPPIIDDIPDIDPDDDDDDIIDDDDD",  # JV
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDIDDDDD",  # JT
    "PIDIDIPPPPIIIDIPIIIPIDDDDDDDIDIDD",  # HL
    "PIDIDIPPPPIIDDIPDDDPDDDDDDDDDDDDD",  # RI
    "PIDIDIPPPPIIIDIPIIIPIDDIIDDDIDIII",  # ZWJ
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDDDDDDI",  # EB
    "PIDIDIPPPPIIDDIPDIDPDDDDDDDDDDDDD",  # EM
)

# uniseg knows Unicode 16 classes; map them onto libunistring 1.0's set.
_SIMPLE_CLASSES: dict[str, int] = {
    "BK": BK, "NL": BK, "CR": CR, "LF": LF, "CM": CM, "ZW": ZW, "SP": SP,
    "WJ": WJ, "GL": GL, "B2": B2, "BA": BA, "BB": BB, "HY": HY, "CB": CB,
    "CL": CL, "EX": EX, "IN": IN, "NS": NS, "CJ": NS, "QU": QU, "IS": IS,
    "NU": NU, "PO": PO, "PR": PR, "SY": SY, "AI": AI, "AL": AL, "H2": H2,
    "H3": H3, "HL": HL, "JL": JL, "JV": JV, "JT": JT, "RI": RI, "ZWJ": ZWJ,
    "EB": EB, "EM": EM, "SA": SA, "XX": XX, "SG": XX,
    # Unicode 15.1 split Brahmic letters and viramas out of AL and CM.
    "AK": AL, "AP": AL, "AS": AL, "VI": CM, "VF": CM,
}

UNDEFINED, PROHIBITED, POSSIBLE, MANDATORY = -1, 0, 1, 2
"""Break values before a character (UC_BREAK_* in unilbrk.h)."""


def _is_east_asian(ch: str) -> bool:
    """libunistring splits OP and CP by East Asian Width (F, W, H)."""
    return unicodedata.east_asian_width(ch) in ("F", "W", "H")


@lru_cache(maxsize=65536)
def _lb_class(ch: str) -> int:
    """The libunistring line break class of one character."""
    name = str(line_break(ch).value)
    if name == "OP":
        return OP2 if _is_east_asian(ch) else OP1
    if name == "CP":
        return CP2 if _is_east_asian(ch) else CP1
    if name == "ID":
        # ID2: unassigned pictographs, which may become emoji bases (LB30b).
        unassigned = unicodedata.category(ch) == "Cn"
        return ID2 if unassigned and extended_pictographic(ch) else ID1
    return _SIMPLE_CLASSES.get(name, XX)


def possible_linebreaks(text: str) -> list[int]:
    """Break value before each character of *text* (UAX #14, GNU flavour).

    A port of libunistring's ``u8_possible_linebreaks`` (as called by
    ``ulc_width_linebreaks``, i.e. without CR-LF recognition), for a
    non-CJK encoding.
    """
    result = [PROHIBITED] * len(text)
    prev_prop = BK  # class of the previous character
    last_prop = BK  # class of the last character that is not a space
    seen_space = False  # spaces since last_prop?
    ri_count = 0
    for i, ch in enumerate(text):
        prop = _lb_class(ch)
        if prop in (BK, LF, CR):
            result[i] = MANDATORY
            prev_prop = prop
            last_prop = BK
            seen_space = False
        else:
            if prop in (AI, SA, XX):
                prop = AL
            elif prop == CB:
                prop = ID1
            if prop == SP:
                result[i] = PROHIBITED
                seen_space = True
            elif prop == ZW:
                result[i] = PROHIBITED
                last_prop = ZW
                seen_space = False
            elif prop in (CM, ZWJ):
                if last_prop == BK:
                    result[i] = PROHIBITED
                    last_prop = AL
                    seen_space = False
                elif last_prop == ZW or seen_space:
                    result[i] = POSSIBLE
                    last_prop = AL
                    seen_space = False
                else:
                    result[i] = PROHIBITED
            else:
                result[i] = _pair_break(last_prop, prev_prop, prop,
                                        seen_space, ri_count)
                last_prop = prop
                seen_space = False
            if prev_prop == HL and prop in (HY, BA):
                prev_prop = HL_BA
            else:
                prev_prop = prop
        ri_count = ri_count + 1 if prop == RI else 0
    return result


def _pair_break(last_prop: int, prev_prop: int, prop: int,
                seen_space: bool, ri_count: int) -> int:
    """Break value before a character that is looked up in the pair table."""
    if last_prop == BK:
        return PROHIBITED
    if last_prop == ZW:
        return POSSIBLE
    if prev_prop == ZWJ:
        return PROHIBITED
    if last_prop == RI and prop == RI:
        return POSSIBLE if seen_space or ri_count % 2 == 0 else PROHIBITED
    if prev_prop == HL_BA:
        return PROHIBITED
    kind = _PAIR_TABLE[last_prop][prop]
    if kind == "D" or (kind == "I" and seen_space):
        return POSSIBLE
    return PROHIBITED


# Unassigned code points that libunistring 1.0 counts as double width.
_WIDE_UNASSIGNED: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x303E), (0x3040, 0xA4CF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F),
    (0xFE30, 0xFE6F), (0xFF00, 0xFF60), (0xFFE0, 0xFFE6),
    (0x1F200, 0x1F2FF), (0x20000, 0x3FFFD),
)


@lru_cache(maxsize=65536)
def char_width(ch: str) -> int:
    """Columns of *ch* as libunistring's ``uc_width`` counts them.

    -1 for control characters (GNU ignores them), 0 for non-spacing
    characters and Hangul medial/final jamo, 2 for East Asian wide and
    full-width characters (Hangul syllables, CJK), else 1.  Python's
    unicodedata (Unicode 14 on Python 3.11, like libunistring 1.0) is used
    rather than the wcwidth package, which gives spacing marks width 0.
    """
    cp = ord(ch)
    if cp == 0:
        return 0
    if cp < 0x20 or 0x7F <= cp < 0xA0:
        return -1
    category = unicodedata.category(ch)
    if category == "Cn":
        if any(lo <= cp <= hi for lo, hi in _WIDE_UNASSIGNED):
            return 2
        return 1
    if 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF:
        return 0
    if (unicodedata.bidirectional(ch) == "NSM"
            or category in ("Me", "Cf")):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    return 1


def width_linebreaks(text: str, width: int, start_column: int,
                     overrides: Sequence[int],
                     possible: Sequence[int] | None = None) -> list[bool]:
    """Where to break *text* so that lines fit in *width* columns.

    A port of libunistring's ``u8_width_linebreaks`` with
    ``at_end_columns == 0``: it fills greedily, breaking at the last break
    opportunity before a piece that would overflow.  Returns, for each
    character, whether a line break goes before it.  *overrides* replaces
    the UAX #14 value where it is not ``UNDEFINED``; *possible* may pass
    ``possible_linebreaks(text)`` when the caller already has it.
    """
    breaks = possible_linebreaks(text) if possible is None else possible
    result = [False] * len(text)
    last_p: int | None = None
    last_column = start_column
    piece_width = 0
    for i, ch in enumerate(text):
        brk = overrides[i] if overrides[i] != UNDEFINED else breaks[i]
        if brk in (POSSIBLE, MANDATORY):
            if last_p is not None and last_column + piece_width > width:
                result[last_p] = True
                last_column = 0
        if brk == MANDATORY:
            last_p = None
            last_column = 0
            piece_width = 0
        else:
            if brk == POSSIBLE:
                last_p = i
                last_column += piece_width
                piece_width = 0
            w = char_width(ch)
            if w >= 0:
                piece_width += w
    if last_p is not None and last_column + piece_width > width:
        result[last_p] = True
    return result


# ---------------------------------------------------------------------------
# Fast line breaking for the common case.
#
# possible_linebreaks and width_linebreaks look at every character in
# Python, which made dumps() the slowest step of the whole pipeline.  Two
# facts let us ask about far fewer characters and still get their result:
#
# * In text without the classes in _CONTEXT_CLASSES, the state machine of
#   possible_linebreaks reduces to a local rule: the break value before a
#   character depends only on its class, the class of the last non-space
#   before it, and whether a space lies in between (_is_opportunity).
# * The greedy fill of width_linebreaks only breaks at the last opportunity
#   before the first opportunity whose column exceeds the width; every
#   other opportunity just moves on.  With the columns as prefix sums, the
#   overflow point is found by bisection, and only the opportunities on
#   either side of it need to be looked at (_greedy_breaks).
#
# Text that does contain one of those classes (combining marks, ZWJ, regional
# indicators, Hebrew letters, ZW space, mandatory breaks such as U+2028, raw
# control characters) goes through the two functions above.
# ---------------------------------------------------------------------------

_CONTEXT_CLASSES = (BK, CR, LF, CM, ZW, ZWJ, RI, HL)
"""Classes whose effect on a break depends on more than the last non-space
before it (or that produce mandatory breaks): _is_opportunity does not
model them."""


def _resolved_class(ch: str) -> int:
    """The class possible_linebreaks works with: AI, SA and XX act as AL,
    CB acts as ID1 (libunistring resolves them before the pair table)."""
    prop = _lb_class(ch)
    if prop in (AI, SA, XX):
        return AL
    if prop == CB:
        return ID1
    return prop


class _CodeTable(dict[int, str]):
    """A ``str.translate`` table mapping a character to ``chr(f(char))``.

    ``translate`` then turns a whole text into a string of small codes in
    C; entries are computed on first use, so only characters that occur
    are ever looked up (and the table grows only with those).
    """

    def __init__(self, function: Callable[[str], int]) -> None:
        super().__init__()
        self._function = function

    def __missing__(self, codepoint: int) -> str:
        code = self[codepoint] = chr(self._function(chr(codepoint)))
        return code


_CLASS_CODES = _CodeTable(_resolved_class)
"""Text -> one line-break class code per character."""

_WIDTH_CODES = _CodeTable(lambda ch: max(char_width(ch), 0))
"""Text -> one column count per character (-1, "ignore", counts 0)."""

_CONTEXT_RE = re.compile(
    "[" + "".join(re.escape(chr(c)) for c in _CONTEXT_CLASSES) + "]")

_SP_CODE = chr(SP)

_DIRECT_PAIRS = frozenset(
    chr(before) + chr(after)
    for before, row in enumerate(_PAIR_TABLE)
    for after, kind in enumerate(row) if kind == "D")
"""Class-code pairs with a break opportunity between adjacent characters."""

_SPACED_PAIRS = frozenset(
    chr(before) + chr(after)
    for before, row in enumerate(_PAIR_TABLE)
    for after, kind in enumerate(row) if kind in "DI")
"""Class-code pairs with a break opportunity when spaces separate them."""


def _is_opportunity(classes: str, i: int,
                    prohibited: AbstractSet[int]) -> bool:
    """Whether a line may break before character *i*.

    Valid for text without _CONTEXT_CLASSES, where possible_linebreaks
    gives POSSIBLE exactly when character *i* is not a space, some
    non-space precedes it, and the pair table allows a break between the
    two (directly, or because spaces intervene).  An index in *prohibited*
    (an override) never breaks.
    """
    code = classes[i]
    if code == _SP_CODE or i in prohibited:
        return False
    j = i - 1
    while j >= 0 and classes[j] == _SP_CODE:
        j -= 1
    if j < 0:
        return False  # only spaces before: libunistring's last_prop is BK
    pairs = _DIRECT_PAIRS if j == i - 1 else _SPACED_PAIRS
    return classes[j] + code in pairs


def _greedy_breaks(classes: str, prefix: Sequence[int],
                   prohibited: AbstractSet[int], width: int,
                   start_column: int) -> list[int]:
    """width_linebreaks for text without _CONTEXT_CLASSES, as positions.

    *prefix[i]* is the width of the first *i* characters.  As in
    width_linebreaks, ``last_p`` is the last opportunity seen, and at each
    opportunity whose column exceeds *width* the line is broken at the
    opportunity before it.  Columns never decrease, so instead of walking
    every character we bisect for the first index that overflows and look
    for opportunities only around it.  Reaching the first opportunity of
    the text checks nothing (last_p was None there); it only becomes
    last_p.
    """
    n = len(classes)
    last_p = 0
    while last_p < n and not _is_opportunity(classes, last_p, prohibited):
        last_p += 1
    if last_p == n:
        return []
    breaks: list[int] = []
    limit = width - start_column  # columns exceed width where prefix > limit
    while True:
        overflow = bisect_right(prefix, limit, last_p + 1)
        if overflow > n:
            return breaks
        # The first opportunity at or after the overflow triggers the check
        # (the end of the text counts as one) ...
        check = overflow
        while check < n and not _is_opportunity(classes, check, prohibited):
            check += 1
        # ... which breaks at the last opportunity before it.
        brk = overflow - 1
        while brk > last_p and not _is_opportunity(classes, brk, prohibited):
            brk -= 1
        breaks.append(brk)
        if check == n:
            return breaks
        limit = width + prefix[brk]  # the new line starts at column 0
        last_p = check


class _Portion:
    """An escaped portion with its break overrides, and the analysis needed
    to wrap it, computed once for both layouts wrap_string may try (after
    the keyword, then on lines of its own)."""

    def __init__(self, text: str, prohibited: AbstractSet[int]) -> None:
        self.text = text
        self.prohibited = prohibited
        self._classes: str | None = None
        self._prefix: Sequence[int] = ()
        self._possible: list[int] | None = None

    def breaks(self, width: int, start_column: int) -> list[int]:
        """Indices where a line break goes, ascending (width_linebreaks)."""
        text = self.text
        # Cheap bound first: no character is wider than 2 columns (1 if
        # ASCII), and nothing breaks unless a column exceeds the width.
        most = len(text) if text.isascii() else 2 * len(text)
        if start_column + most <= width:
            return []
        if self._classes is None:
            self._analyse()
        if self._possible is not None:
            return self._slow_breaks(width, start_column)
        assert self._classes is not None
        return _greedy_breaks(self._classes, self._prefix, self.prohibited,
                              width, start_column)

    def _analyse(self) -> None:
        """Classes and column prefix sums; or the full UAX #14 pass when
        the text has classes _is_opportunity does not model."""
        text = self.text
        self._classes = text.translate(_CLASS_CODES)
        if _CONTEXT_RE.search(self._classes):
            self._possible = possible_linebreaks(text)
        elif text.isascii() and text.isprintable():
            self._prefix = range(len(text) + 1)  # one column each
        else:
            widths = text.translate(_WIDTH_CODES).encode("latin-1")
            self._prefix = list(accumulate(widths, initial=0))

    def _slow_breaks(self, width: int, start_column: int) -> list[int]:
        """The character-by-character port, for the rare texts that need it."""
        overrides = [UNDEFINED] * len(self.text)
        for i in self.prohibited:
            overrides[i] = PROHIBITED
        result = width_linebreaks(self.text, width, start_column, overrides,
                                  self._possible)
        return [i for i, brk in enumerate(result) if brk]


# ---------------------------------------------------------------------------
# Strings: escaping and wrapping (write-po.c's wrap()).
# ---------------------------------------------------------------------------

_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r",
            "\t": "t", "\v": "v", "\\": "\\", '"': '"'}

_ESCAPE_TABLE = str.maketrans({ch: "\\" + esc for ch, esc in _ESCAPES.items()})

_ESCAPE_RE = re.compile("[" + re.escape("".join(_ESCAPES)) + "]")

_PORTION_RE = re.compile(r"[^\n]*\n|[^\n]+")

_NOTHING: frozenset[int] = frozenset()


def _split_portions(value: str) -> list[str]:
    """Split after each newline, as GNU prints one line per portion."""
    return _PORTION_RE.findall(value) or [""]


def _escape_portion(portion: str, protected: Sequence[int]
                    ) -> tuple[str, AbstractSet[int]]:
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


def _protected_in(protected: Sequence[int], offset: int,
                  length: int) -> list[int]:
    """The *protected* indices in value[offset:offset + length], relative
    to *offset*."""
    if not protected:
        return []
    lo = bisect_left(protected, offset)
    hi = bisect_left(protected, offset + length)
    return [q - offset for q in protected[lo:hi]]


def wrap_string(keyword: str, value: str, prefix: str = "",
                do_wrap: bool = True, format_language: str | None = None,
                page_width: int = PAGE_WIDTH) -> list[str]:
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
    protected = _directive_positions(
        value, format_language, keyword.startswith("msgstr"))
    portions = _split_portions(value)
    lines: list[str] = []
    offset = 0
    for index, portion in enumerate(portions):
        text, prohibited = _escape_portion(
            portion, _protected_in(protected, offset, len(portion)))
        offset += len(portion)
        wrapped = _Portion(text, prohibited)
        if index > 0:
            head, breaks = prefix, wrapped.breaks(width, 0)
        elif text and (len(portions) > 1 or first_start > width
                       or wrapped.breaks(width, first_start)):
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
# Format directives: GNU never breaks a line inside one.
# ---------------------------------------------------------------------------

Span = tuple[int, int]
"""First and last index (inclusive) of a valid format directive."""


def _skip_digits(s: str, i: int) -> int:
    """Index of the first non-ASCII-digit at or after *i*."""
    while i < len(s) and s[i] in "0123456789":
        i += 1
    return i


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
        if _at(s, i) == "*":
            i += 1
            if named:
                return spans
            unnamed += 1
        else:
            i = _skip_digits(s, i)
        if _at(s, i) == ".":
            i += 1
            if _at(s, i) == "*":
                i += 1
                if named:
                    return spans
                unnamed += 1
            else:
                i = _skip_digits(s, i)
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


_C99_MACRO_RE = re.compile(
    r"<PRI[diouxX](?:MAX|PTR|(?:LEAST|FAST)?(?:8|16|32|64))>")

def c_directives(s: str, translated: bool = False,
                 objc: bool = False) -> list[Span]:
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
        while _at(s, i) in (" ", "+", "-", "#", "0", "'") or (
                translated and _at(s, i) == "I"):
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


def _directive_positions(value: str, language: str | None,
                         translated: bool) -> list[int]:
    """Indices inside each directive (not its first character), ascending:
    GNU allows no line break before them."""
    parser = _DIRECTIVE_PARSERS.get(language or "")
    if parser is None or not value:
        return []
    return sorted({k for start, end in parser(value, translated)
                   for k in range(start + 1, end + 1)})


# ---------------------------------------------------------------------------
# Comments and flags.
# ---------------------------------------------------------------------------

FORMAT_LANGUAGES: tuple[str, ...] = (
    "c", "objc", "python", "python-brace", "java", "java-printf", "csharp",
    "javascript", "scheme", "lisp", "elisp", "librep", "ruby", "sh", "awk",
    "lua", "object-pascal", "smalltalk", "qt", "qt-plural", "kde",
    "kde-kuit", "boost", "tcl", "perl", "perl-brace", "php", "gcc-internal",
    "gfc-internal", "ycp",
)
"""The ``*-format`` flags GNU gettext 0.21 knows, in the order it prints."""

_RANGE_RE = re.compile(r"range:\s*(\d+)\s*\.\.\s*(\d+)\Z")


def _comment_lines(marker: str, text: str) -> list[str]:
    """``# text`` lines; an empty line is the bare marker, as GNU writes."""
    if not text:
        return []
    return [f"{marker} {line}" if line else marker
            for line in text.split("\n")]


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


def _reference_lines(occurrences: Iterable[tuple[str, object]],
                     page_width: int = PAGE_WIDTH) -> list[str]:
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


def _parse_flags(flags: Iterable[str]) -> tuple[bool, dict[str, str],
                                                tuple[int, int] | None, bool]:
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
        if body.startswith(qualifier) and body[len(qualifier):] in \
                FORMAT_LANGUAGES:
            formats[body[len(qualifier):]] = qualifier
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
        return plural[min(plural, key=int)] if plural else ""
    return entry.msgstr


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
    return [(f"msgstr[{int(i)}]", plural[i])
            for i in sorted(plural, key=int)]


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
    previous = (("msgctxt", entry.previous_msgctxt),
                ("msgid", entry.previous_msgid),
                ("msgid_plural", entry.previous_msgid_plural))
    if entry.previous_msgid is None:
        previous = ()  # GNU's grammar has no "#|" block without a msgid
    for keyword, value in previous:
        if value is not None:
            lines += wrap_string(keyword, value, prev_prefix, do_wrap,
                                 language)

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
    msgstr = "".join(f"{key}: {value}\n"
                     for key, value in po.metadata.items())
    fuzzy = _header_is_fuzzy(po)
    if not (msgstr or po.header or fuzzy):
        return None
    return polib.POEntry(msgid="", msgstr=msgstr, tcomment=po.header or "",
                         flags=["fuzzy"] if fuzzy else [])


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
