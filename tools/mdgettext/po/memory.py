"""Translation memory: the translations a language already has, found by their English.

`update` offers a new or changed message the best translation the language has
elsewhere: in any catalog of the project, or in a compendium (`--compendium`, as
`msgmerge -C` reads one). The memory is built from translated entries only (not
fuzzy, not obsolete, not copies of English with nothing to translate).

- exact: the same msgctxt and msgid. When the English was translated differently
  in several places, the most frequent translation wins (ties: the first found,
  the project's catalogs in chapter order before compendia).
- close: the highest similarity at or above `CLOSE`, measured as RapidFuzz's
  `fuzz.ratio` on the two msgids: the normalized InDel similarity, 2·LCS / (total
  length) in characters, which GNU msgmerge's `fstrcmp` and difflib's
  `SequenceMatcher.ratio()` approximate (RapidFuzz computes it exactly, in C, a
  few hundred times faster than difflib on a paragraph). The threshold is stricter than
  msgmerge's 0.6, since the match comes from another chapter. Candidates come from an index of word
  stems, never from a scan of every pair: only messages that share a stem which
  fewer than `COMMON` of the memory's messages have are compared, the best
  `CANDIDATES` of them by the number of stems shared.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

import polib

from mdgettext import stems
from mdgettext.model import Key, key_of
from mdgettext.po.catalog import TM_DOUBT, Project, State, metadata, state

CLOSE = 0.8  # similarity at or above which another message's translation is offered
COMMON = 0.05  # a stem in more than this share of the memory's messages does not find candidates
CANDIDATES = 20  # messages compared in full, at most, for one close match
WORD = re.compile(r"[^\W\d_]{2,}")
COMMENT = TM_DOUBT  # starts the translator comment that names where a translation came from


@dataclass(frozen=True, slots=True)
class Unit:
    """One translation the language has, and where it is (`roofline.po:57`)."""

    msgctxt: str | None
    msgid: str
    msgstr: str
    origin: str
    occurrences: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Match:
    """A translation offered for a message: exact (same English) or close."""

    unit: Unit
    similarity: float
    exact: bool
    others: tuple[Unit, ...] = ()  # the same English translated differently elsewhere


def units(po: polib.POFile, origin: str, lines: Mapping[Key, int]) -> list[Unit]:
    """The translations a catalog gives the memory; `origin` names it (`roofline.po`),
    `lines` give each entry's msgid line."""
    found = []
    for entry in po:
        if not entry.msgid or state(entry) is not State.TRANSLATED or entry.msgid_plural:
            continue
        if entry.msgstr == entry.msgid:  # a copy: nothing translated, nothing to offer
            continue
        line = lines.get(key_of(entry))
        where = f"{origin}:{line}" if line else origin
        found.append(Unit(entry.msgctxt, entry.msgid, entry.msgstr, where, tuple(entry.occurrences)))
    return found


@dataclass
class Memory:
    """Every translation the language has, indexed for exact and close look-ups."""

    found: list[Unit] = field(default_factory=list)

    @cached_property
    def _by_key(self) -> dict[Key, list[Unit]]:
        groups: dict[Key, list[Unit]] = defaultdict(list)
        for unit in self.found:
            groups[key_of(unit)].append(unit)
        return dict(groups)

    @cached_property
    def _best(self) -> dict[Key, tuple[Unit, tuple[Unit, ...]]]:
        """Each English's most frequent translation, and the other translations it has."""
        best = {}
        for key, group in self._by_key.items():
            counts = Counter(u.msgstr for u in group)
            top = max(counts.values())
            chosen = next(u for u in group if counts[u.msgstr] == top)
            others = {u.msgstr: u for u in group if u.msgstr != chosen.msgstr}
            best[key] = (chosen, tuple(others.values()))
        return best

    @cached_property
    def _index(self) -> tuple[list[Unit], dict[str, list[int]]]:
        """The memory's messages and, for each stem, the messages that have it."""
        chosen = [unit for unit, _ in self._best.values()]
        index: dict[str, list[int]] = defaultdict(list)
        for number, unit in enumerate(chosen):
            for key in _stems(unit.msgid):
                index[key].append(number)
        return chosen, dict(index)

    def entries(self) -> list[Match]:
        """Each English once, with its chosen translation: the memory as a compendium."""
        return [Match(unit, 1.0, True, others) for unit, others in self._best.values()]

    def find(self, msgctxt: str | None, msgid: str) -> Match | None:
        """The best translation the memory has for a message: exact, else close, else None."""
        exact = self._best.get((msgctxt, msgid))
        if exact is not None:
            return Match(exact[0], 1.0, True, exact[1])
        return self._close(msgid)

    def _close(self, msgid: str) -> Match | None:
        from rapidfuzz import fuzz  # here: an update whose messages all have their English's translation needs none

        chosen, index = self._index
        common = max(COMMON * len(chosen), 2)
        shared: Counter[int] = Counter()
        for key in _stems(msgid):
            numbers = index.get(key, [])
            if len(numbers) <= common:
                shared.update(numbers)
        best, best_ratio = None, 0.0
        for number, _ in shared.most_common(CANDIDATES):
            unit = chosen[number]
            ratio = fuzz.ratio(msgid, unit.msgid, score_cutoff=100 * CLOSE) / 100
            if ratio > best_ratio:
                best, best_ratio = unit, ratio
        return Match(best, best_ratio, False) if best is not None else None


def offer(entry: polib.POEntry, match: Match, exact_is_translated: bool = False) -> None:
    """Fill a new or changed entry from the memory, saying where the translation came
    from: fuzzy (unless exact and `exact_is_translated`), with a close match's English
    as its `#| msgid`, so the translator sees what differs."""
    entry.msgstr = match.unit.msgstr
    lines = [f"{COMMENT}{match.unit.origin}"]
    lines += [f"{COMMENT}translated differently in {other.origin}" for other in match.others]
    entry.tcomment = "\n".join([*([entry.tcomment] if entry.tcomment else []), *lines])
    if not (match.exact and exact_is_translated):
        entry.fuzzy = True
    if not match.exact:
        entry.previous_msgid, entry.previous_msgctxt = match.unit.msgid, match.unit.msgctxt


def compendium(memory: Memory, language: str, project: Project, date: str) -> polib.POFile:
    """The memory as one catalog (`tm --export`): every English once, with its most
    frequent translation, where it came from, and the other translations it has."""
    po = polib.POFile(wrapwidth=79)
    po.header = (
        f"Translation memory of {project.name}: every translated message of its catalogs.\n"
        "For `mdgettext update --compendium` or `msgmerge --compendium`."
    )
    po.metadata = metadata(project, language, date)
    for match in memory.entries():
        unit = match.unit
        comments = [f"{COMMENT}{unit.origin}"]
        comments += [f"{COMMENT}also translated as {o.msgstr!r} in {o.origin}" for o in match.others]
        po.append(
            polib.POEntry(
                msgctxt=unit.msgctxt,
                msgid=unit.msgid,
                msgstr=unit.msgstr,
                occurrences=list(unit.occurrences),
                tcomment="\n".join(comments),
            )
        )
    return po


def build(catalogs: Iterable[list[Unit]]) -> Memory:
    """A memory of several catalogs' units, in the order given (it breaks ties)."""
    return Memory([unit for found in catalogs for unit in found])


def _stems(text: str) -> set[str]:
    return {key for word in WORD.findall(text) for key in stems.keys(word)}
