"""Progress on long jobs (issue 41), as a person at a terminal meets it: the real command in
a pseudo-terminal, whose output is read as the terminal receives it.

A job that makes a person wait says where it is (`[2/3] chapter (ko, en)`, rewritten in
place on standard error); a log, a pipe, CI and `--quiet` get the result lines alone.
The command line waits a second before it shows a line (a job done in a blink prints
none); the tests set that wait to nothing (MDGETTEXT_PROGRESS_AFTER=0), and one test
keeps the second.
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

import mdgettext
from conftest import cli
from mdgettext.commands.terminal import PROGRESS_AFTER

CHAPTERS = ("one", "two", "three")


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project of three chapters with Korean catalogs."""
    root = tmp_path_factory.mktemp("progress") / "book"
    (root / "source" / "en").mkdir(parents=True)
    for name in CHAPTERS:
        (root / "source" / "en" / f"{name}.md").write_text(f"# {name.title()}\n\nSome text.\n", encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    return root


def in_a_terminal(root: Path, *args: str, after: str = "0", ci: str | None = None) -> str:
    """What a terminal shows while `mdgettext -C root ARGS` runs: standard output and
    error both on the pseudo-terminal, carriage returns and all."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", PROGRESS_AFTER)}
    env |= {"PYTHONPATH": str(Path(mdgettext.__file__).parents[1]), PROGRESS_AFTER: after, "COLUMNS": "100"}
    if ci is not None:
        env["CI"] = ci
    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "mdgettext", "-C", str(root), *args],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        env=env,
        close_fds=True,
    )
    os.close(secondary)
    shown = b""
    try:
        while True:
            ready, _, _ = select.select([primary], [], [], 60)
            if not ready:
                raise AssertionError(f"no output for 60 s: {shown!r}")
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the terminal closed: the process is done
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(primary)
        assert process.wait(timeout=60) == 0, shown
    return shown.decode("utf-8").replace("\r\n", "\n")  # the terminal's own line ending for `\n`


def test_a_build_shows_each_chapter_as_it_goes_and_wipes_the_line(three: Path) -> None:
    shown = in_a_terminal(three, "build", "-l", "ko", "--force", "-j", "1")
    for done, name in enumerate(CHAPTERS_IN_ORDER):
        assert f"\r[{done}/3] {name} (ko)" in shown, shown
    last = shown.rindex("\r[")
    wiped = shown.index("\r", last + 1)
    assert shown[wiped:].lstrip("\r ").startswith("build/ko/"), "the line is wiped before the results"
    assert "build/ko/two.html: 2 of 2 messages fell back to English" in shown


CHAPTERS_IN_ORDER = sorted(CHAPTERS)  # the build goes in the chapters' order


@pytest.mark.parametrize("command", [("extract",), ("check", "-l", "ko")])
def test_extract_and_check_show_theirs(three: Path, command: tuple[str, ...]) -> None:
    shown = in_a_terminal(three, *command)
    assert "\r[0/3] " in shown and "\r[2/3] " in shown, shown


@pytest.mark.parametrize(
    "how",
    [
        {"args": ("-q",)},  # --quiet: errors and warnings only
        {"ci": "true"},  # CI: a log
        {"after": "30"},  # the job is done before the line would show
    ],
    ids=["quiet", "ci", "quick"],
)
def test_no_progress_when_quiet_in_ci_or_for_a_quick_job(three: Path, how: dict) -> None:
    shown = in_a_terminal(
        three,
        *how.get("args", ()),
        "build",
        "-l",
        "ko",
        "--force",
        "-j",
        "1",
        after=how.get("after", "0"),
        ci=how.get("ci"),
    )
    assert "\r" not in shown and "[0/3]" not in shown, shown


def test_no_progress_into_a_pipe(three: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1]), PROGRESS_AFTER: "0"}
    env.pop("CI", None)
    done = subprocess.run(
        [sys.executable, "-m", "mdgettext", "-C", str(three), "build", "-l", "ko", "--force", "-j", "1"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "\r" not in done.stderr + done.stdout and done.stderr == ""
