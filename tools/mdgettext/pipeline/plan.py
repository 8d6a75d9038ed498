"""The files a command will write, gathered first: a job hands one back, and nothing
is on disk until every input has been read and judged."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from mdgettext.files import write_all


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
