"""Consistency checks: every way a translation can break the chapter.

Checks read a catalog and the source's segments; they never write the build. Each
family lives in its own module as small functions:

- per entry: `(entry, context) -> Iterable[Diagnostic]`, run on every translated entry;
- per catalog: `(entries, context) -> Iterable[Diagnostic]`, for what only shows
  in the whole (a stale catalog, mixed speech levels, the rebuilt document).

A translator silences one check on one entry with a translator comment
`# mdgettext-ignore: links.missing` (or the flag `#, mdgettext-ignore: ...`,
which `update` turns into that comment, since GNU gettext drops unknown flags).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from difflib import get_close_matches

from mdgettext.checks import (
    addenda,
    allowlist,
    budget,
    completeness,
    consistency,
    content,
    formulas,
    front_matter,
    links,
    markup,
    names,
    safety,
    structure,
    typography,
)
from mdgettext.checks.code import is_code
from mdgettext.checks.entry import Context, Entry, Family, Glossary, entries_of
from mdgettext.markdown.weave import weave
from mdgettext.model import Diagnostic, Key, Reason, Severity, TranslationMap, key_of

FAMILIES: tuple[Family, ...] = (
    budget.FAMILY,
    safety.FAMILY,
    links.FAMILY,
    markup.FAMILY,
    names.FAMILY,
    structure.FAMILY,
    completeness.FAMILY,
    content.FAMILY,
    front_matter.FAMILY,
    typography.FAMILY,
    consistency.FAMILY,
    addenda.FAMILY,
)
SUPPRESSION = {
    "suppression.unknown-code": "a mdgettext-ignore comment names no known check",
    "suppression.not-allowed": "a mdgettext-ignore comment names a safety check, which nothing silences",
}
UNSILENCEABLE = ("safety.",)  # the build refuses such a translation whatever a comment says
CODES = {code: meaning for family in FAMILIES for code, meaning in family.codes.items()} | SUPPRESSION

__all__ = [
    "CODES",
    "Context",
    "Entry",
    "Glossary",
    "chosen",
    "entries_of",
    "refusals",
    "reported",
    "run_book_checks",
    "run_checks",
    "selectable",
]


def selectable() -> frozenset[str]:
    """What `--select` and `--ignore` accept: every code, and every family a code
    belongs to (`links`, `typography`)."""
    return frozenset(CODES) | {code.rsplit(".", 1)[0] for code in CODES}


def chosen(text: str) -> tuple[str, ...]:
    """The codes or families of a comma-separated list (`--select`, `--ignore`), each one
    known; ValueError names the first that is not, and the known code it most resembles."""
    names = selectable()
    codes = tuple(c.strip() for c in text.split(",") if c.strip())
    for code in codes:
        if code not in names:
            close = get_close_matches(code, sorted(names), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise ValueError(f"unknown check '{code}'; {hint}known codes: {', '.join(sorted(CODES))}")
    return codes


def reported(code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """Whether a finding's code is among those selected (all, when none are) and not
    ignored; a family (`links`) names each of its codes."""

    def matches(patterns: Sequence[str]) -> bool:
        return any(code == p or code.startswith(p + ".") for p in patterns)

    return (not select or matches(select)) and not matches(ignore)


def run_checks(entries: Sequence[Entry], ctx: Context, errors_only: bool = False) -> list[Diagnostic]:
    """Every finding for one catalog's entries, in .po line order, suppressions applied;
    with `errors_only`, only the families whose findings may be errors run (every
    error is still found, and the warnings the others would add are not)."""
    families = [f for f in FAMILIES if f.errors or not errors_only]
    entries, found = budget.bounded(entries, ctx)  # one finding for what is too much to read, nothing else
    too_much = {d.location.line for d in found}
    if ctx.rebuilt is None:
        translations = TranslationMap({key_of(e): e.msgstr for e in entries if e.translated})
        ctx = replace(ctx, rebuilt=weave(ctx.doc, translations, heading_ids=ctx.heading_ids))
        if ctx.judging is not None:  # a shared judge: its links read on this rebuilt page (Context.same_place)
            ctx = replace(ctx, judging=ctx.judging.sharing(ctx.same_place))
    # A code block's lines are judged as code (checks/code.py, through the safety judge),
    # never as prose: its comments and strings have no markup, links or typography to keep.
    prose = [e for e in entries if not is_code(e.segments)]
    for entry in entries:
        if entry.translated and not is_code(entry.segments):
            for family in families:
                if family.entry is not None:
                    found.extend(family.entry(entry, ctx))
        found.extend(_unknown_codes(entry, ctx))
    for family in families:
        if family.catalog is not None:
            found.extend(family.catalog(entries if family in WHOLE else prose, ctx))
    by_line = {e.line: e for e in entries}
    elsewhere = [d for d in found if d.location.path != ctx.po_path]  # the addenda file's: no entry silences them
    heard = [d for d in found if d.location.path == ctx.po_path and not _silenced(d, by_line.get(d.location.line))]
    told: dict[int, set[str]] = {}
    for d in heard:
        told.setdefault(d.location.line, set()).add(d.code)
    unsafe_additions = {
        d.location.line for d in heard if d.code == safety.CODE and any(r.kind in ADDS_MARKUP for r in d.reasons)
    }
    # One problem, one finding. A changed link or tag also changes the rebuilt page; the
    # safety check names a lost or changed link, a lost tag or a new block in its own
    # words, which the links, markup and structure findings say better; an added tag
    # or Liquid tag it says best (it may be active content). Nothing silences safety:
    # when a comment silences the finding that told it, the safety one is shown.
    kept = [
        d
        for d in heard
        if not (d.location.line in too_much and d.code != budget.CODE)  # as untranslated, it is incomplete too
        and not (d.code == "structure.changed" and told[d.location.line] & EXPLAINING)
        and not (d.code == safety.CODE and _said_already(d.reasons, told[d.location.line]))
        and not (d.code in ("markup.html", "markup.liquid") and d.location.line in unsafe_additions)
    ]
    kept = _one_story(kept)
    # an addition is published only with its translation: on a refused one it is no note
    refused = {d.location.line for d in kept if d.severity is Severity.ERROR}
    kept = [d for d in kept if not (d.code in ADDITIONS and d.severity is Severity.INFO and d.location.line in refused)]
    # What an entry's translation does is the safety judge's reading of its elements (an
    # image loads, whatever a links finding calls it): no finding on it is accepted then.
    loads = {d.location.line for d in heard if d.code == safety.CODE and safety.active(d.reasons)}
    return (
        sorted(
            (_accepted(d, ctx.accepted, d.location.line in loads) for d in kept),
            key=lambda d: (d.location.line, d.code),
        )
        + elsewhere
    )


def _one_story(found: list[Diagnostic]) -> list[Diagnostic]:
    """A link left open is told once, as that. A translation put in the wrong entry is
    told once, as that: its lost links and
    code are not the translator's fix (they are another entry's words). The finding is
    an error when one it tells was, so the build still publishes the English."""
    # a link left open: what follows its destination is not a particle nor a cut sentence, but the link's
    unclosed = {d.location.line for d in found if d.code == "links.missing" and "is not closed" in d.message}
    found = [
        d for d in found if not (d.location.line in unclosed and d.code in ("typography.particle-space", content.CUT))
    ]
    lines = {d.location.line for d in found if d.code == content.ELSEWHERE}
    if not lines:
        return found
    told = ("links.", "markup.", "structure.")
    erred = {
        d.location.line
        for d in found
        if d.location.line in lines and d.code.startswith(told) and d.severity is Severity.ERROR
    }
    return [
        replace(d, severity=Severity.ERROR) if d.code == content.ELSEWHERE and d.location.line in erred else d
        for d in found
        if not (d.location.line in lines and d.code.startswith(told))
    ]


def _accepted(finding: Diagnostic, accepted: frozenset[str], loads: bool = False) -> Diagnostic:
    """An error on a translation a maintainer accepts is a warning that says so, unless
    it could run or load (safety.ACTIVE; `loads`: the safety judge found that on the
    same entry): no setting publishes that."""
    if finding.severity is not Severity.ERROR or finding.accept not in accepted:
        return finding
    if loads or safety.active(finding.reasons):
        return replace(
            finding, message=f"{finding.message} (the `accept` setting cannot publish this: it could run or load)"
        )
    return replace(finding, severity=Severity.WARNING, message=f"{finding.message} (accepted in the settings)")


WHOLE = (safety.FAMILY, budget.FAMILY, completeness.FAMILY)  # catalog checks that read code entries too
EXPLAINING = frozenset(c for c in CODES if c.startswith(("links.", "markup."))) | {content.NEWLINE}
# What the safety check's reasons say that a links, markup or structure finding on the
# same entry says better: the reason's kind, and the family that says it.
SAID_BY: dict[str, str | tuple[str, ...]] = {
    "drops html": "markup.html",
    "drops liquid": "markup.liquid",
    "adds link": "links.",
    "drops link": "links.",
    "adds image": "links.",
    "drops image": "links.",
    "adds destination": "links.",
    allowlist.BLOCKS: "structure.",
    allowlist.BREAK: ("structure.", content.NEWLINE),
    formulas.CHANGED: "markup.math",
    formulas.DROPPED: "markup.math",
}
# The notes that list what a translation adds and the page publishes (a web link, the book's own element).
ADDITIONS = frozenset({"links.added", "markup.added"})
# An added tag or Liquid tag: the safety finding says it best (it may be active content).
ADDS_MARKUP = frozenset({"adds html", "adds liquid"})


def _said_already(reasons: Sequence[Reason], codes: set[str]) -> bool:
    """Whether every reason of a safety finding is told by another finding on the entry."""
    return bool(reasons) and all(
        r.kind in SAID_BY and any(c.startswith(SAID_BY[r.kind]) for c in codes) for r in reasons
    )


def run_book_checks(catalogs: Sequence[tuple[Sequence[Entry], Context]]) -> list[Diagnostic]:
    """What only one language's catalogs side by side show, suppressions applied."""
    by_place = {(ctx.po_path, e.line): e for entries, ctx in catalogs for e in entries}
    found = [d for family in FAMILIES if family.book is not None for d in family.book(catalogs)]
    return [d for d in found if not _silenced(d, by_place.get((d.location.path, d.location.line)))]


