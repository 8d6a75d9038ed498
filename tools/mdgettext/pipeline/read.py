"""A chapter read and segmented, as every stage of the pipeline reads it; parse
problems are one-line input errors naming the file."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.files import SourceText, read_source
from mdgettext.markdown.flavors import named
from mdgettext.markdown.frontmatter import FrontMatterError, loader
from mdgettext.markdown.lines import SegmentationError
from mdgettext.markdown.parser import parser
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
            source.text,
            display,
            config.front_matter_keys,
            flavor_of(config),
            config.liquid_prose,
            config.math,
            config.code_blocks,
        )
        return source, doc
    except FrontMatterError as err:
        raise InputError(f"{display}:{err.line + 2}: {err}; fix the YAML between the --- lines") from err
    except SegmentationError as err:
        raise InputError(f"{display}: {err}") from err


# Blank lines, then what opens a front matter, then its closing line: Jekyll reads a
# front matter only from the file's first line, so this is text on its page.
LATE_FRONT_MATTER = re.compile(r"\A((?:[ \t]*\n)+)(---[ \t]*\n(?:.*\n)*?(?:---|\.\.\.)[ \t]*(?:\n|\Z))")


# A front matter whose closing `---` has the first line of text glued to it
# (`---**感谢…`): Jekyll sees no front matter there, and the page shows the YAML as text.
GLUED_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?:(?!(?:---|\.\.\.)[ \t]*(?:\n|\Z)).*\n)*?---(?=[^\s-])")


@dataclass
class Translated:
    """A translation made in place, read for import: its segments, the parts that
    could not be read (skipped, which fails the import), and what to tell its translator."""

    doc: Document
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    code_changed: bool = False  # a code block is not the English's (import: `code_blocks` is off)


def load_translated(path: Path, shown: str, config: Config) -> Translated:
    """A translated file read as its English is. A front matter after blank lines is
    read as front matter all the same (the blank lines moved after it, so the body's
    lines keep their numbers), with a warning: to Jekyll it is text. A front matter
    that is not YAML is read as empty (its lines kept blank) and named as skipped."""
    text = read_source(path, shown).text
    warnings: list[str] = []
    late = LATE_FRONT_MATTER.match(text)
    if late:
        blanks = late.group(1)
        text = late.group(2) + blanks + text[late.end() :]
        warnings.append(
            f"{shown}:{blanks.count(chr(10)) + 1}: the front matter starts after {blanks.count(chr(10))} blank "
            "line(s), where Jekyll does not read it (the page shows it as text): remove the blank lines before "
            "the first `---`; it is read as front matter here"
        )
    glued = GLUED_FRONT_MATTER.match(text)
    if glued:  # read as meant: the text on a line of its own, one line further down (undone below)
        text = text[: glued.end()] + "\n" + text[glued.end() :]
        line = text[: glued.end()].count("\n") + 1
        warnings.append(
            f"{shown}:{line}: the front matter's closing `---` has text glued to it, so Jekyll reads no front "
            "matter here (the page shows the YAML as text and loses the line's start): put the text on a line "
            "of its own after `---`; it is read as front matter here"
        )
    try:
        doc, skipped = _segmented(text, shown, config), []
    except InputError as err:
        if not isinstance(err.__cause__, FrontMatterError):
            raise
        doc, skipped = (
            _without_front_matter(text, shown, config, err),
            [f"{err}; its values were not imported, the rest of the file was"],
        )
    if late:
        moved = late.group(1).count("\n")
        doc = replace(
            doc,
            segments=tuple(
                replace(s, location=replace(s.location, line=s.location.line + moved)) if s.key is not None else s
                for s in doc.segments
            ),
        )
    if glued:
        doc = replace(
            doc,
            segments=tuple(
                replace(s, location=replace(s.location, line=s.location.line - 1)) if s.key is None else s
                for s in doc.segments
            ),
        )
    return Translated(doc, skipped, warnings)


def _segmented(text: str, shown: str, config: Config) -> Document:
    try:
        return segment(
            text,
            shown,
            config.front_matter_keys,
            flavor_of(config),
            config.liquid_prose,
            config.math,
            config.code_blocks,
        )
    except FrontMatterError as err:
        raise InputError(f"{shown}:{err.line + 2}: {err}; fix the YAML between the --- lines") from err
    except SegmentationError as err:
        raise InputError(f"{shown}: {err}") from err


def _without_front_matter(text: str, shown: str, config: Config, problem: InputError) -> Document:
    """The file with its front matter's lines blank: every line number stays."""
    front = next((t for t in parser(flavor_of(config), config.math).parse(text) if t.type == "front_matter"), None)
    if front is None or front.map is None:
        raise problem
    first, end = front.map
    lines = text.split("\n")
    return _segmented("\n".join(lines[: first + 1] + [""] * (end - first - 2) + lines[end - 1 :]), shown, config)


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


def import_readers(paths: Sequence[Path]) -> None:
    """Import the readers these sources look as if they need (PyYAML for front matter,
    html5lib for HTML) in this process: a pool forked after it shares one import of
    each, where each of its workers would make its own. A file that cannot be read is
    left to the work that reads it."""
    texts = []
    for path in paths:
        try:
            texts.append(path.read_bytes())
        except OSError:
            continue
    if any(text.lstrip(b"\xef\xbb\xbf").startswith(b"---") for text in texts):
        loader()
    if any(b"<" in text for text in texts):
        from mdgettext.markdown import whatwg  # noqa: F401  (imported, for the workers to inherit)
