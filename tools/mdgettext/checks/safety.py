"""Whether a translation may reach a page: translators' text is never trusted as markup.

The English source is written by the book's authors and is trusted, raw HTML
included. A translation comes from a pull request by anyone, and the build writes
it into the Markdown the Jekyll site publishes and into the HTML page; so a
translation may hold only the markup its English holds (`allowlist.py` lists it, as
every reader of the published text reads it). Anything else is refused: the build
uses the English for that message, and `check` reports an error that no
`mdgettext-ignore` comment silences.

Each message is judged where it stands. A paragraph, heading, table cell or
front-matter value is judged on its own. The text runs of a raw HTML block are
judged together, in the block: the English block against the block with every
translated run put back, because an attribute opened in one run and closed in the
next is one tag that neither run shows alone. When a block is refused, each run is
judged alone to find the culprits, and if the rest are still refused together,
none of the block's runs is used.

A message's formulas must be its English's (`formulas.py`), wherever it stands: a
formula is code for a typesetter, and TeX reaches outside it.

Pure functions: the build (`publish/chapter.py`), `check`, `import` and `serve`
(which builds) share `judge`. Long because a message alone, the runs of an HTML block
together and what no acceptance clears are one judge's, read in the document's flavor.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any

from mdgettext.checks import code, formulas
from mdgettext.checks.allowlist import (
    Markup,
    SamePlace,
    Where,
    block_breaks,
    markup_of,
    own_elements,
    refusals,
    wrapped_only,
)
from mdgettext.checks.entry import Context, Entry, Family, live
from mdgettext.markdown import tagtext
from mdgettext.markdown.closing import closed
from mdgettext.markdown.htmltext import RUN, HtmlBlock, html_blocks
from mdgettext.markdown.inline import Reader
from mdgettext.markdown.weave import render
from mdgettext.model import (
    Diagnostic,
    Document,
    Key,
    Reason,
    Segment,
    Severity,
    Style,
    TranslationMap,
    accept_key,
    key_of,
)

HTML_KINDS = frozenset({"html", "raw html text"})
# around a finding's reasons: what is wrong, then what to change
OPENING = "the translation "
CLOSING = (
    "; give it the markup of its English (remove what it adds, put back what it drops): "
    "until then the build publishes the English"
)
CODE = "safety.active-content"
CODES = {
    CODE: "the translation has markup, a link, Liquid, a formula or structure its English does not have "
    "(or lacks some it has), beyond tags that only shape text (`<sub>`, `<b>`: bare, closed), links to web pages "
    "and the book's places, the book's own elements its chapter writes (`<d-footnote>`, `<d-cite>` of a key it cites) "
    "and the English's class-only attribute lists repeated; the build refuses it, and no mdgettext-ignore comment "
    "silences this",
}


# Reasons no maintainer's `accept` clears: what could run or load (a tag, Liquid, kramdown's
# attributes, a TeX command, a link's scheme, an argument broken out of its quotes), and
# what is too much to read. The rest (a link no engine makes, a block added) is the page's.
ACTIVE = frozenset(
    {"adds html", "adds unfinished tag", "adds passed html", "adds liquid", "adds kramdown", "adds tex", "scheme"}
    | {"adds repeated attribute", "starts", "liquid quoting", formulas.CHANGED}
    # what an element does, whatever a check called it: it loads, redefines links, may hold a handler, reads a file
    | {"adds image", "adds image destination", "adds definition", "adds attributes", "adds include"}
    | code.KINDS  # a code block left (its lines read as Markdown), Liquid or a snippet added
)


def active(reasons: Iterable[Reason]) -> bool:
    """Whether any reason is one no `accept` clears."""
    return any(r.kind in ACTIVE for r in reasons)


@dataclass(frozen=True)
class Verdict:
    """The translations a page may use, and why each refused one was refused."""

    kept: TranslationMap
    refused: Mapping[Key, tuple[Reason, ...]] = field(default_factory=dict)


def where(seg: Segment) -> Where:
    """How the published text reads a segment's translation."""
    if seg.kind in HTML_KINDS:
        return Where.HTML
    if seg.span.style is Style.YAML:
        return Where.YAML
    if seg.span.style is Style.ATTRIBUTE:
        return Where.LINE
    # An include's argument (quoted) is printed into the page as it is written, by the
    # site's include (figure.liquid's <figcaption>) and by ours: HTML, where a code span
    # hides no tag. An answer button (the site's details plugin converts it as a
    # Markdown document of its own: `1. …` is a list inside the button) is read as
    # Markdown, blocks and all.
    if seg.span.style is Style.LIQUID:
        return Where.HTML if seg.span.quote else Where.INLINE
    return Where.LINE if seg.span.style is Style.LINE else Where.INLINE


