"""What real translators do to a paragraph, as (English, translation) pairs to judge.

Each move starts from a real English message of the book (tests/data/book/en) with
its words already "translated" (Latin words turned into Hangul or Han, markup kept),
then does one thing translators were seen doing in the book's Korean, Chinese and
human Korean translations. Some leave the page whole (a unit translated inside code,
emphasis moved or dropped, prose written as math), some break it (a code span left
open, `_덧셈_과`, a formula that does not set, a link lost). Which is which is not
decided here: the reader's engine decides (reader_oracle.breaks), and `check` must
agree (tests/test_moves.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from translators import read

BOOK = Path(__file__).resolve().parent / "data" / "book"
HANGUL = "가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허고노도로모보소오조초"
HAN = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长"
PARTICLES = ("는", "를", "의", "과", "에", "로")
CJK_PUNCTUATION = ("，", "。", "：", "（", "）", "、")
WORD = re.compile(r"(?<![\\$`<{\[(/=.\w-])[A-Za-z]{3,}(?![\w(}\]>`$=/-])")


@dataclass(frozen=True)
class Move:
    """One translator's move on one message."""

    name: str
    english: str
    translation: str


def messages() -> list[str]:
    """The English paragraphs and list items of the book that hold markup to move."""
    found = []
    for path in sorted((BOOK / "en").glob("*.md")):
        doc = read(path.read_text(encoding="utf-8"), path.name)
        for seg in doc.segments:
            if seg.key is None and seg.kind in ("paragraph", "list item") and re.search(r"[`$*_<\[]", seg.msgid):
                found.append(seg.msgid)
    return found


