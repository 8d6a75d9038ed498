"""The view of a catalog that checks work on: entries with their .po line and source."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cached_property
from typing import TYPE_CHECKING
from urllib.parse import unquote

from mdgettext.checks.allowlist import own_elements
from mdgettext.checks.tex import commands
from mdgettext.markdown.anchors import heading_order
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.weave import Woven
from mdgettext.model import Addendum, Diagnostic, Document, Location, Reason, Segment, Severity, accept_key, key_of
from mdgettext.po.catalog import State, doubts, state
from mdgettext.po.entries import Catalog
from mdgettext.po.suppressions import ignored_codes
from mdgettext.project import Editions

if TYPE_CHECKING:
    from mdgettext.checks.safety import Judge


@dataclass(frozen=True)
class Entry:
    """A catalog entry as the checks see it: its state, its .po line, and where the source has it."""

    msgctxt: str | None
    msgid: str
    msgstr: str
    state: State
    line: int  # the line of `msgid` in the .po, 1-based
    segments: tuple[Segment, ...]  # where the msgid occurs in the source
    ignore: frozenset[str] = frozenset()
    previous_msgid: str | None = None
    doubts: tuple[str, ...] = ()  # `tm: …`, `merge: …` (why it is fuzzy), `import: …` (a pairing to review)
    msgstr_line: int = 0  # the line of `msgstr`, where the translator types (0: not known)

    @property
    def translated(self) -> bool:
        """Has a translation the build uses."""
        return self.state is State.TRANSLATED

    @property
    def obsolete(self) -> bool:
        """An `#~` entry: kept for reference, published nowhere."""
        return self.state is State.OBSOLETE

    @property
    def source(self) -> Location | None:
        """The first place the English has this text: findings name it, so the fix can be read in context."""
        return self.segments[0].location if self.segments else None

    @property
    def kinds(self) -> tuple[str, ...]:
        """The block kinds the text stands in (a heading and a toc name share one entry)."""
        return tuple(dict.fromkeys(s.kind for s in self.segments))

    @property
    def keys(self) -> frozenset[str]:
        """The front-matter key paths this entry's text stands at."""
        return frozenset(s.key for s in self.segments if s.key is not None)


@dataclass(frozen=True)
class Glossary:
    """Required renderings: English term -> the text the translation must contain."""

    terms: Mapping[str, str] = field(default_factory=dict)
    readings: Mapping[str, str] = field(default_factory=dict)  # a Latin name -> its Korean reading (particles)
    places: Mapping[str, str] = field(default_factory=dict)  # term -> "locale/ko/glossary.po:12", for messages


@dataclass(frozen=True)
class Context:
    """What checks need beyond the entries: the source, the language, the project."""

    language: str
    doc: Document
    po_path: str
    glossary: Glossary = field(default_factory=Glossary)
    names: tuple[str, ...] = ()  # people from the front matter's authors
    pages: frozenset[str] | None = None  # known page names; None: do not check page links
    anchors: Mapping[str, frozenset[str]] = field(default_factory=dict)  # page -> heading ids
    page: str = ""  # this chapter's page name
    index: str = "index"  # the chapter published at the site's root: relative links resolve from there
    template_keys: frozenset[tuple[str | None, str]] | None = None  # the .pot's messages
    min_translated: float | None = None
    heading_ids: bool = False
    # The chapter with every translated entry put back; `run_checks` weaves it when
    # the caller (the build, which publishes the same text) has not already.
    rebuilt: Woven | None = None
    # The document's safety judge, when the caller judges it again after the checks (the
    # build publishes what they leave): each message is then judged once.
    judging: Judge | None = None
    addenda: tuple[Addendum, ...] = ()  # the translator's own blocks for this chapter and language
    accepted: frozenset[str] = frozenset()  # translations a maintainer accepts (the `accept` setting's keys)
    editions: Editions | None = None  # where the chapters' translations are, for links between them

    @cached_property
    def inline(self) -> Reader:
        """Reads msgids and msgstrs as the page will: each text parsed once for all checks
        and the safety judge (whose Reader it is, when the context has one)."""
        if self.judging is not None and self.judging.doc is self.doc:
            return self.judging.reader
        return Reader.of(self.doc)

    @cached_property
    def own_elements(self) -> frozenset[tuple[object, ...]]:
        """The book's own elements the chapter's English writes: a translation may add them."""
        return (
            self.judging.own
            if self.judging is not None and self.judging.doc is self.doc
            else own_elements(self.doc.text)
        )

    def same_place(self, english: str, translated: str) -> bool:
        """Whether a link the translation wrote otherwise leads where the English's does
        on the reader's page: to the English's file, written from the translation's own
        folder (`../CHANGES.md` in `translations/`: Editions.same_file), or to the heading
        the English's `#id` names, by the id the reader's page gives that heading (made
        of its translated words where the build keeps no English id, as on GitHub): the
        heading the English's pairs with (Woven.translated_ids), or the one at its place
        in both pages' heading orders."""
        if self.editions is not None and self.editions.same_file(english, translated):
            return True
        if not (english.startswith("#") and translated.startswith("#")) or self.rebuilt is None:
            return False
        fragment, theirs_id = unquote(english[1:]), unquote(translated[1:])
        paired = self.rebuilt.translated_ids
        if any(theirs_id in ids for ids in paired.values()):  # a translated heading's: by its pair
            return theirs_id in paired.get(fragment, ())
        mine, theirs = self.english_headings, self.rebuilt.headings
        if len(mine) != len(theirs) or mine.count(fragment) != 1:
            return False
        return theirs[mine.index(fragment)] == theirs_id != fragment

    @cached_property
    def english_headings(self) -> tuple[str, ...]:
        """The English page's heading ids in order (anchors.heading_order)."""
        return heading_order(self.doc.tokens, self.doc.flavor)

    @cached_property
    def tex_commands(self) -> frozenset[str]:
        """The TeX commands the chapter's English uses: a formula may use them (its macros too)."""
        return frozenset(commands(self.doc.text))

    @cached_property
    def inline_at_line(self) -> dict[int, int]:
        """The index of the English's first inline token on each line, found once per
        catalog (a scan per entry would make a check quadratic in the chapter's length)."""
        index: dict[int, int] = {}
        for i, token in enumerate(self.doc.tokens):
            if token.type == "inline" and token.map:
                index.setdefault(token.map[0], i)
        return index

    def finding(
        self, entry: Entry | None, code: str, severity: Severity, message: str, reasons: tuple[Reason, ...] = ()
    ) -> Diagnostic:
        """A finding on the entry (line 1 for the catalog as a whole): printed at its msgstr
        line, which the translator edits, unless it is about the entry's English or state
        (ABOUT_THE_ENTRY), told at the msgid line, as GNU tools tell theirs."""
        line = entry.line if entry is not None else 1
        source = entry.source if entry is not None else None
        key = accept_key(entry.msgctxt, entry.msgid, entry.msgstr) if entry is not None and entry.translated else None
        at = (
            entry.msgstr_line
            if entry is not None and entry.msgstr_line and not code.startswith(ABOUT_THE_ENTRY)
            else None
        )
        return Diagnostic(Location(self.po_path, line), code, severity, message, source, reasons, key, at)


