"""How often `mdgettext check` agrees with the reader's engine on what breaks a page.

The judge is asked as a user asks it: a project on disk, `check --format json`
in-process; an entry is *flagged* when a finding of error severity sits on it. The
truth is reader_oracle: whether the page the reader gets from the translation (the
flavor's engine, then the typesetter) has other blocks, links or elements than the
English's, shows markup as text, or has a formula that does not set. Shared by
tests/test_agreement.py and benchmarks/agreement.py.
"""

from __future__ import annotations

import json
import shutil
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import polib
from hypothesis import HealthCheck, Phase, given, settings

from conftest import BOOK, BOOK_SETTINGS, cli
from mdgettext.markdown.anchors import heading_order
from mdgettext.markdown.flavors import named
from mdgettext.markdown.parser import parser
from mdgettext.po.writer import dumps
from pairs import Pair, pairs
from reader_oracle import References, verdicts

TUNE = ("index", "roofline", "transformers")  # the chapters a judge may be tuned on
HELD_OUT = ("applied-inference", "jax-stuff", "sharding")  # the chapters it is measured on
BOOKS = {"ko": ("en", "ko"), "zh": ("en-2025-12", "zh")}  # language -> (English version, translation folder)
# The translations judged, each with its language, its folder and the English each chapter follows:
# the human Korean translation follows the July English for two chapters, December's for the rest.
TRANSLATIONS = {
    "ko": ("ko", "ko", dict.fromkeys(TUNE + HELD_OUT, "en")),
    "zh": ("zh", "zh", dict.fromkeys(TUNE + HELD_OUT, "en-2025-12")),
    "ko-human": ("ko", "ko-human", {**dict.fromkeys(TUNE + HELD_OUT, "en-2025-12"), "index": "en", "roofline": "en"}),
}


@dataclass(frozen=True)
class Judged:
    """One translated entry: the chapter, the texts, what the judge said, what is true."""

    chapter: str
    msgid: str
    msgstr: str
    flagged: bool
    broken: bool
    codes: tuple[str, ...] = ()
    why: tuple[str, ...] = ()  # what breaks the reader's page (reader_oracle.breaks)


def draw_pairs(count: int) -> list[Pair]:
    """`count` pairs (fewer if some repeat), the same on every run."""
    found: list[Pair] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(pairs())
    def collect(pair: Pair) -> None:
        found.append(pair)

    collect()
    return list(dict.fromkeys(found))


def judge_pairs(pairs_: Sequence[Pair], flavor: str, root: Path) -> list[Judged]:
    """Each pair as one paragraph of a chapter, its translation in that language's
    catalog, judged by `check`; a pair whose English is not one entry is left out."""
    judged: list[Judged] = []
    for language in sorted({p.language for p in pairs_}):
        mine = [p for p in pairs_ if p.language == language]
        judged.extend(_judge_language(mine, flavor, language, root / f"{flavor}-{language}"))
    return judged


