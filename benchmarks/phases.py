#!/usr/bin/env python3
"""Where a cold Markdown build's time goes, phase by phase, in one process.

`book.py` says how long users wait; this says why. It builds the same project from
the six chapters in tests/data/book (the Korean imported), then times, with the
pipeline's own functions and in the order `build --format md -j 1` runs them: the
imports a build makes, reading each source (parse and segments), reading each
catalog, weaving, parsing the woven chapter, and each check family the build runs
(those whose findings may be errors), and publishing the Markdown. A measurement, not a test: it always exits 0.

    python benchmarks/phases.py             # best of 5
    python benchmarks/phases.py --repeat 9
    python benchmarks/phases.py --longer 20 # each chapter 20 times over: the per-byte cost
    python benchmarks/phases.py --cpu       # CPU seconds of this process: steadier on a shared machine

The imports are timed in a fresh interpreter (`-X importtime` would slow them);
every other phase is the best of the repeats, so the rows add up to about what one
`build -j 1` spends after start-up.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from operator import attrgetter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from book import mdgettext, project  # the same project as book.py

IMPORTS = """
import time
start = time.{clock}()
import mdgettext.checks, mdgettext.pipeline.jobs, mdgettext.commands.build
print(time.{clock}() - start)
"""
CLOCK = ["perf_counter"]  # or "process_time" (--cpu): what every phase is timed with


def clock() -> float:
    return float(getattr(time, CLOCK[0])())


def imports() -> float:
    """What a build imports before its first chapter, in a fresh interpreter."""
    script = IMPORTS.format(clock=CLOCK[0])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return float(done.stdout)


def timed(spent: Counter[str], name: str, work: Callable[..., Any]) -> Callable[..., Any]:
    """`work`, adding the time of each call to `spent[name]` (a check's findings listed, as the build does)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        found = work(*args, **kwargs)
        if isinstance(found, Iterable) and not isinstance(found, (str, tuple)):
            found = list(found)
        spent[name] += clock() - start
        return found

    return run


FLOOR: list[Counter[str]] = [Counter()]  # not a phase of the build: timed beside it, reported apart


def one_build(root: Path) -> Counter[str]:
    """One pass over every chapter, as `build -l ko --format md -j 1` makes it: the
    pipeline's own `checked` and `publish_checked`, with each step timed where it runs."""
    from mdgettext import checks
    from mdgettext.files import read_catalog
    from mdgettext.markdown import weave
    from mdgettext.markdown.parser import parser
    from mdgettext.pipeline import judged, read
    from mdgettext.project import load_config
    from mdgettext.publish.context import publishing
    from mdgettext.publish.links import Site

    spent: Counter[str] = Counter()
    floor = FLOOR[0]
    config = load_config(root)
    families = []
    for family in checks.FAMILIES:
        name = next(iter(family.codes)).split(".")[0]
        hooks = {
            k: timed(spent, f"check: {name}", getattr(family, k)) for k in ("entry", "catalog") if getattr(family, k)
        }
        families.append(replace(family, **hooks))

    def woven(*args: Any, **kwargs: Any) -> weave.Woven:
        made = timed(spent, "weave", weave.weave)(*args, **kwargs)
        timed(spent, "woven chapter parsed (structure)", attrgetter("tokens"))(made)
        return made

    saved = checks.FAMILIES, judged.weave
    checks.FAMILIES, judged.weave = tuple(families), woven
    try:
        pages = config.known_pages()
        glossary = judged.load_project_glossary(config, "ko")  # once per language, as the build reads it
        for chapter in config.chapters():
            _, doc = timed(spent, "source: read and segment", read.load_chapter)(config, chapter)
            english = config.source_path(chapter).read_text(encoding="utf-8")
            md = parser(doc.flavor, doc.math)  # the floor (issue 43): one parse of the English, nothing else
            timed(floor, "one markdown-it-py parse of the English", md.parse)(english, {})
            path = config.po_path(chapter, "ko")
            catalog = timed(spent, "catalog: read and validate", read_catalog)(path, config.relative(path))
            read_once = judged.Chapter(chapter, doc, {chapter: frozenset(doc.headings)}, pages=pages)
            verdict = judged.checked(config, read_once, "ko", catalog, glossary, review=False)
            context = publishing(doc, Site(chapter, {chapter: ("en", "ko")}, config.source_language), config)
            timed(spent, "publish (Markdown)", judged.publish_checked)(context, "ko", catalog, False, verdict)
    finally:
        checks.FAMILIES, judged.weave = saved
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="passes; the best of each phase is shown (default 5)")
    ap.add_argument(
        "--longer", type=int, default=1, help="each chapter's body this many times over (book.py's long shape: 20)"
    )
    ap.add_argument("--cpu", action="store_true", help="CPU seconds of the process, not wall-clock seconds")
    args = ap.parse_args()
    CLOCK[0] = "process_time" if args.cpu else "perf_counter"
    with tempfile.TemporaryDirectory() as folder:
        root = project(Path(folder), 1, args.longer)
        subprocess.run(mdgettext(root, "build", "-l", "ko", "--format", "md"), check=False, capture_output=True)
        best: dict[str, float] = {"imports (fresh interpreter)": min(imports() for _ in range(args.repeat))}
        runs, floors = [], []
        for _ in range(args.repeat):
            FLOOR[0] = Counter()
            runs.append(one_build(root))
            floors.append(FLOOR[0])
    for name in runs[0]:
        best[name] = min(run[name] for run in runs)
    checks_total = sum(v for k, v in best.items() if k.startswith("check: "))
    times = f", each {args.longer} times over" if args.longer > 1 else ""
    unit = "CPU seconds" if args.cpu else "seconds"
    print(f"one process, the six chapters{times} in Korean, best of {args.repeat}, {unit}:")
    for name, seconds in sorted(best.items(), key=lambda item: -item[1]):
        print(f"  {seconds:6.3f} s  {name}")
    after_start = sum(v for k, v in best.items() if not k.startswith("imports"))
    floor = min(f["one markdown-it-py parse of the English"] for f in floors)
    print(f"  {sum(best.values()):6.3f} s  in all, of which the checks {checks_total:.3f} s")
    print(
        f"  {floor:6.3f} s  beside it: one markdown-it-py parse of the English (the book's flavor); the build after"
        f" its imports is {after_start / floor:.1f}x that, reading and segmenting the source"
        f" {best['source: read and segment'] / floor:.1f}x"
    )


if __name__ == "__main__":
    main()
