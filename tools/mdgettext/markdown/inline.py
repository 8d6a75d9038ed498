"""What a block's inline Markdown holds: its words, and the parts a translation must keep.

The one walk over inline tokens. Segmenting asks it whether a block has words to
translate and what a heading says; the checks compare a msgid's parts with its
msgstr's; the aligner scores two blocks by what both keep. Messages are parsed by
`Reader`, with the source document's link definitions and footnotes, so
`[text][label]`, autolinks and `[^1]` count exactly when the page renders them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from html.parser import HTMLParser

from markdown_it.token import Token

from mdgettext.markdown import liquid
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.footnotes import footnote_labels
from mdgettext.markdown.keys import dollars_in_text, math_of
from mdgettext.markdown.mathtext import find_math, normal, replace_math
from mdgettext.markdown.parser import parser
from mdgettext.model import REWRITTEN, Document, Flavor

# A token with a digit in it is a figure: a number, a unit or an identifier written
# against one, a formula (9.0e11, 32x32, 140GB, v5e, H100, int8, LLaMA-3). An
# ordinal (2nd, 21st) is a word: many languages write it their own way.
FIGURE = re.compile(r"\S*\d\S*")
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)\b", re.IGNORECASE)
MASKED_ATTRIBUTES = frozenset({"title", "alt"})  # translatable: their presence counts, not their words
PLACEHOLDER = "\ufffc"  # the object replacement character: a formula or code span in `marked` text
# Attribute values copied verbatim by translators, which tie a translated block to its source.
VERBATIM_ATTRIBUTES = ("href", "src", "key", "id", "class")


@dataclass(frozen=True, slots=True)
class Tag:
    """An inline HTML tag as a browser reads it: name and attributes, quoting aside."""

    name: str
    closing: bool = False
    self_closing: bool = False
    attrs: tuple[tuple[str, str], ...] = ()  # in the order written

    def shown(self) -> str:
        """Comparable text: attribute order and quoting do not matter, and the
        words of `title` and `alt` may be translated."""
        if self.closing:
            return f"</{self.name}>"
        kept = sorted((k, "…" if k in MASKED_ATTRIBUTES else v) for k, v in self.attrs)
        attrs = "".join(f' {k}="{v}"' for k, v in kept)
        return f"<{self.name}{attrs}{' /' if self.self_closing else ''}>"

    def verbatim(self) -> str:
        """The opening tag with only the attributes a translator copies: `<d-cite key=x>`."""
        kept = " ".join(f"{k}={v}" for k, v in self.attrs if k in VERBATIM_ATTRIBUTES)
        return f"<{self.name}{' ' + kept if kept else ''}>"


@dataclass(frozen=True)
class Inventory:
    """Everything one block's inline Markdown holds, in order of appearance."""

    links: tuple[str, ...] = ()  # link and image destinations, autolinks
    code: tuple[tuple[str, str], ...] = ()  # code spans: (backticks, content)
    math: tuple[tuple[bool, str], ...] = ()  # formulas the page typesets: (displayed, TeX)
    html: tuple[str, ...] = ()  # inline HTML, as written (tags, comments)
    emphasis: int = 0
    strong: int = 0
    text: str = ""  # the words a reader sees: text (autolinks included) and image descriptions
    marked: str = ""  # the same with each formula and code span one PLACEHOLDER (Korean sentence endings)
    prose: str = ""  # the same without autolinks, with a space for code, math and tags (for alignment)
    plain: str = ""  # as a table of contents shows it: text, code and math, no markup
    source: str = field(default="", repr=False)  # the Markdown, for what is read as written (Liquid, `[^1]`)

    @cached_property
    def tags(self) -> tuple[Tag, ...]:
        """The HTML tags among the inline HTML; comments and declarations are not tags."""
        return tuple(tag for raw in self.html if (tag := read_tag(raw)) is not None)

    @cached_property
    def liquid(self) -> tuple[str, ...]:
        """Liquid tags and output as written: the site runs them, so they must be kept byte for byte."""
        return tuple(t.text for t in liquid.tokens(self.source) if t.closed)

    @cached_property
    def footnotes(self) -> tuple[str, ...]:
        """Labels of the footnote references written in the text."""
        return tuple(footnote_labels(self.source))

    def counted(self, part: str) -> Counter[str]:
        """A part as the multiset a translation must keep, each item written as the reader wrote it."""
        if part == "links":
            return Counter(self.links)
        if part == "code":  # by what it shows: `` `x` `` and ``` ``x`` ``` are the same code
            return Counter(_code_span(content) for _, content in self.code)
        if part == "math":  # as shown: `$x$` and kramdown's inline `$$x$$` are one formula, spaces as TeX reads them
            return Counter(f"$${normal(tex)}$$" if display else f"${normal(tex)}$" for display, tex in self.math)
        if part == "footnotes":
            return Counter(f"[^{label}]" for label in self.footnotes)
        if part == "tags":
            return Counter(tag.shown() for tag in self.tags)
        if part == "liquid":
            return Counter(self.liquid)
        raise ValueError(part)


