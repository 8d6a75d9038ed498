"""Korean typography (warnings): signs that a translation was copied, or reads oddly.

Registered for `ko`, with its codes, in `checks/typography/__init__.py`. The rules a Korean editor
would sign live in the modules beside this one, on Hangul syllables by Unicode
arithmetic: sentences and their final predicates (`sentences.py`), speech level
(`speech.py`), sentence-final colons (`colons.py`) and particles after Latin names
read by their Korean reading (`particles.py`). This module applies them to a
catalog's entries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from markdown_it.token import Token

from mdgettext.checks.entry import Context, Entry
from mdgettext.checks.typography.ko.colons import FOLLOWERS, final_colon
from mdgettext.checks.typography.ko.hangul import (
    FOOTNOTE_MARK,
    batchim_is_rieul,
    decompose,
    has_batchim,
    is_syllable,
)
from mdgettext.checks.typography.ko.particles import Finding, letter_reading, particle_findings, sino_korean_number
from mdgettext.checks.typography.ko.sentences import Sentence, sentences
from mdgettext.checks.typography.ko.speech import (
    DEFAULT_TOLERATED,
    Block,
    Level,
    SpeechFinding,
    dominant_level,
    judged_kinds,
    mood,
    speech_level,
    speech_level_findings,
)
from mdgettext.markdown.inline import PLACEHOLDER, has_words
from mdgettext.markdown.sentences import has_sentence
from mdgettext.model import Diagnostic, Segment, Severity

__all__ = [
    "DEFAULT_TOLERATED",
    "FOLLOWERS",
    "FOOTNOTE_MARK",
    "PLACEHOLDER",
    "Block",
    "Finding",
    "Level",
    "Sentence",
    "SpeechFinding",
    "batchim_is_rieul",
    "decompose",
    "dominant_level",
    "final_colon",
    "has_batchim",
    "is_syllable",
    "judged_kinds",
    "letter_reading",
    "mood",
    "particle_findings",
    "sentences",
    "sino_korean_number",
    "speech_level",
    "speech_level_findings",
]

PARTICLES = "은|는|이|가|을|를|에|에서|에게|의|와|과|도|로|으로|만|까지|부터|처럼|보다|이다|이며|이나|나"
# A word is matched from its first letter only (the lookbehind): tried at every letter
# of a long run of them, each try would read to the run's end, quadratic in its length.
PARTICLE_SPACE = re.compile(rf"((?<![A-Za-z0-9])[A-Za-z0-9]+|\*\*|\*|_|`|\)|\]|>)(\s+)({PARTICLES})(?=[\s.,!?:;]|$)")
DOUBLE_SPACE = re.compile(r"\S {2,}(?!\n|$)\S")
WORD = re.compile(r"[A-Za-z]{3,}")
LOWERCASE_WORD = re.compile(r"[a-z]{2,}")  # prose; an acronym alone (`MLP`, `TPU v5e`) is a name kept as is
LEVELS = {"formal": "formal (-습니다)", "polite": "polite (-요)", "plain": "plain (-다)"}


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Signs of copied or oddly written Korean in one translation."""
    if "raw html text" in entry.kinds:
        return
    prose = ctx.inline(entry.msgid).text
    text = ctx.inline(entry.msgstr).text
    # Without words (`bfloat16`, `9.0e11`) a copy is on purpose: update fills them in.
    words = (
        [w for w in WORD.findall(prose) if w not in ctx.glossary.terms and not any(w in n for n in ctx.names)]
        if has_words(prose)
        else []
    )
    if entry.msgstr == entry.msgid and words and has_sentence(prose):  # a name or term kept is its translation
        yield ctx.finding(
            entry,
            "typography.copied",
            Severity.WARNING,
            "identical to the English: translate it, or keep it with `# mdgettext-ignore: typography.copied` if it must stay",
        )
    elif (
        entry.msgstr != entry.msgid and words and not any(map(is_syllable, text)) and LOWERCASE_WORD.search(text)
    ):  # `MLP` for `MLPs`: a name, kept
        yield ctx.finding(
            entry, "typography.no-hangul", Severity.WARNING, "no Hangul in this translation: is it translated?"
        )
    for match in PARTICLE_SPACE.finditer(entry.msgstr):
        word, space, particle = match.groups()
        if word in ")]>" and particle == "이" and is_syllable(entry.msgstr[match.end() + 1 : match.end() + 2]):
            continue  # `(…처럼) 이 블록`, `<b>그림:</b> 이 다이어그램`: `이 ` before a noun is "this", not a particle
        yield ctx.finding(
            entry,
            "typography.particle-space",
            Severity.WARNING,
            f"a particle attaches with no space: write {word + particle!r}, not {word + space + particle!r}",
        )
    for seg in entry.segments[:1]:
        if final_colon(text, _following(ctx, seg), heading=seg.kind.startswith("heading")):
            yield ctx.finding(
                entry,
                "typography.final-colon",
                Severity.WARNING,
                "the block ends with a colon but nothing follows that it introduces; end the sentence (…다.)",
            )
    for found in particle_findings(entry.msgstr, ctx.glossary.readings):
        yield ctx.finding(entry, "typography.particle", Severity.WARNING, found.message)
    # spaces inside code or a formula are the English's: only two in the text count
    if DOUBLE_SPACE.search(entry.msgstr) and DOUBLE_SPACE.search(ctx.inline(entry.msgstr).marked):
        yield ctx.finding(entry, "typography.double-space", Severity.WARNING, "two spaces in a row; use one")


