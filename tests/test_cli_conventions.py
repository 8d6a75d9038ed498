"""What every command does alike: `-q` on either side of the command, a quiet stop
when the reader of its output goes away, counts in good English, each warning once."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest

import mdgettext
from conftest import REPO, cli
from mdgettext.cli import CLOSED_PIPE, parser
from mdgettext.commands.serve import Preview
from mdgettext.commands.terminal import Reporter
from mdgettext.project import load_config
from mdgettext.report import counted

CHAPTER = "# Title\n\nSome text.\n"
# Every command, with what it needs to run in a project made by `book`.
COMMANDS = {
    "extract": ["extract"],
    "update": ["update", "-l", "ko"],
    "build": ["build", "-l", "ko", "--format", "md"],
    "check": ["check", "-l", "ko"],
    "import": ["import", "-l", "ko", "--dry-run", "ko/intro.md"],
    "init": ["init", "--locale", "ja"],
    "merge-driver": ["merge-driver", "base.po", "ours.po", "theirs.po"],
    "serve": ["serve", "-l", "ko"],
    "tm": ["tm", "-l", "ko", "--export", "tm.po"],
    "export": ["export", "-l", "ko"],
    "stats": ["stats", "-l", "ko"],
}


@pytest.fixture
def book(project: Path) -> Path:
    """One chapter, extracted and updated, with a translated copy to import and three catalogs to merge."""
    (project / "source" / "en" / "intro.md").write_text(CHAPTER, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    (project / "ko").mkdir()
    (project / "ko" / "intro.md").write_text("# 제목\n\n본문.\n", encoding="utf-8")
    catalog = (project / "locale" / "ko" / "LC_MESSAGES" / "intro.po").read_text(encoding="utf-8")
    for side in ("base", "ours", "theirs"):
        (project / f"{side}.po").write_text(catalog, encoding="utf-8")
    return project


def test_every_command_is_listed_here() -> None:
    [sub] = [a for a in parser()._actions if a.dest == "command"]
    assert set(sub.choices) == set(COMMANDS)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - {"serve"}))
def test_quiet_goes_before_or_after_the_command(book: Path, name: str) -> None:
    args = COMMANDS[name]

    def fresh() -> Path:  # init writes the settings once, then refuses: each run starts without them
        (book / "mdgettext.toml").unlink(missing_ok=True)
        return book

    before = cli("-C", fresh(), "-q", *args)
    after = cli("-C", fresh(), *args, "--quiet")
    assert (before.code, before.out) == (after.code, after.out)
    if name in ("check", "stats"):  # what was asked for prints even when quiet: findings, the table
        assert after.out == cli("-C", fresh(), *args).out != ""
    else:
        assert after.out == ""
    assert cli("-C", fresh(), *args).out != "" or name == "merge-driver"  # without -q there is something to silence


def test_quiet_after_serve_is_parsed() -> None:
    assert parser().parse_args(["serve", "-q"]).quiet is True
    assert parser().parse_args(["-q", "serve"]).quiet is True
    assert parser().parse_args(["serve"]).quiet is False


def mdgettext_process(args: list[str], cwd: Path, stdout: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(mdgettext.__file__).parents[1])}
    command = [sys.executable, "-m", "mdgettext", *args]
    return subprocess.run(
        command, check=False, cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize(
    "args", [["--help"], ["check", "--list"], *(COMMANDS[n] for n in ("extract", "update", "check", "stats", "serve"))]
)
def test_a_reader_that_went_away_stops_the_command_quietly(book: Path, args: list[str]) -> None:
    """`mdgettext check | head -1`: the pipe's reading end is closed before the command
    writes, so its first line meets a broken pipe, every time."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = mdgettext_process(args, book, write)
    finally:
        os.close(write)
    # argparse itself drops a --help it cannot write, and exits 0
    assert result.returncode == (0 if args == ["--help"] else CLOSED_PIPE) and CLOSED_PIPE == 141
    assert result.stderr == ""  # no traceback, no "Exception ignored" at exit