def has_words(prose: str) -> bool:
    """Whether prose holds a word to translate: a letter outside every figure.

    `9.0e11`, `32x32 (v5e)` or `**140GB**` have none: a translator would copy them
    as they are, so `update` does (see po/update.py)."""
    return any(c.isalpha() for c in FIGURE.sub(" ", ORDINAL.sub(" ordinal ", prose)))


def nothing_to_translate(markdown: str) -> bool:
    """Whether a message's inline Markdown has no word to translate in what a reader
    sees: only figures, code, math, tags, link destinations and punctuation."""
    return not has_words(Reader()(markdown).prose)


def walk(children: Sequence[Token], source: str = "", typeset: bool = True) -> Inventory:
    """The inventory of an inline token's children (`source`: the Markdown they came from;
    `typeset`: the site's typesetter reads `$` math in text, as it does where `math` is "kramdown")."""
    w = _Walk(typeset)
    w.walk(children)
    return Inventory(
        links=tuple(w.links),
        code=tuple(w.code),
        math=tuple(w.math),
        html=tuple(w.html),
        emphasis=w.emphasis,
        strong=w.strong,
        text="".join(w.text),
        marked="".join(w.marked),
        prose="".join(w.prose),
        plain="".join(w.plain),
        source=source,
    )


class _Walk:
    def __init__(self, typeset: bool = True) -> None:
        self.typeset = typeset
        self.links: list[str] = []
        self.code: list[tuple[str, str]] = []
        self.math: list[tuple[bool, str]] = []
        self.html: list[str] = []
        self.emphasis = self.strong = 0
        self.text: list[str] = []
        self.marked: list[str] = []
        self.prose: list[str] = []
        self.plain: list[str] = []
        self.autolink = False
        self.run: list[str] = []  # text not yet read for math: a browser sees one text node

    def walk(self, children: Iterable[Token], in_image: bool = False) -> None:
        for child in children:
            kind = child.type
            if kind == "text":
                self.run.append(child.content)
                self.plain.append(child.content)
                continue
            if kind in ("softbreak", "hardbreak"):
                self.run.append(" ")
                self.plain.append(" ")
                continue
            self.flush()
            if kind == "image":
                self.links.append(str(child.attrs.get("src", "")))
                self.walk(child.children or [], in_image=True)  # flushes its own words
            elif in_image:
                continue  # an image description is words only
            elif kind == "link_open":
                self.links.append(str(child.attrs.get("href", "")))
                self.autolink = child.markup in ("autolink", "linkify")
            elif kind == "link_close":
                self.autolink = False
            elif kind == "code_inline":
                self.code.append((child.markup, child.content))
                self.prose.append(" ")
                self.marked.append(PLACEHOLDER)
                self.plain.append(child.content)
            elif kind in ("math_inline", "math_inline_double"):
                self.math.append((kind == "math_inline_double", child.content))
                self.prose.append(" ")
                self.marked.append(PLACEHOLDER)
                self.plain.append(child.content)
            elif kind == "html_inline":
                self.html.append(child.content)
                self.prose.append(" ")
            elif kind == "em_open":
                self.emphasis += 1
            elif kind == "strong_open":
                self.strong += 1
        self.flush()

    def flush(self) -> None:
        """Read the text run: the math a browser would typeset in it is math, not words."""
        if not self.run:
            return
        run = "".join(self.run)
        found = find_math(run) if self.typeset else []
        words = replace_math(run, found, " ")
        self.math.extend((m.display, m.tex) for m in found)
        self.text.append(words)
        self.marked.append(replace_math(run, found, PLACEHOLDER))
        if not self.autolink:
            self.prose.append(words)
        self.run = []


