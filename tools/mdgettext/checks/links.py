"""Links: a translation keeps every destination, adds none, and points at real pages."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from urllib.parse import unquote

from markdown_it.common.utils import normalizeReference

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown.inline import difference
from mdgettext.model import Diagnostic, Severity
from mdgettext.project import linked_chapter, split_url

CODES = {
    "links.missing": "a link destination of the source is missing from the translation",
    "links.added": "the translation has a link destination the source does not have",
    "links.undefined-label": "a reference-style link uses a label that is not defined",
    "links.unknown-page": "a relative link points at a page the book does not have",
    "links.unknown-anchor": "a #fragment names no heading of its page",
}
FULL_REFERENCE = re.compile(r"\]\[([^\]]+)\]")  # [text][label]


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Every link destination is kept, none is added, and each relative one reaches a page and heading that exist."""
    source, target = ctx.inline(entry.msgid), ctx.inline(entry.msgstr)
    missing, added = difference(source.counted("links"), target.counted("links"))
    missing, added = [unquote(u) for u in missing], [unquote(u) for u in added]
    for url in missing:
        yield ctx.finding(
            entry,
            "links.missing",
            Severity.ERROR,
            f"link {url} is missing from the translation; keep the link target as in the English",
        )
    for url in added:
        yield ctx.finding(
            entry,
            "links.added",
            Severity.ERROR,
            f"link {url} is not in the English; links must point where the English ones do",
        )
    yield from _labels(entry, ctx)
    for url in sorted({unquote(u) for u in target.links}):
        yield from _resolve(entry, ctx, url)


def _labels(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Labels the translation uses that nothing defines (an English text that already
    reads `[a][b]` with no `[b]:` is literal text, and may stay so)."""
    literal = Counter(m.group(1) for m in FULL_REFERENCE.finditer(entry.msgid))
    for match in FULL_REFERENCE.finditer(entry.msgstr):
        if literal[match.group(1)] > 0:
            literal[match.group(1)] -= 1
            continue
        if normalizeReference(match.group(1)) not in ctx.doc.references:
            yield ctx.finding(
                entry,
                "links.undefined-label",
                Severity.ERROR,
                f"reference label [{match.group(1)}] is not defined; use a label the English defines",
            )


def _resolve(entry: Entry, ctx: Context, url: str) -> Iterable[Diagnostic]:
    if ctx.pages is None:
        return
    parts = split_url(url)
    if parts is None or parts.scheme or parts.netloc or url.startswith("/"):
        return
    page = linked_chapter(url, ctx.page) if parts.path else ctx.page
    if page not in ctx.pages:
        yield ctx.finding(
            entry, "links.unknown-page", Severity.ERROR, f"link {url} points at a page the book does not have ({page})"
        )
        return
    anchors = ctx.anchors.get(page)
    if parts.fragment and anchors is not None and parts.fragment not in anchors:
        yield ctx.finding(
            entry, "links.unknown-anchor", Severity.ERROR, f"link {url}: no heading has the id #{parts.fragment}"
        )


FAMILY = Family(CODES, entry=check)
