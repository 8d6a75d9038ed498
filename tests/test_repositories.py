"""Any Markdown repository (issue 31): a README with its translation beside it, and a MkDocs
site, each taken through the commands a user runs, with no file moved.

- tests/data/readme: `README.md` and a Korean `README-ko.md` made by hand before the
  English gained a section. `init` recognises the layout, `import` finds the Korean by
  the `translations` pattern, and `build` writes `README-ko.md` again: the Korean where it
  was, the new English section byte for byte; a hand edit since is never lost.
- tests/data/mkdocs: a MkDocs site. `init` recognises it, the Korean comes from a
  compendium, `build` writes `docs/*.ko.md`, and the real `mkdocs build --strict` renders
  them: admonitions, details and tabs with Korean titles, formulas, headings that keep
  their English ids.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from conftest import DATA, cli, snapshot
from mdgettext.alignment.signals import signals
from mdgettext.layout import Translations, matches
from mdgettext.markdown.flavors import named
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.segment import segment
from mdgettext.project import load_config
from mkdocs_oracle import python_markdown, skeleton

README = DATA / "readme"
SITE = DATA / "mkdocs"

# README-ko.md as the build writes it after the import: reviewed by hand. The Korean of
# every block the English still has (a paragraph's line break kept as the translator wrote it),
# and the section the English gained since, in English, as README.md has it.
REBUILT = """\
# Tiny Queue

작은 팀을 위한 작업 큐입니다. 모든 작업은 SQLite 파일 하나에 있으므로
따로 돌릴 서버가 없습니다.

## 설치

```sh
pip install tiny-queue
```

파일을 다른 곳에 두려면 `$QUEUE_PATH`를 설정하세요. 기본값은 `$HOME/.queue`입니다.

## 사용법

`enqueue`로 큐에 작업을 넣은 뒤 워커를 시작하세요:

```python
queue.enqueue(send_mail, to="team@example.org")
```

> [!NOTE]
> 워커 하나는 한 번에 작업 하나를 처리합니다.

## Contributing

Read [CONTRIBUTING.md](CONTRIBUTING.md) before you open a pull request.
"""


@pytest.fixture(scope="module")
def readme(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The README repository after `init`, `extract`, `import -l ko`, `build -l ko`, and what each printed."""
    root = tmp_path_factory.mktemp("readme") / "repo"
    shutil.copytree(README, root)
    said = {}
    for command in (["init"], ["extract"], ["import", "-l", "ko"], ["build", "-l", "ko"]):
        result = cli("-C", root, *command)
        assert result.code == 0, result.err
        said[command[0]] = result.out + result.err
    return root, said


def test_init_recognises_a_readme_with_its_translation_beside_it(readme: tuple[Path, dict[str, str]]) -> None:
    root, said = readme
    assert "recognised README.md with README-ko.md beside it" in said["init"]
    config = load_config(root)
    assert (config.source, config.include, config.translations) == (".", ("README.md",), "{stem}-{lang}.md")
    assert (config.locales, config.flavor) == (("ko",), "gfm")
    assert config.chapters() == ["README"]  # not README-ko, nor anything under build/ or locale/


def test_import_finds_the_translation_by_the_pattern_and_build_writes_it_back(
    readme: tuple[Path, dict[str, str]],
) -> None:
    root, said = readme
    assert "README.md:12: aligned with README-ko.md:12" in said["import"]  # a paragraph of `$…` code spans
    assert "math" not in said["import"] and "formula" not in said["import"]
    assert "README-ko.md: 2 of 9 messages fell back to English" in said["build"]
    assert (root / "README-ko.md").read_text(encoding="utf-8") == REBUILT
    assert (root / "README.md").read_bytes() == (README / "README.md").read_bytes()
    assert (root / "build" / "ko" / "README.html").is_file() and not (root / "build" / "ko" / "README.md").exists()
    before = snapshot(root / "locale")
    assert cli("-C", root, "-q", "extract").code == 0  # the translation is read back as no chapter
    assert snapshot(root / "locale") == before


