"""What every command shares: reporting to the terminal, staged writes, reading a chapter."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mdgettext.commands.terminal import Reporter, display
from mdgettext.errors import InputError
from mdgettext.files import SourceText, read_catalog, read_source, write_all
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.lines import SegmentationError
from mdgettext.markdown.segment import segment
from mdgettext.model import Document
from mdgettext.po.catalog import CatalogFile, Project
from mdgettext.project import Config

if TYPE_CHECKING:
    from mdgettext.po import memory


@dataclass
class Plan:
    """The files a command will write, gathered before any is written: if an input
    is bad, the command stops with nothing on disk changed, never half a project."""

    writes: list[tuple[Path, str | bytes]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def write(self, path: Path, text: str | bytes) -> None:
        """Stage a file: nothing is written until `carry_out`."""
        self.writes.append((path, text))

    def carry_out(self, report: Reporter) -> None:
        """Write every staged file, then report: a failure leaves the project as it was."""
        write_all(self.writes)
        for line in self.lines:
            report.info(line)


def creation_date() -> str:
    """Now, or SOURCE_DATE_EPOCH for reproducible builds, in gettext's header format.

    A value that is not a count of seconds in ASCII digits (`²³`, `-1`, `1e9`) or
    that names no year from 1970 to 9999 is an input error, never a guess."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
    try:
        if not (epoch.isascii() and epoch.isdigit()):
            raise ValueError("not ASCII digits")
        stamp = time.gmtime(int(epoch))
        if stamp.tm_year > 9999:
            raise ValueError("after the year 9999")
    except (ValueError, OverflowError, OSError) as err:
        raise InputError(
            f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970 ({err}); unset it or set it to one"
        ) from err
    return time.strftime("%Y-%m-%d %H:%M+0000", stamp)


def project_info(config: Config) -> Project:
    """What a catalog header says about the project, dated now."""
    return Project(config.name, config.version, creation_date())


def load(path: Path, display: str, config: Config) -> tuple[SourceText, Document]:
    """A source file and its segments; parse problems become one-line input errors."""
    source = read_source(path, display)
    try:
        doc = segment(source.text, display, config.front_matter_keys, config.flavor, config.liquid_prose, config.math)
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


def templates_required(config: Config) -> list[str]:
    """The chapters that have a template; none is an error that says what to run."""
    chapters = [c for c in config.chapters() if config.pot_path(c).exists()]
    if not chapters:
        raise InputError(f"{config.locale_dir}: no templates (.pot); run `mdgettext extract` first")
    return chapters


def read_catalogs(config: Config, language: str) -> dict[str, CatalogFile]:
    """Every catalog of a language, by chapter name, read once."""
    return {
        name: read_catalog(config.po_path(name, language), config.relative(config.po_path(name, language)))
        for name in config.catalogs(language)
    }


def load_memory(config: Config, catalogs: dict[str, CatalogFile], compendia: Sequence[Path] = ()) -> memory.Memory:
    """The language's translation memory: its catalogs (named `chapter.po`, as a
    translator finds them in LC_MESSAGES), then the compendia in the order given."""
    from mdgettext.po import memory  # RapidFuzz and the stemmers: only the commands that suggest

    found = [memory.units(c.po, f"{name}.po", c.msgid_lines) for name, c in catalogs.items()]
    for path in compendia:
        c = read_catalog(path, display(path, config.root))
        found.append(memory.units(c.po, c.display, c.msgid_lines))
    return memory.build(found)
