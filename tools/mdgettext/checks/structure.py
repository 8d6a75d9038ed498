"""Structure: put every translation back and compare the rebuilt page with the source.

A translation that starts a list, a heading, a quote, a code fence or a table row,
or splits its block, changes the page's tag skeleton; the finding names the entry
that does it, found by putting that translation back alone.
"""

from __future__ import annotations

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
from mdgettext.model import Diagnostic, Severity, TranslationMap, key_of
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
    if any(k in ("table cell", "table header") for k in entry.kinds):
        if len(UNESCAPED_PIPE.findall(entry.msgstr)) > len(UNESCAPED_PIPE.findall(entry.msgid)):
            yield ctx.finding(
                entry,
                "structure.changed",
                Severity.ERROR,
                "a `|` in a table cell ends the cell, and the table drops what follows; write `\\|`",
            )


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Put every translation back and compare the page's skeleton with the source's; blame each entry that changes it."""
    translated = [e for e in entries if e.translated and e.msgstr != e.msgid]
    if not translated:
        return
    source = skeleton(ctx.doc.tokens)
    assert ctx.rebuilt is not None  # run_checks weaves it
    if skeleton(ctx.rebuilt.tokens) == source:
        return
    for entry, rebuilt in _culprits(translated, source, ctx):
        yield ctx.finding(entry, "structure.changed", Severity.ERROR, _describe(source, rebuilt))


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
