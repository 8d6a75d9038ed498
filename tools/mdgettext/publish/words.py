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

A project translates the words in its own repository (pipeline/page_words.py): its
`locale/<lang>/LC_MESSAGES/page.po` answers first, word by word, and mdgettext's catalog
what it leaves untranslated. This module is long because it lists every word twice over:
its English (ENGLISH) and what it is, for its translator (NOTES, the template's comments).
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
from mdgettext.po.entries import Catalog, Entry, from_po
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
    # after a link that leads to another language's edition (a chapter this one lacks)
    "other_edition": "({language})",
    # the review page, in its reviewer's language (the catalog's)
    "review_title": "Review: {catalog}",
    "review_pending": "Fuzzy, untranslated and refused entries appear in English on the chapter's page.",
    "review_open_page": "Open the chapter's page",
    "review_show": "Show entries",
    "state_all": "All",
    "state_translated": "Translated",
    "state_fuzzy": "Fuzzy",
    "state_untranslated": "Untranslated",
    "state_refused": "Refused",
    "state_imported": "Imported, check the pairing",
    "state_findings": "With findings",
    "state_added": "Added by the translator",
    "review_keys": "Keys",
    "review_next": "next entry with findings",
    "review_previous": "the one before",
    "review_address": "This entry's address",
    "review_not_in_catalog": "not in the catalog",
    "review_context": "context “{context}”",
    "review_no_translation": "no translation",
    "review_changed": "The English changed since it was translated:",
    "review_before": "before",
    "review_now": "now",
    "review_catalog_findings": "Findings for the whole catalog",
    "review_markup_source": "Markup of the English",
    "review_markup_translation": "Markup of the translation",
    "severity_error": "error",
    "severity_warning": "warning",
    "severity_note": "note",
    # the editor `mdgettext serve` adds to the review page
    "edit": "Edit",
    "edit_label": "Translation",
    "edit_fuzzy": "Fuzzy: needs review",
    "edit_imported": "Imported: check the pairing (clear once checked)",
    "edit_save": "Save",
    "edit_cancel": "Cancel",
    "edit_saving": "Saving…",
    "edit_saved": "Saved; the pages are rebuilt.",
    "edit_checking": "Checking…",
    "edit_clean": "No findings.",
    "edit_conflict": "The catalog changed on disk since this page was loaded (in another editor, or by git), so nothing was written. Your text is still here: reload the page, then apply it again.",
    "edit_on_disk": "On disk now:",
    "edit_failed": "Not saved: {reason}",
    "edit_rebuilt": "The pages were rebuilt. Save or cancel your edits, then reload the page.",
}
# What each word is, for its translator: the template's `#.` comments.
NOTES: Mapping[str, str] = {
    "skip": "a link for keyboard and screen-reader users, first on the page",
    "part": "above the chapter title; {number} is the chapter's number",
    "authors": "label before the chapter's authors",
    "published": "label before the chapter's date",
    "contents": "heading of the table of contents",
    "languages": "label of the list of languages the chapter is built in",
    "previous": "link to the previous chapter",
    "next": "link to the next chapter",
    "chapters": "label of the previous/next navigation",
    "self_link": "hidden label of the # link beside each heading",
    "notes": "heading of the footnotes at the end of the chapter",
    "note": "hidden label of a footnote marker; {number} is the note's number",
    "back": "hidden label of the link from a note back to the text",
    "references": "heading of the list of cited works",
    **{
        f"alert_{kind}": f"the title of a GitHub alert (`> [!{kind.upper()}]`) in the text"
        for kind in ("note", "tip", "important", "warning", "caution")
    },
    "other_edition": "after a link that sends the reader to another language's edition (the chapter is not "
    "translated here); {language} is that language's name in this page's language",
    "review_title": "the review page's title; {catalog} is the catalog's path",
    "review_pending": "on the review page, under its title",
    "review_open_page": "on the review page: a link to the chapter's page",
    "review_show": "on the review page: the label of the filters",
    "state_all": "on the review page: a filter that shows every entry",
    "state_translated": "on the review page: an entry's state, and the filter that shows those entries",
    "state_fuzzy": "on the review page: an entry's state (a translation of older English, not published)",
    "state_untranslated": "on the review page: an entry's state, and the filter that shows those entries",
    "state_refused": "on the review page: an entry's state (a translation the checks refuse to publish)",
    "state_imported": "on the review page: an entry's state (a translation import paired with a doubt, published, awaiting review)",
    "state_findings": "on the review page: the filter that shows the entries the checks say something about",
    "state_added": "on the review page: the filter that shows the entries whose translation adds a link or "
    "one of the book's own elements (a footnote) the English does not have, published as additions",
    "review_keys": "on the review page: the label of the checkbox that turns the j and k keys on and off",
    "review_next": "on the review page: what the j key does",
    "review_previous": "on the review page: what the k key does (go to the previous entry with findings)",
    "review_address": "on the review page: hidden label of the # link to an entry",
    "review_not_in_catalog": "on the review page: an entry the catalog lacks",
    "review_context": "on the review page: an entry's msgctxt, quoted; {context} is the context",
    "review_no_translation": "on the review page: an entry with no translation",
    "review_changed": "on the review page, above the English before and after it changed",
    "review_before": "on the review page: hidden label of the English before it changed",
    "review_now": "on the review page: hidden label of the English as it is now",
    "review_catalog_findings": "on the review page: heading of what the checks say about the whole catalog",
    "review_markup_source": "on the review page: label of the English's links, tags and code, its words left out",
    "review_markup_translation": "on the review page: label of the translation's links, tags and code",
    "severity_error": "on the review page, before a finding the build refuses a translation for",
    "severity_warning": "on the review page, before a finding that does not stop the build",
    "severity_note": "on the review page, before a finding that is only a note",
    "edit": "the review page's editor (mdgettext serve): the button that opens an entry's editor",
    "edit_label": "the editor: label of the text box that holds the translation",
    "edit_fuzzy": "the editor: label of the checkbox that marks the translation fuzzy",
    "edit_imported": "the editor: label of the checkbox, shown for an imported translation whose pairing with the English is in doubt, that clears the doubt",
    "edit_save": "the editor: the button that writes the translation into the catalog",
    "edit_cancel": "the editor: the button that closes it, dropping what was typed",
    "edit_saving": "the editor: while the catalog is written",
    "edit_saved": "the editor: after the catalog was written",
    "edit_checking": "the editor: while the checks read what was typed",
    "edit_clean": "the editor: the checks find nothing in what was typed",
    "edit_conflict": "the editor: a save refused because the catalog file changed since the page was loaded",
    "edit_on_disk": "the editor: above the translation the catalog file now has",
    "edit_failed": "the editor: a save that failed; {reason} says why (in English)",
    "edit_rebuilt": "the editor: the pages were rebuilt while an edit is not saved yet",
    "review_summary": "the review page's first line; {count} entries of the chapter {source}, in {language}",
    "fallback": "a banner above a page that still shows English text; {count} passages of {total}",
}
REVIEW_SUMMARY = ("{count} entry of {source} in {language}.", "{count} entries of {source} in {language}.")
FALLBACK = (
    "{count} of {total} passages on this page is not translated yet and is shown in English.",
    "{count} of {total} passages on this page are not translated yet and are shown in English.",
)
BOUNDED_SPEC = re.compile(r"(?:.?[<>^])?\d{0,2}(?:\.\d{1,2})?")  # fill, alignment, width and precision < 100
# what each field holds, to try a translation with
SAMPLE = {"number": "11", "count": "3", "total": "41", "language": "English", "catalog": "x.po", "source": "x.md"}
SAMPLE |= {"context": "menu", "reason": "the disk is full"}
COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1001)  # a Plural-Forms answers each


