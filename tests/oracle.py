"""The tests' judge of a published page: what in it could run script, load or send
something, or take the page over, found the way a browser with scripting reads it.

Independent of mdgettext's own safety check, which it is there to catch out: the
page is parsed by html5lib as a whole document (WHATWG tree construction, scripting
on) and both the tree and every start tag the tokenizer made are inspected, since
html5lib's tree builder (2016) drops some elements Chromium keeps (`<img>` inside
`<select>`). Found:

- an element that runs code, loads a document or changes the page's behaviour
  (script, iframe, object, embed, base, meta, link, style, form, SVG animation...);
- an event-handler attribute (any name starting with `on`), a `style` attribute (but
  `scroll-margin-top: inherit`, which only copies the heading's margin);
- a URL attribute whose scheme (as the WHATWG URL parser reads it) is not http,
  https or mailto, and a URL the English page does not have;
- the page's last element, a footer with a link, swallowed (inside a comment,
  raw text, an unclosed element) or gone; a link left open, which a browser carries
  on into the text after it (a copy of the link in the next block, or around every
  block to the page's end);
- a JSON script (the book's layout puts the front matter in one) that no longer parses;
- the page's blocks (paragraphs, headings, list items, table cells, ...) changed in
  number: text hidden, or structure made.

Strict by design: an English page may have some of these (a form in a quiz), so a
translated page is compared with its English, never judged alone.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache

import html5lib

ACTIVE = frozenset(
    {
        "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "form", "style",
        "link", "portal", "button", "input", "select", "textarea", "animate", "set", "animatemotion",
        "animatetransform", "foreignobject", "use", "handler", "listener", "noscript", "plaintext", "xmp",
        "noembed", "noframes", "title",
    }
)  # fmt: skip
URL_ATTRIBUTES = frozenset(
    {
        "href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "background", "data", "cite",
        "longdesc", "lowsrc", "dynsrc", "codebase", "archive", "classid", "manifest", "ping", "icon", "usemap",
        "imagesrcset", "to", "from", "values", "content",
    }
)  # fmt: skip
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
BLOCKS = frozenset(
    {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "tr", "td", "th", "blockquote", "pre",
     "div", "details", "dl", "dt", "dd", "hr", "footer", "nav", "d-footnote"}
)  # fmt: skip
SENTINEL = '<footer id="sentinel"><p>Next: <a href="https://example.com/next">Part 12</a></p></footer>'
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")


def scheme(url: str) -> str | None:
    """The WHATWG URL parser's scheme: C0 and spaces stripped, tabs and newlines removed."""
    cleaned = re.sub("[\t\n\r]", "", url.strip("".join(chr(c) for c in range(0x21))))
    match = _SCHEME.match(cleaned)
    return match.group(1).lower() if match else None


def page(body: str, head: str = "") -> str:
    """A document around a rendered fragment, ending in the sentinel footer."""
    return f"<!DOCTYPE html><html><head><title>page</title>{head}</head><body>\n{body}\n{SENTINEL}</body></html>"


class _Recorder(html5lib.HTMLParser):
    def __init__(self) -> None:
        super().__init__(namespaceHTMLElements=False)
        self.starts: list[tuple[str, list[tuple[str, str]]]] = []

    def mainLoop(self) -> None:
        tokenizer = self.tokenizer
        original = tokenizer.emitCurrentToken

        def emit() -> None:
            token = tokenizer.currentToken
            if token["type"] == 3:  # StartTag
                self.starts.append((token["name"].lower(), [(n.lower(), v) for n, v in token["data"]]))
            original()

        tokenizer.emitCurrentToken = emit
        super().mainLoop()


def _urls(name: str, value: str) -> list[str]:
    if name in ("srcset", "imagesrcset"):
        return [part.strip().split(" ")[0] for part in value.split(",") if part.strip()]
    if name in ("ping", "archive", "values"):
        return value.replace(";", " ").split()
    if name == "content":
        found = re.search(r"url\s*=\s*(.*)", value, re.IGNORECASE)
        return [found.group(1).strip("'\" ")] if found else []
    return [value]


