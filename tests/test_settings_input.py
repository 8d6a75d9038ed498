"""Settings are untrusted input too: a value that would reach every page or every
catalog header is refused with one line naming the file, the line and the fix, and
`init` writes nothing every later command would refuse."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from conftest import cli, snapshot


def one_error(result_err: str) -> str:
    lines = result_err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mdgettext: error: "), result_err
    return lines[0].removeprefix("mdgettext: error: ")


def chapter(project: Path, settings: str, file: str = "mdgettext.toml") -> Path:
    (project / "source" / "en" / "a.md").write_text("# Title\n\nSee [b](../b).\n", encoding="utf-8")
    (project / file).write_text(settings, encoding="utf-8")
    return project


@pytest.mark.parametrize(
    "written",  # the value as TOML text
    [
        '"javascript:alert(1);//x"',
        '" JaVaScRiPt:alert(1)"',
        '"java\\tscript:alert(1)"',  # a tab, which a browser drops from a URL
        '"data:text/html,hi"',
        '"//example.org/book"',
        '"example.org/book"',
        """'https://example.org/"onmouseover="x'""",
        '"https://example.org/book?x=1"',
        '"https://"',
    ],
)
def test_a_site_url_that_is_no_web_address_is_refused_with_its_line(project: Path, written: str) -> None:
    chapter(project, f'name = "Book"\nsite_url = {written}\n')
    result = cli("-C", project, "build", "-l", "en")
    assert result.code == 2
    assert one_error(result.err).startswith("mdgettext.toml:2: site_url = ") and "is not a web address" in result.err
    assert not (project / "build").exists()


@pytest.mark.parametrize(
    "url", ["https://example.org/book", "http://localhost:4000", "https://jax-ml.github.io/scaling-book/"]
)
def test_a_web_address_is_a_site_url(project: Path, url: str) -> None:
    chapter(project, f'site_url = "{url}"\n')
    assert cli("-C", project, "-q", "build", "-l", "en").code == 0
    page = (project / "build" / "en" / "a.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{url.rstrip("/")}/a/">' in page


@pytest.mark.parametrize(
    "settings, file, where",
    [
        ('name = "Book\\nReport-Msgid-Bugs-To: evil@example.org"\n', "mdgettext.toml", "mdgettext.toml:1: name = "),
        ('locales = ["ko"]\nversion = "1.0\\r\\nX: y"\n', "mdgettext.toml", "mdgettext.toml:2: version = "),
        ('[project]\nname = "book\\u2028x"\n', "pyproject.toml", "pyproject.toml:2: [project] name = "),
    ],
)
def test_a_name_or_version_on_two_lines_is_refused_before_any_catalog_has_it(
    project: Path, settings: str, file: str, where: str
) -> None:
    chapter(project, settings, file)
    result = cli("-C", project, "extract")
    assert result.code == 2 and one_error(result.err).startswith(where) and "write it on one line" in result.err
    assert not (project / "locale").exists()


def test_a_name_on_one_line_reaches_the_header_as_written(project: Path) -> None:
    chapter(project, 'name = "How to Scale: Part 11"\nversion = "2.0"\nlocales = ["ko"]\n')
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    po = polib.pofile(str(project / "locale" / "ko" / "LC_MESSAGES" / "a.po"))
    assert po.metadata["Project-Id-Version"] == "How to Scale: Part 11 2.0"


@pytest.mark.parametrize(
    "settings, file, line",
    [
        ("locales = " + "[" * 3000 + "]" * 3000 + "\n", "mdgettext.toml", 1),
        ('name = "x"\n\nflavor = ' + "{a = " * 3000 + "1" + "}" * 3000 + "\n", "mdgettext.toml", 3),
        ("[tool.mdgettext]\nlocales = [\n" + "[\n" * 3000 + "]\n" * 3000 + "]\n", "pyproject.toml", 102),
    ],
)
def test_settings_nested_thousands_deep_are_one_line(project: Path, settings: str, file: str, line: int) -> None:
    chapter(project, settings, file)
    for command in ("extract", "check", "build"):
        result = cli("-C", project, command)
        assert result.code == 2 and one_error(result.err) == (
            f"{file}:{line}: arrays or tables nested more than 100 deep, which no setting needs; write the value flat"
        )


@pytest.mark.parametrize("name", ["path", "src", "url", "href", "image_url", "Poster"])
def test_liquid_prose_refuses_an_argument_that_holds_a_path_or_url(project: Path, name: str) -> None:
    chapter(project, f'flavor = "kramdown"\nliquid_prose = {{ "figure.liquid" = ["caption", "{name}"] }}\n')
    result = cli("-C", project, "extract")
    assert result.code == 2
    assert one_error(result.err).startswith(f"mdgettext.toml:2: liquid_prose: {name!r} of 'figure.liquid' holds a path")


def test_liquid_prose_of_words_is_accepted(project: Path) -> None:
    chapter(project, 'liquid_prose = { "figure.liquid" = ["caption", "title"], "note.liquid" = ["text"] }\n')
    assert cli("-C", project, "-q", "extract").code == 0


@pytest.mark.parametrize(
    "option, shown",
    [
        (["--source", "/nonexistent/dir"], "source = '/nonexistent/dir' is outside the project"),
        (["--source", "../elsewhere"], "source = '../elsewhere' is outside the project"),
        (["--build-dir", "locale/build"], "build_dir = 'locale/build' is inside locale_dir"),
        (["--site-url", "javascript:alert(1)"], "site_url = 'javascript:alert(1)' is not a web address"),
        (["--name", "a\nb: c"], "name = 'a\\nb: c' holds a line break"),
    ],
)
def test_init_writes_nothing_a_later_command_would_refuse(project: Path, option: list[str], shown: str) -> None:
    before = snapshot(project)
    result = cli("-C", project, "init", *option)
    assert result.code == 2 and one_error(result.err).startswith(f"mdgettext.toml: not written: {shown}"), result.err
    assert snapshot(project) == before
