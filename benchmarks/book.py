#!/usr/bin/env python3
"""Whole processes on a whole book, as users and CI run mdgettext.

A measurement, not a test: it always exits 0. It builds a translation project from
the six chapters in tests/data/book (the English, and the community Korean
translation imported into catalogs), and a second one with 20 copies of every
chapter (120 chapters). Then, per repeat, it runs each command as its own process
beside the baseline, and prints medians and ratios:

    baseline   one process that reads every chapter and renders it with markdown-it-py
               (`MarkdownIt("commonmark").enable("table")`): the cheapest honest way to
               turn this Markdown into HTML in Python
    start-up   `python -c pass`; `mdgettext --version` and `--help`
    md         `mdgettext extract` + `mdgettext build -l ko --format md`, from an empty build/
    html       `mdgettext extract` + `mdgettext build -l ko` (Markdown and HTML pages)
    no-op      `mdgettext build -l ko` again, nothing changed
    one edit   one msgstr of one catalog edited, then `mdgettext build -l ko`
    md, 1 line `md` on a project of one one-line chapter: the fixed cost of the two
               processes (start-up and imports), which no amount of speed in the
               work itself removes
    floor      two processes that only import the libraries `extract` and `build` must
               use (markdown-it-py and its plugins, PyYAML, html5lib, polib): the least
               any two-command pipeline on this stack costs, none of mdgettext's code
    floor+parse the same two processes, each also parsing every chapter once (no
               render), on one core or on all (the faster): the least an `extract` that
               reads each chapter and a `build` that puts each one back together can do
    mdpo       mdpo 2.1.4 (installed into benchmarks/.venv-mdpo on first use), as its
               command line runs: `md2po` of each chapter to its own .po, then `po2md`
               of each chapter with the Korean catalog imported into the project; two
               processes per chapter, like `md` without the checks
    mdpo, 2 processes  the same calls through mdpo's Python API, every chapter in one
               `md2po` process and one `po2md` process: mdpo without its start-ups

Times are CPU seconds of each process tree (user + system, from
`resource.getrusage(RUSAGE_CHILDREN)`), so other work on the machine shows little;
`--wall` for wall-clock seconds.

    python benchmarks/book.py               # 1x and 20x, median of 5 paired runs
    python benchmarks/book.py --repeat 9 --copies 20 --json
    python benchmarks/book.py --jobs 1      # extract and build with -j 1 instead of the default
    python benchmarks/book.py --only md,mdpo  # only these rows (and the baseline)

Every process is started with this interpreter (`python -m mdgettext`), so the
interpreter's own start-up is the same on both sides of each ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "tests" / "data" / "book"
SETTINGS = BOOK / "settings.toml"  # the tests' settings for the book
BASELINE = """\
import sys
from pathlib import Path
from markdown_it import MarkdownIt
md = MarkdownIt("commonmark").enable("table")
for path in sorted(Path(sys.argv[1]).glob("*.md")):
    md.render(path.read_text(encoding="utf-8"))
"""
# The floor: what extract and build cannot avoid importing, and one parse per chapter.
FLOOR = """\
import sys
from pathlib import Path
import html5lib, polib, yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
md = MarkdownIt("commonmark").enable("table")
md = md.use(front_matter_plugin).use(footnote_plugin).use(dollarmath_plugin)
texts = [p.read_text(encoding="utf-8") for p in sorted(Path(sys.argv[1]).glob("*.md"))]
def parse(i):
    md.parse(texts[i])
if sys.argv[2] == "one core":
    for i in range(len(texts)):
        parse(i)
elif sys.argv[2] == "all cores":
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing
    with ProcessPoolExecutor(mp_context=multiprocessing.get_context("fork")) as pool:
        list(pool.map(parse, range(len(texts))))
