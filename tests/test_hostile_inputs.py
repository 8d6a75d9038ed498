"""The inputs beyond a catalog's translations never reach a page: MkDocs attribute lists,
translator's notes, settings, a site's mkdocs.yml, committed symbolic links (issue 39).

Three corpora in `data/hostile/`, each case hand-written:

- `mkdocs.yaml`: translations of `mkdocs.md`, a MkDocs page, built with the `mkdocs`
  flavor: attribute lists in every place Python-Markdown's attr_list reads one, and
  snippet lines;
- `notes.yaml`: translator's notes (a chapter's addenda file), in the kramdown and the
  MkDocs flavors: a file read, a front matter, a load, attribute lists, what swallows
  the page, a definition that changes the chapter's own links;
- `inputs.yaml`: settings, mkdocs.yml and book.toml, a notes file's anchors and symbolic links, each
  one command that must fail with one line and change nothing (or, where the old
  reading ran away, succeed).

Each attack is shown live first, with the judge out of the way: the chapter with the
hostile text put in as written, read by the flavor's own engine (kramdown as Jekyll runs
it, `kramdown.py`; Python-Markdown with the sample site's extensions, `mkdocs_oracle.py`;
Jekyll's and MkDocs' own front-matter readers), gains something active (`oracle.py`),
loses blocks, reads a file or makes a front matter. Then the real `build` and `check`:
refused, reported, and nothing of it in either output.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import markdown
import polib
import pytest
import yaml
from mkdocs.utils import meta

import kramdown
import mkdocs_oracle
import oracle
from conftest import DATA, cli, snapshot, translate_cases
from mdgettext.checks.safety import judge
from mdgettext.markdown.flavors import named
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import places, weave
from mdgettext.model import TranslationMap
from mdgettext.po.addenda import loads

HOSTILE = DATA / "hostile"
MKDOCS_CORPUS = yaml.safe_load((HOSTILE / "mkdocs.yaml").read_text(encoding="utf-8"))
NOTES = yaml.safe_load((HOSTILE / "notes.yaml").read_text(encoding="utf-8"))["cases"]
INPUTS = yaml.safe_load((HOSTILE / "inputs.yaml").read_text(encoding="utf-8"))["cases"]
MESSAGES: dict[str, str] = MKDOCS_CORPUS["messages"]
CASES: list[dict] = MKDOCS_CORPUS["cases"]
ENGLISH = "english"
MKDOCS = named("mkdocs")
SECRET = "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0LXRva2Vu\n"  # what a CI clone's .git/config holds


def hostile(case: dict) -> bool:
    return case["class"] != "benign"


def by_id(cases: list[dict], wanted: bool) -> list[dict]:
    return [case for case in cases if hostile(case) == wanted]


def site_page(body: str) -> str:
    return oracle.page(body)


def python_markdown(text: str, snippets: Path | None = None) -> str:
    """The HTML a MkDocs site makes of `text`; with `snippets`, the folder its snippets are read from."""
    if snippets is None:
        return mkdocs_oracle.python_markdown(text)
    configs = {**mkdocs_oracle.CONFIGS, "pymdownx.snippets": {"base_path": [str(snippets)]}}
    return markdown.Markdown(extensions=mkdocs_oracle.EXTENSIONS, extension_configs=configs).convert(text)


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder a site's snippets are read from, holding what a CI clone's `.git/config` does."""
    folder = tmp_path_factory.mktemp("clone")
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text(SECRET, encoding="utf-8")
    return folder


# ---------------------------------------------------------------- translations of a MkDocs page


@dataclass
class Built:
    """A project built in Korean: its root, what the build said, `check`'s findings."""

    root: Path
    build_err: str
    findings: list[dict]

    def built(self, chapter: str) -> str:
        return (self.root / "build" / "ko" / f"{chapter}.md").read_text(encoding="utf-8")


