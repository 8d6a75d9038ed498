"""Three-way merge of catalogs, for git: two translators, one .po file, no conflict markers.

Git merges line by line, so two branches that both touched a catalog collide in
the header (PO-Revision-Date, Last-Translator) and in rewrapped strings even when
they translated different entries. This merge works entry by entry: what only one
side changed is taken; where both changed the same translation differently, ours
is kept, marked fuzzy, with theirs in a translator comment, so nothing is lost
and the file stays valid for every tool. An entry's text and its review state
(`fuzzy`) are merged together (`_reviewed_state`): merged apart, one branch's
approval of the old text and the other's unreviewed rewrite made an approved entry
nobody had reviewed, which the build published.

A catalog loses a live entry only when `update` finds its English gone: the entry
became obsolete (`#~`), or a fuzzy entry for the new English that names it as
`#| msgid`. Such an entry never comes back live because the other branch
retranslated it; the newer translation goes to the entry that holds its English.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

import polib

from mdgettext.model import Key, key_of
from mdgettext.po.catalog import MERGE_DOUBT, by_key, has_translation
from mdgettext.po.entries import Catalog, from_po, to_po

LATEST_FIELDS = ("PO-Revision-Date", "POT-Creation-Date")
FUZZY = "fuzzy"  # the review state: merged with the text it was given for (_reviewed_state)
THEIRS = f"{MERGE_DOUBT}the other branch translated this as: "
RETRANSLATED = f"{MERGE_DOUBT}the other branch retranslated the previous English as: "
# Left raw by json.dumps, but line breaks to some readers (str.splitlines) or invisible.
_RAW_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
T = TypeVar("T")


@dataclass(frozen=True)
class Merged:
    """The merged catalog, and the msgids that need a translator's look."""

    po: polib.POFile
    conflicts: tuple[str, ...]  # msgids whose translation both sides changed
    offered: tuple[str, ...] = ()  # fuzzy msgids given the other side's newer translation of their `#| msgid`

    @property
    def catalog(self) -> Catalog:
        """The merged catalog as mdgettext's value (po/entries.py)."""
        return from_po(self.po)


def merge3_catalogs(base: Catalog, ours: Catalog, theirs: Catalog) -> Merged:
    """`merge3` of mdgettext's own catalogs, for code that does not know polib's."""
    return merge3(to_po(base), to_po(ours), to_po(theirs))


def merge3(base: polib.POFile, ours: polib.POFile, theirs: polib.POFile) -> Merged:
    """Merge two changed versions of a catalog entry by entry; what only one side changed is taken."""
    po = polib.POFile(wrapwidth=79)
    po.header = theirs.header if ours.header == base.header else ours.header
    po.metadata = _metadata(base.metadata, ours.metadata, theirs.metadata)
    po.metadata_is_fuzzy = ours.metadata_is_fuzzy and theirs.metadata_is_fuzzy
    old, mine, other = by_key(base), by_key(ours), by_key(theirs)
    conflicts: list[str] = []
    retired: list[polib.POEntry] = []  # live in base, retired on one side, retranslated on the other
    for key in [*mine, *(k for k in other if k not in mine)]:
        b, o, t = old.get(key), mine.get(key), other.get(key)
        if o is not None and t is not None:
            entry, conflict = _merge_entry(b or _made_for(old, o, t), o, t)
            if conflict:
                conflicts.append(key[1])
        else:
            entry = o if o is not None else t
            if b is not None and _state(b) == _state(entry):
                continue  # one side deleted it, the other did not touch it
            if b is not None and not b.obsolete:
                _retire(entry)  # its English is gone on the side that deleted it
        if b is not None and not b.obsolete and entry.obsolete and _translation(entry) != _translation(b):
            retired.append(entry)
        po.append(entry)
    offered = _offer(po, retired, old, conflicts)
    return Merged(po, tuple(conflicts), offered)


def _made_for(old: dict[Key, polib.POEntry], ours: polib.POEntry, theirs: polib.POEntry) -> polib.POEntry | None:
    """For an entry both sides added: the base's entry of the English both say it
    was translated from (`#| msgid`), so a side that kept that translation unchanged
    yields to one that retranslated it."""
    made_for = (ours.previous_msgctxt, ours.previous_msgid)
    if ours.previous_msgid is None or made_for != (theirs.previous_msgctxt, theirs.previous_msgid):
        return None
    return old.get(made_for)


def _retire(entry: polib.POEntry) -> None:
    """Obsolete, as `update` makes an entry whose English is gone (GNU keeps no references or extracted comments)."""
    entry.obsolete, entry.occurrences, entry.comment = True, [], ""


def _offer(
    po: polib.POFile, retired: list[polib.POEntry], old: dict[Key, polib.POEntry], conflicts: list[str]
) -> tuple[str, ...]:
    """A retired entry's newer translation, for the fuzzy entries that name its English
    as `#| msgid`: their msgstr when it is still the old translation (or empty),
    else a comment beside it. Taken up, the `#~` copy is dropped."""
    holders: dict[Key, list[polib.POEntry]] = {}
    for entry in po:
        if not entry.obsolete and entry.previous_msgid is not None:
            holders.setdefault((entry.previous_msgctxt, entry.previous_msgid), []).append(entry)
    offered: list[str] = []
    taken: set[int] = set()
    for gone in retired:
        key = key_of(gone)
        if not has_translation(gone) or key not in holders:
            continue  # kept as `#~`; one with no translation, GNU drops
        taken.add(id(gone))
        for holder in holders[key]:
            if _translation(holder) in (_translation(old[key]), _translation(polib.POEntry())):
                holder.msgstr, holder.msgstr_plural = gone.msgstr, dict(gone.msgstr_plural)
            elif _translation(holder) != _translation(gone):
                holder.tcomment = _union_lines(holder.tcomment, RETRANSLATED + quoted(_text(gone)))
                conflicts.append(holder.msgid)
            holder.fuzzy = True
            offered.append(holder.msgid)
    po[:] = [entry for entry in po if id(entry) not in taken]
    return tuple(offered)


