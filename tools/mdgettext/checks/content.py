"""Content: a translation whose words do not fit its English, though its markup may.

What the other families cannot see, because the markup agrees or is simply gone:

- a line break at the start or end of one side only, told as GNU gettext's
  `msgfmt --check` tells it (it refuses the catalog), not as a page or safety problem;
- a translation cut short (machine-assisted translation often stops mid-way): it ends
  on a comma or with a formula, bracket or paren left open where its English closes
  every one, or is far shorter than this catalog's own translations are;
- a translation pasted into the wrong entry: its numbers, code, links and Latin names
  are another entry's, not its own; the finding names that entry's line.

Pure functions over the entries; counts only, no language model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from statistics import median

from mdgettext.checks.entry import Context, Entry, Family, live
from mdgettext.model import Diagnostic, Severity
from mdgettext.report import counted

NEWLINE = "content.newline"
CUT = "content.cut"
ELSEWHERE = "content.elsewhere"
CODES = {
    NEWLINE: "msgid and msgstr do not both begin, or both end, with a line break (msgfmt --check refuses the catalog)",
    CUT: "the translation stops mid-sentence, mid-formula or mid-bracket where the English does not, "
    "or is far shorter than this catalog's translations are",
    ELSEWHERE: "the translation's numbers, code, links and names are another entry's: it was put in the wrong entry",
}

CODE_SPAN = re.compile(r"`+[^`]*`+")
# a sentence's end: ASCII and CJK full stops, and what may close after one
ENDS = re.compile(r"[.!?。！？…:：;；)）\]」』\"'”’*_`$>|~\d]$")
CUT_ENDS = re.compile(r"[,，、]$")  # a comma with nothing after it
DOLLAR = re.compile(r"(?<!\\)\$")
SHORT_RATIO = 0.3  # of what the catalog's own ratio expects: shorter is cut (measured on the book's three translations)
LONG_ENOUGH = 120  # English characters: a short message's length says nothing
ANCHOR = re.compile(
    r"`[^`]+`|\]\([^)\s]+|https?://[^\s)>\]]+|(?<![\d.])\d+(?:[.,]\d+)*(?!\d)"
    r"|(?<![A-Za-z])[A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9_-]*"  # a Korean particle may follow without a space
)
ANCHORS_NEEDED = 3  # anchors the translation must share with the other entry, and none with its own


def _newline(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    for side, has in (("begin", str.startswith), ("end", str.endswith)):
        if has(entry.msgid, "\n") != has(entry.msgstr, "\n"):
            fix = "remove the line break at" if has(entry.msgstr, "\n") else "add a line break at"
            place = "the start" if side == "begin" else "the end"
            yield ctx.finding(
                entry,
                NEWLINE,
                Severity.ERROR,
                f"msgid and msgstr do not both {side} with \\n (msgfmt --check refuses the catalog): "
                f"{fix} {place} of the translation, as the English has it",
            )


def _unclosed(text: str) -> str | None:
    """What `text` leaves open at its end: a formula, a bracket or a paren; None if nothing."""
    plain = CODE_SPAN.sub("", text)
    if len(DOLLAR.findall(plain)) % 2:
        return "a formula ($) left open"
    for opening, closing, name in (("(", ")", "paren"), ("[", "]", "bracket"), ("{", "}", "brace")):
        if plain.count(opening) > plain.count(closing):
            return f"a {name} {opening} never closed"
    return None


def _cut(entry: Entry, ctx: Context, expected: float | None) -> Iterable[Diagnostic]:
    english, text = entry.msgid.strip(), entry.msgstr.strip()
    if not english or not text or "\n" in english:
        return
    why = None
    if ENDS.search(english) and CUT_ENDS.search(text):
        why = f"ends on {text[-1]!r} where the English ends its sentence"
    elif _unclosed(english) is None and (left := _unclosed(text)):
        why = f"ends with {left} where the English closes every one"
    elif expected and len(english) >= LONG_ENOUGH and len(text) < SHORT_RATIO * expected * len(english):
        why = (
            f"is {counted(len(text), 'character')} for {len(english)} of English, where this catalog's translations "
            f"run about {expected:.2f} times their English"
        )
    if why:
        yield ctx.finding(
            entry,
            CUT,
            Severity.WARNING,
            f"the translation looks cut short: it {why}; translate the rest of the English",
        )


def anchors(text: str) -> frozenset[str]:
    """What a translation keeps of its English whatever the language: numbers, code,
    link destinations, Latin names with a capital inside or a digit (JAX, FLOPs, H100)."""
    return frozenset(m.group().lstrip("](") for m in ANCHOR.finditer(text))


def _elsewhere(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    own = {id(e): anchors(e.msgid) for e in entries}
    position = {id(e): number for number, e in enumerate(entries)}
    by_anchor: dict[str, list[Entry]] = {}
    for e in entries:
        for a in own[id(e)]:
            by_anchor.setdefault(a, []).append(e)
    for entry in entries:
        if not entry.translated or entry.msgstr == entry.msgid:
            continue
        mine = anchors(entry.msgstr)
        if len(mine) < ANCHORS_NEEDED or not own[id(entry)] or mine & own[id(entry)]:
            continue
        shared: dict[int, tuple[Entry, set[str]]] = {}
        for a in mine:
            for other in by_anchor.get(a, ()):
                if other is not entry:
                    shared.setdefault(id(other), (other, set()))[1].add(a)
        # numbers alone say little (a translator may add a year): one shared anchor must be more;
        # the entries sharing any, in catalog order (the first of the best is told), not every entry
        # of the catalog for each translation (quadratic in a long chapter)
        found = [(len(s), e) for _, (e, s) in sorted(shared.items(), key=lambda i: position[i[0]]) if s - _numbers(s)]
        best, other = max(found, key=lambda pair: pair[0], default=(0, entry))
        if best < ANCHORS_NEEDED:
            continue
        yield ctx.finding(
            entry,
            ELSEWHERE,
            Severity.WARNING,
            f"the translation has none of its English's numbers, code, links or names, and shares {best} with the entry at "
            f"line {other.line} ({_short(other.msgid)}): it belongs there; translate this entry's own English",
        )


def _numbers(found: set[str]) -> set[str]:
    return {a for a in found if a[0].isdigit()}


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """The newline, cut and elsewhere findings of one catalog."""
    current = live(entries)
    ratios = [
        len(e.msgstr) / len(e.msgid)
        for e in current
        if e.translated and len(e.msgid) >= LONG_ENOUGH and e.msgstr != e.msgid
    ]
    expected = median(ratios) if len(ratios) >= 5 else None
    for entry in current:
        if entry.translated and entry.msgstr != entry.msgid:
            yield from _newline(entry, ctx)
            yield from _cut(entry, ctx, expected)
    yield from _elsewhere(current, ctx)


FAMILY = Family(CODES, catalog=check)
