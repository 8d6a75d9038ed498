"""The page's own words ("Contents", "Part 11", the banner over English passages),
from gettext catalogs: `publish/locale/<lang>/LC_MESSAGES/page.po`, one per language,
translated like any catalog (the template is `publish/locale/page.pot`).

A new language is a new `.po` file, not code. Babel reads the catalog and writes it
as a `.mo` in memory; the standard library's `gettext` then answers, so plural forms
follow the catalog's own `Plural-Forms` (the banner counts passages). Each message
carries its key as `msgctxt`, so two screens' "Next" may differ in a language that
needs it. A language without a catalog gets the English words, which the page marks
`lang="en"`.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

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
        return self.translations.npgettext("fallback", *FALLBACK, count).format(count=count, total=total)


def words(language: str) -> Words:
    """The page's words for `language` (`ko_KR` and `ko-KR` find `ko`)."""
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
    return Words(code, {key: translations.pgettext(key, english) for key, english in ENGLISH.items()}, translations)


def _path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(code: str) -> gettext.GNUTranslations:
    with _path(code).open("rb") as po:
        catalog = read_po(po, locale=None, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)
