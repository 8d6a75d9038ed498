"""Safety: a translation that adds active content (a script, an event handler, a
`javascript:` URL, a Liquid tag, an unclosed comment) the English does not have.

The build refuses such translations already (it keeps the English); the check says
so at the .po line, so CI fails before anyone wonders why a block stayed English.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..model import Diagnostic, Severity
from ..safety import unsafe_reasons
from .entry import Context, Entry

CODES = {
    "safety.active-content": "the translation adds active content (script, event handler, javascript: URL, Liquid tag, unclosed comment); the build refuses it",
}


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    for reason in unsafe_reasons(entry.msgid, entry.msgstr):
        yield ctx.finding(entry, "safety.active-content", Severity.ERROR, f"the translation {reason}; the build publishes the English instead")
