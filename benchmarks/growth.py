#!/usr/bin/env python3
"""Growth benchmark: how extract, update, check and build scale with the worst inputs.

A measurement, not a test: it always exits 0. For each input below it builds a
project at size n, 2n and 4n, runs the commands as a user would (in-process,
through `mdgettext.cli.run`, each size in its own child process with a time limit),
and prints each command's time and the growth factor per doubling. Linear growth is
2.0 per doubling; n log n a little more; the target is at most 2.3. Times are the
process's CPU time (`time.process_time`), the best of --repeat runs, so other work
on the machine does not show up as growth.

    python benchmarks/growth.py                 # every input, best of 3
    python benchmarks/growth.py --only liquid-tags --repeat 5
    python benchmarks/growth.py --scale 0.5     # smaller n, faster
    python benchmarks/growth.py --json
    python benchmarks/growth.py --tools /elsewhere/tools   # another checkout, for before and after
    python benchmarks/growth.py --no-budget     # no translation refused as too complex: the algorithms

Inputs (n is the size that doubles):
    msgstr-lt        one msgstr with n `<a ` (a hostile translation: tags never finished)
    msgstr-liquid    one msgstr with n `{%` (Liquid tags never closed)
    msgstr-star      one msgstr with n `*` (kramdown flavor, as every msgstr-* below)
    msgstr-links     one msgstr with n `[` then n `](`
    msgstr-ial ...   one msgstr with n `{:`, `<span `, `<a `, `**`, `[`, `{%`, `$`, `<!--`, `&#`,
                     `)`, ` ` or `[^`: 64 KB at 4n
    source-tags      one English paragraph with n inline `<b>` elements, translated
    liquid-tags      one English paragraph of n Liquid tags followed by text, translated
    yaml-aliases     front matter whose aliases nest n deep, each doubling the last
    table-rows       a table of n rows, every cell translated
    table-columns    a table of n columns, every cell translated
    reworded         n translated paragraphs, each reworded in the English, then `update`
    source-notes     one English paragraph with n `<d-footnote>` never closed (kramdown), translated
    msgstr-notes     one msgstr with n `<d-footnote>` (kramdown)
    math-macros      n formulas using a `math_macros` macro that triples itself at every step
    bibtex-strings   a BibTeX file of n `@string` lines, each doubling the last, cited by the chapter
    bibtex-entries   a BibTeX file of n entries, 10 of them cited
    zh-spaces        one Chinese msgstr holding a run of n spaces, within the size budget (the zh rules)
    msgstr-attr      one msgstr with n `*a*{ .b }`, attribute lists as attr_list reads them (mkdocs flavor)
    notes-header     a notes file (addenda) whose header comment of n lines is never closed
    notes-anchor     a notes file whose anchor is n `[` (a JSON decoder recursed into them)
    notes-lists      a note of n attribute lists (mkdocs flavor), judged with the chapter as its English
    glob-names       n chapters with 200-letter names, and a nine-star `exclude` glob that fits none
    mkdocs-aliases   a site's mkdocs.yml whose aliases nest n deep, each doubling the last, read by init
    page-words       not an input that grows: see tests/test_page_words.py
"""

from __future__ import annotations

import argparse
import gc
import io
import itertools
import json
import multiprocessing
import queue
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[1] / "tools"
TARGET = 2.3  # per doubling
COMMANDS = ("init", "extract", "update", "check", "build")


def run(root: Path, *args: str) -> int:
    from mdgettext.cli import run as mdgettext

    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        return mdgettext(["-C", str(root), *args])


def translate(root: Path, translation: Callable[[str], str], language: str = "ko") -> None:
    import polib

    for path in (root / "locale" / language / "LC_MESSAGES").glob("*.po"):
        po = polib.pofile(str(path))
        for entry in po:
            entry.msgstr = translation(entry.msgid)
            entry.flags = []
            entry.previous_msgid = None
        po.save()


def korean(text: str) -> str:
    """A translation that keeps every piece of markup: ASCII letters outside tags and
    Liquid become Hangul, so a translation is really put back."""
    out, depth = [], 0
    for char in text:
        if char in "<{":
            depth += 1
        elif char in ">}":
            depth = max(depth - 1, 0)
        out.append(chr(0xAC00 + ord(char) - 97) if depth == 0 and "a" <= char <= "z" else char)
    return "".join(out)


# ---------------------------------------------------------------- the inputs


