"""One entry of a catalog changed as a translator changes it in an editor (serve's review
page): its msgstr, whether it is fuzzy, and whether an import's doubt is cleared. Everything else of the catalog (comments,
references, the other entries, the header) is left as it was; the caller writes the
catalog with po/writer.py, as GNU gettext writes it.

Pure: the catalog is read and written by the caller, which also decides whether the
file on disk is still the one the editor loaded (`digest`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

import polib

from mdgettext.errors import UserError
from mdgettext.model import Key, key_of
from mdgettext.po.catalog import import_doubts, live, without_import_doubts

MAX_MSGSTR = 100_000  # characters: a paragraph's translation is a few hundred; more is a mistake or an attack
# What a msgstr typed in a browser may not hold: control characters (a tab and line
# breaks aside), a carriage return (a textarea gives `\n` line breaks), and the
# separators that are line breaks to some readers and not to others.
NOT_TYPED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")


class EditError(UserError, ValueError):
    """An edit that cannot be made, said as the editor shows it."""


@dataclass(frozen=True)
class Edit:
    """What the translator typed for one entry."""

    key: Key  # (msgctxt, msgid)
    msgstr: str
    fuzzy: bool
    imported: bool | None = None  # False: the import's doubt is cleared (its `# import:` comments go); None: kept


def editable(po: polib.POFile) -> list[dict[str, Any]]:
    """The entries the editor shows, as its page reads them (plural messages are not
    Markdown's, so the page has no form for them)."""
    return [
        {
            "msgctxt": e.msgctxt,
            "msgid": e.msgid,
            "msgstr": e.msgstr,
            "fuzzy": e.fuzzy,
            "imported": bool(import_doubts(e)),
        }
        for e in live(po)
        if not e.msgid_plural
    ]


def digest(data: bytes) -> str:
    """The catalog's content as the editor saw it: a save is refused when the file's differs."""
    return hashlib.sha256(data).hexdigest()


def entry(po: polib.POFile, key: Key) -> polib.POEntry:
    """The live entry of `key`; EditError when the catalog has none (the English changed)."""
    found = next((e for e in live(po) if key_of(e) == key), None)
    if found is None:
        raise EditError("the catalog has no such entry any more (run `mdgettext update`, then reload the page)")
    if found.msgid_plural:
        raise EditError("an entry with plural forms is not edited here")
    return found


def apply(po: polib.POFile, edit: Edit) -> polib.POEntry:
    """Make `edit` in `po` (changed in place) and return the entry. Clearing fuzzy also
    drops the English it was translated from (`#| msgid`), as Poedit and Weblate do: it
    is there to show what changed, and the translation now answers the English as it is.
    An empty msgstr is untranslated, whatever the flag says (GNU drops `fuzzy` there)."""
    problem = NOT_TYPED.search(edit.msgstr)
    if problem is not None:
        raise EditError(f"the translation holds the control character U+{ord(problem.group()):04X}; remove it")
    if len(edit.msgstr) > MAX_MSGSTR:
        raise EditError(f"the translation is longer than {MAX_MSGSTR} characters")
    found = entry(po, edit.key)
    found.msgstr = edit.msgstr
    if edit.fuzzy and edit.msgstr:
        if "fuzzy" not in found.flags:
            found.flags.insert(0, "fuzzy")
    else:
        found.flags = [flag for flag in found.flags if flag != "fuzzy"]
        found.previous_msgid = found.previous_msgid_plural = found.previous_msgctxt = None
    if edit.imported is False and found.tcomment:  # the translator checked the pairing import doubted
        found.tcomment = without_import_doubts(found.tcomment)
    return found
