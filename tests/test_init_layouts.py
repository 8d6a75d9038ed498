"""`init` on repositories that have translations already (issue 45, item 7), taken through
the four commands a new user runs: `init`, `extract`, `import -l xx`, `build -l xx`.

tests/data/layouts/ holds one small repository per layout docs/repositories.md
promises, each with its English and a translation side by side (hand-made for these
tests): README-ko.md, README.ja.md, README_zh-CN.md; docs/de/; mkdocs-static-i18n's
folders and its suffixes, both with Ukrainian as the site's default and the English the
language the others were translated from (the Ukrainian has a paragraph of its own, so a
Korean imported against it, as init had it, came back with that paragraph in Ukrainian); mkdocs-static-i18n's folders with the English default
in docs/ itself, docs/ko/ beside its pages; an mdBook with its Korean book in ko/src/; and
the multilingual mdBook fork's src/en/, src/fr/. After the four commands the translation
is where it was, as the translator wrote it, and the English and every other language's
pages are the bytes they were.
"""

from __future__ import annotations

import io
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, cli, snapshot
from mdgettext.commands.init import init
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.project import Config, load_config
from mdgettext.recognise import Unnamed, choose, recognise

LAYOUTS = DATA / "layouts"


@dataclass(frozen=True)
class Case:
    """A repository of tests/data/layouts, the language imported and built, and what `init` must say and write."""

    folder: str
    language: str
    source: str  # the line init prints about the source
    settings: dict[str, Any]  # what the written settings read as
    translated: tuple[str, ...]  # the translation's files, where they are and stay
    seen: str = ""  # the `recognised ...` line
    also: tuple[str, ...] = field(default=())  # other lines init prints


