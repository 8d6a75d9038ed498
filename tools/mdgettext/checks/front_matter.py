"""Front matter: the table of contents still names the headings, and the page has
a translated title and description.

The Distill layout links each table-of-contents entry to the heading with the same
text, so in every language a toc name must equal its heading's translation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from markdown_it.token import Token

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown import frontmatter, keys
from mdgettext.markdown.anchors import page_ids, slugify
from mdgettext.model import Diagnostic, Flavor, Severity

CODES = {
    "frontmatter.toc-anchor": "a table-of-contents entry links to an anchor (its name, slugified) the page does not have",
    "frontmatter.untranslated": "the page's title or description is not translated",
    "frontmatter.invalid": "the translated front matter is not valid YAML",
}


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """The page's title and description are translated, and every toc name is a heading of the translated page."""
    by_key = {key: e for e in entries for key in e.keys}
    for field in keys.REQUIRED_KEYS:
        entry = by_key.get(field)
        if entry is not None and not entry.translated:
            yield ctx.finding(
                entry,
                "frontmatter.untranslated",
                Severity.WARNING,
                f"the page's {field} is not translated; readers see it in search results and the browser tab",
            )
    assert ctx.rebuilt is not None  # run_checks weaves it
    tokens = ctx.rebuilt.tokens
    if not tokens or tokens[0].type != "front_matter":
        return
    try:
        meta = frontmatter.load(tokens[0].content)
    except frontmatter.FrontMatterError as err:
        yield ctx.finding(
            None,
            "frontmatter.invalid",
            Severity.ERROR,
            f"with the translations put in, {err} (its line {err.line + 1})",
        )
        return
    names = toc_names(meta)
    if not names:
        return
    translated = _contents(tokens, ctx.rebuilt.flavor)
    english = cache(lambda: _contents(ctx.doc.tokens, ctx.doc.flavor))  # the English's ids: only for a broken name
    toc_entries = {e.msgstr if e.translated else e.msgid: e for e in entries if e.keys & TOC_KEYS}
    for name in names:
        if translated(name):
            continue
        entry = toc_entries.get(name)
        broken_in_english = entry is not None and not english()(entry.msgid)
        yield ctx.finding(
            entry,
            "frontmatter.toc-anchor",
            Severity.WARNING if broken_in_english else Severity.ERROR,
            f"the table of contents links {name!r} to #{slugify(name)}, which no heading of the page has"
            + (
                " (the English link is broken too: its name does not match its heading either)"
                if broken_in_english
                else _advice(entry, entries, name, translated)
            ),
        )


def _advice(entry: Entry | None, entries: Sequence[Entry], name: str, reaches: Callable[[str], bool]) -> str:
    """What to change so the name reaches its heading, checked to be doable: the heading
    the English name links to is another entry (named by its line), and the words
    suggested reach it (`reaches`); a heading that is this very entry is not told to
    take this entry's words, which it has already."""
    heading = _heading_of(entry, entries) if entry is not None else None
    if heading is None:
        return "; give the heading it names the same translation as this entry"
    if heading is entry:
        return (
            "; this entry is that heading's text too, so their words already agree, but the page gives the heading "
            "another id: keep the name's punctuation as the English has it, or report it to the book's maintainers"
        )
    where = f"line {heading.msgstr_line or heading.line}"
    if heading.translated and reaches(heading.msgstr):
        return (
            f"; its heading ({where}) reads {heading.msgstr!r}: write this name the same, "
            f"or translate the heading as {name!r}"
        )
    return f"; translate its heading, {heading.msgid!r} ({where}), as {name!r}, as this entry is"


def _heading_of(entry: Entry, entries: Sequence[Entry]) -> Entry | None:
    """The heading entry the English name links to: this entry when it is a heading too,
    else the one whose English id is the name's slug."""
    if any(seg.kind.startswith("heading") for seg in entry.segments):
        return entry
    wanted = slugify(entry.msgid)
    for other in entries:
        if not other.obsolete and any(
            seg.anchor == wanted or (seg.kind.startswith("heading") and slugify(other.msgid) == wanted)
            for seg in other.segments
        ):
            return other
    return None


TOC_KEYS = frozenset({keys.TOC_NAME, keys.TOC_SUBSECTION_NAME})


def toc_names(meta: object) -> list[str]:
    """The names the layout's table of contents shows: sections and their subsections."""
    toc = meta.get("toc") if isinstance(meta, dict) else None
    names: list[str] = []
    for item in toc if isinstance(toc, list) else ():
        if not isinstance(item, dict):
            continue
        if item.get("name"):
            names.append(str(item["name"]))
        for sub in item.get("subsections") or ():
            if isinstance(sub, dict) and sub.get("name"):
                names.append(str(sub["name"]))
    return names


def _contents(tokens: Sequence[Token], flavor: Flavor) -> Callable[[str], bool]:
    """Whether a contents entry of this name reaches the page: the layout links it to
    `#{{ name | slugify }}`, which must be an id of the page (kramdown's own id of a
    heading, or a contents anchor the build gives it)."""
    ids = page_ids(tokens, flavor)
    return lambda name: slugify(name) in ids  # a heading of the same words is not enough: `测验 1：GPU` ≠ its id


FAMILY = Family(CODES, catalog=check)