def _silenced(finding: Diagnostic, entry: Entry | None) -> bool:
    return entry is not None and finding.code in entry.ignore and not finding.code.startswith(UNSILENCEABLE)


def _unknown_codes(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    for code in sorted(c for c in entry.ignore if c.startswith(UNSILENCEABLE)):
        yield ctx.finding(
            entry,
            "suppression.not-allowed",
            Severity.WARNING,
            f"`mdgettext-ignore: {code}` has no effect: the build refuses an unsafe translation whatever a comment says",
        )
    for code in sorted(entry.ignore - set(CODES)):
        yield ctx.finding(
            entry,
            "suppression.unknown-code",
            Severity.ERROR,  # a typo must not look like a silenced check: `check` exits 2 on it
            f"`mdgettext-ignore: {code}` names no known check; see `mdgettext check --list`",
        )


def refusals(entries: Sequence[Entry], findings: Sequence[Diagnostic], path: str) -> dict[Key, list[Diagnostic]]:
    """The translated entries `check` reports as errors, each with the findings why
    (`path`: the catalog's, where entry findings are)."""
    by_line = {e.line: e for e in entries if e.translated}
    refused: dict[Key, list[Diagnostic]] = {}
    for finding in findings:
        entry = by_line.get(finding.location.line) if finding.location.path == path else None
        if entry is not None and finding.severity is Severity.ERROR:
            refused.setdefault(key_of(entry), []).append(finding)
    return refused
