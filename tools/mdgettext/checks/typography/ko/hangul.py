"""Hangul syllables by Unicode arithmetic: the final consonant (받침) every Korean rule turns on.

A precomposed syllable (U+AC00..U+D7A3) is S = ord(c) - 0xAC00, initial = S // 588,
medial = (S % 588) // 28, final = S % 28 (0: none). The ending that marks the formal
style, -ㅂ니다, is not a character sequence: in 됩니다 the ㅂ is the final consonant
*inside* 됩, so only this arithmetic finds it (a jamo regex never matches real text).
"""

from __future__ import annotations

SYLLABLE_FIRST = 0xAC00
SYLLABLE_LAST = 0xD7A3
_MEDIALS_TIMES_FINALS = 588  # 21 * 28
_FINALS = 28

# Final-consonant indices used by the rules (index 0 = no final consonant).
FINAL_NIEUN = 4  # ㄴ: -ㄴ가 (큰가, 인가)
FINAL_RIEUL = 8  # ㄹ: (으)로 takes 로 after ㄹ
FINAL_BIEUP = 17  # ㅂ: -ㅂ니다, -ㅂ니까, -ㅂ시다, -ㅂ시오

FOOTNOTE_MARK = "\u2020"
"""Stands for a footnote reference or an inline footnote body (†). Skipped when
looking for a sentence's predicate, like ``[^1]``, ``[12]`` and superscript
digits."""


def decompose(ch: str) -> tuple[int, int, int] | None:
    """(initial, medial, final) indices of a precomposed Hangul syllable, else None.

    >>> decompose("됩")   # ㄷ ㅚ ㅂ
    (3, 11, 17)
    >>> decompose("A") is None
    True
    """
    if len(ch) != 1:
        return None
    code = ord(ch)
    if not SYLLABLE_FIRST <= code <= SYLLABLE_LAST:
        return None
    s = code - SYLLABLE_FIRST
    return s // _MEDIALS_TIMES_FINALS, (s % _MEDIALS_TIMES_FINALS) // _FINALS, s % _FINALS


def is_syllable(ch: str) -> bool:
    """A precomposed Hangul syllable (가..힣)."""
    return len(ch) == 1 and SYLLABLE_FIRST <= ord(ch) <= SYLLABLE_LAST


def _final(ch: str) -> int:
    d = decompose(ch)
    if d is None:
        raise ValueError(f"not a Hangul syllable: {ch!r}")
    return d[2]


def has_batchim(ch: str) -> bool:
    """The syllable ends in a final consonant (받침): 글 yes, 구 no.

    Raises ValueError for anything but one Hangul syllable: a silent False for
    "A" or "3" would pick the wrong particle without anyone noticing.
    """
    return _final(ch) != 0


def batchim_is_rieul(ch: str) -> bool:
    """The final consonant is a plain ㄹ (구글 yes; 닭 with ㄺ no, 구 no).

    Only plain ㄹ behaves like a vowel before (으)로: 구글로, but 흙으로.
    """
    return _final(ch) == FINAL_RIEUL