CASES = [
    Case(
        "readme-dash",
        "ko",
        "source: README.md (English, the language the others translate (no name says otherwise); "
        "change with --source-language)",
        {"source": ".", "include": ("README.md",), "translations": "{stem}-{lang}.md", "locales": ("ko",)},
        ("README-ko.md",),
        "recognised README.md with README-ko.md beside it",
    ),
    Case(
        "readme-dot",
        "ja",
        "source: README.md (English, the language the others translate (no name says otherwise); "
        "change with --source-language)",
        {"source": ".", "include": ("README.md",), "translations": "{stem}.{lang}.md", "locales": ("ja",)},
        ("README.ja.md",),
        "recognised README.md with README.ja.md beside it",
    ),
    Case(
        "readme-underscore",
        "zh-CN",
        "source: README.md (English, the language the others translate (no name says otherwise); "
        "change with --source-language)",
        {"source": ".", "include": ("README.md",), "translations": "{stem}_{lang}.md", "locales": ("zh-CN",)},
        ("README_zh-CN.md",),
        "recognised README.md with README_zh-CN.md beside it",
    ),
    Case(
        "readme-folder",
        "de",
        "source: README.md (English, the language the others translate (no name says otherwise); "
        "change with --source-language)",
        {
            "source": ".",
            "include": ("README.md",),
            "translations": "translations/{stem}-{lang}.md",
            "locales": ("de",),
        },
        ("translations/README-de.md",),
        "recognised README.md with its translations in translations/ (translations/README-de.md)",
    ),
    Case(
        "docusaurus",
        "ko",
        "source: docs (English, the language the others translate (no name says otherwise); "
        "change with --source-language)",
        {
            "source": "docs",
            "translations": "i18n/{lang}/docusaurus-plugin-content-docs/current/{path}",
            "locales": ("ko",),
            "flavor": "gfm",
        },
        (
            "i18n/ko/docusaurus-plugin-content-docs/current/intro.md",
            "i18n/ko/docusaurus-plugin-content-docs/current/guide/install.md",
        ),
        "recognised docusaurus.config.js with i18n folders (i18n/ko/docusaurus-plugin-content-docs/current/)",
    ),
    Case(
        "docs-folders",
        "de",
        "source: docs (English, the language the others translate (no name says otherwise); change with --source)",
        {"source": "docs", "translations": "docs/{lang}/{path}", "locales": ("de",), "flavor": "gfm"},
        ("docs/de/index.md", "docs/de/install.md"),
        "recognised docs/ with docs/de/",
    ),
    Case(
        "mkdocs-folder",
        "ko",
        "source: docs/en (English, the language the others translate, though mkdocs.yaml's i18n default is "
        "Ukrainian; change with --source)",
        {
            "source": "docs/en",
            "source_language": "en",
            "translations": "docs/{lang}/{path}",
            "locales": ("ko", "uk"),
            "flavor": "mkdocs",
            "heading_ids": False,  # attr_list, but the translations there write no {#id}
        },
        ("docs/ko/index.md", "docs/ko/guide.md"),
        "recognised mkdocs.yaml with mkdocs-static-i18n's folders (docs/en/, docs/ko/, docs/uk/)",
    ),
    Case(
        "mkdocs-folder-root",
        "ko",
        "source: docs (English, the language the others translate; change with --source)",
        {
            "source": "docs",
            "source_language": "en",
            "translations": "docs/{lang}/{path}",
            "locales": ("ko",),
            "flavor": "mkdocs",
        },
        ("docs/ko/index.md", "docs/ko/guide.md"),
        "recognised mkdocs.yml with mkdocs-static-i18n's folders (docs/, docs/ko/)",
    ),
    Case(
        "mkdocs-suffix",
        "ko",
        "source: docs/*.en.md (English, the language the others translate, though mkdocs.yml's i18n default is "
        "Ukrainian; change with --source-language)",
        {
            "source": "docs",
            "include": ("**/*.en.md",),
            "source_language": "en",
            "translations": "docs/{stem}.{lang}.md",
            "locales": ("ko",),
            "flavor": "mkdocs",
        },
        ("docs/index.ko.md", "docs/guide.ko.md"),
        "recognised mkdocs.yml with mkdocs-static-i18n's suffixes (docs/*.md, docs/*.en.md, docs/*.ko.md)",
        ("uk: no locale, its pages are docs/*.md, and `translations` puts a language's at docs/{stem}.{lang}.md",),
    ),
    Case(
        "mdbook",
        "ko",
        "source: src (English, the language the others translate; change with --source-language)",
        {"source": "src", "translations": "{lang}/src/{path}", "locales": ("ko",), "flavor": "gfm", "math": "none"},
        ("ko/src/SUMMARY.md", "ko/src/intro.md", "ko/src/notes.md", "ko/src/contributors.md"),
        "recognised book.toml (mdBook) with src/, ko/src/",
    ),
    Case(
        "mdbook-multilingual",
        "fr",
        "source: src/en (English, the language the others translate; change with --source)",
        {"source": "src/en", "translations": "src/{lang}/{path}", "locales": ("fr",), "flavor": "gfm"},
        ("src/fr/SUMMARY.md", "src/fr/intro.md", "src/fr/notes.md", "src/fr/contributors.md"),
        "recognised book.toml (mdBook) with src/en/, src/fr/",
    ),
]


@dataclass(frozen=True)
class Walked:
    """A copy of a layout's repository after the four commands, and what each printed."""

    case: Case
    root: Path
    said: dict[str, str]


@pytest.fixture(scope="module", params=CASES, ids=[case.folder for case in CASES])
def walked(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Walked:
    case: Case = request.param
    root = tmp_path_factory.mktemp(case.folder) / "repo"
    shutil.copytree(LAYOUTS / case.folder, root)
    said = {}
    for command in (["init"], ["extract"], ["import", "-l", case.language], ["build", "-l", case.language]):
        result = cli("-C", root, *command)
        assert result.code == 0, f"{command}: {result.err}"
        said[command[0]] = result.out + result.err
    return Walked(case, root, said)


def markdown_files(root: Path) -> set[str]:
    """The repository's Markdown, the build's and the catalogs' folders aside."""
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*.md")
        if p.relative_to(root).parts[0] not in ("build", "locale")
    }


HEADING_ID = re.compile(r"^(#{1,6} .*?) \{#[A-Za-z][\w-]*\}$", re.MULTILINE)


def without_heading_ids(text: str) -> str:
    """A page without the `{#id}` that ends a heading: import does not keep a
    translator's own `{#id}` yet (the mdBook's `## 태그 {#tags}`; issue 45, item 2).
    English ids the translator never wrote are no longer added (`init`, `heading_ids`)."""
    return HEADING_ID.sub(r"\1", text)


