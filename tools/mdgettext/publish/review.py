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
Long because an entry's row, its states and how each column renders are one view of it.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from html import escape
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from mdgettext.checks import safety
from mdgettext.locale import language_name, language_name_in
from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.parser import parser, text_only
from mdgettext.markdown.segment import CODE_BLOCK
from mdgettext.model import Diagnostic, Document, Flavor, Key, Location, Severity, Style, key_of
from mdgettext.po.catalog import CatalogFile, State, awaiting_review, live
from mdgettext.po.catalog import state as catalog_state
from mdgettext.publish import macros as tex
from mdgettext.publish.body import rewrite_links
from mdgettext.publish.changes import diff
from mdgettext.publish.links import REVIEW_SCRIPT_PATH, Site, chapter_link, page_path, relative
from mdgettext.publish.mathml import typeset
from mdgettext.publish.notes import inline_notes
from mdgettext.publish.skeleton import Piece, compare, pieces
from mdgettext.publish.templates import environment, stylesheet
from mdgettext.publish.words import Words, words

MATH = {"math_inline": False, "math_inline_double": False, "math_block": True}  # token -> displayed


class ReviewState(StrEnum):
    """How an entry stands on the review page: its catalog state, and what the build did with it."""

    TRANSLATED = "translated"
    IMPORTED = "imported"  # published, awaiting review (import's doubts in its comment)
    FUZZY = "fuzzy"
    UNTRANSLATED = "untranslated"
    REFUSED = "refused"  # translated, but the build publishes the English (unsafe, or an error of `check`)


STATES = tuple(ReviewState)  # in the order the page's filter lists them


@dataclass(frozen=True)
class Row:
    """One entry of the review page: its English, its translation and what stands in the way."""

    key: Key
    kind: str  # the segment's label: `paragraph`, `front matter: title`
    plain: bool  # a front-matter value: text, not Markdown
    source: Location
    state: ReviewState
    msgstr: str = ""
    previous_msgid: str | None = None
    line: int | None = None  # of the msgid in the .po: where `check` reports the entry's findings
    msgstr_line: int | None = None  # of the msgstr: where the translator types, the line the page shows
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
    lines, typed = catalog.msgid_lines, catalog.msgstr_lines
    reader = Reader.of(doc)
    obsolete = [e.linenum for e in catalog.po if e.obsolete]
    by_line = owners(list(lines.values()), diagnostics, catalog.display, obsolete)
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
        state = ReviewState.REFUSED if found is State.TRANSLATED and key in refused else ReviewState(found)
        if state is ReviewState.TRANSLATED and entry is not None and awaiting_review(entry):
            state = ReviewState.IMPORTED  # published; import's reasons are its completeness.imported finding
        previous = entry.previous_msgid if entry is not None and found is State.FUZZY else None
        msgstr = entry.msgstr if entry is not None else ""
        unsafe = state is ReviewState.REFUSED or (
            found is State.FUZZY
            and bool(safety.unsafe_reasons(seg.msgid, msgstr, safety.where(seg), seg.comments, reader))
        )
        out.append(
            Row(
                key=key,
                kind=seg.label,
                plain=seg.key is not None or seg.span.style in (Style.ATTRIBUTE, Style.CODE),  # alt text, code
                source=seg.location,
                state=state,
                msgstr=msgstr,
                previous_msgid=previous,
                line=line,
                msgstr_line=typed.get(key),
                catalog=catalog.display,
                findings=tuple(by_line.pop(line, ())) if line is not None else (),  # as check reports them
                refused=tuple(refused.get(key, ())),
                as_text=unsafe,
            )
        )
    rest = [d for found in by_line.values() for d in found]
    return out, sorted(rest, key=lambda d: (d.location.line, d.code))


def owners(
    entry_lines: Sequence[int], diagnostics: Sequence[Diagnostic], catalog: str, ends: Sequence[int] = ()
) -> dict[int, list[Diagnostic]]:
    """Each finding under the entry it is about, by that entry's `msgid` line: the
    entry that starts last at or before the line the finding names (its `msgid` or its
    `msgstr`, wherever the check reports it). A finding before the first entry (the
    header), after one of `ends` (where an obsolete entry starts), or in another file
    is under 0: it belongs to the whole catalog."""
    starts = sorted({*((line, line) for line in entry_lines), *((line, 0) for line in ends)})
    found: dict[int, list[Diagnostic]] = {}
    for diagnostic in diagnostics:
        at = bisect.bisect_right(starts, (diagnostic.location.line, float("inf"))) - 1
        owner = starts[at][1] if diagnostic.location.path == catalog and at >= 0 else 0
        found.setdefault(owner, []).append(diagnostic)
    return found


def render_message(
    text: str,
    plain: bool,
    link: Callable[[str], str],
    as_text: bool = False,
    macros: Mapping[str, tex.Macro] | None = None,
    note_label: str = "Note",
    flavor: Flavor = COMMONMARK,
) -> Markup:
    """A message as readers see it; front-matter values are plain text, and an unsafe
    translation is its text, escaped, never rendered. `link` gives each link the
    destination the chapter page gives it, so a reviewer can follow it; formulas
    are typeset with `macros` (none where the project's `math` is "none": `flavor` says
    how the chapter read `$`), and notes
    shown in place under `note_label`."""
    if as_text:
        return Markup(f'<span class="as-text">{escape(text)}</span>')
    if plain:
        return Markup(escape(text))
    md = text_only(flavor.math)
    env: dict[str, Any] = {}
    tokens = md.parseInline(text, env)
    rewrite_links(tokens, link)
    for token in tokens:
        token.children = [_math_text(c, macros or {}) for c in token.children or ()]
    html = inline_notes(md.renderer.render(tokens, md.options, env), note_label)
    return Markup(typeset(html, dollars=flavor.dollars_in_text) if flavor.typesets else html)


