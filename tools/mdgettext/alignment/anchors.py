"""The pairs of blocks no reading of the signals could make wrong, which the aligner
searches between (align.py).

A block kept exactly as written (a name, a formula, a paragraph left in English) is
the surest pair; a repeated one ("Click here for the answer.") pairs in order with
its twins; two blocks whose links, code, math and notes are the same set, found once
on each side and of a length that fits, are nearly as sure, and so are two headings
with the same explicit id. Of these candidates the heaviest chain that keeps both
documents in order is taken (a weighted longest increasing subsequence), so a run of
blocks left in English pins its neighbours instead of shifting them.
"""

from __future__ import annotations

from collections import defaultdict

from mdgettext.alignment.signals import Model, Signals, deviation, verbatim

# Anchor weights: a text kept as written and found once on each side is the surest; a
# repeated one ("Click here for the answer.") pairs in order; a unique set of links,
# code and math, or the same explicit heading id, nearly as sure.
UNIQUE_TEXT, REPEATED_TEXT, FINGERPRINT = 3.0, 1.0, 2.0
ANCHOR_LENGTH = 2.0  # deviations from the expected length within which a fingerprint anchors
BESIDE = 0.5  # what a repeated text's anchor weighs more when a neighbour is kept as written too
REPEATS_TRIED = 2  # a repeated text's k-th occurrence is tried against the other side's k-th, +-2


def anchors(src: list[Signals], dst: list[Signals], m: Model) -> list[tuple[int, int]]:
    """The pairs no reading of the signals could make wrong, as one chain in the order
    of both documents: (source index, translated index), increasing in both. Two
    blocks tied by their links, code and math must also be of a length that fits: a
    translated block that joins two English ones holds both their items, and is
    left to the search, which can pair it with both."""
    found: list[tuple[int, int, float]] = []
    where: dict[str, list[int]] = defaultdict(list)
    for j, t in enumerate(dst):
        where[t.text].append(j)
    mine: dict[str, list[int]] = defaultdict(list)
    for i, s in enumerate(src):
        mine[s.text].append(i)
    for text, ours in mine.items():
        theirs = where.get(text, [])
        unique = len(ours) == len(theirs) == 1
        for a, i in enumerate(ours):
            centre = a * len(theirs) // len(ours)
            for b in range(max(0, centre - REPEATS_TRIED), min(len(theirs), centre + REPEATS_TRIED + 1)):
                # of a repeated text's twins, the one beside the same neighbour is the likelier
                j = theirs[b]
                beside = _same(src, dst, i - 1, j - 1) or _same(src, dst, i + 1, j + 1)
                found.append((i, j, UNIQUE_TEXT if unique else REPEATED_TEXT + BESIDE * beside))
    for keys in (_fingerprints, _explicit_ids):
        ours_by, theirs_by = keys(src), keys(dst)
        for key, at in ours_by.items():
            match = theirs_by.get(key, ())
            if len(at) != 1 or len(match) != 1:
                continue
            source, target = src[at[0]], dst[match[0]]
            if source.text != target.text and abs(deviation(source, target, m)) <= ANCHOR_LENGTH:
                found.append((at[0], match[0], FINGERPRINT))
    return _heaviest_chain(found, len(dst))


def _same(src: list[Signals], dst: list[Signals], i: int, j: int) -> bool:
    return 0 <= i < len(src) and 0 <= j < len(dst) and src[i].text == dst[j].text


def _fingerprints(blocks: list[Signals]) -> dict[object, tuple[int, ...]]:
    """Blocks by their verbatim items (links, code, math, notes) where those say
    enough to tie two blocks: two items or more, or one long one (a URL)."""
    by: dict[object, list[int]] = defaultdict(list)
    for i, b in enumerate(blocks):
        items = verbatim(b)
        if len(items) >= 2 or any(len(x) >= 12 for x in items):
            by[(b.kind, items)].append(i)
    return {key: tuple(found) for key, found in by.items()}


def _explicit_ids(blocks: list[Signals]) -> dict[object, tuple[int, ...]]:
    by: dict[object, list[int]] = defaultdict(list)
    for i, b in enumerate(blocks):
        if b.heading_id is not None:
            by[b.heading_id].append(i)
    return {key: tuple(found) for key, found in by.items()}


def _heaviest_chain(candidates: list[tuple[int, int, float]], width: int) -> list[tuple[int, int]]:
    """The candidates of greatest total weight strictly increasing in both indices
    (a weighted longest increasing subsequence, through a Fenwick tree of prefix maxima:
    n log n in the number of candidates)."""
    candidates.sort(key=lambda c: (c[0], -c[1]))  # a row's own candidates never chain
    tree: list[tuple[float, int]] = [(0.0, -1)] * (width + 1)
    best: list[tuple[float, int]] = []
    for number, (_, j, weight) in enumerate(candidates):
        top, at = (0.0, -1), j  # the best chain ending before column j
        while at > 0:
            top = max(top, tree[at])
            at -= at & -at
        best.append((top[0] + weight, top[1]))
        at = j + 1
        while at <= width:
            tree[at] = max(tree[at], (best[number][0], number))
            at += at & -at
    if not best:
        return []
    chain, at = [], max(range(len(best)), key=lambda n: best[n][0])
    while at >= 0:
        chain.append(candidates[at][:2])
        at = best[at][1]
    return chain[::-1]
