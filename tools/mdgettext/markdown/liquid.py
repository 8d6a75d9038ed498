"""Liquid tags as Jekyll's Liquid finds them, in one pass over the text.

Jekyll runs Liquid over a page before kramdown reads it, so `{% ... %}` and
`{{ ... }}` anywhere (code spans and HTML included) are the site's machinery:
segmenting keeps Liquid-only blocks out of the catalog, the checks make a
translation keep them, and the safety check refuses one that adds any.

Liquid 4's tokenizer splits on `{%` up to the first `%}` and `{{` up to the first
`}` (and a second one, if it follows); an opener with no closer is a token of its
own, which fails the site's build. A regular expression with a lazy `.*?` finds the
same tags, but costs a scan to the end of the text for every opener that has no
closer, and a pattern that repeats it backtracks exponentially; this scan remembers
where the next closer is, so it reads each character once.
"""

from __future__ import annotations

from dataclasses import dataclass

TAG, OUTPUT = "{%", "{{"


@dataclass(frozen=True, slots=True)
class Liquid:
    """One Liquid token: a tag or output with its closer, or an opener without one."""

    start: int
    end: int
    text: str
    closed: bool


def tokens(text: str) -> list[Liquid]:
    """Every Liquid tag and output in `text`, in order, as Liquid splits the text."""
    found: list[Liquid] = []
    if "{" not in text:
        return found
    # Where the next opener and closer of each kind were last found (-1: none left):
    # a position is looked for again only once the scan has passed it.
    openers = {TAG: -2, OUTPUT: -2}
    closers = {TAG: -2, OUTPUT: -2}
    pos = 0
    while True:
        for kind, at in openers.items():
            if at != -1 and at < pos:
                openers[kind] = text.find(kind, pos)
        waiting = [at for at in openers.values() if at >= 0]
        if not waiting:
            return found
        start = min(waiting)
        opener = text[start : start + 2]
        closer = "%}" if opener == TAG else "}"
        at = closers[opener]
        if at != -1 and at < start + 2:
            at = text.find(closer, start + 2)
            closers[opener] = at
        if at < 0:
            found.append(Liquid(start, start + 2, opener, False))
            pos = start + 2
            continue
        end = at + len(closer)
        if opener == OUTPUT and text.startswith("}", end):
            end += 1
        found.append(Liquid(start, end, text[start:end], True))
        pos = end


def only_liquid(text: str) -> bool:
    """Whether `text` is nothing but closed Liquid tags and whitespace (`{% include ... %}`)."""
    found = tokens(text)
    if not found or not all(t.closed for t in found):
        return False
    return not "".join(_outside(text, found)).strip()


def stray_closers(text: str, found: list[Liquid]) -> int:
    """How many `%}` stand outside `found`, the text's Liquid tokens: harmless alone,
    but each a closer for an opener that text around a message could supply. (`}}` is
    left out: TeX writes it all the time, and an output opener before a message would
    be closed by a single `}` anyway.)"""
    return " ".join(_outside(text, found)).count("%}")


def _outside(text: str, found: list[Liquid]) -> list[str]:
    """The pieces of `text` between its Liquid tokens."""
    pieces, last = [], 0
    for t in found:
        pieces.append(text[last : t.start])
        last = t.end
    pieces.append(text[last:])
    return pieces
