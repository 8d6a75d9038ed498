"""Where GNU gettext may break a line of a PO string: libunistring's rules, in Python.

`msgcat` wraps strings with libunistring 1.0's `ulc_width_linebreaks` (UAX #14
line breaking, East Asian wide characters counting two columns). A writer whose
files `msgcat` must leave unchanged has to break exactly there; this module is
the port, and `pofile.py` uses it. Line-break classes come from uniseg (Unicode 16)
and widths from Python's unicodedata; libunistring 1.0 uses Unicode 14, so the few
characters whose properties changed in between may wrap differently.

It is long because it is a port, table and branch for branch, of libunistring's
`u8_possible_linebreaks` and `u8_width_linebreaks`: kept whole so it can be read
against the C source.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import accumulate

from uniseg.emoji import extended_pictographic
from uniseg.linebreak import line_break

# ---------------------------------------------------------------------------
# Line breaking: a port of libunistring 1.0's u8_possible_linebreaks and
# u8_width_linebreaks, the functions behind ulc_width_linebreaks.
# ---------------------------------------------------------------------------

# Line break classes in libunistring's numbering.  The first 33 index the
# pair table; the rest are resolved before the table is consulted.
(
    WJ,
    GL,
    B2,
    BA,
    BB,
    HY,
    CL,
    CP1,
    CP2,
    EX,
    IN,
    NS,
    OP1,
    OP2,
    QU,
    IS,
    NU,
    PO,
    PR,
    SY,
    AL,
    H2,
    H3,
    ID1,
    ID2,
    JL,
    JV,
    JT,
    HL,
    RI,
    ZWJ,
    EB,
    EM,
) = range(33)
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
    "BK": BK,
    "NL": BK,
    "CR": CR,
    "LF": LF,
    "CM": CM,
    "ZW": ZW,
    "SP": SP,
    "WJ": WJ,
    "GL": GL,
    "B2": B2,
    "BA": BA,
    "BB": BB,
    "HY": HY,
    "CB": CB,
    "CL": CL,
    "EX": EX,
    "IN": IN,
    "NS": NS,
    "CJ": NS,
    "QU": QU,
    "IS": IS,
    "NU": NU,
    "PO": PO,
    "PR": PR,
    "SY": SY,
    "AI": AI,
    "AL": AL,
    "H2": H2,
    "H3": H3,
    "HL": HL,
    "JL": JL,
    "JV": JV,
    "JT": JT,
    "RI": RI,
    "ZWJ": ZWJ,
    "EB": EB,
    "EM": EM,
    "SA": SA,
    "XX": XX,
    "SG": XX,
    # Unicode 15.1 split Brahmic letters and viramas out of AL and CM.
    "AK": AL,
    "AP": AL,
    "AS": AL,
    "VI": CM,
    "VF": CM,
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
                result[i] = _pair_break(last_prop, prev_prop, prop, seen_space, ri_count)
                last_prop = prop
                seen_space = False
            prev_prop = HL_BA if prev_prop == HL and prop in (HY, BA) else prop
        ri_count = ri_count + 1 if prop == RI else 0
    return result


def _pair_break(last_prop: int, prev_prop: int, prop: int, seen_space: bool, ri_count: int) -> int:
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
    (0x2E80, 0x303E),
    (0x3040, 0xA4CF),
    (0xF900, 0xFAFF),
    (0xFE10, 0xFE1F),
    (0xFE30, 0xFE6F),
    (0xFF00, 0xFF60),
    (0xFFE0, 0xFFE6),
    (0x1F200, 0x1F2FF),
    (0x20000, 0x3FFFD),
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
    if unicodedata.bidirectional(ch) == "NSM" or category in ("Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    return 1


def width_linebreaks(
    text: str, width: int, start_column: int, overrides: Sequence[int], possible: Sequence[int] | None = None
) -> list[bool]:
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
        if brk in (POSSIBLE, MANDATORY) and last_p is not None and last_column + piece_width > width:
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

_CONTEXT_RE = re.compile("[" + "".join(re.escape(chr(c)) for c in _CONTEXT_CLASSES) + "]")

_SP_CODE = chr(SP)

_DIRECT_PAIRS = frozenset(
    chr(before) + chr(after) for before, row in enumerate(_PAIR_TABLE) for after, kind in enumerate(row) if kind == "D"
)
"""Class-code pairs with a break opportunity between adjacent characters."""

_SPACED_PAIRS = frozenset(
    chr(before) + chr(after) for before, row in enumerate(_PAIR_TABLE) for after, kind in enumerate(row) if kind in "DI"
)
"""Class-code pairs with a break opportunity when spaces separate them."""


def _is_opportunity(classes: str, i: int, prohibited: AbstractSet[int]) -> bool:
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


def _greedy_breaks(
    classes: str, prefix: Sequence[int], prohibited: AbstractSet[int], width: int, start_column: int
) -> list[int]:
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


class Portion:
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
        return _greedy_breaks(self._classes, self._prefix, self.prohibited, width, start_column)

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
        result = width_linebreaks(self.text, width, start_column, overrides, self._possible)
        return [i for i, brk in enumerate(result) if brk]
