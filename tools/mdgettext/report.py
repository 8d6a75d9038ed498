"""Findings as text, JSON or GitHub Actions annotations, and the summary line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mdgettext.model import Diagnostic, Severity

FORMATS = ("text", "json", "github")


@dataclass(frozen=True)
class Summary:
    """What `check` looked at, for its closing line."""

    catalogs: int
    entries: int
    translated: int  # live entries with a usable translation

    def line(self, findings: Sequence[Diagnostic]) -> str:
        """The closing line: catalogs, entries, findings by severity, share translated."""
        errors = sum(d.severity is Severity.ERROR for d in findings)
        warnings = sum(d.severity is Severity.WARNING for d in findings)
        notes = sum(d.severity is Severity.INFO for d in findings)
        share = 100.0 * self.translated / self.entries if self.entries else 100.0
        return (
            f"checked {_count(self.catalogs, 'catalog')}, {_count(self.entries, 'entry', 'entries')}: "
            f"{_count(errors, 'error')}, {_count(warnings, 'warning')}, {_count(notes, 'note')}; {share:.1f}% translated"
        )


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def render(findings: Sequence[Diagnostic], summary: Summary, fmt: str) -> str:
    """The report; for JSON, a list of findings only (the summary line goes to
    standard error, so standard output stays one JSON document)."""
    if fmt == "json":
        return json.dumps([as_dict(d) for d in findings], ensure_ascii=False, indent=1)
    if fmt == "github":
        lines = [github(d) for d in findings]
        return "\n".join([*lines, summary.line(findings)])
    return "\n".join([*(str(d) for d in findings), summary.line(findings)])


def as_dict(d: Diagnostic) -> dict[str, Any]:
    """A finding as JSON, for `--format json`."""
    return {
        "file": d.location.path,
        "line": d.location.line,
        "severity": d.severity.value,
        "code": d.code,
        "message": d.message,
        "source": str(d.source) if d.source else None,
    }


def github(d: Diagnostic) -> str:
    """A workflow command GitHub shows as an annotation on the .po line."""
    level = {"error": "error", "warning": "warning", "info": "notice"}[d.severity.value]
    message = d.message + (f" ({d.source})" if d.source else "")
    return f"::{level} file={_prop(d.location.path)},line={d.location.line},title={_prop(d.code)}::{_data(message)}"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
