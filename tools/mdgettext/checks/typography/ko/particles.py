"""Particles after Latin names, checked against the name's Korean reading.

A glossary entry may give the reading of a Latin name (Frostig -> 프로스티그);
`Frostig이`/`Frostig가`, 을/를, 은/는, 과/와, (으)로 must then agree with the final
consonant of the reading's last syllable.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from mdgettext.checks.typography.ko.hangul import batchim_is_rieul, has_batchim, is_syllable


@dataclass(frozen=True)
class Finding:
    """A particle whose form does not fit the Korean reading of the word before it."""

    start: int  # offset of the name in the text
    end: int  # offset just after the particle
    name: str
    reading: str
    particle: str  # the particle as written (with its tail: 으로는, 와의)
    expected: str  # the form that fits the reading
    message: str


@dataclass(frozen=True)
class _Pair:
    after_batchim: str
    after_vowel: str
    rule: Literal["batchim", "copula", "ro"]
    tails: tuple[str, ...] = ("",)


# The checked particles. Each is a pair of allomorphs chosen by the last
# syllable of the reading:
#   batchim: the first form after a final consonant, the second after a vowel.
#   copula:  forms of the copula 이다, whose 이 may drop after a vowel: after a
#            final consonant only the 이 form; after a vowel both (TPU다,
#            TPU이다; TPU며, TPU이며; TPU나, TPU이나).
#   ro:      (으)로: 로 after a vowel or a plain ㄹ, 으로 after any other final.
# Tails are particles that may follow without changing the choice (와의, 으로는).
# Not checked: 아/야 (vocative; also a casual copula), and particles with one
# form (의, 에, 에서, 에게, 도, 만, 까지, 부터, 보다, 처럼).
_PAIRS_CHECKED = (
    _Pair("이", "가", "batchim"),
    _Pair("을", "를", "batchim"),
    _Pair("은", "는", "batchim"),
    _Pair("과", "와", "batchim", ("", "는", "도", "의", "만")),
    _Pair("으로", "로", "ro", ("", "서", "써", "부터", "는", "도", "의", "만", "서는", "써는", "부터는")),
    _Pair("이나", "나", "copula"),
    _Pair("이랑", "랑", "batchim", ("", "은", "도")),
    _Pair("이에요", "예요", "batchim"),
    _Pair("이라고", "라고", "batchim", ("", "는", "도")),
    _Pair("이라는", "라는", "batchim"),
    _Pair("이며", "며", "copula"),
    _Pair("이다", "다", "copula"),
)
_FORMS: list[tuple[str, _Pair, str, str]] = sorted(
    (
        (form + tail, pair, form, tail)
        for pair in _PAIRS_CHECKED
        for form in (pair.after_batchim, pair.after_vowel)
        for tail in pair.tails
    ),
    key=lambda t: -len(t[0]),
)
_LINK_DESTINATION = r"\]\((?:[^()\s]|\([^()\s]*\))*\)"  # `](url)`, one level of parentheses inside
_DESTINATIONS = re.compile(_LINK_DESTINATION)
# Closing markup that may stand between a name and its particle:
# **JAX**를, *JAX*를, _JAX_를, `JAX`를, [JAX](url)를, [JAX][ref]를, (JAX)를, JAX</b>를.
_CLOSERS = re.compile(rf"(?:\*\*|\*|__|_|`+|{_LINK_DESTINATION}|\]\[[^\]]*\]|\]|\)|</[A-Za-z][\w-]*>)*")
# After the particle: a space, punctuation, closing markup, or the end. Korean
# right after the particle means it was the start of a word (GPU가속), not a
# particle, and is not judged.
_AFTER = re.compile(r"(?:$|[\s.,!?:;)\]}'\"”’…·/*_`<\-]|\u2026)")
# Regions where names are not prose: link destinations, autolinks, URLs, HTML
# tags, math. Masked with NULs of the same length.
_MASK = re.compile(
    rf"{_LINK_DESTINATION}|<https?://[^>]*>|https?://\S+|<[A-Za-z/][^>]*>|\$\$.*?\$\$|\$[^$\n]+\$",
    re.DOTALL,
)


def _closes_parenthesis(markup: str) -> bool:
    """The closing markup holds a ")" that is not the end of a link destination."""
    return ")" in _DESTINATIONS.sub("", markup)


def _expected(pair: _Pair, last: str) -> tuple[str, ...]:
    """The allomorphs that fit a reading ending in the syllable ``last``."""
    if pair.rule == "ro":
        return (pair.after_vowel,) if not has_batchim(last) or batchim_is_rieul(last) else (pair.after_batchim,)
    if has_batchim(last):
        return (pair.after_batchim,)
    if pair.rule == "copula":
        return (pair.after_vowel, pair.after_batchim)
    return (pair.after_vowel,)


def particle_findings(text: str, readings: Mapping[str, str]) -> list[Finding]:
    """Particles whose allomorph does not fit the glossary reading of the name.

    ``text`` is raw Markdown (a msgstr); ``readings`` maps a Latin name to its
    Korean reading ({"Frostig": "프로스티그", "Google": "구글", "JAX": "잭스"}).
    A name counts where it stands as a whole word (not inside JAXPR or
    TPU_CONFIG, not in a link destination, URL, HTML tag or math) and a
    particle follows directly, possibly after closing markup
    (``**Frostig**이``, ``[JAX](url)를``, `` `JAX`를 ``). A name that closes a
    parenthesis is skipped: in 메모리(HBM)와 the particle agrees with 메모리. The longest listed
    form that is followed by a space, punctuation, closing markup or the end is
    the particle; anything else (GPU가속, Google이라서) is not judged. The form
    must fit the last syllable of the reading: 프로스티그 ends in a vowel, so
    Frostig가 / Frostig를 / Frostig는 / Frostig로; 구글 ends in ㄹ, so Google이,
    Google을, Google로 (ㄹ), Google과.

    Only glossary readings are used: how a Latin word is read is a decision of
    the project, not something to guess. A reading that does not end in a Hangul
    syllable is skipped.
    """
    names = [n for n in readings if n and readings[n] and is_syllable(readings[n][-1])]
    if not names:
        return []
    names.sort(key=len, reverse=True)
    masked = _MASK.sub(lambda m: "\0" * len(m.group(0)), text)
    pattern = re.compile(
        r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(n) for n in names) + r")(?![A-Za-z0-9])(?![_.\-][A-Za-z0-9])"
    )
    out: list[Finding] = []
    for m in pattern.finditer(masked):
        name = m.group(0)
        reading = readings[name]
        closers = _CLOSERS.match(text, m.end())
        at = closers.end() if closers else m.end()
        if _closes_parenthesis(text[m.end() : at]):
            # 메모리(HBM)와: a particle after a parenthesis agrees with the word
            # before the parenthesis, not with the name inside it.
            continue
        for written, pair, form, tail in _FORMS:
            if not text.startswith(written, at):
                continue
            if not _AFTER.match(text, at + len(written)):
                continue
            allowed = _expected(pair, reading[-1])
            if form not in allowed:
                good = allowed[0] + tail
                markup = text[m.end() : at]
                out.append(
                    Finding(
                        start=m.start(),
                        end=at + len(written),
                        name=name,
                        reading=reading,
                        particle=written,
                        expected=good,
                        message=(
                            f"{name} is read {reading}, so the particle is {good!r}: "
                            f"write {name + markup + good!r}, not {name + markup + written!r}"
                        ),
                    )
                )
            break
    return out


# --------------------------------------------------------------------------
# Optional: letter-by-letter readings
# --------------------------------------------------------------------------

_LETTERS = {
    "A": "에이",
    "B": "비",
    "C": "시",
    "D": "디",
    "E": "이",
    "F": "에프",
    "G": "지",
    "H": "에이치",
    "I": "아이",
    "J": "제이",
    "K": "케이",
    "L": "엘",
    "M": "엠",
    "N": "엔",
    "O": "오",
    "P": "피",
    "Q": "큐",
    "R": "알",
    "S": "에스",
    "T": "티",
    "U": "유",
    "V": "브이",
    "W": "더블유",
    "X": "엑스",
    "Y": "와이",
    "Z": "제트",
}
_DIGITS = "영일이삼사오육칠팔구"


def sino_korean_number(n: int) -> str:
    """A non-negative integer read in Sino-Korean numerals: 100 -> 백, 4096 -> 사천구십육.

    Place names take no 일 before them (십, 백, 천, 만), as numbers are read.
    """
    if n < 0:
        raise ValueError("negative number")
    if n == 0:
        return "영"

    def below_10000(k: int) -> str:
        out = ""
        for value, unit in ((1000, "천"), (100, "백"), (10, "십"), (1, "")):
            d, k = divmod(k, value)
            if d:
                out += ("" if d == 1 and unit else _DIGITS[d]) + unit
        return out

    out = ""
    for value, unit in ((10**16, "경"), (10**12, "조"), (10**8, "억"), (10**4, "만")):
        d, n = divmod(n, value)
        if d:
            out += ("" if d == 1 and unit == "만" else below_10000(d)) + unit
    return out + below_10000(n)


def letter_reading(word: str) -> str | None:
    """The letter-by-letter reading of an acronym with numbers, or None.

    GPU -> 지피유, TPU -> 티피유, H100 -> 에이치백, HBM3 -> 에이치비엠삼.
    Only capitals, digits, spaces and hyphens: a word with lower-case letters
    (bfloat16, PyTorch) is pronounced, not spelled, and has no reading here.
    Not used by particle_findings; a helper for building a glossary.
    """
    if not word or not re.fullmatch(r"[A-Z0-9 \-]+", word) or not re.search(r"[A-Z0-9]", word):
        return None
    parts = re.findall(r"[A-Z]|[0-9]+", word)
    return "".join(_LETTERS[p] if p.isalpha() else sino_korean_number(int(p)) for p in parts)
