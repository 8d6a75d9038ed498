"""Translations made the way people make them, with the right answer known.

The community Korean and Chinese chapters in tests/data/book follow their English
block for block (same segments, same kinds, same nesting), so which English block
each translated block translates is known by position, independently of the
aligner. From such a chapter this module makes what translators really hand in:

- runs of blocks, and scattered blocks, left in English (worked problems, steps);
- a translator's note at the top of the body and others between blocks, with and
  without the words that say so (`역자 주`, `译者注`), as a paragraph, a quote or
  an HTML block with `markdown=1`;
- a block the translator skipped, a list line their merge doubled, two paragraphs
  joined into one, blank lines before the front matter.

`Perturbed.expected` says, for every message, the translations it may take (any
one of them: a message repeated in the chapter can be translated differently in two
places), or None when every block of it was left in English or dropped (then it
must stay untranslated, or be its own translation when kept as written).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from mdgettext.markdown.anchors import strip_id
from mdgettext.markdown.flavors import named
from mdgettext.markdown.folding import fold
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.segment import segment
from mdgettext.model import Document, Key, Segment, key_of
from mdgettext.settings import Settings

SETTINGS = Settings()
MOVES = ("run", "scatter", "note", "drop", "dup", "join", "blank")
NOTES = {
    "ko": (
        "> **역자 주:** 이 장은 원문의 2025년 판을 따릅니다. 용어는 [용어집](https://example.com/glossary)을 참고하세요.",
        '<p markdown=1 class="takeaway">\n<b>번역 안내:</b> 원저자의 허락을 받아 번역했습니다.<br>\n오역은 [이슈](https://example.com/issues)로 알려 주세요.</p>',
        "*(역자 주: 여기서 말하는 배치는 전역 배치 크기를 뜻합니다.)*",
        "이 장의 그림은 원문의 그림을 그대로 사용했습니다. 그림 속 글자는 번역하지 않았습니다.",
        "여기서 말하는 배치는 전역 배치 크기를 뜻하며, 장치별 배치 크기와 구별해야 합니다.",
    ),
    "zh": (
        "> **译者注：** 本章根据 2025 年版原文翻译。术语请参考[术语表](https://example.com/glossary)。",
        '<p markdown=1 class="takeaway">\n<b>翻译说明：</b>经原作者许可翻译。<br>\n如有错误，欢迎提交 [issue](https://example.com/issues)。</p>',
        "*（译者注：这里的批次指全局批次大小。）*",
        "本章的插图沿用原文，图中文字未翻译。",
        "这里的批次指全局批次大小，应与每个设备的批次大小区分开来。",
    ),
}


@dataclass
class Perturbed:
    """A translated chapter as a translator hands it in, and what its import must give."""

    text: str
    expected: dict[Key, frozenset[str] | None]
    notes: list[str] = field(default_factory=list)  # the translator's notes it holds, as written
    joined: set[Key] = field(default_factory=set)  # messages whose translation was joined with the next one's
    moves: list[str] = field(default_factory=list)  # what was done, to read a failure by


def read(text: str, path: str, flavor: str = "kramdown") -> Document:
    """A chapter as the book's project reads it; a front matter that is not YAML
    (two Chinese chapters) read as empty, its lines kept blank, as import reads it."""
    try:
        return segment(text, path, SETTINGS.front_matter_keys, named(flavor), SETTINGS.liquid_prose, SETTINGS.math)
    except FrontMatterError:
        lines = text.split("\n")
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
        blank = "\n".join(lines[:1] + [""] * (end - 1) + lines[end:])
        return segment(blank, path, SETTINGS.front_matter_keys, named(flavor), SETTINGS.liquid_prose, SETTINGS.math)


def perturbed(
    english: Document, translated: Document, language: str, seed: str, moves: Iterable[str] = MOVES
) -> Perturbed:
    """`translated` with translators' `moves` made, the same for the same `seed`."""
    rng = random.Random(seed)
    moves = set(moves)
    source = [s for s in english.segments if s.key is None]
    target = [t for t in translated.segments if t.key is None]
    assert [(s.kind, s.containers) for s in source] == [(t.kind, t.containers) for t in target], "not block for block"
    done: list[str] = []
    english_at: set[int] = set()
    if "run" in moves:
        for _ in range(rng.randint(1, 3)):
            start = rng.randrange(max(1, len(source) - 5))
            length = rng.randint(3, max(3, min(15, len(source) - start)))
            english_at.update(range(start, min(len(source), start + length)))
            done.append(f"English run at line {source[start].location.line}, {length} blocks")
    if "scatter" in moves:
        english_at.update(k for k in range(len(source)) if rng.random() < 0.08)
    edits = [
        (target[k].span.start, target[k].span.end, english.text[source[k].span.start : source[k].span.end])
        for k in sorted(english_at)
    ]
    dropped: set[int] = set()
    paragraphs = [k for k, t in enumerate(target) if not t.containers and t.kind == "paragraph" and k not in english_at]
    if "drop" in moves and paragraphs:
        k = rng.choice(paragraphs)
        edits.append((target[k].span.start, target[k].span.end, ""))
        dropped.add(k)
        done.append(f"dropped line {target[k].location.line}")
    text = translated.text
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    lines = text.split("\n")
    joined: set[Key] = set()
    front_end = _front_matter_end(lines)
    if "dup" in moves:
        items = [i for i in range(front_end + 1, len(lines) - 1) if _single_line_item(lines, i)]
        if items:
            i = rng.choice(items)
            lines.insert(i + 1, lines[i])
            done.append(f"doubled list line {i + 1}")
    if "join" in moves:
        by_text = {
            t.msgid: k for k, t in enumerate(target) if k not in english_at | dropped and t.msgid != source[k].msgid
        }
        places = [
            i
            for i in range(front_end + 2, len(lines) - 2)
            if lines[i] == "" and lines[i - 2] == "" and lines[i + 2] == ""
            and lines[i - 1] in by_text and lines[i + 1] in by_text
            and target[by_text[lines[i - 1]]].kind == target[by_text[lines[i + 1]]].kind == "paragraph"
        ]  # fmt: skip
        if places:
            i = rng.choice(places)
            joined |= {key_of(source[by_text[lines[i - 1]]]), key_of(source[by_text[lines[i + 1]]])}
            lines[i - 1 : i + 2] = [lines[i - 1] + " " + lines[i + 1]]
            done.append(f"joined lines {i} and {i + 2}")
    notes: list[str] = []
    if "note" in moves:
        notes = _notes(lines, translated, language, rng)
        done.append(f"{len(notes)} notes")
    if "blank" in moves and lines and lines[0].strip() == "---":
        lines[0:0] = [""] * rng.randint(1, 2)
        done.append("blank lines before the front matter")
    expected = _expected(english, translated, source, target, english_at | dropped)
    return Perturbed("\n".join(lines), expected, notes, joined, done)


