r"""Findings as text, JSON or GitHub Actions annotations, the summary line, and the one
escaping every printed line goes through.

Messages quote msgstrs, msgids and file names, which anyone who sends a pull
request controls. A newline in one would start a new line of CI output, and a line
that starts with `::` is a GitHub workflow command (`::error`, `::add-mask::`,
`::stop-commands::`). So every line mdgettext prints is made here, with control
characters, line and paragraph separators and bidirectional overrides escaped: as
`\n`, `\x1b`, `\u2028` in text, and as `%0A` (GitHub's own escaping) in annotations.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the model's classes are made only where findings are: a no-op build escapes a line
    from mdgettext.model import Diagnostic

FORMATS = ("text", "json", "github")
# C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls.
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# What json.dumps leaves raw inside strings (it escapes C0 itself; the rest is layout).
UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape(text: str) -> str:
    """One line of output, whatever `text` holds: control characters written as
    escapes, and no workflow command at its start."""
    line = UNSAFE.sub(_escaped, text)
    stripped = line.lstrip()
    if stripped.startswith("::"):  # a runner may trim the line before it reads a command
        at = len(line) - len(stripped)
        return line[:at] + "\\x3a" + line[at + 1 :]
    return line


def _escaped(match: re.Match[str]) -> str:
    char = match.group(0)
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")


@dataclass(frozen=True)
class Summary:
    """What `check` looked at, for its closing line."""

    catalogs: int
    entries: int
    translated: int  # live entries with a usable translation

    def line(self, findings: Sequence[Diagnostic]) -> str:
        """The closing line: catalogs, entries, findings by severity, share translated."""
        from mdgettext.model import Severity

        errors = sum(d.severity is Severity.ERROR for d in findings)
        warnings = sum(d.severity is Severity.WARNING for d in findings)
        notes = sum(d.severity is Severity.INFO for d in findings)
        share = 100.0 * self.translated / self.entries if self.entries else 100.0
        return (
            f"checked {counted(self.catalogs, 'catalog')}, {counted(self.entries, 'entry', 'entries')}: "
            f"{counted(errors, 'error')}, {counted(warnings, 'warning')}, {counted(notes, 'note')}; {share:.1f}% translated"
        )


def counted(n: int, one: str, many: str | None = None) -> str:
    """`1 chapter`, `2 chapters`, `1 entry`, `0 entries`: every count a command prints
    goes through here (English only: messages are not translated, as in git).
    `many` is needed where adding an s is wrong."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def render(findings: Sequence[Diagnostic], summary: Summary, fmt: str) -> str:
    """The report; for JSON, a list of findings only (the summary line goes to
    standard error, so standard output stays one JSON document)."""
    if fmt == "json":
        text = json.dumps([as_dict(d) for d in findings], ensure_ascii=False, indent=1)
        return UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)  # json keeps them raw: a log would not
    if fmt == "github":
        return "\n".join([*(escape(str(d)) for d in findings), *github_annotations(findings), summary.line(findings)])
    return "\n".join([*(escape(line) for line in grouped(findings)), summary.line(findings)])


GROUPED = 5  # the same finding on this many entries of one catalog is told once, with its lines
LINES_SHOWN = 12


def grouped(findings: Sequence[Diagnostic]) -> list[str]:
    """Each finding as a line, except one said word for word on GROUPED or more entries
    of a catalog: told once where it first stands, `N entries (lines …)`, so a
    translator reads the advice once and has every line to go to."""
    same = Counter((d.location.path, d.severity, d.code, d.message) for d in findings)
    lines: list[str] = []
    done: set[tuple[Any, ...]] = set()
    for d in findings:
        key = (d.location.path, d.severity, d.code, d.message)
        if same[key] < GROUPED:
            lines.append(str(d))
            continue
        if key in done:
            continue
        done.add(key)
        at = [_line(f) for f in findings if (f.location.path, f.severity, f.code, f.message) == key]
        shown = ", ".join(map(str, at[:LINES_SHOWN])) + (", …" if len(at) > LINES_SHOWN else "")
        lines.append(
            f"{d.location.path}:{_line(d)}: {d.severity.value}: {counted(len(at), 'entry', 'entries')} (lines {shown}): {d.message} [{d.code}]"
        )
    return lines


def _line(d: Diagnostic) -> int:
    """The line a finding is printed at: the one to edit (a translation's msgstr), else its entry's."""
    return d.at or d.location.line


