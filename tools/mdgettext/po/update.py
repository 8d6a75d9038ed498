"""Template + old catalog -> updated catalog, without losing a translator's work.

The merge is ours, not msgmerge's: it must never lose a translation, and it must
recognise edits that need no new translation (a changed URL or code span).
"""

from __future__ import annotations

import re
from functools import partial

import polib

from mdgettext.locale import locale_name
from mdgettext.markdown.inline import nothing_to_translate
from mdgettext.model import key_of
from mdgettext.po.catalog import IMPORT_DOUBT, NO_WRAP, Project, by_key, doubts, has_translation, metadata
from mdgettext.po.memory import Memory, offer
from mdgettext.po.similar import Similar

VOLATILE = re.compile(
    r"""(?P<dest>(?<=\]\()\s*(?:<[^<>\n]*>|[^\s()<]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+"[^"]*")?\s*(?=\)))
      | (?P<auto><[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*>)
      | (?P<code>(?P<ticks>`+)(?!`).*?(?<!`)(?P=ticks)(?!`))""",
    re.VERBOSE,
)


def new_catalog(
    pot: polib.POFile,
    language: str,
    project: Project,
    revision_date: str,
    memory: Memory | None = None,
    tm_exact: bool = False,
) -> polib.POFile:
    """A fresh translation catalog for `language`, with a complete header."""
    po = polib.POFile(wrapwidth=79)
    name = locale_name(language)
    po.header = (
        f"{name} translations for {project.name}.\n"
        f"This file is distributed under the same license as the {project.name} project."
    )
    po.metadata = metadata(project, language, revision_date)
    po.metadata["POT-Creation-Date"] = pot.metadata.get("POT-Creation-Date", project.creation_date)
    return merge(po, pot, memory, tm_exact)


def merge(old: polib.POFile, pot: polib.POFile, memory: Memory | None = None, tm_exact: bool = False) -> polib.POFile:
    """Update `old` to `pot`'s messages without losing any translation.

    - same (context, msgid): kept, with the template's references and comments;
    - exactly the `#| msgid` of a fuzzy entry (the English changed and changed back):
      translated again, as it was;
    - only a link destination, code span or whitespace changed: the translation is
      carried over with the same change made in it;
    - the same English translated elsewhere (`memory`: other catalogs, compendia):
      that translation, fuzzy (translated with `tm_exact`), with `# tm: where`;
    - otherwise similar to an unused old entry: fuzzy, with `#| msgid` the old source;
    - otherwise close to a message translated elsewhere: fuzzy, with its English as
      `#| msgid` and `# tm: where`;
    - old translations nobody uses any more: obsolete (`#~`), and restored if their
      text comes back;
    - an untranslated message with nothing to translate (`9.0e11`, `32x32`, `v5e`):
      filled with its English, so it never counts as untranslated; a translator may
      still change it (a number format), which a message never offered would forbid.
    """
    po = polib.POFile(wrapwidth=79)
    po.header = old.header
    po.metadata = dict(old.metadata)
    po.metadata_is_fuzzy = old.metadata_is_fuzzy
    if "POT-Creation-Date" in pot.metadata:
        po.metadata["POT-Creation-Date"] = pot.metadata["POT-Creation-Date"]

    previous = by_key(old)  # a live entry wins over an obsolete one: `#~` never replaces work
    used: set[tuple[str | None, str]] = set()
    pending: list[tuple[int, polib.POEntry]] = []
    for entry in pot:
        key = key_of(entry)
        match = previous.get(key)
        new = _fresh(entry)
        if match is not None:
            used.add(key)
            _keep_translation(new, match)
        po.append(new)
        if match is None:
            pending.append((len(po) - 1, new))

    candidates = [e for k, e in previous.items() if k not in used and has_translation(e)]
    unused = Similar(candidates)  # the closest old entry, found without comparing every pair
    # A fuzzy translation still says which English it was made for (`#| msgid`):
    # when exactly that English comes back, the translation is exact again.
    made_for = {(e.previous_msgctxt, e.previous_msgid): e for e in candidates if _made_for_its_previous(e)}
    shapes: dict[tuple[str | None, str], list[tuple[polib.POEntry, list[str]]]] = {}
    for entry in candidates:
        if not entry.fuzzy:
            shape, parts = _shape(entry.msgid)
            shapes.setdefault((entry.msgctxt, shape), []).append((entry, parts))
    for _, new in pending:
        back = made_for.pop(key_of(new), None)
        if back is not None and back in unused:
            _keep_translation(new, back)  # its `#| msgid` is its msgid again: `_restore` below
            unused.discard(back)
            used.add(key_of(back))
            continue
        source = _carry_over_source(new, shapes, unused)
        if source is not None:
            old_entry, msgstr = source
            _keep_translation(new, old_entry)
            new.msgstr = msgstr
        else:
            found = memory.find(new.msgctxt, new.msgid) if memory is not None else None
            old_entry = None if found is not None and found.exact else unused.closest(new.msgid)
            if old_entry is None:
                if found is not None:
                    offer(new, found, exact_is_translated=tm_exact)
                continue
            _keep_translation(new, old_entry)
            new.fuzzy = True
            if not _made_for_its_previous(old_entry):  # else `_keep_translation` kept the English it was made for
                new.previous_msgid, new.previous_msgctxt = old_entry.msgid, old_entry.msgctxt
        unused.discard(old_entry)
        used.add(key_of(old_entry))

    for entry in po:
        if not has_translation(entry) and nothing_to_translate(entry.msgid):
            entry.msgstr = entry.msgid  # what the translator would write; it stays editable

    for key, entry in previous.items():
        if key not in used and has_translation(entry) and not _filled_in(entry):
            gone = _copy(entry)
            gone.obsolete = True
            gone.occurrences = []  # GNU gettext keeps neither references nor
            gone.comment = ""  # extracted comments on obsolete entries
            po.append(gone)
    for entry in po:
        _restore(entry)
    return po


