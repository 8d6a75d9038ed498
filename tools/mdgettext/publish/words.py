"""The page's own words ("Contents", "Part 11", the banner over English passages),
from gettext catalogs: `publish/locale/<lang>/LC_MESSAGES/page.po`, one per language,
translated like any catalog (the template is `publish/locale/page.pot`).

A new language is a new `.po` file, not code. The catalog is read as every catalog
is and written as a `.mo` in memory; the standard library's `gettext` then answers,
so plural forms follow the catalog's own `Plural-Forms` (the banner counts
passages). Each message carries its key as `msgctxt`, so two screens' "Next" may
differ in a language that needs it. A language without a catalog gets the English
words, which the page marks `lang="en"`.

A page-word catalog is untrusted input like any other: it is read by `files.read_po`
(UTF-8, its syntax and header, each problem one line naming the file and line; Babel's
reader skipped a line it could not read, and the words after it vanished), its
Plural-Forms must give a form for any count, and each translation may use only the
fields its English has (`{number}`, `{count}`), formatted as text with no more than
fill, alignment, width and precision below 100 (`PageWord`, `formatted`): `msgfmt -c`
checks none of that once the format flag is dropped, and `{number:>20000000}` made a
20 MB page. A catalog that breaks a rule stops `build`, `check` and `serve` with one
error line.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.files import parse_po, read_po_text
from mdgettext.po.validate import msgid_line

LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "page"
SOURCE = "en"
TRADITIONAL = frozenset({"hant", "tw", "hk", "mo"})  # Chinese written in traditional characters: `zh` is Simplified
# key -> the English, as the template has it (the msgid the catalogs translate)
ENGLISH: Mapping[str, str] = {
    "skip": "Skip to the content",
    "part": "Part {number}",
    "authors": "Authors",
    "published": "Published",
    "contents": "Contents",
    "languages": "Read in another language",
    "previous": "Previous",
    "next": "Next",
    "chapters": "Chapters",
    "self_link": "Link to this section",
    "notes": "Notes",
    "note": "Note {number}",
    "back": "Back to the text of note {number}",
    "references": "References",
    # the titles GitHub gives its alerts (`> [!NOTE]`), which the text itself does not write
    "alert_note": "Note",
    "alert_tip": "Tip",
    "alert_important": "Important",
    "alert_warning": "Warning",
    "alert_caution": "Caution",
}
FALLBACK = (
    "{count} of {total} passages on this page is not translated yet and is shown in English.",
    "{count} of {total} passages on this page are not translated yet and are shown in English.",
)
BOUNDED_SPEC = re.compile(r"(?:.?[<>^])?\d{0,2}(?:\.\d{1,2})?")  # fill, alignment, width and precision < 100
SAMPLE = {"number": "11", "count": "3", "total": "41"}  # what each field holds, to try a translation with
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1001)  # a Plural-Forms answers each


class PageWord(str):
    """A page word: `.format`, which the page templates call, fills only the fields it
    is given, as `formatted` does."""

    __slots__ = ()

    def format(self, *args: object, **fields: object) -> str:
        """`formatted(self, fields)`: a page word has no positional fields."""
        return formatted(self, fields)


def formatted(template: str, fields: Mapping[str, object]) -> str:
    """`template` with each `{name}` filled from `fields`, as text. ValueError for a
    field not given, an index or attribute, a conversion, or a format beyond fill,
    alignment, width and precision below 100."""
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        if name not in fields:
            given = ", ".join(f"{{{field}}}" for field in fields) or "none"
            raise ValueError(f"has the field {{{name}}}, which is not given (its English has {given})")
        if conversion is not None or not BOUNDED_SPEC.fullmatch(spec or ""):
            written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            raise ValueError(f"formats {written}, beyond fill, alignment, width and precision below 100")
        out.append(format(str(fields[name]), spec or ""))
    return "".join(out)


@dataclass(frozen=True)
class Words:
    """The page's words in one language, and which language that is (`en` when the
    page's language has no catalog)."""

    language: str
    words: Mapping[str, str]
    translations: gettext.NullTranslations

    @property
    def alert_titles(self) -> dict[str, str]:
        """A GitHub alert's title by its kind (`note`, `warning`, …)."""
        return {key.removeprefix("alert_"): text for key, text in self.words.items() if key.startswith("alert_")}

    def fallback(self, count: int, total: int) -> str:
        """The banner over a page that still shows `count` of `total` passages in English."""
        return formatted(self.translations.npgettext("fallback", *FALLBACK, count), {"count": count, "total": total})


def words(language: str) -> Words:
    """The page's words for `language` (`ko_KR` and `ko-KR` find `ko`); InputError, one
    line naming the file and line, for a catalog that breaks a rule."""
    parts = language.replace("-", "_").split("_")
    tried = [language, "_".join(parts)]
    if not (parts[0] == "zh" and {p.lower() for p in parts[1:]} & TRADITIONAL):  # zh_TW reads no Simplified
        tried.append(parts[0])
    for code in tried:
        if _path(code).is_file():
            return _catalog(code)
    return _catalog(SOURCE)


def missing(language: str) -> str | None:
    """What to say when `language`'s pages get English words for want of a catalog; None when they need none."""
    if words(language).language != SOURCE or language.replace("-", "_").split("_")[0] == SOURCE:
        return None
    return (
        f"no page words for {language!r}: its pages say 'Contents', 'Previous' and 'Next' in English "
        f'(marked lang="en"); translate {DOMAIN}.pot into mdgettext/publish/{_path(language).relative_to(LOCALE.parent)} '
        "to give them its words"
    )


@lru_cache(maxsize=8)
def _catalog(code: str) -> Words:
    translations = _read(code) if code != SOURCE else gettext.NullTranslations()
    found = {key: PageWord(translations.pgettext(key, english)) for key, english in ENGLISH.items()}
    return Words(code, found, translations)


def _path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(code: str) -> gettext.GNUTranslations:
    """A language's page words, checked (see the module's docstring)."""
    path = _path(code)
    shown = f"mdgettext/publish/{path.relative_to(LOCALE.parent).as_posix()}"
    text = read_po_text(path, shown)
    po = parse_po(text, shown)
    lines = text.split("\n")
    for entry in po.translated_entries():
        english = sorted(name for _, name, _, _ in string.Formatter().parse(entry.msgid) if name is not None)
        for form in entry.msgstr_plural.values() if entry.msgstr_plural else [entry.msgstr]:
            try:
                formatted(form, {name: SAMPLE.get(name, name) for name in english})
            except ValueError as err:
                raise InputError(
                    f"{shown}:{msgid_line(lines, entry)}: the translation of {entry.msgid!r} {err}; "
                    "write its English's fields as they are written there"
                ) from None
    line = next((n for n, written in enumerate(lines, 1) if written.startswith('"Plural-Forms:')), 1)
    try:
        translations = gettext.GNUTranslations(io.BytesIO(po.to_binary()))
        forms = {translations.plural(n) for n in COUNTS}  # type: ignore[attr-defined]  # GNUTranslations sets it
    except (ValueError, ArithmeticError) as err:
        raise InputError(
            f"{shown}:{line}: Plural-Forms cannot be read ({err}); copy it from GNU gettext's table of plural forms"
        ) from None
    nplurals = max((len(e.msgstr_plural) for e in po if e.msgstr_plural), default=2)
    if not all(isinstance(form, int) and 0 <= form < nplurals for form in forms):
        raise InputError(
            f"{shown}:{line}: Plural-Forms gives a form the catalog does not have for some count "
            f"(it has {nplurals}); copy it from GNU gettext's table of plural forms"
        )
    return translations
