"""What survives translation: the signals that pair a translated block with its source.

A translator rewrites the words of a block but keeps its kind and nesting, its link
destinations, code spans, math, footnote references and inline tags, most numbers,
and (in a language not written in Latin script) the names and terms left in Latin
letters. `signals()` lists them for every segment of a document; `score()` says how
well two blocks agree, for the aligner; `disagreements()` says in words where a
chosen pair does not, for the translator.

The inline Markdown is read with the project's one parser (`parseInline` with the
document's own link references and footnotes), never by pattern matching.

It is long because the weights of the pair score, the score
and its explanation in words must be read and tuned together.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import unquote

from rapidfuzz import fuzz

from mdgettext import stems
from mdgettext.editions import edition, same_file
from mdgettext.markdown.anchors import has_explicit_id
from mdgettext.markdown.inline import Inventory, Reader
from mdgettext.markdown.mathtext import words_aside
from mdgettext.model import Document, Segment, Style
from mdgettext.report import counted

LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]{2,}")
NAME = re.compile(r"(?<![.!?:]\s)(?<=[\w,;)] )[A-Z][A-Za-z]+")
TITLE_CASE = 0.6  # a share of capitalized words above which a text is a title, not a sentence with names
NUMBER = re.compile(r"(?<![A-Za-z0-9.,])\d+(?:[.,]\d+)*")  # not in H100; in 제3장
# Numbers English spells as words and a translation may write in digits: "three or
# four years" is "3~4년", "a tenth" "10분의 1", "scales cubically" "3차로", "the first
# approximation" "1차 근사", "February" "2월". A digit the translation adds for one of these is no doubt.
SPELLED = {
    **{w: (str(n),) for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())},
    # "third" is also a fraction: written below with both readings
    **{w: (str(n),) for n, w in enumerate("_ first second third fourth fifth sixth seventh eighth ninth".split())
       if n and w != "third"},
    "tenth": ("10", "1"), "half": ("2", "1"), "quarter": ("4", "1"), "third": ("3", "1"), "twenty": ("20",),
    "hundred": ("100",), "thousand": ("1000",), "million": ("100",), "billion": ("10",), "dozen": ("12",),
    "single": ("1",), "once": ("1",), "twice": ("2",), "double": ("2",), "both": ("2",), "pair": ("2",),
    "couple": ("2",), "triple": ("3",), "quadratic": ("2",), "quadratically": ("2",), "squared": ("2",),
    "cubic": ("3",), "cubically": ("3",), "cubed": ("3",), "linear": ("1",), "linearly": ("1",),
    **{m: (str(n),) for n, m in enumerate(
        "_ january february march april _ june july august september october november december".split()) if n},
}  # fmt: skip
FULL_WIDTH = {"。": ".", "！": "!", "？": "?", "：": ":", "；": ";"}
LETTER = re.compile(r"[^\W\d_]")
LATIN_END = "\u0250"  # letters below it are Latin script (ASCII, Latin-1, Latin Extended-A/B)
# A translation in Korean, Japanese or Russian keeps many names in Latin letters:
# the Korean chapter is half Latin letters (Hangul packs more into one), French is all.
LATIN_SHARE = 0.8
# Attribute values copied verbatim by translators (not alt or title, which are prose).
VERBATIM_ATTRS = ("href", "src", "key", "id", "class")

# Pair scores: log-odds-like points; the aligner pairs two blocks when the sum is
# above its threshold. Agreement on verbatim items is strong evidence, since two
# unrelated blocks rarely share a URL; disagreement is weak, since the same block
# with one link changed is still the same block (imported as fuzzy).
# NEAR: another heading level, a table header for a cell: the same block, restyled.
SAME_KIND, NEAR_KIND, OTHER_KIND = 2.0, 1.0, -4.0
OTHER_NESTING = -1.0
SAME_ANCHOR, OTHER_ANCHOR = 4.0, -1.0
SHARED_ITEM, SHARED_CAP = 2.0, 6.0
DIFFERENT_ITEM, DIFFERENT_CAP = -1.0, -3.0
SHARED_NUMBER, NUMBER_CAP, DIFFERENT_NUMBER, DIFFERENT_NUMBER_CAP = 1.0, 3.0, -1.0, -2.0
SHARED_WORD, WORD_CAP, FOREIGN_WORD, FOREIGN_CAP = 0.75, 4.0, -0.75, -3.0
MARKUP = 0.5  # same emphasis count, same closing punctuation: weak hints
MISSING_NAME, MISSING_NAME_CAP = -0.5, -2.0  # weak: a name may be transliterated
THRESHOLD = 0.5  # a pair must score above this to beat leaving both blocks unpaired
SAME_TEXT = 20.0  # a block left as written: more than any pair of two different texts can score
CAP = 10.0  # the most two different texts can score: an identical block always outranks them
# A block left in English but edited (a typo fixed, the older English followed): nearly the
# same characters in the same script. Above CAP, below SAME_TEXT.
NEAR_SAME, NEAR_RATIO, NEAR_MIN = 12.0, 90.0, 24
# A translated block that says it is the translator's own (`역자 주`, `译者注`, "Translator's
# note") is no English block's translation unless the English says so too.
NOTE_MARKERS = re.compile(
    r"역자\s*주|옮긴이|번역\s*(?:안내|노트|메모|자|:)|译者|译注|翻译说明|訳注|訳者|譯者|"
    r"translator'?s?[’']?\s*note|\bN\.\s?d[eu]?\s?[lT]\.|Anm\.\s*d\.\s*Übers",
    re.IGNORECASE,
)
NOTE = -12.0
LENGTH_FIT, LENGTH_FLOOR = 1.0, -8.0
POSITION = -3.0  # per unit of relative position (0..1) between the two blocks
# Gale and Church's length model: the translated length is normal around
# ratio * source length, with a variance of VARIANCE * ratio per source character.
# On the Korean chapter every true pair is within 1.7 deviations of it.
VARIANCE = 5.0
OUTLIER = 3.0  # deviations beyond which a pair is reported as a doubtful length


@dataclass(frozen=True, slots=True)
class Signals:
    """What one block keeps through translation."""

    segment: Segment
    kind: str
    nesting: tuple[str, ...]  # containers around the block: ("block quote", "list item")
    text: str  # the msgid, a heading's `{#id}` removed
    prose: str  # the words a reader sees, without link destinations, code or math
    heading_id: str | None  # an explicit `{#id}` (translation) or the English slug (source)
    links: frozenset[str]
    code: frozenset[str]
    math: frozenset[str]
    notes: frozenset[str]  # footnote references `[^x]` and inline tags with their verbatim attributes
    numbers: frozenset[str]
    words: frozenset[str]  # Latin-script words, lower case
    names: frozenset[str]  # capitalized words inside a sentence, lower case: names, mostly
    stems: Mapping[str, frozenset[str]]  # stem key (stems.py) -> the words (lower case) that have it
    strong: int  # emphasis spans: kept by most translators
    end: str  # the closing punctuation, `.` `!` `?` `:` `;` (full-width forms folded), or ""
    length: int  # visible characters (link text, not destinations)
    position: float  # 0..1 among the document's body blocks
    # a translation's emphasis as its writer meant it: `_` read as `*`, which also opens
    # and closes inside a word (`_모두_였습니다`: no emphasis in CommonMark nor kramdown,
    # whose page shows the underscores, but the translator's emphasis all the same)
    meant: int | None = None

    @property
    def spelled(self) -> frozenset[str]:
        """Numbers the prose writes as words (SPELLED): "three" -> "3"."""
        return frozenset(d for w in self.words for d in SPELLED.get(w, ()))

    def alike(self, other: Signals) -> bool:
        """The same kind of block in the same containers."""
        return self.kind == other.kind and self.nesting == other.nesting


@dataclass(frozen=True, slots=True)
class Model:
    """What the comparison knows about the pair of documents as a whole."""

    ratio: float  # translated length / source length, over the blocks not left as written
    latin_target: bool  # the translation is written in Latin script: words prove little
    # The folders of the English's file and the translation's (`.`, `translations`): a
    # relative link reads from its own file's folder (editions.same_file).
    folders: tuple[str, str] = ("", "")


def signals(doc: Document, translated: bool = False) -> tuple[Signals, ...]:
    """The signals of every segment of `doc`, in order."""
    read = Reader.of(doc)
    body = [s for s in doc.segments if s.key is None]
    order = {id(s): i for i, s in enumerate(body)}
    out = []
    for seg in doc.segments:
        text, heading_id = seg.msgid, None
        if seg.kind.startswith("heading"):
            # in a translation only an explicit id says anything about the English
            explicit = has_explicit_id(doc.text, seg)
            heading_id = seg.anchor if explicit or not translated else None
        markdown = seg.span.style is not Style.YAML and seg.kind != "html"
        inline = read(text) if markdown else Inventory(prose=text)
        prose = inline.prose
        latin = LATIN_WORD.findall(prose)
        # `<a href="X">` is the link `[…](X)` on the page: counted as that link, so a
        # translator who writes either for the other changed nothing the pairing sees
        anchors = [t for t in inline.tags if t.name == "a" and [k for k, _ in t.attrs] == ["href"]]
        hrefs = [dict(t.attrs)["href"] for t in anchors if not t.closing]
        notes = Counter(
            [f"[^{label}]" for label in inline.footnotes]
            + [tag.verbatim() for tag in inline.tags if not tag.closing and tag not in anchors]
        )
        index = order.get(id(seg))
        out.append(
            Signals(
                segment=seg,
                kind=seg.label,
                nesting=seg.containers,
                text=text,
                prose=prose,
                heading_id=heading_id,
                links=frozenset(inline.links) | frozenset(hrefs),
                code=frozenset(content for _, content in inline.code),
                math=frozenset(words_aside(content) for _, content in inline.math),
                notes=frozenset(f"{name}#{n}" for name, count in notes.items() for n in range(1, count + 1)),
                numbers=frozenset(_digits(n) for n in NUMBER.findall(prose)),
                words=frozenset(w.lower() for w in latin),
                names=_names(prose),
                stems=_stems(latin),
                strong=inline.strong + inline.emphasis,
                end=_end(prose),
                length=len(prose),
                position=index / max(len(body) - 1, 1) if index is not None else 0.0,
                meant=_meant(read, text) if translated and markdown and "_" in text else None,
            )
        )
    return tuple(out)


def model(source: Iterable[Signals], translated: Iterable[Signals], latin: bool | None = None) -> Model:
    """Whole-document facts the pair score needs: the length ratio, and whether the
    translation is in Latin script (then shared words prove little).

    `latin` is what the language's script says (locale.script), when the caller knows
    the language; otherwise the letters of the translation decide. Blocks left as
    written count in neither: a chapter half left in English is still Korean, and its
    translated half is what says how long Korean runs. Code blocks (`code_blocks`) count
    in neither either: code is the same length in every language."""
    source = [s for s in source if not _code(s)]
    translated = [t for t in translated if not _code(t)]
    kept = {s.text for s in source} & {t.text for t in translated}
    src = sum(s.length for s in source if s.text not in kept)
    dst = sum(t.length for t in translated if t.text not in kept)
    if latin is None:
        letters = LETTER.findall("".join(t.prose for t in translated if t.text not in kept))
        in_latin = sum(1 for c in letters if c < LATIN_END)
        latin = not letters or in_latin / len(letters) > LATIN_SHARE
    return Model(ratio=dst / src if src and dst else 1.0, latin_target=latin)


def combine(first: Signals, second: Signals) -> Signals:
    """Two consecutive blocks as one, to test whether the other side joined them."""
    return Signals(
        segment=first.segment,
        kind=first.kind if first.kind == second.kind else f"{first.kind} + {second.kind}",
        nesting=first.nesting,
        text=f"{first.text} {second.text}",
        prose=f"{first.prose} {second.prose}",
        heading_id=None,
        links=first.links | second.links,
        code=first.code | second.code,
        math=first.math | second.math,
        notes=_join_notes(first.notes, second.notes),
        numbers=first.numbers | second.numbers,
        words=first.words | second.words,
        names=first.names | second.names,
        stems=_join_stems(first.stems, second.stems),
        strong=first.strong + second.strong,
        end=second.end,
        length=first.length + second.length + 1,
        position=first.position,
        meant=None if first.meant is None and second.meant is None else _emphasis(first) + _emphasis(second),
    )


def _meant(read: Reader, text: str) -> int:
    inline = read(text.replace("_", "*"))
    return inline.strong + inline.emphasis


def _emphasis(block: Signals) -> int:
    return block.strong if block.meant is None else block.meant


def same_emphasis(s: Signals, t: Signals) -> bool:
    """The translation emphasises as often as its source, as written or as meant."""
    return s.strong in (t.strong, t.meant)


# ---------------------------------------------------------------- scoring


def score(s: Signals, t: Signals, m: Model) -> float:
    """How strongly `t` looks like the translation of `s`: positive is likely. Where
    the two blocks stand in their documents counts too (POSITION)."""
    return affinity(s, t, m) + POSITION * abs(s.position - t.position)


def affinity(s: Signals, t: Signals, m: Model) -> float:
    """How strongly `t` looks like the translation of `s`, wherever they stand.

    Bounded: no two different texts score CAP or more, so a block kept as written is
    always the surest pair (SAME_TEXT), and an English block lightly edited by the
    translator the next surest (NEAR_SAME)."""
    if s.text == t.text:
        return SAME_TEXT
    if _near_same(s, t):
        return NEAR_SAME
    total = _evidence(s, t, m)
    if NOTE_MARKERS.search(t.prose) and not NOTE_MARKERS.search(s.prose):
        total += NOTE
    return min(total, CAP - 0.5)


def is_note(t: Signals) -> bool:
    """Whether a translated block calls itself the translator's own (NOTE_MARKERS)."""
    return NOTE_MARKERS.search(t.prose) is not None


