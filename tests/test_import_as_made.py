"""`import` on translations made the way people make them: every entry right.

The community Korean and Chinese chapters follow their English block for block, so
the right translation of every message is known by position (tests/translators.py).
Each is handed in again as translators hand theirs in: runs and scattered blocks
left in English, translator's notes at the top and between blocks (with and
without the words that say so), a block skipped, a list line doubled by a merge,
two paragraphs joined, blank lines before the front matter. The import must put
every entry right (none takes another block's text), keep every note as an
addendum of the translator's, and keep nothing else.

The chapters are split as the judge's measurements split them: the aligner was
tuned on TUNE and is measured here on HELD_OUT as well; benchmarks/import.py
prints the numbers of both halves.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

from agreement import BOOKS, HELD_OUT, TUNE
from conftest import BOOK, BOOK_SETTINGS, cli
from translators import Perturbed, perturbed, read, scored

SEEDS = 3


def case(language: str, chapter: str, seed: int) -> Perturbed:
    english, folder = BOOKS[language]
    source = read((BOOK / english / f"{chapter}.md").read_text(encoding="utf-8"), f"en/{chapter}.md")
    translated = read((BOOK / folder / f"{chapter}.md").read_text(encoding="utf-8"), f"{folder}/{chapter}.md")
    return perturbed(source, translated, language, f"{language}-{chapter}-{seed}")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A project per language with the English extracted, for the imports to run in."""
    roots = {}
    for language, (english, _) in BOOKS.items():
        root = tmp_path_factory.mktemp(f"as-made-{language}")
        shutil.copytree(BOOK / english, root / "source" / "en")
        settings = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', f'locales = ["{language}"]')
        (root / "pyproject.toml").write_text(settings, encoding="utf-8")
        assert cli("-C", root, "-q", "extract").code == 0
        roots[language] = root
    return roots


def imported(root: Path, language: str, chapter: str, made: Perturbed, seed: int) -> tuple[dict, str]:
    """The catalog a fresh import of `made` gives, and its addenda file's text."""
    for path in (root / "locale" / language / "LC_MESSAGES").glob(f"{chapter}.*"):
        path.unlink()
    translated = root / language / f"{chapter}.md"
    translated.parent.mkdir(exist_ok=True)
    translated.write_text(made.text, encoding="utf-8")
    result = cli("-C", root, "-q", "import", "-l", language, translated.relative_to(root))
    assert result.code in (0, 1), result.err
    po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"))
    addenda = root / "locale" / language / "LC_MESSAGES" / f"{chapter}.addenda.md"
    return {(e.msgctxt, e.msgid): (e.msgstr, e.fuzzy) for e in po}, addenda.read_text(
        encoding="utf-8"
    ) if addenda.exists() else ""


@pytest.mark.parametrize("seed", range(SEEDS))
@pytest.mark.parametrize("chapter", TUNE + HELD_OUT)
@pytest.mark.parametrize("language", sorted(BOOKS))
def test_every_entry_is_right_and_every_note_kept(
    book: dict[str, Path], language: str, chapter: str, seed: int
) -> None:
    made = case(language, chapter, seed)
    entries, addenda = imported(book[language], language, chapter, made, seed)
    score = scored(entries, made)
    assert score.wrong == [], made.moves
    assert all(note in addenda for note in made.notes), (made.moves, addenda)
    blocks = addenda.count("<!-- after:")
    assert blocks == len(made.notes), addenda  # nothing but the notes


def test_the_cases_make_every_move_somewhere() -> None:
    """The moves the tests rely on really happen in the cases drawn."""
    said = " ".join(m for language in BOOKS for chapter in TUNE + HELD_OUT for seed in range(SEEDS)
                    for m in case(language, chapter, seed).moves)  # fmt: skip
    for move in ("English run", "notes", "dropped", "doubled list line", "joined", "blank lines before"):
        assert move in said, move
