"""What a chapter's page needs from the project besides its Markdown: images and its BibTeX file.

The book keeps both under the site's `assets/` folder (`assets/img/…`,
`assets/bibliography/main.bib`); the `assets` setting names the project's copy of
that folder. An image a page uses that the project has is copied into the build
at the same path, so the built pages work offline; one it lacks is loaded from
the book's site. The BibTeX file a chapter names in its front matter
(`bibliography: main.bib`) is looked for in `assets/bibliography/`, then beside
the chapter's source.

The I/O edge of the build for these files: `publish/` gets their contents.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from mdgettext.errors import InputError
from mdgettext.files import read_bytes, read_text
from mdgettext.model import Document
from mdgettext.project import Config
from mdgettext.publish.bibliography import Bibliography, read
from mdgettext.publish.liquid import asset_paths
from mdgettext.publish.notes import cited_keys

SITE_FOLDER = "assets"  # what the book's pages call the folder: `assets/img/x.png`
BIBLIOGRAPHY_KEY = "bibliography"


def used_assets(config: Config, doc: Document) -> frozenset[str]:
    """The site paths the chapter's figures load that the project has."""
    return frozenset(path for path in asset_paths(doc.tokens) if _project_file(config, path) is not None)


def copies(config: Config, paths: set[str]) -> list[tuple[Path, bytes]]:
    """The build's copies of the images the pages use, at the same site paths."""
    out = []
    for path in sorted(paths):
        source = _project_file(config, path)
        if source is not None:
            out.append((config.build_path(path), read_bytes(source, config.relative(source))))
    return out


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
