"""How the page renders each token, per flavor: the HTML the project's site would make.

A CommonMark project gets markdown-it's HTML with math in elements a typesetter
finds. A kramdown project (the book) gets kramdown's own HTML, so the page has
the structure the Jekyll site has: math as `\\(…\\)` and `\\[…\\]` text, code blocks
in rouge's wrappers, footnotes numbered and named as kramdown names them
(`fn:label`), and no `markdown="…"` attribute left on an element.
Both flavors wrap tables in a scrolling box, so a wide one never widens a phone's page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from html import escape
from typing import cast

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.keys import math_of
from mdgettext.markdown.parser import parser
from mdgettext.model import Flavor

Rule = Callable[[RendererHTML, Sequence[Token], int, OptionsDict, EnvType], str]


def renderer(flavor: Flavor = COMMONMARK, math: str | None = None) -> RendererHTML:
    """The shared parser's renderer (with its plugins' rules) and ours on top; a
    separate object, so the parser other stages use keeps rendering as before.
    Math is drawn as the parser that read it writes it (`math`: keys.MATHS)."""
    return _renderer(flavor, math_of(flavor, math))


@lru_cache(maxsize=6)
def _renderer(flavor: Flavor, math: str) -> RendererHTML:
    base = cast(RendererHTML, parser(flavor, math).renderer)
    own = RendererHTML()
    rules = {**COMMON, **flavor.html, **MATH.get(math, {})}
    own.rules = {**base.rules, **{name: rule.__get__(own) for name, rule in rules.items()}}
    return own


def _table_open(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return '<div class="table-wrap" tabindex="0">\n' + str(self.renderToken(tokens, idx, options, env))


def _table_close(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return str(self.renderToken(tokens, idx, options, env)) + "</div>\n"


def _focusable(rule: Rule) -> Rule:
    """A code block that scrolls sideways must take the keyboard's focus (WCAG 2.1.1;
    axe's scrollable-region-focusable), so its `<pre>` gets `tabindex="0"`."""

    def render(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return str(rule(self, tokens, idx, options, env)).replace("<pre>", '<pre tabindex="0">', 1)

    return render


COMMON: dict[str, Rule] = {
    "table_open": _table_open,
    "table_close": _table_close,
    "fence": _focusable(RendererHTML.fence),
    "code_block": _focusable(RendererHTML.code_block),
}


# ---------------------------------------------------------------- CommonMark


def _math_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f'<span class="math inline">\\({escape(tokens[idx].content)}\\)</span>'


def _math_display_inline(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return f'<span class="math display">\\[{escape(tokens[idx].content)}\\]</span>'


def _math_block(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f'<div class="math display">\\[{escape(tokens[idx].content.strip())}\\]</div>\n'


DOLLARS: dict[str, Rule] = {  # dollarmath's tokens, in elements a typesetter finds
    "math_inline": _math_inline,
    "math_inline_double": _math_display_inline,
    "math_block": _math_block,
    "math_block_label": _math_block,
}


# ---------------------------------------------------------------- kramdown's math


def _k_math_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f"\\({escape(tokens[idx].content, quote=False)}\\)"


def _k_math_block(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f"\\[{escape(tokens[idx].content, quote=False)}\\]\n"


KRAMDOWN_MATH: dict[str, Rule] = {"math_inline": _k_math_inline, "math_block": _k_math_block}

MATH = {
    "dollars": DOLLARS,
    "kramdown": KRAMDOWN_MATH,
    "arithmatex": DOLLARS,
}  # by the `math` setting: how its parser writes math