"""
TARGETS = {"md": 2.5, "md x20": 2.0, "html": 4.0}
MDPO = "mdpo==2.1.4"
VENV_MDPO = Path(__file__).resolve().parent / ".venv-mdpo"
# mdpo's extract and build through its API, every chapter in one process.
MDPO_API = """\
import sys
from pathlib import Path
step, source, catalogs, out = sys.argv[1:5]
for chapter in sorted(Path(source).glob("*.md")):
    if step == "md2po":
        from mdpo.md2po import markdown_to_pofile
        markdown_to_pofile(str(chapter), po_filepath=f"{out}/{chapter.stem}.po", save=True)
    else:
        from mdpo.po2md import pofile_to_markdown
        pofile_to_markdown(str(chapter), [f"{catalogs}/{chapter.stem}.po"], save=f"{out}/{chapter.name}")
"""


def mdgettext(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mdgettext", "-C", str(root), "-q", *args]


# As users run it: Python writes and reuses its bytecode (pip compiles what it installs;
# an environment that forbids it, as this machine's does, would time the compiler).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


CLOCK = {"wall": False}  # --wall: wall-clock seconds instead of CPU seconds


def cpu_seconds() -> float:
    """CPU seconds of every child process waited for so far (and of their children)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(command: list[str]) -> float:
    """CPU seconds (or with --wall, wall seconds) of one process tree, which must succeed."""
    clock = time.perf_counter if CLOCK["wall"] else cpu_seconds
    start = clock()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=ENVIRONMENT)
    elapsed = clock() - start
    if done.returncode not in (0, 1):  # 1: a build that fell back to English for some entries
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def project(folder: Path, copies: int) -> Path:
    """The book with the Korean imported; `copies` copies of each chapter."""
    root = folder / f"book-x{copies}"
    source = root / "source" / "en"
    source.mkdir(parents=True)
    shutil.copy(SETTINGS, root / "pyproject.toml")
    shutil.copytree(BOOK / "ko", root / "ko")
    for chapter in sorted((BOOK / "en").glob("*.md")):
        shutil.copy(chapter, source / chapter.name)
    subprocess.run(mdgettext(root, "extract"), check=True)
    translated = [f"ko/{p.name}" for p in sorted((root / "ko").glob("*.md"))]
    subprocess.run(mdgettext(root, "import", "-l", "ko", *translated), check=True, capture_output=True)
    catalogs = root / "locale" / "ko" / "LC_MESSAGES"
    for copy in range(2, copies + 1):
        for chapter in sorted((BOOK / "en").glob("*.md")):
            shutil.copy(chapter, source / f"{chapter.stem}-{copy}.md")
            shutil.copy(catalogs / f"{chapter.stem}.po", catalogs / f"{chapter.stem}-{copy}.po")
    subprocess.run(mdgettext(root, "extract"), check=True)
    subprocess.run(mdgettext(root, "update", "-l", "ko"), check=True)
    shutil.rmtree(root / "ko")
    return root


def one_line(folder: Path) -> Path:
    """A project of one chapter of one line, with its (empty) Korean catalog."""
    root = folder / "one-line"
    (root / "source" / "en").mkdir(parents=True)
    shutil.copy(SETTINGS, root / "pyproject.toml")
    (root / "source" / "en" / "index.md").write_text("# One line\n\nHello.\n", encoding="utf-8")
    subprocess.run(mdgettext(root, "extract"), check=True)
    subprocess.run(mdgettext(root, "update", "-l", "ko"), check=True)
    return root


def edit_one_catalog(root: Path, n: int) -> None:
    """Change one translation, as a translator's save does."""
    path = sorted((root / "locale" / "ko" / "LC_MESSAGES").glob("*.po"))[0]
    text = path.read_text(encoding="utf-8")
    marker = 'msgstr "'
    at = text.index(marker, text.index("\nmsgid", text.index("\nmsgid") + 1)) + len(marker)
    path.write_text(text[:at] + f"({n}) " + text[at:], encoding="utf-8")


