"""Source Markdown -> segments: what is translatable, its msgid, and where it sits.

This is the one place that decides what a translator sees. The weaver, the checks
and the importer all read these segments, so a msgid extracted here is found again
by construction when its translation is put back.

The msgid of a block is its inline Markdown source as markdown-it-py saw it
(container prefixes removed), with soft line breaks folded to single spaces, so
re-wrapping an English paragraph changes no msgid. Offsets come from the tokens'
line maps: every content line markdown-it-py gives us is the tail of its source
line, which pins each block to exact character positions without re-parsing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from markdown_it.common.utils import MD_TRIM_CHARS
from markdown_it.token import Token

from mdgettext.markdown import frontmatter, htmltext
from mdgettext.markdown.anchors import Slugger, explicit_id
from mdgettext.markdown.inline import walk
from mdgettext.markdown.parser import normalize, parser
from mdgettext.model import Document, Location, Segment, Span, Style

# Paragraphs that are only Liquid tags or output ({% include figure.liquid ... %}):
# the site's machinery, never prose.
LIQUID_ONLY = re.compile(r"^(?:\s*(?:\{%.*?%\}|\{\{.*?\}\}))+\s*$", re.DOTALL)
# Author directives: <!-- mdgettext: skip -->, <!-- mdgettext: context menu -->,
# <!-- mdgettext: note Keep it short. -->; they apply to the next block.
DIRECTIVE = re.compile(r"^\s*<!--\s*mdgettext:\s*(skip|context|note)\b\s*(.*?)\s*-->\s*$", re.DOTALL)
HARD_BREAK = re.compile(r"(?: {2,}|(?<!\\)(?:\\\\)*\\)$")
CONTAINERS = {"blockquote_open": "block quote", "list_item_open": "list item", "footnote_open": "footnote"}


class SegmentationError(ValueError):
    """The parser's view of a block could not be matched to the source text."""


@dataclass
class Lines:
    """Line starts of a text, so token line maps turn into character offsets."""

    text: str
    starts: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def start(self, line: int) -> int:
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def end(self, line: int) -> int:
        """Offset of the line's end, before its newline."""
        nxt = self.start(line + 1)
        return nxt - 1 if nxt > 0 and self.text[nxt - 1 : nxt] == "\n" else nxt

    def get(self, line: int) -> str:
        return self.text[self.start(line) : self.end(line)]


@dataclass(frozen=True)
class Directives:
    skip: bool = False
    context: str | None = None
    notes: tuple[str, ...] = ()


def segment(text: str, path: str, front_matter_keys: Sequence[str] = frontmatter.DEFAULT_KEYS) -> Document:
    """Split a Markdown document into the segments a translator works on.

    `text` must use `\\n` line endings (the file layer converts CRLF).
    """
    src = normalize(text)
    lines = Lines(src)
    env: dict = {}
    tokens = parser().parse(src, env)
    segments: list[Segment] = []
    headings: list[str] = []
    slugs = Slugger()
    directives = _directives_by_line(tokens)
    stack: list[str] = []
    meta: dict = {}
    for index, token in enumerate(tokens):
        found: Iterable[Segment] = ()
        if token.type in CONTAINERS:
            stack.append(CONTAINERS[token.type])
        elif token.type.replace("_close", "_open") in CONTAINERS and token.nesting == -1:
            stack.pop()
        elif token.type == "front_matter":
            found = _front_matter(token, lines, path, front_matter_keys)
            meta = frontmatter.load(token.content)
        elif token.type == "html_block":
            found = _html_block(token, lines, path, stack)
        elif token.type == "inline":
            parent = tokens[index - 1]
            if parent.type == "heading_open":
                explicit = explicit_id(token.content)
                slug = slugs.claim(explicit.group(1)) if explicit else slugs.slug(plain_text(token))
                headings.append(slug)
                found = _heading(parent, token, lines, path, slug)
            elif parent.type in ("th_open", "td_open"):
                found = _table_cell(parent, token, tokens, index, lines, path)
            else:
                found = _paragraph(token, lines, path, stack)
        segments.extend(replace(seg, containers=tuple(stack)) if stack else seg for seg in found)
    segments = [_apply(seg, directives) for seg in segments]
    kept = sorted((s for s in segments if s is not None), key=lambda s: s.span.start)
    notes = tuple(Location(path, t.map[0] + 1) for t in tokens if t.type == "fence" and _unclosed(t, lines))
    footnotes = tuple(label[1:] for label in env.get("footnotes", {}).get("refs", {}))
    return Document(path, text, tuple(kept), tuple(headings), env.get("references", {}), meta, notes, footnotes)


