"""An alignment -> translations in a catalog, the translator's own blocks, and a report line for every block.

Pure: it takes a catalog (mdgettext's own, po/entries.py) and gives back the one filled;
the command reads and writes files. A block's pair becomes its entry's msgstr; a doubtful pair is imported all
the same, published, with a translator comment `# import: <why>` that lists it for
review (po/catalog.py, `awaiting_review`), never as fuzzy: fuzzy keeps gettext's
meaning, the English changed since this was translated, and a fuzzy entry is never
published, so a right pair the import merely doubted would be lost; a translation the catalog already
has is kept unless the caller asks to overwrite it. A block kept exactly as written
and holding no sentence (a name, a term, a formula) is its own translation, as
Sphinx and Weblate count a msgstr equal to its msgid; English prose left as written
is still to translate. A message with several blocks takes the translation most of
its sure pairs agree on. Blocks only the translation has become addenda
(po/addenda.py), each anchored to the English message it follows.

Long because the decision for an entry (the majority of its pairs, its doubts, a
second claimant held back) and the report line for each block read the same pairs:
apart, each would work them out again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from mdgettext.alignment.additions import Added, additions
from mdgettext.alignment.align import Alignment, Pair, Unmatched
from mdgettext.checks.safety import formula_reasons, where
from mdgettext.errors import UserError
from mdgettext.model import Addendum, Document, Key, Location, Segment, Style, key_of
from mdgettext.po.catalog import IMPORT_DOUBT
from mdgettext.po.entries import Catalog, Entry

COMMENT = IMPORT_DOUBT  # starts each translator comment the import writes
EXCERPT = 32  # characters of a block's text shown in the report

# What happened to one block, in the report's words.
ALIGNED = "aligned"
REVIEW = "imported for review"
FUZZY = "fuzzy"  # --fuzzy, or the second English block one translated block was paired with
ENGLISH = "still in English"
AS_WRITTEN = "kept as written"
KEPT = "kept"
OUTVOTED = "outvoted"
SOURCE_ONLY = "source only"
TRANSLATED_ONLY = "translated only"
ADDED = "added"


class CatalogMismatch(UserError, ValueError):
    """The catalog does not hold a message the source has: it is older than the source."""

    def __init__(self, segment: Segment) -> None:
        super().__init__(f"{segment.location}")
        self.segment = segment


@dataclass(frozen=True, slots=True)
class Outcome:
    """One source block (or an unpaired translated block) and what the import did with it."""

    status: str
    segment: Segment  # the source block; the translated block for TRANSLATED_ONLY and ADDED
    translated: tuple[Location, ...] = ()  # its translation's blocks, if paired
    reasons: tuple[str, ...] = ()
    between: tuple[Location | None, Location | None] = (None, None)  # an unpaired block's neighbours

    def __str__(self) -> str:
        at = " and ".join(str(t) for t in self.translated)
        what = f"({self.segment.label} {_excerpt(self.segment.msgid)})"
        if self.status == ALIGNED:
            return f"{self.segment.location}: aligned with {at} {what}"
        if self.status == REVIEW:
            return f"{self.segment.location}: imported for review, from {at} {what}: {'; '.join(self.reasons)}"
        if self.status == FUZZY:
            return f"{self.segment.location}: fuzzy, from {at} {what}: {'; '.join(self.reasons)}"
        if self.status == ENGLISH:
            return f"{self.segment.location}: still in English in {at}, not imported {what}"
        if self.status == AS_WRITTEN:
            return f"{self.segment.location}: kept as written in {at}, its own translation {what}"
        if self.status == KEPT:
            return f"{self.segment.location}: aligned with {at}, the catalog's own translation kept {what}"
        if self.status == OUTVOTED:
            return f"{self.segment.location}: aligned with {at}, {'; '.join(self.reasons)} {what}"
        where = _between(*self.between)
        if self.status == SOURCE_ONLY:
            return f"{self.segment.location}: no counterpart in the translation, {where} {what}"
        if self.status == ADDED:
            return f"{self.segment.location}: no counterpart in the source, {where}: kept as the translator's addition {what}"
        why = f": {'; '.join(self.reasons)}" if self.reasons else ""
        return f"{self.segment.location}: no counterpart in the source, {where}, not imported{why} {what}"


@dataclass(frozen=True, slots=True)
class Result:
    """What an import did: one outcome per block, for the report, how many entries
    changed, and the translator's own blocks, for the addenda file."""

    outcomes: tuple[Outcome, ...]
    imported: int  # entries whose msgstr or flags the import changed
    addenda: tuple[Addendum, ...]
    catalog: Catalog  # the catalog given, its entries filled

    def count(self, status: str) -> int:
        """How many blocks ended with `status` (ALIGNED, REVIEW, ...)."""
        return sum(1 for o in self.outcomes if o.status == status)

    def summary(self) -> str:
        """The report's closing line, in the words docs/translators.md uses."""
        counts = Counter(o.status for o in self.outcomes)
        parts = [
            f"{counts[ALIGNED] + counts[OUTVOTED]} aligned",
            f"{counts[REVIEW]} imported for review",
            *([f"{counts[FUZZY]} imported as fuzzy"] if counts[FUZZY] else []),
            f"{counts[SOURCE_ONLY]} with no counterpart in the translation",
            f"{counts[TRANSLATED_ONLY]} with no counterpart in the source",
        ]
        if counts[AS_WRITTEN]:
            parts.append(f"{counts[AS_WRITTEN]} kept as written")
        if counts[ADDED]:
            parts.append(f"{counts[ADDED]} kept as the translator's additions")
        if counts[ENGLISH]:
            parts.append(f"{counts[ENGLISH]} still in English")
        if counts[KEPT]:
            parts.append(f"{counts[KEPT]} kept")
        return ", ".join(parts)


