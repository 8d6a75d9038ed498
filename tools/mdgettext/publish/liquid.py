"""The few Liquid tags the book's pages show to readers, drawn on our page as its site draws them.

Liquid runs on the Jekyll site only; our HTML page never runs it, so a chapter's
`{% include figure.liquid … %}` or `{% details … %}` would show as code. This module
renders the ones the book uses, from their arguments, on the page's own tokens:
`details` as `<details><summary>` (the book's `_plugins/details.rb`), a figure
include as `<figure>` with its image at the site's URL, and `{{ 'path' |
relative_url }}` in raw HTML as that URL. Any other Liquid-only block is left out
of the page: it is the site's machinery, not text. A caption or a details summary
is a message of its own (markdown/tagtext.py); its translation reaches here only
after the safety check has judged it, so the arguments are trusted.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence

from markdown_it.token import Token

from mdgettext.markdown.liquid import only_liquid

TAG = re.compile(r"^\s*\{%-?\s*(\w+)\s*(.*?)\s*-?%\}\s*$", re.DOTALL)
ARGUMENT = re.compile(r"""([\w-]+)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))""")
HREF = re.compile(r'href="([^"]*)"')
URL_FILTER = re.compile(r"""\{\{\s*(['"])(.*?)\1\s*\|\s*(?:relative_url|absolute_url)\s*\}\}""")


def emulate(tokens: Sequence[Token], site_url: str | None, link: Callable[[str], str] | None = None) -> list[Token]:
    """The page's tokens with its Liquid-only paragraphs drawn (or dropped) and URL
    filters applied; `link` maps the links of a figure's caption as the page's own."""
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "paragraph_open" and i + 2 < len(tokens) and only_liquid(tokens[i + 1].content):
            out.append(_block(_draw(tokens[i + 1].content, site_url, link), token))
            i += 3
            continue
        if token.type == "html_block" and site_url and "{{" in token.content:
            token = token.copy(content=URL_FILTER.sub(lambda m: _url(m.group(2), site_url), token.content))
        out.append(token)
        i += 1
    return out


def _block(content: str, like: Token) -> Token:
    token = Token("html_block", "", 0)
    token.content = content
    token.map = like.map
    token.block = True
    return token


def _draw(source: str, site_url: str | None, link: Callable[[str], str] | None) -> str:
    """The HTML the site makes of one Liquid-only paragraph, as far as we know it."""
    match = TAG.match(source)
    if match is None:
        return ""
    name, rest = match.groups()
    if name == "details":
        return f"<details><summary>{html.escape(rest)}</summary>\n"
    if name == "enddetails":
        return "</details>\n"
    if name == "include" and rest.startswith("figure.liquid") and site_url:
        args = {m.group(1): next(g for g in m.groups()[1:] if g is not None) for m in ARGUMENT.finditer(rest)}
        path, caption = args.get("path", ""), args.get("caption", "").replace('\\"', '"')
        if link is not None:
            caption = HREF.sub(lambda m: f'href="{html.escape(link(html.unescape(m.group(1))))}"', caption)
        figcaption = f"<figcaption>{caption}</figcaption>" if caption else ""
        return f'<figure><img src="{html.escape(_url(path, site_url))}" alt="">{figcaption}</figure>\n'
    return ""


def _url(path: str, site_url: str) -> str:
    return f"{site_url}/{path.lstrip('/')}"
