"""The HTML kramdown's converter writes, as renderer rules for the kramdown flavor's page.

Code blocks in rouge's wrappers, code spans as kramdown marks them, footnotes
numbered and named as kramdown names them (`fn:label`), no `markdown="…"` attribute
left on an element, `<del>` for struck text, and attribute lists that show nothing:
the page has the structure the Jekyll site has (tests/test_book_engines.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

Rule = Callable[[RendererHTML, Sequence[Token], int, OptionsDict, EnvType], str]
MARKDOWN_ATTR = re.compile(r"""\s+markdown\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)""", re.IGNORECASE)


def _fence(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    language = (token.info.strip().split() or ["plaintext"])[0]
    code = escape(token.content, quote=False)
    return (
        f'<div class="language-{escape(language)} highlighter-rouge"><div class="highlight">'
        f'<pre class="highlight" tabindex="0"><code>{code}</code></pre></div></div>\n'
    )


def _html_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return (
        MARKDOWN_ATTR.sub("", tokens[idx].content, count=1)
        if tokens[idx].content.startswith("<")
        else tokens[idx].content
    )


def _code_inline(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f'<code class="language-plaintext highlighter-rouge">{escape(tokens[idx].content, quote=False)}</code>'


def _nothing(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return ""


def _label(token: Token) -> str:
    label = token.meta.get("label")
    return escape(str(label) if label is not None else str(token.meta["id"] + 1))


def _backref(token: Token) -> str:
    """The id of a footnote reference, which its note links back to: kramdown's `fnref:`."""
    sub = token.meta.get("subId", 0)
    return f"fnref:{_label(token)}" + (f":{sub}" if sub > 0 else "")


def _footnote_ref(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    token = tokens[idx]
    label, number = _label(token), token.meta["id"] + 1
    return (
        f'<sup id="{_backref(token)}" role="doc-noteref">'
        f'<a href="#fn:{label}" class="footnote" rel="footnote">{number}</a></sup>'
    )


def _footnote_block_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return '<div class="footnotes" role="doc-endnotes">\n<ol>\n'


def _footnote_block_close(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return "</ol>\n</div>\n"


def _footnote_open(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f'<li id="fn:{_label(tokens[idx])}" role="doc-endnote">'


def _footnote_close(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return "</li>\n"


def _footnote_anchor(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return f' <a href="#{_backref(tokens[idx])}" class="reversefootnote" role="doc-backlink">&#8617;</a>'


HTML: dict[str, Rule] = {
    "fence": _fence,
    "code_block": _fence,
    "code_inline": _code_inline,
    "html_inline": _html_inline,
    "kramdown_ial": _nothing,
    "footnote_ref": _footnote_ref,
    "footnote_block_open": _footnote_block_open,
    "footnote_block_close": _footnote_block_close,
    "footnote_open": _footnote_open,
    "footnote_close": _footnote_close,
    "footnote_anchor": _footnote_anchor,
    "s_open": lambda self, tokens, idx, options, env: "<del>",  # kramdown's element for `~~x~~`
    "s_close": lambda self, tokens, idx, options, env: "</del>",
}
