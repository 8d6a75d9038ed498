"""Korean sentences and their final predicates, in text a reader sees.

The caller replaces inline math and code with PLACEHOLDER (a sentence ending in a
formula has no Hangul predicate) and a footnote body with FOOTNOTE_MARK.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mdgettext.checks.typography.ko.hangul import FOOTNOTE_MARK, is_syllable

# Sentence-final punctuation. A colon also closes the clause before it
# ("다음과 같습니다: …"), so the predicate before it is judged too.
_TERMINATORS = frozenset(".?!…。？！:：")
_QUESTION = frozenset("?？")
_COLONS = frozenset(":：")
# Quotation marks. ASCII quotes open and close with the same character.
_PAIRS = {"“": "”", "‘": "’", "「": "」", "『": "』", "«": "»"}
_CLOSE_QUOTES = frozenset(_PAIRS.values())
_SYMMETRIC_QUOTES = frozenset("\"'")
# What may stand between the sentence's last word and the end of the text:
# closing quotes and brackets, leftover emphasis markup, footnote markers.
_TRAILING = frozenset("”’」』»\"')]}*_`>" + FOOTNOTE_MARK + "‡¹²³⁰⁴⁵⁶⁷⁸⁹")
_FOOTNOTE_TAIL = re.compile(r"(?:\[\^[^\]\s]+\]|\[\d+(?:[,\u2013-]\s*\d+)*\])$")
# A link label, and so a footnote reference, is at most 999 characters (CommonMark,
# kramdown): the tail is looked for in that many before the end, never the whole text.
_LONGEST_TAIL = 999 + 3
# Latin abbreviations whose period does not end a sentence.
_ABBREVIATIONS = frozenset("e.g i.e etc vs cf al fig figs eq eqs sec no approx resp ca incl et".split())


@dataclass(frozen=True)
class Sentence:
    """One sentence of visible text."""

    text: str  # the sentence as written, terminator and closing quotes included
    start: int  # offset in the text given to sentences()
    end: int
    terminator: str  # ".", "?", "!", "?!", ":", "…" ... or "" (text ended without one)
    question: bool  # the terminator has a question mark
    quoted: bool  # the predicate (or the end) lies inside quotation marks: quoted speech
    predicate: str | None  # the final Hangul word, or None (ends in Latin, math, nothing)


def _is_latin_apostrophe(text: str, i: int) -> bool:
    """' or ’ between two letters is an apostrophe (Witten’s), not a quote."""
    return 0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha() and not is_syllable(text[i - 1])


def _quote_spans(text: str) -> list[tuple[int, int]]:
    """Half-open (open, close+1) spans of matched quotation marks.

    A stack matches “…”, ‘…’, 「…」, 『…』 and the symmetric ASCII "…" and '…'.
    Unmatched marks are dropped, so a stray quote never turns the rest of an
    entry into "quoted speech" that escapes judgement.
    """
    spans: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(text):
        if ch in _PAIRS:
            stack.append((ch, i))
        elif ch in _CLOSE_QUOTES:
            if ch == "’" and _is_latin_apostrophe(text, i):
                continue
            for depth in range(len(stack) - 1, -1, -1):
                if _PAIRS.get(stack[depth][0]) == ch:
                    spans.append((stack[depth][1], i + 1))
                    del stack[depth:]
                    break
        elif ch in _SYMMETRIC_QUOTES:
            if ch == "'" and _is_latin_apostrophe(text, i):
                continue
            if stack and stack[-1][0] == ch:
                spans.append((stack.pop()[1], i + 1))
            else:
                stack.append((ch, i))
    return spans


def _inside(spans: list[tuple[int, int]], pos: int) -> bool:
    return any(a < pos < b - 1 for a, b in spans)


def _is_boundary(text: str, i: int, term: str, closed: bool) -> bool:
    """Whether the terminator run, and the closers after it, end a sentence at i."""
    if i >= len(text) or text[i].isspace():
        return True
    if term[-1] in _COLONS:
        return False  # "prefill:generate", "https:", "12:30"
    if closed:
        # “좋다.”라고 했다: a quotation closed and glued to Hangul is embedded.
        return False
    # "걸립니다.이 칩들은": a period glued to the next Hangul word is a boundary
    # (decimals and dotted names are digits and Latin letters).
    return is_syllable(text[i]) or text[i] in (FOOTNOTE_MARK, "“", "「", "『")


def _abbreviation_before(text: str, i: int) -> bool:
    """The period at i closes a Latin abbreviation (e.g., vs.) or an initial (J.)."""
    j = i
    while j > 0 and (text[j - 1].isascii() and (text[j - 1].isalpha() or text[j - 1] == ".")):
        j -= 1
    word = text[j:i].lower()
    if not word:
        return False
    return word in _ABBREVIATIONS or (len(word) == 1 and text[j].isupper())


