"""A project's own page templates and stylesheet are input like any other: a slip in
one is a single error line naming the file and its line, and the build writes
nothing (serving goes on: tests/test_serve.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cli, snapshot


@pytest.fixture
def chapter(project: Path) -> Path:
    (project / "source" / "en" / "a.md").write_text("# Title\n\nText.\n", encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    (project / "templates").mkdir()
    return project


@pytest.mark.parametrize(
    "name, content, shown",
    [
        (
            "chapter.html.j2",
            "<!DOCTYPE html>\n<title>{{ titel }}</title>\n",
            "templates/chapter.html.j2:2: 'titel' is undefined; fix the template",
        ),
        ("chapter.html.j2", "<p>\n\n{% if %}x{% endif %}\n", "templates/chapter.html.j2:3: Expected an expression"),
        ("review.html.j2", "{{ rows[0].nothing.at_all }}\n", "templates/review.html.j2:1: "),
        ("chapter.html.j2", "a\n{{ 1 // 0 }}\n", "templates/chapter.html.j2:2: integer division or modulo by zero"),
        (
            "chapter.html.j2",
            "a\nb\n{% include 'missing.j2' %}\n",
            "templates/chapter.html.j2:3: includes 'missing.j2', which is no template",
        ),
        ("chapter.html.j2", b"ok\n\xff\xfe{{ title }}\n", "templates/chapter.html.j2:2: not valid UTF-8"),
        ("mdgettext.css", b"body { color: red }\n\n\xe9t\xe9\n", "templates/mdgettext.css:3: not valid UTF-8"),
    ],
)
def test_a_broken_template_is_one_line_and_nothing_is_written(
    chapter: Path, name: str, content: str | bytes, shown: str
) -> None:
    path = chapter / "templates" / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = snapshot(chapter)
    result = cli("-C", chapter, "build", "-l", "en", "-l", "ko")
    lines = result.err.strip().splitlines()
    assert result.code == 2 and len(lines) == 1 and lines[0].startswith(f"mdgettext: error: {shown}"), result.err
    assert snapshot(chapter) == before


def test_a_template_that_uses_what_the_page_gives_it_builds(chapter: Path) -> None:
    (chapter / "templates" / "chapter.html.j2").write_text(
        "<!DOCTYPE html>\n<title>{{ title }}</title>\n<p>{{ ui.part.format(number=7) }}</p>\n{{ body }}\n",
        encoding="utf-8",
    )
    assert cli("-C", chapter, "-q", "build", "-l", "ko").code == 0
    page = (chapter / "build" / "ko" / "a.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>\n<title>Title</title>\n<p>7장</p>\n")
