"""Languages: codes, names, plural forms and writing direction, in one place.

Babel's CLDR data answers every question here; the rest of mdgettext asks this
module, so a new language needs no code outside its own rules (its typography
checks in `checks/typography/`, its page words in `publish/locale/<lang>/LC_MESSAGES/page.po`).
Babel is imported by the functions that ask it: every command checks a code's
shape (`check_code`, a pattern), and most never need more.
"""

from __future__ import annotations

import re

from mdgettext.errors import UserError


class LocaleError(UserError, ValueError):
    """A language code Babel does not know; the message says what to write instead."""


# A BCP 47 tag (`ko`, `pt-BR`, `zh-Hans-TW`) or a POSIX locale name (`pt_BR`,
# `sr_RS@latin`, `ko_KR.UTF-8`): letters, digits, `-`, `_`, one `.codeset`, one
# `@modifier`. A code names a folder (`locale/<code>/LC_MESSAGES`, `build/<code>`),
# so nothing else may be in it: no `/`, no `..`, no control character.
CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{1,8})*(?:\.[A-Za-z0-9-]{1,20})?(?:@[A-Za-z0-9]{1,20})?")


def check_code(language: str) -> str:
    """`language`, if it is a locale code; LocaleError otherwise. Called before any
    path is made from a code."""
    if not CODE.fullmatch(language):
        raise LocaleError(
            f"{language!r} is not a locale code (a BCP 47 tag such as ko, pt-BR or zh-Hans, "
            "or a POSIX name such as pt_BR or sr@latin)"
        )
    return language


def locale_name(language: str) -> str:
    """The language's English name (`Korean`), for catalog headers; raises LocaleError for unknown codes."""
    from babel import Locale, UnknownLocaleError

    check_code(language)
    try:
        return Locale.parse(language.replace("-", "_")).english_name or language
    except (UnknownLocaleError, ValueError) as err:
        raise LocaleError(f"unknown locale code {language!r} (use a code such as ko, ja, zh_Hans, pt_BR)") from err


def check_known(language: str) -> str:
    """`language`, if Babel knows it; LocaleError otherwise, as `locale_name` raises it.

    A command that only validates its `-l` asks this: a code with its own CLDR file
    is known without unpickling that file and the root and English ones (about 30 ms,
    a tenth of a small build); aliases and likely subtags (`iw`, `sr_RS@latin`) go
    through Babel's full reading."""
    from babel import localedata

    check_code(language)
    if not localedata.exists(language.replace("-", "_")):
        locale_name(language)
    return language


def is_known(language: str) -> bool:
    """Whether `language` is a code Babel knows (`check_known` without the error)."""
    try:
        check_known(language)
    except LocaleError:
        return False
    return True


def plural_forms(language: str) -> str:
    """The Plural-Forms header value, from Babel's CLDR data."""
    from babel.messages.plurals import get_plural  # its import brings Babel's catalog classes: only here

    locale_name(language)
    return get_plural(language.replace("-", "_")).plural_forms


def direction(language: str) -> str:
    """`rtl` for languages written right to left (Arabic, Hebrew), else `ltr`."""
    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return "ltr"
    return "rtl" if locale.character_order == "right-to-left" else "ltr"


def language_name(code: str) -> str:
    """A language's name in itself ("한국어", "English"), as a switcher shows it."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code.replace("-", "_")).get_display_name(code.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:] if name else code


def language_name_in(code: str, reader: str) -> str:
    """A language's name in the reader's language ("영어" for `en` to a Korean reader), as a
    mark on a link that leads to that language's edition says it; capitalised as CLDR writes it
    in a sentence's middle (German "Englisch", French "anglais")."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code.replace("-", "_")).get_display_name(reader.replace("-", "_")) or code
    except (UnknownLocaleError, ValueError):
        return language_name(code)


def script(language: str) -> str | None:
    """The ISO 15924 script a language is written in (`Kore` for ko, `Hans` for zh,
    `Latn` for fr), from CLDR's likely subtags; None when Babel cannot say."""
    from babel.core import get_global

    code = language.replace("-", "_").split(".")[0].split("@")[0]
    parts = code.split("_")
    if len(parts) > 1 and len(parts[1]) == 4 and parts[1].isalpha():
        return parts[1].title()
    likely = get_global("likely_subtags")
    for key in (code, parts[0].lower()):
        found = likely.get(key)
        if found:
            subtags = found.split("_")
            return next((t for t in subtags[1:] if len(t) == 4), None)
    return None


def stem_names(stem: str, language: str) -> frozenset[str]:
    """The names a file translated into `language` may be the English of: its own, and
    without the language written after it (`README-ko`, `README.ko`, `index_ko-KR`,
    `guide.zh-Hans` are README, index, guide), as repositories name translations."""
    tags = {language.lower(), primary(language)}
    forms = "|".join(
        re.escape(t).replace("\\-", "[-_]").replace("_", "[-_]") for t in sorted(tags, key=len, reverse=True)
    )
    found = re.fullmatch(rf"(.+?)[-._](?:{forms})(?:[-_][A-Za-z]{{2,4}})?", stem, re.IGNORECASE)
    return frozenset({stem, found.group(1)} if found else {stem})


def primary(language: str) -> str:
    """The primary language subtag: `ko` for `ko`, `ko_KR` and `ko-KR`; rules are keyed by it."""
    return language.replace("-", "_").split("_")[0].split("@")[0].lower()
