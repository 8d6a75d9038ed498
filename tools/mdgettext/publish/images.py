"""The images a chapter's page loads, each with the line that names it and the kind of place it is in.

A page is read offline, from disk or from `serve`, so an image the project has must be
in the build beside it. The chapter names its images three ways: a Markdown image or an
`<img>` tag, whose relative path is beside the chapter (`cowsay.png`, `figures/a.svg`);
a site path (`/assets/img/a.png`, the book's figure include's `path="assets/img/a.png"`,
`{{ 'assets/img/a.png' | relative_url }}`), under the site's assets folder; or an address
on the web, which the page loads as it is. The build (pipeline/assets.py) looks for the
first two in the project and copies what it finds; one it finds nowhere is a finding.

A translation cannot change where an image is (the safety check refuses it), so the
English chapter names every image its pages load.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from markdown_it.token import Token

from mdgettext.markdown import html
from mdgettext.markdown.liquid import only_liquid
from mdgettext.markdown.tagtext import include_arguments
from mdgettext.project import split_url
from mdgettext.publish.liquid import FIGURE, TAG, URL_FILTER


class Place(Enum):
    """Where a page finds an image."""

    BESIDE = "beside"  # relative to the chapter: the source folder's file, copied beside the page
    SITE = "site"  # a path on the book's site: the assets folder's file, else the site's
    WEB = "web"  # an address of its own (`https://…`, `data:`)


@dataclass(frozen=True)
class Image:
    """An image a page loads: its path as written, the 1-based line naming it, where it is."""

    src: str
    line: int
    place: Place

    @property
    def path(self) -> str:
        """The path without its query or fragment (`a.png?v=2#x` is the file `a.png`)."""
        return self.src.split("#", 1)[0].split("?", 1)[0]


def images(tokens: Sequence[Token]) -> list[Image]:
    """Every image the chapter's tokens name, in order."""
    found: list[Image] = []
    for i, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else 1
        if token.type == "paragraph_open" and i + 1 < len(tokens) and only_liquid(tokens[i + 1].content):
            found.extend(Image(path, line, Place.SITE) for path in _figure_paths(tokens[i + 1].content))
        elif token.type == "html_block":
            found.extend(_in_html(token.content, line))
        elif token.type == "inline":
            for child in _descendants(token.children or ()):
                if child.type == "image":
                    found.append(_image(str(child.attrGet("src") or ""), line))
                elif child.type == "html_inline":
                    found.extend(_in_html(child.content, line))
    return [image for image in found if image.path.strip()]


def _descendants(children: Sequence[Token]) -> Iterator[Token]:
    for child in children:
        yield child
        yield from _descendants(child.children or ())


def _image(src: str, line: int) -> Image:
    parts = split_url(src.strip())
    if parts is None or parts.scheme or parts.netloc:
        return Image(src, line, Place.WEB)
    return Image(src.strip(), line, Place.SITE if src.strip().startswith("/") else Place.BESIDE)


def _in_html(content: str, line: int) -> Iterator[Image]:
    """The `<img src>` of raw HTML; a Liquid URL filter in it names a site path."""
    if "<img" not in content.lower():
        return
    for tag in html.tokens(content):
        if tag.kind == html.START and tag.name == "img":
            src = dict(reversed(tag.attrs)).get("src", "")
            filtered = URL_FILTER.fullmatch(src.strip())
            at = line + content.count("\n", 0, tag.start)
            yield Image(filtered.group(2), at, Place.SITE) if filtered else _image(src, at)


def _figure_paths(source: str) -> Iterator[str]:
    """The `path` of the book's figure include, read as Jekyll reads it (publish/liquid.py draws it so)."""
    match = TAG.match(source)
    if match and match.group(1) == "include" and match.group(2).split(maxsplit=1)[:1] == [FIGURE]:
        path = (include_arguments(match.group(2)) or {}).get("path")
        if path:
            yield path
