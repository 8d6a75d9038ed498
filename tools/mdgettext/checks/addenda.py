"""The translator's own blocks (po/addenda.py): each still has its place, and may reach the page.

An addendum follows an English message. When the English changes or loses that
message, the addendum has no place: the build leaves it out and `check` says so at
the addenda file's line, with the fix, so it is never dropped in silence. An addendum
is judged by the same allow-list as a translation (allowlist.py), in the chapter's
flavor, its English being the chapter itself; one it refuses is left out too, and is
an error nothing silences, as a refused translation is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mdgettext.checks import formulas
from mdgettext.checks.allowlist import Markup, Where, describe, markup_of
from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown import html
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.parser import untrusted_blocks
from mdgettext.markdown.weave import places
from mdgettext.model import Addendum, Diagnostic, Document, Flavor, Location, Reason, Severity

ANCHOR, UNSAFE = "addenda.anchor", "addenda.unsafe"
CODES = {
    ANCHOR: "a translator's addition follows an English message the chapter no longer has; the build leaves it out",
    UNSAFE: "a translator's addition holds markup, Liquid, an attribute list or an image the chapter never uses, a "
    "definition, a snippet line or a front matter, or leaves an element or code block open; the build leaves it "
    "out, and nothing silences this",
}


def usable(
    doc: Document, addenda: Sequence[Addendum], chapter: Markup | None = None
) -> tuple[list[Addendum], list[Diagnostic]]:
    """The addenda the page may show, and a finding for each one it may not."""
    if not addenda:
        return [], []
    placed, lost = places(doc, addenda)
    found = [_lost(a) for a in lost]
    chapter = chapter if chapter is not None else markup_of(doc.text, Where.INLINE, doc.references, doc.flavor)
    at_top = {id(a) for a, (at, _) in zip((a for a in addenda if a not in lost), placed, strict=True) if at == 0}
    kept = []
    for addendum in addenda:
        if addendum in lost:
            continue
        why = reasons(chapter, addendum.markdown, doc.references, doc.flavor, id(addendum) in at_top)
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


def reasons(
    chapter: Markup,
    markdown: str,
    references: Mapping[str, Any] | None = None,
    flavor: Flavor | None = None,
    at_top: bool = False,
) -> list[Reason]:
    """Why a translator's own block (po/addenda.py) may not reach the page; empty when it may.

    A note is a translation without an English, read by the same allow-list
    (allowlist.py), in the chapter's flavor: the chapter is its English. It may use any
    markup the chapter itself uses somewhere (its tags with their attributes, its
    Liquid tags, kramdown syntax, attribute lists and TeX commands, byte for byte, its
    images), tags that only shape text, links that lead where a translation's may
    (http, https, mailto, relative), and formulas that stay formulas. Never, whatever
    the chapter has: a definition (a link reference, footnote, abbreviation or
    attribute list definition changes the chapter's own text, wherever it stands), a
    snippet line (MkDocs reads a file there), a front matter (at the top of a file
    without one, `at_top`), or anything left open (an element, a code fence, a Liquid
    or kramdown block), since the page goes on after it."""
    mine = markup_of(markdown, Where.INLINE, references, flavor)
    found = [
        Reason("adds html", f"has {describe(key)}, which the chapter never uses")
        for key in mine.tags + mine.passed_through
        if key not in chapter.tags and key not in chapter.passed_through and not _inert(key)
    ]
    found += [
        Reason("adds html", f"has {key!r}, a tag never finished") for key in mine.loose if key not in chapter.loose
    ]
    found += [Reason("adds repeated attribute", f"has a tag that {r}") for r in mine.repeated]
    kramdown = [
        k for k in mine.kramdown if not DEFINES.match(k)
    ]  # a definition is refused below, whatever the chapter has
    for kind, what, used, chapters in (
        ("adds liquid", "the Liquid {}", mine.liquid, chapter.liquid),
        ("adds kramdown", "kramdown's {}", kramdown, chapter.kramdown),
        ("adds attributes", "the attribute list {}", mine.attributes, chapter.attributes),
        ("adds tex", "the TeX command \\{}", mine.tex, chapter.tex),
    ):
        found += [
            Reason(kind, f"has {what.format(k)}, which the chapter never uses") for k in used if k not in chapters
        ]
    found += [Reason("scheme", f"has a link destination {bad}") for bad in mine.bad_schemes]
    images = {url for kind, url in chapter.links if kind == "image"} | set(chapter.image_destinations)
    found += [
        Reason("adds image", f"loads the image {url!r}, which the chapter never shows")
        for kind, url in mine.links
        if kind == "image" and url not in images
    ]
    found += [
        Reason("adds image destination", f"may load {url!r} as an image, which the chapter never shows")
        for url in mine.image_destinations
        if url not in images and ("image", url) not in mine.links
    ]
    found += _definitions(mine)
    found += [
        Reason("adds include", f"has the snippet line {line!r}: MkDocs would put a file of the repository there")
        for line in mine.includes
    ]
    if at_top and (top := FRONT_MATTER.match(markdown.lstrip("\n"))):
        found.append(
            Reason(
                "adds front matter",
                f"starts the file with {top.group(0).strip()!r}, which Jekyll and MkDocs read as the page's front "
                "matter: put it after a first line of text",
            )
        )
    found += _left_open(markdown, mine)
    for tex in formulas.formulas_of(markdown, Reader()).written:
        found += [Reason(formulas.CHANGED, f"has a formula `{tex[:40]}` that {why}") for why in formulas.screen(tex)]
    return found


# A definition, which changes text elsewhere on the page: a link reference, a footnote,
# an abbreviation (kramdown's and Python-Markdown's `*[HTML]: …`), kramdown's attribute
# list definition (`{:name: …}`).
DEFINES = re.compile(r"a line starting (?:\*?\[|\{:[\w-]+:)|\{:[\w-]+:")
# What Jekyll (`---`), MkDocs (`---`, or MultiMarkdown's `Key: value` lines) and
# markdown-it's front matter read at the top of a file.
FRONT_MATTER = re.compile(r"(?:---|\+\+\+|\.\.\.)[ \t]*(?:\n|$)|[A-Za-z0-9_][\w \t-]*:(?:[ \t]|\n|$)")
LIQUID_BLOCK = re.compile(r"\{%-?\s*(end)?(\w+)")
KRAMDOWN_EXTENSION = re.compile(r"\{::(\w+)(?:\s[^}]*?)?(/)?\}|\{:/(\w*)\}")
LIQUID_BLOCKS = frozenset("raw comment if unless case for capture tablerow highlight".split())


def _definitions(mine: Markup) -> list[Reason]:
    """Each definition a note makes, wherever it stands: it would change the chapter's text."""
    found = [
        Reason("adds definition", f"defines the link [{ref.split(' ', 1)[0]}], which would change the chapter's links")
        for kind, ref in mine.links
        if kind == "definition"
    ]
    for key in mine.kramdown:
        told = found and key.startswith("a line starting [") and not key.startswith("a line starting [^")
        if DEFINES.match(key) and not told:  # a link definition markdown-it reads is told above
            written = key.removeprefix("a line starting ")
            found.append(Reason("adds definition", f"has {written!r}, a definition, which would change other text"))
    return found


def _left_open(markdown: str, mine: Markup) -> list[Reason]:
    """What a note opens and never closes: it would swallow the rest of the page."""
    found = []
    if opened := html.left_open(markdown):
        found.append(Reason("nesting", f"leaves <{opened}> open, which would swallow the rest of the page"))
    if fence := _open_fence(markdown):
        found.append(
            Reason(
                "nesting",
                f"opens a code block with {fence!r} and never closes it, which would swallow the rest of the page",
            )
        )
    liquid: Counter[str] = Counter()
    for tag in mine.liquid:
        for match in LIQUID_BLOCK.finditer(tag):
            if match.group(2) in LIQUID_BLOCKS:
                liquid[match.group(2)] += (-1 if match.group(1) else 1) * mine.liquid[tag]
    found += [
        Reason("nesting", f"opens the Liquid block {{% {name} %}} without its {{% end{name} %}}")
        for name, count in liquid.items()
        if count
    ]
    depth = 0
    for match in KRAMDOWN_EXTENSION.finditer(markdown):
        depth += 0 if match.group(2) else 1 if match.group(1) else -1
    if depth:
        found.append(Reason("nesting", "opens a kramdown extension ({::…}) it never closes ({:/})"))
    return found


def _open_fence(markdown: str) -> str | None:
    """The marker of a code fence the note opens and never closes, as CommonMark reads it."""
    lines = markdown.split("\n")
    for token in untrusted_blocks().parse(markdown):
        if token.type != "fence" or token.map is None:
            continue
        last = lines[token.map[1] - 1].strip() if token.map[1] - 1 > token.map[0] else ""
        if not (last.startswith(token.markup) and last.strip(token.markup[0]) == ""):
            return token.markup
    return None


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
