"""The languages a command may work in: those with catalogs; and the pages' own words for them.

`build -l ja_JP` when the catalogs are `ja` used to publish every page in English with
exit 0, and `check -l fr` with no catalogs reported "100.0% translated": a language with
no catalog is a mistyped or unstarted one, and the one line says which exist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.locale import check_known
from mdgettext.project import Config


def with_catalogs(config: Config) -> list[str]:
    """The languages that have at least one catalog under the locale folder."""
    base = config.locale_folder
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and config.catalogs(p.name))


def require_catalogs(config: Config, languages: Sequence[str]) -> None:
    """InputError naming the first language asked for that is no locale code (before it
    names a folder) or has no catalog."""
    for language in languages:
        check_known(language)
        if language != config.source_language and not config.catalogs(language):
            existing = with_catalogs(config)
            have = f"catalogs exist for {', '.join(existing)}" if existing else "there are no catalogs yet"
            raise InputError(
                f"-l {language}: no catalogs in {config.locale_dir}/{language}/LC_MESSAGES ({have}); "
                f"check the language code, or start them with `mdgettext update -l {language}`"
            )


def tell_missing_words(
    config: Config, stale: Mapping[str, Sequence[str]], formats: Sequence[str], report: Reporter
) -> None:
    """One warning per language whose pages this build makes without page words of their
    own (the project's, or mdgettext's)."""
    if "html" not in formats:
        return
    from mdgettext.publish.words import missing  # Babel's catalogs: only when pages are made

    project = config.own_page_words()
    for language in sorted({lang for langs in stale.values() for lang in langs}):
        told = missing(language, project)
        if told is not None:
            report.warn(told)
