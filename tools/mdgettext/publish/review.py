"""The review page: every entry of a catalog beside its English, before a pull request is approved.

One entry per message, in the order the reader meets the text: the English and the
translation rendered side by side (they take the width; a desktop is where reviewers
read), and above and below them, compactly, its state, the line of its `msgid` in
the `.po` file (a link to that line in the repository when the project says where it
lives), how the English changed for a fuzzy entry (old and new, each with its side of
a word diff) and the check findings for it. Keys move between entries with findings.

Translations are untrusted, and a review page is exactly where a malicious one
would be opened, so both columns are rendered with raw HTML turned off: tags in a
message show as text the reviewer can compare, and never run. Two things are
drawn as the page draws them, from that escaped text, so the columns read like
the page: formulas, typeset as MathML with the chapter's TeX macros, and the
book's `<d-footnote>` notes, shown as notes in place (its citations as their keys). A translation the
safety check refuses (or would refuse, for a fuzzy one) is not rendered at all: it
is shown as the text it is, so not even its Markdown links and images are live.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any
from urllib.parse import quote

from markdown_it.token import Token
from markupsafe import Markup

from mdgettext.checks import safety
from mdgettext.locale import language_name
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.keys import dollars_in_text, math_of
from mdgettext.markdown.parser import text_only
from mdgettext.model import Diagnostic, Document, Key, Location, Style, key_of
from mdgettext.po.catalog import CatalogFile, State, live
from mdgettext.po.catalog import state as catalog_state
from mdgettext.publish import macros as tex
from mdgettext.publish.body import rewrite_links
from mdgettext.publish.links import Site, chapter_link, page_path, relative
from mdgettext.publish.mathml import typeset
from mdgettext.publish.notes import inline_notes
from mdgettext.publish.templates import environment, stylesheet

MATH = {"math_inline": False, "math_inline_double": False, "math_block": True}  # token -> displayed

STATES = ("translated", "fuzzy", "untranslated", "refused")
WORDS = re.compile(r"\s+|[\w’'-]+|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Row:
    """One entry of the review page: its English, its translation and what stands in the way."""

    key: Key
    kind: str  # the segment's label: `paragraph`, `front matter: title`
    plain: bool  # a front-matter value: text, not Markdown
    source: Location
    state: str  # one of STATES
    msgstr: str = ""
    previous_msgid: str | None = None
    line: int | None = None  # of the msgid in the .po
    catalog: str = ""  # the .po's path, as messages print it
    findings: tuple[Diagnostic, ...] = ()
    refused: tuple[str, ...] = ()
    as_text: bool = False  # shown as written, never rendered: a refused or unsafe translation


def rows(
    doc: Document,
    catalog: CatalogFile,
    refused: Mapping[Key, Sequence[str]] = {},
    diagnostics: Sequence[Diagnostic] = (),
) -> tuple[list[Row], list[Diagnostic]]:
    """The rows in document order, and the findings that belong to no entry."""
    entries = {key_of(e): e for e in live(catalog.po)}
    lines = catalog.msgid_lines
    reader = Reader.of(doc)
    by_line: dict[int, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        by_line.setdefault(diagnostic.location.line, []).append(diagnostic)
    out: list[Row] = []
    seen: set[Key] = set()
    for seg in doc.segments:
        key = key_of(seg)
        if key in seen:
            continue
        seen.add(key)
        entry = entries.get(key)
        line = lines.get(key)
        found = catalog_state(entry) if entry is not None else State.UNTRANSLATED
        state = "refused" if found is State.TRANSLATED and key in refused else found.value
        previous = entry.previous_msgid if entry is not None and found is State.FUZZY else None
        msgstr = entry.msgstr if entry is not None else ""
        unsafe = state == "refused" or (
            found is State.FUZZY
            and bool(safety.unsafe_reasons(seg.msgid, msgstr, safety.where(seg), seg.comments, reader))
        )
        out.append(
            Row(
                key=key,
                kind=seg.label,
                plain=seg.key is not None or seg.span.style is Style.ATTRIBUTE,  # alt text is not Markdown
                source=seg.location,
                state=state,
                msgstr=msgstr,
                previous_msgid=previous,
                line=line,
                catalog=catalog.display,
                findings=tuple(by_line.pop(line, ())) if line is not None else (),
                refused=tuple(refused.get(key, ())),
                as_text=unsafe,
            )
        )
    rest = [d for found in by_line.values() for d in found]
    return out, rest


def render_message(
    text: str,
    plain: bool,
    link: Callable[[str], str],
    as_text: bool = False,
    macros: Mapping[str, tex.Macro] | None = None,
    note_label: str = "Note",
    math: str = "dollars",
) -> Markup:
    """A message as readers see it; front-matter values are plain text, and an unsafe
    translation is its text, escaped, never rendered. `link` gives each link the
    destination the chapter page gives it, so a reviewer can follow it; formulas
    are typeset with `macros` (none where the project's `math` is "none"), and notes
    shown in place under `note_label`."""
    if as_text:
        return Markup(f'<span class="as-text">{escape(text)}</span>')
    if plain:
        return Markup(escape(text))
    md = text_only(math)
    env: dict[str, Any] = {}
    tokens = md.parseInline(text, env)
    rewrite_links(tokens, link)
    for token in tokens:
        token.children = [_math_text(c, macros or {}) for c in token.children or ()]
    html = inline_notes(md.renderer.render(tokens, md.options, env), note_label)
    return Markup(html if math == "none" else typeset(html, dollars=dollars_in_text(math)))


def _math_text(token: Token, macros: Mapping[str, tex.Macro]) -> Token:
    """A formula as the delimited TeX the page's typesetter reads, macros expanded."""
    if token.type not in MATH:
        return token
    source = tex.expand(tex.define(token.content, dict(macros)), macros)
    opening, closing = ("\\[", "\\]") if MATH[token.type] else ("\\(", "\\)")
    text = Token("html_inline", "", 0)
    text.content = escape(f"{opening}{source}{closing}", quote=False) if source.strip() else ""
    return text


def diff(old: str, new: str) -> tuple[Markup, Markup]:
    """A word-level diff of two English texts: the old text with what went in `<del>`,
    the new one with what came in `<ins>`, to be read one above the other.

    Changes separated only by spaces read as one change ("<del>serving
    chapter</del>" / "<ins>inference section</ins>"), not as a word-by-word zigzag.
    """
    a, b = WORDS.findall(old), WORDS.findall(new)
    parts: list[tuple[bool, str, str]] = []  # (changed, old text, new text)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        parts.append((op != "equal", "".join(a[i1:i2]), "".join(b[j1:j2])))
    merged: list[tuple[bool, str, str]] = []
    for i, (changed, was, now) in enumerate(parts):
        between = not changed and not was.strip() and 0 < i < len(parts) - 1
        if (changed or between) and merged and merged[-1][0]:
            merged[-1] = (True, merged[-1][1] + was, merged[-1][2] + now)
        else:
            merged.append((changed or between, was, now))
    before, after = [], []
    for changed, was, now in merged:
        if not changed:
            before.append(escape(was))
            after.append(escape(now))
            continue
        if was:
            before.append(f"<del>{escape(was)}</del>")
        if now:
            after.append(f"<ins>{escape(now)}</ins>")
    return Markup("".join(before)), Markup("".join(after))


def review_page(
    doc: Document,
    catalog: CatalogFile,
    language: str,
    site: Site,
    refused: Mapping[Key, Sequence[str]] = {},
    diagnostics: Sequence[Diagnostic] = (),
) -> tuple[str, list[Row]]:
    """The review page of one catalog, and its rows (for the build's summary line).

    `diagnostics` are `mdgettext check`'s findings for the catalog: the page shows
    them and never decides anything itself."""
    table, loose = rows(doc, catalog, refused, diagnostics)
    chapter_href = relative(page_path(site.chapter, language), site.chapter, language)
    link = partial(_review_link, site, language, chapter_href)
    macros = tex.page_macros(doc.tokens, tex.from_setting(dict(site.macros)))
    counts = {state: sum(1 for r in table if r.state == state) for state in STATES}
    context = {
        "lang": language,
        "language_name": language_name(language),
        "title": f"Review: {catalog.display}",
        "catalog": catalog.display,
        "source": doc.path,
        "chapter_href": chapter_href,
        "rows": [_view(row, link, macros, math_of(doc.flavor, doc.math), site.repository) for row in table],
        "repository": site.repository,
        "counts": counts,
        "total": len(table),
        "with_findings": sum(1 for r in table if r.findings),
        "loose": loose,
        "stylesheet": relative(site.stylesheet, site.chapter, language) if site.stylesheet else None,
        "inline_css": None if site.stylesheet else Markup(stylesheet(site.templates)),
    }
    html = environment(site.templates).get_template("review.html.j2").render(context)
    return html, table


def _review_link(site: Site, language: str, chapter_href: str, url: str) -> str:
    """A link in a message as the chapter page has it; an in-page `#anchor` goes to the chapter page."""
    if url.startswith("#"):
        return chapter_href + url
    return chapter_link(url, site, language)


def in_repository(repository: str | None, location: Location) -> str | None:
    """A file's line as the repository's web view shows it (`…/blob/main/x.po#L12`: the
    anchor GitHub, GitLab, Gitea and Forgejo give a line), or None without a repository."""
    if not repository:
        return None
    return f"{repository}/{quote(location.path)}#L{location.line}"


def _view(
    row: Row, link: Callable[[str], str], macros: Mapping[str, tex.Macro], math: str, repository: str | None
) -> dict[str, Any]:
    render = partial(render_message, plain=row.plain, link=link, macros=macros, math=math)
    return {
        "row": row,
        "source_html": render(row.key[1]),
        "translation_html": render(row.msgstr, as_text=row.as_text) if row.msgstr else None,
        "change": diff(row.previous_msgid, row.key[1]) if row.previous_msgid else None,
        "po_href": in_repository(repository, Location(row.catalog, row.line)) if row.line else None,
        "source_href": in_repository(repository, row.source),
        "context": row.key[0],
        "findings": [{"severity": d.severity.value, "code": d.code, "message": d.message} for d in row.findings],
    }