@dataclass
class Site(Built):
    """The MkDocs corpus built: its pages, catalogs and Python-Markdown's reading of them."""

    def page(self, chapter: str) -> str:
        text = (self.root / "build" / "ko" / f"{chapter}.html").read_text(encoding="utf-8")
        return text.replace(f"{chapter}.", "CHAPTER.").replace(f"/{chapter}", "/CHAPTER")

    def msgstr_line(self, chapter: str, msgid: str) -> int:
        """The line of the message's msgstr: where findings and the build's warnings point."""
        path = self.root / "locale" / "ko" / "LC_MESSAGES" / f"{chapter}.po"
        lines = path.read_text(encoding="utf-8").split("\n")
        entry = polib.pofile(str(path)).find(msgid)
        return next(n for n in range(entry.linenum, len(lines) + 1) if lines[n - 1].startswith("msgstr "))

    @cached_property
    def rendered(self) -> dict[str, str]:
        return {c: python_markdown(self.built(c)) for c in [ENGLISH, *(case["id"] for case in CASES)]}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    root = tmp_path_factory.mktemp("mkdocs") / "site"
    (root / "docs").mkdir(parents=True)
    settings = 'source = "docs"\nlocales = ["ko"]\nflavor = "mkdocs"\nheading_ids = true\n'
    (root / "mdgettext.toml").write_text(settings, encoding="utf-8")
    chapter = (HOSTILE / "mkdocs.md").read_text(encoding="utf-8")
    for name in [ENGLISH, *(case["id"] for case in CASES)]:
        (root / "docs" / f"{name}.md").write_text(chapter, encoding="utf-8")
    translate_cases(root, CASES, MESSAGES)
    build = cli("-C", root, "build", "-l", "ko")
    assert build.code == 0, build.err
    checked = cli("-C", root, "check", "-l", "ko", "--strict", "--format", "json")
    return Site(root, build.err, json.loads(checked.out))


def test_the_mkdocs_corpus_names_real_messages() -> None:
    msgids = {
        seg.msgid
        for seg in segment((HOSTILE / "mkdocs.md").read_text(encoding="utf-8"), "x.md", flavor=MKDOCS).segments
    }
    assert set(MESSAGES.values()) <= msgids
    assert {case["class"] for case in CASES} == {"attr-list", "snippets", "benign"}
    assert len({case["id"] for case in CASES}) == len(CASES)


def _woven_as_written(case: dict) -> str:
    """The page's Markdown with the case's translations put in as written: no judge."""
    doc = segment((HOSTILE / "mkdocs.md").read_text(encoding="utf-8"), "x.md", flavor=MKDOCS)
    translations = TranslationMap({(None, MESSAGES[name]): msgstr for name, msgstr in case["translate"].items()})
    return weave(doc, translations, heading_ids=True).text


@pytest.mark.parametrize("case", by_id(CASES, True), ids=lambda case: case["id"])
def test_each_mkdocs_attack_is_live_without_the_judge(case: dict, repository: Path) -> None:
    """Python-Markdown with the site's extensions puts it on the page (or reads the file),
    and the judge refuses it on its own."""
    english = (HOSTILE / "mkdocs.md").read_text(encoding="utf-8")
    woven = _woven_as_written(case)
    if case["class"] == "snippets":
        assert "extraheader" not in python_markdown(english, repository)
        assert "extraheader" in python_markdown(woven, repository)
    else:
        assert oracle.introduced(site_page(python_markdown(english)), site_page(python_markdown(woven)))
    doc = segment(english, "x.md", flavor=MKDOCS)
    translations = TranslationMap({(None, MESSAGES[name]): msgstr for name, msgstr in case["translate"].items()})
    assert judge(doc, translations).refused


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_nothing_of_a_mkdocs_attack_reaches_either_output(case: dict, site: Site, repository: Path) -> None:
    chapter = case["id"]
    english, built = site.rendered[ENGLISH], site.rendered[chapter]
    assert oracle.introduced(site_page(english), site_page(built)) == [], "Python-Markdown's page"
    assert oracle.introduced(site.page(ENGLISH), site.page(chapter)) == [], "the HTML page"
    assert "extraheader" not in python_markdown(site.built(chapter), repository)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_the_build_and_check_refuse_each_mkdocs_attack_and_keep_each_benign_translation(case: dict, site: Site) -> None:
    chapter = case["id"]
    po = f"locale/ko/LC_MESSAGES/{chapter}.po"
    lines = {name: site.msgstr_line(chapter, MESSAGES[name]) for name in case["translate"]}
    refused = {name for name, line in lines.items() if f"{po}:{line}: translation of " in site.build_err}
    unsafe = {f["line"] for f in site.findings if f["file"] == po and f["code"] == "safety.active-content"}
    if hostile(case):
        assert refused == set(lines) and unsafe == set(lines.values())
    else:
        assert not refused and not unsafe
        assert all(msgstr in site.built(chapter) for msgstr in case["translate"].values())