def fill(
    catalog: Catalog,
    alignment: Alignment,
    fuzzy: bool = False,
    overwrite: bool = False,
    translated: Document | None = None,
) -> Result:
    """The alignment's translations put into `catalog`, whose messages must include the
    source's. With the `translated` document, its blocks with no English become addenda."""
    alignment = Alignment(tuple(_formulas_judged(_code_judged(step)) for step in alignment.steps))
    at = {key_of(e): i for i, e in enumerate(catalog.entries) if e.msgid and not e.obsolete}
    entries = {key: catalog.entries[i] for key, i in at.items()}
    for step in alignment.steps:
        for seg in step.source if isinstance(step, Pair) else (step.segment,) if step.side == "source" else ():
            if key_of(seg) not in entries:
                raise CatalogMismatch(seg)

    # One entry can stand for several blocks (a heading and its table-of-contents
    # name, an answer button repeated): it takes the translation most of its sure
    # pairs give, and is fuzzy only when they disagree or none is sure.
    offers: dict[Key, list[tuple[Pair, Segment]]] = {}
    for pair in alignment.pairs:
        for seg in pair.source:
            if pair.translation != seg.msgid or pair.kept:
                offers.setdefault(key_of(seg), []).append((pair, seg))
    # A translated block is one English block's translation: where the translator
    # joined two English blocks, the first publishes it and the second claimant is
    # held back (fuzzy, with the reason), never printed twice on the page.
    held = {key_of(seg) for pair in alignment.pairs for seg in pair.source[1:]} - {
        key_of(pair.source[0]) for pair in alignment.pairs
    }
    decisions: dict[Key, _Decision] = {}
    changed = 0
    for key, found in offers.items():
        chosen, reasons = _majority(found)
        entry = entries[key]
        hidden = fuzzy or key in held
        if entry.msgstr and not overwrite:
            kept = entry.msgstr != chosen.msgstr or entry.fuzzy != hidden
        else:
            kept = False
            if (filled := _set(entry, chosen.msgstr, reasons, hidden)) is not None:
                entries[key], changed = filled, changed + 1
        decisions[key] = _Decision(chosen, found, reasons, kept)
    result = list(catalog.entries)
    for key, i in at.items():
        result[i] = entries[key]

    added = additions(alignment, translated) if translated is not None else {}
    outcomes: list[Outcome] = []
    for step in alignment.steps:
        if isinstance(step, Unmatched):
            outcomes.append(_unmatched(step, added.get(id(step))))
            continue
        where = tuple(t.location for t in step.translated)
        for seg in step.source:
            decision = decisions.get(key_of(seg))
            if decision is None or (step.translation == seg.msgid and not step.kept):
                outcomes.append(Outcome(ENGLISH, seg, where))
            elif decision.kept:
                outcomes.append(Outcome(KEPT, seg, where))
            elif not decision.reasons and step.translation != decision.chosen.translation:
                outcomes.append(Outcome(OUTVOTED, seg, where, decision.reasons_for(step)))
            else:
                reasons = decision.reasons_for(step) or (("--fuzzy",) if fuzzy else ())
                hidden = fuzzy or key_of(seg) in held
                status = (FUZZY if hidden else REVIEW) if reasons else AS_WRITTEN if step.kept else ALIGNED
                outcomes.append(Outcome(status, seg, where, reasons))
    addenda = tuple(dict.fromkeys(a.addendum for a in added.values() if a.addendum is not None))
    return Result(tuple(outcomes), changed, addenda, replace(catalog, entries=tuple(result)))


