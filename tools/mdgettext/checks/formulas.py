"""Whether a translation's formulas may reach a page: the English's, as TeX.

A formula is code for a typesetter (latex2mathml at build time, MathJax and KaTeX
on the book's site), and TeX reaches outside the formula: `\\href` makes a link,
`\\style` and `\\class` style the page, `\\unicode` and `\\text` put characters
into MathML that a careless converter writes out as HTML, `\\def` expands without
bound. So a translation's formulas are judged as the reader gets them (character
references decoded, as the browser decodes them before a typesetter reads the
text). A translation may write its own formulas, as translators do (prose written
as math, math as prose, the English's newer formula): each formula the English does
not have is screened, and refused if it uses a command that reaches outside math,
defines a macro, asks for a size no formula needs, is too long to typeset cheaply,
or puts more than plain words in a `\\text{…}`. No translator comment changes any
of this: these reasons are `safety.py`'s, which nothing silences. Whether a formula
sets at all is `markup.formula`'s (tex.py): a broken page, not active content.

Pure functions over strings, linear in the text's length.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mdgettext.checks.allowlist import ESCAPE
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.mathtext import TEXT_IN_MATH, find_math, normal, shortened, words_aside
from mdgettext.model import Reason

NOTE = "math may differ"  # an author's note that opens with these words frees the message's formulas
MAX_TEX = 4000  # characters in one formula; the book's longest has 800
MAX_COMMANDS = 600  # control sequences in one formula
MAX_EM = 20.0  # the largest space or rule a formula may ask for, in em
# Commands that reach outside the formula (links, styles, HTML, characters by
# number, extensions), define macros, or draw or move by a size they are given.
ACTIVE = re.compile(
    r"\\(href|url|style|class|cssId|unicode|html[A-Za-z]*|require|data|includegraphics|bbox|toggle|action|"
    r"mmlToken|tooltip|texttip|def|gdef|edef|xdef|let|futurelet|newcommand|renewcommand|providecommand|"
    r"DeclareMathOperator|newenvironment|renewenvironment|csname|expandafter)(?![A-Za-z])"
)
COMMAND = re.compile(r"\\(?:[A-Za-z]+|.)")
SIZE = re.compile(r"(-?\d*\.?\d+)\s*(em|ex|pt|px|pc|mu|cm|mm|in|bp|dd|cc|sp)(?![A-Za-z])")
EM = {"em": 1, "ex": 0.5, "pt": 0.1, "px": 0.0625, "pc": 1.2, "mu": 1 / 18, "cm": 2.85, "mm": 0.285, "in": 7.2}
EM |= {"bp": 0.1, "dd": 0.107, "cc": 1.28, "sp": 0.0}
# Punctuation a translated `\text{…}` may hold besides letters, marks, digits and spaces:
# nothing TeX, HTML, Markdown or Liquid reads (`\ { } $ & < > % # ^ _ ~ " | \``).
PLAIN_PUNCTUATION = frozenset(".,;:!?'()[]/-+=*·…–—‘’“”「」『』、。，：；！？（）×")
MATHJAX = ("\\(", "\\[")
CHANGED, DROPPED = "formula changed", "formula dropped"  # the reasons' kinds: checks/__init__.py reads them


@dataclass(frozen=True)
class Formulas:
    """The formulas of one text, as each reader of it finds them."""

    page: tuple[str, ...]  # as the HTML page reads the Markdown (markdown-it), in order
    written: tuple[str, ...]  # in the text, escapes and character references read once, code spans too
    mathjax: int  # formulas between `\\(…\\)` or `\\[…\\]`, which the English may not have


def formulas_of(text: str, reader: Reader | None) -> Formulas:
    """Every formula of a message; `reader` reads it as Markdown (None: it is not Markdown,
    as in an HTML block's text or a front-matter value, where `\\(` stays `\\(`)."""
    if "$" not in text and "\\" not in text and "&" not in text:
        return Formulas((), (), 0)
    found = find_math(html.unescape(ESCAPE.sub(r"\1", text) if reader is not None else text))
    page = tuple(normal(tex) for _, tex in reader(text).math) if reader is not None else ()
    written = tuple(normal(m.tex) for m in found)
    return Formulas(page, written, sum(1 for m in found if m.opening in MATHJAX))


def free(notes: Iterable[str]) -> bool:
    """Whether an author's note lets the message's formulas differ from the English's."""
    return any(note.strip().lower().startswith(NOTE) for note in notes)


def reasons(english: Formulas, translation: Formulas, notes: Iterable[str] = ()) -> list[Reason]:
    """Why the translation's formulas may not be published in place of the English's;
    each reason one clause after "the translation", with what to change.

    A translation may write its own formulas (prose as math, math as prose, the
    English's newer formula): the page still reads, and `markup.math` and
    `markup.formula` say what to look at. What it may not do is reach outside math:
    each formula the English does not have (its `\\text{}` words aside) is screened."""
    found: list[Reason] = []
    for mine, theirs in ((english.page, translation.page), (english.written, translation.written)):
        known, same = Counter(words_aside(tex) for tex in mine), set(mine)
        words = frozenset(w for tex in mine for w in texts(tex))  # the English's own `\text{…}`, as written
        for number, tex in enumerate(theirs, 1):
            if tex in same:  # the English's own formula, as it is
                continue
            if known[words_aside(tex)] > 0:
                known[words_aside(tex)] -= 1
                if plain_words(tex, words):
                    continue
            found += [
                Reason(CHANGED, f"has formula {number} `{shortened(tex)}`, which {why}") for why in screen(tex, words)
            ]
        if found:
            break  # the second reading tells the same story in other words
    return found


def plain_words(tex: str, english: frozenset[str] = frozenset()) -> bool:
    """Whether every `\\text{…}` of a formula holds plain words only, or what a `\\text{…}`
    of its English holds (`\\text{num_params}`: the author's, copied)."""
    return all(_plain(words) or words in english for words in texts(tex))


def texts(tex: str) -> list[str]:
    """What each `\\text{…}` of a formula holds."""
    return [match.group(0)[len(match.group(1)) + 1 : -1] for match in TEXT_IN_MATH.finditer(tex)]


def _plain(words: str) -> bool:
    return all(c == " " or c in PLAIN_PUNCTUATION or unicodedata.category(c)[0] in "LMN" for c in words)


def screen(tex: str, english: frozenset[str] = frozenset()) -> list[str]:
    """Why a formula the English does not have may not be typeset; empty when it may.
    Linear in its length: a formula too long or with too many commands is refused unread.
    `english`: what the English's `\\text{…}` hold, which a formula may hold too."""
    if len(tex) > MAX_TEX:
        return [f"is longer than {MAX_TEX} characters"]
    commands = COMMAND.findall(tex)
    if len(commands) > MAX_COMMANDS:
        return [f"has more than {MAX_COMMANDS} TeX commands"]
    found = [f"uses \\{name}, which reaches outside the formula" for name in dict.fromkeys(ACTIVE.findall(tex))]
    large = [m.group(0) for m in SIZE.finditer(tex) if abs(float(m.group(1))) * EM[m.group(2)] > MAX_EM]
    if large:
        found.append(f"asks for a size of {large[0]}, more than {MAX_EM:g}em")
    if not plain_words(tex, english):
        found.append("has a \\text{…} with more than plain words in it")
    return found