def mdpo_python() -> Path | None:
    """The interpreter of a virtual environment holding mdpo; None (and a note) if it cannot be made."""
    python = VENV_MDPO / "bin" / "python"
    if (
        python.exists()
        and subprocess.run([python, "-c", "import mdpo"], check=False, capture_output=True).returncode == 0
    ):
        return python
    made = subprocess.run(
        [sys.executable, "-m", "venv", "--clear", VENV_MDPO], check=False, capture_output=True, text=True
    )
    if made.returncode == 0:
        pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", MDPO]
        made = subprocess.run(pip, check=False, capture_output=True, text=True)
    if made.returncode != 0:
        last = (made.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"mdpo rows skipped: could not install {MDPO} into {VENV_MDPO}: {last}", file=sys.stderr)
        return None
    return python


def mdpo_commands(root: Path, python: Path) -> tuple[list[list[str]], list[list[str]]]:
    """mdpo's extract and build as its command line runs them: md2po, then po2md, per chapter."""
    bin_, out = python.parent, root / "mdpo"
    catalogs = root / "locale" / "ko" / "LC_MESSAGES"
    chapters = sorted((root / "source" / "en").glob("*.md"))
    extract = [[str(bin_ / "md2po"), "-q", str(c), "-p", str(out / f"{c.stem}.po"), "-s"] for c in chapters]
    build = [
        [str(bin_ / "po2md"), "-q", str(c), "-p", str(catalogs / f"{c.stem}.po"), "-s", str(out / "ko" / c.name)]
        for c in chapters
    ]
    return extract, build


def measure(
    root: Path, repeat: int, jobs: list[str], tiny: Path, only: set[str] | None = None, mdpo: Path | None = None
) -> dict[str, float]:
    """Median seconds per scenario over `repeat` paired runs (`tiny`: the one-line project)."""
    source = root / "source" / "en"
    times: dict[str, list[float]] = {}

    def note(name: str, seconds: float) -> None:
        times.setdefault(name, []).append(seconds)

    def wanted(name: str) -> bool:
        return only is None or name in only

    def fresh_mdpo() -> Path:
        shutil.rmtree(root / "mdpo", ignore_errors=True)
        (root / "mdpo" / "ko").mkdir(parents=True)
        return root / "mdpo"

    build = mdgettext(root, "build", "-l", "ko", *jobs)
    extract = mdgettext(root, "extract", *jobs)
    run(build)  # warm-up: bytecode written, files in the page cache
    for n in range(repeat):
        note("baseline", run([sys.executable, "-c", BASELINE, str(source)]))
        if wanted("start-up"):
            note("python -c pass", run([sys.executable, "-c", "pass"]))
            note("--version", run([sys.executable, "-m", "mdgettext", "--version"]))
            note("--help", run([sys.executable, "-m", "mdgettext", "--help"]))
        if wanted("md"):
            shutil.rmtree(root / "build", ignore_errors=True)
            note("md", run(extract) + run([*build, "--format", "md"]))
        if mdpo is not None and wanted("mdpo"):
            fresh_mdpo()
            md2po, po2md = mdpo_commands(root, mdpo)
            note("mdpo", sum(map(run, md2po)) + sum(map(run, po2md)))
            out, catalogs = fresh_mdpo(), root / "locale" / "ko" / "LC_MESSAGES"
            api = [str(mdpo), "-c", MDPO_API]
            note(
                "mdpo, 2 processes",
                run([*api, "md2po", str(source), str(catalogs), str(out)])
                + run([*api, "po2md", str(source), str(catalogs), str(out / "ko")]),
            )
        if wanted("html"):
            shutil.rmtree(root / "build", ignore_errors=True)
            note("html", run(extract) + run(build))
            note("no-op", run(build))
            edit_one_catalog(root, n)
            note("one edit", run(build))
        if wanted("floor"):
            shutil.rmtree(tiny / "build", ignore_errors=True)
            tiny_md = run(mdgettext(tiny, "extract")) + run(mdgettext(tiny, "build", "-l", "ko", "--format", "md"))
            note("md, 1 line", tiny_md)
            floor = [sys.executable, "-c", FLOOR, str(source)]
            note("floor", run([*floor, "no parse"]) + run([*floor, "no parse"]))
            note(
                "floor+parse",
                min(run([*floor, cores]) + run([*floor, cores]) for cores in ("one core", "all cores")),
            )
    return {name: statistics.median(values) for name, values in times.items()}


