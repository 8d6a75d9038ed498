"""Shared test helpers: fixture folders, a throwaway project, the CLI in-process."""

from __future__ import annotations

import hashlib
import html
import io
import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib
import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

import fidelity
import footprint
from mdgettext.cli import run
from mdgettext.markdown.folding import fold
from mdgettext.model import Document, Segment, Style

# The property tests explore the same examples on every run and keep no database: a
# failure on one machine is a failure on every machine, and CI never passes by luck.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.load_profile("repeatable")

# git run by a test (pre-commit, the merge driver, packaging) reads no user's or
# system's configuration: a hook, a signing key or an alias there never changes a result.
os.environ["GIT_CONFIG_GLOBAL"] = os.devnull
os.environ["GIT_CONFIG_NOSYSTEM"] = "1"

TESTS = Path(__file__).resolve().parent
FIXTURES = TESTS / "fixtures"
DATA = TESTS / "data"  # everything the tests read, with its licence (see data/README.md)
REPO = TESTS.parent

# Hypothesis keeps its caches where the tests may write (it would make `.hypothesis/` in
# the current folder, the repository): see `pytest_sessionfinish`.
set_hypothesis_home_dir(REPO / "build" / ".hypothesis")
_FOOTPRINT = pytest.StashKey[footprint.Footprint]()


def pytest_sessionstart(session: pytest.Session) -> None:
    # Under pytest-xdist (`-n`), the controller takes the footprint before its workers start and
    # again after they have all ended: a worker's would race the others' tests.
    if not hasattr(session.config, "workerinput"):
        session.config.stash[_FOOTPRINT] = footprint.now(REPO)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A test writes only under tmp_path (or build/): the run fails, naming the paths,
    when it left anything else in the repository or in $HOME (`footprint.py`)."""
    before = session.config.stash.get(_FOOTPRINT, None)
    if before is None:
        return
    changes = before.changes(footprint.now(REPO))
    if changes:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line("The tests wrote outside tmp_path and build/:", red=True)
            for line in changes:
                reporter.write_line(f"  {line}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# Each test file's group, so a run can take one (`pytest -m unit`, `make test-unit`): the
# folder stays flat and a new file needs no move. A file not listed here is `unit`; one
# that runs whole commands or outside engines belongs in END_TO_END, one that measures the
# tool against a corpus, an oracle or the docs' claims in QUALITY. docs/development.md, "Tests".
GROUPS = ("unit", "end_to_end", "quality")
END_TO_END = frozenset(
    {
        "test_accept",
        "test_addenda",
        "test_bibliography",
        "test_book",
        "test_browser",
        "test_browser_editor",
        "test_browser_pages",
        "test_budget",
        "test_chapter",
        "test_checks",
        "test_chinese",
        "test_chinese_book",
        "test_code_blocks",
        "test_ci_gate",
        "test_ci_output",
        "test_cli",
        "test_cli_conventions",
        "test_content",
        "test_html",
        "test_import",
        "test_import_as_made",
        "test_incremental",
        "test_init_layouts",
        "test_liquid_arguments",
        "test_lost_anchors",
        "test_math_safety",
        "test_math_setting",
        "test_memory",
        "test_notes_kept",
        "test_own_repository",
        "test_packaging",
        "test_page_words",
        "test_pages",
        "test_paths",
        "test_precommit",
        "test_progress",
        "test_reliability",
        "test_repositories",
        "test_serve",
        "test_settings",
        "test_settings_input",
        "test_tag_messages",
        "test_templates",
        "test_update_scenarios",
        "test_weblate",
        "test_xliff",
    }
)
QUALITY = frozenset(
    {
        "test_agreement",
        "test_book_engines",
        "test_checks_seeded",
        "test_commonmark",
        "test_consistency",
        "test_data_hashes",
        "test_docs",
        "test_every_error_has_a_fix",
        "test_every_url",
        "test_fixtures",
        "test_hostile",
        "test_hostile_inputs",
        "test_identity_translations",
        "test_kramdown_engine",
        "test_layout",
        "test_mutants",
        "test_precision",
        "test_properties",
        "test_real_sets",
        "test_startup",
    }
)


@dataclass(frozen=True)
class Fixture:
    """One case of a fixture file: where its title is, the title, and its sections."""

    line: int  # 1-based, of the title
    title: str
    sections: tuple[str, ...]

    def items(self, section: int) -> tuple[str, ...]:
        """A section written one item a line."""
        return tuple(self.sections[section].removesuffix("\n").split("\n"))


def read_fixture_file(path: Path, sections: int = 2) -> list[Fixture]:
    """The cases of a fixture file, as markdown-it-py's tests read theirs: a title line,
    then `sections` sections, each ended by a line holding one dot (`.`). Text between
    cases is commentary. A new case is new lines in the file, no new code."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found: list[Fixture] = []
    title: str | None = None
    at = start = 0
    parts: list[str] = []
    for i, line in enumerate(lines):
        if line != ".":
            continue
        if title is None:
            title, at, parts = lines[i - 1].strip(), i, []
        else:
            parts.append("".join(f"{text}\n" for text in lines[start:i]))
            if len(parts) == sections:
                found.append(Fixture(at, title, tuple(parts)))
                title = None
        start = i + 1
    assert title is None, f"{path}:{at}: the case {title!r} has fewer than {sections} sections"
    return found


