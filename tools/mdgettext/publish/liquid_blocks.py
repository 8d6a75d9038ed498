"""The book's Liquid blocks on the page: each tag drawn on its own, its English words marked.

publish/liquid.py draws a paragraph that is one Liquid tag (a figure, an answer
button). Authors also write tags on consecutive lines, which Markdown reads as one
paragraph: two figures with no blank line between, or `{% details Answer %}`, the
answer and `{% enddetails %}`. The site's Liquid runs each tag all the same; the page
drew only the last figure of such a paragraph, and showed the details tags as text.
So the Liquid-only lines at a paragraph's start and end (each tag, when the paragraph
is all Liquid) are drawn as blocks of their own, and the text between stays a paragraph.

What a reader sees of a tag's words (a caption, an answer button) is a message of its
own; when it has no translation the page shows the English, and marks it as text left
in English is marked everywhere else (`lang="en" class="untranslated"`). An answer
button is Markdown, as the book's details plugin converts it (`**Answer**` is bold).
"""

from __future__ import annotations

import html
from bisect import bisect_right
from collections.abc import Callable, Sequence

from markdown_it.token import Token

from mdgettext.markdown import liquid
from mdgettext.markdown.lines import Lines

Draw = Callable[[list[Token]], list[Token]]  # publish/liquid.emulate, with the page's site and links
BREAKS = ("softbreak", "hardbreak")
SUMMARY = "<details><summary>"


def draw_blocks(
    tokens: Sequence[Token],
    text: str,
    draw: Draw,
    english: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] = ((), ()),
    mark: str = "",
    inline: Callable[[str], str] | None = None,
) -> list[Token]:
    """`tokens` with every Liquid-only line of a paragraph drawn by `draw`. `english` is
    (the spans of the page's text left in English, those of Liquid values left in
    English), offsets in `text`; `mark` the attributes that mark English (`lang="en"
    class="untranslated"`); `inline` renders an answer button's Markdown."""
    lines = Lines(text)
    starts = (_lines(lines, english[0]), _lines(lines, english[1]))
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        if _liquid_paragraph(tokens, i):
            for piece, where, whole in _pieces(tokens[i], tokens[i + 1], tokens[i + 2]):
                if where is None:  # the text between the tags
                    out.extend(piece)
                    continue
                fallback = bool(starts[1] & set(range(*where))) or whole in starts[0]
                out.extend(_marked(block, mark if fallback else "", inline) for block in draw(piece))
            i += 3
            continue
        out.append(tokens[i])
        i += 1
    return out


def _lines(lines: Lines, spans: Sequence[tuple[int, int]]) -> set[int]:
    """The 0-based lines the spans start on."""
    return {bisect_right(lines.starts, start) - 1 for start, _ in spans}


def _liquid_paragraph(tokens: Sequence[Token], i: int) -> bool:
    return (
        tokens[i].type == "paragraph_open"
        and i + 2 < len(tokens)
        and tokens[i + 1].type == "inline"
        and tokens[i + 2].type == "paragraph_close"
        and "{%" in tokens[i + 1].content
        and bool(tokens[i].map)
    )


Piece = tuple[list[Token], tuple[int, int] | None, int]  # tokens, the tag's lines (None: text), the paragraph's line


