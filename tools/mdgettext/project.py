"""Where things live: source/en/X.md <-> locale/X.pot <-> locale/ko/LC_MESSAGES/X.po <-> build/ko/X.*

Every setting has a default, so any folder with `source/en/` is a project; a
`[tool.mdgettext]` table in its pyproject.toml changes them. This module is
long because every setting is defined, typed and checked here, in one place.

Every path a command reads or writes in the project is made here, and nothing made
here leads outside the project: locale codes are checked before they name a folder,
and each path is resolved, symbolic links followed, and refused unless it stays in
the project root (a pull request can add a symlink as easily as a file). Paths the
user names on the command line (`build FILE.md -o OUT.html`) are theirs.
"""

from __future__ import annotations

import os
import posixpath
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import SplitResult, urlsplit

from mdgettext.errors import InputError
from mdgettext.locale import check_code
from mdgettext.markdown.keys import DEFAULT_KEYS, FLAVORS
from mdgettext.report import UNSAFE

CHAPTER_SUFFIXES = (".html", ".md")
FOLDERS = {"source": "source/en", "locale_dir": "locale", "build_dir": "build"}  # settings that name folders


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


class ConfigError(ValueError):
    """`[tool.mdgettext]` is wrong; the message names the setting and how to write it."""


@dataclass(frozen=True)
class Config:
    """The project's settings and where its files live; every setting has a default."""

    root: Path
    source: str = FOLDERS["source"]
    locale_dir: str = FOLDERS["locale_dir"]
    build_dir: str = FOLDERS["build_dir"]
    locales: tuple[str, ...] = ()
    front_matter_keys: tuple[str, ...] = DEFAULT_KEYS
    heading_ids: bool = False
    pages: tuple[str, ...] | None = None  # pages relative links may name; None: the chapters
    name: str = "PROJECT"
    version: str = "VERSION"
    source_language: str = "en"
    flavor: str = "commonmark"  # how the site reads Markdown: "commonmark" or "kramdown" (Jekyll, GFM input)
    site_url: str | None = None  # where the book is published in the source language (absolute links, canonical)
    index: str = "index"  # the chapter published at the site's root
    assets: str = "assets"  # the site's assets/ (images, bibliography/): copied into the build as the pages use them
    math_macros: tuple[tuple[str, str], ...] = ()  # TeX macros the site's MathJax defines: (name, definition)
    # Folders already resolved (symbolic links followed): a build asks about every
    # chapter's files in the same few folders. A long-lived caller (serve) makes a
    # fresh Config per build, so a folder replaced by a link meanwhile is seen.
    _folders: dict[Path, Path] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def source_dir(self) -> Path:
        """The folder of the English chapters."""
        return self.inside(self.root / self.source)

    def inside(self, path: Path) -> Path:
        """`path`, if it stays inside the project once every symbolic link on the way
        is followed; InputError if it leads outside or a link loops."""
        try:
            resolved = self._resolved(path)
            root = self._folder(self.root)
        except (OSError, RuntimeError) as err:  # RuntimeError: Python 3.11's "Symlink loop"
            raise InputError(f"{self.relative(path)}: a symbolic link that loops ({err}); remove it") from err
        if not resolved.is_relative_to(root):
            raise InputError(
                f"{self.relative(path)}: leads outside the project (to {resolved}); "
                f"mdgettext reads and writes only inside {self.root}: replace the symbolic link with a folder or file"
            )
        return path

    def _folder(self, folder: Path) -> Path:
        if folder not in self._folders:
            self._folders[folder] = folder.resolve()
        return self._folders[folder]

    def _resolved(self, path: Path) -> Path:
        """`path.resolve()`, its folder resolved once per Config."""
        if path.name in ("", ".", ".."):
            return path.resolve()
        folder = self._folder(path.parent)
        return path.resolve() if os.path.islink(folder / path.name) else folder / path.name

    def chapters(self) -> list[str]:
        """Chapter names: paths under the source folder without `.md`, `/`-separated.

        A name with a control character or a line separator is refused: it would
        appear in every message about the chapter. So is a source that is a symbolic
        link out of the project or one that loops."""
        source = self.source_dir
        if not source.is_dir():
            return []
        names = []
        for path in source.rglob("*.md"):
            name = path.relative_to(source).with_suffix("").as_posix()
            if UNSAFE.search(name):
                raise InputError(
                    f"{self.relative(path)}: a control character or line break in a file name; rename the file"
                )
            if path.is_symlink() or not path.is_file():
                self.inside(path)
            if path.is_file():
                names.append(PurePosixPath(name).as_posix())
        return sorted(names)

    def templates(self) -> list[str]:
        """Chapter names that have a template in the locale folder."""
        base = self.root / self.locale_dir
        return (
            sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*.pot")) if base.is_dir() else []
        )

    def catalogs(self, language: str) -> list[str]:
        """Chapter names that have a catalog for `language`."""
        base = self.root / self.locale_dir / language / "LC_MESSAGES"
        return (
            sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*.po")) if base.is_dir() else []
        )

    def source_path(self, chapter: str) -> Path:
        """`source/en/<chapter>.md`."""
        return self.inside(self.source_dir / f"{chapter}.md")

    def pot_path(self, chapter: str) -> Path:
        """`locale/<chapter>.pot`."""
        return self.inside(self.root / self.locale_dir / f"{chapter}.pot")

    def po_path(self, chapter: str, language: str) -> Path:
        """`locale/<language>/LC_MESSAGES/<chapter>.po`, as GNU gettext lays catalogs out."""
        return self.inside(self.root / self.locale_dir / check_code(language) / "LC_MESSAGES" / f"{chapter}.po")

    def output_path(self, chapter: str, language: str, suffix: str) -> Path:
        """`build/<language>/<chapter>.<suffix>`."""
        return self.inside(self.root / self.build_dir / check_code(language) / f"{chapter}.{suffix}")

    def build_path(self, name: str) -> Path:
        """A file of the build folder itself (`build/static/mdgettext.css`)."""
        return self.inside(self.root / self.build_dir / name)

    def relative(self, path: Path) -> str:
        """A path as the user should read it: relative to the project root."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def known_pages(self, chapters: Sequence[str] | None = None) -> frozenset[str]:
        """Pages a relative link may point at: the configured list plus this project's
        chapters (`chapters`, when the caller has listed them already)."""
        return frozenset((*(self.pages or ()), *(self.chapters() if chapters is None else chapters)))

    def glossary_path(self, language: str) -> Path:
        """`locale/<language>/glossary.po`: required renderings of terms, read by `check`."""
        return self.inside(self.root / self.locale_dir / check_code(language) / "glossary.po")

    def configured_locales(self) -> tuple[str, ...]:
        """The configured locales, or every locale folder that holds catalogs."""
        if self.locales:
            return self.locales
        base = self.inside(self.root / self.locale_dir)
        if not base.is_dir():
            return ()
        return tuple(sorted(check_code(p.name) for p in base.iterdir() if (p / "LC_MESSAGES").is_dir()))


def load_config(root: Path) -> Config:
    """Read `[tool.mdgettext]` (and the project's name and version) from pyproject.toml."""
    root = root.resolve()
    pyproject = Config(root=root).inside(root / "pyproject.toml")
    if not pyproject.is_file():
        return Config(root=root)
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"pyproject.toml: {err}") from err
    project = data.get("project", {})
    table = data.get("tool", {}).get("mdgettext", {})
    known = {
        "source",
        "locale_dir",
        "build_dir",
        "locales",
        "front_matter_keys",
        "heading_ids",
        "pages",
        "name",
        "version",
        "flavor",
        "site_url",
        "index",
        "assets",
        "math_macros",
    }
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(
            f"pyproject.toml: unknown [tool.mdgettext] setting {unknown[0]!r} (known: {', '.join(sorted(known))})"
        )
    expected = {
        "source": str,
        "locale_dir": str,
        "build_dir": str,
        "name": str,
        "version": str,
        "locales": list,
        "front_matter_keys": list,
        "pages": list,
        "heading_ids": bool,
        "flavor": str,
        "site_url": str,
        "index": str,
        "assets": str,
        "math_macros": dict,
    }
    for key, kind in expected.items():
        if key in table and not isinstance(table[key], kind):
            example = {str: '"text"', list: '["a", "b"]', bool: "true", dict: '{ red = "\\\\textcolor{red}{#1}" }'}[
                kind
            ]
            raise ConfigError(
                f"pyproject.toml: [tool.mdgettext] {key} must be a {kind.__name__} (like {key} = {example})"
            )
        if kind is list and key in table and not all(isinstance(item, str) for item in table[key]):
            raise ConfigError(f"pyproject.toml: [tool.mdgettext] {key} must be a list of strings")
    for key in ("source", "locale_dir", "build_dir"):
        value = table.get(key)
        if value is not None and not (root / value).resolve().is_relative_to(root):
            raise ConfigError(
                f"pyproject.toml: {key} = {value!r} is outside the project; mdgettext reads and writes only inside {root}"
            )
    flavor = table.get("flavor", Config.flavor)
    if flavor not in FLAVORS:
        raise ConfigError(
            f"pyproject.toml: [tool.mdgettext] flavor = {flavor!r}: choose {' or '.join(map(repr, FLAVORS))}"
        )
    named = {key: table.get(key, default) for key, default in FOLDERS.items()}
    folders = {key: (root / value).resolve() for key, value in named.items()}
    build = folders["build_dir"]
    for key in ("source", "locale_dir"):
        if folders[key].is_relative_to(build):
            raise ConfigError(
                f"pyproject.toml: build_dir = {named['build_dir']!r} holds {key} "
                f"({named[key]!r}); the build would write over it: give the build a folder of its own"
            )
        if build.is_relative_to(folders[key]):
            raise ConfigError(
                f"pyproject.toml: build_dir = {named['build_dir']!r} is inside {key} "
                f"({named[key]!r}): built files would be read back as sources or catalogs"
            )
    for code in table.get("locales", ()):
        check_code(code)
    return Config(
        root=root,
        flavor=flavor,
        site_url=table["site_url"].rstrip("/") if "site_url" in table else None,
        index=table.get("index", Config.index),
        assets=table.get("assets", Config.assets),
        math_macros=tuple(sorted(table.get("math_macros", {}).items())),
        source=named["source"],
        locale_dir=named["locale_dir"],
        build_dir=named["build_dir"],
        locales=tuple(table.get("locales", ())),
        front_matter_keys=tuple(table.get("front_matter_keys", DEFAULT_KEYS)),
        heading_ids=bool(table.get("heading_ids", False)),
        pages=tuple(table["pages"]) if "pages" in table else None,
        name=table.get("name", project.get("name", "PROJECT")),
        version=str(table.get("version", project.get("version", "VERSION"))),
    )
