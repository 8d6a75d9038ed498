"""The files a command will write, gathered first: a job hands one back, and nothing
is on disk until every input has been read and judged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from mdgettext.cache import Record
from mdgettext.errors import InputError
from mdgettext.files import write_all

if TYPE_CHECKING:
    from mdgettext.project import Config


class Told(Protocol):
    """Where a plan's lines are told: the command's reporter."""

    def info(self, line: str) -> None:
        """Tell one line (unless the user asked for quiet)."""


@dataclass
class Plan:
    """The files a command will write, gathered before any is written: if an input
    is bad, the command stops with nothing on disk changed, never half a project."""

    writes: list[tuple[Path, str | bytes]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def write(self, path: Path, text: str | bytes) -> None:
        """Stage a file: nothing is written until `carry_out`."""
        self.writes.append((path, text))

    def carry_out(self, report: Told) -> None:
        """Write every staged file, then report: a failure leaves the project as it was."""
        write_all(self.writes)
        for line in self.lines:
            report.info(line)


def keep_edits(config: Config, writes: Sequence[tuple[Path, str | bytes]], record: Record, force: bool) -> None:
    """Refuse a build that would replace a translation outside the build folder (`README-ko.md`,
    `docs/ko/`) which a person may have written or edited: one there, different from what
    the build writes, that no build recorded here wrote and `import` did not read as it is
    (cache.Record). `force` replaces it."""
    build = config.build_folder.resolve()
    for path, text in [] if force else writes:
        if path.resolve().is_relative_to(build) or not path.is_file() or record.wrote(path):
            continue
        if path.read_bytes() != (text.encode("utf-8") if isinstance(text, str) else text):
            shown, found = config.relative(path), config.translation_of(path)
            raise InputError(
                f"{shown}: the build would replace it, and no build or import here has read it as it is now: "
                f"`mdgettext import -l {found[1] if found else 'LANG'} {shown}` takes its translations into the "
                "catalog first; then `mdgettext build --force` replaces it (edit the catalog, not the built file)"
            )
