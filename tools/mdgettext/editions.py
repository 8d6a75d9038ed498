"""Links to another language's edition of the same page: one language code differs; and
one link written from two folders.

A translator follows the site they translate for: `x.en.md` becomes `x.ja.md` where
the site keeps each language's page beside the English (mkdocs-static-i18n), and
`https://docs.aws.amazon.com/cli/…` becomes `…/ja_jp/cli/…`, the reader's language of
the same document. Import reads such a pair as no doubt (alignment/signals.py), `check`
as no break (checks/links.py), and the tests' reader oracle as a page that keeps its
link: one notion, here.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

from mdgettext.locale import primary

# What a link to another edition of the same page changes: a language code in the path
# or the file name (`x.en.md` -> `x.ja.md`, `/en/` -> `/ko/`, `/ja_jp/` added).
LANGUAGE_PART = re.compile(r"[a-z]{2}(?:[_-][a-zA-Z]{2,4})?")  # ISO 639-1, a region perhaps
SEPARATORS = "/._-"
CODE_START = re.compile(r"(?:^|[/.])[a-z]{2}[_-]$")  # a language and the `-` before its region: `/en-`
REGION = re.compile(r"[_-][a-zA-Z]{2,4}(?:[/.#?]|$)")  # a region after its language: `-us/`


def codes(english: str, translated: str) -> tuple[str, str] | None:
    """The language codes two links differ by (`("en", "ja")`; `""` where one has none),
    each a whole part between separators; None when they differ by anything else."""
    start = 0
    while start < min(len(english), len(translated)) and english[start] == translated[start]:
        start += 1
    end = 0
    while (
        end < min(len(english), len(translated)) - start
        and english[len(english) - 1 - end] == translated[len(translated) - 1 - end]
    ):
        end += 1
    # a code is a whole part: `/en-us/` -> `/en/` differs by `en-us` and `en`, not `-us`
    while start > 0 and not (_left(english, start) and _left(translated, start)):
        start -= 1
    while end > 0 and not (_right(english, len(english) - end) and _right(translated, len(translated) - end)):
        end -= 1
    runs = (
        english[start : len(english) - end].strip(SEPARATORS),
        translated[start : len(translated) - end].strip(SEPARATORS),
    )
    if english == translated or not all(not run or LANGUAGE_PART.fullmatch(run) for run in runs):
        return None
    return runs


def _left(text: str, at: int) -> bool:
    """Whether a part of `text` starts at `at`: after a separator that does not join a
    code's region to its language (`en-` of `en-us`)."""
    return at == 0 or (text[at - 1] in SEPARATORS and not CODE_START.search(text, 0, at))


def _right(text: str, at: int) -> bool:
    """Whether a part of `text` ends at `at`: before a separator that does not start a
    code's region (`-us` of `en-us`), or after one."""
    return at == len(text) or text[at - 1] in SEPARATORS or (text[at] in SEPARATORS and not REGION.match(text, at))


def edition(english: str, translated: str) -> bool:
    """Whether two links lead to two editions of one page: one code for another (`en` ->
    `ja`), or a code added or dropped only in a full URL (`/ja_jp/`): a relative link
    given a folder (`../ko/index`) leads elsewhere on this site, as the checks say."""
    runs = codes(english, translated)
    return runs is not None and (all(runs) or (any(runs) and "://" in english))


def localized(english: str, translated: str, language: str, source: str = "en") -> bool:
    """Whether `translated` is the page `english` links to, in the edition a reader of
    `language` reads: on the same host, its code put in or swapped for one of `language`
    (`/cli/` -> `/ja_jp/cli/`, MDN's `/en-US/` -> `/ko/`, `x.en.md` -> `x.ja.md`), or the
    `source` language's code taken out of a full URL (`/en-us/` -> `/`: the site then
    serves its reader's language). Another language's code (`/ko/` in a Japanese
    translation) is another page for this reader, and so is another host or path."""
    runs = codes(english, translated)
    if runs is None or not edition(english, translated):
        return False
    if "://" in english and _host(english) != _host(translated):
        return False
    was, now = runs
    if was and primary(was) != primary(source):
        return False
    return primary(now) == primary(language) if now else bool(was)


def _host(url: str) -> str | None:
    try:
        return urlsplit(url).netloc.lower()
    except ValueError:
        return None


def same_file(english: str, translated: str, english_folder: str, translated_folder: str) -> bool:
    """Whether a relative link of a translation kept in another folder than its English
    (`translations/README-de.md` for `README.md`) leads where the English's link leads,
    each read from its own file's folder, as GitHub and every site read them:
    `../CHANGES.md` there is the English's `CHANGES.md`. The folders are relative to
    one root, `/`-separated (`""` or `.` for the root)."""
    if english == translated:
        return False
    try:
        was, now = urlsplit(english), urlsplit(translated)
    except ValueError:
        return False
    if any(p.scheme or p.netloc or not p.path or p.path.startswith("/") for p in (was, now)):
        return False
    if (was.query, was.fragment) != (now.query, now.fragment):
        return False
    return _under(english_folder, was.path) == _under(translated_folder, now.path)


def _under(folder: str, path: str) -> str:
    return posixpath.normpath(posixpath.join(folder or ".", path))