def test_init_says_what_it_recognised_and_each_setting_it_wrote(walked: Walked) -> None:
    case, said = walked.case, walked.said["init"].splitlines()
    assert said[0] == case.seen and said[1] == case.source
    assert all(line in said for line in case.also)
    config = load_config(walked.root)
    assert {key: getattr(config, key) for key in case.settings} == case.settings
    written = (walked.root / "mdgettext.toml").read_text(encoding="utf-8").splitlines()
    settings = [line for line in written if line and not line.startswith("#")]
    printed = [line.strip().split("  # ")[0] for line in said if line.startswith("  ")]
    assert printed == settings  # every setting written is printed, with what it came from
    assert all("  # " in line for line in said if line.startswith("  "))


def test_the_translation_comes_back_where_it_was_as_it_was(walked: Walked) -> None:
    case, root = walked.case, walked.root
    assert markdown_files(root) == markdown_files(LAYOUTS / case.folder)  # nothing written anywhere else
    assert not list((root / "build" / case.language).glob("**/*.md"))
    for path in case.translated:
        assert path in walked.said["import"]  # import found it where `translations` says
        assert f"{path}: 0 of " in walked.said["build"]  # and build wrote it back there, nothing in English
        built = (root / path).read_text(encoding="utf-8")
        assert without_heading_ids(built) == without_heading_ids((LAYOUTS / case.folder / path).read_text("utf-8"))


def test_the_source_and_every_other_language_are_never_written(walked: Walked) -> None:
    case, root = walked.case, walked.root
    for path in markdown_files(LAYOUTS / case.folder) - set(case.translated):
        assert (root / path).read_bytes() == (LAYOUTS / case.folder / path).read_bytes(), path


def test_init_on_a_site_whose_default_is_not_english_prints_every_setting_and_its_reason(tmp_path: Path) -> None:
    root = tmp_path / "site"
    shutil.copytree(LAYOUTS / "mkdocs-folder", root)
    result = cli("-C", root, "init")
    assert (result.code, result.err) == (0, "")
    assert result.out == (
        "recognised mkdocs.yaml with mkdocs-static-i18n's folders (docs/en/, docs/ko/, docs/uk/)\n"
        "source: docs/en (English, the language the others translate, though mkdocs.yaml's i18n default is "
        "Ukrainian; change with --source)\n"
        '  source = "docs/en"  # the English pages are docs/en/\n'
        '  source_language = "en"  # docs/en/: mkdocs.yaml\'s i18n languages\n'
        '  translations = "docs/{lang}/{path}"  # mkdocs.yaml: i18n docs_structure: folder\n'
        '  locales = ["ko", "uk"]  # docs/ko/, docs/uk/\n'
        '  flavor = "mkdocs"  # mkdocs.yaml: MkDocs reads Markdown with Python-Markdown\n'
        '  math = "none"  # mkdocs.yaml: no pymdownx.arithmatex, so `$` is a dollar\n'
        "  heading_ids = false  # docs/ko/, docs/uk/: their headings have no {#id}, so each keeps the id its site "
        "gives it\n"
        "mdgettext.toml: written\n"
    )


def test_translated_headings_get_no_english_id_their_site_never_had(tmp_path: Path) -> None:
    # mkdocs-static-i18n with attr_list: docs/ko/'s headings have no {#id}, so the build
    # writes them back as they are, not `# 안내서 {#guide}` (issue 45, item 2)
    root = tmp_path / "repo"
    shutil.copytree(LAYOUTS / "mkdocs-folder", root)
    for command in (["init"], ["extract"], ["import", "-l", "ko"], ["build", "-l", "ko"]):
        assert cli("-C", root, *command).code == 0, command
    for page in ("docs/ko/index.md", "docs/ko/guide.md"):
        assert (root / page).read_bytes() == (LAYOUTS / "mkdocs-folder" / page).read_bytes()


@pytest.mark.parametrize(
    ("guide", "heading_ids"),
    [
        ("# 안내서\n\n## 태그\n", False),  # no {#id}: each heading keeps the id its site gives it
        ("# 안내서 {#guide}\n\n## 태그\n", True),  # the translator writes ids: the English ones are kept
    ],
)
def test_heading_ids_follow_what_the_translations_there_write(tmp_path: Path, guide: str, heading_ids: bool) -> None:
    root = copied(tmp_path, "mkdocs-folder")
    write(root / "docs" / "ko" / "guide.md", guide)
    assert cli("-C", root, "init").code == 0
    assert load_config(root).heading_ids is heading_ids


