"""A chapter read and segmented, as every stage of the pipeline reads it; parse
problems are one-line input errors naming the file."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.files import SourceText, read_source
from mdgettext.markdown.flavors import named
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.lines import SegmentationError
from mdgettext.markdown.segment import segment
from mdgettext.model import Document, Flavor
from mdgettext.project import Config


def flavor_of(config: Config) -> Flavor:
    """The flavor the project's `flavor` setting names."""
    return named(config.flavor)


def load(path: Path, display: str, config: Config) -> tuple[SourceText, Document]:
    """A source file and its segments; parse problems become one-line input errors."""
    source = read_source(path, display)
    try:
        doc = segment(
            source.text, display, config.front_matter_keys, flavor_of(config), config.liquid_prose, config.math
        )
        return source, doc
    except FrontMatterError as err:
        raise InputError(f"{display}:{err.line + 2}: {err}; fix the YAML between the --- lines") from err
    except SegmentationError as err:
        raise InputError(f"{display}: {err}") from err


def load_chapter(config: Config, chapter: str) -> tuple[SourceText, Document]:
    """A chapter of the project by name."""
    path = config.source_path(chapter)
    return load(path, config.relative(path), config)


class ChapterAnchors(Mapping[str, frozenset[str]]):
    """Each chapter's heading ids, read when first asked for: a build of one chapter
    reads another only when a translation links into it with a changed #fragment."""

    def __init__(self, config: Config, loaded: Mapping[str, Document]) -> None:
        self._config = config
        self._ids = {name: frozenset(doc.headings) for name, doc in loaded.items()}

    def __getitem__(self, chapter: str) -> frozenset[str]:
        if chapter not in self._ids:
            if not self._config.source_path(chapter).is_file():
                raise KeyError(chapter)
            self._ids[chapter] = frozenset(load_chapter(self._config, chapter)[1].headings)
        return self._ids[chapter]

    def __iter__(self) -> Iterator[str]:
        return iter(self._config.chapters())

    def __len__(self) -> int:
        return len(self._config.chapters())
