"""Source Markdown -> segments: what is translatable, its msgid, and where it sits.

This is the one place that decides what a translator sees. The weaver, the checks
and the importer all read these segments, so a msgid extracted here is found again
by construction when its translation is put back.

The msgid of a block is its inline Markdown source as markdown-it-py saw it
(container prefixes removed), with soft line breaks folded to single spaces, so
re-wrapping an English paragraph changes no msgid. Offsets come from the tokens'
line maps: every content line markdown-it-py gives us is the tail of its source
line, which pins each block to exact character positions without re-parsing.

Long because each kind of block (paragraph, heading, cell, HTML text, front matter,
code) has its own small reader here, beside the one loop that walks the tokens
and keeps the container stack they all need.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from markdown_it.token import Token

from mdgettext.markdown import directives, frontmatter, gfm, htmltext, keys, liquid, tagtext
from mdgettext.markdown.anchors import ANCHOR_SPAN, explicit_id, slugger
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.folding import fold
from mdgettext.markdown.inline import walk
from mdgettext.markdown.lines import Lines, SegmentationError, block_lines, content_starts, offset_mapper
from mdgettext.markdown.lines import continuation as container_continuation
from mdgettext.markdown.parser import normalize, parser
from mdgettext.markdown.tables import Cursor
from mdgettext.model import CONTAINER, GIVEN_ID, SPAN, TITLE, Document, Flavor, Location, Segment, Span, Style

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
CONTAINERS = {
    "blockquote_open": "block quote",
    "list_item_open": "list item",
    "footnote_open": "footnote",
    "alert_open": "alert",  # GitHub's `> [!NOTE]`: its marker line holds no words
}


def segment(
    text: str,
    path: str,
    front_matter_keys: Sequence[str] = keys.DEFAULT_KEYS,
    flavor: Flavor = COMMONMARK,
    liquid_prose: keys.Prose = keys.LIQUID_PROSE,
    math: str | None = None,
    code: bool = False,
) -> Document:
    """Split a Markdown document into the segments a translator works on.

    `text` must use `\\n` line endings (the file layer converts CRLF); `flavor` says
    how the project's site reads Markdown (markdown/parser.py), `math` how it reads `$`
    (None: as the flavor does); `liquid_prose` names the arguments of each include
    that are prose (a figure's caption); `code` (the `code_blocks` setting) offers
    code blocks too, for their comments and strings.
    """
    math = keys.math_of(flavor, math)
    src = normalize(text)
    lines = Lines(src)
    env: dict[str, Any] = {}
    tokens = parser(flavor, math).parse(src, env)
    segments: list[Segment] = []
    headings: list[str] = []
    slugs = slugger(flavor)
    found_directives = directives.by_line(tokens)
    stack: list[str] = []
    meta: dict[str, Any] = {}
    cursor = Cursor()
    for index, token in enumerate(tokens):
        cursor.see(token)
        found: Iterable[Segment] = ()
        container = CONTAINERS.get(token.type.replace("_close", "_open")) or token.meta.get(CONTAINER)
        if container and token.nesting == 1:
            stack.append(container)
        elif container and token.nesting == -1:
            stack.pop()
        elif token.type == "front_matter":
            found = _front_matter(token, lines, path, front_matter_keys)
            meta = frontmatter.load(token.content)
        elif token.type == "html_block":
            found = _html_block(token, lines, path, stack)
        elif token.type in ("fence", "code_block") and code:
            found = _code(token, lines, path)
        elif token.type == "inline":
            parent = tokens[index - 1]
            if parent.type == "heading_open":
                explicit = explicit_id(token.content)
                given = explicit.group(1) if explicit else parent.meta.get(GIVEN_ID)
                slug = slugs.claim(given) if given else slugs.slug(plain_text(token))
                headings.append(slug)
                found = _heading(parent, token, lines, path, slug)
            elif parent.type in ("th_open", "td_open"):
                found = _table_cell(parent, token, cursor, lines, path)
            elif "offsets" in token.meta:
                found = _element_text(parent, token, lines, path)
            elif TITLE in token.meta:
                found = _title(token, path)
            elif parent.type != gfm.ALERT_TITLE:  # an alert's title is GitHub's, not the source's
                found = _paragraph(token, lines, path, stack, flavor.task_marker(tokens, index))
            if not _has_letters(token, keys.dollars_in_text(math)):
                found = ()
        segments.extend(replace(seg, containers=tuple(stack)) if stack else seg for seg in found)
    segments.extend(_liquid(tokens, segments, lines, path, dict(liquid_prose)))
    applied = [directives.apply(seg, found_directives) for seg in segments]
    kept = sorted((s for s in applied if s is not None), key=lambda s: s.span.start)
    notes = tuple(Location(path, block_lines(t)[0] + 1) for t in tokens if t.type == "fence" and _unclosed(t, lines))
    footnotes = tuple(label[1:] for label in env.get("footnotes", {}).get("refs", {}))
    references = env.get("references", {})
    return Document(
        path, text, tuple(kept), tuple(headings), references, meta, notes, footnotes, tuple(tokens), math, flavor=flavor
    )


def _unclosed(fence: Token, lines: Lines) -> bool:
    """A code fence that runs to the end of the file: CommonMark allows it,
    but in a chapter it almost always means a forgotten closing fence."""
    last = lines.get(block_lines(fence)[1] - 1).strip(" >\t")
    closed = (
        block_lines(fence)[1] - block_lines(fence)[0] > 1
        and last.startswith(fence.markup[0] * len(fence.markup))
        and not last.strip(fence.markup[0])
    )
    return not closed and block_lines(fence)[1] >= len(lines.starts) - (1 if lines.text.endswith("\n") else 0)


# ---------------------------------------------------------------- block kinds


def _element_text(opening: Token, token: Token, lines: Lines, path: str) -> Iterator[Segment]:
    """The Markdown inside an HTML element that asks for it (`<p markdown=1>`, kramdown):
    the parser recorded where it sits between the tags."""
    start, end = token.meta["offsets"]
    tag = opening.tag.lower()
    kind = "paragraph" if tag == "p" else f"heading {tag[1]}" if tag in HEADING_TAGS else f"html {tag}"
    yield Segment(fold(lines.text[start:end]), kind, Location(path, block_lines(token)[0] + 1), Span(start, end))


def _title(token: Token, path: str) -> Iterator[Segment]:
    """A title on a block's marker line (`!!! note "Title"`): the parser recorded its span."""
    start, end = token.meta[SPAN]
    yield Segment(
        token.content, token.meta[TITLE], Location(path, block_lines(token)[0] + 1), Span(start, end, Style.LINE)
    )


def _paragraph(token: Token, lines: Lines, path: str, stack: list[str], marker: int | None) -> Iterator[Segment]:
    """A paragraph's text; `marker`: None, or a task's, the length of its `[ ] ` still in the content (no words)."""
    if liquid.only_liquid(token.content):
        return
    start_line = block_lines(token)[0]
    starts = content_starts(token.content, start_line, lines)
    end = starts[-1] + len(token.content.split("\n")[-1].lstrip(" \t"))
    first = lines.get(start_line)
    prefix = first[: starts[0] - lines.start(start_line)]
    if len(starts) > 1:
        second = lines.get(start_line + 1)
        continuation = second[: starts[1] - lines.start(start_line + 1)]
    else:
        continuation = container_continuation(prefix)
    kind = "task list item" if marker is not None else stack[-1] if stack else "paragraph"
    marker = marker or 0
    yield Segment(
        msgid=fold(token.content[marker:]),
        kind=kind,
        location=Location(path, start_line + 1),
        span=Span(starts[0] + marker, end, Style.INLINE, continuation),
    )


def _heading(opening: Token, token: Token, lines: Lines, path: str, slug: str) -> Iterator[Segment]:
    kind = f"heading {opening.tag[1:]}"
    if liquid.only_liquid(token.content):
        return
    line = block_lines(token)[0]
    if opening.markup.startswith("#"):  # ATX: one line, between the markers
        text = lines.get(line)
        after_marker = text.index("#") + len(opening.markup)
        col = text.index(token.content, after_marker)
        start = lines.start(line) + col
        span = Span(start, start + len(token.content), Style.LINE)
    else:  # setext: the content lines above the underline
        starts = content_starts(token.content, line, lines)
        end = starts[-1] + len(token.content.split("\n")[-1].lstrip(" \t"))
        span = Span(starts[0], end, Style.LINE)
    content = token.content
    explicit = explicit_id(content)
    if explicit:  # the author's own {#id} is not text to translate: it stays after the span
        content = content[: explicit.start()]
        span = Span(span.start, span.end - (len(token.content) - len(content)), Style.LINE)
    anchor = ANCHOR_SPAN.match(content)
    if anchor:  # a TOC anchor a build put there (a translation read back by `import`): not text either
        content = content[anchor.end() :]
        span = Span(span.start + anchor.end(), span.end, Style.LINE)
    yield Segment(fold(content), kind, Location(path, line + 1), span, anchor=slug)


CODE_BLOCK = "code block"
CODE_NOTE = "code: translate only its comments and the strings a reader sees; keep the code as written"


def _code(token: Token, lines: Lines, path: str) -> Iterator[Segment]:
    """A code block's lines, for its comments and strings (the `code_blocks` setting):
    the msgid is the code as written, the span its lines inside the fence after the
    prefix every line shares (a container's, an indented block's four spaces), so the
    fence, its info string and its indentation stay the source's; a blank line is
    written back as the block's blank lines are (`Span.quote`); blank lines before and
    after the code stay outside the span. A block whose lines share no one prefix or
    that holds no letter is not offered: its lines could not be written back as its own."""
    body = token.content.split("\n")[:-1]
    first = block_lines(token)[0] + (1 if token.type == "fence" else 0)
    while body and not body[0].strip():  # blank lines around the code stay the source's, outside the span
        body, first = body[1:], first + 1
    while body and not body[-1].strip():
        body = body[:-1]
    if not body or not any(c.isalpha() for c in token.content):
        return
    prefixes: set[str] = set()
    blanks: set[str] = set()
    for offset, piece in enumerate(body):
        text = lines.get(first + offset)
        if not text.endswith(piece):
            return
        (prefixes if piece else blanks).add(text[: len(text) - len(piece)])
    if len(prefixes) != 1:
        return
    (prefix,) = prefixes
    blank = blanks.pop() if len(blanks) == 1 else prefix.rstrip()
    yield Segment(
        "\n".join(body),
        CODE_BLOCK,
        Location(path, block_lines(token)[0] + 1),
        Span(lines.start(first) + len(prefix), lines.end(first + len(body) - 1), Style.CODE, prefix, blank),
        comments=(CODE_NOTE,),
    )


def _table_cell(opening: Token, token: Token, cursor: Cursor, lines: Lines, path: str) -> Iterator[Segment]:
    line = block_lines(token)[0]
    found = cursor.cell(lines.text, line)
    if found is None:
        raise SegmentationError(f"{path}:{line + 1}: table cell {cursor.column + 1} not found")
    start, end = found
    kind = "table header" if opening.type == "th_open" else "table cell"
    yield Segment(lines.text[start:end], kind, Location(path, line + 1), Span(start, end, Style.LINE))


def _html_block(token: Token, lines: Lines, path: str, stack: list[str]) -> Iterator[Segment]:
    if directives.DIRECTIVE.match(token.content):
        return
    start_line = block_lines(token)[0]
    content = token.content
    starts = content_starts(content, start_line, lines)
    offsets = offset_mapper(content, starts)
    runs = htmltext.text_runs(content)
    open_to_blank = htmltext.ends_at_blank_line(content)
    for run in runs:
        start, end = offsets(run.start), offsets(run.end)
        line = start_line + content.count("\n", 0, run.start)
        if run.verbatim:  # textarea: line breaks are part of the text
            continuation = (
                lines.get(line + 1)[: starts[line - start_line + 1] - lines.start(line + 1)]
                if line + 1 < start_line + len(starts)
                else ""
            )
            span = Span(start, end, Style.INLINE, continuation)
            comments: tuple[str, ...] = ("text of a <textarea>: line breaks are kept as written",)
        else:  # one line as a msgid; a translator's breaks go on after the run's own prefix (htmltext.wrapped)
            prefix = lines.get(line)[: starts[line - start_line] - lines.start(line)] if open_to_blank else ""
            span, comments = Span(start, end, Style.LINE, container_continuation(prefix)), ()
        kind = "raw html text" if run.verbatim else "html"
        yield Segment(run.text, kind, Location(path, line + 1), span, comments=comments)
    for value in tagtext.attribute_texts(content):  # alt, title: on tags outside the text runs
        if not any(run.start < value.end and value.start < run.end for run in runs):
            line = start_line + content.count("\n", 0, value.start)
            span = Span(offsets(value.start), offsets(value.end), Style.ATTRIBUTE, quote=value.quote)
            yield Segment(value.text, value.kind, Location(path, line + 1), span)


def _liquid(
    tokens: Sequence[Token], found: Sequence[Segment], lines: Lines, path: str, prose: Mapping[str, Sequence[str]]
) -> Iterator[Segment]:
    """Captions and answer buttons in Liquid tags no other segment holds, outside code
    and front matter (Jekyll runs Liquid there too, but a reader sees no caption)."""
    skip = [(s.span.start, s.span.end) for s in found]
    skip += [
        (lines.start(block_lines(t)[0]), lines.start(block_lines(t)[1]))
        for t in tokens
        if t.type in ("fence", "code_block", "front_matter") and t.map
    ]
    for value in tagtext.liquid_texts(lines.text, prose, skip):
        line = bisect_right(lines.starts, value.start)
        yield Segment(
            value.text, value.kind, Location(path, line), Span(value.start, value.end, Style.LIQUID, quote=value.quote)
        )


def _front_matter(token: Token, lines: Lines, path: str, keys: Sequence[str]) -> Iterator[Segment]:
    first = block_lines(token)[0] + 1  # the line after the opening ---
    base = lines.start(first)
    content = lines.text[base : lines.start(block_lines(token)[1] - 1)]
    for value in frontmatter.translatable_values(content, keys):
        yield Segment(
            msgid=value.text,
            kind="front matter",
            location=Location(path, first + value.line + 1),
            span=Span(base + value.start, base + value.end, Style.YAML, quote=value.quote),
            key=value.key_path,
        )


# ---------------------------------------------------------------- helpers


def plain_text(token: Token) -> str:
    """The visible text of an inline token, as a table of contents shows it."""
    return walk(token.children or []).plain


def _has_letters(token: Token, typeset: bool) -> bool:
    """Whether a block has words to translate (not only code, math, tags or numbers);
    `typeset`: the site typesets `$` math in text (the project's `math` is "kramdown").
    The words are the text tokens' (an image's too, as `walk` reads them): read from
    them directly unless one holds a `$` or a backslash, where `walk` finds the math."""
    texts = list(_texts(token.children or []))
    if not typeset or not any("$" in text or "\\" in text for text in texts):
        return any(c.isalpha() for text in texts for c in text)
    return any(c.isalpha() for c in walk(token.children or [], typeset=typeset).text)


def _texts(children: Iterable[Token]) -> Iterator[str]:
    """The text tokens' contents among inline tokens, an image's description included."""
    for child in children:
        if child.type == "text":
            yield child.content
        elif child.type == "image":
            yield from _texts(child.children or [])