def _near_same(s: Signals, t: Signals) -> bool:
    """The same text but for a few characters: a block left in English and touched up."""
    if min(len(s.text), len(t.text)) < NEAR_MIN or abs(len(s.text) - len(t.text)) > len(s.text) // 5:
        return False
    return fuzz.ratio(s.text, t.text, score_cutoff=NEAR_RATIO) > 0


def _evidence(s: Signals, t: Signals, m: Model) -> float:
    total = _kind_score(s.kind, t.kind)
    if s.nesting != t.nesting:
        total += OTHER_NESTING
    if t.heading_id is not None and s.heading_id is not None:
        total += SAME_ANCHOR if t.heading_id == s.heading_id else OTHER_ANCHOR
    for a, b in ((s.links, t.links), (s.code, t.code), (s.math, t.math), (s.notes, t.notes)):
        if a or b:
            total += min(SHARED_ITEM * len(a & b), SHARED_CAP) + max(DIFFERENT_ITEM * len(a ^ b), DIFFERENT_CAP)
    if s.numbers or t.numbers:
        total += min(SHARED_NUMBER * len(s.numbers & t.numbers), NUMBER_CAP)
        total += max(DIFFERENT_NUMBER * len(s.numbers ^ t.numbers), DIFFERENT_NUMBER_CAP)
    if t.words:
        found = _found(t, s)
        total += min(SHARED_WORD * len(found), WORD_CAP)
        if not m.latin_target:
            total += max(FOREIGN_WORD * (len(t.words) - len(found)), FOREIGN_CAP)
    if s.names and not m.latin_target:
        missing = s.names - _found(s, t)
        total += max(MISSING_NAME * len(missing), MISSING_NAME_CAP)
    if s.strong or t.strong:
        total += MARKUP if same_emphasis(s, t) else -MARKUP
    if s.end and t.end:
        total += MARKUP if s.end == t.end else -MARKUP
    total += max(LENGTH_FIT - deviation(s, t, m) ** 2 / 2, LENGTH_FLOOR)
    return total


