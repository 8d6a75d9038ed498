"""Does the reader's page break? The truth a `check` error must match.

An error is for a translation whose page breaks for its reader: the book's engine
(kramdown as the book's Jekyll runs it) gives it other blocks, other links or other
elements than the English's, shows markup as text that the English page does not
(a `*`, `_`, `` ` `` or `<` of a delimiter left open), or gives it a formula that does
not render (KaTeX, as the book's site typesets `$…$`: a TeX error, or words set as
math). Everything else a translator may do (reword, move a link, add or drop
emphasis, translate inside code or `\\text{}`, write prose as math or math as prose,
fix the English's own slips) leaves the page whole: a warning at most.

Blocks keep their order and nesting; links, elements and footnotes are multisets
(a translation may move them, and add a link to a web page or a place of the
site, or a footnote of the book's own `<d-footnote>`: the reader loses nothing), and a link the translation mends (the English's
`[x]((url))` slip written `[x](url)`) is the English's, as is one to the id the translated
page gives the heading the English's `#id` names (`#データベース` for `#database`); emphasis and the tags that
only shape text are not compared; code is compared by nothing but its delimiters
showing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from engine_oracle import (
    LIQUID,
    LIQUID_NUMBERED,
    MARKER,
    TEXT_ATTRIBUTES,
    JsonLines,
    _liquid,
    _liquid_marker,
    _mathjax_end,
    _tags,
    _tex,
    kramdown,
)
from mdgettext.editions import localized
from mdgettext.markdown.parser import parser

KATEX_SCRIPT = Path(__file__).resolve().parent / "engines" / "katex.js"
# Tags that only shape text: a translator may add, drop or move them as their language needs.
PRESENTATIONAL = frozenset("b strong i em u s del ins mark small sub sup span br wbr".split())
TEXT_KINDS = frozenset({"text", "smart_quote", "typographic_sym", "entity", "abbreviation"})
BLOCK_KINDS = frozenset(
    "p header blockquote ul ol li dl dt dd table thead tbody tfoot tr td th hr codeblock footnote_def".split()
)
# Markup a reader would see as text when a delimiter or tag is left open.
LITERAL = re.compile(r"[*_`]|<[A-Za-z/!]")
# The site's typesetters read these in text: `$…$` and `$$…$$` (KaTeX's auto-render), `\(…\)` and `\[…\]` (MathJax).
OPENING = re.compile(r"\\\$|\$\$|\$|\\\[|\\\(")
CLOSING = {"$$": "$$", "$": "$", "\\[": "\\]", "\\(": "\\)"}


References = Mapping[str, Mapping[str, Any]]  # markdown-it-py's env["references"]: label -> href, title


@dataclass
class Page:
    """What a reader gets from one text, words aside."""

    blocks: list[Any] = field(default_factory=list)  # nested: (kind, attributes, children)
    links: Counter[tuple[str, str]] = field(default_factory=Counter)
    elements: Counter[Any] = field(default_factory=Counter)  # HTML elements, footnotes, Liquid
    literals: Counter[str] = field(default_factory=Counter)
    formulas: list[str] = field(default_factory=list)


def pages(texts: Sequence[str], flavor: str = "kramdown", references: Sequence[References] | None = None) -> list[Page]:
    """The page of each Markdown text, read by the flavor's engine: kramdown as the book's
    site reads it, or markdown-it-py as mdgettext reads CommonMark. `references`: each
    text's page's link reference definitions (markdown-it-py's `env["references"]`), so
    `[label]` in a message is the link its page makes of it (CommonMark only: the book's
    kramdown chapters define none)."""
    marked = [LIQUID.sub(_liquid_marker, text) for text in texts]
    if flavor == "kramdown":
        return [_page(tree) for tree in kramdown().trees(marked)]
    defined = references if references is not None else [{}] * len(marked)
    return [_commonmark_page(text, refs) for text, refs in zip(marked, defined, strict=True)]


def breaks(english: str, translation: str, flavor: str = "kramdown") -> list[str]:
    """Why the translation's page breaks where the English's does not; empty when it is whole."""
    return verdicts([(english, translation)], flavor)[0]


def verdicts(
    pairs: Iterable[tuple[str, str]],
    flavor: str = "kramdown",
    language: str | None = None,
    references: Sequence[References] | None = None,
    places: Sequence[Mapping[str, str]] | None = None,
) -> list[list[str]]:
    """`breaks` of many pairs, with one round of questions to each engine; with the
    translation's `language`, a link to the page the English links to, in the edition
    a reader of that language reads (`x.ja.md` for `x.en.md`, `/ja_jp/` put in), keeps it.
    `references`: each pair's page's link reference definitions, read with both texts:
    a `[pkgsrc]` the translation loses is a link lost, and `[crates.io](url)` written for
    the English's `[crates.io]` with the definition's url is the same link. `places`: each
    pair's page's headings, the id the translated page gives each (its translated words,
    as GitHub makes it) -> the English page's id of the same heading: `#データベース` there
    leads where the English's `#database` does here."""
    pairs = list(pairs)
    both = None if references is None else [refs for refs in references for _ in range(2)]
    found = pages([text for pair in pairs for text in pair], flavor, both)
    new_formulas = sorted({tex for i in range(len(pairs)) for tex in _new(found[2 * i], found[2 * i + 1])})
    rendering = dict(zip(new_formulas, katex().errors(new_formulas), strict=True))
    return [
        _compared(found[2 * i], found[2 * i + 1], rendering, language, places[i] if places else None)
        for i in range(len(pairs))
    ]


def _compared(
    english: Page,
    translation: Page,
    rendering: dict[str, str | None],
    language: str | None = None,
    places: Mapping[str, str] | None = None,
) -> list[str]:
    why = []
    if english.blocks != translation.blocks:
        why.append("blocks")
    mine, theirs = _unmended(english.links), _unmended(translation.links)
    if places:
        theirs = _same_headings(mine, theirs, places)
    if language is not None:
        theirs = _same_pages(mine, theirs, language)
    if mine - theirs or any(not _reader_link(link) for link in theirs - mine):
        why.append("links")
    added = translation.elements - english.elements
    if english.elements - translation.elements or any(not _reader_element(e, english, added) for e in added):
        why.append("elements")
    if translation.literals - english.literals:
        why.append(f"markup shown: {sorted((translation.literals - english.literals).elements())}")
    for tex in _new(english, translation):
        if rendering.get(tex):
            why.append(f"formula: {rendering[tex][:80]}")
    return why


# A link a translator may add: to a web page, or to a place on the site (no scheme, no
# other host). It takes the reader where they click; an image loads, so it is not one.
READER_URL = re.compile(r"(?i:https?)://\S+|(?!//|/\\)[^:\s]*(?:[/?#]\S*)?")


# An element a translator may add: the book's own footnote, bare (issue 40). Distill's
# script draws it as a note; the reader loses nothing. So is a citation of a key the
# English cites (once more); another key is not, as this oracle does not know which
# keys the bibliography has.
READER_ELEMENTS = frozenset({("d-footnote", ())})


def _reader_element(element: Any, english: Page, added: Counter[Any]) -> bool:
    """An added element the reader loses nothing by; CommonMark's page counts end tags
    (`("/d-cite", ())`) too: one is harmless when as many of its elements are added."""
    name = element[0]
    if name.startswith("/"):
        starts = sum(n for e, n in added.items() if e[0] == name[1:] and _reader_element(e, english, added))
        return starts == added[element]
    return element in READER_ELEMENTS or (name == "d-cite" and english.elements[element] > 0)


def _reader_link(link: tuple[str, str]) -> bool:
    kind, url = link
    return kind == "a" and READER_URL.fullmatch(url) is not None


def _same_pages(
    mine: Counter[tuple[str, str]], theirs: Counter[tuple[str, str]], language: str
) -> Counter[tuple[str, str]]:
    """The translation's links, each to the page an English link leads to in the reader's
    edition (mdgettext.editions.localized) counted as that English link: the reader
    reaches the same page, in their language."""
    theirs = Counter(theirs)
    for kind, url in sorted((theirs - mine).elements()):
        match = next(
            (e for e in sorted((mine - theirs).elements()) if e[0] == kind and localized(e[1], url, language)), None
        )
        if match is not None:
            theirs[(kind, url)] -= 1
            theirs[match] += 1
    return +theirs


def _same_headings(
    mine: Counter[tuple[str, str]], theirs: Counter[tuple[str, str]], places: Mapping[str, str]
) -> Counter[tuple[str, str]]:
    """The translation's in-page links, each to the id its page gives a heading counted as
    the English's link to that heading's English id: the reader lands on the same heading."""
    by_fragment = {unquote(url[1:]): (kind, url) for kind, url in mine if url.startswith("#")}
    moved: Counter[tuple[str, str]] = Counter()
    for (kind, url), count in theirs.items():
        english = places.get(unquote(url[1:])) if kind == "a" and url.startswith("#") else None
        moved[by_fragment.get(english, (kind, url)) if english is not None else (kind, url)] += count
    return moved


def _unmended(links: Counter[tuple[str, str]]) -> Counter[tuple[str, str]]:
    """Links with an author's slip around a destination taken off (`[x]((url))`): a
    translation that writes `(url)` mends the English's link, and its reader's is whole."""
    mended: Counter[tuple[str, str]] = Counter()
    for (kind, url), count in links.items():
        mended[(kind, url.strip("()<> \t"))] += count
    return mended


def _new(english: Page, translation: Page) -> list[str]:
    """The translation's formulas that are not the English's, words in `\\text{}` aside: a
    formula the English itself cannot set is the author's to fix."""
    mine = Counter(_tex(t) for t in english.formulas)
    found = []
    for tex in translation.formulas:
        if mine[_tex(tex)] > 0:
            mine[_tex(tex)] -= 1
        else:
            found.append(tex)
    return found


def _page(tree: list[Any]) -> Page:
    page = Page()
    page.blocks = _walk(tree, page)
    return page


def _walk(node: list[Any], page: Page) -> list[Any]:
    """The node's block children (nested), filling the page's multisets as it goes."""
    blocks: list[Any] = []
    run: list[str] = []

    def flush() -> None:
        _text("".join(run), page)
        run.clear()

    for child in node[4]:
        kind, attr, value, category, _ = child
        if kind in TEXT_KINDS:
            run.append(value if kind == "text" else " ")
            continue
        flush()
        if kind == "math":
            page.formulas.append(value)
            if category == "block":
                blocks.append(("math",))
        elif kind == "codespan" or kind in ("xml_comment", "br", "comment"):
            continue
        elif kind == "codeblock":
            blocks.append(("codeblock",))
        elif kind == "footnote":
            page.elements[("footnote", value)] += 1
        elif kind in ("a", "img"):
            page.links[(kind, str(attr.get("href" if kind == "a" else "src", "")))] += 1
            _walk(child, page)
        elif kind == "html_element":
            kept = tuple(sorted((k, v) for k, v in attr.items() if k not in TEXT_ATTRIBUTES))
            if value in ("a", "img"):
                page.links[(value, str(attr.get("href" if value == "a" else "src", "")))] += 1
            if category == "block":
                blocks.append((f"<{value}>", kept, tuple(_walk(child, page))))
            else:
                if value not in PRESENTATIONAL and value not in ("a", "img"):
                    page.elements[(value, kept)] += 1
                blocks.extend(_walk(child, page))
        elif kind in BLOCK_KINDS:
            level = str(attr.get("level", "")) if kind == "header" else ""
            blocks.append((kind + level, tuple(_walk(child, page))))
        else:  # em, strong, raw, smart structures: their content counts, they do not
            if kind == "raw":
                page.elements[("raw", value)] += 1
            blocks.extend(_walk(child, page))
    flush()
    return blocks


def _text(text: str, page: Page, typeset: bool = True) -> None:
    """A text run: its Liquid, the formulas the site's typesetters find in it (`typeset`:
    the site typesets `$` in text), and the markup it shows."""
    for match in MARKER.finditer(text):
        page.elements[_liquid(LIQUID_NUMBERED[int(match.group(1))])] += 1
    text = MARKER.sub(" ", text)
    kept, pos, last = [], 0, 0
    while typeset and (opening := OPENING.search(text, pos)) is not None:
        pos = opening.end()
        if opening.group() == "\\$":
            continue
        end = _mathjax_end(text, CLOSING[opening.group()], opening.end())
        if end < 0:
            continue
        page.formulas.append(text[opening.end() : end])
        kept += [text[last : opening.start()], " "]
        last = pos = end + len(CLOSING[opening.group()])
    rest = "".join([*kept, text[last:]])
    page.literals.update(m.group()[0] for m in LITERAL.finditer(rest))


def _commonmark_page(text: str, references: References | None = None) -> Page:
    """The page markdown-it-py makes of a text, as a browser reads its HTML, with its
    page's link reference definitions."""
    page = Page()
    stack: list[list[Any]] = [[]]
    for token in parser().parse(text, {"references": dict(references or {})}):
        if token.nesting == 1:
            stack.append([])
        elif token.nesting == -1:
            children = stack.pop()
            stack[-1].append((token.type.removesuffix("_close") + token.tag, tuple(children)))
        elif token.type == "inline":
            _commonmark_inline(token.children or [], page)
        elif token.type in ("fence", "code_block", "math_block", "hr"):
            stack[-1].append((token.type,))
        elif token.type == "html_block":
            stack[-1].append(
                ("html_block", tuple(t for t in _tags(token.content) if t[0].strip("/") not in PRESENTATIONAL))
            )
    page.blocks = stack[0]
    return page


def _commonmark_inline(children: list[Any], page: Page) -> None:
    run: list[str] = []
    for child in children:
        if child.type == "text":
            run.append(child.content)
            continue
        _text("".join(run), page, typeset=False)
        run.clear()
        if child.type in ("math_inline", "math_inline_double"):
            page.formulas.append(child.content)
        elif child.type == "link_open":
            page.links[("a", str(child.attrGet("href") or ""))] += 1
        elif child.type == "image":
            page.links[("img", str(child.attrGet("src") or ""))] += 1
        elif child.type == "html_inline":
            for tag in _tags(child.content):
                if tag[0].strip("/") not in PRESENTATIONAL:
                    page.elements[tag] += 1
        elif child.type == "footnote_ref":
            page.elements[("footnote", str(child.meta.get("label", "")))] += 1
    _text("".join(run), page, typeset=False)


class Katex(JsonLines):
    """One `node katex.js` process."""

    def __init__(self) -> None:
        super().__init__(["node", str(KATEX_SCRIPT)])

    def errors(self, texs: Sequence[str]) -> list[str | None]:
        """KaTeX's message for each formula that does not render; None for one that does."""
        return self.ask(texs)


@lru_cache(maxsize=1)
def katex() -> Katex:
    return Katex()