def translate_cases(root: Path, cases: Sequence[Mapping[str, Any]], messages: Mapping[str, str]) -> None:
    """A corpus project (one chapter per case, named by its `id`) extracted and updated in
    Korean, each case's catalog given its translations (`translate`: a name of `messages`
    -> the msgstr), as a translator's editor saves them."""
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    for case in cases:
        po = polib.pofile(str(root / "locale" / "ko" / "LC_MESSAGES" / f"{case['id']}.po"))
        for name, msgstr in case["translate"].items():
            po.find(messages[name]).msgstr = msgstr
        po.save()


@dataclass(frozen=True)
class FlavorCase:
    """A flavor's case (fixtures/flavors/): English Markdown, the messages a translator is
    offered, in order, a translation of each, and the Markdown the build writes."""

    english: str
    msgids: tuple[str, ...]
    translation: tuple[str, ...]
    built: str


def flavor_cases(flavor: str) -> dict[str, FlavorCase]:
    """The cases of `fixtures/flavors/<flavor>.txt`, by name, in the file's order."""
    cases = read_fixture_file(FIXTURES / "flavors" / f"{flavor}.txt", sections=4)
    return {f.title: FlavorCase(f.sections[0], f.items(1), f.items(2), f.sections[3]) for f in cases}


def group(module: str) -> str:
    """The group of a test file, by its name (`test_cli`)."""
    return "end_to_end" if module in END_TO_END else "quality" if module in QUALITY else "unit"