def _restore(entry: polib.POEntry) -> None:
    """An entry whose English came back to exactly the text it was translated from
    (`#| msgid` is its msgid again) is translated again, unless a comment records
    another doubt: the fuzzy flag update added when the English changed has no
    reason left."""
    if entry.fuzzy and entry.previous_msgid == entry.msgid and entry.previous_msgctxt == entry.msgctxt:
        # a merge's or the memory's doubt stays until the translator decides (an import's
        # is no reason to hide a translation: it is published, awaiting review)
        if not any(not line.startswith(IMPORT_DOUBT) for line in doubts(entry)):
            entry.fuzzy = False
        entry.previous_msgid = entry.previous_msgctxt = None


def _made_for_its_previous(entry: polib.POEntry) -> bool:
    """Whether a fuzzy entry's translation was made for its `#| msgid`: update made
    it fuzzy when the English changed. (An import's or a merge's doubt has no
    previous msgid.)"""
    return entry.fuzzy and bool(entry.previous_msgid)


def _filled_in(entry: polib.POEntry) -> bool:
    """A copy update made of English with nothing to translate: no one's work, never kept as obsolete."""
    return entry.msgstr == entry.msgid and not entry.fuzzy and nothing_to_translate(entry.msgid)


def _fresh(entry: polib.POEntry) -> polib.POEntry:
    return polib.POEntry(
        msgid=entry.msgid,
        msgctxt=entry.msgctxt,
        msgstr="",
        occurrences=list(entry.occurrences),
        comment=entry.comment,
        flags=[flag for flag in entry.flags if flag == NO_WRAP],  # the template's, as msgmerge keeps it
    )


def _keep_translation(new: polib.POEntry, old: polib.POEntry) -> None:
    """The translator's part of an entry: msgstr, own comments, flags, previous msgid."""
    new.msgstr = old.msgstr
    new.msgstr_plural = dict(old.msgstr_plural)
    new.tcomment = old.tcomment
    new.flags = list(dict.fromkeys([*old.flags, *new.flags]))
    if old.fuzzy:
        new.previous_msgid = old.previous_msgid
        new.previous_msgctxt = old.previous_msgctxt


def _copy(entry: polib.POEntry) -> polib.POEntry:
    return polib.POEntry(
        msgid=entry.msgid,
        msgctxt=entry.msgctxt,
        msgstr=entry.msgstr,
        msgstr_plural=dict(entry.msgstr_plural),
        msgid_plural=entry.msgid_plural,
        tcomment=entry.tcomment,
        comment=entry.comment,
        flags=list(entry.flags),
        previous_msgid=entry.previous_msgid,
        previous_msgctxt=entry.previous_msgctxt,
        occurrences=list(entry.occurrences),
    )


def _shape(msgid: str) -> tuple[str, list[str]]:
    """A msgid with its link destinations, autolinks and code spans taken out,
    and its whitespace collapsed: two msgids with the same shape differ only in
    parts a translator copies verbatim."""
    parts: list[str] = []

    def hole(match: re.Match[str]) -> str:
        parts.append(match.group(0))
        return "\0"

    return " ".join(VOLATILE.sub(hole, msgid).split()), parts


def _carry_over_source(
    new: polib.POEntry, shapes: dict[tuple[str | None, str], list[tuple[polib.POEntry, list[str]]]], unused: Similar
) -> tuple[polib.POEntry, str] | None:
    """An unused old translated entry whose source differs from `new` only in verbatim
    parts, and its translation with the same parts replaced."""
    shape, parts = _shape(new.msgid)
    for old, old_parts in shapes.get((new.msgctxt, shape), ()):
        if old not in unused:
            continue
        if len(old_parts) != len(parts):
            continue
        changes = _changes(old_parts, parts, _shape(old.msgstr)[1])
        if changes is None:
            continue
        if not changes:
            return old, old.msgstr
        # Replace only whole link destinations and code spans of the translation,
        # never a substring of other text: `(a.html)` must not touch `(data.html)`.
        return old, VOLATILE.sub(partial(_replace_part, changes), old.msgstr)
    return None


def _changes(old_parts: list[str], new_parts: list[str], translated: list[str]) -> dict[str, str] | None:
    """What to replace in the translation: each changed part of the English, found in
    the translation by its text. None when that is ambiguous: a part the translation
    holds a different number of times, or one written twice in the English of which
    only one occurrence changed (the translation may have moved either), so the
    entry goes fuzzy instead of changing the wrong one."""
    changes: dict[str, str] = {}
    became: dict[str, set[str]] = {}
    for was, now in zip(old_parts, new_parts, strict=True):
        became.setdefault(was, set()).add(now)
    for was, now in zip(old_parts, new_parts, strict=True):
        if was == now:
            continue
        if len(became[was]) > 1 or translated.count(was) != old_parts.count(was):
            return None
        changes[was] = now
    return changes


def _replace_part(changes: dict[str, str], match: re.Match[str]) -> str:
    return changes.get(match.group(0), match.group(0))
