"""The HTML a front-matter value holds, drawn in the page's header as the book's site draws it.

The book's layout prints its front matter unescaped: an author is
`Reiner Pope<sup>*</sup>`, the jax-stuff description holds an `<a href>`. Our
template escapes every value, so the header showed the tags as text. Which value
may hold which markup is settled before the page is made: a translated value
reaches the page only if the safety judge (`checks/safety.py`, through
`publish/chapter.py`) found it holds the markup of its English and no more, and
the English is the authors'. The header still draws only phrasing markup from
a short allow-list (below), with its safe attributes and a link's scheme
checked, as the browser's tokenizer reads it (`markdown/html.py`); any other tag
is dropped and its text kept, the text of `<script>` and the like dropped too.
`<title>` and `<meta name="description">` take the value's text alone.
"""

from __future__ import annotations

from html import escape

from markupsafe import Markup

from mdgettext.markdown import html, urls
from mdgettext.project import split_url

ELEMENTS = frozenset(
    "a abbr b bdi bdo br cite code del dfn em i ins kbd mark q s samp small span strong sub sup time u var wbr".split()
)
ATTRIBUTES = {
    "a": frozenset({"href", "title", "hreflang"}),
    "abbr": frozenset({"title"}),
    "time": frozenset({"datetime"}),
}
EVERYWHERE = frozenset({"lang", "dir"})
DROPPED_WITH_TEXT = frozenset({"script", "style", "template", "textarea", "title", "noscript", "iframe", "xmp"})


def inline_html(value: str, links: bool = True) -> Markup:
    """`value` as header HTML: allow-listed phrasing elements kept (links too unless
    `links` is off, for a name inside its author's link), everything else as text."""
    if "<" not in value and "&" not in value:
        return Markup(escape(value, quote=False))
    out: list[str] = []
    open_elements: list[str] = []
    dropping: str | None = None  # inside an element whose text is dropped with it
    for token in html.tokens(value):
        if dropping is not None:
            if token.kind == html.END and token.name == dropping:
                dropping = None
            continue
        if token.kind == html.TEXT:
            out.append(escape(token.name, quote=False))
        elif token.kind == html.START and token.name in DROPPED_WITH_TEXT:
            dropping = token.name
        elif token.kind == html.START and _allowed(token.name, links):
            out.append(_start(token))
            if token.name not in html.VOID and not token.self_closing:
                open_elements.append(token.name)
        elif token.kind == html.END and token.name in open_elements:
            while open_elements:
                name = open_elements.pop()
                out.append(f"</{name}>")
                if name == token.name:
                    break
    out.extend(f"</{name}>" for name in reversed(open_elements))
    return Markup("".join(out))


def text_of(value: str) -> str:
    """`value`'s text without its tags, for places that hold text only."""
    if "<" not in value and "&" not in value:
        return value
    dropping: str | None = None
    out: list[str] = []
    for token in html.tokens(value):
        if dropping is not None:
            dropping = None if token.kind == html.END and token.name == dropping else dropping
        elif token.kind == html.TEXT:
            out.append(token.name)
        elif token.kind == html.START and token.name in DROPPED_WITH_TEXT:
            dropping = token.name
    return "".join(out)


def _allowed(name: str, links: bool) -> bool:
    return name in ELEMENTS and (links or name != "a")


def _start(token: html.Token) -> str:
    allowed = ATTRIBUTES.get(token.name, frozenset()) | EVERYWHERE
    attrs = []
    seen: set[str] = set()
    for name, value in token.attrs:
        if name not in allowed or name in seen:  # a browser keeps the first of a repeated name
            continue
        seen.add(name)
        if name == "href" and not _safe_link(value):
            continue
        attrs.append(f' {name}="{escape(value)}"')
    return f"<{token.name}{''.join(attrs)}>"


def _safe_link(url: str) -> bool:
    """A link on the links' one allow-list (markdown/urls.py), that urllib can split."""
    return urls.allowed(url) and split_url(url.strip("".join(map(chr, range(0x21))))) is not None
