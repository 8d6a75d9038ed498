"""The translator's own blocks (po/addenda.py): each still has its place, and may reach the page.

An addendum follows an English message. When the English changes or loses that
message, the addendum has no place: the build leaves it out and `check` says so at
the addenda file's line, with the fix, so it is never dropped in silence. An addendum
is judged by the same allow-list as a translation (allowlist.py), its English being
the chapter itself; one it refuses is left out too, and is an error nothing
silences, as a refused translation is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mdgettext.checks import formulas
from mdgettext.checks.allowlist import Markup, Where, describe, markup_of
from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown import html
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.weave import places
from mdgettext.model import Addendum, Diagnostic, Document, Location, Reason, Severity

ANCHOR, UNSAFE = "addenda.anchor", "addenda.unsafe"
CODES = {
    ANCHOR: "a translator's addition follows an English message the chapter no longer has; the build leaves it out",
    UNSAFE: "a translator's addition holds markup, Liquid or a link the chapter never uses; the build leaves it out, "
    "and nothing silences this",
}


def usable(
    doc: Document, addenda: Sequence[Addendum], chapter: Markup | None = None
) -> tuple[list[Addendum], list[Diagnostic]]:
    """The addenda the page may show, and a finding for each one it may not."""
    if not addenda:
        return [], []
    _, lost = places(doc, addenda)
    found = [_lost(a) for a in lost]
    chapter = chapter if chapter is not None else markup_of(doc.text, Where.INLINE, doc.references)
    kept = []
    for addendum in addenda:
        if addendum in lost:
            continue
        why = reasons(chapter, addendum.markdown, doc.references)
        if why:
            found.append(
                Diagnostic(
                    addendum.location or Location(doc.path, 1),
                    UNSAFE,
                    Severity.ERROR,
                    f"the translator's addition {'; '.join(r.text for r in why)}: remove that, or the build leaves "
                    "the addition out",
                    reasons=tuple(why),
                )
            )
        else:
            kept.append(addendum)
    return kept, found


def _lost(addendum: Addendum) -> Diagnostic:
    assert addendum.after is not None  # the top of the body is always there
    msgid = addendum.after[1]
    shown = msgid if len(msgid) <= 50 else msgid[:49] + "…"
    times = f" {addendum.occurrence} times" if addendum.occurrence > 1 else ""
    return Diagnostic(
        addendum.location or Location("addenda", 1),
        ANCHOR,
        Severity.WARNING,
        f"this addition follows the English {shown!r}, which the chapter no longer has{times}; the build leaves it "
        "out: put the English message it should follow in its `<!-- after: … -->` comment",
    )


def reasons(chapter: Markup, markdown: str, references: Mapping[str, Any] | None = None) -> list[Reason]:
    """Why a translator's own block (po/addenda.py) may not reach the page; empty when it may.

    It has no English, so the chapter is its English: it may use any markup the
    chapter itself uses somewhere (its tags with their attributes, its Liquid tags,
    kramdown syntax and TeX commands, byte for byte), links that lead where a
    translation's may (http, https, mailto, relative), and formulas that stay
    formulas; and it must close every element it opens, since the page goes on
    after it."""
    mine = markup_of(markdown, Where.INLINE, references)
    found = [
        Reason("adds html", f"has {describe(key)}, which the chapter never uses")
        for key in mine.tags
        if key not in chapter.tags and not _inert(key)
    ]
    found += [
        Reason("adds html", f"has {key!r}, a tag never finished") for key in mine.loose if key not in chapter.loose
    ]
    found += [
        Reason("adds liquid", f"has the Liquid {tag}, which the chapter never uses")
        for tag in mine.liquid
        if tag not in chapter.liquid
    ]
    found += [
        Reason("kramdown", f"has kramdown's {k}, which the chapter never uses")
        for k in mine.kramdown
        if k not in chapter.kramdown
    ]
    found += [
        Reason("tex", f"has the TeX command \\{c}, which the chapter never uses")
        for c in mine.tex
        if c not in chapter.tex
    ]
    found += [Reason("scheme", f"has a link destination {bad}") for bad in mine.bad_schemes]
    if opened := html.left_open(markdown):
        found.append(Reason("nesting", f"leaves <{opened}> open, which would swallow the rest of the page"))
    for tex in formulas.formulas_of(markdown, Reader()).written:
        found += [Reason(formulas.CHANGED, f"has a formula `{tex[:40]}` that {why}") for why in formulas.screen(tex)]
    return found


# Tags that only shape text, with attributes that only name or label it: a note may use
# them whether or not the chapter does. Not `style` (CSS can load a URL), not `a`
# (Markdown links have their scheme checked), nothing that loads, runs or embeds.
INERT_TAGS = frozenset(
    "b strong i em u s del ins mark small sub sup br hr p span div blockquote ul ol li code kbd pre abbr cite q".split()
)
INERT_ATTRIBUTES = frozenset({"class", "title", "lang", "dir", "markdown"})


def _inert(key: tuple[Any, ...]) -> bool:
    if key[0] == html.END:
        return key[1] in INERT_TAGS
    return key[0] == html.START and key[1] in INERT_TAGS and all(name in INERT_ATTRIBUTES for name, _ in key[2])


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Each addendum of the catalog's chapter: placed, and safe."""
    return usable(ctx.doc, ctx.addenda)[1]


FAMILY = Family(CODES, catalog=check)