# ---------------------------------------------------------------- options merge with what was recognised


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def copied(tmp_path: Path, folder: str) -> Path:
    root = tmp_path / folder
    shutil.copytree(LAYOUTS / folder, root)
    return root


@pytest.mark.parametrize(
    ("options", "settings", "printed"),
    [
        (
            ["--source", "docs/en"],
            {"source_language": "en", "locales": ("ko", "uk")},
            '  source = "docs/en"  # --source',
        ),
        (
            ["--source", "docs/uk"],
            {"source": "docs/uk", "source_language": "uk", "locales": ("en", "ko")},
            "source: docs/uk (Ukrainian, as --source says)",
        ),
        (
            ["--source-language", "uk"],
            {"source": "docs/uk", "source_language": "uk", "locales": ("en", "ko")},
            '  source_language = "uk"  # --source-language',
        ),
        (
            ["--source-language", "en", "--source", "docs/en"],
            {"source": "docs/en", "locales": ("ko", "uk")},
            "source: docs/en (English, as --source-language says)",
        ),
        (
            ["--flavor", "commonmark"],
            {"flavor": "commonmark", "source": "docs/en"},
            '  flavor = "commonmark"  # --flavor',
        ),
        (["--locale", "ko"], {"locales": ("ko",), "source": "docs/en"}, '  locales = ["ko"]  # --locale'),
    ],
)
def test_an_option_merges_with_what_was_recognised(
    tmp_path: Path, options: list[str], settings: dict, printed: str
) -> None:
    root = copied(tmp_path, "mkdocs-folder")
    result = cli("-C", root, "init", *options)
    assert result.code == 0, result.err
    config = load_config(root)
    kept = {"flavor": "mkdocs", "heading_ids": False, "math": "none", "translations": "docs/{lang}/{path}"}
    assert {key: getattr(config, key) for key in {**kept, **settings}} == {**kept, **settings}
    assert printed in result.out.splitlines()


def test_a_source_elsewhere_keeps_what_the_site_says(tmp_path: Path) -> None:
    root = copied(tmp_path, "mkdocs-folder")
    result = cli("-C", root, "init", "--source", "manual")
    assert result.code == 0, result.err
    assert "--source manual: not where this layout's pages are" in result.out
    config = load_config(root)
    assert (config.source, config.flavor, config.heading_ids, config.locales) == ("manual", "mkdocs", True, ())
    assert config.translations == "build/{lang}/{path}"  # the default


@pytest.mark.parametrize(
    ("folder", "options", "words"),
    [
        (
            "mkdocs-folder",
            ["--source", "docs/uk", "--source-language", "en"],
            "--source-language en: the English pages are docs/en/, not docs/uk; give --source docs/en",
        ),
        (
            "mkdocs-folder",
            ["--source-language", "fr"],
            "--source-language fr: none of this layout's pages are in it",
        ),
        (
            "readme-dash",
            ["--source-language", "ko"],
            "--source-language ko: README-ko.md is the Korean translation, and README.md is another language's",
        ),
        ("mdbook", ["--source-language", "ko"], "--source-language ko: ko/src/ is the Korean translation"),
    ],
)
def test_a_source_language_that_would_label_other_pages_is_refused(
    tmp_path: Path, folder: str, options: list[str], words: str
) -> None:
    root = copied(tmp_path, folder)
    before = snapshot(root)
    result = cli("-C", root, "init", *options)
    assert result.code == 2 and result.err.count("\n") == 1 and words in result.err
    assert snapshot(root) == before


def test_a_readme_beside_its_english_translation_is_asked_its_language(project: Path) -> None:
    for name, text in (("README.md", "# 工具\n"), ("README.en.md", "# Tool\n"), ("README.ja.md", "# ツール\n")):
        write(project / name, text)
    result = cli("-C", project, "init")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "README.md: not English (README.en.md is its English); say which language it is written in" in result.err
    assert not (project / "mdgettext.toml").exists()
    asked: list[str] = []
    assert init(project, {}, Reporter(out=io.StringIO()), ask=lambda prompt: asked.append(prompt) or "zh") == 0
    assert asked[0].startswith("source_language: README.md: not English")
    config = load_config(project)
    assert (config.source_language, config.locales, config.translations) == ("zh", ("en", "ja"), "{stem}.{lang}.md")


