#!/usr/bin/env python3
"""How much of a translation people already made comes back from `import` then `build`.

A measurement, not a test: it always exits 0. Each real translation in tests/data/book
(the community Korean and Chinese, the human Korean), imported whole against the
English it was made from (tests/data/README.md), then built as Markdown. Per set and
split (tune: index, roofline, transformers; held-out: the other three): the entries
import made fuzzy (not published), those it published awaiting review (`# import:`),
the translator's non-blank lines the built file has byte for byte (as a multiset),
and the files that came back byte-identical.

    python benchmarks/kept.py
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

import polib  # noqa: E402

from agreement import HELD_OUT, TRANSLATIONS, TUNE, book_project  # noqa: E402
from conftest import BOOK, cli  # noqa: E402


def lines(text: str) -> Counter[str]:
    """The non-blank lines of a file, as a multiset."""
    return Counter(line for line in text.split("\n") if line.strip())


def measure(folder: Path, name: str, language: str, translated: str, english: dict[str, str]) -> None:
    root = book_project(folder / name, language, english)
    shutil.copytree(BOOK / translated, root / translated)
    for chapter in english:
        cli("-C", root, "-q", "import", "-l", language, f"{translated}/{chapter}.md")
    cli("-C", root, "-q", "build", "-l", language, "--format", "md")
    for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
        n: Counter[str] = Counter()
        for chapter in chapters:
            po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"))
            live = [e for e in po if not e.obsolete]
            n["fuzzy"] += sum(1 for e in live if e.fuzzy)
            n["review"] += sum(1 for e in live if not e.fuzzy and e.msgstr and "import: " in (e.tcomment or ""))
            n["entries"] += len(live)
            theirs = (BOOK / translated / f"{chapter}.md").read_text(encoding="utf-8")
            built = root / "build" / language / f"{chapter}.md"
            ours = built.read_text(encoding="utf-8") if built.exists() else ""
            want = lines(theirs)
            n["lines"] += sum(want.values())
            n["kept"] += sum((want & lines(ours)).values())
            n["identical"] += ours == theirs
        share = 100.0 * n["kept"] / n["lines"] if n["lines"] else 100.0
        print(
            f"{name + ' ' + split:<20} {n['entries']:>7} {n['fuzzy']:>6} {n['review']:>7}"
            f" {n['kept']:>6}/{n['lines']:<6} {share:>6.1f}% {n['identical']:>4} of {len(chapters)}"
        )


def main() -> int:
    print(
        f"{'translation':<20} {'entries':>7} {'fuzzy':>6} {'review':>7} {'lines kept':>13} {'share':>7} {'identical':>9}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for name, (language, translated, english) in TRANSLATIONS.items():
            measure(Path(folder), name, language, translated, english)
    return 0


if __name__ == "__main__":
    sys.exit(main())
