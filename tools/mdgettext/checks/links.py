"""Links: a translation keeps every destination, adds none, and points at real pages.

Long because each way a destination can change (a heading's translated id, another
edition of the page, an English slip mended, one added) is read from the same two
lists of links, and each is told as the one finding it is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from urllib.parse import unquote

from markdown_it.common.utils import normalizeReference
from markdown_it.token import Token

from mdgettext.checks.allowlist import Where, harmless, markup_of
from mdgettext.checks.entry import Context, Entry, Family, difference, edits, live, text_likeness
from mdgettext.editions import localized
from mdgettext.markdown.anchors import page_ids
from mdgettext.model import Diagnostic, Severity
from mdgettext.project import linked_chapter, split_url
from mdgettext.report import counted

CODES = {
    "links.missing": "a link destination of the source is missing from the translation",
    "links.added": "the translation has a link destination the source does not have: an error when kramdown alone "
    "makes it or it is not a web page or a place in the book, else a note (the link is published as an addition)",
    "links.changed": "the translation links somewhere else than the English does: a note when it is the same page "
    "in the reader's language (a language code put in or swapped: `/ja_jp/`, `x.ja.md`), else an error",
    "links.undefined-label": "a reference-style link uses a label that is not defined",
    "links.unknown-page": "a relative link points at a page the book does not have",
    "links.unknown-anchor": "a #fragment names no heading of its page",
    "links.lost-anchor": "a translated heading loses the id the page's own #links name, on the site that reads the "
    "translation (its engine makes ids from the translated words)",
}
FULL_REFERENCE = re.compile(r"\]\[([^\]]+)\]")  # [text][label]
KRAMDOWN_ONLY = re.compile(r"\]\(([^()<>\s]+\s[^()<>]*?)\)")  # `](a b)`: a link to kramdown, text to CommonMark


SLIP = "()<> \t"  # what a slip wraps a destination in: `[x]((url))`, `[x](< url >)`


def _mends(was: str, now: str) -> bool:
    """Whether a changed destination is the English's, with the slip around it removed."""
    return was != now and was.strip(SLIP) == now and bool(now)


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Every link destination is kept, none is added, and each relative one reaches a
    page and heading that exist. One broken link is one finding: a destination the
    translation changed is `links.changed`, not a missing one plus an added one."""
    source, target = ctx.inline(entry.msgid), ctx.inline(entry.msgstr)
    accidental: list[str] = []
    if ctx.doc.flavor.spaced_destinations:  # `[a](b c)`: kramdown makes a link of it, CommonMark does not
        english = KRAMDOWN_ONLY.findall(entry.msgid)
        accidental = [u for u in KRAMDOWN_ONLY.findall(entry.msgstr) if u not in english]
    missing, added = difference(source.counted("links"), target.counted("links"))
    missing, added = [unquote(u) for u in missing], [unquote(u) for u in added]
    missing, added = _same_places(ctx, missing, added)
    changed, missing, added = edits(missing, added, _likeness)
    for url in accidental:
        yield ctx.finding(
            entry,
            "links.added",
            Severity.ERROR,
            f"`]({url})` is a link to kramdown, which the book's site runs, and the English has none here; "
            "put a space between `]` and `(` (or write the brackets as `\\[` `\\]`)",
        )
    labels = list(_labels(entry, ctx))
    yield from labels
    if labels:  # `[text][reff]`: the undefined label is the finding, not the link it lost
        defined = {str(ref.get("href", "")) for ref in ctx.doc.references.values()}
        missing = [u for u in missing if u not in defined]
    for url in missing:
        yield ctx.finding(
            entry,
            "links.missing",
            Severity.ERROR,
            f"link {url} is missing from the translation; " + _why_lost(url, entry.msgstr),
        )
    # A changed or added destination that leads nowhere is reported as what the reader
    # hits (no such page, no such heading): the most precise of its findings, and one.
    # A link kept as the English has it is the English's: if it leads nowhere, refusing
    # the translation would not mend it (the English page has the same dead link).
    for was, now in changed:
        if _mends(was, now):  # the English's own slip, `((url))`, mended: the page's link works
            yield ctx.finding(
                entry,
                "links.changed",
                Severity.WARNING,
                f"link {was} became {now} in the translation, which mends the English's own slip; "
                "if that is what the English meant, tell its authors",
            )
            continue
        if ctx.same_place(was, now):  # written from the translation's folder, or the heading's translated id
            continue
        if _own_edition(ctx, was, now):  # the page the English links to, in its reader's edition
            if "://" in was:
                yield ctx.finding(
                    entry,
                    "links.changed",
                    Severity.INFO,
                    f"link {was} became {now}: the same page in the reader's language on that site; it is published",
                )
            continue
        yield from _resolve(entry, ctx, now, was) or [
            ctx.finding(
                entry,
                "links.changed",
                Severity.ERROR,
                f"link {was} became {now} in the translation; keep the English destination",
            )
        ]
    for url in added:
        if (chapter := _translation_linked(ctx, url)) is not None:
            yield ctx.finding(
                entry,
                "links.added",
                Severity.INFO,
                f"link {url} is the translation's own, to this language's page of {chapter} (the English has "
                "none here); it is published as an addition",
            )
            continue
        yield from _resolve(entry, ctx, url) or [
            ctx.finding(
                entry,
                "links.added",
                Severity.INFO,
                f"link {url} is the translation's own (the English has none here); it is published as an addition",
            )
            if harmless(url) and url not in _images(entry.msgstr)
            else ctx.finding(
                entry,
                "links.added",
                Severity.ERROR,
                f"link {url} is not in the English; remove the link and keep its words, or point it where "
                "a link of the English points",
            )
        ]


def _same_places(ctx: Context, missing: list[str], added: list[str]) -> tuple[list[str], list[str]]:
    """`missing` and `added` without the links the translation wrote otherwise that lead
    where the English's do (Context.same_place: `#contributing` -> `#贡献`, the id that
    heading's translated words get on the translation's site), paired by the place they
    lead to, never by likeness, so two such links are never crossed."""
    added = list(added)
    rest: list[str] = []
    for was in missing:
        now = next((u for u in added if ctx.same_place(was, u)), None)
        if now is None:
            rest.append(was)
        else:
            added.remove(now)
    return rest, added


def _own_edition(ctx: Context, english: str, translated: str) -> bool:
    """Whether the translation's link leads to the page the English's does, in the
    edition the catalog's language reads: a language code put in or swapped for the
    catalog's (editions.localized: not another language's, nor another host or path),
    and, for a link to a Markdown file of the project, the translation the project's
    `translations` pattern puts there (`x.ja.md` beside `x.en.md`). The English page
    itself is the English's link: if it leads nowhere, so does the English's."""
    if not localized(english, translated, ctx.language):
        return False
    return "://" in english or ctx.editions is None or ctx.editions.same_page(english, translated)


def _translation_linked(ctx: Context, url: str) -> str | None:
    """The chapter of the book whose translation, where the `translations` pattern puts
    it, a link the translator added leads to (`x.ja.md` beside `x.en.md`); None else."""
    parts = split_url(url)
    if ctx.editions is None or ctx.pages is None or parts is None or parts.fragment:  # its ids are its own words'
        return None
    chapter = ctx.editions.linked_translation(url)
    return chapter if chapter in ctx.pages else None


def _why_lost(url: str, msgstr: str) -> str:
    """What the translator did to the link, read from the syntax around its destination
    where it is still written: a `)` never written, or a space after `]`; else the fix."""
    at = re.escape(url)
    spaced = re.search(r"(\[[^\]\n]*\])[ \t]+\((<?" + at + r">?)\)", msgstr)
    if spaced:
        return f"a space between `]` and `(` makes it text: write `{spaced.group(1)}({spaced.group(2)})` with no space"
    opened = re.search(r"(\[[^\]\n]*\])\((<?" + at + r">?)(?![^\s()]*\))", msgstr)
    if opened:
        return f"the link is not closed (an unbalanced paren: `({url}` has no `)`): write `{opened.group(1)}({url})`"
    if re.search(r"\[[^\]\n]*\(<?" + at, msgstr):
        return f"the link is not closed (an unbalanced bracket: `[` has no `]` before `({url}`)"
    return "keep the link target as in the English"


def _images(msgstr: str) -> set[str]:
    """What the translation's images load (an image is never a harmless addition: it loads)."""
    if "![" not in msgstr:
        return set()
    return {unquote(url) for kind, url in markup_of(msgstr, Where.INLINE).links if kind == "image"}