class Reader:
    """Reads the messages of one document: its link definitions and footnotes resolve
    in a message as they do in the page. Each text is parsed once, however many
    checks ask about it."""

    def __init__(
        self,
        references: Mapping[str, Mapping[str, object]] | None = None,
        footnotes: Iterable[str] = (),
        flavor: Flavor = COMMONMARK,
        math: str | None = None,  # how `$` is read (keys.MATHS); None: as the flavor does
    ) -> None:
        self.references = dict(references or {})
        self.footnotes = tuple(footnotes)
        self.flavor, self.math = flavor, math_of(flavor, math)
        self._seen: dict[str, Inventory] = {}
        self._parsed: dict[str, list[Token]] = {}

    @classmethod
    def of(cls, doc: Document) -> Reader:
        """A reader of `doc`'s messages. An English text that a block of the document
        holds as written is read from the document's own parse, not parsed again: the
        same parser made those tokens from the same text, with the same link
        definitions and footnotes (tests/test_segment.py holds the two readings equal)."""
        reader = cls(doc.references, doc.footnotes, doc.flavor, doc.math)
        reader._parsed = {
            t.content: t.children
            for t in doc.tokens
            # a task item's `[ ]` is a checkbox in its list item only (kramdown/tasks.py)
            if t.type == "inline" and t.children is not None and not t.meta.get(REWRITTEN)
        }
        return reader

    def __call__(self, markdown: str) -> Inventory:
        """The inventory of one message, parsed once however often it is asked for."""
        found = self._seen.get(markdown)
        if found is None:
            children = self._parsed.get(markdown)
            if children is None:  # footnote references number themselves in env: each parse gets its own
                env = {"references": self.references, "footnotes": {"refs": {f":{n}": -1 for n in self.footnotes}}}
                tokens = parser(self.flavor, self.math).parseInline(markdown, env)
                children = tokens[0].children or [] if tokens else []
            found = self._seen[markdown] = walk(children, markdown, dollars_in_text(self.math))
        return found


class _TagReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: Tag | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found = Tag(tag, attrs=tuple((k, v or "") for k, v in attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found = Tag(tag, self_closing=True, attrs=tuple((k, v or "") for k, v in attrs))

    def handle_endtag(self, tag: str) -> None:
        self.found = Tag(tag, closing=True)


def read_tag(raw: str) -> Tag | None:
    """One inline HTML token as a tag; None for comments, processing instructions
    and declarations, which are not tags."""
    reader = _TagReader()
    reader.feed(raw)
    reader.close()
    return reader.found


def _code_span(content: str) -> str:
    """The shortest way to write a code span of `content`: one spelling per code."""
    fence = "`" * (max((len(run) for run in re.findall("`+", content)), default=0) + 1)
    pad = " " if content.startswith("`") or content.endswith("`") else ""
    return f"{fence}{pad}{content}{pad}{fence}"