def deviation(s: Signals, t: Signals, m: Model) -> float:
    """Gale and Church's delta: how many standard deviations `t` is from the expected length
    (a code block's own: its code keeps its length, whatever its comments become)."""
    ratio = 1.0 if _code(s) else m.ratio
    return (t.length - ratio * s.length) / math.sqrt(VARIANCE * ratio * (s.length + 1))


def _code(b: Signals) -> bool:
    return b.segment.span.style is Style.CODE


def verbatim(b: Signals) -> frozenset[str]:
    """What a translator copies as it is: link destinations, code, math, notes and tags."""
    return b.links | b.code | b.math | b.notes


def evidence(s: Signals, t: Signals) -> bool:
    """Whether anything verbatim, beyond kind and length, ties the two blocks."""
    if s.text == t.text or (t.heading_id is not None and t.heading_id == s.heading_id):
        return True
    shared = (s.links & t.links) | (s.code & t.code) | (s.math & t.math) | (s.notes & t.notes) | (s.numbers & t.numbers)
    return bool(shared) or bool(_found(t, s))


def disagreements(s: Signals, t: Signals, m: Model) -> tuple[str, ...]:
    """Why `t` may not translate `s` as it stands: each reason one short phrase."""
    reasons = []
    if s.kind != t.kind:
        reasons.append(f"block kind differs: {s.kind} in the source, {t.kind} in the translation")
    elif s.nesting != t.nesting:
        reasons.append(f"nesting differs: {_nest(s.nesting)} in the source, {_nest(t.nesting)} in the translation")
    if t.heading_id is not None and s.heading_id is not None and t.heading_id != s.heading_id:
        reasons.append(f"heading id differs: {{#{s.heading_id}}} in the source, {{#{t.heading_id}}} in the translation")
    for name, a, b in (
        ("link destinations", *_other_editions(s.links, t.links, m.folders)),
        ("code spans", _quotes_folded(s.code), _quotes_folded(t.code)),
        ("math", s.math, t.math),
        ("footnote references and inline tags", s.notes, t.notes),
        ("numbers", s.numbers, t.numbers - (s.spelled - s.numbers)),  # "three" may become 3
    ):
        if a != b:
            reasons.append(f"{name} differ: {_diff(a, b)}")
    if not m.latin_target:
        foreign = t.words - _found(t, s)
        # a term kept in English (`OS`, `SaaS`, `TPU`, `FLOPs`) is how the translator writes it, not a doubt
        shown = sorted({w for w in LATIN_WORD.findall(t.prose) if w.lower() in foreign and not _term(w)})
        if shown:
            reasons.append(f"Latin-script words not in the source: {', '.join(shown)}")
    # which words a translator emphasises is theirs to choose (markup.emphasis checks
    # what the page shows): it says nothing about the pairing
    delta = deviation(s, t, m)
    if abs(delta) > OUTLIER:
        expected = round((1.0 if _code(s) else m.ratio) * s.length)
        size = "shorter" if delta < 0 else "longer"
        reasons.append(f"much {size} than expected: {counted(t.length, 'character')} for about {expected}")
    return tuple(reasons)