def _math_text(token: Token, macros: Mapping[str, tex.Macro]) -> Token:
    """A formula as the delimited TeX the page's typesetter reads, macros expanded."""
    if token.type not in MATH:
        return token
    source = tex.expand(tex.define(token.content, dict(macros)), macros)
    opening, closing = ("\\[", "\\]") if MATH[token.type] else ("\\(", "\\)")
    text = Token("html_inline", "", 0)
    text.content = escape(f"{opening}{source}{closing}", quote=False) if source.strip() else ""
    return text


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
    them and never decides anything itself. Its words are the reviewer's: the
    catalog's language's page words (publish/words.py)."""
    table, loose = rows(doc, catalog, refused, diagnostics)
    chapter_href = relative(page_path(site.chapter, language), site.chapter, language)
    link = partial(_review_link, site, language, chapter_href)
    macros = tex.page_macros(doc.tokens, tex.from_setting(dict(site.macros)))
    counts = {state.value: sum(1 for r in table if r.state is state) for state in STATES}
    ui = words(language, site.page_words)
    flavor = doc.flavor.reading(doc.math)
    skeletons = partial(_skeletons, parser(flavor), {"references": doc.references})
    title_before, _, title_after = ui.words["review_title"].format(catalog="\0").partition("\0")
    with_findings = sum(1 for r in table if r.findings)
    with_additions = sum(1 for r in table if additions(r))
    context = {
        "lang": language,
        "ui": ui.words,
        "ui_lang": ui.language,
        "language_name": language_name(language),
        "source_language_name": language_name_in(site.source_language, ui.language),
        "title": ui.words["review_title"].format(catalog=catalog.display),
        "title_around": (title_before, title_after),
        "path_parts": catalog.display.split("/"),
        "summary": ui.review_summary(len(table), doc.path, language_name_in(language, ui.language)),
        "catalog": catalog.display,
        "source": doc.path,
        "chapter_href": chapter_href,
        "rows": [_view(row, link, macros, flavor, site.repository, skeletons, ui) for row in table],
        "repository": site.repository,
        "counts": counts,
        "total": len(table),
        "with_findings": with_findings,
        "with_additions": with_additions,
        "opens_on": "findings" if with_findings else "all",
        "loose": [_finding(d, site.repository, ui) for d in loose],
        "stylesheet": relative(site.stylesheet, site.chapter, language) if site.stylesheet else None,
        "script": relative(REVIEW_SCRIPT_PATH, site.chapter, language) if site.stylesheet else None,
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
    row: Row,
    link: Callable[[str], str],
    macros: Mapping[str, tex.Macro],
    flavor: Flavor,
    repository: str | None,
    skeletons: Callable[[str, str], tuple[list[Piece], list[Piece]] | None],
    ui: Words,
) -> dict[str, Any]:
    render = partial(render_message, plain=row.plain, link=link, macros=macros, flavor=flavor)
    at = Location(row.catalog, row.msgstr_line) if row.msgstr_line else None
    told = {f"{d.message} [{d.code}]" for d in row.findings} | {d.message for d in row.findings}
    broken = bool(row.findings or row.refused) and bool(row.msgstr) and not row.plain
    return {
        "row": row,
        "source_html": render(row.key[1], as_text=row.kind == CODE_BLOCK),  # code as written, both sides
        "translation_html": render(row.msgstr, as_text=row.as_text or row.kind == CODE_BLOCK) if row.msgstr else None,
        "change": diff(row.previous_msgid, row.key[1]) if row.previous_msgid else None,
        "po_href": in_repository(repository, Location(row.catalog, row.msgstr_line)) if row.msgstr_line else None,
        "source_href": in_repository(repository, row.source),
        "context": row.key[0],
        # one line per finding: a refusal is check's finding, said once (unless only the judge said it)
        "refusals": [reason for reason in row.refused if reason not in told],
        # each at the entry's msgstr line, where the fix is typed (check names the msgid's)
        "findings": [_finding(d, repository, ui, at) for d in row.findings],
        "skeleton": skeletons(row.key[1], row.msgstr) if broken else None,
        "msgid": row.key[1],
        "additions": len(additions(row)),
    }


# The notes that say a translation adds what cannot harm the reader (a link to a web page
# or the book's places, the book's own element): published, listed apart for a reviewer.
ADDITIONS = frozenset({"links.added", "markup.added"})


def additions(row: Row) -> list[Diagnostic]:
    """What the row's translation adds that the English does not have, published: the
    review page's "Added by the translator" filter shows these entries."""
    return [
        d
        for d in row.findings
        if d.code in ADDITIONS and d.severity is Severity.INFO and row.state is not ReviewState.REFUSED
    ]


def _finding(d: Diagnostic, repository: str | None, ui: Words, at: Location | None = None) -> dict[str, Any]:
    """A finding as the page shows it, in the reviewer's words: at `at` (its entry's msgstr
    line), else at the line `check` reports it (a finding about the whole catalog)."""
    where = at or d.location
    return {
        "severity": d.severity.value,
        "severity_word": ui.words.get(f"severity_{d.severity.value}", d.severity.value),
        "code": d.code,
        "message": d.message,
        "where": str(where),
        "href": in_repository(repository, where),
    }


def _skeletons(
    md: MarkdownIt, env: Mapping[str, object], english: str, translation: str
) -> tuple[list[Piece], list[Piece]] | None:
    """The markup of an entry's English beside its translation's, what differs marked; None when the same."""
    return compare(pieces(english, md, env), pieces(translation, md, env))
