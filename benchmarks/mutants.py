#!/usr/bin/env python3
"""Does a test fail when a promise breaks? One hand-written mutant per promise.

A measurement, not a test. Each mutant changes one line of a copy of tools/ (the
repository is never touched) so that one promise of README.md or docs/ no longer
holds, then runs the non-browser tests that guard that promise against the copy
(PYTHONPATH puts it before the installed package). A mutant is *killed* when a
test fails (pytest exit 1); *survived* is a hole in the suite: add the test that
kills it. An error (exit 2-4: the mutant does not import, a test cannot be
collected) counts as neither. tests/test_mutants.py checks, cheaply, that every
promise it names has a mutant here and that each mutant still applies; it runs one
mutant for real.

    python benchmarks/mutants.py              # every mutant, a table
    python benchmarks/mutants.py --list       # the mutants and their promises
    python benchmarks/mutants.py span-start   # only these
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str
    promise: str  # what README.md or docs/ promises, which this mutant breaks
    path: str  # under tools/mdgettext/
    old: str  # found exactly once in that file
    new: str
    tests: tuple[str, ...]  # pytest arguments (files, node ids, -k ...): non-browser tests


MUTANTS = (
    Mutant(
        "span-start",
        "a translation replaces exactly its message's text (identity round trip)",
        "markdown/segment.py",
        "kept = sorted((s for s in applied if s is not None), key=lambda s: s.span.start)",
        "kept = sorted((replace(s, span=replace(s.span, start=s.span.start + 1)) for s in applied if s is not None),"
        " key=lambda s: s.span.start)",
        ("tests/test_commonmark.py::test_identity_translation_gives_back_every_byte",),
    ),
    Mutant(
        "publish-fuzzy",
        "a fuzzy translation is never published",
        "po/catalog.py",
        "for e in live(po) if state(e) is State.TRANSLATED})",
        "for e in live(po) if e.msgstr})",
        ("tests/test_fixtures.py",),
    ),
    Mutant(
        "publish-obsolete",
        "an obsolete translation is never published",
        "po/catalog.py",
        "for e in live(po) if state(e) is State.TRANSLATED})",
        "for e in po if e.msgstr and not e.fuzzy})",
        ("tests/test_fixtures.py",),
    ),
    Mutant(
        "drop-obsolete",
        "nothing lost on update: a translation whose English is gone is kept as obsolete",
        "po/update.py",
        "if key not in used and has_translation(entry) and not _filled_in(entry):",
        "if False:",
        ("tests/test_update_scenarios.py", "tests/test_fixtures.py", "tests/test_properties.py"),
    ),
    Mutant(
        "drop-fuzzy-obsolete",
        "nothing lost on update: a fuzzy translation whose English is gone is kept too",
        "po/update.py",
        "if key not in used and has_translation(entry) and not _filled_in(entry):",
        "if key not in used and has_translation(entry) and not _filled_in(entry) and not entry.fuzzy:",
        ("tests/test_update_scenarios.py", "tests/test_fixtures.py", "tests/test_properties.py"),
    ),
    Mutant(
        "update-loses-fuzzy",
        "update keeps a fuzzy translation fuzzy until a translator clears it",
        "po/update.py",
        "    new.flags = list(dict.fromkeys([*old.flags, *new.flags]))\n",
        "    new.flags = list(dict.fromkeys([*(f for f in old.flags if f != 'fuzzy'), *new.flags]))\n",
        ("tests/test_update_scenarios.py", "tests/test_fixtures.py", "tests/test_properties.py"),
    ),
    Mutant(
        "skip-links-check",
        "check reports broken links (every check family runs)",
        "checks/__init__.py",
        "    links.FAMILY,\n",
        "",
        ("tests/test_checks.py",),
    ),
    Mutant(
        "skip-markup-check",
        "check reports markup a translation breaks",
        "checks/__init__.py",
        "    markup.FAMILY,\n",
        "",
        ("tests/test_checks.py",),
    ),
    Mutant(
        "hostile-through",
        "a translation that adds active content is refused by the build (the safety judge)",
        "checks/safety.py",
        "        if reasons and key_of(seg) not in refused:",
        "        if reasons and key_of(seg) not in refused and False:",
        ("tests/test_hostile_inputs.py", "tests/test_checks.py"),
    ),
    Mutant(
        "javascript-url",
        "a link may lead only to http, https, mailto or a relative URL",
        "markdown/urls.py",
        'ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})',
        'ALLOWED_SCHEMES = frozenset({"http", "https", "mailto", "javascript"})',
        ("tests/test_pages.py::test_the_english_page_leads_nowhere_but_the_web_and_mail", "tests/test_checks.py"),
    ),
    Mutant(
        "write-outside",
        "mdgettext reads and writes only inside the project",
        "project.py",
        "        if not resolved.is_relative_to(root):",
        "        if False:",
        ("tests/test_paths.py",),
    ),
    Mutant(
        "forget-notes",
        "a build redoes a chapter when its translator's notes change (the up-to-date key)",
        "pipeline/stale.py",
        "file(config.po_path(c, lang)), file(config.addenda_path(c, lang)), glossaries[lang]",
        "file(config.po_path(c, lang)), glossaries[lang]",
        ("tests/test_incremental.py", "tests/test_addenda.py", "tests/test_notes_kept.py"),
    ),
    Mutant(
        "weave-skip-last",
        "every usable translation is published",
        "markdown/weave.py",
        "        if msgstr is None or msgstr == seg.msgid:",
        "        if msgstr is None or msgstr == seg.msgid or seg is doc.segments[-1]:",
        ("tests/test_fixtures.py",),
    ),
)

# The promises a mutant must stand for: tests/test_mutants.py checks each has one.
PROMISES = {mutant.name: mutant.promise for mutant in MUTANTS}


def apply(mutant: Mutant, tools: Path) -> None:
    """Make `mutant` in the copy of tools/ at `tools`."""
    path = tools / "mdgettext" / mutant.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.old) != 1:
        raise SystemExit(f"{mutant.name}: {mutant.path} holds its line {text.count(mutant.old)} times, not once")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def run(mutant: Mutant, python: str = sys.executable) -> tuple[str, float]:
    """'killed', 'survived' or 'error', and the seconds the tests took."""
    with tempfile.TemporaryDirectory(prefix=f"mutant-{mutant.name}-") as folder:
        tools = Path(folder) / "tools"
        shutil.copytree(REPO / "tools", tools, ignore=shutil.ignore_patterns("__pycache__"))
        apply(mutant, tools)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tools), str(REPO / "tests")]))
        env.pop("CI", None)
        began = time.monotonic()
        result = subprocess.run(
            [python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *mutant.tests],
            check=False,
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
        )
        took = time.monotonic() - began
    verdict = {0: "survived", 1: "killed"}.get(result.returncode, "error")
    if verdict == "error":
        print(f"{mutant.name}: pytest exit {result.returncode}\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return verdict, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="only these mutants")
    parser.add_argument("--list", action="store_true", help="list the mutants and their promises")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.names or m.name in args.names]
    if args.list:
        for m in chosen:
            print(f"{m.name:22} {m.promise}")
        return 0
    rows = []
    for mutant in chosen:
        verdict, took = run(mutant)
        rows.append((mutant, verdict, took))
        print(f"{mutant.name:22} {verdict:9} {took:6.1f}s", file=sys.stderr, flush=True)
    print("| mutant | promise | verdict | tests | seconds |\n|---|---|---|---|---|")
    for mutant, verdict, took in rows:
        print(f"| {mutant.name} | {mutant.promise} | {verdict} | {' '.join(mutant.tests)} | {took:.0f} |")
    killed = sum(v == "killed" for _, v, _ in rows)
    print(f"\n{killed}/{len(rows)} killed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
