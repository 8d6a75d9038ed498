"""Chinese typography (warnings): punctuation and spacing a Chinese editor would fix.

Registered for `zh`, with its codes, in `checks/typography/__init__.py`. Each rule reads the text a
reader sees (links' destinations, code and formulas left out), so a URL's `,` or a
formula's `:` is never Chinese punctuation. Spacing between Han and Latin letters is
a house convention, not a rule of the language: the catalog's own majority decides,
and only an entry that goes against a clear majority is reported. Digits are left out
of it: ordinals and amounts (`第7部分`, `160亿`) are written closed in text that spaces
Latin words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from mdgettext.checks.entry import Context, Entry
from mdgettext.model import Diagnostic, Severity
from mdgettext.report import counted

HAN = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
FULL_WIDTH = {",": "，", ";": "；", "!": "！", "?": "？", ":": "：", ".": "。"}
# After a Han character: `,;!?` always; `:` and `.` only before a space or the end, so
# `预填充:生成` (a ratio) and `v5.e` stay.
HALF_WIDTH = re.compile(rf"(?<={HAN})(?:[,;!?]|[:.](?=\s|$))")
# A run of spaces is tried from its first space only (the lookbehind), and whole (`++`):
# tried from every space of a long run, the pattern read the run once per space.
SPACE_AROUND_FULL_WIDTH = re.compile(r"(?<![ \t])[ \t]++(?=[，。！？：；、）」』》])|(?<=[（「『《])[ \t]++")
SPACED = re.compile(rf"(?<={HAN})[ \t]+(?=[A-Za-z])|(?<=[A-Za-z])[ \t]+(?={HAN})")
CLOSED = re.compile(rf"(?<={HAN})(?=[A-Za-z])|(?<=[A-Za-z])(?={HAN})")
CLEAR_MAJORITY = 0.9  # of a catalog's Han-Latin boundaries, before the other way is reported
ENOUGH_BOUNDARIES = 20  # fewer, and the catalog has no convention to speak of


def _judged(entry: Entry) -> bool:
    return entry.translated and "raw html text" not in entry.kinds


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Half-width punctuation after Han, and spaces beside full-width punctuation."""
    if not _judged(entry):
        return
    text = ctx.inline(entry.msgstr).marked  # code and formulas one placeholder each
    for match in HALF_WIDTH.finditer(text):
        mark = match.group()
        yield ctx.finding(
            entry,
            "typography.half-width-punctuation",
            Severity.WARNING,
            f"{_around(text, match.start())!r}: write the full-width {FULL_WIDTH[mark]!r} after Chinese text, not {mark!r}",
        )
    for match in SPACE_AROUND_FULL_WIDTH.finditer(text):
        yield ctx.finding(
            entry,
            "typography.space-at-full-width",
            Severity.WARNING,
            f"{_around(text, match.start())!r}: full-width punctuation carries its own space; remove this one",
        )


def check_catalog(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Han-Latin spacing against the catalog's clear majority."""
    # prose: code, formulas and tags are spaces there, so a word beside them is no boundary
    texts = [(e, ctx.inline(e.msgstr).prose) for e in entries if _judged(e)]
    boundaries = [(e, t, len(SPACED.findall(t)), len(CLOSED.findall(t))) for e, t in texts]
    spaced = sum(s for _, _, s, _ in boundaries)
    closed = sum(c for _, _, _, c in boundaries)
    total = spaced + closed
    if total < ENOUGH_BOUNDARIES or max(spaced, closed) < CLEAR_MAJORITY * total:
        return
    usual, other = ("spaced", CLOSED) if spaced > closed else ("closed", SPACED)
    places = counted(total, "place")
    for entry, text, _, _ in boundaries:
        match = other.search(text)
        if match:
            advice = "put a space between" if usual == "spaced" else "write no space between"
            yield ctx.finding(
                entry,
                "typography.han-latin-spacing",
                Severity.WARNING,
                f"{_around(text, match.start())!r}: this catalog {advice} Chinese and Latin words "
                f"({max(spaced, closed)} of {places}); do the same here",
            )


def _around(text: str, at: int, width: int = 8) -> str:
    return text[max(0, at - width) : at + width].strip()