def unsafe_reasons(
    msgid: str, msgstr: str, place: Where = Where.INLINE, notes: Sequence[str] = (), reader: Reader | None = None
) -> list[Reason]:
    """Why `msgstr` must not stand in place of `msgid` (a message judged alone); empty when it may.
    `notes` are the author's notes on the message, `reader` reads it as its document's Markdown."""
    if msgstr == msgid:
        return []
    flavor = reader.flavor if reader is not None else None
    english = markup_of(msgid, place, None, flavor)
    reasons = wrapped_only(msgid, msgstr, place, refusals(english, msgstr, place, None, flavor))
    return reasons + formula_reasons(msgid, msgstr, place, notes, reader)


def formula_reasons(
    msgid: str, msgstr: str, place: Where, notes: Sequence[str] = (), reader: Reader | None = None
) -> list[Reason]:
    """Why the translation's formulas are not the English's (`formulas.py`); none on a
    site without math (`math = "none"`), where `$5 … $10` is text like any other."""
    reader = reader or Reader()
    if reader.math == "none":
        return []
    markdown = reader if place in (Where.INLINE, Where.LINE) else None
    return formulas.reasons(formulas.formulas_of(msgid, markdown), formulas.formulas_of(msgstr, markdown), notes)


def judge(
    doc: Document, translations: TranslationMap, judging: Judge | None = None, accepted: Collection[str] = ()
) -> Verdict:
    """Every translation of `doc` judged where it stands; HTML blocks whole. A kept
    translation is the one the page is built with: an inline element it leaves open
    closed as kramdown closes it (markdown/closing.py). `judging`: the document's
    judge when the caller judges it more than once (`check`'s findings, then the
    build without the entries they refuse): each message alone is judged once.
    `accepted`: the keys of translations a maintainer accepts; they are kept unless
    a reason is one no acceptance clears (ACTIVE)."""
    judging = judging if judging is not None and judging.doc is doc else Judge(doc)
    refused: dict[Key, tuple[Reason, ...]] = {}
    ending: dict[Key, str] = {}
    for seg in doc.segments:
        msgstr = translations.get(key_of(seg))
        if msgstr is None or msgstr == seg.msgid:
            continue
        if seg.kind not in HTML_KINDS and seg.span.style in (Style.INLINE, Style.LINE):
            msgstr = ending.setdefault(key_of(seg), closed(seg.msgid, msgstr, judging.reader))
        # A run of an HTML block found has its markup judged in its block, its formulas
        # here; any other message (an HTML run outside any block found too) is judged alone.
        inside = id(seg) in judging.in_blocks
        reasons = judging.formulas(seg, msgstr) if inside else judging.alone(seg, msgstr)
        if reasons and key_of(seg) not in refused:
            refused[key_of(seg)] = tuple(reasons)
    judged: dict[int, frozenset[Key]] = {}
    changed = True
    while changed:  # a run refused in one block is English in every block: judge them again
        changed = False
        for number, block in enumerate(judging.blocks):
            runs = [
                (seg, msgstr)
                for seg in block.segments
                if (msgstr := translations.get(key_of(seg))) is not None
                and msgstr != seg.msgid
                and key_of(seg) not in refused
            ]
            applied = frozenset(key_of(seg) for seg, _ in runs)
            if not runs or judged.get(number) == applied:
                continue
            judged[number] = applied
            for key, why in judging.block(block, runs).items():
                refused.setdefault(key, why)
                changed = True
    if accepted:
        refused = {
            key: why
            for key, why in refused.items()
            if active(why) or accept_key(key[0], key[1], translations[key]) not in accepted
        }
    kept = {key: ending.get(key, msgstr) for key, msgstr in translations.items() if key not in refused}
    return Verdict(TranslationMap(kept), refused)


