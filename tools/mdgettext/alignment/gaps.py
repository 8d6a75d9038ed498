"""After the search: the pairs a place decides, and the pairs a place makes doubtful.

The search (align.py) pairs blocks when their signals say so. Two things only the
neighbourhood of a pair tells: a source block and a translated block of one kind left
alone between two pairs translate each other, whatever their signals (nothing else can
stand there); a pair held by nothing but kind, length and place is doubtful when an
unpaired block beside it would fit as well; and a translation longer than its English
beside an English block nothing translates may hold that block's translation too.
"""

from __future__ import annotations

from collections import defaultdict

from mdgettext.alignment.signals import THRESHOLD, Model, Signals, affinity, combine, deviation, disagreements, evidence

AMBIGUOUS = 1.0  # an unpaired neighbour this close in score could be the true partner
FORCED_FLOOR = -4.0  # below this, two blocks alone in their place are still not taken as a pair

LONGER = 1.0  # deviations above the expected length from which a translation may hold a neighbour's too
# A step as the search finds it: (source signals, translated signals, reasons);
# one side empty for an unpaired block.
Raw = tuple[tuple[Signals, ...], tuple[Signals, ...], tuple[str, ...]]


def fill_gaps(steps: list[Raw], m: Model) -> list[Raw]:
    """Between two aligned neighbours, the one source block and the one translated
    block of a kind and nesting that the place holds translate each other: nothing
    else there can. Their signals may disagree too much for the search (a changed link
    and number, a heading in another script), so they are taken as a pair that says
    where it disagrees, and that only its kind and place pair it when the search would
    not have. A block that calls itself the translator's note pairs with nothing."""
    out: list[Raw] = []
    run: list[Raw] = []
    for step in [*steps, None]:
        if step is not None and not (step[0] and step[1]):
            run.append(step)
            continue
        out += _fill_run(run, m) if run else []
        run = []
        if step is not None:
            out.append(step)
    return out


def _fill_run(run: list[Raw], m: Model) -> list[Raw]:
    """One run of unpaired blocks between two pairs, with its sure pairs made."""
    sources: dict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(list)
    translated: dict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(list)
    for index, (s, t, _) in enumerate(run):
        block = (s or t)[0]
        (sources if s else translated)[(block.kind, block.nesting)].append(index)
    pairs = {
        ours[0]: theirs[0]
        for shape, ours in sources.items()
        if len(ours) == 1
        and len(theirs := translated.get(shape, [])) == 1
        and affinity(run[ours[0]][0][0], run[theirs[0]][1][0], m) > FORCED_FLOOR
    }
    order = sorted(pairs.items(), key=lambda p: run[p[0]][0][0].segment.span.start)
    if [run[t][1][0].segment.span.start for _, t in order] != sorted(run[t][1][0].segment.span.start for _, t in order):
        return run  # the kinds cross: no place decides
    taken = set(pairs.values())
    out: list[Raw] = []
    for index, step in enumerate(run):
        if index in taken:
            continue
        if index not in pairs:
            out.append(step)
            continue
        source, target = step[0][0], run[pairs[index]][1][0]
        reasons = disagreements(source, target, m)
        if affinity(source, target, m) <= THRESHOLD:
            reasons = ("only its kind and its place between the blocks around it pair them", *reasons)
        out.append(((source,), (target,), reasons))
    return out


def mark_ambiguous(steps: list[Raw], m: Model) -> list[Raw]:
    """A pair tied by nothing but kind, length and position is doubtful when an
    unpaired neighbour of the same kind would fit about as well."""
    out = list(steps)
    for index, (s, t, reasons) in enumerate(steps):
        if len(s) != 1 or len(t) != 1 or evidence(s[0], t[0]):
            continue
        own = affinity(s[0], t[0], m)
        for near in _unpaired_neighbours(steps, index):
            ns, nt, _ = near
            if ns and ns[0].alike(s[0]):
                if affinity(ns[0], t[0], m) >= own - AMBIGUOUS:
                    reasons += (
                        f"only kind, length and position pair them; it may translate source line {ns[0].segment.location.line} instead",
                    )
                    break
            if nt and nt[0].alike(t[0]):
                if affinity(s[0], nt[0], m) >= own - AMBIGUOUS:
                    reasons += (
                        f"only kind, length and position pair them; translated line {nt[0].segment.location.line} may be the one",
                    )
                    break
        out[index] = (s, t, reasons)
    return out


def _unpaired_neighbours(steps: list[Raw], index: int) -> list[Raw]:
    """The unpaired blocks right before and after a step, up to the next pair."""
    found = []
    for direction in (-1, 1):
        at = index + direction
        while 0 <= at < len(steps) and not (steps[at][0] and steps[at][1]):
            found.append(steps[at])
            at += direction
    return found


def longer_than_english(steps: list[Raw], m: Model) -> list[Raw]:
    """A pair whose translation runs longer than its English, beside an English block of
    its kind that nothing translates, may hold that block's translation too (two
    paragraphs the translator joined, or only the first of them translated): when the
    two English blocks together fit the translation's length better, the pair says so."""
    out = list(steps)
    for index, (s, t, reasons) in enumerate(steps):
        if len(s) != 1 or len(t) != 1 or deviation(s[0], t[0], m) <= LONGER:
            continue
        for near in (index - 1, index + 1):
            neighbour = steps[near] if 0 <= near < len(steps) else None
            if neighbour is None or neighbour[1] or len(neighbour[0]) != 1 or not neighbour[0][0].alike(s[0]):
                continue
            other = neighbour[0][0]
            joined = combine(other, s[0]) if near < index else combine(s[0], other)
            if abs(deviation(joined, t[0], m)) < deviation(s[0], t[0], m):
                line = other.segment.location.line
                out[index] = (
                    s,
                    t,
                    (*reasons, f"longer than its English: it may hold the translation of source line {line} too"),
                )
                break
    return out