def _likeness(a: str, b: str) -> float:
    """How likely `b` is `a` edited: alike text, or the same kind of place (both in-page
    anchors, both relative paths, both on one site)."""
    return max(text_likeness(a, b), 0.5 if _place(a) == _place(b) else 0.0)


def _place(url: str) -> str:
    parts = split_url(url)
    if parts is None:
        return "?"
    if url.startswith("#"):
        return "#"
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else "relative"


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


def _resolve(entry: Entry, ctx: Context, url: str, english: str = "") -> list[Diagnostic]:
    """What a reader following a relative link meets that is not there: the page, or
    the heading on it (the page's own anchors when the link is `#only`). When the
    translation changed the link, the message says what the English links to."""
    fix = f"; the English links to {english}" if english else "; use a page the book has, as the English does"
    parts = split_url(url)
    if ctx.pages is None or parts is None or parts.scheme or parts.netloc or url.startswith("/"):
        return []
    page = linked_chapter(url, ctx.page, ctx.index) if parts.path else ctx.page
    if page not in ctx.pages:
        message = f"link {url} points at a page the book does not have ({page}){fix}"
        return [ctx.finding(entry, "links.unknown-page", Severity.ERROR, message)]
    # The anchors of another page cost a read of its source: asked for only when a fragment needs them.
    if (
        parts.fragment
        and (anchors := ctx.anchors.get(page)) is not None
        and parts.fragment not in anchors
        and not (page == ctx.page and parts.fragment in _translated_ids(ctx))
    ):
        message = f"link {url}: no heading has the id #{parts.fragment}{fix if english else '; link to a heading id of that page'}"
        return [ctx.finding(entry, "links.unknown-anchor", Severity.ERROR, message)]
    return []