class PageWord(str):
    """A page word, and the language it is in (`lang`: a word no catalog translates is
    English, and the page marks it so): `.format`, which the page templates call, fills
    only the fields it is given, as `formatted` does."""

    __slots__ = ("lang",)
    lang: str

    def __new__(cls, text: str, lang: str = SOURCE) -> PageWord:
        """The word `text`, in the language `lang`."""
        word = super().__new__(cls, text)
        word.lang = lang
        return word

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
    words: Mapping[str, PageWord]
    translations: gettext.NullTranslations
    translated: frozenset[tuple[str, str]] = frozenset()  # (msgctxt, msgid) of the words some catalog translates

    @property
    def alert_titles(self) -> dict[str, str]:
        """A GitHub alert's title by its kind (`note`, `warning`, …)."""
        return {key.removeprefix("alert_"): text for key, text in self.words.items() if key.startswith("alert_")}

    def review_summary(self, count: int, source: str, language: str) -> PageWord:
        """The review page's first line: how many entries, of which chapter, in which language."""
        return self._plural("review_summary", REVIEW_SUMMARY, count, {"source": source, "language": language})

    def fallback(self, count: int, total: int) -> PageWord:
        """The banner over a page that still shows `count` of `total` passages in English."""
        return self._plural("fallback", FALLBACK, count, {"total": total})

    def _plural(self, key: str, english: tuple[str, str], count: int, fields: Mapping[str, object]) -> PageWord:
        text = formatted(self.translations.npgettext(key, *english, count), {"count": count, **fields})
        return PageWord(text, self.language if (key, english[0]) in self.translated else SOURCE)