def _notes(lines: list[str], translated: Document, language: str, rng: random.Random) -> list[str]:
    """Notes put in `lines`: at the top of the body and between top-level paragraphs and headings."""
    tops = sorted((t.map[0], t.map[1], t.type) for t in translated.tokens if t.level == 0 and t.nesting >= 0 and t.map)
    prose = {"paragraph_open", "heading_open"}
    original = translated.text.split("\n")
    between = [b[0] for a, b in itertools.pairwise(tops) if a[2] in prose and b[2] in prose and b[0] > a[1]]
    choices = list(NOTES[language])
    rng.shuffle(choices)
    markers = [original[at] for at in rng.sample(between, min(len(between), rng.randint(0, 2)))]
    notes = []
    for marker in markers:
        where = [i for i, line in enumerate(lines) if line == marker]
        if where and choices:
            note = choices.pop()
            lines[where[0] : where[0]] = [note, ""]
            notes.append(note)
    if choices:
        note = choices.pop()
        top = _front_matter_end(lines) + 1
        lines[top:top] = ["", note]
        notes.append(note)
    return notes


def _expected(
    english: Document, translated: Document, source: list[Segment], target: list[Segment], english_at: set[int]
) -> dict[Key, frozenset[str] | None]:
    found: dict[Key, set[str]] = defaultdict(set)
    for k, (s, t) in enumerate(zip(source, target, strict=True)):
        shown = strip_id(t.msgid) if t.kind.startswith("heading") else t.msgid
        if k not in english_at and shown != s.msgid:
            found[key_of(s)].add(shown)
    waiting: dict[str | None, list[Segment]] = defaultdict(list)  # front matter: by key path, in order
    for t in translated.segments:
        if t.key is not None:
            waiting[t.key].append(t)
    for s in english.segments:
        if s.key is not None and waiting.get(s.key):
            value = waiting[s.key].pop(0).msgid
            if value != s.msgid:
                found[key_of(s)].add(value)
    return {key_of(s): frozenset(found[key_of(s)]) or None for s in english.segments}


def _front_matter_end(lines: list[str]) -> int:
    """The index of the line closing the front matter (-1 when there is none)."""
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if lines[first].strip() != "---":
        return -1
    return next((i for i in range(first + 1, len(lines)) if lines[i].strip() in ("---", "...")), -1)


ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.) \S")


def _single_line_item(lines: list[str], i: int) -> bool:
    return bool(ITEM.match(lines[i])) and (lines[i + 1] == "" or bool(ITEM.match(lines[i + 1])))


@dataclass(frozen=True)
class Scored:
    """How an import did against what was expected."""

    right: int
    doubtful: int  # right, and marked fuzzy
    wrong: list[str]  # one line per entry imported wrong


def scored(imported: dict[Key, tuple[str, bool]], case: Perturbed) -> Scored:
    """Each message's imported (msgstr, fuzzy) against the expectation: a message
    left in English must stay untranslated or be its own translation; one
    translated must have one of its translations (or, fuzzy, a text holding one; or,
    joined with its neighbour's, the joined text or nothing)."""
    right = doubtful = 0
    wrong = []
    for key, want in case.expected.items():
        msgstr, fuzzy = imported.get(key, ("", False))
        # the translator's line breaks and the spaces after their last word, kept in a
        # msgstr, are theirs (their layout), not another block's text
        msgstr = fold(msgstr).rstrip(" \t")
        if want is None:
            ok = msgstr in ("", key[1])
        else:
            ok = msgstr in want or (fuzzy and any(w in msgstr for w in want))
            # joined with its neighbour: the entry may have the whole, or nothing
            ok = ok or (key in case.joined and (msgstr == "" or any(w in msgstr for w in want)))
        if not ok:
            wrong.append(f"{key[1][:60]!r}: expected {sorted(want or [])!r:.60}, imported {msgstr[:60]!r}")
        elif fuzzy and msgstr:
            doubtful += 1
        else:
            right += 1
    return Scored(right, doubtful, wrong)