def translated(text: str, rng: random.Random, script: str) -> str:
    """The text with its words (not its markup) in Hangul or Han, as a translation has them."""
    letters = HANGUL if script == "hangul" else HAN

    def word(match: re.Match[str]) -> str:
        made = "".join(rng.choice(letters) for _ in range(max(1, len(match.group()) // 3)))
        return made + (rng.choice(PARTICLES) if script == "hangul" and rng.random() < 0.4 else "")

    return _outside_markup(text, lambda part: WORD.sub(word, part))


def _outside_markup(text: str, change: Callable[[str], str]) -> str:
    """`change` applied to the prose only: code, math, tags, link destinations and Liquid kept."""
    kept = re.compile(r"`+[^`]*`+|\$\$.*?\$\$|\$[^$]*\$|<[^<>]*>|\]\([^)]*\)|\{%.*?%\}|\\.", re.S)
    out, last = [], 0
    for match in kept.finditer(text):
        out += [change(text[last : match.start()]), match.group()]
        last = match.end()
    out.append(change(text[last:]))
    return "".join(out)


# Each move: (English, its translation) -> the translation with the move made, or None when it does not apply.
def _code_words(english: str, text: str, rng: random.Random) -> str | None:
    spans = list(re.finditer(r"`([^`]*[A-Za-z]{3,}[^`]*)`", text))
    if not spans:
        return None
    span = rng.choice(spans)
    inside = re.sub(r"[A-Za-z]{3,}", lambda m: "단위" if rng.random() < 0.5 else m.group(), span.group(1), count=1)
    return text[: span.start()] + f"`{inside}`" + text[span.end() :]


def _code_open(english: str, text: str, rng: random.Random) -> str | None:
    spans = list(re.finditer(r"`[^`]+`", text))
    if not spans:
        return None
    span = rng.choice(spans)
    return text[: span.end() - 1] + text[span.end() :]


def _text_words(english: str, text: str, rng: random.Random) -> str | None:
    if "\\text{" not in text:
        return None
    return re.sub(r"\\text\{([A-Za-z ]+)\}", lambda m: "\\text{바이트 수}", text, count=1)


def _math_to_prose(english: str, text: str, rng: random.Random) -> str | None:
    spans = list(re.finditer(r"(?<!\$)\$([A-Za-z])\$(?!\$)", text))
    if not spans:
        return None
    span = rng.choice(spans)
    return text[: span.start()] + span.group(1) + text[span.end() :]


def _prose_to_math(english: str, text: str, rng: random.Random) -> str | None:
    pattern = re.compile(r"(?<![$\w])([A-Z]) ?([/*]) ?([A-Z])(?![$\w])")
    if not pattern.search(_outside_markup(text, lambda part: part)):
        return None
    made = _outside_markup(text, lambda part: pattern.sub(r"$\1 \2 \3$", part, count=1))
    return made if made != text else None


def _words_as_math(english: str, text: str, rng: random.Random) -> str | None:
    spans = list(re.finditer(r"(?<!\$)\$([^$]{1,30})\$(?!\$)", text))
    if not spans:
        return None
    span = rng.choice(spans)
    return text[: span.start()] + f"${span.group(1)} 이상" + text[span.end() - 1 :]


def _broken_tex(english: str, text: str, rng: random.Random) -> str | None:
    spans = list(re.finditer(r"(?<!\$)\$([^$]{2,60})\$(?!\$)", text))
    if not spans:
        return None
    span = rng.choice(spans)
    broken = rng.choice(
        [span.group(1) + "^{2", span.group(1) + "^2^3", "\\left Y" + span.group(1), "\\foo " + span.group(1)]
    )
    return text[: span.start()] + f"${broken}$" + text[span.end() :]


def _emphasis_dropped(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"\*\*([^*]+)\*\*", text)
    return text[: found.start()] + found.group(1) + text[found.end() :] if found else None


def _emphasis_added(english: str, text: str, rng: random.Random) -> str | None:
    words = list(re.finditer(r"(?<=\s)([\uac00-\ud7a3\u4e00-\u9fff]{2,})(?=[\s,.])", text))
    if not words:
        return None
    word = rng.choice(words)
    return text[: word.start()] + f"**{word.group(1)}**" + text[word.end() :]


def _underscore_in_word(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"(?<![\w*])_([^_\s][^_]*?)_(?![\w_])", text) or re.search(
        r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", text
    )
    if not found:
        return None
    mark = found.group()[0]
    return text[: found.start()] + f"{mark}{found.group(1)}{mark}과" + text[found.end() :]


def _cjk_punctuation(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"\*\*([^*]+)\*\*", text)
    if not found:
        return None
    inner = found.group(1).rstrip(":.")
    return text[: found.start()] + f"**{inner}：**을" + text[found.end() :]


def _link_dropped(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"\[([^\]]+)\]\([^)]+\)", text)
    return text[: found.start()] + found.group(1) + text[found.end() :] if found else None


def _anchor_translated(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"\]\(#([a-z0-9-]+)\)", text)
    return text[: found.start()] + "](#부록-다-설명)" + text[found.end() :] if found else None


def _space_before_paren(english: str, text: str, rng: random.Random) -> str | None:
    found = re.search(r"([A-Z])\[([^\]]+)\] \(", text)
    if found:
        return None  # the English already has one
    return text.rstrip(".") + " A[S, D] (우리의 활성화)가 주어진다."


def _tag_in_code(english: str, text: str, rng: random.Random) -> str | None:
    return text + " 또한 `</dev/null`도 추가한다."


def _price(english: str, text: str, rng: random.Random) -> str | None:
    return text + " 가격은 $4에서 $10 사이다."


def _fixed_bold(english: str, text: str, rng: random.Random) -> str | None:
    return "**그래서 결론은 우리가 이긴다는 것이다** " + text


MOVES: dict[str, Callable[[str, str, random.Random], str | None]] = {
    "unit translated inside code": _code_words,
    "code span left open": _code_open,
    "words translated in \\text{}": _text_words,
    "math written as prose": _math_to_prose,
    "prose written as math": _prose_to_math,
    "words set as math": _words_as_math,
    "TeX broken": _broken_tex,
    "bold dropped": _emphasis_dropped,
    "bold added": _emphasis_added,
    "underscore or star glued to a particle": _underscore_in_word,
    "full-width colon inside bold": _cjk_punctuation,
    "link dropped": _link_dropped,
    "anchor translated": _anchor_translated,
    "bracket, space, parenthesis": _space_before_paren,
    "tag inside code": _tag_in_code,
    "prices with dollars": _price,
    "bold the English never closed, closed": _fixed_bold,
}


def moves(count: int, seed: int = 1) -> Iterator[Move]:
    """Up to `count` moves of each kind, the same on every run."""
    rng = random.Random(seed)
    english = messages()
    for name, move in MOVES.items():
        made = 0
        for text in rng.sample(english, len(english)):
            base = translated(text, rng, rng.choice(("hangul", "han")))
            result = move(text, base, rng)
            if result is not None and result != base:
                yield Move(name, text, result)
                made += 1
                if made >= count:
                    break
