"""The translated blocks no English block accounts for: the translator's own, or not.

A translation made by hand adds blocks: a translator's note at the top, an aside, an
answer the English lacks. Those are kept, whole, as addenda anchored to the English
message they follow. Not every unpaired block is one, though, and keeping the wrong
one would put text on the page twice, so a block is kept only when it stands alone:

- it is a whole top-level block of the translation (a note inside a list the English
  has belongs in that list's entry, which is the translator's to fix);
- it is no copy of a block that is already paired (a line the translator's merge
  doubled), nor English that the source has elsewhere;
- no unpaired English block of its kind waits in the same place, unless it calls
  itself the translator's note: otherwise it may be that block's translation, which
  the report says instead.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from mdgettext.alignment.align import Alignment, Pair, Unmatched
from mdgettext.alignment.signals import NOTE_MARKERS
from mdgettext.markdown.lines import Lines
from mdgettext.model import Addendum, Document, Key, Segment, key_of


@dataclass(frozen=True, slots=True)
class Added:
    """What becomes of one unpaired translated block: an addendum, or why not."""

    addendum: Addendum | None
    reasons: tuple[str, ...] = ()


def additions(alignment: Alignment, translated: Document) -> dict[int, Added]:
    """For each unpaired translated body block (by the id of its step), the addendum
    it belongs to, or the reason it is not kept; blocks of one top-level block share
    one addendum."""
    blocks = _top_level(translated)
    starts = [first for first, _ in blocks]
    lines = Lines(translated.text)

    def block_of(seg: Segment) -> tuple[int, int]:
        index = bisect_right(starts, seg.location.line - 1) - 1
        return (
            blocks[index] if index >= 0 and seg.location.line - 1 < blocks[index][1] else (seg.location.line - 1,) * 2
        )

    paired_blocks = {block_of(t) for pair in alignment.pairs for t in pair.translated}
    paired_texts = {t.msgid for pair in alignment.pairs for t in pair.translated}
    english = {s.msgid for step in alignment.steps for s in _sources(step)}
    found: dict[int, Added] = {}
    made: dict[tuple[int, int], Addendum] = {}
    anchor: tuple[Key | None, int] = (None, 1)
    seen: dict[Key, set[int]] = {}
    steps = alignment.steps
    for index, step in enumerate(steps):
        for seg in _sources(step):
            if seg.key is None:  # a body block: what comes after it follows it
                lines_of = seen.setdefault(key_of(seg), set())
                lines_of.add(seg.location.line)
                anchor = (key_of(seg), len(lines_of))
        if not isinstance(step, Unmatched) or step.side != "translated" or step.segment.key is not None:
            continue
        seg = step.segment
        block = block_of(seg)
        if seg.msgid in paired_texts or seg.msgid in english:
            found[id(step)] = Added(None, ("it repeats a block the file already has",))
        elif block in paired_blocks:
            found[id(step)] = Added(
                None,
                (
                    "it is part of a block the English has (a list, a quote or a table), and only whole blocks are "
                    "kept as additions: to keep it, make it a block of its own",
                ),
            )
        elif (waiting := _waiting(steps, index, seg)) and not NOTE_MARKERS.search(seg.msgid):
            found[id(step)] = Added(
                None,
                (
                    f"it may translate source line {waiting.location.line}, which has none: "
                    "if it does, copy it into that entry's msgstr",
                ),
            )
        else:
            if block not in made:
                markdown = translated.text[lines.start(block[0]) : lines.start(block[1])].strip("\n")
                made[block] = Addendum(markdown, anchor[0], anchor[1])
            found[id(step)] = Added(made[block])
    return found


def _sources(step: Pair | Unmatched) -> tuple[Segment, ...]:
    if isinstance(step, Pair):
        return step.source
    return (step.segment,) if step.side == "source" else ()


def _waiting(steps: tuple[Pair | Unmatched, ...], index: int, seg: Segment) -> Segment | None:
    """An unpaired source block of the same kind in the run of unpaired steps around `index`."""
    for direction in (-1, 1):
        at = index + direction
        while 0 <= at < len(steps) and isinstance(steps[at], Unmatched):
            other = steps[at]
            assert isinstance(other, Unmatched)
            if other.side == "source" and other.segment.kind == seg.kind and other.segment.key is None:
                return other.segment
            at += direction
    return None


def _top_level(doc: Document) -> list[tuple[int, int]]:
    """The 0-based, half-open line ranges of the document's top-level blocks."""
    return sorted((t.map[0], t.map[1]) for t in doc.tokens if t.level == 0 and t.nesting >= 0 and t.map is not None)