def _term(word: str) -> bool:
    """A word written with a capital (`OS`, `SaaS`, `FLOPs`, `Copilot`, `Web`): an
    acronym, a name or a product's, which translators keep in English."""
    return word[:1].isupper()


def _other_editions(
    source: frozenset[str], translated: frozenset[str], folders: tuple[str, str] = ("", "")
) -> tuple[frozenset[str], frozenset[str]]:
    """The two sets of links with each translated link that leads to the translated
    edition of an English link (only a language code differs), or to its file written
    from the translation's folder (`../CHANGES.md`), counted as that link."""
    only = sorted(translated - source)
    theirs = set(translated)
    for link in only:
        match = next((e for e in sorted(source - theirs) if edition(e, link) or same_file(e, link, *folders)), None)
        if match is not None:
            theirs.discard(link)
            theirs.add(match)
    return source, frozenset(theirs)


QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def _quotes_folded(code: frozenset[str]) -> frozenset[str]:
    """Code spans with typographic quotes read as straight ones: a translator who fixes
    `P(‘X')` to `P('X')` kept the code."""
    return frozenset(c.translate(QUOTES) for c in code)


def _kind_score(a: str, b: str) -> float:
    if a == b:
        return SAME_KIND
    families = {"heading", "table"}
    if a.split(maxsplit=1)[0] == b.split(maxsplit=1)[0] and a.split(maxsplit=1)[0] in families:
        return NEAR_KIND
    return OTHER_KIND