def sentences(text: str) -> list[Sentence]:
    """Split visible Korean text into sentences.

    A sentence ends at ``. ? ! … 。 ？ ！`` or at a colon, after any closing
    quotes, brackets and footnote markers that follow, when what comes next is
    whitespace, the end, or (for a period, ? and !) a Hangul syllable. So
    ``1.01ms``, ``jax.jit``, ``prefill:generate`` and ``https://`` do not end
    sentences, ``e.g.`` and ``J.`` neither, while ``걸립니다.이 칩들은`` does.
    Text after the last terminator is a sentence too (terminator ""): list
    items and headings often have none.

    ``question`` is true when the terminator holds a question mark. ``quoted``
    is true when the predicate lies inside quotation marks (“…”, "…", '…',
    ‘…’, 「…」, 『…』): quoted speech, which keeps the speaker's own level and
    is not judged. ``predicate`` is the final Hangul word, see
    :func:`_predicate`.
    """
    spans = _quote_spans(text)
    out: list[Sentence] = []
    start = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch not in _TERMINATORS:
            i += 1
            continue
        j = i
        while j < n and text[j] in _TERMINATORS and not (text[j] in _COLONS and j > i):
            j += 1
        term = text[i:j]
        if term[0] in _COLONS:
            term, j = term[:1], i + 1
        k = j
        while k < n and (text[k] in _TRAILING or text[k] in _CLOSE_QUOTES):
            k += 1
        if term == "." and _abbreviation_before(text, i):
            i = j
            continue
        if not _is_boundary(text, k, term, closed=k > j):
            i = j
            continue
        out.append(_make_sentence(text, start, i, j, k, term, spans))
        start = k
        i = k
    if text[start:].strip():
        out.append(_make_sentence(text, start, n, n, n, "", spans))
    return out


def _make_sentence(
    text: str, start: int, term_at: int, term_end: int, end: int, term: str, spans: list[tuple[int, int]]
) -> Sentence:
    while start < end and text[start].isspace():
        start += 1
    predicate, pos = _predicate(text, start, term_at)
    where = pos if pos is not None else max(start, term_at - 1)
    return Sentence(
        text=text[start:end].rstrip(),
        start=start,
        end=end,
        terminator=term,
        question=any(c in _QUESTION for c in term),
        quoted=_inside(spans, where),
        predicate=predicate,
    )


def _closing_pairs(text: str, lo: int, hi: int) -> dict[int, int]:
    """Each `)` of text[lo:hi) that closes a `(` there, to that `(`: one pass, where
    searching back from every `)` would be quadratic in a run of them."""
    pairs, opened = {}, []
    for at in range(lo, hi):
        if text[at] == "(":
            opened.append(at)
        elif text[at] == ")" and opened:
            pairs[at] = opened.pop()
    return pairs


def _predicate(text: str, lo: int, hi: int) -> tuple[str | None, int | None]:
    """The sentence's final Hangul word in text[lo:hi) (terminator excluded).

    Skipped at the end: whitespace, closing quotes and brackets, emphasis
    markers, footnote markers (``[^1]``, ``[12]``, †, superscript digits).
    A parenthesis after the predicate is an aside and is skipped whole
    (``…입니다 (TPU v5e).`` -> 입니다); when nothing Hangul stands before it,
    the parenthesis *is* the sentence and we look inside
    (``(섹션 4를 참조하세요).`` -> 참조하세요). The predicate is the run of
    Hangul syllables that ends the text; when the text ends in anything else
    (Latin, digits, the math/code placeholder) the sentence is nominal or
    unfinished and the predicate is None.
    """
    s = hi
    pairs: dict[int, int] | None = None  # found at the first `)`: most sentences have none
    hangul_from = hi  # where the first syllable is, once pairs are found
    while s > lo:
        if text[s - 1].isspace():
            s -= 1
            continue
        m = _FOOTNOTE_TAIL.search(text, max(lo, s - _LONGEST_TAIL), s) if text[s - 1] == "]" else None
        if m:
            s = m.start()
            continue
        ch = text[s - 1]
        if ch == ")":
            if pairs is None:
                pairs = _closing_pairs(text, lo, hi)
                hangul_from = next((at for at in range(lo, hi) if is_syllable(text[at])), hi)
            o = pairs.get(s - 1)
            if o is not None and hangul_from < o:
                s = o
                continue
            s -= 1
            continue
        if ch in _TRAILING or ch in _CLOSE_QUOTES or ch in "(“‘「『":
            s -= 1
            continue
        break
    if s <= lo or not is_syllable(text[s - 1]):
        return None, None
    b = s
    while b > lo and is_syllable(text[b - 1]):
        b -= 1
    return text[b:s], s - 1
