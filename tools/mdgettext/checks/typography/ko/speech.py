"""Speech level (합쇼체, 해요체, 해라체) of a sentence, and a catalog's usual level.

It is long because the endings of the three levels, the nouns that merely look
like endings, and the catalog-wide judgement must be read together.

Judged on the final predicate by syllable decomposition (hangul.py), with
questions, requests and quoted speech handled; headings, table cells and other
labels are fragments and not judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from mdgettext.checks.typography.ko.hangul import FINAL_BIEUP, FINAL_NIEUN, _final, is_syllable
from mdgettext.checks.typography.ko.sentences import Sentence, sentences

Level = Literal["formal", "polite", "plain"]
Mood = Literal["declarative", "question", "imperative", "propositive"]

# Nouns that end in a syllable an ending could have, seen at the end of
# fragments (titles, list items, table cells). Matched as word endings.
_NOUNS_YO = ("필요", "중요", "주요", "개요", "수요", "소요", "강요", "동요", "긴요", "요요", "적요", "불요")
_NOUNS_DA = ("람다", "판다", "바다", "캐나다", "에이다", "어젠다", "아젠다", "네바다", "플로리다")
_NOUNS_GA = ("전문가", "이론가", "평론가", "혁신가", "실천가", "선동가")
_NOUNS_NI = ("어머니", "할머니", "언니")
_NOUNS_NA = ("하나", "바나나")  # whole words only: 형성하나?, 곱하나? are verbs
_NOUNS_JA = ("초보자", "후보자", "제보자", "담보자", "홍보자", "참가자", "평가자")
# Syllables a propositive -자 follows in expository prose (하자, 보자, 두자,
# 말자, 넘어가자, 되자, 쓰자, 읽자...). Sino-Korean -자 (者: 사용자, 연산자,
# 저자, 숫자) follows other syllables, so a whitelist keeps nouns out.
_PROPOSITIVE_STEMS = frozenset("하보두말가되쓰읽잡알짓넣놓찾옮살")
# Syllables a written imperative -(으)라 / -아라 / -어라 follows: 하라, 보라,
# 주목하라, 해라, 봐라, 먹어라, 가거라, 오너라, 읽으라; -더라 (retrospective) is
# plain too. 인프라, 카메라, 오페라 have other syllables before 라.
_IMPERATIVE_STEMS = frozenset("하보해봐어아여와줘거너으두쓰오가더")
_NOUNS_RA = ("사하라", "마하라")


def _ends(word: str, nouns: Sequence[str]) -> bool:
    return any(word.endswith(n) for n in nouns)


def _hangul_tail(word: str) -> str:
    b = len(word)
    while b > 0 and is_syllable(word[b - 1]):
        b -= 1
    return word[b:]


def speech_level(predicate: str | None, question: bool = False) -> Level | None:
    """The speech level (상대 높임) a sentence's final predicate is written in.

    Judged on the last syllables, by decomposition. L is the last syllable,
    P the one before, PP the one before that.

    formal (합쇼체, and the -ㅂ시다 / -(으)시오 that go with it in writing):
      * L 다 or 까, P 니, PP with final ㅂ: -(스)ㅂ니다 / -(스)ㅂ니까.
        됩니다, 가집니다, 입니다, 있습니다, 걸립니다, 하십니다; 합니까?, 미칩니까?
      * L 다, P 시, PP with final ㅂ: -ㅂ시다 / -십시다, the propositive.
        가정합시다, 살펴봅시다. (Grammars file it under 하오체; in prose it is
        the "let us" of a 합쇼체 text, so it counts as formal.)
      * L 오, P 시: -(으)십시오, -(으)시오, the formal imperative. 참고하십시오.

    polite (해요체):
      * L 요: 해요, 돼요, 있어요, 이에요, 예요, 세요 (하세요, 주목하세요),
        할까요?, 하나요?, 무엇인가요?, 할게요, 하네요.
      * L 죠 (= 지요): 그렇죠, 하죠.
      * not when the word ends in a noun that happens to end in 요: 필요,
        불필요, 중요, 주요, 개요, 수요, 소요... ("구현 개요", "추가 설정 불필요").

    plain (해라체 / 한다체, the style of books and papers):
      * L 다 that is none of the above: 한다, 된다, 이다, 있다, 했다, 같다,
        아니다, 것이다, 자료다, 감사드린다. Nouns ending in 다 (람다, 판다) are not.
      * L 까 without -ㅂ니까: the written rhetorical question 할까?, 어떨까?
      * L 가 after 는 or after a syllable with final ㄴ: -는가 / -(으)ㄴ가,
        작동하는가?, 무엇인가?, 빠른가? (not 전문가, 이론가; not 추가, 평가).
      * L 냐: 하느냐?, 무엇이냐? ; L 니 in a question: 하니? ; L 나 in a
        question: 있나?, 되나? (not 하나, one); -구나: 그렇구나.
      * L 자, propositive, after a verb syllable: 하자, 살펴보자, 넘어가자,
        가정하자 (not 사용자, 연산자, 초보자, 참가자).
      * L 라, imperative, after 하 보 해 봐 어 아 여 와 줘 거 너 으 두 쓰 오 가:
        하라, 보라, 주목하라, 해라, 읽으라; and -더라 (not 인프라, 카메라).

    None: everything else: nominal endings (명사형 종결: 사용함, 필요함,
    계산함, 있음, 것, 하기), bare nouns and noun phrases (개요, 행렬 곱셈,
    훌륭한 글), particles (…에서, …의), connective endings of an unfinished
    clause (…하고, …해서, …하며), and 해체 endings (해, 있어, 하지) which the
    book does not use. Unknown means "not judged", never "wrong".

    The question flag decides only the forms that are questions or not by
    punctuation: 니 and 나. 할까요? is polite, 할까? plain, 합니까? formal
    either way.
    """
    if not predicate:
        return None
    w = _hangul_tail(predicate)
    if not w:
        return None
    last = w[-1]
    prev = w[-2] if len(w) >= 2 else None
    prev2 = w[-3] if len(w) >= 3 else None
    # formal
    if prev2 is not None and _final(prev2) == FINAL_BIEUP:
        if prev == "니" and last in "다까":
            return "formal"
        if prev == "시" and last == "다":
            return "formal"
    if last == "오" and prev == "시":
        return "formal"
    # polite
    if last == "요":
        return None if _ends(w, _NOUNS_YO) else "polite"
    if last == "죠":
        return "polite" if len(w) >= 2 else None
    if prev is None:
        return None  # a one-syllable word: 다, 가, 자, 나 alone are not endings
    # plain
    if last == "다":
        return None if _ends(w, _NOUNS_DA) else "plain"
    if last == "까":
        # -ㅂ니까 is formal (above); a bare -니까 ("…때문이니까.") is the
        # connective "because" left hanging, 해체, not judged.
        return None if prev == "니" else "plain"
    if last == "가":
        if (prev == "는" or _final(prev) == FINAL_NIEUN) and not _ends(w, _NOUNS_GA):
            return "plain"
        return None
    if last == "냐":
        return "plain"
    if last == "니":
        return "plain" if question and not _ends(w, _NOUNS_NI) else None
    if last == "나":
        if prev == "구":
            return "plain"
        # whole words only: 형성하나?, 곱하나? are verbs; 하나 alone is "one"
        # as often as "does (it)?", so it is not judged.
        return "plain" if question and w not in _NOUNS_NA else None
    if last == "자":
        return "plain" if prev in _PROPOSITIVE_STEMS and not _ends(w, _NOUNS_JA) else None
    if last == "라":
        return "plain" if prev in _IMPERATIVE_STEMS and not _ends(w, _NOUNS_RA) else None
    return None


def mood(predicate: str | None, question: bool = False) -> Mood:
    """What the sentence does: asks, tells to do, proposes, or states.

    question: the sentence ends in ?. imperative: -세요/-셔요 (하세요,
    주목하세요, 클릭하세요, 마세요), -(으)시오/-십시오, and a plain -라
    imperative. propositive: -ㅂ시다 and a plain -자. Otherwise declarative.
    Used only to tell the accepted 합쇼체/해요체 mix (questions and requests)
    from a real change of style (statements).
    """
    if question:
        return "question"
    w = _hangul_tail(predicate or "")
    level = speech_level(w, question)
    if w.endswith(("세요", "셔요", "시오")):
        return "imperative"
    if level == "formal" and len(w) >= 3 and w[-2:] == "시다":
        return "propositive"
    if level == "plain" and w.endswith("자"):
        return "propositive"
    if level == "plain" and w.endswith("라") and not w.endswith("더라"):
        return "imperative"
    return "declarative"


# --------------------------------------------------------------------------
# Catalog-wide speech level
# --------------------------------------------------------------------------


class Block(NamedTuple):
    """One entry's visible text and what kind of block it comes from.

    ``kinds`` are the block kinds mdgettext writes in extracted comments:
    "paragraph", "list item", "heading 2", "table cell", "front matter:
    title", "front matter: toc[].name", "front matter: description"...
    """

    text: str
    kinds: tuple[str, ...] = ("paragraph",)


Entry = str | Block | tuple[str, str | tuple[str, ...]]

# Kinds whose text is a label, not prose: their endings say nothing about the
# catalog's style (a heading "시간은 어디로 가는가?" is plain in any book).
_FRAGMENT_KINDS = ("heading", "table", "title", "toc", "name", "alt", "label", "caption-label", "code", "math")


def judged_kinds(kinds: Iterable[str]) -> bool:
    """Whether an entry of these kinds is prose whose endings are judged.

    Headings, table cells and headers, titles and table-of-contents names,
    section names, alt text are not: they are labels and mostly fragments. An
    entry that is both (a toc name that is also a heading) is not judged either.
    List items are judged: a list item that is a full sentence has a level
    (the conclusion's "…이해한 이들이다."), and one that is a fragment ("…훌륭한
    글.") gets None from speech_level anyway.
    """
    kinds = tuple(kinds)
    return bool(kinds) and not any(word in kind for kind in kinds for word in _FRAGMENT_KINDS)


def _as_block(entry: Entry) -> Block:
    if isinstance(entry, Block):
        return entry
    if isinstance(entry, str):
        return Block(entry)
    text, kinds = entry
    return Block(text, (kinds,) if isinstance(kinds, str) else tuple(kinds))


def _judged(block: Block) -> list[tuple[Sentence, Level]]:
    if not judged_kinds(block.kinds):
        return []
    out = []
    for s in sentences(block.text):
        if s.quoted:
            continue
        level = speech_level(s.predicate, s.question)
        if level is not None:
            out.append((s, level))
    return out


def _majority(counts: Counter[Level]) -> Level | None:
    ranked = counts.most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None  # nothing judged, or a tie: no level is "the usual" one
    return ranked[0][0]


def _usual(judged: Iterable[list[tuple[Sentence, Level]]]) -> Level | None:
    statements: Counter[Level] = Counter()
    everything: Counter[Level] = Counter()
    for js in judged:
        for s, level in js:
            everything[level] += 1
            if mood(s.predicate, s.question) in ("declarative", "propositive"):
                statements[level] += 1
    return _majority(statements) if statements else _majority(everything)


def dominant_level(texts: Iterable[Entry]) -> Level | None:
    """The usual level: the majority over the judged, unquoted statements.

    Counted by sentence, not by entry, so a long paragraph weighs more than a
    one-line list item. Statements (declarative and propositive sentences)
    decide: a text's style shows in what it states, and a 합쇼체 chapter full
    of exercises asks more 해요체 questions ("…얼마인가요?") than it makes
    statements, which must not turn its statements into findings. Only when
    there are no statements do questions and requests count. None when
    nothing is judged or two levels tie.
    """
    return _usual(_judged(_as_block(entry)) for entry in texts)


@dataclass(frozen=True)
class SpeechFinding:
    """A sentence whose level differs from the catalog's usual one."""

    index: int  # the entry's index in the sequence given
    level: Level  # the sentence's level
    usual: Level  # the catalog's usual level
    sentence: Sentence


DEFAULT_TOLERATED: frozenset[tuple[str, str, str]] = frozenset(
    {("formal", "polite", "question"), ("formal", "polite", "imperative")}
)
"""(usual, level, mood) combinations that are not findings.

A 합쇼체 text asks and requests in 해요체: "…무엇일까요?", "…에 주목하세요."
The 합쇼체 forms (-ㅂ니까?, -십시오) sound like an exam paper or an official
notice, so Korean technical prose mixes them this way on purpose, and the old
rule's 'polite' hits on the community translation were almost all of this kind.
A 해요체 *statement* (…있어요.) in a 합쇼체 text is still a finding, and so is
anything 존댓말 in a 해라체 text and the reverse.
"""


def speech_level_findings(
    entries: Sequence[Entry],
    *,
    usual: Level | None = None,
    tolerated: frozenset[tuple[str, str, str]] = DEFAULT_TOLERATED,
) -> list[SpeechFinding]:
    """Sentences written at another speech level than the catalog's usual one.

    ``entries`` are visible texts (str: a paragraph), :class:`Block` values, or
    (text, kind-or-kinds) pairs. The usual level is :func:`dominant_level` of
    all entries unless given (a project may fix it in its configuration). Each unquoted sentence of a judged entry whose
    level differs from the usual one is a finding, unless its (usual, level,
    mood) is tolerated; pass ``tolerated=frozenset()`` for the strict rule. One
    finding per sentence, in order; group by ``index`` to flag entries.
    """
    blocks = [_as_block(e) for e in entries]
    judged = [_judged(b) for b in blocks]
    if usual is None:
        usual = _usual(judged)
    if usual is None:
        return []
    out: list[SpeechFinding] = []
    for index, js in enumerate(judged):
        for s, level in js:
            if level == usual:
                continue
            if (usual, level, mood(s.predicate, s.question)) in tolerated:
                continue
            out.append(SpeechFinding(index, level, usual, s))
    return out
