"""The old entry a reworded message most resembles, found without comparing every pair.

`update` marks a new message fuzzy with the translation of the most similar unused
old entry, as GNU msgmerge does: similarity is difflib's ratio and the threshold is
msgmerge's 0.6. Comparing each new message with every old one costs n² ratios, and a
ratio is itself up to quadratic in the messages' length. So, like msgmerge's own
fuzzy index (msgl-fsearch.c), the old entries are indexed by the character trigrams
of their msgids, and a new message is compared only with the few old ones that share
the most of its rarest trigrams (a trigram that a great many messages share says
nothing about which one is the closest). Each new message then costs a bounded amount
of work, whatever the catalog's size. A small catalog is searched exhaustively,
exactly as before.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence

import polib

FUZZY_CUTOFF = 0.6  # GNU msgmerge's threshold for a fuzzy match
EXHAUSTIVE = 64  # old entries: up to this many, every one is compared
GRAM = 3
RAREST = 24  # a new message's grams followed: those fewest old entries share
COMMON = 256  # a gram shared by more old entries than this says nothing, and is not followed
SHORTLIST = 24  # old entries compared with each new message


class Similar:
    """Unused old entries, and the one most like a new msgid."""

    def __init__(self, entries: Sequence[polib.POEntry]) -> None:
        self.entries = list(entries)
        self.alive = set(range(len(self.entries)))
        self.where = {id(e): i for i, e in enumerate(self.entries)}
        self.index: dict[str, list[int]] = {}
        if len(self.entries) > EXHAUSTIVE:
            for number, entry in enumerate(self.entries):
                for gram in _grams(entry.msgid):
                    self.index.setdefault(gram, []).append(number)

    def discard(self, entry: polib.POEntry) -> None:
        """An old entry is taken: no other message may have its translation."""
        self.alive.discard(self.where[id(entry)])

    def __contains__(self, entry: polib.POEntry) -> bool:
        return self.where.get(id(entry)) in self.alive

    def closest(self, msgid: str) -> polib.POEntry | None:
        """The unused old entry most similar to `msgid`, if any reaches the cutoff; on a
        tie, the later one in the old catalog, as before the index."""
        best, best_ratio = None, FUZZY_CUTOFF
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(msgid)
        for number in self._shortlist(msgid):
            old = self.entries[number]
            matcher.set_seq1(old.msgid)
            if matcher.real_quick_ratio() < best_ratio or matcher.quick_ratio() < best_ratio:
                continue
            ratio = matcher.ratio()
            if ratio >= best_ratio:
                best, best_ratio = old, ratio
        return best

    def _shortlist(self, msgid: str) -> list[int]:
        if not self.index:
            return sorted(self.alive)
        shared: Counter[int] = Counter()
        postings = sorted((p for gram in _grams(msgid) if (p := self.index.get(gram))), key=len)
        for posting in postings[:RAREST]:
            if len(posting) <= COMMON:
                shared.update(n for n in posting if n in self.alive)
        return sorted(n for n, _ in sorted(shared.items(), key=lambda item: (-item[1], item[0]))[:SHORTLIST])


def _grams(text: str) -> set[str]:
    return {text[i : i + GRAM] for i in range(max(len(text) - GRAM + 1, 1))}