def _found(a: Signals, b: Signals) -> frozenset[str]:
    """The words of `a` that `b` has too, by stem: another inflection counts (axis
    for axes, training for trained, GPU for GPUs); a changed name does not
    (Huggingface for Hugging Face, Matt for Matthew)."""
    found: frozenset[str] = frozenset()
    for key in a.stems.keys() & b.stems.keys():
        found |= a.stems[key]
    return found


def _stems(words: Iterable[str]) -> dict[str, frozenset[str]]:
    """Each stem key of the words as written -> the words, in lower case, that have it."""
    found: dict[str, set[str]] = {}
    for word in words:
        for key in stems.keys(word):
            found.setdefault(key, set()).add(word.lower())
    return {key: frozenset(words) for key, words in found.items()}


def _join_stems(a: Mapping[str, frozenset[str]], b: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    return {key: a.get(key, frozenset()) | b.get(key, frozenset()) for key in a.keys() | b.keys()}


def _diff(a: frozenset[str], b: frozenset[str]) -> str:
    only_a, only_b = sorted(_show(x) for x in a - b), sorted(_show(x) for x in b - a)
    parts = []
    if only_a:
        parts.append(f"{', '.join(only_a)} only in the source")
    if only_b:
        parts.append(f"{', '.join(only_b)} only in the translation")
    return "; ".join(parts)


def _show(item: str) -> str:
    """An item as the reader wrote it: a footnote or tag (`#2` counts a repeated one),
    a link with its percent-encoding undone (`#부록-a`, not `#%EB%B6%80…`)."""
    name, _, count = item.rpartition("#")
    if name.startswith(("[^", "<")) and count.isdigit():
        return name if count == "1" else f"{name} (#{count})"
    return unquote(item)


def _nest(nesting: tuple[str, ...]) -> str:
    return " > ".join(nesting) or "top level"


def _end(prose: str) -> str:
    last = prose.rstrip()[-1:]
    last = FULL_WIDTH.get(last, last)
    return last if last in ".!?:;" else ""


def _names(prose: str) -> frozenset[str]:
    """Capitalized words inside a sentence, lower case: names, mostly. Not in a title
    written in title case ("Partitioning Notation and Collective Operations"), where
    every word is capitalized and none need be a name."""
    words = LATIN_WORD.findall(prose)
    capitals = sum(1 for w in words if w[0].isupper())
    if len(words) >= 2 and capitals >= TITLE_CASE * len(words):
        return frozenset()
    return frozenset(w.lower() for w in NAME.findall(prose))


def _digits(number: str) -> str:
    """A number without its separators: 1,000 and 1.000 and 1000 are the same figure."""
    return re.sub(r"[.,]", "", number)


def _join_notes(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    counts = Counter(x.rpartition("#")[0] for x in a) + Counter(x.rpartition("#")[0] for x in b)
    return frozenset(f"{name}#{n}" for name, count in counts.items() for n in range(1, count + 1))
