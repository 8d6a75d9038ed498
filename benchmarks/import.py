#!/usr/bin/env python3
"""How often `mdgettext import` puts every entry right, on translations made as people make them.

A measurement, not a test: it always exits 0. The community Korean and Chinese
chapters (tests/data/book) follow their English block for block, so the right
translation of every message is known by position; tests/translators.py hands them
in again as translators hand theirs in (runs and scattered blocks left in English,
translator's notes, a block skipped, a line doubled, paragraphs joined, blank lines
before the front matter). Per language and split (tune: index, roofline,
transformers; held-out: the other three): entries right, right but doubted (fuzzy or
awaiting review), wrong, and
notes kept as addenda. Then the human Korean translation (tests/data/book/ko-human),
whose answer nobody knows: what import made of it, and whether every translator's
note reached the built page.

    python benchmarks/import.py              # 5 seeds per chapter
    python benchmarks/import.py --seeds 20
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

import polib  # noqa: E402

from agreement import BOOKS, HELD_OUT, TRANSLATIONS, TUNE, book_project  # noqa: E402
from conftest import BOOK, cli  # noqa: E402
from translators import perturbed, read, scored  # noqa: E402

project = book_project  # the book's chapters in the English named, extracted


def imported(root: Path, language: str, chapter: str, text: str) -> tuple[dict, str]:
    for path in (root / "locale" / language / "LC_MESSAGES").glob(f"{chapter}.*"):
        path.unlink()
    translated = root / language / f"{chapter}.md"
    translated.parent.mkdir(exist_ok=True)
    translated.write_text(text, encoding="utf-8")
    cli("-C", root, "-q", "import", "-l", language, translated.relative_to(root))
    po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"))
    addenda = root / "locale" / language / "LC_MESSAGES" / f"{chapter}.addenda.md"
    # doubtful: fuzzy, or published with import's doubt (`# import:`), awaiting review
    entries = {(e.msgctxt, e.msgid): (e.msgstr, e.fuzzy or "import: " in (e.tcomment or "")) for e in po}
    return entries, addenda.read_text(encoding="utf-8") if addenda.exists() else ""


def perturbed_rows(seeds: int, folder: Path) -> None:
    print(
        f"{'translation':<22} {'entries':>7} {'right':>6} {'fuzzy':>6} {'wrong':>6} {'notes':>6} {'kept':>5} {'other':>6}"
    )
    for language, (english, translated) in BOOKS.items():
        root = project(folder / language, language, dict.fromkeys(TUNE + HELD_OUT, english))
        for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
            counts: Counter[str] = Counter()
            for chapter in chapters:
                source = read((BOOK / english / f"{chapter}.md").read_text(encoding="utf-8"), f"en/{chapter}.md")
                target = read((BOOK / translated / f"{chapter}.md").read_text(encoding="utf-8"), f"x/{chapter}.md")
                for seed in range(seeds):
                    made = perturbed(source, target, language, f"{language}-{chapter}-{seed}")
                    entries, addenda = imported(root, language, chapter, made.text)
                    score = scored(entries, made)
                    counts.update(
                        entries=len(made.expected),
                        right=score.right,
                        fuzzy=score.doubtful,
                        wrong=len(score.wrong),
                        notes=len(made.notes),
                        kept=sum(1 for note in made.notes if note in addenda),
                        other=addenda.count("<!-- after:") - sum(1 for note in made.notes if note in addenda),
                    )
                    for line in score.wrong:
                        print(f"    wrong in {chapter} (seed {seed}): {line}")
            print(
                f"{language + ' ' + split:<22} {counts['entries']:>7} {counts['right']:>6} {counts['fuzzy']:>6}"
                f" {counts['wrong']:>6} {counts['notes']:>6} {counts['kept']:>5} {counts['other']:>6}"
            )


def human_rows(folder: Path) -> None:
    language, translated, english = TRANSLATIONS["ko-human"]
    root = project(folder / "human", language, english)
    shutil.copytree(BOOK / translated, root / translated)
    print(
        f"\n{'human Korean':<22} {'aligned':>7} {'review':>6} {'fuzzy':>6} {'kept':>5} {'added':>6} {'English':>7} {'note on page':>12}"
    )
    for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
        totals: Counter[str] = Counter()
        for chapter in chapters:
            result = cli("-C", root, "import", "-l", language, f"{translated}/{chapter}.md")
            summary = result.out.strip().splitlines()[-1]
            for label in (
                "aligned",
                "imported for review",
                "imported as fuzzy",
                "kept as written",
                "kept as the translator's additions",
                "still in English",
            ):
                found = re.search(rf"(\d+) {re.escape(label)}", summary)
                totals[label] += int(found.group(1)) if found else 0
        for po in (root / "locale" / language / "LC_MESSAGES").glob("*.po"):
            catalog = polib.pofile(str(po))
            for entry in catalog:
                if entry.fuzzy:  # accepted as it stands: the note must be on the page either way
                    entry.flags.remove("fuzzy")
            catalog.save()
        cli("-C", root, "-q", "build", "-l", language, "--format", "md")
        notes = sum(
            1
            for chapter in chapters
            if "번역 안내" in (root / "build" / language / f"{chapter}.md").read_text(encoding="utf-8")
        )
        added = totals["kept as the translator's additions"]
        print(
            f"{'ko-human ' + split:<22} {totals['aligned']:>7} {totals['imported for review']:>6} {totals['imported as fuzzy']:>6}"
            f" {totals['kept as written']:>5} {added:>6} {totals['still in English']:>7} {f'{notes} of {len(chapters)}':>12}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="import on translations made as people make them")
    parser.add_argument("--seeds", type=int, default=5, help="perturbed translations per chapter (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        perturbed_rows(args.seeds, Path(folder))
        human_rows(Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