def safe_translations(
    doc: Document, translations: TranslationMap, judging: Judge | None = None, accepted: Collection[str] = ()
) -> tuple[TranslationMap, dict[Key, list[Reason]]]:
    """The usable translations without the unsafe ones, and why each refused one was refused."""
    verdict = judge(doc, translations, judging, accepted)
    return verdict.kept, {key: list(reasons) for key, reasons in verdict.refused.items()}


class Judge:
    """Judges one document's messages, reading each English text and judging each
    translation alone once. Made by whoever judges the document (the pipeline keeps
    one per chapter it builds), never kept in a global."""

    def __init__(self, doc: Document, reader: Reader | None = None, same_place: SamePlace | None = None) -> None:
        """`reader`: the one the checks read the document's messages with, so a message
        the checks have read is not parsed again here. `same_place`: whether a link the
        translation wrote otherwise leads where the English's does (Context.same_place)."""
        self.doc = doc
        self.same_place = same_place
        self.references: Mapping[str, Any] = doc.references
        self.own = own_elements(doc.text)  # the book's elements its English writes: a translation may add them
        self.blocks = html_blocks(doc)
        self.in_blocks = {id(seg) for block in self.blocks for seg in block.segments}
        self.english: dict[tuple[str, Where], Markup] = {}
        self.verdicts: dict[tuple[Hashable, str], list[Reason]] = {}  # (a segment's place, msgstr) -> reasons
        self.reader = reader or Reader.of(doc)

    def sharing(self, same_place: SamePlace | None) -> Judge:
        """A judge of the same document for another catalog: the English's markup and the
        Reader's inventories, which no language changes, shared with this one; its own
        verdicts, which `same_place` (the catalog's language's folder and page) may change."""
        other = copy(self)
        other.same_place, other.verdicts = same_place, {}
        return other

    def _source(self, text: str, place: Where) -> Markup:
        found = self.english.get((text, place))
        if found is None:
            found = markup_of(text, place, self.references, self.doc.flavor)
            self.english[(text, place)] = found
        return found

    def alone(self, seg: Segment, msgstr: str) -> list[Reason]:
        """A message judged on its own, as it is written into its place: once for every
        segment of the same English in the same kind of place (`placed`)."""
        key = (placed(seg), msgstr)
        if key not in self.verdicts:
            self.verdicts[key] = self._alone(seg, msgstr)
        return self.verdicts[key]

    def formulas(self, seg: Segment, msgstr: str) -> list[Reason]:
        """Why a message's formulas may not stand in place of the English's."""
        return formula_reasons(seg.msgid, msgstr, where(seg), seg.comments, self.reader)

    def _alone(self, seg: Segment, msgstr: str) -> list[Reason]:
        if seg.span.style is Style.CODE:  # shown as code, escaped: it must only stay that code block
            return code.reasons(self.doc, seg, msgstr)
        place = where(seg)
        if place is Where.YAML:  # the value itself, not its YAML quoting: the layout prints the value
            return self._compared(seg.msgid, msgstr, place) + self.formulas(seg, msgstr)
        if seg.span.style in (Style.LIQUID, Style.ATTRIBUTE):  # the value as the include or the browser reads it
            problem = tagtext.liquid_problem(msgstr, seg.span.quote) if seg.span.style is Style.LIQUID else None
            if problem:
                return [Reason("liquid quoting", problem)]
            return self._compared(seg.msgid, msgstr, place) + self.formulas(seg, msgstr)
        if place is Where.INLINE and "\n" in msgstr and block_breaks(msgstr) <= block_breaks(seg.msgid):
            # wrapped as a paragraph goes on: each line is written back after its
            # container's prefix (`> `), which is the container's, not the message's
            english, text = seg.msgid, msgstr
        else:
            english, text = render(seg, seg.msgid), render(seg, _one_line(seg, msgstr))
        compared = self._compared(english, text, place)
        return wrapped_only(seg.msgid, msgstr, place, compared) + self.formulas(seg, msgstr)

    def _compared(self, english: str, text: str, place: Where) -> list[Reason]:
        """`text` against the markup of `english`, both read in the document's flavor."""
        references = None if place is Where.YAML else self.references
        source, flavor = self._source(english, place), self.doc.flavor
        return refusals(source, text, place, references, flavor, self.own, self.same_place)

    def block(self, block: HtmlBlock, runs: Sequence[tuple[Segment, str]]) -> dict[Key, tuple[Reason, ...]]:
        """The runs of one HTML block that must not be used, and why."""
        english = self.doc.text[block.start : block.end]
        reasons = self._rebuilt(block, english, runs)
        if not reasons:
            return {}
        refused = {}
        for seg, msgstr in runs:
            alone = self.alone(seg, msgstr)
            if alone:
                refused[key_of(seg)] = tuple(alone)
        rest = [(seg, msgstr) for seg, msgstr in runs if key_of(seg) not in refused]
        together = self._rebuilt(block, english, rest) if refused else reasons
        if together:
            why = tuple(
                replace(r, text=f"together with the other translated text of its HTML block, {r.text}")
                for r in together
            )
            refused.update({key_of(seg): why for seg, _ in rest})
        return refused

    def _rebuilt(self, block: HtmlBlock, english: str, runs: Iterable[tuple[Segment, str]]) -> list[Reason]:
        pieces, last = [], block.start
        for seg, msgstr in sorted(runs, key=lambda run: run[0].span.start):
            pieces += [self.doc.text[last : seg.span.start], render(seg, _one_line(seg, msgstr))]
            last = seg.span.end
        pieces.append(self.doc.text[last : block.end])
        rebuilt = "".join(pieces)
        if rebuilt == english:
            return []
        # the block's reasons, not the run's: another family's finding on the run tells none of them
        return [Reason(f"block {r.kind}", f"the block {r.text}") for r in self._compared(english, rebuilt, Where.HTML)]


