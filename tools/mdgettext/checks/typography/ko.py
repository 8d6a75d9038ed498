"""Korean typography (warnings): signs that a translation was copied, or reads oddly.

Registered for `ko` in `checks/typography/__init__.py`. Particles (은/는/이/가/을/를/에/...)
attach to the word before them with no space, also after Latin words and markup.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.markdown.inline import has_words
from mdgettext.model import Diagnostic, Severity

CODES = {
    "typography.copied": "the translation is identical to an English source with words to translate",
    "typography.no-hangul": "a translated prose entry has no Hangul",
    "typography.particle-space": "a space separates a Latin word or closing markup from its particle",
    "typography.final-colon": "a sentence ends with a colon",
    "typography.double-space": "two spaces in a row inside the text",
    "typography.speech-level": "the entry's sentence endings use a different speech level from the rest of the catalog",
}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
PARTICLES = "은|는|이|가|을|를|에|에서|에게|의|와|과|도|로|으로|만|까지|부터|처럼|보다|이다|이며|이나|나"
PARTICLE_SPACE = re.compile(rf"([A-Za-z0-9]+|\*\*|\*|_|`|\)|\]|>)(\s+)({PARTICLES})(?=[\s.,!?:;]|$)")
FINAL_COLON = re.compile(r"[\uac00-\ud7a3]:\s*$")
DOUBLE_SPACE = re.compile(r"\S {2,}(?!\n|$)\S")
FORMAL = re.compile(r"(?:습니다|ㅂ니다|입니다|합니다|니까)[.!?]?(?=\s|$|[*_)\]])")
PLAIN = re.compile(r"[\uac00-\ud7a3]다[.!?](?=\s|$|[*_)\]])|[\uac00-\ud7a3]다$")
POLITE = re.compile(r"[\uac00-\ud7a3]요[.!?](?=\s|$|[*_)\]])")
WORD = re.compile(r"[A-Za-z]{3,}")


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Signs of copied or oddly written Korean in one translation."""
    if "raw html text" in entry.kinds:
        return
    prose = ctx.inline(entry.msgid).text
    text = ctx.inline(entry.msgstr).text
    words = [w for w in WORD.findall(prose) if w not in ctx.glossary.terms and not any(w in n for n in ctx.names)]
    if not has_words(prose):  # `bfloat16`, `9.0e11`: copied on purpose (update fills them in)
        words = []
    if entry.msgstr == entry.msgid and words:
        yield ctx.finding(
            entry,
            "typography.copied",
            Severity.WARNING,
            "identical to the English: translate it, or keep it with `# mdgettext-ignore: typography.copied` if it must stay",
        )
    elif words and not HANGUL.search(text):
        yield ctx.finding(
            entry, "typography.no-hangul", Severity.WARNING, "no Hangul in this translation: is it translated?"
        )
    for match in PARTICLE_SPACE.finditer(entry.msgstr):
        word, space, particle = match.groups()
        yield ctx.finding(
            entry,
            "typography.particle-space",
            Severity.WARNING,
            f"a particle attaches with no space: write {word + particle!r}, not {word + space + particle!r}",
        )
    if FINAL_COLON.search(entry.msgstr):
        yield ctx.finding(
            entry,
            "typography.final-colon",
            Severity.WARNING,
            "the sentence ends with a colon; Korean usually ends it with a verb (…다.)",
        )
    if DOUBLE_SPACE.search(entry.msgstr):
        yield ctx.finding(entry, "typography.double-space", Severity.WARNING, "two spaces in a row; use one")


def speech_level(text: str) -> str | None:
    """The speech level of a text's sentence endings: formal (-습니다), polite (-요) or plain (-다)."""
    counts = Counter(
        {
            "formal": len(FORMAL.findall(text)),
            "polite": len(POLITE.findall(text)),
            "plain": len(PLAIN.findall(text)) - len(FORMAL.findall(text)),
        }
    )
    level, count = counts.most_common(1)[0]
    return level if count > 0 else None


def check_catalog(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """Speech level: one style throughout, judged against the catalog's usual one."""
    levels = {e.line: speech_level(e.msgstr) for e in entries if e.translated}
    tally = Counter(level for level in levels.values() if level)
    if len(tally) < 2:
        return
    usual = tally.most_common(1)[0][0]
    for entry in entries:
        level = levels.get(entry.line)
        if level and level != usual:
            yield ctx.finding(
                entry,
                "typography.speech-level",
                Severity.WARNING,
                f"{level} sentence endings in a catalog written in the {usual} style; use one speech level throughout",
            )


FAMILY = Family(CODES, check_entry, check_catalog)
