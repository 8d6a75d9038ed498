"""A maintainer's last word: a translation `check` calls an error, accepted in the settings.

The judge can be wrong about a page (a construct no one thought of). A maintainer
who reads the page and finds it right puts the translation's key, which `check
--format json` prints with the error, in the `accept` setting: the error becomes a
warning that says so, and the build publishes the translation. The key is one exact
msgid and msgstr: any later edit voids it. Nothing in a catalog can do this, and no
setting publishes what could run or load.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import cli, translated_chapter
from mdgettext.model import accept_key

ENGLISH = "It depends on X here.\n"
SPLIT = "X에\n\n의존한다."  # a paragraph split in two: structure.changed, an error


def project_with(project: Path, msgstr: str, accept: tuple[str, ...] = ()) -> Path:
    settings = 'locales = ["ko"]\nflavor = "kramdown"\n' + (f"accept = {json.dumps(list(accept))}\n" if accept else "")
    translated_chapter(project, settings, "a", ENGLISH, "ko", {ENGLISH.strip(): msgstr})
    return project


def errors(project: Path) -> list[dict]:
    found = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json").out)
    return [f for f in found if f["severity"] == "error"]


def built(project: Path) -> str:
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0
    return (project / "build" / "ko" / "a.md").read_text(encoding="utf-8")


def test_an_accepted_translation_is_published_with_a_warning_that_says_so(project: Path) -> None:
    [error] = errors(project_with(project, SPLIT))
    assert error["code"] == "structure.changed" and error["accept"] == accept_key(None, ENGLISH.strip(), SPLIT)
    assert "의존한다" not in built(project)  # refused: the English is published
    project_with(project, SPLIT, (error["accept"],))
    result = cli("-C", project, "check", "-l", "ko")
    assert result.code == 0, result.out
    assert "warning: " in result.out and "(accepted in the settings) [structure.changed]" in result.out
    assert SPLIT in built(project)


def test_an_edit_voids_the_acceptance(project: Path) -> None:
    key = accept_key(None, ENGLISH.strip(), SPLIT)
    project_with(project, SPLIT + " 정말로", (key,))
    assert [f["code"] for f in errors(project)] == ["structure.changed"]


def test_no_acceptance_publishes_what_could_run(project: Path) -> None:
    hostile = '<img src=x onerror="alert(1)">X에 의존한다.'
    key = accept_key(None, ENGLISH.strip(), hostile)
    project_with(project, hostile, (key,))
    [error] = errors(project)
    assert error["code"] == "safety.active-content" and "cannot publish this: it could run or load" in error["message"]
    assert "onerror" not in built(project)


def test_a_key_that_is_no_key_is_a_settings_error(project: Path) -> None:
    (project / "mdgettext.toml").write_text('accept = ["structure.changed"]\n', encoding="utf-8")
    result = cli("-C", project, "check")
    assert result.code == 2
    assert result.err == (
        "mdgettext: error: mdgettext.toml:1: accept: 'structure.changed' is no key `check` prints "
        "(20 hexadecimal digits); copy it from check's finding\n"
    )


def test_an_image_accepted_as_a_link_is_still_refused(project: Path) -> None:
    """The links check calls an added image "a link"; what the element does decides: it loads."""
    english = "See [the docs](https://example.org/docs) here.\n"
    image = "[문서](https://example.org/docs) ![](https://evil.example/p.gif) 참고."
    settings = 'locales = ["ko"]\nflavor = "kramdown"\n'
    translated_chapter(project, settings, "a", english, "ko", {english.strip(): image})
    [error] = errors(project)
    assert error["code"] == "links.added"
    translated_chapter(
        project, settings + f'accept = ["{error["accept"]}"]\n', "a", english, "ko", {english.strip(): image}
    )
    [still] = errors(project)
    assert still["code"] == "links.added" and "cannot publish this: it could run or load" in still["message"]
    assert "evil.example" not in built(project)