def _translated_ids(ctx: Context) -> set[str]:
    """The ids of this page in the translation (its translated headings' slugs, which the
    build writes beside the English ids and the site's engine makes): a link the
    translator writes to `#データベース` leads to the heading they translated so."""
    return page_ids(ctx.rebuilt.tokens, ctx.rebuilt.flavor) if ctx.rebuilt is not None else set()


def lost_anchors(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """A heading whose translation takes away the id the page's own links name: the
    site's engine (kramdown, Python-Markdown's toc: the flavor's slugs) makes the
    translated heading's id from its translated words, unless the build keeps the
    English one (`heading_ids`), so every kept `#english-id` link on the page leads
    nowhere there, though each link is as the English wrote it. Told at the heading, in
    the flavors whose engine reads a kept id (`Flavor.given_ids`): elsewhere no setting
    could mend it, and the HTML page keeps the English ids."""
    if ctx.rebuilt is None or not ctx.doc.flavor.given_ids:  # elsewhere no setting could keep the id
        return
    links = Counter(
        unquote(str(t.attrGet("href"))[1:])
        for t in _walk(ctx.rebuilt.tokens)
        if t.type == "link_open" and str(t.attrGet("href") or "").startswith("#")
    )
    if not links:
        return
    ids = page_ids(ctx.rebuilt.tokens, ctx.rebuilt.flavor)
    english = page_ids(ctx.doc.tokens, ctx.doc.flavor)
    headings = {seg.anchor: e for e in live(entries) if e.translated for seg in e.segments if seg.anchor}
    for fragment, count in sorted(links.items()):
        entry = headings.get(fragment)
        if entry is None or fragment not in english or fragment in ids:
            continue
        fix = (
            "set `heading_ids = true`, and the build keeps the English id after the translated heading"
            if not ctx.heading_ids
            else "keep the heading's id as the English has it"
        )
        yield ctx.finding(
            entry,
            "links.lost-anchor",
            Severity.WARNING,
            f"where the site reads the translation, this heading's id is made from its translated words, so the "
            f"page's {counted(count, 'link')} to #{fragment} lead{'s' if count == 1 else ''} nowhere; {fix}",
        )


def _walk(tokens: Iterable[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


FAMILY = Family(CODES, entry=check, catalog=lost_anchors)