def check_catalog(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Speech level: every unquoted sentence at the catalog's usual level (its statements decide)."""
    judged = [e for e in entries if e.translated and "raw html text" not in e.kinds]
    # the text a reader reads, each formula and code span one placeholder, so a
    # sentence that ends in one has no Hangul predicate
    blocks = [Block(ctx.inline(e.msgstr).marked, tuple(s.label for s in e.segments)) for e in judged]
    reported: set[int] = set()
    for found in speech_level_findings(blocks):
        if found.index in reported:
            continue
        reported.add(found.index)
        yield ctx.finding(
            judged[found.index],
            "typography.speech-level",
            Severity.WARNING,
            f"{_ending(found.sentence.text)!r} ends in '{found.sentence.predicate}', the {LEVELS[found.level]} "
            f"style, and the catalog is written in the {LEVELS[found.usual]} style; use one speech level throughout",
        )


def _ending(sentence: str, width: int = 40) -> str:
    """The end of a sentence, where its speech level is: `…얼마나 걸리나?`."""
    text = sentence.strip()
    return text if len(text) <= width else "…" + text[-width:].lstrip()


FOLLOWING = {
    "bullet_list_open": "list",
    "ordered_list_open": "list",
    "math_block": "display-math",
    "fence": "code",
    "code_block": "code",
    "table_open": "table",
    "heading_open": "heading",
    "html_block": "html",
}


def _following(ctx: Context, seg: Segment) -> str | None:
    """What comes after the segment's block in the English: what its colon may introduce."""
    tokens = ctx.doc.tokens
    index = ctx.inline_at_line.get(seg.location.line - 1)
    if index is None:
        return "block"
    for at in range(index + 1, len(tokens)):
        token = tokens[at]
        if token.nesting == -1:
            continue
        if token.type == "paragraph_open":
            return _paragraph_kind(tokens, at)
        return FOLLOWING.get(token.type, "block")
    return None


def _paragraph_kind(tokens: Sequence[Token], at: int) -> str:
    """A paragraph (opening at `at`) that is only a figure include is a figure; any other is a block."""
    content = tokens[at + 1].content if at + 1 < len(tokens) else ""
    return "figure" if "figure" in content and content.lstrip().startswith("{%") else "block"
