#!/usr/bin/env python3
"""Does a translation people already made come back as they made it (issue 45)?

A measurement, not a test: it always exits 0 (2 only when a folder it is given is
missing). Each set is a real repository with its English and a translation made from
that English (tests/data/real/<set>/, MANIFEST.json saying where it came from), or one
of the book's translations in tests/data/book. A copy of each goes through a new
user's first day, with the command line as they type it:

    mdgettext init                      (real sets; the book has its settings.toml)
    mdgettext extract
    mdgettext import -l LANG            (the book: import -l LANG its chapters' files)
    mdgettext build -l LANG --format md

and each translated file the build writes is compared with the translator's own:

    lines     the translator's non-blank lines found byte for byte, in order, in the
              built file (difflib's longest matching blocks over whole lines)
    files     built files byte-identical to the translator's
    review    entries awaiting review (published, with import's `# import:` comment)
    fuzzy     entries marked fuzzy (never published: the English is shown)
    untr.     entries with no translation

With --lost, every lost line with the `mdgettext check` finding that keeps its entry off
the page (an error, or fuzzy), or "unexplained" with what is known (benchmarks/README.md).
Two explanations are not findings, and their lines are still counted lost: `heading_ids`
(the translator's heading written back with the English id the project's setting adds),
and "English left by the translator" (a line of English prose in the translation that no
entry's translation holds: English the translator or their tool left there, whose English
has changed since; the build shows the current English, which is right).

    python benchmarks/roundtrip.py                      # tests/data/real and the book
    python benchmarks/roundtrip.py --sets DIR           # one sub-folder per set
    python benchmarks/roundtrip.py --sets DIR --no-book --lost
    python benchmarks/roundtrip.py --json               # the numbers as JSON
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

from roundtrip import REAL, roundtrip, table  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Import, then build: does the translators' text come back?")
    parser.add_argument(
        "--sets", type=Path, default=None, help="a folder with one sub-folder per set (default tests/data/real)"
    )
    parser.add_argument("--no-book", action="store_true", help="leave out the book's translations (tests/data/book)")
    parser.add_argument("--lost", action="store_true", help="list every lost line and what explains it")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.sets is not None and not args.sets.is_dir():
        print(f"roundtrip.py: error: {args.sets}: no such folder", file=sys.stderr)
        return 2
    sets = args.sets if args.sets is not None else REAL if REAL.is_dir() else None
    with tempfile.TemporaryDirectory() as work:
        results = roundtrip(sets, not args.no_book, Path(work))
    if args.json:
        print(json.dumps([asdict(r) | {"share": r.share} for r in results], ensure_ascii=False, indent=1))
        return 0
    print(table(results))
    if args.lost:
        print("\n| set | lost lines by what explains them |\n| --- | --- |")
        for r in results:
            kinds = Counter(_reason(lost.why) for lost in r.lost)
            print(f"| {r.name} | {', '.join(f'{kind} {n}' for kind, n in kinds.most_common())} |")
        for r in results:
            if r.lost:
                print(f"\n### {r.name}: {len(r.lost)} lost lines\n")
                for lost in r.lost:
                    print(f"- `{lost.file}:{lost.line}` {lost.text.strip()[:100]!r}\n  - {lost.why[:300]}")
    return 0


def _reason(why: str) -> str:
    """A lost line's explanation without its particulars: the finding's code, or what
    left it unexplained (`unexplained (fence)`, `unexplained (fuzzy)`)."""
    if not why.startswith("unexplained"):
        return why.split(":", maxsplit=1)[0]
    return re.sub(r"\((.*?)[:)].*", r"(\1)", why)


if __name__ == "__main__":
    sys.exit(main())