CODE_ALIKE = 0.5  # a translated code block this much like an English one is that block, edited


def code_changes(source: Document, translated: Document) -> list[str]:
    """A line for each code block of the translation that is not the English's as
    written (a comment translated, say), where code is no message (`code_blocks`
    off): the build would write the English's block there; said, so the translator's
    change is never lost unseen (import turns the setting on unless a file chose it)."""
    english = [(t.content, t.map[0] + 1) for t in source.tokens if t.type in ("fence", "code_block") and t.map]
    theirs = [(t.content, t.map[0] + 1) for t in translated.tokens if t.type in ("fence", "code_block") and t.map]
    kept = {content for content, _ in english}
    out = []
    for content, line in theirs:
        if content in kept:
            continue
        best = max(english, key=lambda e: SequenceMatcher(None, e[0], content, autojunk=False).ratio(), default=None)
        if best is None or SequenceMatcher(None, best[0], content, autojunk=False).ratio() < CODE_ALIKE:
            continue
        out.append(
            f"{translated.path}:{line}: this code block differs from the English's at {source.path}:{best[1]} "
            "(a translated comment?); with code_blocks = false the page shows the English's block: "
            "set code_blocks = true in the settings and import again to keep it"
        )
    return out


def _unmatched(step: Unmatched, added: Added | None) -> Outcome:
    between = (step.after, step.before)
    if step.side == "source":
        return Outcome(SOURCE_ONLY, step.segment, between=between)
    if added is not None and added.addendum is not None:
        return Outcome(ADDED, step.segment, between=between)
    return Outcome(TRANSLATED_ONLY, step.segment, reasons=added.reasons if added else (), between=between)


def _majority(found: list[tuple[Pair, Segment]]) -> tuple[Pair, tuple[str, ...]]:
    """The pair whose translation an entry takes, and why its pairing is doubted (if it is):
    the translation more than half of its sure pairs give (a block kept as written
    votes only where no block of the message is translated); doubted only where no
    translation has that many (two sure pairs, two translations), or no pair is sure."""
    sure = [pair for pair, _ in found if not pair.fuzzy]
    # a block kept as written says less than one translated: where both are, the translated ones vote
    sure = [pair for pair in sure if not pair.kept] or sure
    votes = Counter(pair.translation for pair in sure or [p for p, _ in found])
    winner, count = votes.most_common(1)[0]
    chosen = next(p for p in (sure or [p for p, _ in found]) if p.translation == winner)
    if not sure:
        return chosen, tuple(dict.fromkeys(r for p, _ in found for r in p.reasons))
    return chosen, () if 2 * count > len(sure) else _conflicts(sure, chosen)