def _pieces(opening: Token, inline: Token, closing: Token) -> list[Piece]:
    """A paragraph as its Liquid blocks (the tags at its start and end, or every tag of
    an all-Liquid one) and the text between them. The text is cut from the paragraph's
    own tokens, so its links, notes and marks are what they were; a tag stands where
    its `{%` and `%}` are, which no escape in Markdown can write otherwise."""
    assert opening.map is not None
    first = opening.map[0]
    content = inline.content
    tags = [tag for tag in liquid.tokens(content) if tag.closed]
    if liquid.only_liquid(content):
        if len(tags) == 1:
            return [([opening, inline, closing], (opening.map[0], opening.map[1]), first)]
        return [(_alone(opening, inline, closing, tag.text), _lines_of(content, tag, first), first) for tag in tags]
    lead, pos = 0, 0
    while lead < len(tags) and not content[pos : tags[lead].start].strip():
        pos, lead = tags[lead].end, lead + 1
    trail, end = 0, len(content)
    while trail < len(tags) - lead and not content[tags[-1 - trail].end : end].strip():
        end, trail = tags[-1 - trail].start, trail + 1
    children = _without_tags(list(inline.children or ()), lead, trail)
    if (not lead and not trail) or children is None:
        return [([opening, inline, closing], None, first)]
    middle = inline.copy(content=content[pos:end].strip(), children=children)
    cut = [*tags[:lead], *tags[len(tags) - trail :]]
    pieces = [(_alone(opening, inline, closing, tag.text), _lines_of(content, tag, first), first) for tag in cut]
    # the text keeps the paragraph's map, so the paragraph's own marks find it
    return [*pieces[:lead], ([opening, middle, closing], None, first), *pieces[lead:]]


def _lines_of(content: str, tag: liquid.Liquid, first: int) -> tuple[int, int]:
    """The source lines a tag of a paragraph stands on (a paragraph's lines are its source's)."""
    return first + content.count("\n", 0, tag.start), first + content.count("\n", 0, tag.end) + 1


def _without_tags(children: list[Token], lead: int, trail: int) -> list[Token] | None:
    """A paragraph's inline tokens without its first `lead` and last `trail` Liquid tags
    (and the line breaks beside them; a tag's words may have been read as Markdown,
    `{% details **Answer** %}`); None if the tags are not there."""
    front = _drop(children, lead, "%}", lambda text, at: text[at + 2 :].lstrip())
    if front is None:
        return None
    back = _drop(front[::-1], trail, "{%", lambda text, at: text[:at].rstrip(), from_end=True)
    return None if back is None else back[::-1]


def _drop(
    children: list[Token], tags: int, marker: str, rest: Callable[[str, int], str], from_end: bool = False
) -> list[Token] | None:
    """`children` (reversed when `from_end`) without their first `tags` tags: text up to the
    `tags`-th `marker` is dropped, with the breaks and blank text around it."""
    out = list(children)
    while tags or (out and (out[0].type in BREAKS or (out[0].type == "text" and not out[0].content.strip()))):
        if not out:
            return None
        child = out.pop(0)
        if child.type in BREAKS or (child.type == "text" and not child.content.strip()):
            continue
        if child.type != "text":
            if tags:
                continue  # Markdown inside the tag's words
            return None
        text, at = child.content, -1
        for _ in range(min(tags, child.content.count(marker))):
            at = text.rfind(marker, 0, at if at >= 0 else None) if from_end else text.find(marker, at + 1)
        tags -= min(tags, child.content.count(marker))
        if tags == 0 and rest(text, at):
            out.insert(0, child.copy(content=rest(text, at)))
            break
    return out


def _alone(opening: Token, inline: Token, closing: Token, tag: str) -> list[Token]:
    """One tag as a paragraph of its own, with no line map: the marks of the paragraph
    it was cut from (publish/body.py) must not be put inside what it draws."""
    text = Token("text", "", 0, content=tag.strip())
    return [opening.copy(map=None), inline.copy(content=tag.strip(), children=[text], map=None), closing.copy()]


def _marked(block: Token, mark: str, inline: Callable[[str], str] | None) -> Token:
    """A drawn block with its answer button's Markdown rendered, and its words marked English."""
    content = block.content
    if content.startswith(SUMMARY) and inline is not None:
        end = content.index("</summary>")
        content = SUMMARY + inline(html.unescape(content[len(SUMMARY) : end])) + content[end:]
    if mark:
        for tag in ("<figcaption", "<summary"):
            content = content.replace(tag, f"{tag} {mark}", 1)
    return block.copy(content=content) if content != block.content else block