# The one declaration a build writes itself (a translated heading's contents anchor): it
# copies the heading's own scroll margin, and can draw, hide or move nothing.
INERT_STYLE = "scroll-margin-top: inherit"


def element_problems(name: str, attrs: list[tuple[str, str]]) -> list[str]:
    """What one element could do that a reader did not ask for."""
    name = name.rsplit("}", maxsplit=1)[-1].lower()
    found = [f"<{name}> element"] if name in ACTIVE else []
    for attr, value in attrs:
        attr = attr.lower()
        if attr.startswith("on"):
            found.append(f"<{name} {attr}=> event handler")
        elif attr == "style" and value.strip().rstrip(";") != INERT_STYLE:
            found.append(f"<{name} style=> attribute")
        if attr in URL_ATTRIBUTES or attr.endswith(":href"):
            for url in _urls(attr, value):
                found.append(f"<{name} {attr}={url.strip()}>")
                kind = scheme(url)
                if kind is not None and kind not in ALLOWED_SCHEMES:
                    found.append(f"<{name} {attr}=> {kind}: URL")
    return found


@lru_cache(maxsize=64)
def problems(document: str) -> Counter[str]:
    """Everything active in a page, counted (callers must not change the result)."""
    recorder = _Recorder()
    tree = recorder.parse(document, scripting=True)
    found: Counter[str] = Counter()
    for element in tree.iter():
        if isinstance(element.tag, str):
            attrs = [(k[1] if isinstance(k, tuple) else k, v) for k, v in element.attrib.items()]
            found.update(element_problems(element.tag, attrs))
    tokens: Counter[str] = Counter()
    for name, attrs in recorder.starts:
        tokens.update(element_problems(name, attrs))
    for problem, count in tokens.items():  # made by the tokenizer, dropped by html5lib's tree builder
        found[problem] = max(found[problem], count)
    for element in tree.iter():
        if element.tag in BLOCKS:
            found[f"a <{element.tag}> block"] += 1
        if element.tag == "script" and element.get("type") == "text/json":
            try:
                json.loads(element.text or "")
            except ValueError:
                found["a JSON script that no longer parses"] += 1
    sentinel = tree.find(".//footer[@id='sentinel']")
    parent = {child: element for element in tree.iter() for child in element}
    if sentinel is None or parent.get(sentinel) is not tree.find("body") or sentinel.find(".//a") is None:
        found["the page's last element is swallowed or gone"] += 1
    # a link left open: the browser carries it on past its paragraph, copying it into the
    # text after it (the next heading, or every block to the page's end): more links in
    # the tree than the page's text starts
    copies = sum(1 for _ in tree.iter("a")) - sum(1 for name, _ in recorder.starts if name == "a")
    if copies > 0:
        found["a link left open, carried on into the text after it"] += copies
    return found


# A link a translator may add (issue 40): to a web page, or to a place on the same site
# (relative, no scheme, not `//` another host). It cannot run or load; it takes the reader
# where they click.
READER_LINK = re.compile(r"<a href=(?:(?i:https?)://[^\s]+|(?!//|/\\)[^:\s]*(?:[/?#]\S*)?)>")


def introduced(english: str, translated: str) -> list[str]:
    """What the translated page has that its English does not, and blocks it lost; a
    link to a web page or a place of the site the translator added (as many as the
    page has more links than its English) is not active."""
    before, after = problems(english), problems(translated)
    lost = [f"{problem} lost" for problem in before if problem.endswith(" block") and after[problem] < before[problem]]
    added = list((after - before).elements())
    # a link that goes elsewhere than the English's (a lost one, one added) is a redirect, not an addition
    redirects = sum(n for p, n in (before - after).items() if p.startswith("<a href="))
    readers = [p for p in added if READER_LINK.fullmatch(p)][redirects:]
    for p in readers:
        added.remove(p)
    return sorted([*added, *lost])


def liquid(markdown: str) -> Counter[str]:
    """Liquid tags and stray openers as Jekyll's Liquid tokenizes them (a lazy match,
    as Liquid's own pattern is): what runs on the site before kramdown does."""
    return Counter(re.findall(r"\{%.*?%\}|\{\{.*?\}\}?|\{%|\{\{", markdown, re.DOTALL))
