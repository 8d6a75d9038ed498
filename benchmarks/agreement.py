#!/usr/bin/env python3
"""How often `mdgettext check` is right about a translation, measured against the engine.

A measurement, not a test: it always exits 0. The truth is what the book's engine
makes of an entry's English and its translation (tests/engine_oracle.py: kramdown as
the book's Jekyll runs it, or markdown-it-py for `flavor = "commonmark"`): a
translation is *broken* when its shape (elements, destinations, code, math TeX, HTML
tags and attributes, Liquid; words aside) differs from the English's. The judge's
verdict: an error-severity finding on the entry.

    pairs     N generated (English, translation) pairs per flavor (tests/pairs.py,
              the same on every run): agreement, false alarms, missed, and the
              disagreements by class (what the judge said, or what the engine saw)
    book      the community translations in tests/data/book: ko against en, zh
              against en-2025-12, every imported pair accepted, per split: tune
              (index, roofline, transformers) and held-out (the other three)

    python benchmarks/agreement.py                 # 5,000 pairs per flavor, and the book
    python benchmarks/agreement.py --pairs 500
    python benchmarks/agreement.py --save          # also rewrite tests/fixtures/agreement/disagreements.tsv
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

from agreement import HELD_OUT, TUNE, Judged, draw_pairs, judge_book, judge_pairs, score  # noqa: E402
from engine_oracle import difference, shapes  # noqa: E402

FLAVORS = ("kramdown", "commonmark")
DISAGREEMENTS = TESTS / "fixtures" / "agreement" / "disagreements.tsv"
EXAMPLES = 3  # per class in the TSV


def disagreement_class(judged: Judged, flavor: str) -> tuple[str, str]:
    """(false alarm | missed, why): the judge's codes on a false alarm, the engine's
    difference on a miss, so the classes name what a redesign must learn."""
    if judged.flagged:
        return "false alarm", ",".join(sorted(set(judged.codes)))
    english, translation = shapes([judged.msgid, judged.msgstr], flavor)
    return "missed", difference(english, translation)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The judge against the engine.")
    parser.add_argument("--pairs", type=int, default=5000, help="generated pairs per flavor (default 5000)")
    parser.add_argument("--save", action="store_true", help=f"rewrite {DISAGREEMENTS.relative_to(TESTS.parent)}")
    parser.add_argument("--no-book", action="store_true", help="the generated pairs only")
    args = parser.parse_args(argv)
    rows: list[tuple[str, str, str, str, str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        pairs = draw_pairs(args.pairs)
        print(f"{'flavor':<11} {'pairs':>6} {'agreement':>9} {'false alarms':>12} {'missed':>7}")
        by_flavor: dict[str, dict[tuple[str, str], list[tuple[str, Judged]]]] = {}
        for flavor in FLAVORS:
            judged = judge_pairs(pairs, flavor, Path(folder) / "pairs")
            about = {(p.english, p.translation): p.construct for p in pairs}
            s = score(judged)
            false_alarms, missed = s.flagged - s.caught, s.broken - s.caught
            print(f"{flavor:<11} {s.entries:>6} {s.agreement:>9.1%} {false_alarms:>12} {missed:>7}")
            classes: dict[tuple[str, str], list[tuple[str, Judged]]] = defaultdict(list)
            for j in judged:
                if j.flagged != j.broken:
                    classes[disagreement_class(j, flavor)].append((about.get((j.msgid, j.msgstr), ""), j))
            by_flavor[flavor] = classes
        for flavor, classes in by_flavor.items():
            print(f"\n{flavor}: disagreements by class (count, most common construct / mutation)")
            for (direction, why), found in sorted(classes.items(), key=lambda kv: -len(kv[1]))[:15]:
                construct = Counter(c for c, _ in found).most_common(1)[0][0]
                print(f"  {len(found):>5}  {direction:<11} {why[:60]:<60}  {construct[:50]}")
                for construct, j in found[:EXAMPLES]:
                    rows.append((f"pairs:{flavor}", direction, why, construct, j.msgid, j.msgstr))
        if not args.no_book:
            print(f"\n{'book':<14} {'entries':>7} {'broken':>7} {'flagged':>7} {'precision':>9} {'recall':>7}")
            for language in ("ko", "zh"):
                judged = judge_book(language, Path(folder) / f"book-{language}")
                for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
                    part = [j for j in judged if j.chapter in chapters]
                    s = score(part)
                    print(
                        f"{language + ' ' + split:<14} {s.entries:>7} {s.broken:>7} {s.flagged:>7}"
                        f" {s.precision:>9.2f} {s.recall:>7.2f}"
                    )
                    seen: Counter[tuple[str, str]] = Counter()
                    for j in part:
                        if j.flagged != j.broken:
                            key = disagreement_class(j, "kramdown")
                            seen[key] += 1
                            if seen[key] <= EXAMPLES:
                                rows.append((f"book:{language}:{j.chapter}", *key, "", j.msgid, j.msgstr))
    if args.save:
        DISAGREEMENTS.parent.mkdir(parents=True, exist_ok=True)
        header = "# where\tdirection\tclass\tconstruct / mutation\tenglish\ttranslation\n"
        DISAGREEMENTS.write_text(
            header + "".join("\t".join(_cell(c) for c in row) + "\n" for row in rows), encoding="utf-8"
        )
        print(f"\n{len(rows)} examples written to {DISAGREEMENTS.relative_to(TESTS.parent)}")
    return 0


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


if __name__ == "__main__":
    sys.exit(main())
