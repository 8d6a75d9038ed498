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
                else "; give the heading the same translation as this entry"
            ),
        )


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
