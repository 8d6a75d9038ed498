"""Python-Markdown with the pymdown-extensions of tests/data/mkdocs/mkdocs.yml: the judge
of the MkDocs flavor, as kramdown is the kramdown flavor's.

`skeleton` reads a page's HTML, Python-Markdown's or ours (the flavor's parser and page
renderer), as the same list of what a reader meets: headings with their ids,
admonitions, details and tabs with their titles, paragraphs with their classes, lists,
tables, code, formulas, links and images with the attributes a list gives them.
Markup each engine writes its own way (a tab set's radio buttons, a code block's
wrappers, footnotes, where a formula's delimiters sit) is left out or said once.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

from mdgettext.markdown.flavors import named
from mdgettext.markdown.segment import segment
from mdgettext.publish.body import Rendering, render

SITE = Path(__file__).resolve().parent / "data" / "mkdocs"
MKDOCS = named("mkdocs")


def _extensions() -> tuple[list[str], dict[str, dict[str, object]]]:
    """The extensions and their settings, as the sample site's mkdocs.yml lists them."""
    names: list[str] = []
    configs: dict[str, dict[str, object]] = {}
    for item in yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]:
        name, config = next(iter(item.items())) if isinstance(item, dict) else (item, {})
        names.append(name)
        configs[name] = dict(config or {})
    # a snippet's text is the other file's, not this page's: the judge leaves it out, as we leave the line
    configs["pymdownx.snippets"] = {"base_path": [str(SITE / "no-snippets-here")]}
    return names, configs


EXTENSIONS, CONFIGS = _extensions()


def python_markdown(text: str) -> str:
    """The HTML a MkDocs site with the sample's extensions makes of `text`."""
    return markdown.Markdown(extensions=EXTENSIONS, extension_configs=CONFIGS).convert(text)


def ours(text: str) -> str:
    """The body our page renders from our reading of `text`, its headings' ids the segmenter's."""
    return render(text, segment(text, "x.md", flavor=MKDOCS).headings, (), Rendering(MKDOCS)).body


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
KEPT = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "table", "th", "td", "a", "img", "code", "pre"}


class _Skeleton(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, ...]] = []
        self.text: list[str] | None = None  # a title's or heading's words, while inside one
        self.math: list[str] | None = None
        self.skipping = 0  # inside footnotes, or a tab set's own radio buttons

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {k: v or "" for k, v in attrs}
        classes = given.get("class", "").split()
        if self.skipping or tag == "sup" or "footnote" in classes or "footnotes" in classes or "self-link" in classes:
            self.skipping += tag not in VOID
            return
        if "arithmatex" in classes or "math" in classes:
            self.math = []
        elif tag == "div" and "admonition" in classes:
            self.found.append(("admonition", " ".join(c for c in classes if c != "admonition")))
        elif tag == "details":
            self.found.append(("details", given.get("class", ""), "open" if "open" in given else ""))
        elif tag in ("summary", "label") or "admonition-title" in classes:
            self.text = []
        elif tag in KEPT and not (tag == "code" and self.found and self.found[-1][0] == "pre"):
            kept = tuple(f"{k}={given[k]}" for k in ("id", "class", "href", "src", "width") if given.get(k))
            if tag == "code":
                kept = ()  # a code block's language class: each engine writes its own
            self.found.append((tag, *kept))
            if tag[0] == "h" and tag[1:].isdigit():
                self.text = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.skipping:  # a void element: nothing inside it to skip
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            self.skipping -= 1
            return
        if self.math is not None and tag in ("span", "div"):
            tex = "".join(self.math).strip().removeprefix("\\(").removeprefix("\\[")
            self.found.append(("math", " ".join(tex.removesuffix("\\)").removesuffix("\\]").split())))
            self.math = None
        elif self.text is not None and (tag in ("summary", "label", "p") or (tag[0] == "h" and tag[1:].isdigit())):
            self.found.append(
                ("title" if tag in ("summary", "label", "p") else "text", " ".join("".join(self.text).split()))
            )
            self.text = None

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        for sink in (self.math, self.text):
            if sink is not None:
                sink.append(data)


def skeleton(html: str) -> list[tuple[str, ...]]:
    """What a reader meets in a page, in order (see the module's docstring)."""
    reader = _Skeleton()
    reader.feed(html)
    reader.close()
    return reader.found
