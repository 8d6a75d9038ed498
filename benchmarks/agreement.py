#!/usr/bin/env python3
"""How often `mdgettext check` is right about a translation, measured against the reader's page.

A measurement, not a test: it always exits 0. The truth is what the reader gets
(tests/reader_oracle.py): the flavor's engine (kramdown as the book's Jekyll runs it,
or markdown-it-py for `flavor = "commonmark"`), then KaTeX for the formulas; a
translation is *broken* when its page has other blocks, links or elements than the
English's, shows markup as text, or has a formula that does not set. The judge's
verdict: an error-severity finding on the entry.

    pairs     N generated (English, translation) pairs per flavor (tests/pairs.py,
              the same on every run): agreement, false alarms, missed, and the
              disagreements by class (what the judge said, or what the page showed)
    moves     translators' moves on the book's own English (tests/moves.py), per move
    book      the three translations in tests/data/book (the community Korean and
              Chinese, the human Korean), every imported pair accepted, per split:
              tune (index, roofline, transformers) and held-out (the other three);
              then each against the two English versions it does not follow

    python benchmarks/agreement.py                 # 5,000 pairs per flavor, and the book
    python benchmarks/agreement.py --pairs 500
    python benchmarks/agreement.py --save          # also rewrite tests/fixtures/agreement/disagreements.tsv
    python benchmarks/agreement.py --sets tests/data/real   # only real sets: one sub-folder each

    sets      real translations (tests/data/real/<set>/, or any folder of such sets), each
              taken in as a user would (init, extract, import), every imported pair
              accepted, judged against markdown-it-py's page: per set entries, broken,
              flagged, caught, and precision / recall where the set has 10 or more broken
              entries (fewer: the counts say it), then the disagreements by class
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

from agreement import (  # noqa: E402
    HELD_OUT,
    TRANSLATIONS,
    TUNE,
    Judged,
    draw_pairs,
    judge_book,
    judge_pairs,
    judge_real,
    score,
)
from moves import moves  # noqa: E402
from pairs import Pair  # noqa: E402

FLAVORS = ("kramdown", "commonmark")
DISAGREEMENTS = TESTS / "fixtures" / "agreement" / "disagreements.tsv"
EXAMPLES = 3  # per class in the TSV
# A translation made from one version of the English, put against another (as when the
# English moves on, or a translator followed an older copy): entries that pair well
# enough to import, with the other English's markup, links and formulas.
OTHER_ENGLISH = {
    f"{name}@{version}": (language, folder, dict.fromkeys(TUNE + HELD_OUT, version))
    for name, language, folder, versions in (
        ("ko", "ko", "ko", ("en-2025-12", "en-older")),
        ("zh", "zh", "zh", ("en", "en-older")),
        ("ko-human", "ko", "ko-human", ("en", "en-older")),
    )
    for version in versions
}


def disagreement_class(judged: Judged, flavor: str) -> tuple[str, str]:
    """(false alarm | missed, why): the judge's codes on a false alarm, what broke the
    page on a miss, so the classes name what a redesign must learn."""
    if judged.flagged:
        return "false alarm", ",".join(sorted(set(judged.codes)))
    return "missed", "; ".join(w.split(":")[0] for w in judged.why)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The judge against the engine.")
    parser.add_argument("--pairs", type=int, default=5000, help="generated pairs per flavor (default 5000)")
    parser.add_argument("--save", action="store_true", help=f"rewrite {DISAGREEMENTS.relative_to(TESTS.parent)}")
    parser.add_argument("--no-book", action="store_true", help="the generated pairs and moves only")
    parser.add_argument("--moves", type=int, default=40, help="translators' moves of each kind (default 40)")
    parser.add_argument("--sets", type=Path, help="judge only these real sets: a folder with one sub-folder per set")
    args = parser.parse_args(argv)
    if args.sets is not None:
        if not args.sets.is_dir():
            print(f"agreement.py: error: {args.sets}: no such folder", file=sys.stderr)
            return 2
        return real_sets(args.sets)
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
        made = list(moves(args.moves))
        judged_moves = judge_pairs(
            [Pair(m.english, m.translation, "hangul", (), m.name) for m in made], "kramdown", Path(folder) / "moves"
        )
        by_move: dict[str, list[Judged]] = defaultdict(list)
        name_of = {(m.english, m.translation): m.name for m in made}
        for j in judged_moves:
            by_move[name_of.get((j.msgid, j.msgstr), "?")].append(j)
        print(f"\n{'move':<42} {'pairs':>5} {'broken':>6} {'flagged':>7} {'agree':>5}")
        for name, found in by_move.items():
            s = score(found)
            print(
                f"{name:<42} {s.entries:>5} {s.broken:>6} {s.flagged:>7} {s.entries - (s.flagged + s.broken - 2 * s.caught):>5}"
            )
            for j in found:
                if j.flagged != j.broken:
                    rows.append(("moves", *disagreement_class(j, "kramdown"), name, j.msgid, j.msgstr))
        if not args.no_book:
            print(f"\n{'book':<20} {'entries':>7} {'broken':>7} {'flagged':>7} {'precision':>9} {'recall':>7}")
            for translation in TRANSLATIONS:
                judged = judge_book(translation, Path(folder) / f"book-{translation}")
                for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
                    part = [j for j in judged if j.chapter in chapters]
                    s = score(part)
                    print(
                        f"{translation + ' ' + split:<20} {s.entries:>7} {s.broken:>7} {s.flagged:>7}"
                        f" {s.precision:>9.2f} {s.recall:>7.2f}"
                    )
                    seen: Counter[tuple[str, str]] = Counter()
                    for j in part:
                        if j.flagged != j.broken:
                            key = disagreement_class(j, "kramdown")
                            seen[key] += 1
                            if seen[key] <= EXAMPLES:
                                rows.append((f"book:{translation}:{j.chapter}", *key, "", j.msgid, j.msgstr))
        if not args.no_book:  # each translation put against the English versions it does not follow
            print(
                f"\n{'book, other English':<26} {'entries':>7} {'broken':>7} {'flagged':>7} {'precision':>9} {'recall':>7}"
            )
            for name, (language, folder_name, follows) in OTHER_ENGLISH.items():
                TRANSLATIONS[name] = (language, folder_name, follows)
                judged = judge_book(name, Path(folder) / f"other-{name}")
                s = score(judged)
                print(f"{name:<26} {s.entries:>7} {s.broken:>7} {s.flagged:>7} {s.precision:>9.2f} {s.recall:>7.2f}")
                for j in judged:
                    if j.flagged != j.broken:
                        rows.append(
                            (f"other:{name}:{j.chapter}", *disagreement_class(j, "kramdown"), "", j.msgid, j.msgstr)
                        )
    if args.save:
        DISAGREEMENTS.parent.mkdir(parents=True, exist_ok=True)
        header = "# where\tdirection\tclass\tconstruct / mutation\tenglish\ttranslation\n"
        DISAGREEMENTS.write_text(
            header + "".join("\t".join(_cell(c) for c in row) + "\n" for row in rows), encoding="utf-8"
        )
        print(f"\n{len(rows)} examples written to {DISAGREEMENTS.relative_to(TESTS.parent)}")
    return 0


BROKEN_ENOUGH = 10  # a precision or recall over fewer broken entries says little: the counts say it


def real_sets(sets: Path) -> int:
    """Each real set's entries judged; precision and recall where there is enough to judge."""
    header = f"{'set':<24} {'entries':>7} {'broken':>6} {'flagged':>7} {'caught':>6} {'precision':>9} {'recall':>6}"
    print(header)
    disagreements: dict[str, Counter[tuple[str, str]]] = {}
    totals: list[Judged] = []
    with tempfile.TemporaryDirectory() as folder:
        for one in sorted(p for p in sets.iterdir() if p.is_dir()):
            judged = judge_real(one, Path(folder) / one.name)
            totals.extend(judged)
            _set_row(one.name, judged)
            disagreements[one.name] = Counter(disagreement_class(j, "") for j in judged if j.flagged != j.broken)
    _set_row("all", totals)
    for name, classes in disagreements.items():
        if classes:
            print(f"\n{name}: disagreements by class")
            for (direction, why), count in classes.most_common(10):
                print(f"  {count:>4}  {direction:<11} {why[:90]}")
    return 0


def _set_row(name: str, judged: Sequence[Judged]) -> None:
    s = score(judged)
    enough = s.broken >= BROKEN_ENOUGH
    precision = f"{s.precision:.2f}" if enough else "-"
    recall = f"{s.recall:.2f}" if enough else "-"
    print(f"{name:<24} {s.entries:>7} {s.broken:>6} {s.flagged:>7} {s.caught:>6} {precision:>9} {recall:>6}")


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


if __name__ == "__main__":
    sys.exit(main())