# Findings about an entry's state or its comments, not its translation: at the msgid line.
ABOUT_THE_ENTRY = ("completeness.", "suppression.", "frontmatter.untranslated")
EntryCheck = Callable[[Entry, Context], Iterable[Diagnostic]]
CatalogCheck = Callable[[Sequence[Entry], Context], Iterable[Diagnostic]]
# One language's catalogs side by side, in chapter order: what only the whole book shows.
BookCheck = Callable[[Sequence[tuple[Sequence[Entry], Context]]], Iterable[Diagnostic]]


@dataclass(frozen=True)
class Family:
    """One family of checks: its codes and what it runs. Every check module exports
    one as `FAMILY`, and `checks/__init__.py` builds the registry from them."""

    codes: Mapping[str, str]  # code -> what it means, for `check --list` and suppressions
    entry: EntryCheck | None = None  # run on every translated entry
    catalog: CatalogCheck | None = None  # run once on the whole catalog
    book: BookCheck | None = None  # run once on all of a language's catalogs
    # Whether a finding may be an error: a build that writes no review page needs
    # only these, since it refuses exactly the entries with an error.
    errors: bool = True


def entries_of(catalog: Catalog, doc: Document) -> list[Entry]:
    """The catalog's entries (read with its text, so each knows its lines: `CatalogFile.catalog`),
    live then obsolete, each with its msgid line and source segments."""
    by_key: dict[tuple[str | None, str], list[Segment]] = {}
    for seg in doc.segments:
        by_key.setdefault(key_of(seg), []).append(seg)
    result = []
    for obsolete in (False, True):
        for e in (e for e in catalog.entries if e.obsolete == obsolete and e.msgid):
            result.append(
                Entry(
                    msgctxt=e.msgctxt,
                    msgid=e.msgid,
                    msgstr=e.msgstr,
                    state=state(e),
                    line=e.line,
                    segments=() if obsolete else tuple(by_key.get(key_of(e), ())),
                    ignore=ignored_codes(e),
                    previous_msgid=e.previous_msgid,
                    doubts=doubts(e),
                    msgstr_line=e.msgstr_line,
                )
            )
    return result


def live(entries: Sequence[Entry]) -> list[Entry]:
    """The entries a page uses or could use: not the obsolete ones."""
    return [e for e in entries if not e.obsolete]


def text_likeness(a: str, b: str) -> float:
    """How alike two texts are, from 0 to 1 (difflib's ratio)."""
    return SequenceMatcher(None, a, b).ratio()


def edits(
    missing: list[str], added: list[str], likeness: Callable[[str, str], float] | None = None
) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """Which added item replaced which missing one, so that one thing the translator
    edited is one finding, not a loss and a gain: pairs the most alike first, alike
    enough to be one edit (`P(‘X')` and `P('X')`), and a lone loss with a lone gain
    whatever it became. Returns the pairs, then what is only missing, only added."""
    alike = likeness or text_likeness
    scored = sorted(((alike(was, now), was, now) for was in set(missing) for now in set(added)), reverse=True)
    pairs: list[tuple[str, str]] = []
    for score, was, now in scored:
        if score >= 0.5 and all(was != w and now != n for w, n in pairs):
            pairs.append((was, now))
    lost, gained = list(missing), list(added)
    for was, now in pairs:
        lost.remove(was)
        gained.remove(now)
    if len(lost) == len(gained) == 1:
        return [*pairs, (lost[0], gained[0])], [], []
    return pairs, lost, gained


def difference(expected: Counter[str], actual: Counter[str]) -> tuple[list[str], list[str]]:
    """What `actual` lacks and what it adds, each once per missing or extra copy."""
    missing = list((expected - actual).elements())
    added = list((actual - expected).elements())
    return missing, added