@pytest.mark.parametrize("flavor", FLAVORS)
def test_import_reads_dollars_in_code_spans_as_code(flavor: str) -> None:
    """Issue 31 saw `import` give formula reasons for `$` in code spans; on every flavor
    they are code, which the pairing compares as code."""
    doc = segment("Set `$QUEUE_PATH`; `$HOME/.queue` is kept, and `a $b$ c` too.\n", "x.md", flavor=named(flavor))
    (found,) = signals(doc)
    assert found.math == frozenset()
    assert found.code == {"$QUEUE_PATH", "$HOME/.queue", "a $b$ c"}


def test_a_translation_edited_by_hand_is_never_replaced_unread(readme: tuple[Path, dict[str, str]]) -> None:
    root, _ = readme
    translated = root / "README-ko.md"
    translated.write_text(REBUILT + "\n## 감사의 말\n\n도와주신 모든 분께 감사드립니다.\n", encoding="utf-8")
    (root / "locale" / "ko" / "LC_MESSAGES" / "README.po").touch()  # any build would redo the chapter
    before = snapshot(root)
    refused = cli("-C", root, "build", "-l", "ko")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert (
        "README-ko.md: the build would replace it" in refused.err
        and "mdgettext import -l ko README-ko.md" in refused.err
    )
    assert snapshot(root) == before
    assert cli("-C", root, "-q", "import", "-l", "ko").code == 0  # the translator's section becomes an addendum
    assert cli("-C", root, "-q", "build", "-l", "ko").code == 0
    assert translated.read_text(encoding="utf-8").endswith("## 감사의 말\n\n도와주신 모든 분께 감사드립니다.\n")


