"""Three-way merge of catalogs, for git: two translators, one .po file, no conflict markers.

Git merges line by line, so two branches that both touched a catalog collide in
the header (PO-Revision-Date, Last-Translator) and in rewrapped strings even when
they translated different entries. This merge works entry by entry: what only one
side changed is taken; where both changed the same translation differently, ours
is kept, marked fuzzy, with theirs in a translator comment, so nothing is lost
and the file stays valid for every tool.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

import polib

from mdgettext.po.catalog import MERGE_DOUBT, by_key

LATEST_FIELDS = ("PO-Revision-Date", "POT-Creation-Date")
T = TypeVar("T")


@dataclass(frozen=True)
class Merged:
    """The merged catalog, and the msgids both branches translated differently."""

    po: polib.POFile
    conflicts: tuple[str, ...]  # msgids whose translation both sides changed


def merge3(base: polib.POFile, ours: polib.POFile, theirs: polib.POFile) -> Merged:
    """Merge two changed versions of a catalog entry by entry; what only one side changed is taken."""
    po = polib.POFile(wrapwidth=79)
    po.header = theirs.header if ours.header == base.header else ours.header
    po.metadata = _metadata(base.metadata, ours.metadata, theirs.metadata)
    po.metadata_is_fuzzy = ours.metadata_is_fuzzy and theirs.metadata_is_fuzzy
    old, mine, other = by_key(base), by_key(ours), by_key(theirs)
    conflicts: list[str] = []
    for key in [*mine, *(k for k in other if k not in mine)]:
        b, o, t = old.get(key), mine.get(key), other.get(key)
        if o is not None and t is not None:
            entry, conflict = _merge_entry(b, o, t)
            if conflict:
                conflicts.append(key[1])
        else:
            entry = o if o is not None else t
            if b is not None and _state(b) == _state(entry):
                continue  # one side deleted it, the other did not touch it
        po.append(entry)
    return Merged(po, tuple(conflicts))


def _state(entry: polib.POEntry) -> tuple[object, ...]:
    """Everything a side may change in an entry, to tell whether it changed it."""
    return (
        entry.msgstr,
        tuple(sorted(entry.msgstr_plural.items())),
        tuple(entry.flags),
        entry.tcomment,
        entry.previous_msgid,
        bool(entry.obsolete),
    )


def _merge_entry(base: polib.POEntry | None, ours: polib.POEntry, theirs: polib.POEntry) -> tuple[polib.POEntry, bool]:
    """Each part of an entry merged on its own: one side may fix the translation
    while the other adds a comment, and both changes are kept."""

    def pick(get: Callable[[polib.POEntry], T]) -> tuple[T, bool]:
        o, t = get(ours), get(theirs)
        if o == t:
            return o, False
        if base is not None and o == get(base):
            return t, False
        if base is not None and t == get(base):
            return o, False
        return o, True

    msgstr, clash = pick(lambda e: (e.msgstr, tuple(sorted(e.msgstr_plural.items()))))
    comment, both_commented = pick(lambda e: e.tcomment)
    flags, both_flagged = pick(lambda e: tuple(e.flags))
    previous, _ = pick(lambda e: (e.previous_msgctxt, e.previous_msgid))
    obsolete, _ = pick(lambda e: bool(e.obsolete))
    merged = ours
    merged.msgstr, merged.msgstr_plural = msgstr[0], dict(msgstr[1])
    merged.tcomment = _union_lines(ours.tcomment, theirs.tcomment) if both_commented else comment
    merged.flags = list(dict.fromkeys([*ours.flags, *theirs.flags])) if both_flagged else list(flags)
    merged.previous_msgctxt, merged.previous_msgid = previous
    merged.obsolete = obsolete
    if clash and not ours.msgstr:
        merged.msgstr, merged.msgstr_plural, clash = theirs.msgstr, dict(theirs.msgstr_plural), False
    elif clash and not theirs.msgstr:
        clash = False
    if clash:
        merged.tcomment = _union_lines(
            merged.tcomment, f"{MERGE_DOUBT}the other branch translated this as: {theirs.msgstr}"
        )
        if "fuzzy" not in merged.flags:
            merged.flags.insert(0, "fuzzy")
    return merged, clash


def _moment(stamp: str) -> tuple[int, float]:
    """A header date as a point in time (`2025-01-05 09:00+0900`), so dates written
    in different time zones compare right; unreadable ones sort first."""
    try:
        return (1, datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M%z").timestamp())
    except ValueError:
        return (0, 0.0)


def _union_lines(a: str, b: str) -> str:
    lines = [line for text in (a, b) for line in (text or "").split("\n") if line]
    return "\n".join(dict.fromkeys(lines))


def _metadata(base: dict[str, str], ours: dict[str, str], theirs: dict[str, str]) -> dict[str, str]:
    merged = dict(ours)
    for key, value in theirs.items():
        if key in LATEST_FIELDS:
            merged[key] = max(ours.get(key, ""), value, key=_moment)
        elif ours.get(key) == base.get(key):
            merged[key] = value
    return merged