def report(results: dict[str, dict[str, float]]) -> list[str]:
    lines = [f"{'':16}" + "".join(f"{size:>12}" for size in results)]
    names = list(next(iter(results.values())))
    for name in names:
        lines.append(f"{name:16}" + "".join(f"{r[name]:11.3f}s" for r in results.values()))
    lines.append("")
    lines.append("ratios to the baseline process (targets in brackets):")
    for size, r in results.items():
        suffix = "" if size == "x1" else f" {size}"
        for name in ("md", "html"):
            target = TARGETS.get(name + suffix, TARGETS.get(name))
            if name in r:
                lines.append(f"  {name + suffix:10} {r[name] / r['baseline']:5.2f}x  (<= {target}x)")
        for name in ("mdpo", "mdpo, 2 processes"):
            if name in r and "md" in r:
                lines.append(f"  md{suffix} / {name}: {r['md'] / r[name]:.2f}x  (<= 0.8x)")
                lines.append(f"  {name}{suffix} / baseline: {r[name] / r['baseline']:.2f}x")
    for size, r in results.items():
        if "--version" not in r or "floor" not in r or "html" not in r:
            continue
        lines.append(f"  {size}: --version {r['--version'] - r['python -c pass']:+.3f}s over python -c pass (<= 0.05)")
        lines.append(f"  {size}: no-op build {r['no-op'] - r['--version']:+.3f}s over start-up (<= 0.1)")
        lines.append(f"  {size}: one edit {r['one edit']:.3f}s; cold html {r['html']:.3f}s")
        lines.append(
            f"  {size}: fixed cost of extract + build (a one-line chapter) {r['md, 1 line']:.3f}s, "
            f"{r['md, 1 line'] / r['baseline']:.2f}x the baseline"
        )
        lines.append(
            f"  {size}: floor of any two processes on this stack {r['floor'] / r['baseline']:.2f}x the baseline, "
            f"{r['floor+parse'] / r['baseline']:.2f}x with one parse of each chapter in each"
        )
    if "x1" in results and len(results) > 1 and "md" in results["x1"]:
        big = next(s for s in results if s != "x1")
        lines.append(
            f"  growth: {big} md ratio {results[big]['md'] / results[big]['baseline']:.2f}x "
            f"vs x1 {results['x1']['md'] / results['x1']['baseline']:.2f}x (not above: linear)"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="paired runs per size (default 5)")
    ap.add_argument("--copies", type=int, default=20, help="copies of the book for the large size (default 20)")
    ap.add_argument("--jobs", default=None, help="pass -j N to extract and build (default: their own, one per core)")
    ap.add_argument("--json", action="store_true", help="print the medians as JSON")
    ap.add_argument("--wall", action="store_true", help="wall-clock seconds instead of CPU seconds")
    ap.add_argument(
        "--only", default=None, help="comma-separated rows of: start-up, md, mdpo, html, floor (default: all)"
    )
    ap.add_argument("--no-mdpo", action="store_true", help="skip the mdpo rows (nothing installed)")
    args = ap.parse_args()
    CLOCK["wall"] = args.wall
    jobs = ["-j", args.jobs] if args.jobs else []
    only = set(args.only.split(",")) if args.only else None
    mdpo = None if args.no_mdpo or (only is not None and "mdpo" not in only) else mdpo_python()
    with tempfile.TemporaryDirectory() as folder:
        results = {}
        tiny = one_line(Path(folder))
        for copies in sorted({1, args.copies}):  # `--copies 1`: the one size only
            root = project(Path(folder), copies)
            results[f"x{copies}"] = measure(root, args.repeat, jobs, tiny, only, mdpo)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        clock = "wall-clock" if args.wall else "CPU"
        print(
            f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, {clock} seconds of each process tree, "
            f"median of {args.repeat} paired runs"
        )
        print("\n".join(report(results)))


if __name__ == "__main__":
    main()
