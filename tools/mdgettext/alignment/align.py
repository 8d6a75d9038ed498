"""Source document + translated document -> which block translates which.

Both files are cut by the same segmenter, so the question is how two sequences of
blocks line up. It is answered in two passes, as sentence aligners anchor on what
cannot be wrong before they weigh what can.

First the anchors: blocks the translator kept exactly as written (a name, a formula,
a paragraph left in English), blocks whose links, code, math and notes are the same
set and found once on each side, headings with the same explicit id. Of these
candidates the heaviest chain that keeps both documents in order is taken (a
weighted longest increasing subsequence), so a run of blocks left in English pins
its neighbours instead of shifting them, and identical items pair in order.

Then each gap between two anchors is aligned the way Gale and Church aligned
sentences: dynamic programming over the two short sequences, where pairing two
blocks earns the score of their signals (`signals.affinity`: kind and nesting,
links, code, math, footnotes, numbers, names, length) and of where they stand in
the gap, and leaving a block unpaired earns nothing. An inserted, missing or edited
block therefore costs only itself. One block against two consecutive ones (a
paragraph split or joined) is a move of its own. One block on each side left alone
between two pairs, of the same kind, is taken as a pair.

A translator's in-page links name headings by the ids their translated words get
(`#贡献`): once the headings are paired, those links are read as the English's and
the two passes run again, so a table of contents pairs by what it links.

Front-matter values are not aligned but looked up: by key path, and for a list
(`toc[].name`) by position in it. Long because both passes and the placing share
one module's types and scores.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from dataclasses import dataclass, replace
from urllib.parse import unquote

from mdgettext.alignment.anchors import anchors
from mdgettext.alignment.gaps import Raw, fill_gaps, longer_than_english, mark_ambiguous
from mdgettext.alignment.signals import (
    POSITION,
    THRESHOLD,
    Model,
    Signals,
    affinity,
    combine,
    disagreements,
    evidence,
    model,
    signals,
)
from mdgettext.markdown.anchors import heading_ids_by_line
from mdgettext.markdown.folding import as_written
from mdgettext.markdown.sentences import has_sentence
from mdgettext.model import Document, Location, Segment, Style

SPLIT = 1.0  # the extra cost of pairing one block with two
BAND = 60  # blocks an insertion may shift the rest by, at least (a long gap's search is banded)
SMALL_GAP = 2500  # cells of a gap's table below which every split and join is tried


@dataclass(frozen=True, slots=True)
class Pair:
    """Source blocks and the translated blocks that translate them.

    Usually one and one; two source blocks for one translated block when the source
    was split, and the other way round when it was joined. `translation` is the
    msgstr the translated side gives (a heading's `{#id}` removed, two blocks joined).
    `reasons` say why the pairing or the translation is doubtful: empty for a pair
    whose signals all agree.
    """

    source: tuple[Segment, ...]
    translated: tuple[Segment, ...]
    translation: str
    reasons: tuple[str, ...] = ()
    kept: bool = False  # kept as written, holding no sentence or being code: its own translation
    written: str = ""  # `translation` with the translator's line breaks, when they wrapped it

    @property
    def msgstr(self) -> str:
        """What the catalog stores: `written`; `translation` is what pairing compares with the msgid."""
        return self.written or self.translation

    @property
    def fuzzy(self) -> bool:
        """Whether the import should mark this pair's entry fuzzy."""
        return bool(self.reasons)


@dataclass(frozen=True, slots=True)
class Unmatched:
    """A block with no counterpart, and the blocks around its place on the other side."""

    segment: Segment
    side: str  # "source" or "translated"
    after: Location | None  # the other side's last block before this place
    before: Location | None  # the other side's first block after it


@dataclass(frozen=True, slots=True)
class Alignment:
    """Every block of both documents, paired or not, in document order."""

    steps: tuple[Pair | Unmatched, ...]  # in document order: front matter, then the body

    @property
    def pairs(self) -> tuple[Pair, ...]:
        """The steps that pair blocks."""
        return tuple(s for s in self.steps if isinstance(s, Pair))

    @property
    def source_only(self) -> tuple[Unmatched, ...]:
        """Source blocks the translation has no counterpart for: untranslated after import."""
        return tuple(s for s in self.steps if isinstance(s, Unmatched) and s.side == "source")

    @property
    def translated_only(self) -> tuple[Unmatched, ...]:
        """Translated blocks with no source: nothing of them is imported."""
        return tuple(s for s in self.steps if isinstance(s, Unmatched) and s.side == "translated")


def align(source: Document, translated: Document, latin: bool | None = None) -> Alignment:
    """Which translated block translates which source block. `latin`: whether the
    translation's language is written in Latin script (None: its letters decide)."""
    src, dst = signals(source), signals(translated, translated=True)
    folders = (posixpath.dirname(source.path), posixpath.dirname(translated.path))
    raw = _aligned(src, dst, latin, folders)
    # A translator's in-page link names a heading by the id its translated words get
    # (`[贡献](#贡献)`, a table of contents): read through the heading pairs, it is the
    # English's link (`#contributing`), and the blocks holding it pair by it.
    ids = _heading_ids(raw, translated)
    relinked = tuple(_relinked(s, ids) for s in dst) if ids else dst
    if relinked != dst:
        raw = _aligned(src, relinked, latin, folders)
    return Alignment(tuple(_wrapped(step, translated) for step in _place(raw)))


def _aligned(
    src: tuple[Signals, ...], dst: tuple[Signals, ...], latin: bool | None, folders: tuple[str, str]
) -> list[Raw]:
    src_front, src_body = _split(src)
    dst_front, dst_body = _split(dst)
    m = replace(model(src_body, dst_body, latin), folders=folders)
    return _front_matter(src_front, dst_front, m) + _body(src_body, dst_body, m)


def _heading_ids(raw: list[Raw], translated: Document) -> dict[str, str]:
    """Each id a paired translated heading has where its engine makes ids from its
    words (anchors.heading_ids_by_line), to its English heading's id."""
    by_line = heading_ids_by_line(translated.tokens, translated.flavor)
    found: dict[str, str] = {}
    for s, t, _ in raw:
        if len(s) == len(t) == 1 and (english := s[0].segment.anchor) and t[0].kind.startswith("heading"):
            for own in by_line.get(t[0].segment.location.line - 1, ()):
                found.setdefault(own, english)
    return found


def _relinked(block: Signals, ids: dict[str, str]) -> Signals:
    """A translated block with each in-page link to a paired heading's translated id
    read as its English heading's id (the msgstr keeps the translator's link)."""
    if not any(link.startswith("#") for link in block.links):
        return block
    links = frozenset(
        f"#{ids[unquote(link[1:])]}" if link.startswith("#") and unquote(link[1:]) in ids else link
        for link in block.links
    )
    return replace(block, links=links) if links != block.links else block


def _wrapped(step: Pair | Unmatched, translated: Document) -> Pair | Unmatched:
    """A pair of one translated block, with the translator's line breaks (a heading's `{#id}` removed: one line)."""
    if isinstance(step, Pair) and len(step.translated) == 1 and step.translation == (seg := step.translated[0]).msgid:
        return replace(step, written=as_written(translated.text, seg))
    return step


def _split(items: tuple[Signals, ...]) -> tuple[list[Signals], list[Signals]]:
    front = [s for s in items if s.segment.key is not None]
    return front, [s for s in items if s.segment.key is None]


# ---------------------------------------------------------------- steps before placing


def _front_matter(src: list[Signals], dst: list[Signals], m: Model) -> list[Raw]:
    """Values pair by key path; repeated paths (`toc[].name`) in order."""
    by_key: dict[str, list[Signals]] = defaultdict(list)
    for t in dst:
        by_key[str(t.segment.key)].append(t)
    steps: list[Raw] = []
    for s in src:
        waiting = by_key.get(str(s.segment.key))
        if waiting:
            t = waiting.pop(0)
            steps.append(((s,), (t,), disagreements(s, t, m)))
        else:
            steps.append(((s,), (), ()))
    used = {id(t) for step in steps for t in step[1]}
    steps.extend(((), (t,), ()) for t in dst if id(t) not in used)
    return steps


def _body(src: list[Signals], dst: list[Signals], m: Model) -> list[Raw]:
    moves: list[tuple[tuple[Signals, ...], tuple[Signals, ...]]] = []
    last_i = last_j = 0
    for i, j in [*anchors(src, dst, m), (len(src), len(dst))]:
        moves += _search(src[last_i:i], dst[last_j:j], m)
        if i < len(src):
            moves.append(((src[i],), (dst[j],)))
        last_i, last_j = i + 1, j + 1
    steps: list[Raw] = []
    for move in moves:
        s, t = move
        if len(s) == 1 and len(t) == 1:
            steps.append((s, t, disagreements(s[0], t[0], m)))
        elif len(s) == 2:
            lines = f"{s[0].segment.location.line} and {s[1].segment.location.line}"
            note = f"one translated block for source lines {lines}: keep the part that belongs here"
            steps.append((s, t, (note, *disagreements(combine(*s), t[0], m))))
        elif len(t) == 2:
            lines = f"{t[0].segment.location.line} and {t[1].segment.location.line}"
            note = f"two translated blocks, lines {lines}, joined into one"
            steps.append((s, t, (note, *disagreements(s[0], combine(*t), m))))
        else:
            steps.append((*move, ()))
    return mark_ambiguous(fill_gaps(longer_than_english(steps, m), m), m)


def _search(src: list[Signals], dst: list[Signals], m: Model) -> list[tuple[tuple[Signals, ...], tuple[Signals, ...]]]:
    """The best-scoring monotone alignment of one gap between anchors
    (Needleman-Wunsch with 2:1 and 1:2 moves).

    Cell (i, j) holds the best score of aligning the first i source blocks with the
    first j translated ones; a pair scores its blocks' affinity and how far apart
    they stand in the gap. A long gap (a chapter with nothing kept as written) is
    searched in a band around the diagonal only: a block pairs with one at most
    `width` places from where the lengths put it, more than any edit shifts them.
    """
    n, k = len(src), len(dst)
    if not n or not k:
        return [((s,), ()) for s in src] + [((), (t,)) for t in dst]

    def score(i: int, j: int, s: Signals, t: Signals) -> float:  # src[i] or a join starting there
        return affinity(s, t, m) + POSITION * abs((i + 0.5) / n - (j + 0.5) / k)

    width = max(BAND, abs(n - k) + BAND // 2)
    small = n * k <= SMALL_GAP  # every split is tried; in a long gap, only where a part already pairs
    neg = float("-inf")
    bands = [(max(0, i * k // n - width), min(k, i * k // n + width)) for i in range(n + 1)]
    best: list[list[float]] = []
    back: list[list[tuple[int, int]]] = []
    joined_src = [_join(src[i], src[i + 1]) for i in range(n - 1)]
    joined_dst = [_join(dst[j], dst[j + 1]) for j in range(k - 1)]

    def at(i: int, j: int) -> float:
        lo = bands[i][0]
        return best[i][j - lo] if lo <= j <= bands[i][1] else neg

    previous: dict[int, float] = {}  # row i - 1's pair scores, by j
    for i in range(n + 1):
        lo, hi = bands[i]
        row, moves, pairs = [neg] * (hi - lo + 1), [(0, 0)] * (hi - lo + 1), {}
        best.append(row)
        back.append(moves)
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                row[0] = 0.0
                continue
            top, step = neg, (0, 0)
            if i and j and at(i - 1, j - 1) > neg:
                pairs[j] = score(i - 1, j - 1, src[i - 1], dst[j - 1])
                top, step = at(i - 1, j - 1) + pairs[j] - THRESHOLD, (1, 1)
            if i and at(i - 1, j) > top:
                top, step = at(i - 1, j), (1, 0)
            if j > lo and row[j - 1 - lo] > top:
                top, step = row[j - 1 - lo], (0, 1)
            # A split is tried only where one of its parts already looks like a pair.
            plausible = small or pairs.get(j, neg) > 0
            joined = joined_src[i - 2] if i > 1 else None
            if joined and j and (plausible or previous.get(j, neg) > 0) and at(i - 2, j - 1) > neg:
                value = at(i - 2, j - 1) + score(i - 2, j - 1, joined, dst[j - 1]) - THRESHOLD - SPLIT
                if value > top:
                    top, step = value, (2, 1)
            joined = joined_dst[j - 2] if j > 1 else None
            # a translation split in two holds something of the English in both halves: a
            # block beside its pair with nothing of it is the translator's own, not a half
            if joined and i and not (evidence(src[i - 1], dst[j - 2]) and evidence(src[i - 1], dst[j - 1])):
                joined = None
            if joined and i and (plausible or pairs.get(j - 1, neg) > 0) and at(i - 1, j - 2) > neg:
                value = at(i - 1, j - 2) + score(i - 1, j - 2, src[i - 1], joined) - THRESHOLD - SPLIT
                if value > top:
                    top, step = value, (1, 2)
            row[j - lo], moves[j - lo] = top, step
        previous = pairs
    found = []
    i, j = n, k
    while i or j:
        di, dj = back[i][j - bands[i][0]]
        if (di, dj) == (0, 0):  # the diagonal is always in the band, so the path is too
            raise AssertionError(f"alignment lost at {i}, {j}")
        if di and dj:
            found.append((tuple(src[i - di : i]), tuple(dst[j - dj : j])))
        elif di:
            found.append(((src[i - 1],), ()))
        else:
            found.append(((), (dst[j - 1],)))
        i, j = i - di, j - dj
    return found[::-1]


def _join(a: Signals, b: Signals) -> Signals | None:
    """Two neighbours that could be one block split: same kind, same containers."""
    return combine(a, b) if a.alike(b) else None


# ---------------------------------------------------------------- placing


def _place(raw: list[Raw]) -> list[Pair | Unmatched]:
    """Steps with their segments, and each unpaired block's neighbours on the other side."""
    out: list[Pair | Unmatched] = []
    for index, (s, t, reasons) in enumerate(raw):
        if s and t:
            translation = _translation(s[0], t)
            code = s[0].segment.span.style is Style.CODE  # code left as it was is the translator's too
            kept = len(s) == 1 and translation == s[0].text and (code or not has_sentence(s[0].prose))
            out.append(Pair(tuple(x.segment for x in s), tuple(x.segment for x in t), translation, reasons, kept))
            continue
        side, other = ("source", 1) if s else ("translated", 0)
        segment = (s or t)[0].segment
        after = next((o[-1].segment.location for step in reversed(raw[:index]) if (o := _side(step, other))), None)
        before = next((o[0].segment.location for step in raw[index + 1 :] if (o := _side(step, other))), None)
        out.append(Unmatched(segment, side, after, before))
    return out


def _side(step: Raw, which: int) -> tuple[Signals, ...]:
    """The source (0) or translated (1) blocks of a step."""
    return step[0] if which == 0 else step[1]


def _translation(source: Signals, translated: tuple[Signals, ...]) -> str:
    """The msgstr: the translated blocks' text (a heading's `{#id}` is never part of it)."""
    return " ".join(t.text for t in translated)