Own = tuple[Path, str]  # a project's locale folder (its own page words), and that folder as messages show it


def words(language: str, own: Own | None = None) -> Words:
    """The page's words for `language` (`ko_KR` and `ko-KR` find `ko`): the project's own
    catalog's (`own`, its `<lang>/LC_MESSAGES/page.po`) first, word by word, then
    mdgettext's; InputError, one line naming the file and line, for a catalog that breaks
    a rule."""
    parts = language.replace("-", "_").split("_")
    tried = [language, "_".join(parts)]
    if not (parts[0] == "zh" and {p.lower() for p in parts[1:]} & TRADITIONAL):  # zh_TW reads no Simplified
        tried.append(parts[0])
    for code in tried:
        mine = own[0] / code / "LC_MESSAGES" / f"{DOMAIN}.po" if own is not None else None
        if mine is not None and mine.is_file():
            assert own is not None
            shown = f"{own[1]}/{code}/LC_MESSAGES/{DOMAIN}.po"
            return _catalog(code, (mine, shown, _stamp(mine)))
        if _path(code).is_file():
            return _catalog(code)
    return _catalog(SOURCE)


def missing(language: str, own: Own | None = None) -> str | None:
    """What to say when `language`'s pages get English words for want of a catalog; None when they need none."""
    if words(language, own).language != SOURCE or language.replace("-", "_").split("_")[0] == SOURCE:
        return None
    where = f"{own[1]}/{language}/LC_MESSAGES/{DOMAIN}.po" if own is not None else f"LC_MESSAGES/{DOMAIN}.po"
    return (
        f"no page words for {language!r}: its pages say 'Contents', 'Previous' and 'Next' in English "
        f'(marked lang="en"); `mdgettext extract --page-words` and `mdgettext update -l {language}` make {where} '
        "in the project: translate it there"
    )


def shipped(language: str) -> Catalog | None:
    """mdgettext's own page words in `language` (its catalog as written), or None."""
    path = _path(language)
    if not path.is_file():
        return None
    return from_po(parse_po(read_po_text(path, _shown(path)), _shown(path)))


@lru_cache(maxsize=16)
def _catalog(code: str, mine: tuple[Path, str, tuple[int, int]] | None = None) -> Words:
    """A language's words: `mine` (the project's catalog: its path, shown path and stamp,
    so a changed file is read again) before mdgettext's, which answer what it lacks."""
    translations: gettext.NullTranslations = gettext.NullTranslations()
    translated: frozenset[tuple[str, str]] = frozenset()
    if _path(code).is_file():
        translations, translated = _read(_path(code), _shown(_path(code)))
    if mine is not None:
        own, own_translated = _read(mine[0], mine[1])
        own.add_fallback(translations)
        translations, translated = own, translated | own_translated
    found = {
        key: PageWord(translations.pgettext(key, english), code if (key, english) in translated else SOURCE)
        for key, english in ENGLISH.items()
    }
    return Words(code, found, translations, translated)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)


def _path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _shown(path: Path) -> str:
    return f"mdgettext/publish/{path.relative_to(LOCALE.parent).as_posix()}"


def _read(path: Path, shown: str) -> tuple[gettext.GNUTranslations, frozenset[tuple[str, str]]]:
    """A catalog of page words, checked (see the module's docstring), and the words it translates."""
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
    return translations, frozenset((str(e.msgctxt), e.msgid) for e in po.translated_entries())


def template(header: Mapping[str, str]) -> Catalog:
    """The page words' template (`page.pot`), as mdgettext ships it and as `extract
    --page-words` writes it into a project (`header`: its fields, as a chapter's template
    has them): each word with its key as msgctxt and what it is as a comment; written by
    po/writer.py."""
    items: list[tuple[str, str, str | None]] = [(key, english, None) for key, english in ENGLISH.items()]
    items += [("review_summary", *REVIEW_SUMMARY), ("fallback", *FALLBACK)]
    entries = tuple(
        Entry(
            msgctxt=key,
            msgid=english,
            extracted_comment=NOTES[key],
            flags=("python-brace-format",) if "{" in english else (),
            msgid_plural=plural or "",
            msgstr_plural=((0, ""), (1, "")) if plural is not None else (),
        )
        for key, english, plural in items
    )
    return Catalog(entries, metadata=tuple(header.items()), header_comment=HEADER, header_fuzzy=True)


HEADER = (
    "The page's own words (the chapter page around the translated text, and the review page).\n"
    "mdgettext reads these catalogs when it builds a page in their language;\n"
    'a language without one gets the English words, marked lang="en".'
)