def hostile_msgstr(*payload: str, flavor: str = "commonmark") -> Callable[[Path, int], dict[str, float]]:
    """One translation of n times each payload, one after the other, in a project of `flavor`."""

    def scenario(root: Path, n: int) -> dict[str, float]:
        write(root, "Hello, world.\n\nA second paragraph.\n", flavor)
        times = timed(root, "extract", "update")
        hostile = "안녕 " + "".join(part * n for part in payload)
        translate(root, lambda msgid: hostile if msgid.startswith("Hello") else korean(msgid))
        times |= timed(root, "update", "check", "build")
        return times

    return scenario


def source(paragraph: Callable[[int], str]) -> Callable[[Path, int], dict[str, float]]:
    def scenario(root: Path, n: int) -> dict[str, float]:
        write(root, f"# Title\n\n{paragraph(n)}\n\nThe end.\n")
        times = timed(root, "extract", "update")
        translate(root, korean)
        return times | timed(root, "update", "check", "build")

    return scenario


def yaml_aliases(root: Path, n: int) -> dict[str, float]:
    levels = "".join(
        f"l{i}: &l{i} [{'*l' + str(i - 1) if i else 'x'}, {'*l' + str(i - 1) if i else 'y'}]\n" for i in range(n)
    )
    write(root, f"---\ntitle: Aliases\n{levels}---\n\nText.\n")
    return timed(root, "extract", "build")  # both refuse the file, in time linear in what is written


def table(rows: int, columns: int) -> str:
    cells = lambda r: "| " + " | ".join(f"cell {r} {c}" for c in range(columns)) + " |"  # noqa: E731
    return "\n".join([cells(0), "|" + " --- |" * columns, *(cells(r) for r in range(1, rows + 1))])


def reworded(root: Path, n: int) -> dict[str, float]:
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
    paragraph = lambda i, w: f"Paragraph {i} talks about {words[i % 10]} and {words[(i * 7) % 10]} with {w} care."  # noqa: E731
    write(root, "\n\n".join(paragraph(i, "great") for i in range(n)) + "\n")
    run(root, "extract")
    run(root, "update", "-l", "ko")
    translate(root, korean)
    write(root, "\n\n".join(paragraph(i, "careful") for i in range(n)) + "\n")
    run(root, "extract")
    return timed(root, "update")


def math_macros(root: Path, n: int) -> dict[str, float]:
    extra = 'math_macros = { red = "\\\\red{#1}\\\\red{#1}\\\\red{#1}" }\n'
    write(root, " ".join(f"Formula $\\red{{D{i}}}$." for i in range(n)) + "\n", extra=extra)
    times = timed(root, "extract", "update")
    translate(root, lambda msgid: msgid.replace("Formula", "수식"))  # the formulas kept, as a translator keeps them
    return times | timed(root, "build")


def bibliography(
    entries: Callable[[int], str], cited: Callable[[int], list[str]]
) -> Callable[[Path, int], dict[str, float]]:
    """A chapter citing `cited(n)` from a BibTeX file of `entries(n)`, built as HTML."""

    def scenario(root: Path, n: int) -> dict[str, float]:
        cites = "".join(f'<d-cite key="{key}"></d-cite>' for key in cited(n))
        write(root, f"---\ntitle: Cites\nbibliography: refs.bib\n---\n\nWe cite{cites}.\n")
        (root / "assets" / "bibliography").mkdir(parents=True)
        run_mark = f"% run {time.time_ns()}\n"  # a file of its own: the parse of an earlier run is not reused
        (root / "assets" / "bibliography" / "refs.bib").write_text(run_mark + entries(n), encoding="utf-8")
        times = timed(root, "extract", "update")
        translate(root, korean)
        return times | timed(root, "build")

    return scenario


def doubling_strings(n: int) -> str:
    lines = ['@string{s0 = "0123456789"}', *(f"@string{{s{i} = s{i - 1} # s{i - 1}}}" for i in range(1, n))]
    return "\n".join([*lines, f"@misc{{a, title = s{n - 1}}}", ""])


def many_entries(n: int) -> str:
    return "".join(
        f"@article{{k{i},\n  title = {{Paper {i} on {{T}}ransformers}},\n  author = {{Pope, Reiner and Ré, Chris and "
        f"Dean, Jeff}},\n  journal = {{arXiv [cs.LG]}},\n  month = nov,\n  year = {2000 + i % 25},\n"
        f"  url = {{https://example.org/{i}}}\n}}\n\n"
        for i in range(n)
    )