# ---------------------------------------------------------------- translator's notes


Noted = Built  # the notes' projects, one per flavor


FLAVORS = ("kramdown", "mkdocs")
CHAPTERS = ("chapter.md", "mkdocs.md")


def english_of(chapter: str) -> str:
    return f"english-{chapter.removesuffix('.md')}"


@pytest.fixture(scope="module")
def noted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Noted]:
    """One project per flavor: every case's chapter with its notes, and each English alone."""
    projects = {}
    for flavor in FLAVORS:
        root = tmp_path_factory.mktemp(f"notes-{flavor}") / "book"
        (root / "source" / "en").mkdir(parents=True)
        (root / "mdgettext.toml").write_text(f'locales = ["ko"]\nflavor = "{flavor}"\n', encoding="utf-8")
        for chapter in CHAPTERS:
            (root / "source" / "en" / f"{english_of(chapter)}.md").write_bytes((HOSTILE / chapter).read_bytes())
        cases = [case for case in NOTES if case["flavor"] == flavor]
        for case in cases:
            (root / "source" / "en" / f"{case['id']}.md").write_bytes((HOSTILE / case["chapter"]).read_bytes())
        assert cli("-C", root, "-q", "extract").code == 0
        assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
        for case in cases:
            notes = root / "locale" / "ko" / "LC_MESSAGES" / f"{case['id']}.addenda.md"
            notes.write_text(case["notes"], encoding="utf-8")
        build = cli("-C", root, "build", "-l", "ko")
        assert build.code == 0, build.err
        checked = cli("-C", root, "check", "-l", "ko", "--format", "json")
        projects[flavor] = Noted(root, build.err, json.loads(checked.out))
    return projects


def _with_the_note(case: dict) -> str:
    """The chapter with the case's notes woven in as written, where the build puts them: no judge."""
    text = (HOSTILE / case["chapter"]).read_text(encoding="utf-8")
    doc = segment(text, case["chapter"], flavor=named(case["flavor"]))
    insertions, lost = places(doc, loads(case["notes"], "notes.md"))
    assert not lost
    return weave(doc, TranslationMap(), insertions=insertions).text


def _engine(flavor: str, texts: list[str], snippets: Path | None = None) -> list[str]:
    """Each text as the flavor's site renders it."""
    if flavor == "kramdown":
        return kramdown.html(texts)
    return [python_markdown(text, snippets) for text in texts]


def _front_matter(flavor: str, text: str) -> object:
    """The front matter the flavor's site reads from a file: Jekyll's, or MkDocs' (YAML or `Key: value` lines)."""
    if flavor == "kramdown":
        return kramdown.front_matter([text])[0]
    return meta.get_data(text)[1] or None


def test_the_notes_corpus_covers_each_door() -> None:
    assert {case["class"] for case in NOTES} == {
        "file-read", "front-matter", "load", "attributes", "swallows", "definitions", "benign"
    }  # fmt: skip
    assert {case["flavor"] for case in NOTES} == set(FLAVORS)
    assert len({case["id"] for case in NOTES}) == len(NOTES)


@pytest.mark.parametrize("case", by_id(NOTES, True), ids=lambda case: case["id"])
def test_each_hostile_note_is_live_without_the_judge(case: dict, repository: Path) -> None:
    english = (HOSTILE / case["chapter"]).read_text(encoding="utf-8")
    woven = _with_the_note(case)
    evidence = case.get("evidence")
    if evidence == "reads":
        assert ["extraheader" in html for html in _engine(case["flavor"], [english, woven], repository)] == [
            False,
            True,
        ]
    elif evidence == "front matter":
        assert _front_matter(case["flavor"], english) is None
        assert _front_matter(case["flavor"], woven)
    else:
        before, after = _engine(case["flavor"], [english, woven])
        assert oracle.introduced(site_page(before), site_page(after))