def test_output_thrown_away_is_no_error(book: Path) -> None:
    result = mdgettext_process(COMMANDS["stats"], book, subprocess.DEVNULL)
    assert (result.returncode, result.stderr) == (0, "")


def test_counts_agree_with_their_nouns() -> None:
    assert [counted(n, "chapter") for n in (0, 1, 2)] == ["0 chapters", "1 chapter", "2 chapters"]
    assert [counted(n, "entry", "entries") for n in (0, 1, 2)] == ["0 entries", "1 entry", "2 entries"]


def test_one_of_everything_is_said_in_the_singular(book: Path) -> None:
    (book / "source" / "en" / "intro.md").write_text("Some text.\n", encoding="utf-8")
    assert "locale/intro.pot: 1 message (written)" in cli("-C", book, "extract").out
    assert cli("-C", book, "update", "-l", "ko").code == 0
    po_path = book / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    po.find("Some text.").msgstr = "본문."
    po.save()
    assert "tm.po: 1 message from 1 catalog" in cli("-C", book, *COMMANDS["tm"]).out
    assert "checked 1 catalog, 1 entry: 0 errors" in cli("-C", book, *COMMANDS["check"]).out
    assert "build/progress.html: progress of 1 catalog" in cli("-C", book, *COMMANDS["stats"], "--html").out
    built = cli("-C", book, *COMMANDS["build"]).out
    assert "0 of 1 message fell back to English" in built
    assert "up to date (1 chapter build;" in cli("-C", book, *COMMANDS["build"]).out


# `f"{len(x)} things"`, `f"{n} entries"`: a count printed beside a plural it does not choose.
HARD_PLURAL = re.compile(r"\bf[\"'].*\{(len\([^{}()]*\)|([a-z_.]+[._])?(count|total|number|n))\} (?!of\b)[a-z]+s\b")


def test_no_count_is_printed_beside_a_fixed_plural() -> None:
    found = [
        f"{path.relative_to(REPO)}:{n}: {line.strip()}"
        for path in sorted((REPO / "tools" / "mdgettext").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
        if HARD_PLURAL.search(line) and not line.lstrip().startswith("#")
    ]
    assert found == [], "use report.counted:\n" + "\n".join(found)


def test_the_same_warning_is_said_once() -> None:
    err = io.StringIO()
    report = Reporter(err=err)
    report.warn("x.po: no catalog")
    report.warn("x.po: no catalog")
    report.warn("y.po: no catalog")
    assert err.getvalue() == "mdgettext: warning: x.po: no catalog\nmdgettext: warning: y.po: no catalog\n"


def test_serve_says_a_missing_catalog_once_per_build(book: Path) -> None:
    (book / "source" / "en" / "second.md").write_text("Second.\n", encoding="utf-8")  # ko keeps a catalog
    assert cli("-C", book, "-q", "extract").code == 0
    assert cli("-C", book, "-q", "update", "-l", "ko").code == 0
    (book / "locale" / "ko" / "LC_MESSAGES" / "intro.po").unlink()
    out, err = io.StringIO(), io.StringIO()
    Preview(load_config(book), ["ko"], Reporter(out=out, err=err)).rebuild("first build")
    assert err.getvalue().count("no catalog; run `mdgettext update -l ko`") == 1
    assert out.getvalue() == "first build: built\n"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_usage_error_shows_the_commands_own_usage(book: Path, name: str) -> None:
    """An option the command lacks, or a -C folder that is not there: exit 2 with the
    usage line of the command the user typed, as its --help shows it."""
    for args in (["-C", book, *COMMANDS[name], "--frobnicate"], ["-C", book / "nope", *COMMANDS[name]]):
        result = cli(*args)
        assert result.code == 2 and "Traceback" not in result.err
        assert result.err.startswith(f"usage: mdgettext {name} "), result.err
    assert result.err.endswith(f"mdgettext {name}: error: -C {book / 'nope'}: no such folder\n")


def test_serve_refuses_an_unknown_language_before_it_serves(book: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mdgettext", "-C", str(book), "serve", "-l", "xx", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stderr.startswith("mdgettext: error: unknown locale code 'xx'")
    assert "serving" not in result.stdout + result.stderr
