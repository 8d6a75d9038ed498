"""Formulas typeset when the page is built, as MathML, so a reader needs no script and no network.

The book's site typesets in the browser: MathJax reads `\\(…\\)` and `\\[…\\]` (what
kramdown writes for `$$`), KaTeX's auto-render reads `$…$` and `$$…$$` left in the
text. This module does the same reading (`markdown/mathtext.py`) over the page's
text nodes, outside code, and replaces each formula with the MathML latex2mathml
makes of it, which browsers draw natively (MathML Core). Why not MathJax or KaTeX
shipped with the page: the pages promise no script and work offline from disk, and
MathML costs about 300 bytes a formula where either library costs hundreds of
kilobytes of script and fonts. A formula latex2mathml cannot read stays as its TeX,
as it would on a page whose script failed.

What latex2mathml makes is not trusted either: it writes the text of `\\text{…}`
and `\\unicode{…}` out unescaped, and `\\href`, `\\style` and `\\class` as
attributes. So its element tree is judged against an allow-list of MathML Core
(`mathml_judge.py`) and written out here, every text and attribute value escaped;
a formula with anything else in it, or too costly to convert, stays as its TeX,
escaped, and the build says so.

Two things are drawn as MathJax draws them, where latex2mathml differs: `\\cdot` is
the dot operator (U+22C5), not the middle dot (U+00B7) latex2mathml writes, which
a Chinese or Japanese font draws as a full-width punctuation mark; and `\\$` in the
text is a dollar sign, never a delimiter (MathJax's `processEscapes`): kramdown
keeps the backslash inside raw HTML such as the book's `<d-footnote>`.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from xml.etree.ElementTree import Element

from latex2mathml.converter import convert_to_element

from mdgettext.markdown.mathtext import find_math, shortened
from mdgettext.publish.mathml_judge import costly, serialized

LONG_INLINE = 32  # TeX characters from which an inline formula may be wider than a 390 px phone's line
# Elements whose text is never math to a typesetter (auto-render's ignoredTags, and MathML itself).
IGNORED = frozenset({"script", "noscript", "style", "textarea", "pre", "code", "option", "math"})
MIDDLE_DOT, DOT_OPERATOR = "\u00b7", "\u22c5"  # latex2mathml's `\\cdot`, MathJax's
ESCAPED_DOLLAR = "\\$"
KEPT = "\ue000"  # stands for an escaped dollar while the text is searched for math
TAG = re.compile(r"""<!--.*?-->|<(/?)([A-Za-z][\w:-]*)(?:[^>"']|"[^"]*"|'[^']*')*>""", re.DOTALL)


def typeset(page: str, refused: list[str] | None = None, dollars: bool = True) -> str:
    """`page` with every formula in its text replaced by MathML; each formula left as
    TeX because its MathML was not safe to publish is told in `refused`. `dollars`:
    `$` in text is math (a kramdown site's), not a dollar sign (mathtext.find_math)."""
    out: list[str] = []
    last = 0
    ignored: list[str] = []  # open elements whose text is left alone
    told = refused if refused is not None else []
    for tag in TAG.finditer(page):
        out.append(page[last : tag.start()] if ignored else _text(page[last : tag.start()], told, dollars))
        out.append(tag.group(0))
        last = tag.end()
        closing, name = tag.group(1), (tag.group(2) or "").lower()
        if name in IGNORED and not tag.group(0).endswith("/>"):
            if not closing:
                ignored.append(name)
            elif ignored and ignored[-1] == name:
                ignored.pop()
    out.append(page[last:] if ignored else _text(page[last:], told, dollars))
    return "".join(out)


def _text(node: str, refused: list[str], dollars: bool) -> str:
    """One text node: its formulas as MathML, the rest as it was."""
    if not any(c in node for c in "$\\"):
        return node
    text = html.unescape(node)
    escapes = dollars and ESCAPED_DOLLAR in text and KEPT not in text
    if escapes:
        text = text.replace(ESCAPED_DOLLAR, KEPT)
    found = find_math(text, dollars)
    if not found and not escapes:
        return node

    def shown(piece: str) -> str:
        return html.escape(piece.replace(KEPT, "$"), quote=False)

    pieces, last = [], 0
    for math in found:
        pieces.append(shown(text[last : math.start]))
        tex = math.tex.replace(KEPT, ESCAPED_DOLLAR)  # inside math, TeX's own escaped dollar
        element, why = mathml(tex, math.display)
        if why:
            refused.append(f"formula `{shortened(tex)}` shown as TeX: {why}")
        pieces.append(element or html.escape(text[math.start : math.end].replace(KEPT, ESCAPED_DOLLAR), quote=False))
        last = math.end
    pieces.append(shown(text[last:]))
    return "".join(pieces)


@lru_cache(maxsize=4096)
def mathml(tex: str, display: bool) -> tuple[str | None, str]:
    """A formula as MathML, or None and why not: latex2mathml cannot read it (no
    reason: a page whose script failed shows TeX too), or it is too costly to
    convert or converts to more than MathML (the reason). Converted once per
    process: a chapter's pages in every language, and a book's recurring symbols,
    share it (the conversion is a third of a page's cost)."""
    if why := costly(tex):
        return None, why
    try:
        element = convert_to_element(tex.strip(), display="block" if display else "inline")
    except Exception:  # latex2mathml raises many kinds of errors for TeX it does not know
        return None, ""
    written, why = serialized(_as_mathjax_draws(element))
    if written is None:
        return None, why
    # A formula that may scroll sideways on a phone takes the keyboard's focus (WCAG 2.1.1): every
    # display one, and an inline one long enough to outgrow a phone's line (a tab stop per short
    # formula would make the keyboard crawl through the text)
    scrolls = display or len(tex.strip()) >= LONG_INLINE
    focus = ' tabindex="0"' if scrolls else ""
    wrapper = f'<span class="math {"display" if display else "inline"}"{focus}>'
    return f"{wrapper}{written}</span>", ""


def _as_mathjax_draws(root: Element) -> Element:
    """The tree with `\\cdot` as MathJax writes it: the dot operator, which math fonts
    draw small and centred, not the middle dot, which CJK fonts draw full-width. Only
    an operator (`<mo>`) is changed: a `·` typed in the TeX is an identifier (`<mi>`)."""
    for element in root.iter("mo"):
        if element.text and html.unescape(element.text) == MIDDLE_DOT:
            element.text = DOT_OPERATOR
    return root