def as_dict(d: Diagnostic) -> dict[str, Any]:
    """A finding as JSON, for `--format json`: `line` the one to edit (a translation's
    msgstr), `msgid_line` the entry's; an error on a translation carries the key a
    maintainer accepts it by (the `accept` setting)."""
    from mdgettext.model import Severity

    found = {
        "file": d.location.path,
        "line": _line(d),
        "msgid_line": d.location.line,
        "severity": d.severity.value,
        "code": d.code,
        "message": d.message,
        "source": str(d.source) if d.source else None,
    }
    if d.accept is not None and d.severity is Severity.ERROR:
        found["accept"] = d.accept
    return found


ANNOTATIONS_PER_LEVEL = 10  # GitHub shows 10 errors and 10 warnings per step, and drops the rest


def github_annotations(findings: Sequence[Diagnostic]) -> list[str]:
    """The findings GitHub will show on the pull request, at most ten per level: when
    there are more, nine chosen one code at a time (so every kind of problem shows
    before any shows twice), and a tenth that counts the rest and points at the job
    summary, which lists them all."""
    from mdgettext.model import Severity

    lines: list[str] = []
    for severity in Severity:
        found = [d for d in findings if d.severity is severity]
        if len(found) <= ANNOTATIONS_PER_LEVEL:
            lines.extend(github(d) for d in found)
            continue
        shown = _one_code_at_a_time(found, ANNOTATIONS_PER_LEVEL - 1)
        lines.extend(github(d) for d in shown)
        rest = Counter(d.code for d in found if d not in shown)
        counts = ", ".join(f"{code} x{n}" for code, n in sorted(rest.items()))
        level, more = _LEVELS[severity.value], counted(sum(rest.values()), f"more {_NOUNS[severity.value]}")
        lines.append(
            f"::{level} title=mdgettext::{_data(f'{more} ({counts}): every finding is in the log and the job summary')}"
        )
    return lines


def _one_code_at_a_time(found: Sequence[Diagnostic], limit: int) -> list[Diagnostic]:
    by_code: dict[str, list[Diagnostic]] = {}
    for d in found:
        by_code.setdefault(d.code, []).append(d)
    queues = [iter(by_code[code]) for code in sorted(by_code)]
    chosen: list[Diagnostic] = []
    while len(chosen) < limit:
        taken = [d for d in (next(q, None) for q in queues) if d is not None]
        if not taken:
            break
        chosen.extend(taken[: limit - len(chosen)])
    return sorted(chosen, key=lambda d: (d.location.path, d.location.line, d.code))


def step_summary(findings: Sequence[Diagnostic], summary: Summary) -> str:
    """The job summary (`$GITHUB_STEP_SUMMARY`, Markdown): findings per catalog and per
    code, with counts, then every finding. Messages quote translator text, so every
    cell is escaped."""
    from mdgettext.model import Severity

    levels = [s.value for s in Severity]
    per_catalog = Counter((d.location.path, d.severity.value) for d in findings)
    per_code = Counter((d.code, d.severity.value) for d in findings)
    lines = ["## mdgettext check", "", _cell(summary.line(findings)), ""]
    if findings:
        lines += ["| catalog | errors | warnings | notes |", "| --- | ---: | ---: | ---: |"]
        for path in sorted({path for path, _ in per_catalog}):
            lines.append(f"| {_cell(path)} | " + " | ".join(str(per_catalog[path, level]) for level in levels) + " |")
        lines += ["", "| code | level | findings |", "| --- | --- | ---: |"]
        lines += [f"| `{code}` | {level} | {n} |" for (code, level), n in sorted(per_code.items())]
        lines += ["", "| where | level | finding |", "| --- | --- | --- |"]
        lines += [
            f"| {_cell(f'{d.location.path}:{_line(d)}')} | {d.severity.value} | {_cell(d.message)} `{d.code}` |"
            for d in findings
        ]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text that Markdown shows as written, in a table cell: HTML's three specials as
    entities, every other ASCII punctuation backslash-escaped, controls escaped."""
    special = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
    return "".join(special.get(c) or (f"\\{c}" if c in _PUNCTUATION else c) for c in UNSAFE.sub(_escaped, text))


_PUNCTUATION = frozenset("!\"#$%'()*+,-./:;=?@[\\]^_`{|}~")
_LEVELS = {"error": "error", "warning": "warning", "info": "notice"}
_NOUNS = {"error": "error", "warning": "warning", "info": "note"}  # as the summary line counts them


def github(d: Diagnostic) -> str:
    """A workflow command GitHub shows as an annotation on the .po line."""
    level = _LEVELS[d.severity.value]
    message = d.message + (f" ({d.source})" if d.source else "")
    return f"::{level} file={_prop(d.location.path)},line={_line(d)},title={_prop(d.code)}::{_data(message)}"


def _data(text: str) -> str:
    """GitHub's escaping of a workflow command's message, then ours for the other controls."""
    return UNSAFE.sub(_escaped, text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