# ---------------------------------------------------------------- the layouts, read


def recognised(paths: list[str], configs: dict[str, Any], **given: Any) -> dict[str, Any] | None:
    """The settings `init` would write for a repository of `paths` and `configs`."""
    layout = recognise(paths, configs)
    return None if layout is None else {key: each.value for key, each in choose(layout, given).settings.items()}


I18N = {"plugins": [{"search": {}}, {"i18n": {"docs_structure": "folder", "languages": [{"locale": "en"}]}}]}


@pytest.mark.parametrize(
    ("paths", "configs", "settings"),
    [
        (["README.md", "README-ko.md"], {}, {"source": ".", "translations": "{stem}-{lang}.md", "locales": ("ko",)}),
        (["readme.md", "readme_ja.md"], {}, {"include": ("readme.md",), "translations": "{stem}_{lang}.md"}),
        (  # an English README.en.md named otherwise than the translations is none of them
            ["README.md", "README.en.md", "README-ko.md"],
            {},
            {"translations": "{stem}-{lang}.md", "locales": ("ko",)},
        ),
        (  # the separator most translations use; a README is no translation of another
            ["README.md", "README-ko.md", "README-ja.md", "README.fr.md", "README-not.md"],
            {},
            {"translations": "{stem}-{lang}.md", "locales": ("ja", "ko")},
        ),
        (["docs/a.md", "docs/ko/a.md", "docs/img/x.png"], {}, {"source": "docs", "translations": "docs/{lang}/{path}"}),
        (
            ["docs/en/a.md", "docs/ko/a.md", "docs/images/x.png"],
            {},
            {"source": "docs/en", "source_language": "en", "locales": ("ko",)},
        ),
        (
            ["docs/a.md"],
            {"mkdocs.yml": {"docs_dir": "site-docs"}},
            {"source": "site-docs", "translations": "site-docs/{stem}.{lang}.md", "math": "none"},
        ),
        (
            ["docs/a.md", "docs/a.fr.md"],
            {"mkdocs.yml": {}},
            {"translations": "docs/{stem}.{lang}.md", "locales": ("fr",)},
        ),
        (
            ["docs/a.md", "docs/de/a.md"],
            {"mkdocs.yaml": {}},
            {"translations": "docs/{lang}/{path}", "locales": ("de",)},
        ),
        (
            ["docs/en/a.md", "docs/ko/a.md"],
            {
                "mkdocs.yml": {
                    **I18N,
                    "plugins": [
                        {
                            "i18n": {
                                **I18N["plugins"][1]["i18n"],
                                "languages": [{"locale": "en", "default": True}, {"locale": "ko"}],
                            }
                        }
                    ],
                }
            },
            {"source": "docs/en", "translations": "docs/{lang}/{path}", "locales": ("ko",), "source_language": "en"},
        ),
        (  # plugins and extensions as one table each, as MkDocs also reads them
            ["docs/en/a.md", "docs/ko/a.md"],
            {
                "mkdocs.yml": {
                    "plugins": {
                        "search": {},
                        "i18n": {
                            "docs_structure": "folder",
                            "languages": [{"locale": "ko"}, {"locale": "en", "default": True}],
                        },
                    },
                    "markdown_extensions": {"attr_list": {}},
                }
            },
            {"source": "docs/en", "locales": ("ko",), "heading_ids": True},
        ),
        (  # a book.toml language that is no code says nothing
            ["book.toml", "src/SUMMARY.md"],
            {"book.toml": {"book": {"language": "../x"}}},
            {"source": "src", "source_language": None},
        ),
        (  # mkdocs-static-i18n 0.x: a table of languages and a default_language
            ["docs/index.md", "docs/index.fr.md"],
            {
                "mkdocs.yml": {
                    "plugins": [{"i18n": {"default_language": "en", "languages": {"en": "English", "fr": "Français"}}}]
                }
            },
            {"source": "docs", "source_language": "en", "locales": ("fr",), "translations": "docs/{stem}.{lang}.md"},
        ),
        (  # every page suffixed, as mkdocs-static-i18n's own documentation lays them out
            ["docs/index.en.md", "docs/index.fr.md", "docs/topic/index.en.md"],
            {
                "mkdocs.yml": {
                    "plugins": [{"i18n": {"languages": [{"locale": "en", "default": True}, {"locale": "fr"}]}}]
                }
            },
            {"source": "docs", "include": ("**/*.en.md",), "locales": ("fr",)},
        ),
        (
            ["book.toml", "src/SUMMARY.md", "ko/book.toml", "ko/src/SUMMARY.md", "theme/x.css"],
            {"book.toml": {"book": {"title": "x"}}, "ko/book.toml": {"book": {"language": "ko"}}},
            {"source": "src", "translations": "{lang}/src/{path}", "locales": ("ko",), "flavor": "gfm", "math": "none"},
        ),
        (  # [book] src and language; a translation's book with its own src
            ["book.toml", "pages/SUMMARY.md", "en/pages/SUMMARY.md", "zh/pages/SUMMARY.md"],
            {
                "book.toml": {"book": {"src": "pages", "language": "ko"}},
                "en/book.toml": {"book": {"src": "pages"}},
                "zh/book.toml": {"book": {"src": "pages"}},
            },
            {
                "source": "pages",
                "source_language": "ko",
                "translations": "{lang}/pages/{path}",
                "locales": ("en", "zh"),
            },
        ),
        (  # the multilingual fork: [language.<code>] tables, src/<code>/
            ["book.toml", "src/en/SUMMARY.md", "src/ja/SUMMARY.md", "src/ja/intro.md"],
            {"book.toml": {"language": {"ja": {"name": "日本語"}, "en": {"name": "English", "default": True}}}},
            {"source": "src/en", "source_language": "en", "translations": "src/{lang}/{path}", "locales": ("ja",)},
        ),
        (  # mdbook-i18n-helpers: a catalog per language in po/
            ["book.toml", "src/SUMMARY.md", "po/messages.pot", "po/ko.po"],
            {"book.toml": {"book": {"language": "en"}}},
            {"source": "src", "translations": "{lang}/src/{path}", "locales": ("ko",)},
        ),
        (  # a book with no translations yet: a book per language beside it
            ["book.toml", "src/SUMMARY.md"],
            {"book.toml": {}},
            {"source": "src", "translations": "{lang}/src/{path}"},
        ),
        (["README.md", "docs/guide.md", "source/en/x.md"], {}, None),  # nothing recognised: the defaults
        (["README.md", "README-not.md", "INSTALL-ko.md"], {}, None),
    ],
)
def test_the_layouts_init_recognises(paths: list[str], configs: dict, settings: dict | None) -> None:
    found = recognised(paths, configs)
    if settings is None:
        assert found is None
        return
    assert found is not None
    assert {key: found.get(key) for key in settings} == settings


