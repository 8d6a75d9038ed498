"""Structure: put every translation back and compare the rebuilt page with the source.

A translation that starts a list, a heading, a quote, a code fence or a table row,
or splits its block, changes the page's tag skeleton; the finding names the entry
that does it, found by putting that translation back alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from markdown_it.token import Token

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.checks.markup import PRESENTATIONAL
from mdgettext.markdown.anchors import is_anchor_span
from mdgettext.markdown.folding import hard_breaks
from mdgettext.markdown.inline import read_tag
from mdgettext.markdown.tables import UNESCAPED_PIPE
from mdgettext.markdown.weave import weave
from mdgettext.model import Diagnostic, Segment, Severity, Style, TranslationMap, key_of
from mdgettext.report import counted

CODES = {
    "structure.changed": "putting the translation back changes the page's block structure",
}
OPENS = {
    "bullet_list_open": "starts a list",
    "ordered_list_open": "starts a numbered list",
    "heading_open": "starts a heading",
    "blockquote_open": "starts a block quote",
    "fence": "starts a code block",
    "code_block": "starts an indented code block",
    "table_open": "starts a table",
    "tr_open": "adds a table row",
    "hr": "makes a thematic break",
    "html_block": "starts an HTML block",
    "math_block": "starts a display-math block",
}
TASK = "task"  # a list item's shape when GitHub shows a checkbox on it
# cmark-gfm (GitHub's renderer) ticks a task's box when `[x]` or `[X]` is anywhere on the
# item's first line, not only in its marker (`strstr` in extensions/tasklist.c)
TICK = re.compile(r"\[[xX]\]")
ESCAPE_HINT = "escape the character it starts with (`\\-`, `\\#`, `1\\.`, `\\>`) or reword it"
# A block token as the skeleton compares it: (type, tag, markup), or ("inline", its elements)
Shape = tuple[object, ...]


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """A pipe in a table cell's translation makes a new cell, which the table drops; a
    hard line break the English has and the translation lost runs two lines together."""
    english, translated = hard_breaks(entry.msgid), hard_breaks(entry.msgstr)
    if translated < english and not any(k.startswith(("html", "front matter")) for k in entry.kinds):
        yield ctx.finding(  # the lines run on, the page still reads: a warning
            entry,
            "structure.changed",
            Severity.WARNING,
            f"the English ends a line with two spaces or a `\\` (a line break on the page) {counted(english, 'time')}"
            f" and the translation {counted(translated, 'time')}, so the page runs those lines together; end the line where the "
            "English does, with two spaces",
        )
    if ctx.doc.flavor.ticks_by_line and "task list item" in entry.kinds:
        yield from _task_box(entry, ctx)
    if any(k in ("table cell", "table header") for k in entry.kinds):
        if len(UNESCAPED_PIPE.findall(entry.msgstr)) > len(UNESCAPED_PIPE.findall(entry.msgid)):
            yield ctx.finding(
                entry,
                "structure.changed",
                Severity.ERROR,
                "a `|` in a table cell ends the cell, and the table drops what follows; write `\\|`",
            )


def _task_box(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """GitHub ticks a task's box when its first line holds `[x]` anywhere: a translation
    that adds one there or drops it shows the task done or open where the English does
    not, though the marker stays as it was."""
    for segment in entry.segments:
        if segment.kind != "task list item":
            continue
        english, translated = _ticked(ctx.doc.text, segment, entry.msgstr)
        if translated and not english:
            yield ctx.finding(
                entry,
                "structure.changed",
                Severity.ERROR,
                "GitHub ticks a task's box when `[x]` is anywhere on the item's first line, so the translation's "
                "`[x]` (a translation is put back on one line) shows this open task as done; write it `[&#120;]`",
            )
        elif english and not translated:
            yield ctx.finding(
                entry,
                "structure.changed",
                Severity.WARNING,
                "the English's first line holds `[x]`, which GitHub reads as ticking this task's box, and the "
                "translation does not, so the box shows open; keep the `[x]`, or fix the English",
            )
        return


def _ticked(text: str, segment: Segment, msgstr: str) -> tuple[bool, bool]:
    """Whether GitHub ticks the item's box for the English and for the translation put back."""
    start = segment.span.start
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    before, english = text[line_start:start], text[start : line_end if line_end >= 0 else len(text)]
    return bool(TICK.search(before + english)), bool(TICK.search(before + msgstr.split("\n", 1)[0]))


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Put every translation back and compare the page's skeleton with the source's; blame each entry that changes it."""
    translated = [e for e in entries if e.translated and e.msgstr != e.msgid and not _inside_liquid(e)]
    if not translated:
        return
    source = skeleton(ctx.doc.tokens)
    assert ctx.rebuilt is not None  # run_checks weaves it
    if skeleton(ctx.rebuilt.tokens) == source:
        return
    for entry, rebuilt in _culprits(translated, source, ctx):
        yield ctx.finding(entry, "structure.changed", Severity.ERROR, _describe(source, rebuilt))


def _inside_liquid(entry: Entry) -> bool:
    """A value inside Liquid tags only (a caption, an answer button): Jekyll runs Liquid
    before kramdown reads the page, so the parser's reading of the tag as written (where
    `<a href=\\"x\\">`, the quotes escaped for Liquid, is text and `<a href='x'>` a tag)
    is not the page's. What the value renders is the markup check's (`prose_aside`), and
    what could escape the tag the safety check's (`liquid_problem`)."""
    return bool(entry.segments) and all(s.span.style is Style.LIQUID for s in entry.segments)