def zh_spaces(root: Path, n: int) -> dict[str, float]:
    english = "Hello, world. " * (n // 40 + 1)  # long enough that the translation is within the size budget
    write(root, f"{english}\n\nA second paragraph.\n", language="zh")
    times = timed(root, "extract", "update", language="zh")
    spaced = "中文" + " " * n + "好。"  # no full-width punctuation after the run: the slow case
    translate(root, lambda msgid: spaced if msgid.startswith("Hello") else "第二段。", language="zh")
    return times | timed(root, "check", "build", language="zh")


def notes(body: Callable[[int], str], flavor: str = "kramdown") -> Callable[[Path, int], dict[str, float]]:
    """A chapter whose notes file (`chapter.addenda.md`) is `body(n)`, checked and built."""

    def scenario(root: Path, n: int) -> dict[str, float]:
        write(root, "Hello, world.\n\nA second paragraph.\n", flavor)
        times = timed(root, "extract", "update")
        (root / "locale" / "ko" / "LC_MESSAGES" / "chapter.addenda.md").write_text(body(n), encoding="utf-8")
        return times | timed(root, "check", "build")

    return scenario


def glob_names(root: Path, n: int) -> dict[str, float]:
    write(root, "Hello.\n", extra='exclude = ["*a*a*a*a*a*a*a*a*a*b.md"]\n')
    for i in range(n):
        (root / "source" / "en" / f"{'a' * 200}{i}.md").write_text("Hello.\n", encoding="utf-8")
    return timed(root, "extract")


def mkdocs_aliases(root: Path, n: int) -> dict[str, float]:
    levels = "".join(
        f"l{i}: &l{i} [{'*l' + str(i - 1) if i else 'x'}, {'*l' + str(i - 1) if i else 'y'}]\n" for i in range(n)
    )
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "index.md").write_text("# Hello\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text(f"site_name: Aliases\n{levels}", encoding="utf-8")
    return timed(root, "init")  # refused, in time linear in what is written


INPUTS: dict[str, tuple[Callable[[Path, int], dict[str, float]], int]] = {
    "msgstr-lt": (hostile_msgstr("<a "), 80_000),
    "msgstr-liquid": (hostile_msgstr("{% "), 80_000),
    # what users found quadratic, in the book's flavor (kramdown); 4n is the size they reported
    "msgstr-star": (hostile_msgstr("*", flavor="kramdown"), 250_000),
    "msgstr-links": (hostile_msgstr("[", "](", flavor="kramdown"), 25_000),
    **{
        f"msgstr-{name}": (hostile_msgstr(payload, flavor="kramdown"), 16_000 // len(payload))  # 4n: 64 KB
        for name, payload in {
            "ial": "{:",
            "span": "<span ",
            "a": "<a ",
            "strong": "**",
            "bracket": "[",
            "percent": "{%",
            "dollar": "$",
            "comment": "<!--",
            "charref": "&#",
            "paren": ")",
            "space": " ",
            "footnote": "[^",
        }.items()
    },
    "source-tags": (source(lambda n: " ".join(f"word <b>x{i}</b>" for i in range(n))), 4_000),
    "liquid-tags": (
        source(lambda n: " ".join(f"{{% cite k{i} %}}" for i in range(n)) + " and then some text."),
        16_000,
    ),
    "yaml-aliases": (yaml_aliases, 8_000),
    "table-rows": (source(lambda n: table(n, 2)), 4_000),
    "table-columns": (source(lambda n: table(2, n)), 2_000),
    "reworded": (reworded, 1_000),
    "source-notes": (source(lambda n: "Text " + "<d-footnote>note " * n + "end."), 2_000),
    "msgstr-notes": (hostile_msgstr("<d-footnote>", flavor="kramdown"), 2_000),
    "math-macros": (math_macros, 100),
    "bibtex-strings": (bibliography(doubling_strings, lambda n: ["a"]), 20),
    "bibtex-entries": (bibliography(many_entries, lambda n: [f"k{i}" for i in range(0, n, max(n // 10, 1))]), 1_000),
    "zh-spaces": (zh_spaces, 25_000),
    "msgstr-attr": (hostile_msgstr("*a*{ .b }", flavor="mkdocs"), 16_000 // 9),
    "notes-header": (notes(lambda n: "<!-- a header never closed\n" + "x\n" * n), 10_000),
    "notes-anchor": (notes(lambda n: f"<!-- after: {'[' * n} -->\n\nx\n"), 25_000),
    "notes-lists": (notes(lambda n: '<!-- after: "Hello, world." -->\n\n' + "*a*{ .b } " * n + "\n", "mkdocs"), 4_000),
    "glob-names": (glob_names, 100),
    "mkdocs-aliases": (mkdocs_aliases, 8_000),
}


# ---------------------------------------------------------------- measuring


def write(root: Path, text: str, flavor: str = "commonmark", extra: str = "", language: str = "ko") -> None:
    (root / "source" / "en").mkdir(parents=True, exist_ok=True)
    (root / "source" / "en" / "chapter.md").write_text(text, encoding="utf-8")
    settings = f'[tool.mdgettext]\nlocales = ["{language}"]\nflavor = "{flavor}"\n{extra}'
    (root / "pyproject.toml").write_text(settings, encoding="utf-8")


PROGRESS: list[multiprocessing.Queue] = []  # type: ignore[type-arg]  # where a child reports each command


def timed(root: Path, *commands: str, language: str = "ko") -> dict[str, float]:
    times = {}
    for command in commands:
        args = [command] if command == "extract" else [command, "--locale" if command == "init" else "-l", language]
        gc.collect()  # what earlier steps left is not this command's cost
        start = time.process_time()
        run(root, *args)
        times[command] = time.process_time() - start
        for results in PROGRESS:
            results.put((command, times[command]))
    return times


def measure(name: str, n: int, repeat: int, tools: str, budget: bool, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    sys.path.insert(0, tools)
    from mdgettext import cli

    getattr(cli, "tune_collector", lambda: None)()  # as the `mdgettext` script does (an older checkout may not)
    if not budget:  # every translation read, however large: the algorithms under the budget, measured
        try:
            from mdgettext.checks import budget as bounds
        except ImportError:  # an older checkout, which has none
            pass
        else:
            bounds.excess = lambda msgid, msgstr: None
    scenario = INPUTS[name][0]
    warm = Path(tempfile.mkdtemp(prefix="mdgettext-growth-"))
    source(lambda n: "Some **text** with a [link](x) and <b>a tag</b>.")(warm, 1)  # imports and caches, untimed
    shutil.rmtree(warm, ignore_errors=True)
    PROGRESS.append(results)
    for _ in range(repeat):
        root = Path(tempfile.mkdtemp(prefix="mdgettext-growth-"))
        try:
            scenario(root, n)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    results.put(("done", 0.0))


def sized(name: str, n: int, repeat: int, limit: float, tools: str, budget: bool) -> dict[str, float]:
    """Best times of one input at one size; a command still running after `limit`
    seconds (with those before it) is missing from the result."""
    results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    child = multiprocessing.Process(target=measure, args=(name, n, repeat, tools, budget, results))
    child.start()
    best: dict[str, float] = {}
    deadline = time.monotonic() + limit
    while True:
        try:
            command, seconds = results.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            break
        if command == "done":
            break
        best[command] = min(best.get(command, seconds), seconds)
    child.kill()
    child.join()
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", action="append", choices=sorted(INPUTS), help="one input (may repeat)")
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs per size (default 3)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every n (default 1)")
    ap.add_argument("--limit", type=float, default=120.0, help="seconds before a size is given up (default 120)")
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON")
    ap.add_argument(
        "--no-budget",
        dest="budget",
        action="store_false",
        help="read every translation, however large (safety.too-complex off): measure the parsers and checks",
    )
    ap.add_argument("--tools", default=str(TOOLS), help="the package's folder, to measure another checkout")
    args = ap.parse_args()
    report = []
    for name in args.only or INPUTS:
        n = max(int(INPUTS[name][1] * args.scale), 1)
        sizes = [(n * k, sized(name, n * k, args.repeat, args.limit, args.tools, args.budget)) for k in (1, 2, 4)]
        commands = [c for c in COMMANDS if any(c in t for _, t in sizes)] or ["(first)"]
        for command in commands:
            seconds = [t.get(command) for _, t in sizes]
            growth = [b / a if a and b else None for a, b in itertools.pairwise(seconds)]
            first, last = seconds[0], seconds[-1]
            mean = (last / first) ** 0.5 if first and last else None  # per doubling, from n to 4n
            report.append(
                {"input": name, "command": command, "n": n, "seconds": seconds, "growth": growth, "per_doubling": mean}
            )
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(
        f"{'input':15} {'command':8} {'n':>7} {'t(n)':>8} {'t(2n)':>8} {'t(4n)':>8} {'x2n':>6} {'x4n':>6} {'mean':>6}"
    )
    for row in report:
        t = [f"{s:8.3f}" if s is not None else f"{'>' + str(int(args.limit)):>8}" for s in row["seconds"]]
        g = [f"{x:6.2f}" if x is not None else f"{'-':>6}" for x in [*row["growth"], row["per_doubling"]]]
        mean = row["per_doubling"]
        flag = "" if mean is not None and mean <= TARGET else "  over target"
        print(f"{row['input']:15} {row['command']:8} {row['n']:>7} {' '.join(t)} {' '.join(g)}{flag}")
    print(
        f"target: at most {TARGET}x per doubling (2.0 is linear); mean: per doubling from n to 4n, "
        "(t(4n)/t(n))^(1/2), which one noisy size cannot tip"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