def _unclosed(fence: Token, lines: Lines) -> bool:
    """A code fence that runs to the end of the file: CommonMark allows it,
    but in a chapter it almost always means a forgotten closing fence."""
    last = lines.get(fence.map[1] - 1).strip(" >\t")
    closed = (
        fence.map[1] - fence.map[0] > 1
        and last.startswith(fence.markup[0] * len(fence.markup))
        and not last.strip(fence.markup[0])
    )
    return not closed and fence.map[1] >= len(lines.starts) - (1 if lines.text.endswith("\n") else 0)


# ---------------------------------------------------------------- block kinds


def _paragraph(token: Token, lines: Lines, path: str, stack: list[str]) -> Iterator[Segment]:
    if not _has_letters(token) or LIQUID_ONLY.match(token.content):
        return
    start_line = token.map[0]
    starts = _content_starts(token.content, start_line, lines)
    end = starts[-1] + len(token.content.split("\n")[-1].lstrip(" \t"))
    first = lines.get(start_line)
    prefix = first[: starts[0] - lines.start(start_line)]
    if len(starts) > 1:
        second = lines.get(start_line + 1)
        continuation = second[: starts[1] - lines.start(start_line + 1)]
    else:
        continuation = _continuation(prefix)
    kind = stack[-1] if stack else "paragraph"
    yield Segment(
        msgid=fold(token.content),
        kind=kind,
        location=Location(path, start_line + 1),
        span=Span(starts[0], end, Style.INLINE, continuation),
    )


def _heading(opening: Token, token: Token, lines: Lines, path: str, slug: str) -> Iterator[Segment]:
    kind = f"heading {opening.tag[1:]}"
    if not _has_letters(token) or LIQUID_ONLY.match(token.content):
        return
    line = token.map[0]
    if opening.markup.startswith("#"):  # ATX: one line, between the markers
        text = lines.get(line)
        after_marker = text.index("#") + len(opening.markup)
        col = text.index(token.content, after_marker)
        start = lines.start(line) + col
        span = Span(start, start + len(token.content), Style.LINE)
    else:  # setext: the content lines above the underline
        starts = _content_starts(token.content, line, lines)
        end = starts[-1] + len(token.content.split("\n")[-1].lstrip(" \t"))
        span = Span(starts[0], end, Style.LINE)
    content = token.content
    explicit = explicit_id(content)
    if explicit:  # the author's own {#id} is not text to translate: it stays after the span
        content = content[: explicit.start()]
        span = Span(span.start, span.end - (len(token.content) - len(content)), Style.LINE)
    yield Segment(fold(content), kind, Location(path, line + 1), span, anchor=slug)


def _table_cell(
    opening: Token, token: Token, tokens: list[Token], index: int, lines: Lines, path: str
) -> Iterator[Segment]:
    if not _has_letters(token):
        return
    line = token.map[0]
    column = column_index(tokens, index)
    table_open = next(t for t in reversed(tokens[:index]) if t.type == "table_open")
    cells = table_cells(lines.text, *table_open.meta["rows"][line])
    if column >= len(cells):
        raise SegmentationError(f"{path}:{line + 1}: table cell {column + 1} not found")
    start, end = cells[column]
    kind = "table header" if opening.type == "th_open" else "table cell"
    yield Segment(lines.text[start:end], kind, Location(path, line + 1), Span(start, end, Style.LINE))


def _html_block(token: Token, lines: Lines, path: str, stack: list[str]) -> Iterator[Segment]:
    if DIRECTIVE.match(token.content):
        return
    start_line = token.map[0]
    content = token.content
    starts = _content_starts(content, start_line, lines)
    offsets = _offset_mapper(content, starts)
    for run in htmltext.text_runs(content):
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
        else:
            span, comments = Span(start, end, Style.LINE), ()
        kind = "raw html text" if run.verbatim else "html"
        yield Segment(run.text, kind, Location(path, line + 1), span, comments=comments)


def _front_matter(token: Token, lines: Lines, path: str, keys: Sequence[str]) -> Iterator[Segment]:
    first = token.map[0] + 1  # the line after the opening ---
    base = lines.start(first)
    content = lines.text[base : lines.start(token.map[1] - 1)]
    for value in frontmatter.translatable_values(content, keys):
        yield Segment(
            msgid=value.text,
            kind="front matter",
            location=Location(path, first + value.line + 1),
            span=Span(base + value.start, base + value.end, Style.YAML, quote=value.quote),
            key=value.key_path,
        )


# ---------------------------------------------------------------- helpers


def fold(content: str) -> str:
    """The msgid of a block's inline source: soft breaks become one space.

    A hard break (two spaces or a backslash before the newline) keeps its marker
    and its newline, so the translator sees it and can keep it.
    """
    pieces = content.split("\n")
    out = [pieces[0]]
    for piece in pieces[1:]:
        previous = out[-1]
        rest = piece.lstrip(" \t")
        if HARD_BREAK.search(previous):
            out[-1] = previous + "\n"
            out.append(rest)
        else:
            out[-1] = previous.rstrip(" \t")
            out.append(" " + rest)
    return "".join(out)