def _culprits(entries: Sequence[Entry], source: list[Shape], ctx: Context) -> Iterable[tuple[Entry, list[Shape]]]:
    """The entries that change the skeleton put back alone, each with the skeleton it
    makes. Halves are put back first and only a half that changes it is searched, so
    one culprit among n entries costs about 2 log n weaves, not n."""
    rebuilt = _skeleton_with(entries, ctx)
    if rebuilt == source:
        return
    if len(entries) == 1:
        yield entries[0], rebuilt
        return
    middle = len(entries) // 2
    found = [*_culprits(entries[:middle], source, ctx), *_culprits(entries[middle:], source, ctx)]
    if not found:  # only together do they change it (rare): ask each one alone
        found = [(e, alone) for e in entries if (alone := _skeleton_with([e], ctx)) != source]
    yield from found


def _skeleton_with(entries: Sequence[Entry], ctx: Context) -> list[Shape]:
    translations = TranslationMap({key_of(e): e.msgstr for e in entries})
    return skeleton(weave(ctx.doc, translations, heading_ids=ctx.heading_ids).tokens)


def skeleton(tokens: Iterable[Token]) -> list[Shape]:
    """Block tokens in order, each with the multiset of its inline elements: word
    order may change in translation, the structure may not. Link targets, tag
    attributes and emphasis are the links and markup checks' business, so one problem
    gets one finding."""
    shape: list[Shape] = []
    for tok in tokens:
        if tok.type == "inline":
            shape.append(("inline", _inline_shape(tok.children or [])))
        elif "checked" in (tok.meta or {}):  # a GFM task item: its box is on the item (gfm.py)
            shape.append((tok.type, tok.tag, tok.markup, TASK))
        else:
            shape.append((tok.type, tok.tag, tok.markup))
    return shape


def _inline_shape(children: list[Token]) -> frozenset[tuple[tuple[str, ...], int]]:
    parts: Counter[tuple[str, ...]] = Counter()
    if len(children) >= 2 and is_anchor_span(children[0].content + children[1].content):
        children = children[2:]  # the TOC anchor the build opens a translated heading with
    for child in children:
        if child.type == "html_inline":
            tag = read_tag(child.content)
            if tag is not None and tag.name not in PRESENTATIONAL:
                parts[("html", f"<{'/' if tag.closing else ''}{tag.name}")] += 1
        # hard breaks are left out: a translation may break its lines elsewhere; emphasis,
        # code spans, formulas and the tags that only shape text too, which the markup
        # check judges as the page shows them (a code span dropped, `$$x$$` in a
        # sentence and the browser's `$x$`: the page still reads)
        elif child.type in ("em_open", "strong_open"):
            continue
        elif child.nesting == 1 or child.type == "footnote_ref":
            parts[(child.type,)] += 1
    return frozenset(parts.items())


def _describe(source: list[Shape], rebuilt: list[Shape]) -> str:
    for a, b in zip(source, rebuilt, strict=False):
        if a == b:
            continue
        if a[0] == "inline" and b[0] == "inline":
            return "the translation changes the inline markup the page renders (a span or element the English does not have, or loses one); compare it with the English"
        if a[0] == "html_block":
            return "the HTML block no longer reads as HTML when put back (its first line must keep the tag it starts with); keep the tags where they are"
        if b[-1] == TASK:
            return (
                "the translation starts with a task marker (`[ ]` or `[x]`), which the page shows as a checkbox "
                "the English does not have; escape its bracket (`\\[x]`) or reword it"
            )
        if b[0] == "paragraph_open":
            return "the translation splits its block in two when put back (a blank line in it); keep it one paragraph"
        return f"the translation {OPENS.get(str(b[0]), 'changes the block')} when put back; {ESCAPE_HINT}"
    return (
        "the translation adds blocks when put back (a blank line, or a line that starts a new block); keep it one block"
    )


FAMILY = Family(CODES, entry=check_entry, catalog=check)