def test_an_mdbook_i18n_helpers_catalog_is_offered_as_a_compendium() -> None:
    layout = recognise(["book.toml", "src/SUMMARY.md", "po/ko.po"], {"book.toml": {}})
    assert layout is not None
    assert "`mdgettext update -l ko --compendium po/ko.po --tm-exact`" in "\n".join(choose(layout, {}).lines)


def test_the_english_is_the_source_wherever_the_site_default_is() -> None:
    config = {
        "plugins": [
            {
                "i18n": {
                    "docs_structure": "folder",
                    "languages": [{"locale": "uk", "default": True}, {"locale": "ko"}, {"locale": "en"}],
                }
            }
        ]
    }
    paths = ["docs/uk/a.md", "docs/ko/a.md", "docs/en/a.md"]
    assert recognised(paths, {"mkdocs.yml": config}) == recognised(paths, {"mkdocs.yml": config}, source="docs/en")
    assert recognised(paths, {"mkdocs.yml": config})["source"] == "docs/en"
    no_english = {
        "plugins": [
            {"i18n": {"docs_structure": "folder", "languages": [{"locale": "ko"}, {"locale": "uk", "default": True}]}}
        ]
    }
    assert recognised(["docs/uk/a.md", "docs/ko/a.md"], {"mkdocs.yml": no_english})["source"] == "docs/uk"


