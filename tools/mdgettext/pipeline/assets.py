"""What a chapter's page needs from the project besides its Markdown: images and its BibTeX file.

The book keeps both under the site's `assets/` folder (`assets/img/…`,
`assets/bibliography/main.bib`); the `assets` setting names the project's copy of
that folder. An image a page uses that the project has is copied into the build,
so the built pages work offline and `serve` serves them: a site path (`assets/img/x.png`)
at the same path, an image beside the chapter (`cowsay.png`) beside each language's
page. A site path the project lacks is loaded from the book's site (`site_url`); an
image found nowhere is a warning naming its line. The BibTeX file a chapter names in
its front matter (`bibliography: main.bib`) is looked for in `assets/bibliography/`,
then beside the chapter's source.

The I/O edge of the build for these files: `publish/` gets their contents.
"""

from __future__ import annotations

import posixpath
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import unquote

from mdgettext.errors import InputError
from mdgettext.files import read_bytes, read_text
from mdgettext.model import Document
from mdgettext.project import Config

if TYPE_CHECKING:
    from mdgettext.publish.bibliography import Bibliography

SITE_FOLDER = "assets"  # what the book's pages call the folder: `assets/img/x.png`
BIBLIOGRAPHY_KEY = "bibliography"


@dataclass(frozen=True)
class Used:
    """The project's images a chapter's pages load, and what is wrong with the others."""

    site: frozenset[str] = frozenset()  # site paths (`assets/img/x.png`), copied to the same path in the build
    # paths relative to the source folder (`figures/x.png`, or `../images/x.png` in a folder every
    # language shares), copied to the same place relative to each language's folder in the build
    beside: frozenset[str] = frozenset()
    warnings: tuple[str, ...] = ()


def used_images(config: Config, doc: Document) -> Used:
    """Where the project has each image the chapter's pages load; a warning for each it
    has nowhere, which no site serves either."""
    from mdgettext.publish.images import Place, images  # the page's readers: imported when pages are built

    site, beside, warnings = set(), set(), []
    try:
        folder: PurePosixPath | None = PurePosixPath(doc.path).relative_to(PurePosixPath(config.source)).parent
    except ValueError:  # a file built on its own, not a chapter: nothing is beside its page
        folder = None
    for image in images(doc.tokens):
        if image.place is Place.WEB:
            continue
        if image.place is Place.SITE:
            key = image.path.strip().lstrip("/")
            if _project_file(config, key) is not None:
                site.add(key)
            elif not config.site_url:
                warnings.append(_nowhere(config, doc, image.line, image.src, config.assets, "site_url"))
            continue
        found = _beside(config, folder, image.path)
        if found is not None:
            beside.add(found)
        else:
            warnings.append(_nowhere(config, doc, image.line, image.src, config.source, "the chapter"))
    return Used(frozenset(site), frozenset(beside), tuple(dict.fromkeys(warnings)))


def _beside(config: Config, folder: PurePosixPath | None, path: str) -> str | None:
    """An image's path relative to the source folder, when it is a file there or in a
    folder beside it that every language shares (`docs/images/` for chapters in
    `docs/en/`, `../images/x.png`): each language's page sits one folder down in the
    build, so the same relative path finds the build's copy beside the language folders."""
    if folder is None:
        return None
    wanted = posixpath.normpath(posixpath.join(folder.as_posix(), unquote(path)))
    if wanted.startswith("../../") or wanted == ".." or posixpath.isabs(wanted):
        return None  # further out than a page's language folder: the build has no place for it
    try:
        file = config.inside(config.source_dir / wanted)
    except InputError:
        return None
    return wanted if file.is_file() else None


def _nowhere(config: Config, doc: Document, line: int, src: str, folder: str, instead: str) -> str:
    where = f"in {folder}/ nor with {instead} set" if instead == "site_url" else f"beside {instead} in {folder}/"
    return (
        f"{doc.path}:{line}: the image {src!r} is not {where}, so the page shows it broken; "
        "add the file or correct the path"
    )


def copied(config: Config, used: Used, language: str) -> set[tuple[str, str]]:
    """The copies `language`'s pages load: (the path in the build, the file's path in the
    project); a site path at the same path, an image beside the chapter beside the page."""
    site = {(path, config.relative(file)) for path in used.site if (file := _project_file(config, path)) is not None}
    source = config.source
    return site | {
        (posixpath.normpath(f"{language}/{path}"), posixpath.normpath(f"{source}/{path}")) for path in used.beside
    }


def copies(config: Config, images: Collection[tuple[str, str]]) -> list[tuple[Path, bytes]]:
    """The build's copies of the images the pages load: (the path in the build, in the project)."""
    return [
        (config.build_path(target), read_bytes(config.inside(config.root / source), source))
        for target, source in sorted(images)
    ]


def _project_file(config: Config, site_path: str) -> Path | None:
    parts = PurePosixPath(site_path).parts
    if len(parts) < 2 or parts[0] != SITE_FOLDER or ".." in parts:
        return None
    try:
        path = config.inside(config.root / config.assets / Path(*parts[1:]))
    except InputError:
        return None  # a link out of the project is not the project's file
    return path if path.is_file() else None


def bibliography(config: Config, doc: Document) -> tuple[Bibliography | None, list[str]]:
    """The BibTeX file the chapter names, read, and the warnings about it: a file not
    found or not readable, what of it or of a cited entry could not be read, and each
    cited key it lacks."""
    from mdgettext.publish.bibliography import read  # imported when pages are built, as used_images's readers
    from mdgettext.publish.notes import cited_keys

    name = doc.meta.get(BIBLIOGRAPHY_KEY) if isinstance(doc.meta, dict) else None
    cited = cited_keys(doc.text)
    if not isinstance(name, str) or not name.strip() or not cited:
        return None, []  # a chapter that cites nothing needs no file
    folders = [config.root / config.assets / "bibliography", config.root / Path(doc.path).parent]
    candidates = [folder / name.strip() for folder in folders]
    found = next((path for path in candidates if config.inside(path).is_file()), None)
    if found is None:
        looked = " and ".join(config.relative(p) for p in candidates)
        return None, [
            f"{doc.path}: the bibliography {name!r} is not at {looked}; put the file there "
            f"or set `assets` in [tool.mdgettext] to the folder holding bibliography/"
        ]
    display = config.relative(found)
    bib = read(read_text(found, display), display)
    if bib.error:
        return bib, [bib.error]
    return bib, bib.warnings(cited, doc.path)