@pytest.mark.parametrize("case", NOTES, ids=lambda case: case["id"])
def test_a_hostile_note_is_refused_at_its_line_and_a_benign_one_kept(case: dict, noted: dict[str, Noted]) -> None:
    project = noted[case["flavor"]]
    notes = f"locale/ko/LC_MESSAGES/{case['id']}.addenda.md"
    unsafe = [f for f in project.findings if f["file"] == notes and f["code"] == "addenda.unsafe"]
    assert all(f["severity"] == "error" for f in unsafe)
    if hostile(case):
        assert unsafe, project.findings
        assert all(f"{notes}:{f['line']}: " in project.build_err for f in unsafe)  # the build says it left it out
    else:
        assert not unsafe
        for addendum in loads(case["notes"], notes):
            assert addendum.markdown in project.built(case["id"])


@pytest.mark.parametrize("case", NOTES, ids=lambda case: case["id"])
def test_nothing_of_a_hostile_note_reaches_the_site(case: dict, noted: dict[str, Noted], repository: Path) -> None:
    project, flavor = noted[case["flavor"]], case["flavor"]
    english, built = project.built(english_of(case["chapter"])), project.built(case["id"])
    before, after = _engine(flavor, [english, built], repository)
    introduced = oracle.introduced(site_page(before), site_page(after))
    if hostile(case):
        assert introduced == []
    else:  # the note's own blocks, links to the web or the book, the chapter's own images: nothing runs or loads
        shown = oracle.problems(site_page(before))
        for found in introduced:
            link = re.fullmatch(r"<a href=([^ >]+)>", found)
            assert (
                re.fullmatch(r"a <\w+> block", found)
                or (link and oracle.scheme(link.group(1)) in (None, "http", "https"))
                or (found.startswith("<img src=") and shown[found])
            ), introduced
    assert "extraheader" not in after
    assert _front_matter(flavor, built) == _front_matter(flavor, english)


# ---------------------------------------------------------------- settings, mkdocs.yml, notes files, links


def _project(root: Path, case: dict) -> None:
    root.mkdir(parents=True)
    for name, text in (case.get("files") or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for name, count in (case.get("brackets") or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"<!-- after: {'[' * count} -->\n\n역자 주\n", encoding="utf-8")
    for name, depth in (case.get("nested_toml") or {}).items():
        nested = "[" * depth + "]" * depth
        (root / name).write_text(f'[book]\ntitle = "Deep"\n[output.html]\nx = {nested}\n', encoding="utf-8")
    for name, target in (case.get("links") or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).symlink_to(target)


def test_the_inputs_corpus_covers_each_door() -> None:
    assert {case["class"] for case in INPUTS} == {"globs", "control-characters", "site-configs", "notes-file", "paths"}
    assert len({case["id"] for case in INPUTS}) == len(INPUTS)


@pytest.mark.parametrize("case", INPUTS, ids=lambda case: case["id"])
def test_bad_input_is_one_line_and_changes_nothing(case: dict, tmp_path: Path) -> None:
    root = tmp_path / "project"
    _project(root, case)
    for command in case.get("setup") or ():
        assert cli("-C", root, "-q", *command).code == 0, command
    before = snapshot(root)
    result = cli("-C", root, *case["run"])
    assert result.code == case.get("code", 2), result.err
    if result.code == 0:
        return
    assert "Traceback" not in result.err and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"mdgettext: error: {case['error']}"), result.err
    assert snapshot(root) == before


def test_the_symbolic_link_and_the_refusals_advice_no_longer_write_over_the_english(tmp_path: Path) -> None:
    """The issue's way in, end to end: `docs/ko -> .`, a build refused with its advice
    (import, then build --force) followed: the English is as it was at every step."""
    root = tmp_path / "site"
    case = next(c for c in INPUTS if c["id"] == "translations-folder-is-the-source")
    _project(root, case)
    english = (root / "docs" / "index.md").read_bytes()
    for command in (["extract"], ["update", "-l", "ko"]):
        assert cli("-C", root, "-q", *command).code == 0
    po = root / "locale" / "ko" / "LC_MESSAGES" / "index.po"
    catalog = polib.pofile(str(po))
    catalog.find("Hello world.").msgstr = "안녕, 세상."
    catalog.save()
    for command in (["build", "-l", "ko"], ["import", "-l", "ko"], ["build", "-l", "ko", "--force"]):
        result = cli("-C", root, *command)
        assert result.code == 2 and re.search(r"docs/ko/index\.md: is docs/index\.md", result.err), result.err
        assert (root / "docs" / "index.md").read_bytes() == english