def test_an_unnamed_source_beside_an_english_translation_needs_its_language() -> None:
    layout = recognise(["README.md", "README_EN.md"], {})
    assert layout is not None
    with pytest.raises(Unnamed, match=re.escape("README.md: not English")):
        choose(layout, {})
    assert choose(layout, {"source_language": "zh"}).settings["locales"].value == ("EN",)
    with pytest.raises(InputError, match=re.escape("README_EN.md is the English translation")):
        choose(layout, {"source_language": "en"})


# ---------------------------------------------------------------- a source page named by its language


def test_pages_named_by_the_source_language_are_chapters_without_it(tmp_path: Path) -> None:
    """mkdocs-static-i18n's suffixes with every page suffixed: `docs/index.en.md` is the
    chapter `index`, whose Korean is `docs/index.ko.md`; the site default's unsuffixed
    Ukrainian `docs/index.md` is no chapter."""
    for name in ("index.md", "index.en.md", "index.ko.md", "guide/tags.en.md", "guide/tags.md"):
        write(tmp_path / "docs" / name, "# x\n")
    config = Config(
        root=tmp_path, source="docs", include=("**/*.en.md",), translations="docs/{stem}.{lang}.md", locales=("ko",)
    )
    assert config.chapters() == ["guide/tags", "index"]
    assert config.source_path("guide/tags") == tmp_path / "docs" / "guide" / "tags.en.md"
    assert config.chapter_of(tmp_path / "docs" / "index.en.md") == "index"
    assert config.translation_path("index", "ko") == tmp_path / "docs" / "index.ko.md"
    plain = Config(root=tmp_path, source="docs", translations="docs/{stem}.{lang}.md", locales=("ko",))
    assert plain.source_suffix == ".md" and plain.source_path("index") == tmp_path / "docs" / "index.md"


def test_a_language_the_site_lists_with_no_pages_is_not_made_a_locale(tmp_path: Path) -> None:
    """A build would fill docs/ja/ with English pages the site falls back to anyway."""
    root = copied(tmp_path, "mkdocs-folder-root")
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8") + "        - locale: ja\n          name: 日本語\n", encoding="utf-8")
    result = cli("-C", root, "init")
    assert result.code == 0, result.err
    assert load_config(root).locales == ("ko",)
    assert (
        "ja: listed in mkdocs.yml's i18n languages, but docs/ja/ has no pages yet; not a locale "
        '(add "ja" to `locales` to start it)'
    ) in result.out.splitlines()


def test_a_vitepress_home_page_offers_its_hero_and_features(tmp_path: Path) -> None:
    home = "---\nlayout: home\nhero:\n  tagline: {}\nfeatures:\n  - title: {}\n    details: {}\n---\n\n{}\n"
    write(tmp_path / "docs" / "README.md", home.format("A fast prompt", "Fast", "It is fast.", "Some text."))
    write(tmp_path / "docs" / "ko" / "README.md", home.format("빠른 프롬프트", "빠름", "빠릅니다.", "글."))
    result = cli("-C", tmp_path, "init")
    assert result.code == 0, result.err
    assert "docs/README.md: a VitePress home page (layout: home)" in result.out
    assert {"hero.tagline", "features[].title", "features[].details"} <= set(load_config(tmp_path).front_matter_keys)
    for command in (["extract"], ["import", "-l", "ko"], ["build", "-l", "ko"]):
        assert cli("-C", tmp_path, *command).code == 0, command
    built = (tmp_path / "docs" / "ko" / "README.md").read_text(encoding="utf-8")
    assert built == home.format("빠른 프롬프트", "빠름", "빠릅니다.", "글.")  # the tagline and features come back


def test_a_page_of_another_layout_adds_no_front_matter_keys(tmp_path: Path) -> None:
    write(tmp_path / "docs" / "README.md", "---\nlayout: page\nhero:\n  tagline: x\n---\n\nText.\n")
    write(tmp_path / "docs" / "ko" / "README.md", "---\nlayout: page\nhero:\n  tagline: y\n---\n\n글.\n")
    assert cli("-C", tmp_path, "init").code == 0
    assert "hero.tagline" not in load_config(tmp_path).front_matter_keys