# ---------------------------------------------------------------- a MkDocs site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample MkDocs site after `init --locale ko`, `extract`, `update` from the Korean
    compendium, the three names that stay as they are filled in, and `build -l ko`."""
    root = tmp_path_factory.mktemp("mkdocs") / "site"
    shutil.copytree(SITE, root, ignore=shutil.ignore_patterns("ko.po"))
    for command in (
        ["init", "--locale", "ko"],
        ["extract"],
        ["update", "-l", "ko", "--compendium", SITE / "ko.po", "--tm-exact"],
    ):
        assert cli("-C", root, "-q", *command).code == 0
    for chapter in ("index", "guide"):
        catalog = root / "locale" / "ko" / "LC_MESSAGES" / f"{chapter}.po"
        po = polib.pofile(str(catalog))
        for entry in po:
            if not entry.msgstr and entry.msgid in ("Tiny Queue", "pip", "uv"):  # names, kept
                entry.msgstr = entry.msgid
                entry.tcomment = "mdgettext-ignore: typography.copied" if entry.msgid == "pip" else ""
        po.save()
    assert cli("-C", root, "check", "-l", "ko", "--strict").code == 0
    result = cli("-C", root, "-q", "build", "-l", "ko")
    assert result.code == 0, result.err
    return root


def test_init_recognises_a_mkdocs_site(site: Path) -> None:
    config = load_config(site)
    assert (config.flavor, config.math, config.source, config.heading_ids) == ("mkdocs", "arithmatex", "docs", True)
    assert config.translations == "docs/{stem}.{lang}.md"  # mkdocs-static-i18n's default; plain MkDocs finds the images
    assert config.chapters() == ["guide", "index"]


@pytest.mark.parametrize("page", ["index", "guide"])
def test_the_korean_keeps_the_structure_python_markdown_reads(site: Path, page: str) -> None:
    english = (site / "docs" / f"{page}.md").read_text(encoding="utf-8")
    korean = (site / "docs" / f"{page}.ko.md").read_text(encoding="utf-8")
    words = ("title", "text")
    shape = [part for part in skeleton(python_markdown(english)) if part[0] not in words]
    assert [part for part in skeleton(python_markdown(korean)) if part[0] not in words] == shape
    assert "Tiny Queue는 작은 팀을 위한 작업 큐입니다." in korean or page == "guide"


def test_the_korean_build_renders_in_mkdocs(site: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", "site"],
        check=False,
        cwd=site,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    index = (site / "site" / "index.ko" / "index.html").read_text(encoding="utf-8")
    guide = (site / "site" / "guide.ko" / "index.html").read_text(encoding="utf-8")
    assert '<p class="admonition-title">시작하기 전에</p>' in index
    assert '<h2 id="design">설계</h2>' in index  # the English id, which links elsewhere name
    assert '<span class="arithmatex">\\(O(\\log N)\\)</span>' in index
    assert '<p class="lead">Tiny Queue는 작은 팀을 위한 작업 큐입니다.' in index
    assert "Tiny Queue is made by volunteers" in index  # the snippet, filled in by MkDocs
    assert '<p class="admonition-title">작업은 <em>멱등</em>이어야 합니다</p>' in guide
    assert "<summary>왜 SQLite인가요?</summary>" in guide and ">소스에서</label>" in guide
    assert '<img alt="큐 그림" src="../queue.png" width="300" />' in guide


def test_an_untranslated_build_gives_back_every_page_byte_for_byte(site: Path) -> None:
    assert cli("-C", site, "-q", "update", "-l", "ja").code == 0
    assert cli("-C", site, "-q", "build", "-l", "ja", "--format", "md").code == 0
    for page in ("index", "guide"):
        assert (site / "docs" / f"{page}.ja.md").read_bytes() == (site / "docs" / f"{page}.md").read_bytes()


# ---------------------------------------------------------------- the patterns (the layouts init recognises: test_init_layouts.py)


@pytest.mark.parametrize(
    ("pattern", "path", "parsed"),
    [
        ("{stem}-{lang}.md", "README-zh-Hans.md", ("README", "zh-Hans")),
        ("{stem}-{lang}.md", "getting-started-ko.md", ("getting-started", "ko")),
        ("docs/{lang}/{path}", "docs/ko/guide/intro.md", ("guide/intro", "ko")),
        ("docs/{stem}.{lang}.md", "docs/index.pt_BR.md", ("index", "pt_BR")),
        ("build/{lang}/{path}", "build/ko/README.md", ("README", "ko")),
        ("docs/{lang}/{path}", "docs/guide.md", None),
    ],
)
def test_a_pattern_says_where_a_translation_goes_and_whose_it_is(
    pattern: str, path: str, parsed: tuple[str, str] | None
) -> None:
    translations = Translations(pattern)
    assert translations.problem() is None
    assert translations.parse(path) == parsed
    if parsed is not None:
        assert translations.path(*parsed) == path


@pytest.mark.parametrize(
    ("setting", "words"),
    [
        ('translations = "{stem}.md"', "needs {lang}"),
        ('translations = "{lang}/index.md"', "needs {path} or {stem}"),
        ('translations = "{lang}/{name}.md"', "{name} is no field"),
        ('translations = "../{lang}/{path}"', "must stay inside the project"),
        ('translations = "locale/{lang}/{path}"', "leads into locale_dir"),
        ('include = ["../*.md"]', "is not a glob inside the source folder"),
    ],
)
def test_a_wrong_layout_setting_is_one_line_naming_it(project: Path, setting: str, words: str) -> None:
    (project / "mdgettext.toml").write_text(setting + "\n", encoding="utf-8")
    result = cli("-C", project, "extract")
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"mdgettext.toml:1: {setting.split(' =', maxsplit=1)[0]}" in result.err and words in result.err


def test_globs_match_within_and_across_folders() -> None:
    assert matches("README.md", ["*.md"]) and not matches("docs/a.md", ["*.md"])
    assert matches("docs/a/b.md", ["docs/**/*.md"]) and matches("docs/b.md", ["docs/**/*.md"])
    assert matches("drafts/x/y.md", ["drafts"])  # a folder excludes everything in it
    assert matches("ch1.md", ["ch[0-9].md"]) and not matches("ch1.md", ["ch[!0-9].md"])