def pytest_configure(config: pytest.Config) -> None:
    for name in GROUPS:
        config.addinivalue_line("markers", f"{name}: a test of the {name.replace('_', '-')} group (conftest.GROUPS)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test marked with its file's group; in a pytest-xdist worker, SPREAD's first."""
    for item in items:
        item.add_marker(getattr(pytest.mark, group(item.path.stem)))
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the units are handed out in this order (`Units`)
        items.sort(key=lambda item: item.nodeid.partition("::")[0] not in SPREAD)


# `make test` runs the suite in one pytest-xdist worker per core (`-n auto --dist loadfile`,
# issue 43: under 5 minutes on CI's two cores). A file's tests go to one worker, so a module's
# fixture (a built project, a browser, an engine's process) is made once; a file whose tests
# each wait on slow work of their own is spread by their parameters, one unit a value.
SPREAD = frozenset({"tests/test_real_sets.py"})


def unit(nodeid: str) -> str:
    """The unit of work a worker takes whole: the test's file, or the file and the
    test's parameters for a file in SPREAD."""
    path, _, rest = nodeid.partition("::")
    if path in SPREAD and rest.endswith("]") and "[" in rest:
        return f"{path}[{rest[rest.index('[') + 1 :]}"
    return path


@pytest.hookimpl(optionalhook=True)  # a run with `-p no:xdist` knows no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile` as pytest-xdist schedules it, with SPREAD's files cut finer.
    (`--dist loadgroup` cannot: xdist 3.8 marks a group in `item._nodeid`, which
    pytest 9.2 no longer reads.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    # Units in the order collected, SPREAD's first (their slowest sets are the suite's longest
    # units: started last, one worker ran on alone), then the files in name order, which ends on
    # small ones; xdist's own order (most tests first) left the slow sets to the end.
    config.option.loadscopereorder = False
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

    return Units(config, log)


def needed_in_ci(reason: str | None, what: str) -> None:
    """Skip a test whose outside tool is missing (`reason` says which); in CI, where
    `make test` installs every one, fail instead: a gate never passes by skipping."""
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"{what} must run in CI: {reason}")
        pytest.skip(reason)


def snapshot(root: Path) -> dict[str, str]:
    """Every file under `root` and a digest of its bytes: what a refused command must leave as it was."""
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


MD = fidelity.renderer()  # CommonMark, the judge of a pseudo translation's structure
EXAMPLES = json.loads((DATA / "commonmark" / "commonmark-0.31.2.json").read_text(encoding="utf-8"))


def span_text(doc: Document, seg: Segment) -> str | None:
    """What the source holds at a segment's span, read back as a msgid: container
    prefixes of later lines dropped, soft breaks folded. Independent of how the
    segmenter found the span."""
    raw = doc.text[seg.span.start : seg.span.end]
    if seg.span.style is Style.YAML:
        return None
    if seg.span.style is Style.LIQUID:  # as Jekyll's include tag reads a quoted argument
        return raw.replace("\\" + seg.span.quote, seg.span.quote) if seg.span.quote else raw
    if seg.span.style is Style.ATTRIBUTE:
        return html.unescape(raw)
    if seg.kind == "html":
        return re.sub(r"\s+", " ", raw)
    if seg.kind == "raw html text":
        return raw
    if seg.span.style is Style.CODE:  # each later line after the block's prefix, or a blank line
        first, *rest = raw.split("\n")
        prefix = seg.span.continuation
        return "\n".join([first, *(line[len(prefix) :] if line.startswith(prefix) else "" for line in rest)])
    first, *rest = raw.split("\n")
    return fold("\n".join([first, *(re.sub(r"^[ \t>]*", "", line) for line in rest)]))


@dataclass
class Result:
    code: int
    out: str
    err: str


def catalog(*entries: polib.POEntry) -> polib.POFile:
    """A UTF-8 catalog holding `entries`, for tests that build one in memory."""
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    for entry in entries:
        po.append(entry)
    return po


class Terminal(io.StringIO):
    """An output stream that says it is a terminal, for progress lines."""

    def isatty(self) -> bool:
        return True


def line_of_msgid(path: Path, msgid: str) -> int:
    """The 1-based line of `msgid "…"` in a catalog, as findings and `# tm:` comments cite it."""
    return path.read_text(encoding="utf-8").split("\n").index(f'msgid "{msgid}"') + 1


def line_of_msgstr(path: Path, msgid: str) -> int:
    """The 1-based line of the `msgstr` of the entry whose msgid is one line `msgid "…"`:
    where its translation is typed, the line the review page gives the entry."""
    lines = path.read_text(encoding="utf-8").split("\n")
    at = lines.index(f'msgid "{msgid}"')
    return next(n for n in range(at, len(lines)) if lines[n].startswith("msgstr ")) + 1


def cli(*args: str | Path) -> Result:
    """Run `mdgettext ARGS` in-process, as a user would from a shell."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = run([str(a) for a in args])
        except SystemExit as exit_:  # argparse's --help and usage errors
            code = int(exit_.code or 0)
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder with one small chapter and no configuration."""
    root = tmp_path / "book"
    (root / "source" / "en").mkdir(parents=True)
    return root


def copy_project(folder: Path) -> Path:
    """A copy of this repository's translation project (sources, catalogs, settings)."""
    root = folder / "repo"
    root.mkdir()
    for part in ("source", "locale"):
        shutil.copytree(REPO / part, root / part)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture
def chapter_copy(tmp_path: Path) -> Path:
    return copy_project(tmp_path)


BOOK = DATA / "book"
BOOK_SETTINGS = BOOK / "settings.toml"  # the project settings, copied in as pyproject.toml
CHAPTERS = ["applied-inference", "index", "jax-stuff", "roofline", "sharding", "transformers"]  # the book's, in order


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six chapters of the book with the community Korean translation imported,
    built in English and Korean: what a team starting from that translation has."""
    root = tmp_path_factory.mktemp("book")
    shutil.copytree(BOOK / "en", root / "source" / "en")
    shutil.copytree(BOOK / "ko", root / "ko")
    shutil.copy(BOOK_SETTINGS, root / "pyproject.toml")
    (root / "assets" / "bibliography").mkdir(parents=True)
    shutil.copy(BOOK / "main.bib", root / "assets" / "bibliography")  # where the book keeps it
    assert cli("-C", root, "-q", "extract").code == 0
    for translated in sorted((root / "ko").glob("*.md")):
        result = cli("-C", root, "-q", "import", "-l", "ko", translated.relative_to(root))
        assert result.code == 0, result.err
    result = cli("-C", root, "-q", "build")
    assert result.code == 0, result.err
    return root


@pytest.fixture(scope="session")
def zh_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The six chapters with the community Chinese translation imported (against the
    December 2025 English it was made from), built in Chinese."""
    root = tmp_path_factory.mktemp("zh-book")
    shutil.copytree(BOOK / "en-2025-12", root / "source" / "en")
    shutil.copytree(BOOK / "zh", root / "zh")
    settings = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', 'locales = ["zh"]')
    (root / "pyproject.toml").write_text(settings, encoding="utf-8")
    (root / "assets" / "bibliography").mkdir(parents=True)
    shutil.copy(BOOK / "main.bib", root / "assets" / "bibliography")
    assert cli("-C", root, "-q", "extract").code == 0
    for translated in sorted((root / "zh").glob("*.md")):  # import keeps going past what it cannot read
        cli("-C", root, "-q", "import", "-l", "zh", translated.relative_to(root))
    result = cli("-C", root, "-q", "build", "-l", "zh")
    assert result.code == 0, result.err
    return root


PAGES = DATA / "pages"  # a small book of every shape a page draws (issue 30), in Korean and Chinese


@pytest.fixture(scope="session")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/data/pages built in English, Korean and Chinese: the project's root."""
    root = tmp_path_factory.mktemp("shapes") / "book"
    shutil.copytree(PAGES, root)
    result = cli("-C", root, "-q", "build")
    assert result.code == 0, result.err
    assert result.err == "", "the shapes book builds without a warning"
    return root


def translated_chapter(
    project: Path, toml: str, chapter: str, text: str, language: str, msgstrs: Mapping[str, str]
) -> Path:
    """A project of one chapter set up by `toml` (its mdgettext.toml), extracted and its `language` catalog
    filled in from `msgstrs` (msgid -> msgstr; others stay untranslated): the catalog's path."""
    (project / "mdgettext.toml").write_text(toml, encoding="utf-8")
    (project / "source" / "en" / f"{chapter}.md").write_text(text, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", language).code == 0
    path = project / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = msgstrs.get(entry.msgid, entry.msgstr)
    po.save()
    return path
