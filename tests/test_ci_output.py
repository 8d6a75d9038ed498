"""CI output cannot be hijacked: no line a command prints can start a GitHub workflow
command, whatever a msgstr, a msgid or a file name holds.

Messages quote translations (a refused tag, a changed link, a typography slip) and
paths; a newline in one would start a line of the log, and a line starting with `::`
is a command to the runner (`::error`, `::add-mask::`, `::stop-commands::`).
"""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest

from conftest import cli
from mdgettext import report

COMMANDS = ("::error file=x,line=1::pwned", "::add-mask::secret", "::stop-commands::token")
BREAKS = ("\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c")


@pytest.mark.parametrize("brk", BREAKS, ids=repr)
@pytest.mark.parametrize("command", COMMANDS)
def test_escape_keeps_one_line_that_starts_no_command(brk: str, command: str) -> None:
    for text in (f"x{brk}{command}", command, f"{brk}{command}", f"  {command}", f" {brk} {command}"):
        line = report.escape(text)
        assert len(line.splitlines()) == 1 and not line.lstrip().startswith("::")


def hostile_msgstrs() -> dict[str, str]:
    """Translations whose refusal or findings quote the hostile part."""
    injected = "\n".join(COMMANDS)
    return {
        "First paragraph with [a link](https://example.com/a).": f'[링크](https://example.com/a "x") <a href="\n{injected}">x</a>',
        "Second paragraph.": f"둘째 [문단]({injected.replace(chr(10), '%0A')})\u2028::error::x",
        "Third paragraph.": "셋째 \r::add-mask::secret\x1b[31m",
    }


@pytest.fixture
def hostile_project(project: Path) -> Path:
    (project / "source" / "en" / "chapter.md").write_text(
        "First paragraph with [a link](https://example.com/a).\n\nSecond paragraph.\n\nThird paragraph.\n",
        encoding="utf-8",
    )
    assert cli("-C", project, "extract").code == 0
    assert cli("-C", project, "update", "-l", "ko").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "chapter.po"
    po = polib.pofile(str(path))
    for msgid, msgstr in hostile_msgstrs().items():
        po.find(msgid).msgstr = msgstr
    po.save()
    return project


def lines_of(*outputs: str) -> list[str]:
    """Every line as a log would show it: split at every line break a viewer honours."""
    return [line for text in outputs for line in text.splitlines()]


def test_no_line_of_check_or_build_starts_a_workflow_command(hostile_project: Path) -> None:
    runs = [
        cli("-C", hostile_project, "build", "-l", "ko"),
        cli("-C", hostile_project, "check", "-l", "ko", "--strict"),
        cli("-C", hostile_project, "check", "-l", "ko", "--format", "json"),
        cli("-C", hostile_project, "update", "-l", "ko"),
        cli("-C", hostile_project, "stats", "-l", "ko"),
    ]
    assert "refused" in runs[0].err and "safety.active-content" in runs[1].out
    for run in runs:
        assert [line for line in lines_of(run.out, run.err) if line.lstrip().startswith("::")] == []
    json.loads(runs[2].out)  # still one JSON document


def test_github_annotations_are_exactly_one_line_each(hostile_project: Path) -> None:
    result = cli("-C", hostile_project, "check", "-l", "ko", "--format", "github")
    json_run = cli("-C", hostile_project, "check", "-l", "ko", "--format", "json")
    findings = json.loads(json_run.out)
    lines = lines_of(result.out, result.err)
    commands = [line for line in lines if line.startswith("::")]
    assert len(commands) == len(findings) > 0
    assert all(line.startswith(("::error file=", "::warning file=", "::notice file=")) for line in commands)
    assert any("%0A" in line for line in commands)  # GitHub's own escaping of the quoted newline


def test_a_file_name_is_quoted_on_one_line(project: Path) -> None:
    (project / "source" / "en" / "x\n::error::pwned.md").write_text("Text.\n", encoding="utf-8")
    result = cli("-C", project, "extract")
    assert result.code == 2
    assert len(lines_of(result.err)) == 1 and "x\\n::error::pwned.md" in result.err
    assert not (project / "locale").exists()