def _one_line(seg: Segment, msgstr: str) -> str:
    """An HTML text run's translation as the judge reads it: the breaks `weave` keeps
    there (each after the run's prefix, in a block only a blank line ends, never a
    blank line) are spaces to the browser, so it is judged on one line."""
    if seg.kind != RUN or not seg.span.continuation:
        return msgstr  # `weave` writes it on one line itself
    return " ".join(line.strip() for line in msgstr.split("\n") if line.strip())


def placed(seg: Segment) -> Hashable:
    """All a judgment alone reads of a segment besides its translation: its English, how
    the published text reads it (`where`), how it is written back (`weave.render`), and
    the author's notes. Two segments alike in these get the same verdict, wherever
    they stand: a chapter that repeats a message has it judged once."""
    return (seg.msgid, where(seg), seg.span.style, seg.span.quote, seg.span.continuation, seg.comments)


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """A translation the build would refuse is an error here too, so CI stops it before a merge."""
    by_key = {key_of(e): e for e in live(entries) if e.translated}
    translations = TranslationMap({key: e.msgstr for key, e in by_key.items()})
    judging = ctx.judging or Judge(ctx.doc, ctx.inline, ctx.same_place)
    for key, reasons in judge(ctx.doc, translations, judging).refused.items():
        entry = by_key[key]
        yield ctx.finding(entry, CODE, Severity.ERROR, message(reasons), reasons)


def message(reasons: Sequence[Reason]) -> str:
    """A refusal as one finding: what the translation does, and what to change (a code
    block's own fix when every reason is about code)."""
    closing = code.CLOSING if reasons and all(r.kind in code.KINDS for r in reasons) else CLOSING
    return f"{OPENING}{'; '.join(r.text for r in reasons)}{closing}"


FAMILY = Family(CODES, catalog=check)