def _judge_language(pairs_: Sequence[Pair], flavor: str, language: str, root: Path) -> list[Judged]:
    chapters: list[dict[str, str]] = [{}]
    for pair in pairs_:  # an English text once per chapter: a msgid has one translation
        if pair.english in chapters[-1] or len(chapters[-1]) >= 400:
            chapters.append({})
        chapters[-1][pair.english] = pair.translation
    (root / "source" / "en").mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        f'[tool.mdgettext]\nlocales = ["{language}"]\nname = "Pairs"\nflavor = "{flavor}"\n', encoding="utf-8"
    )
    for n, chapter in enumerate(chapters):
        (root / "source" / "en" / f"p{n}.md").write_text("\n\n".join(chapter) + "\n", encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    for n, chapter in enumerate(chapters):
        po = polib.pofile(str(root / "locale" / f"p{n}.pot"))
        po.metadata["Language"] = language
        for entry in po:
            entry.msgstr = chapter.get(entry.msgid, "")
        _write(po, root / "locale" / language / "LC_MESSAGES" / f"p{n}.po")
    return _judged(root, language, "kramdown" if flavor == "kramdown" else "commonmark", only_pairs=True)


def book_project(root: Path, language: str, english: dict[str, str]) -> Path:
    """A project of the book's chapters, each in the English version named, set to
    translate into `language` as the book's settings do, and extracted."""
    (root / "source" / "en").mkdir(parents=True)
    for chapter, version in english.items():
        shutil.copy(BOOK / version / f"{chapter}.md", root / "source" / "en" / f"{chapter}.md")
    settings_text = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', f'locales = ["{language}"]')
    (root / "pyproject.toml").write_text(settings_text, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    return root


def judge_book(translation: str, root: Path) -> list[Judged]:
    """A book's chapters with a translation of it imported (`TRANSLATIONS`), every pair
    accepted as it stands (no fuzzy flag), each translated entry judged."""
    language, folder, english = TRANSLATIONS[translation]
    (root / "source" / "en").mkdir(parents=True)
    for chapter, version in english.items():
        shutil.copy(BOOK / version / f"{chapter}.md", root / "source" / "en" / f"{chapter}.md")
    shutil.copytree(BOOK / folder, root / folder)
    settings_text = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', f'locales = ["{language}"]')
    (root / "pyproject.toml").write_text(settings_text, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    for chapter in sorted((root / folder).glob("*.md")):
        result = cli("-C", root, "-q", "import", "-l", language, chapter.relative_to(root))
        assert result.code in (0, 1), result.err  # a front matter that is not YAML: its values skipped
    _accept(root / "locale" / language / "LC_MESSAGES")
    return _judged(root, language, "kramdown", only_pairs=False)


def judge_real(folder: Path, root: Path) -> list[Judged]:
    """A real set (tests/data/real/<set>/: a repository and its MANIFEST.json) as a user
    takes it in: `init` (with the options its layout needs), `extract`, `import`; every
    imported pair accepted as it stands, each translated entry judged. The truth is
    markdown-it-py's page (reader_oracle's CommonMark reader): the sets are READMEs and
    MkDocs sites whose engines (GitHub's, Python-Markdown) the oracle does not run."""
    manifest = json.loads((folder / "MANIFEST.json").read_text(encoding="utf-8"))
    shutil.copytree(folder, root, ignore=shutil.ignore_patterns("MANIFEST.json"))
    language = manifest["language"]
    for step in (("init", *manifest.get("init", [])), ("extract",), ("import", "-l", language)):
        result = cli("-C", root, "-q", *step)
        assert result.code in (0, 1), (step, result.err)
    _accept(root / "locale" / language / "LC_MESSAGES")
    return _judged(root, language, "commonmark", only_pairs=False)


def _accept(catalogs: Path) -> None:
    """Every pair import doubted taken as it stands: the judge is asked about each."""
    for path in catalogs.rglob("*.po"):
        po = polib.pofile(str(path))
        for entry in po:
            if entry.fuzzy:
                entry.flags.remove("fuzzy")
                entry.previous_msgid = entry.previous_msgctxt = None
        _write(po, path)


def _write(po: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(po), encoding="utf-8")


def _judged(root: Path, language: str, flavor: str, only_pairs: bool) -> list[Judged]:
    result = cli("-C", root, "check", "-l", language, "--format", "json")
    assert result.code in (0, 1), result.err
    catalogs = root / "locale" / language / "LC_MESSAGES"
    errors: dict[tuple[Path, int], list[str]] = {}
    for finding in json.loads(result.out):
        if finding["severity"] == "error":
            errors.setdefault(((root / finding["file"]).resolve(), finding["msgid_line"]), []).append(finding["code"])
    rows: list[tuple[str, str, str, tuple[str, ...]]] = []
    code: list[bool] = []  # each row's entry is a code block's
    defined: list[References] = []  # each row's page's link reference definitions
    places: list[dict[str, str]] = []  # each row's page's headings: translated id -> English id
    for path in sorted(catalogs.rglob("*.po")):  # chapters in sub-folders too (commands/guide)
        chapter = path.relative_to(catalogs).with_suffix("").as_posix()
        lines = path.read_text(encoding="utf-8").split("\n")
        starts = [n + 1 for n, line in enumerate(lines) if line.startswith("msgid ")]
        po = [e for e in polib.pofile(str(path)) if e.msgid and not e.obsolete]
        assert len(po) == len(starts) - 1, path  # the header is the first msgid
        headings = {} if only_pairs else _headings(root, po)
        for entry, line in zip(po, starts[1:], strict=True):
            if entry.msgstr and not entry.fuzzy and entry.msgstr != entry.msgid:
                rows.append((chapter, entry.msgid, entry.msgstr, tuple(errors.get((path.resolve(), line), ()))))
                code.append("no-wrap" in entry.flags)
                defined.append(_references(root, entry) if not only_pairs else {})
                places.append(headings)
    # a code block's lines (`code_blocks`) are read where they stand, inside the fence
    # the book's code blocks have: its page breaks only where the translation leaves it
    fenced = [
        ((f"```\n{i}\n```", f"```\n{s}\n```") if c else (i, s)) for (_, i, s, _), c in zip(rows, code, strict=True)
    ]
    truth = verdicts(fenced, flavor, language, defined, places)
    return [
        Judged(chapter, msgid, msgstr, bool(codes), bool(why), codes, tuple(why))
        for (chapter, msgid, msgstr, codes), why in zip(rows, truth, strict=True)
    ]


def _references(root: Path, entry: polib.POEntry) -> References:
    """The link reference definitions of the English page an entry is from (its first
    `#:` reference): the page reads `[label]` in the message with them."""
    if not entry.occurrences:
        return {}
    return _page_references(root / entry.occurrences[0][0])


def _headings(root: Path, po: Sequence[polib.POEntry]) -> dict[str, str]:
    """A chapter's headings: the id the translated page gives each (its translation's
    words, read as the project's flavor makes ids; a heading left in English keeps its
    own) -> the English page's id of the same heading, where the two differ. The reader
    of the translated page who follows `#データベース` lands on the English's `#database`.
    None where the build keeps the English ids (`heading_ids`, as the book does), as the
    judge reads it (Context.same_place): there the link is the English's changed."""
    source = next((root / e.occurrences[0][0] for e in po if e.occurrences), None)
    if source is None:
        return {}
    settings = root / "mdgettext.toml"
    table = tomllib.loads(settings.read_text(encoding="utf-8")) if settings.exists() else {}
    if not table and (root / "pyproject.toml").exists():
        table = (
            tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("tool", {}).get("mdgettext", {})
        )
    flavor = named(str(table.get("flavor", "commonmark")))
    if table.get("heading_ids") and flavor.given_ids:  # the page keeps the English's ids: the translator's is another
        return {}
    tokens = parser(flavor).parse(source.read_text(encoding="utf-8"))
    titles = [tokens[i + 1].content for i, t in enumerate(tokens[:-1]) if t.type == "heading_open"]
    translated = {e.msgid: e.msgstr for e in po if e.msgstr and not e.fuzzy}
    english_ids = heading_order(tokens, flavor)
    page = "\n\n".join("# " + translated.get(title, title).replace("\n", " ") for title in titles)
    translated_ids = heading_order(parser(flavor).parse(page), flavor)
    if len(translated_ids) != len(english_ids):  # a translation that is no heading's words: no places
        return {}
    return {mine: theirs for mine, theirs in zip(translated_ids, english_ids, strict=True) if mine != theirs}


@lru_cache(maxsize=64)
def _page_references(path: Path) -> References:
    env: dict[str, Any] = {}
    parser().parse(path.read_text(encoding="utf-8"), env)
    return dict(env.get("references", {}))


@dataclass(frozen=True)
class Score:
    entries: int
    broken: int
    flagged: int
    caught: int

    @property
    def precision(self) -> float:
        return self.caught / self.flagged if self.flagged else 1.0

    @property
    def recall(self) -> float:
        return self.caught / self.broken if self.broken else 1.0

    @property
    def agreement(self) -> float:
        wrong = self.flagged + self.broken - 2 * self.caught
        return 1 - wrong / self.entries if self.entries else 1.0


def score(judged: Sequence[Judged]) -> Score:
    return Score(
        len(judged),
        sum(j.broken for j in judged),
        sum(j.flagged for j in judged),
        sum(j.broken and j.flagged for j in judged),
    )
