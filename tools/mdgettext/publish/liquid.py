"""The few Liquid tags the book's pages show to readers, drawn on our page as its site draws them.

Liquid runs on the Jekyll site only; our HTML page never runs it, so a chapter's
`{% include figure.liquid … %}` or `{% details … %}` would show as code. This module
renders the ones the book uses, from their arguments, on the page's own tokens:
`details` as `<details><summary>` (the book's `_plugins/details.rb`), a figure
include as `<figure>` with its image, and `{{ 'path' | relative_url }}` in raw
HTML as that path's URL. An image the project has is the build's copy of it,
else the site's (the caller's `asset` decides); the image keeps a text
alternative, so a reader offline sees what is missing, never a blank. Any other
Liquid-only block is left out of the page: it is the site's machinery, not text. A
caption or a details summary is a message of its own (markdown/tagtext.py); its
translation reaches here only after the safety check has judged it. The arguments
are read exactly as Jekyll's include tag reads them (`tagtext.include_arguments`:
quotes, escapes, variables, a tag it refuses), never by a reading of our own: a
caption whose words look like `' path=…` is a caption on the site, so it is one
here, and the image stays the English's. An image URL passes the links' scheme
allow-list (markdown/urls.py) like every other.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import PurePosixPath

from markdown_it.token import Token

from mdgettext.markdown import urls
from mdgettext.markdown.liquid import only_liquid
from mdgettext.markdown.tagtext import include_arguments

TAG = re.compile(r"^\s*\{%-?\s*(\w+)\s*(.*?)\s*-?%\}\s*$", re.DOTALL)
FIGURE = "figure.liquid"  # the include that draws a figure
HREF = re.compile(r'href="([^"]*)"')
TAGS = re.compile(r"<[^>]*>")
URL_FILTER = re.compile(r"""\{\{\s*(['"])(.*?)\1\s*\|\s*(?:relative_url|absolute_url)\s*\}\}""")


def emulate(
    tokens: Sequence[Token],
    site_url: str | None,
    link: Callable[[str], str] | None = None,
    asset: Callable[[str], str] | None = None,
) -> list[Token]:
    """The page's tokens with its Liquid-only paragraphs drawn (or dropped) and URL
    filters applied; `link` maps the links of a figure's caption as the page's own,
    `asset` a site path to the URL the page loads it from."""
    if asset is None and site_url:
        asset = lambda path: _url(path, site_url)  # noqa: E731
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "paragraph_open" and i + 2 < len(tokens) and only_liquid(tokens[i + 1].content):
            out.append(_block(_draw(tokens[i + 1].content, asset, link), token))
            i += 3
            continue
        if token.type == "html_block" and asset is not None and "{{" in token.content:
            token = token.copy(content=URL_FILTER.sub(partial(_filtered, asset), token.content))
        out.append(token)
        i += 1
    return out


def _block(content: str, like: Token) -> Token:
    token = Token("html_block", "", 0)
    token.content = content
    token.map = like.map
    token.block = True
    return token


def _draw(source: str, asset: Callable[[str], str] | None, link: Callable[[str], str] | None) -> str:
    """The HTML the site makes of one Liquid-only paragraph, as far as we know it."""
    match = TAG.match(source)
    if match is None:
        return ""
    name, rest = match.groups()
    if name == "details":
        return f"<details><summary>{html.escape(rest)}</summary>\n"
    if name == "enddetails":
        return "</details>\n"
    if name == "include" and _file(rest) == FIGURE:
        read = include_arguments(rest)
        if read is None:
            return ""  # Jekyll refuses the tag and fails the site's build: nothing to draw
        args = {key: value or "" for key, value in read.items()}  # a variable (None): the site's data, not known
        path, caption = args.get("path", "").strip(), args.get("caption", "")
        if link is not None:
            caption = HREF.sub(lambda m: f'href="{html.escape(link(html.unescape(m.group(1))))}"', caption)
        figcaption = f"<figcaption>{caption}</figcaption>" if caption else ""
        src = asset(path) if asset is not None and path else path
        alt = html.escape(_alt(args, caption, path))
        image = f'<img src="{html.escape(src)}" alt="{alt}">' if src and urls.allowed(src) else ""
        return f"<figure>{image}{figcaption}</figure>\n"
    return ""


def _file(markup: str) -> str:
    """The file an include tag names (`figure.liquid`)."""
    return markup.split(maxsplit=1)[0] if markup.strip() else ""


def _filtered(asset: Callable[[str], str], match: re.Match[str]) -> str:
    return html.escape(asset(match.group(2)))


def _alt(args: dict[str, str], caption: str, path: str) -> str:
    """The image's text alternative: the include's `alt`, else its file name. Never the
    caption, which the figure shows already: an image that fails to load shows its
    alternative, and the caption would be printed twice."""
    return args.get("alt") or PurePosixPath(path).name


def _url(path: str, site_url: str) -> str:
    return f"{site_url}/{path.lstrip('/')}"