def _translation(entry: polib.POEntry) -> tuple[str, tuple[tuple[int, str], ...]]:
    return entry.msgstr, tuple(sorted(entry.msgstr_plural.items()))


def _state(entry: polib.POEntry) -> tuple[object, ...]:
    """Everything a side may change in an entry, to tell whether it changed it."""
    return (
        *_translation(entry),
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

    msgstr, clash = pick(_translation)
    comment, both_commented = pick(lambda e: e.tcomment)
    flags, both_flagged = pick(lambda e: tuple(f for f in e.flags if f != FUZZY))
    previous, _ = pick(lambda e: (e.previous_msgctxt, e.previous_msgid))
    obsolete, _ = pick(lambda e: bool(e.obsolete))
    fuzzy = ours.fuzzy, theirs.fuzzy  # read before `merged`, which is ours, changes
    text_from = _text_from(base, ours, theirs)
    merged = ours
    merged.msgstr, merged.msgstr_plural = msgstr[0], dict(msgstr[1])
    merged.tcomment = _union_lines(ours.tcomment, theirs.tcomment) if both_commented else comment
    merged.flags = (
        [f for f in dict.fromkeys([*ours.flags, *theirs.flags]) if f != FUZZY] if both_flagged else list(flags)
    )
    merged.previous_msgctxt, merged.previous_msgid = previous
    merged.obsolete = obsolete
    if clash and not ours.msgstr:
        merged.msgstr, merged.msgstr_plural, clash = theirs.msgstr, dict(theirs.msgstr_plural), False
    elif clash and not theirs.msgstr:
        clash = False
    if clash:
        merged.tcomment = _union_lines(merged.tcomment, THEIRS + quoted(_text(theirs)))
    merged.fuzzy = clash or _reviewed_state(base.fuzzy if base is not None else None, *fuzzy, text_from)
    return merged, clash


def _text_from(base: polib.POEntry | None, ours: polib.POEntry, theirs: polib.POEntry) -> str:
    """Which side's translation the merge keeps: "both" (the same text), "ours" or
    "theirs" (the one that changed it, or the one that has one when the other is empty),
    or "clash"."""
    mine, other = _translation(ours), _translation(theirs)
    if mine == other:
        return "both"
    if base is not None and mine == _translation(base):
        return "theirs"
    if base is not None and other == _translation(base):
        return "ours"
    return "theirs" if not ours.msgstr else "ours" if not theirs.msgstr else "clash"


def _reviewed_state(base: bool | None, ours: bool, theirs: bool, text_from: str) -> bool:
    """Whether the merged entry is fuzzy, decided with its text, never apart from it: a
    review state belongs to the text it was given for. Where one side changed the text,
    its state comes with it, unless the other side changed the state of the old text and
    the two disagree (an approval of the old text does not approve the new one; a doubt
    about it stays). Where the text is the same, the state is merged as any part is."""
    if text_from == "clash":
        return True
    if text_from == "both":
        if ours == theirs:
            return ours
        return True if base is None else theirs if ours == base else ours  # the side that changed it
    changed, other = (ours, theirs) if text_from == "ours" else (theirs, ours)
    return changed if base is None or other == base else changed or other


def _text(entry: polib.POEntry) -> str | list[str]:
    return [form for _, form in sorted(entry.msgstr_plural.items())] if entry.msgstr_plural else entry.msgstr


def quoted(text: str | list[str]) -> str:
    """The other side's translation as one JSON string on one comment line: byte for
    byte (blank lines, repeated lines, trailing spaces), and no line of it can
    become a `#,` flag, a `mdgettext-ignore:` suppression or a PO keyword.
    `unquoted` gives it back."""
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(text, ensure_ascii=False))


def unquoted(comment: str) -> str | list[str] | None:
    """The other side's translation a merge comment holds, exactly (None: not such a comment)."""
    for lead in (THEIRS, RETRANSLATED):
        if comment.startswith(lead):
            value: str | list[str] = json.loads(comment[len(lead) :])
            return value
    return None


def _moment(stamp: str) -> tuple[int, float]:
    """A header date as a point in time (`2025-01-05 09:00+0900`), so dates written
    in different time zones compare right; unreadable ones sort first."""
    try:
        return (1, datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M%z").timestamp())
    except ValueError:
        return (0, 0.0)


def _union_lines(a: str, b: str) -> str:
    """`a` as it is, then each line of `b` it does not have (blank ones aside)."""
    have = a.split("\n") if a else []
    return "\n".join([*have, *dict.fromkeys(line for line in (b or "").split("\n") if line and line not in have)])


def _metadata(base: dict[str, str], ours: dict[str, str], theirs: dict[str, str]) -> dict[str, str]:
    merged = dict(ours)
    for key, value in theirs.items():
        if key in LATEST_FIELDS:
            merged[key] = max(ours.get(key, ""), value, key=_moment)
        elif ours.get(key) == base.get(key):
            merged[key] = value
    return merged