def _content_starts(content: str, first_line: int, lines: Lines) -> list[int]:
    """Source offset where each content line's first non-blank character sits.

    markdown-it-py's content lines are the tails of their source lines (what follows
    the container prefix); only leading indentation may differ, when a tab was
    expanded, so each line is matched by its text after that indentation.
    """
    starts = []
    for offset, piece in enumerate(content.split("\n")):
        line = first_line + offset
        text = lines.get(line)
        core = piece.lstrip(" \t")
        if text.endswith(core):
            col = len(text) - len(core)
        else:
            trimmed = text.rstrip(MD_TRIM_CHARS)
            if not trimmed.endswith(core):
                raise SegmentationError(f"line {line + 1}: block text not found in the source line")
            col = len(trimmed) - len(core)
        starts.append(lines.start(line) + col)
    return starts


def _offset_mapper(content: str, starts: list[int]) -> Callable[[int], int]:
    """Map an offset in a block's content to an offset in the source."""
    pieces = content.split("\n")
    piece_starts = [0]
    for piece in pieces[:-1]:
        piece_starts.append(piece_starts[-1] + len(piece) + 1)

    def source_offset(pos: int) -> int:
        line = content.count("\n", 0, pos)
        col = pos - piece_starts[line]
        indent = len(pieces[line]) - len(pieces[line].lstrip(" \t"))
        return starts[line] + max(col - indent, 0)

    return source_offset


def _continuation(prefix: str) -> str:
    """The prefix of a new line inside the same container: quote markers stay,
    list markers and footnote labels become spaces of the same width."""
    return "".join(c if c in ">\t" else " " for c in prefix)


def table_cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Offsets of a table row's cells, split as markdown-it-py's `escapedSplit` does.

    `start`/`end` bound the row's text after its container prefix.
    """
    start, end = _trim(text, start, end)
    pieces: list[tuple[int, int]] = []
    last = start
    escaped = False
    for pos in range(start, end):
        ch = text[pos]
        if ch == "|" and not escaped:
            pieces.append((last, pos))
            last = pos + 1
        escaped = ch == "\\"
    pieces.append((last, end))
    if pieces and pieces[0][0] == pieces[0][1]:
        pieces.pop(0)
    if pieces and pieces[-1][0] == pieces[-1][1]:
        pieces.pop()
    return [_trim(text, a, b) for a, b in pieces]


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in MD_TRIM_CHARS:
        a += 1
    while b > a and text[b - 1] in MD_TRIM_CHARS:
        b -= 1
    return a, b


def column_index(tokens: list[Token], index: int) -> int:
    """Which cell of its row the inline token `tokens[index]` is (0-based)."""
    column = 0
    for tok in reversed(tokens[: index - 1]):
        if tok.type == "tr_open":
            break
        if tok.type in ("th_open", "td_open"):
            column += 1
    return column


def plain_text(token: Token) -> str:
    """The visible text of an inline token, as a table of contents shows it."""
    return walk(token.children or []).plain


def _has_letters(token: Token) -> bool:
    """Whether a block has words to translate (not only code, math, tags or numbers)."""
    return any(c.isalpha() for c in walk(token.children or []).text)


# ---------------------------------------------------------------- directives


def _directives_by_line(tokens: list[Token]) -> dict[int, Directives]:
    """The directives that apply to each block, keyed by the block's first line."""
    found: dict[int, Directives] = {}
    pending = Directives()
    for i, token in enumerate(tokens):
        match = DIRECTIVE.match(token.content) if token.type == "html_block" else None
        if not match:
            continue
        verb, arg = match.groups()
        if verb == "skip":
            pending = replace(pending, skip=True)
        elif verb == "context":
            pending = replace(pending, context=arg or None)
        else:
            pending = replace(pending, notes=pending.notes + (arg,))
        target = next((t for t in tokens[i + 1 :] if t.map and t.level == token.level and t.nesting >= 0), None)
        if target is not None and not DIRECTIVE.match(target.content if target.type == "html_block" else ""):
            found[target.map[0]] = pending
            for line in range(target.map[0], target.map[1]):
                found.setdefault(line, pending)
            pending = Directives()
    return found


def _apply(seg: Segment, directives: dict[int, Directives]) -> Segment | None:
    found = directives.get(seg.location.line - 1)
    if found is None:
        return seg
    if found.skip:
        return None
    return replace(seg, context=found.context or seg.context, comments=seg.comments + found.notes)
