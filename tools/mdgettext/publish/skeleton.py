"""A message's markup skeleton: its links, tags, code, formulas and emphasis in order, its
words left out, so a reviewer sees at a glance what a refused translation broke.

The review page shows the English's skeleton beside the translation's for an entry with
findings, each piece one side has more often than the other marked, and, where a piece of
one side has a close counterpart on the other (a link whose host is misspelt), the
characters that differ marked inside it: `https://henryhmko.git<mark>hb</mark>.io/…`.
Pieces are compared as the checks compare them, as multisets: a translation may put a
link before another, and the skeleton does not call that a change.

Pure: the Markdown is parsed by the page's parser (raw HTML on, so a tag a translation
adds is a piece), and the caller escapes what it shows.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

TEXT = "…"  # a run of words
WORD = re.compile(r"\w+|\W", re.UNICODE)  # how a piece is cut to mark what differs in it
CLOSE_ENOUGH = 0.6  # difflib's ratio above which two differing pieces are one piece changed (msgmerge's fuzzy 0.6)


@dataclass(frozen=True)
class Piece:
    """One piece of a skeleton: its text, whether it is markup (not a run of words), and
    how it stands against the other side: `parts` cut where it differs from its close
    counterpart there ((text, differs) pairs), or the whole piece, `odd` when the other
    side has it fewer times."""

    text: str
    markup: bool
    odd: bool = False
    parts: tuple[tuple[str, bool], ...] = ()


def pieces(markdown: str, md: MarkdownIt, env: Mapping[str, object] | None = None) -> list[str]:
    """The skeleton of one message: each piece of markup as written, each run of words one `…`."""
    tokens = md.parseInline(markdown, dict(env or {}))
    children = tokens[0].children or [] if tokens else []
    out: list[str] = []
    hrefs: list[str] = []
    for token in children:
        piece = _piece(token, hrefs)
        if piece is None:
            continue
        if piece == TEXT and out and out[-1] == TEXT:
            continue
        out.append(piece)
    return out


def _piece(token: Token, hrefs: list[str]) -> str | None:
    kind = token.type
    if kind in ("text", "softbreak"):
        return TEXT if token.content.strip() or kind == "softbreak" else None
    if kind == "hardbreak":
        return "⏎"
    if kind == "link_open":
        hrefs.append(str(token.attrGet("href") or ""))
        return "["
    if kind == "link_close":
        return f"]({hrefs.pop() if hrefs else ''})"
    if kind == "image":
        return f"![…]({token.attrGet('src') or ''})"
    if kind == "code_inline":
        return f"{token.markup}{token.content}{token.markup}"
    if kind.startswith("math_inline"):
        fence = "$$" if kind.endswith("double") else "$"
        return f"{fence}{token.content}{fence}"
    if kind == "footnote_ref":
        return f"[^{token.meta.get('label', '')}]"
    if kind.endswith(("_open", "_close")):
        return token.markup or f"<{'/' if kind.endswith('_close') else ''}{token.tag}>"
    return token.content or token.markup or None


def compare(english: Sequence[str], translation: Sequence[str]) -> tuple[list[Piece], list[Piece]] | None:
    """The two skeletons with what differs marked; None when they hold the same markup."""
    left, right = Counter(p for p in english if p != TEXT), Counter(p for p in translation if p != TEXT)
    if left == right:
        return None
    only_left, only_right = left - right, right - left
    pairs = _counterparts(list(only_left.elements()), list(only_right.elements()))
    return _marked(english, only_left, pairs), _marked(translation, only_right, {b: a for a, b in pairs.items()})


def _counterparts(missing: list[str], added: list[str]) -> dict[str, str]:
    """Each piece one side lacks, paired with the most alike piece the other side adds (a
    changed link or tag), when they are alike enough; each piece in one pair at most."""
    pairs: dict[str, str] = {}
    free = list(added)
    for piece in missing:
        best = max(free, key=lambda other: _alike(piece, other), default=None)
        if best is not None and _alike(piece, best) >= CLOSE_ENOUGH and piece not in pairs:
            pairs[piece] = best
            free.remove(best)
    return pairs


def _alike(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _marked(side: Sequence[str], odd: Counter[str], pairs: Mapping[str, str]) -> list[Piece]:
    left = Counter(odd)
    out = []
    for text in side:
        if text == TEXT:
            out.append(Piece(text, markup=False))
            continue
        if left[text] <= 0:
            out.append(Piece(text, markup=True))
            continue
        left[text] -= 1
        other = pairs.get(text)
        out.append(Piece(text, markup=True, odd=True, parts=_cut(text, other) if other is not None else ()))
    return out


def _cut(text: str, other: str) -> tuple[tuple[str, bool], ...]:
    """`text` in runs that `other` has too (False) and runs it does not (True), word by
    word: `github` against `githb` is one word changed, marked whole on both sides."""
    mine, theirs = WORD.findall(text), WORD.findall(other)
    parts: list[tuple[str, bool]] = []
    for op, i1, i2, _, _ in difflib.SequenceMatcher(None, mine, theirs, autojunk=False).get_opcodes():
        if i1 == i2:
            continue
        run, differs = "".join(mine[i1:i2]), op != "equal"
        if parts and parts[-1][1] == differs:
            parts[-1] = (parts[-1][0] + run, differs)
        else:
            parts.append((run, differs))
    return tuple(parts) if any(differs for _, differs in parts) else ()
