"""The CI gate: it cannot be switched off by a typo, and on GitHub it shows what
GitHub can show (ten errors and ten warnings per step) and puts the rest in the
job summary, written so that translator text cannot break it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import cli, needed_in_ci
from mdgettext.model import Diagnostic, Location, Severity
from mdgettext.report import Summary, github_annotations, step_summary
from test_checks import project_with


@pytest.mark.parametrize(
    ("option", "typo", "hint"),
    [
        ("--select", "link", "did you mean 'links'?"),
        ("--ignore", "typography.speechlevel", "did you mean 'typography.speech-level'?"),
        ("--select", "links.missing,markup.maths", "did you mean 'markup.math'?"),
    ],
)
def test_an_unknown_code_is_a_usage_error_not_an_empty_selection(
    tmp_path: Path, option: str, typo: str, hint: str
) -> None:
    root = project_with(tmp_path, "links", "broken")
    result = cli("-C", root, "check", "-l", "ko", option, typo)
    assert result.code == 2, result.out + result.err
    assert hint in result.err
    assert (
        "known codes: addenda.anchor, addenda.unsafe, completeness.below-minimum, " in result.err
    )  # the list, for the next try


def test_families_and_codes_are_both_known(tmp_path: Path) -> None:
    root = project_with(tmp_path, "links", "broken")
    for selection in ("links", "links.changed", "typography", "safety", "completeness.fuzzy"):
        assert cli("-C", root, "check", "-l", "ko", "--select", selection).code in (0, 1), selection


def github_renders(markdown: str) -> str:
    """The job summary as GitHub shows it: cmark-gfm with GitHub's extensions."""
    missing = "cmark-gfm is not installed (apt-get install cmark-gfm)"
    needed_in_ci(missing if shutil.which("cmark-gfm") is None else None, "the job summary test")
    command = ["cmark-gfm", "-e", "table", "-e", "autolink", "-e", "strikethrough", "-e", "tagfilter"]
    return subprocess.run(command, input=markdown, capture_output=True, text=True, check=True).stdout


def finding(n: int, code: str, severity: Severity = Severity.ERROR, message: str = "broken") -> Diagnostic:
    return Diagnostic(Location("locale/ko/LC_MESSAGES/a.po", 10 * n), code, severity, message)


def test_github_shows_ten_per_level_every_code_first_and_counts_the_rest() -> None:
    errors = [finding(n, "links.missing") for n in range(20)] + [finding(100 + n, "markup.code") for n in range(3)]
    errors += [finding(200, "structure.changed")]
    warnings = [finding(300 + n, "typography.final-colon", Severity.WARNING) for n in range(4)]
    lines = github_annotations(errors + warnings)
    error_lines = [line for line in lines if line.startswith("::error")]
    assert len(error_lines) == 10
    shown = error_lines[:9]
    for code in ("links.missing", "markup.code", "structure.changed"):  # each kind before any twice
        assert any(f"title={code}::" in line for line in shown), code
    assert error_lines[9] == (
        "::error title=mdgettext::15 more errors (links.missing x15): every finding is in the log and the job summary"
    )
    assert [line for line in lines if line.startswith("::warning")] == [
        f"::warning file=locale/ko/LC_MESSAGES/a.po,line={10 * (300 + n)},title=typography.final-colon::broken"
        for n in range(4)
    ]


def test_github_format_logs_every_finding_and_writes_the_job_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project_with(tmp_path, "links", "broken")
    summary_file = tmp_path / "summary.md"
    summary_file.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary_file))
    result = cli("-C", root, "check", "-l", "ko", "--format", "github")
    assert result.code == 1
    logged = [line for line in result.out.splitlines() if line.startswith("locale/")]
    assert len(logged) == 5  # the same five lines as the text format
    written = summary_file.read_text(encoding="utf-8")
    assert written.startswith("earlier step\n## mdgettext check\n")  # appended, as GitHub expects
    html = github_renders(written)
    assert html.count("<tr>") == (1 + 1) + (1 + 4) + (1 + 5)  # 1 catalog, 4 codes, 5 findings, each with its header
    assert '<td>locale/ko/LC_MESSAGES/links.po</td>\n<td align="right">5</td>' in html


def test_the_job_summary_shows_hostile_text_as_text() -> None:
    hostile = "a | b <script>alert(1)</script> [x](javascript:alert(1)) ![i](http://t/x.png) **b**\n## h"
    written = step_summary([finding(1, "links.added", message=hostile)], Summary(1, 1, 1))
    html = github_renders(written)
    rows = html.split("<tbody>")[-1].split("<tr>")[1:]
    assert len(rows) == 1 and rows[0].count("<td>") == 3
    assert "<td>a | b &lt;script&gt;" in rows[0]  # the | stayed inside its cell
    for live in ("<script", "<a ", "<img", "<strong>", "<h2>h"):
        assert live not in html.split("</table>")[-2], live
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
