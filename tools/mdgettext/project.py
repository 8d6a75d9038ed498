"""Where things live: source/en/X.md <-> locale/X.pot <-> locale/ko/LC_MESSAGES/X.po <-> build/ko/X.*

Every setting has a default, so any folder with `source/en/` is a project;
`mdgettext.toml` or a `[tool.mdgettext]` table in its pyproject.toml changes them
(`settings.py` defines and reads them): a repository's root may be the source folder,
and a translation's Markdown may go beside its English (`README-ko.md`, layout.py).

Every path a command reads or writes in the project is made here, and nothing made
here leads outside the project: locale codes are checked before they name a folder,
and each path is resolved, symbolic links followed, and refused unless it stays in
the project root (a pull request can add a symlink as easily as a file). Paths the
user names on the command line (`build FILE.md -o OUT.html`) are theirs. Long because
that guard is only sound in one place: every path of a project, and the check of the
settings' folders and patterns that the paths are made from.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import SplitResult, urlsplit

from mdgettext.editions import same_file
from mdgettext.errors import InputError
from mdgettext.layout import GlobError, Translations, depth, files, glob, markdown, matches
from mdgettext.locale import check_code
from mdgettext.report import UNSAFE
from mdgettext.settings import PYPROJECT, SETTINGS_FILE, ConfigError, Found, Settings, parse
from mdgettext.symlinks import followed

__all__ = ["Config", "ConfigError", "chapter_path", "linked_chapter", "load_config", "split_url"]

CHAPTER_SUFFIXES = (".html", ".md")
FOLDERS = ("source", "locale_dir", "build_dir")  # the settings that name folders
TEMPLATES = "templates"  # the project's own page templates, which override the package's


def chapter_path(chapter: str, index: str) -> str:
    """Where the book's site publishes a chapter: `/<name>/`, and the index page at
    `/` (Jekyll's pretty permalinks, as the book has them)."""
    return "/" if chapter == index else f"/{chapter}/"


def linked_chapter(url: str, chapter: str, index: str) -> str | None:
    """The chapter a relative link in `chapter` points at, resolved like a browser
    would against the chapter's published URL: `../gpus` from `conclusion` (at
    `/conclusion/`) is `gpus`, `roofline` from the index page (at `/`) is `roofline`,
    `..` from `roofline` is the index. None for absolute URLs, other sites, in-page
    `#anchors` and URLs that cannot be split. The build and `check` both use this, so
    a link `check` accepts is a link the build can follow."""
    parts = split_url(url)
    if parts is None or parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return None
    target = posixpath.normpath(posixpath.join(chapter_path(chapter, index), parts.path))
    for suffix in CHAPTER_SUFFIXES:
        target = target.removesuffix(suffix)
    target = target.strip("/")
    return target or index


def split_url(url: str) -> SplitResult | None:
    """A URL's parts as urllib splits them; None for one it cannot split (`//[x`,
    `http://[^1]/`: a bracket that opens no IPv6 address). Such a link leads to no
    chapter and is left as written; the links and safety checks say what is wrong."""
    try:
        return urlsplit(url)
    except ValueError:
        return None


@dataclass(frozen=True)
class Editions:
    """Where a chapter's English file and its translation into `language` are, relative to
    the project root, and where every other chapter's are (`source`, `suffix`, the
    `translations` pattern): how the translation's link to another chapter's translation
    reads, from the file's own folder, as MkDocs, GitHub and jekyll-relative-links read a
    link to a Markdown file."""

    chapter: str
    language: str
    source: str  # the source folder (`.` for the root)
    suffix: str  # how a chapter's file name ends (`.md`, `.en.md`)
    translations: str  # the `translations` pattern

    def same_page(self, english: str, translated: str) -> bool:
        """Whether `translated`, in this chapter's translation, leads to the translation of
        the chapter the English's link `english` leads to (its fragment and query kept)."""
        was, now = _markdown_link(english), _markdown_link(translated)
        if was is None or now is None or (was.fragment, was.query) != (now.fragment, now.query):
            return False
        folder = posixpath.normpath(self.source)
        target = posixpath.normpath(posixpath.join(folder, posixpath.dirname(self.chapter), was.path))
        prefix = "" if folder == "." else folder + "/"
        if not target.startswith(prefix) or not target.endswith(self.suffix):
            return False
        pattern = Translations(self.translations)
        return self._from_translation(now.path) == posixpath.normpath(
            pattern.path(target[len(prefix) : -len(self.suffix)], self.language)
        )

    def same_file(self, english: str, translated: str) -> bool:
        """Whether `translated`, in this chapter's translation, leads to the file the
        English's link `english` leads to, each read from its own file's folder
        (editions.same_file): the translator wrote it from where their file is."""
        english_file = posixpath.join(self.source, self.chapter)
        translated_file = Translations(self.translations).path(self.chapter, self.language)
        return same_file(english, translated, posixpath.dirname(english_file), posixpath.dirname(translated_file))

    def linked_translation(self, url: str) -> str | None:
        """The chapter whose translation into `language` a relative link to a Markdown file
        in this chapter's translation leads to, by the `translations` pattern; None when none."""
        parts = _markdown_link(url)
        found = Translations(self.translations).parse(self._from_translation(parts.path)) if parts else None
        return found[0] if found is not None and found[1] == self.language else None

    def _from_translation(self, path: str) -> str:
        """A relative link's path read from the folder of this chapter's translation."""
        here = posixpath.dirname(Translations(self.translations).path(self.chapter, self.language))
        return posixpath.normpath(posixpath.join(here, path))


def _markdown_link(url: str) -> SplitResult | None:
    """`url` split, where it is a relative link to a Markdown file (no scheme, host or root)."""
    parts = split_url(url)
    if parts is None or parts.scheme or parts.netloc or not parts.path.endswith(".md") or parts.path.startswith("/"):
        return None
    return parts


PAGE_WORDS = "page"  # gettext's domain of the pages' own words: locale/page.pot, locale/<lang>/LC_MESSAGES/page.po


@dataclass(frozen=True, kw_only=True)
class Config(Settings):
    """The project's settings and where its files live."""

    root: Path
    # Folders already resolved (symbolic links followed): a build asks about every
    # chapter's files in the same few folders. A long-lived caller (serve) makes a
    # fresh Config per build, so a folder replaced by a link meanwhile is seen.
    _folders: dict[Path, Path] = field(default_factory=dict, init=False, repr=False, compare=False)
    # The project's sources resolved, found when a path to write leads through a link.
    _sources: dict[Path, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def source_dir(self) -> Path:
        """The folder of the English chapters."""
        return self.inside(self.root / self.source)

    @property
    def locale_folder(self) -> Path:
        """The folder of templates and catalogs (`locale/`)."""
        return self.inside(self.root / self.locale_dir)

    @property
    def build_folder(self) -> Path:
        """The folder every built file goes in (`build/`)."""
        return self.inside(self.root / self.build_dir)

    @property
    def templates_folder(self) -> Path:
        """`templates/`: the project's overrides of the page templates."""
        return self.inside(self.root / TEMPLATES)

    def inside(self, path: Path) -> Path:
        """`path`, if it stays in the project with every link followed; else InputError."""
        try:
            resolved = self._resolved(path)
            root = self._folder(self.root)
        except (OSError, RuntimeError) as err:  # RuntimeError: 3.11 and 3.12 name a loop so
            raise InputError(f"{self.relative(path)}: a symbolic link that loops ({err}); remove it") from err
        if not resolved.is_relative_to(root):
            raise InputError(
                f"{self.relative(path)}: leads outside the project (to {resolved}); "
                f"mdgettext reads and writes only inside {self.root}: replace the symbolic link with a folder or file"
            )
        return path

    def target(self, path: Path) -> Path:
        """`path` to be written (or read as what the project writes: a catalog, a
        translation), resolved once, every link followed; InputError when it leads out
        of the project or onto a source (a chapter, a settings file): a committed link
        (`docs/ko -> .`) must not turn a translation, or a command's advice, into a
        write over the English. The path returned is the one to write: no link is
        followed again between this check and the write."""
        self.inside(path)
        resolved = self._resolved(path)
        if resolved == path:  # no link on the way: the path the settings make, which is no source
            return path
        if not self._sources:
            for name in (SETTINGS_FILE, PYPROJECT):
                self._sources[self._resolved(self.root / name)] = f"the settings file {name}"
            for chapter in self.chapters():
                self._sources[self._resolved(self.source_dir / f"{chapter}.md")] = (
                    f"the source of the chapter {chapter}"
                )
        what = self._sources.get(resolved)
        if what:
            raise InputError(
                f"{self.relative(path)}: is {self.relative(resolved)}, {what}, through the symbolic link "
                f"{self.relative(_first_link(self.root, path))}; mdgettext never writes over a source nor reads one "
                "as a translation: make that link a folder or file of its own"
            )
        return resolved

    def _folder(self, folder: Path) -> Path:
        if folder not in self._folders:
            self._folders[folder] = followed(folder)
        return self._folders[folder]

    def _resolved(self, path: Path) -> Path:
        """`path.resolve()`, its folder resolved once per Config."""
        if path.name in ("", ".", ".."):
            return followed(path)
        folder = self._folder(path.parent)
        return followed(path) if os.path.islink(folder / path.name) else folder / path.name

    def chapters(self) -> list[str]:
        """Chapter names: paths under the source folder without `.md`, `/`-separated.

        The Markdown files `include` names and `exclude` does not, outside the build and
        locale folders and dot folders, that are no language's translation (layout.py).
        A name with a control character or a line separator is refused: it would
        appear in every message about the chapter. So is a source that is a symbolic
        link out of the project or one that loops."""
        source = self.source_dir
        if not source.is_dir():
            return []
        names, suffix = {}, self.source_suffix
        for relative in markdown(self._walk(self.include), self.include):
            if matches(relative, self.exclude):
                continue
            path = source / relative
            name = relative.removesuffix(suffix)
            if UNSAFE.search(name):
                raise InputError(
                    f"{self.relative(path)}: a control character or line break in a file name; rename the file"
                )
            if path.is_symlink() or not path.is_file():
                self.inside(path)
            if path.is_file():
                names[name] = relative
        found, languages, pattern = set(names), set(self.configured_locales()), Translations(self.translations)
        folder, at = PurePosixPath(self.source), self.source_language
        return sorted(n for n, file in names.items() if not pattern.holds(str(folder / file), found, languages, at))

    @property
    def source_suffix(self) -> str:
        """How a chapter's file name ends: `.en.md` where every `include` glob names the
        source language's pages by that suffix, as mkdocs-static-i18n's suffix layout may
        (`docs/index.en.md` is then the chapter `index`, whose Korean is `docs/index.ko.md`);
        else `.md`."""
        own = f".{self.source_language}.md"
        return own if self.include and all(glob.endswith(own) for glob in self.include) else ".md"

    def chapter_of(self, path: Path) -> str:
        """The chapter whose source `path` is: its path under the source folder, without
        `source_suffix`; ValueError when it is not under the source folder."""
        relative = path.resolve().relative_to(self.source_dir.resolve()).as_posix()
        suffix = self.source_suffix
        return (
            relative.removesuffix(suffix)
            if relative.endswith(suffix)
            else PurePosixPath(relative).with_suffix("").as_posix()
        )

    def _walk(self, patterns: Sequence[str] = ("**",)) -> Iterator[str]:
        """The files under the source folder (layout.files), the build's and catalogs' folders not entered."""
        skip = {self._folder(self.root / self.build_dir), self._folder(self.root / self.locale_dir)}
        return files(self.source_dir, skip, depth(patterns))

    def translation_of(self, path: Path) -> tuple[str, str] | None:
        """The chapter and language whose translation `path` is where `translations` says
        (the chapter named by the pattern alone: it may not exist)."""
        try:
            relative = path.resolve().relative_to(self._folder(self.root)).as_posix()
        except ValueError:
            return None
        return Translations(self.translations).parse(relative)

    def beside(self) -> list[str]:
        """The files under the source folder that are not Markdown (a chapter's images), relative to it."""
        return [f for f in self._walk() if not f.endswith(".md")] if self.source_dir.is_dir() else []

    def excluded(self) -> set[Path]:
        """The Markdown files under the source folder that `exclude` names: those a
        glob matches, and everything in a folder one matches."""
        return {self.source_dir / f for f in markdown(self._walk(), ("**/*.md",)) if matches(f, self.exclude)}

    def templates(self) -> list[str]:
        """Chapter names that have a template in the locale folder (the page words' aside)."""
        base = self.root / self.locale_dir
        return self._chapters_of(base, "*.pot")

    def catalogs(self, language: str) -> list[str]:
        """Chapter names that have a catalog for `language` (the page words' aside)."""
        return self._chapters_of(self.root / self.locale_dir / language / "LC_MESSAGES", "*.po")

    def _chapters_of(self, base: Path, pattern: str) -> list[str]:
        found = (
            sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob(pattern)) if base.is_dir() else []
        )
        return [name for name in found if name != PAGE_WORDS or self.page_words_chapter()]

    def own_page_words(self) -> tuple[Path, str] | None:
        """The locale folder (and as messages show it) where the project's own page-word
        catalogs are (pipeline/page_words.py), or None when a chapter named `page` holds that name."""
        if self.page_words_chapter():
            return None
        return self.locale_folder, self.relative(self.locale_folder)

    def page_words_chapter(self) -> bool:
        """Whether a chapter is named `page`, so `page.pot` and `page.po` are its and not the
        page words' (pipeline/page_words.py)."""
        return (self.root / self.source / f"{PAGE_WORDS}.md").is_file()

    def noted(self, language: str) -> list[str]:
        """Chapter names that have a translator's notes file for `language` (`X.addenda.md`)."""
        base = self.root / self.locale_dir / language / "LC_MESSAGES"
        suffix = ".addenda.md"
        found = base.rglob(f"*{suffix}") if base.is_dir() else ()
        return sorted(p.relative_to(base).as_posix().removesuffix(suffix) for p in found)

    def source_path(self, chapter: str) -> Path:
        """`source/en/<chapter>.md` (`docs/<chapter>.en.md`: `source_suffix`)."""
        return self.inside(self.source_dir / f"{chapter}{self.source_suffix}")

    def pot_path(self, chapter: str) -> Path:
        """`locale/<chapter>.pot`."""
        return self.target(self.root / self.locale_dir / f"{chapter}.pot")

    def po_path(self, chapter: str, language: str) -> Path:
        """`locale/<language>/LC_MESSAGES/<chapter>.po`, as GNU gettext lays catalogs out."""
        return self.target(self.root / self.locale_dir / check_code(language) / "LC_MESSAGES" / f"{chapter}.po")

    def addenda_path(self, chapter: str, language: str) -> Path:
        """`locale/<language>/LC_MESSAGES/<chapter>.addenda.md`: the translator's own blocks (po/addenda.py)."""
        return self.target(self.root / self.locale_dir / check_code(language) / "LC_MESSAGES" / f"{chapter}.addenda.md")

    def output_path(self, chapter: str, language: str, suffix: str) -> Path:
        """`build/<language>/<chapter>.<suffix>`; a translation's Markdown where `translations` says."""
        if suffix == "md" and language != self.source_language:
            return self.translation_path(chapter, language)
        return self.target(self.root / self.build_dir / check_code(language) / f"{chapter}.{suffix}")

    def translation_path(self, chapter: str, language: str) -> Path:
        """Where `build` writes the chapter's translation (`translations`: `build/ko/X.md`, `X-ko.md`, ...)."""
        return self.target(self.root / Translations(self.translations).path(chapter, check_code(language)))

    def build_path(self, name: str) -> Path:
        """A file of the build folder itself (`build/static/mdgettext.css`)."""
        return self.target(self.root / self.build_dir / name)

    def relative(self, path: Path) -> str:
        """A path as the user should read it: relative to the project root."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def editions(self, chapter: str, language: str) -> Editions:
        """Where `chapter`'s English and its translation into `language` are (`Editions`)."""
        return Editions(chapter, language, self.source, self.source_suffix, self.translations)

    def known_pages(self, chapters: Sequence[str] | None = None) -> frozenset[str]:
        """Pages a relative link may point at: the configured list plus this project's
        chapters (`chapters`, when the caller has listed them already)."""
        return frozenset((*self.pages, *(self.chapters() if chapters is None else chapters)))

    def glossary_path(self, language: str) -> Path:
        """`locale/<language>/glossary.po`: required renderings of terms, read by `check`."""
        return self.target(self.root / self.locale_dir / check_code(language) / "glossary.po")

    def configured_locales(self) -> tuple[str, ...]:
        """The configured locales, or every locale folder that holds catalogs."""
        if self.locales:
            return self.locales
        base = self.locale_folder
        if not base.is_dir():
            return ()
        return tuple(sorted(check_code(p.name) for p in base.iterdir() if (p / "LC_MESSAGES").is_dir()))


def _first_link(root: Path, path: Path) -> Path:
    """The first symbolic link on the way from `root` to `path` (the path itself if none is found)."""
    for parent in reversed(path.relative_to(root).parents[:-1] if path.is_relative_to(root) else ()):
        if (root / parent).is_symlink():
            return root / parent
    return path


def load_config(root: Path) -> Config:
    """The settings of the project at `root`, from mdgettext.toml or pyproject.toml,
    checked: folders inside the project and apart from the build, locale codes known."""
    root = root.resolve()
    guard = Config(root=root)
    found = parse(*(_text(guard.inside(root / name), name) for name in (SETTINGS_FILE, PYPROJECT)))
    check_folders(root, found)
    for code in (*found.settings.locales, found.settings.source_language):
        check_code(code)
    return Config(root=root, **found.values())


def check_folders(root: Path, found: Found) -> None:
    """ConfigError unless the folders `found` names stay in the project at `root` (resolved)
    and apart from the build, its `include` and `exclude` globs stay in the source folder
    and its `translations` pattern out of the catalogs: what
    every command checks, and `init` before it writes."""
    settings = found.settings
    named = {key: getattr(settings, key) for key in FOLDERS}
    for key, value in named.items():  # a default folder that is a link out is refused when it is used
        if key in found.given and not (root / value).resolve().is_relative_to(root):
            raise ConfigError(
                f"{found.at(key)}{key} = {value!r} is outside the project; mdgettext reads and writes only inside {root}"
            )
    folders = {key: (root / value).resolve() for key, value in named.items()}
    build = folders["build_dir"]
    for key in ("source", "locale_dir"):
        if folders[key].is_relative_to(build):
            raise ConfigError(
                f"{found.at('build_dir')}build_dir = {named['build_dir']!r} holds {key} "
                f"({named[key]!r}); the build would write over it: give the build a folder of its own"
            )
    if build.is_relative_to(folders["locale_dir"]):  # in the source folder it is fine: never a chapter
        raise ConfigError(
            f"{found.at('build_dir')}build_dir = {named['build_dir']!r} is inside locale_dir "
            f"({named['locale_dir']!r}): built files would be read back as catalogs' files"
        )
    for key, pattern in ((k, p) for k in ("include", "exclude") for p in getattr(settings, k)):
        if not pattern or PurePosixPath(pattern).is_absolute() or ".." in PurePosixPath(pattern).parts:
            raise ConfigError(
                f"{found.at(key)}{key}: {pattern!r} is not a glob inside the source folder; write it relative to {settings.source!r}"
            )
        try:
            glob(pattern)
        except GlobError as err:
            raise ConfigError(f"{found.at(key)}{key}: {pattern!r} is not a glob: {err}") from None
    problem = Translations(settings.translations).problem()
    if problem is None and (root / settings.translations).resolve().is_relative_to(folders["locale_dir"]):
        problem = "leads into locale_dir: catalogs' folders are no place for pages"
    if problem:
        raise ConfigError(f"{found.at('translations')}translations = {settings.translations!r} {problem}")


def _text(path: Path, name: str) -> str | None:
    """A settings file's text, None when there is none."""
    if not path.is_file():
        return None
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ConfigError(f"{name}: not UTF-8 ({err}); save it as UTF-8") from err
