"""Front matter: the table of contents still names the headings, and the page has
a translated title and description.

The Distill layout links each table-of-contents entry to the heading with the same
text, so in every language a toc name must equal its heading's translation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import yaml

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown import frontmatter
from mdgettext.markdown.anchors import heading_text
from mdgettext.model import Diagnostic, Severity

CODES = {
    "frontmatter.toc-mismatch": "a table-of-contents name equals no heading of the translated page",
    "frontmatter.untranslated": "the page's title or description is not translated",
    "frontmatter.invalid": "the translated front matter is not valid YAML",
}


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """The page's title and description are translated, and every toc name is a heading of the translated page."""
    by_key = {key: e for e in entries for key in e.keys}
    for field in frontmatter.REQUIRED_KEYS:
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
        meta = yaml.safe_load(tokens[0].content) or {}
    except yaml.YAMLError as err:
        yield ctx.finding(
            None, "frontmatter.invalid", Severity.ERROR, f"the translated front matter is not valid YAML: {err}"
        )
        return
    toc = meta.get("toc") if isinstance(meta, dict) else None
    if not isinstance(toc, list):
        return
    headings = {heading_text(tokens[i + 1].content) for i, tok in enumerate(tokens) if tok.type == "heading_open"}
    toc_entries = {e.msgstr if e.translated else e.msgid: e for e in entries if frontmatter.TOC_NAME in e.keys}
    for item in toc:
        name = str(item.get("name", "")) if isinstance(item, dict) else ""
        if name and name not in headings:
            entry = toc_entries.get(name)
            yield ctx.finding(
                entry,
                "frontmatter.toc-mismatch",
                Severity.ERROR,
                f"table-of-contents name {name!r} equals no heading; give the heading and the toc entry the same translation",
            )


FAMILY = Family(CODES, catalog=check)