@dataclass(frozen=True, slots=True)
class _Decision:
    """What the import did with one catalog entry."""

    chosen: Pair  # the pair whose translation the entry takes
    offers: list[tuple[Pair, Segment]]  # every pair of a block with this message
    reasons: tuple[str, ...]  # why the entry's pairing is doubted, if it is
    kept: bool  # the catalog had a translation of its own, left as it was

    def reasons_for(self, pair: Pair) -> tuple[str, ...]:
        """Why one block's pair is doubtful, in the report: the entry's reasons if it is
        doubted; for a block outvoted by the entry's sure pairs, that it was."""
        if self.reasons:
            return self.reasons
        if pair.translation != self.chosen.translation:
            return (
                f"but translated otherwise there: the catalog takes the translation in {_at(self.chosen)}, as most places have it",
            )
        return ()


def _conflicts(sure: list[Pair], chosen: Pair) -> tuple[str, ...]:
    others = list(dict.fromkeys(_at(p) for p in sure if p.translation != chosen.translation))
    if not others:
        return ()
    return (f"the same English is translated differently in {', '.join(others)} than in {_at(chosen)}",)


def _code_judged(step: Pair | Unmatched) -> Pair | Unmatched:
    """A code block's pair is judged by its code: most of the English's kept (CODE_ALIKE)
    is that block with its comments translated, however long its words grew; the prose
    signals (length, Latin words) say nothing of code."""
    if not isinstance(step, Pair) or len(step.source) != 1 or step.source[0].span.style is not Style.CODE:
        return step
    if any(seg.span.style is not Style.CODE for seg in step.translated):
        return replace(step, reasons=(*step.reasons, "a code block paired with a block that is no code"))
    alike = SequenceMatcher(None, step.source[0].msgid, step.translation, autojunk=False).ratio()
    reasons = () if alike >= CODE_ALIKE else (f"its code is little like the English's ({alike:.0%} alike)",)
    return replace(step, reasons=reasons)


def _formulas_judged(step: Pair | Unmatched) -> Pair | Unmatched:
    """A pair whose formulas the build would refuse is doubtful: the safety check's
    words, so an imported `\\text{<img …>}` is never taken as a clean translation. A
    block translating two (already doubtful) holds the formulas of both: not judged here."""
    if not isinstance(step, Pair) or len(step.source) != 1:
        return step
    found = [
        f"its formulas are not the English's: the translation {reason.text}"
        for seg in step.source
        if step.translation != seg.msgid
        for reason in formula_reasons(seg.msgid, step.translation, where(seg), seg.comments)
    ]
    return replace(step, reasons=step.reasons + tuple(dict.fromkeys(found))) if found else step


def _set(entry: Entry, msgstr: str, reasons: tuple[str, ...], fuzzy: bool) -> Entry | None:
    """The entry filled, or None when nothing in it would change. The reasons go into
    `# import:` comments (the review's list); the entry is fuzzy only when the user asks
    (--fuzzy)."""
    own = [line for line in entry.translator_comment.split("\n") if line and not line.startswith(COMMENT)]
    comment = "\n".join(own + [COMMENT + r for r in reasons])
    flags = list(entry.flags)
    if fuzzy and "fuzzy" not in flags:
        flags.insert(0, "fuzzy")
    elif not fuzzy and "fuzzy" in flags:
        flags.remove("fuzzy")
    if (msgstr, tuple(flags), comment) == (entry.msgstr, entry.flags, entry.translator_comment):
        return None
    return replace(
        entry, msgstr=msgstr, translator_comment=comment, flags=tuple(flags), previous_msgid=None, previous_msgctxt=None
    )


def _at(pair: Pair) -> str:
    return " and ".join(str(t.location) for t in pair.translated)


def _between(after: Location | None, before: Location | None) -> str:
    if after and before:
        return f"between {after} and {before}"
    if before:
        return f"before {before}"
    if after:
        return f"after {after}"
    return "and the other file has no blocks"


def _excerpt(text: str, size: int = EXCERPT) -> str:
    """The start of a block, to recognise it by: `"The arithmetic intensity of…"`."""
    text = " ".join(text.split())
    return f'"{text}"' if len(text) <= size else f'"{text[: size - 1].rstrip()}…"'
