"""Whether a formula sets: the TeX errors the book's typesetters would show a reader.

The site typesets `$…$` with KaTeX and kramdown's `$$…$$` with MathJax; both show a
formula they cannot read as red source text, and both set words in a script they
have no math glyphs for (Hangul, Han, Kana, an input method's full-width `（`) as a
jumble of letters. A translation's new formula must not do either: `\\left Y`, `x^a^b`,
a `{` never closed, an unknown `\\command`, `\\begin{equation}` inside a sentence,
`$4 이상 $10` (two prices read as one formula), or `O(N^2）`. The commands known are KaTeX's
(data/katex-commands.txt), the chapter's own and the project's macros.

One linear pass over the TeX, a small state per brace group; tests/test_tex.py
holds it to KaTeX on every formula of the book's English and three translations
(about 400) and on formulas broken in every way this module names.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache

TOKEN = re.compile(r"\\([A-Za-z]+)\s*|\\(.)|(%[^\n]*)|([{}^_&#])|(\s+)|(.)", re.S)
DELIMITERS = frozenset("()[]|./<>")
DELIMITER_WORDS = frozenset(
    "{ } | backslash langle rangle lvert rvert lVert rVert vert Vert lfloor rfloor lceil rceil uparrow "
    "downarrow updownarrow Uparrow Downarrow Updownarrow lgroup rgroup lmoustache rmoustache ulcorner "
    "urcorner llcorner lrcorner lbrace rbrace lbrack rbrack lang rang".split()
)
SIZED = frozenset(
    "left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm biggm Biggm".split()
)
TEXT_COMMANDS = frozenset("text textrm textbf textit textsf texttt textnormal textup textmd mbox hbox".split())
DISPLAY_ONLY = frozenset(
    "equation equation* align align* gather gather* alignat alignat* multline multline* flalign flalign*".split()
)
ALIGNING = frozenset(
    "align align* aligned alignat alignat* alignedat array matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix "
    "smallmatrix cases dcases rcases split gathered gather gather* eqnarray darray subarray CD".split()
)
# Scripts with no math glyphs (Hangul, kana, Han): words in them are prose, not symbols.
# Code point ranges, not a regular expression: `re` compiles a class of 45,000 code
# points one code point at a time (3 ms at every start, for a check few entries reach).
NO_MATH_GLYPHS = (
    (0x1100, 0x11FF),
    (0x3040, 0x30FF),
    (0x3130, 0x318F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
)
# An input method's full-width punctuation (`（`, `，`, `：`): no math glyph either, and
# in place of an ASCII one it is a slip (`O(N^2）`) that KaTeX's strict mode refuses.
FULL_WIDTH = re.compile(r"[\u3000-\u303f\uff00-\uff60\uffe0-\uffef]")


@cache
def katex_commands() -> frozenset[str]:
    """The commands KaTeX typesets, read once from the package's data."""
    from importlib.resources import files  # here: a build whose translations hold no formula reads none

    text = files("mdgettext.checks").joinpath("data/katex-commands.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.split("\n") if line and not line.startswith("#"))


def commands(tex: str) -> set[str]:
    """The control words a formula uses: what a chapter's English teaches the checker."""
    return {m.group(1) for m in TOKEN.finditer(tex) if m.group(1)}


@dataclass
class _Group:
    text: bool = False  # the argument of \text{…}: words, not math
    scripts: set[str] = field(default_factory=set)  # ^ and _ on the current base
    argument: str | None = None  # a ^ or _ waiting for its argument
    lefts: int = 0
    script: bool = False  # the group is a ^ or _ argument: closing it keeps the base


def errors(tex: str, display: bool = False, known: Collection[str] = ()) -> list[str]:
    """Why the formula does not set (the first problem of each kind); empty when it does."""
    found: dict[str, str] = {}
    stack = [_Group()]
    environments: list[str] = []
    expect: str | None = None  # a command that needs a delimiter next
    text_next = False
    for match in TOKEN.finditer(tex):
        word, symbol, comment, special, space, char = match.groups()
        group = stack[-1]
        if comment or space:
            continue
        if expect is not None:
            if not (char in DELIMITERS or symbol in ("{", "}", "|") or word in DELIMITER_WORDS):
                shown = char or (f"\\{word}" if word else f"\\{symbol}" if symbol else special or "the end")
                found.setdefault("delimiter", f"\\{expect} needs a delimiter after it, and {shown!r} is none")
            expect = None
            _base(group)
            continue
        if group.argument is not None and special not in ("{",):
            group.argument = None  # one token is the script's argument
            if word:
                _check_word(word, known, found, environments)
                text_next = word in TEXT_COMMANDS
            elif char and not group.text:
                _prose(char, tex, match.start(), found)
            continue
        if word:
            _check_word(word, known, found, environments)
            if word in SIZED:
                expect = word
                if word == "left":
                    group.lefts += 1
                elif word == "right":
                    group.lefts -= 1
                    if group.lefts < 0:
                        found.setdefault("right", "\\right closes no \\left")
                continue
            if word in ("begin", "end"):
                name = re.match(r"\s*\{([A-Za-z*]+)\}", tex[match.end() :])
                if name:
                    _environment(word, name.group(1), display, environments, found)
            text_next = word in TEXT_COMMANDS
            _base(group)
        elif special == "{":
            argument = group.argument is not None
            group.argument = None
            stack.append(_Group(text=group.text or text_next, script=argument))
            text_next = False
        elif special == "}":
            if len(stack) == 1:
                found.setdefault("brace", "a `}` closes no `{`")
                continue
            closed = stack.pop()
            if closed.lefts > 0:
                found.setdefault("left", "a \\left is never closed by \\right")
            if not closed.script:
                _base(stack[-1])
        elif special in ("^", "_"):
            if group.text:
                found.setdefault(
                    "text", f"a {special} inside \\text{{…}}, which sets text, not math (write \\{special})"
                )
                continue
            if special in group.scripts:
                found.setdefault(
                    "script",
                    f"double {'superscript' if special == '^' else 'subscript'}: a second {special} on one base",
                )
            group.scripts.add(special)
            group.argument = special
        elif special == "&":
            if not environments or environments[-1] not in ALIGNING:
                found.setdefault("ampersand", "an `&` outside an aligned environment")
            _base(group)
        elif special == "#" and not tex[match.end() : match.end() + 1].isdigit():  # `#1`: a macro's parameter
            found.setdefault("hash", "a `#` in a formula (write \\#)")
        else:
            if char and not group.text:
                _prose(char, tex, match.start(), found)
            if symbol != "\\":
                _base(group)
    if expect is not None:
        found.setdefault("delimiter", f"\\{expect} needs a delimiter after it")
    if any(g.argument in ("^", "_") for g in stack):
        found.setdefault("argument", "a ^ or _ with nothing after it")
    if len(stack) > 1:
        found.setdefault("brace", "a `{` is never closed")
    if stack[0].lefts > 0:
        found.setdefault("left", "a \\left is never closed by \\right")
    if environments:
        found.setdefault("environment", f"\\begin{{{environments[-1]}}} is never ended")
    return list(found.values())


def _base(group: _Group) -> None:
    """A new atom: scripts after it are its own."""
    group.scripts = set()


def _check_word(word: str, known: Collection[str], found: dict[str, str], environments: list[str]) -> None:
    if word not in katex_commands() and word not in known:
        found.setdefault("command", f"\\{word} is a command the typesetter does not know")


def _environment(word: str, name: str, display: bool, environments: list[str], found: dict[str, str]) -> None:
    if word == "begin":
        if name in DISPLAY_ONLY and not display:
            found.setdefault("display", f"\\begin{{{name}}} sets only in a displayed formula, not inside a sentence")
        environments.append(name)
    elif not environments or environments[-1] != name:
        found.setdefault("environment", f"\\end{{{name}}} ends no \\begin{{{name}}}")
    else:
        environments.pop()


def _prose(char: str, tex: str, at: int, found: dict[str, str]) -> None:
    """A character of prose set as math: words of a script, full-width punctuation, or
    the `$` of a formula closed with the wrong delimiter, read on as math."""
    if is_word(char):
        found.setdefault("words", f"sets the words {_words_at(tex, at)!r} as math")
    elif FULL_WIDTH.match(char):
        found.setdefault("full width", f"has the full-width {char!r}, which math has no glyph for (write it in ASCII)")
    elif char == "$":  # KaTeX: "Can't use function '$' in math mode"
        found.setdefault("dollar", "holds a `$` (a `$$` closed by one `$`?): close the formula as it opens")


def is_word(char: str) -> bool:
    """Whether a character is a letter of a script with no math glyphs."""
    code = ord(char)
    return any(low <= code <= high for low, high in NO_MATH_GLYPHS)


def _words_at(tex: str, at: int) -> str:
    """The run of prose around a character: what the reader would see as a jumble."""
    start, end = at, at
    while start > 0 and (is_word(tex[start - 1]) or tex[start - 1] == " "):
        start -= 1
    while end < len(tex) and (is_word(tex[end]) or tex[end] == " "):
        end += 1
    return tex[start:end].strip()[:30]
