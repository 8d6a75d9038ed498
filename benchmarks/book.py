#!/usr/bin/env python3
"""Whole processes on a whole book, as users and CI run mdgettext, beside mdpo.

A measurement, not a test: it always exits 0. From the six chapters in tests/data/book
(the English, and the community Korean translation imported into catalogs) it makes
three shapes of book:

    6 chapters     the six chapters
    120 chapters   20 copies of each chapter
    6 x 20 long    the six chapters, each one's body 20 times over (front matter once)

and runs, in each, three jobs as users run them, each beside mdpo 2.1.4 doing the
same job with its command line, chapter by chapter, as its docs show:

    extract + build   `mdgettext extract` + `mdgettext build -l ko --format md` from an
                      empty build folder | `md2po` to a new .po, then `po2md` with the
                      Korean catalog, per chapter
    release build     `mdgettext build -l ko --format md` from the committed catalogs,
                      an empty build folder | `po2md` per chapter
    English changed   a sentence in every fifth prose line reworded: `mdgettext extract`
                      + `mdgettext update -l ko` into the old catalogs | `md2po` merging
                      into (a copy of) the old Korean catalog, per chapter

with a floor beside them: one process that reads every chapter and renders it with
markdown-it-py (`MarkdownIt("commonmark").enable("table")`). And the fixed cost: a cold
`build -l ko --format md` of a one-line chapter beside
`python -c "import markdown_it, yaml, polib"`.

Every row is timed in each round, rounds interleaved, both clocks at once: wall-clock
seconds, and CPU seconds (user + system) of the process tree, pool workers included
(`resource.getrusage(RUSAGE_CHILDREN)` before and after). Medians over the rounds.

    python benchmarks/book.py                 # 3 rounds, every shape, about 25 minutes on 2 cores
    python benchmarks/book.py --repeat 5 --json
    python benchmarks/book.py --shapes 6,long --jobs 1
    python benchmarks/book.py --no-mdpo       # install nothing
    python benchmarks/book.py --before ../old/tools  # another checkout's mdgettext too, in the same rounds

mdpo runs from its own virtual environment, benchmarks/.venv-mdpo (git-ignored), made
with `pip install mdpo==2.1.4` on first use; if that fails its rows are left out with a
one-line note. Every process is started with this interpreter (`python -m mdgettext`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
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
FLOOR = """\
import sys
from pathlib import Path
from markdown_it import MarkdownIt
md = MarkdownIt("commonmark").enable("table")
for path in sorted(Path(sys.argv[1]).glob("*.md")):
    md.render(path.read_text(encoding="utf-8"))
"""
IMPORTS = "import markdown_it, yaml, polib"  # what any tool on this stack imports: the fixed cost's floor
SHAPES = {"6": ("6 chapters", 1, 1), "120": ("120 chapters", 20, 1), "long": ("6 x 20 long", 1, 20)}
JOBS = ("extract + build", "release build", "English changed")
TARGETS = {"wall": 0.8, "cpu": 1.0, "one line": 2.0}  # issue 32: against mdpo, and the one-line build's
MDPO = "mdpo==2.1.4"
VENV_MDPO = Path(__file__).resolve().parent / ".venv-mdpo"
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
# As users run it: Python writes and reuses its bytecode (pip compiles what it installs;
# an environment that forbids it, as this machine's does, would time the compiler).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

Times = tuple[float, float, float]  # wall seconds, CPU seconds, peak memory (MiB) of the largest process


def mdgettext(root: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "mdgettext", "-C", str(root), "-q", *args]


def using(tools: Path | None) -> dict[str, str]:
    """The environment of a process: this checkout's mdgettext, or the one in `tools`."""
    return ENVIRONMENT if tools is None else {**ENVIRONMENT, "PYTHONPATH": str(tools)}


def cpu_seconds() -> float:
    """CPU seconds of every child process waited for so far (and of their children)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(*commands: list[str], tools: Path | None = None) -> Times:
    """Wall and CPU seconds of commands run one after the other, each of which must succeed
    (`tools`: with another checkout's mdgettext), and the peak resident memory of the
    largest process among them and their pool workers (`wait4`'s `ru_maxrss`, which
    covers a process's waited-for children)."""
    wall, cpu, peak = time.perf_counter(), cpu_seconds(), 0
    for command in commands:
        with tempfile.TemporaryFile() as err:
            proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, env=using(tools))
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
            peak = max(peak, usage.ru_maxrss)
            if proc.returncode not in (0, 1):  # 1: a build that fell back to English for some entries
                err.seek(0)
                raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}):\n{err.read().decode()}")
    return time.perf_counter() - wall, cpu_seconds() - cpu, peak / 1024


def fresh(folder: Path) -> Path:
    """`folder`, emptied."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def lengthened(text: str, times: int) -> str:
    """A chapter with its body `times` over, its front matter once."""
    match = FRONT_MATTER.match(text)
    head, body = (match.group(), text[match.end() :]) if match else ("", text)
    return head + "\n\n".join([body.strip("\n")] * times) + "\n"


def reworded(text: str) -> str:
    """The chapter as its author changed it: a word in every fifth line of prose."""
    lines, prose = text.split("\n"), 0
    for number, line in enumerate(lines):
        if line[:1].isalpha() and " the " in line:
            prose += 1
            if prose % 5 == 0:
                lines[number] = line.replace(" the ", " this ", 1)
    return "\n".join(lines)


def project(folder: Path, copies: int, longer: int) -> Path:
    """The book with the Korean imported: `copies` copies of each chapter, each `longer` times over."""
    root = folder / f"book-{copies}x{longer}"
    source = root / "source" / "en"
    source.mkdir(parents=True)
    shutil.copy(SETTINGS, root / "pyproject.toml")
    shutil.copytree(BOOK / "ko", root / "ko")
    chapters = sorted((BOOK / "en").glob("*.md"))
    for chapter in chapters:
        shutil.copy(chapter, source / chapter.name)
    subprocess.run(mdgettext(root, "extract"), check=True)
    translated = [f"ko/{p.name}" for p in sorted((root / "ko").glob("*.md"))]
    subprocess.run(mdgettext(root, "import", "-l", "ko", *translated), check=True, capture_output=True)
    catalogs = root / "locale" / "ko" / "LC_MESSAGES"
    for chapter in chapters:
        text = lengthened(chapter.read_text(encoding="utf-8"), longer)
        (source / chapter.name).write_text(text, encoding="utf-8")
        for copy in range(2, copies + 1):
            (source / f"{chapter.stem}-{copy}.md").write_text(text, encoding="utf-8")
            shutil.copy(catalogs / f"{chapter.stem}.po", catalogs / f"{chapter.stem}-{copy}.po")
    subprocess.run(mdgettext(root, "extract"), check=True)
    subprocess.run(mdgettext(root, "update", "-l", "ko"), check=True)
    shutil.rmtree(root / "ko")
    return root


def changed(root: Path) -> Path:
    """A copy of the project whose English was reworded since its catalogs were updated;
    its templates and catalogs as they were are kept in `old/`, to start each round from."""
    copy = root.with_name(root.name + "-changed")
    shutil.copytree(root, copy)
    for chapter in sorted((copy / "source" / "en").glob("*.md")):
        chapter.write_text(reworded(chapter.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copytree(copy / "locale", copy / "old")
    return copy


def one_line(folder: Path) -> Path:
    """A project of one chapter of one line, with its (empty) Korean catalog."""
    root = folder / "one-line"
    (root / "source" / "en").mkdir(parents=True)
    shutil.copy(SETTINGS, root / "pyproject.toml")
    (root / "source" / "en" / "index.md").write_text("# One line\n\nHello.\n", encoding="utf-8")
    subprocess.run(mdgettext(root, "extract"), check=True)
    subprocess.run(mdgettext(root, "update", "-l", "ko"), check=True)
    return root


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


class Shape:
    """One shape of book, and each job on it, for mdgettext and for mdpo."""

    def __init__(self, root: Path, jobs: list[str], mdpo: Path | None) -> None:
        self.root, self.jobs, self.mdpo = root, jobs, mdpo
        self.edited = changed(root)
        self.chapters = sorted((root / "source" / "en").glob("*.md"))

    def floor(self) -> Times:
        return run([sys.executable, "-c", FLOOR, str(self.root / "source" / "en")])

    def ours(self, job: str, tools: Path | None = None) -> Times:
        root = self.root
        if job == "English changed":
            root = self.edited
            shutil.rmtree(root / "locale")
            shutil.copytree(root / "old", root / "locale")
            return run(mdgettext(root, "extract", *self.jobs), mdgettext(root, "update", "-l", "ko"), tools=tools)
        shutil.rmtree(root / "build", ignore_errors=True)
        build = mdgettext(root, "build", "-l", "ko", "--format", "md", *self.jobs)
        if job == "release build":
            return run(build, tools=tools)
        return run(mdgettext(root, "extract", *self.jobs), build, tools=tools)

    def theirs(self, job: str) -> Times:
        assert self.mdpo is not None
        bin_, out = self.mdpo.parent, fresh(self.root / "mdpo")
        catalogs = self.root / "locale" / "ko" / "LC_MESSAGES"
        po2md = [
            [str(bin_ / "po2md"), "-q", str(c), "-p", str(catalogs / f"{c.stem}.po"), "-s", str(out / c.name)]
            for c in self.chapters
        ]
        if job == "release build":
            return run(*po2md)
        if job == "extract + build":
            md2po = [[str(bin_ / "md2po"), "-q", str(c), "-p", str(out / f"{c.stem}.po"), "-s"] for c in self.chapters]
            return run(*md2po, *po2md)
        edited = sorted((self.edited / "source" / "en").glob("*.md"))
        for chapter in edited:  # mdpo's catalog is the translator's: the old Korean one, merged in place
            shutil.copy(self.edited / "old" / "ko" / "LC_MESSAGES" / f"{chapter.stem}.po", out / f"{chapter.stem}.po")
        return run(*([str(bin_ / "md2po"), "-q", str(c), "-p", str(out / f"{c.stem}.po"), "-s"] for c in edited))


def measure(
    shapes: dict[str, Shape], tiny: Path, repeat: int, mdpo: bool, before: Path | None
) -> dict[str, dict[str, list[Times]]]:
    """Every row's times, one per round; rows of a round run one after the other
    (`before`: another checkout's mdgettext beside this one's)."""
    times: dict[str, dict[str, list[Times]]] = {}

    def note(shape: str, row: str, measured: Times) -> None:
        times.setdefault(shape, {}).setdefault(row, []).append(measured)

    for shape in shapes.values():  # warm-up: bytecode written, files in the page cache
        shape.ours("release build")
    tiny_build = mdgettext(tiny, "build", "-l", "ko", "--format", "md")
    for _ in range(repeat):
        for name, shape in shapes.items():
            note(name, "floor", shape.floor())
            for job in JOBS:
                note(name, job, shape.ours(job))
                if before is not None:
                    note(name, f"before {job}", shape.ours(job, before))
                if mdpo:
                    note(name, f"mdpo {job}", shape.theirs(job))
        shutil.rmtree(tiny / "build", ignore_errors=True)
        note("one line", "build", run(tiny_build))
        if before is not None:
            shutil.rmtree(tiny / "build", ignore_errors=True)
            note("one line", "build before", run(tiny_build, tools=before))
            shutil.rmtree(tiny / "build", ignore_errors=True)
            run(tiny_build)  # the record as this checkout writes it, for its no-op build
        note("one line", "imports", run([sys.executable, "-c", IMPORTS]))
        note("one line", "python -c pass", run([sys.executable, "-c", "pass"]))
        note("one line", "--version", run([sys.executable, "-m", "mdgettext", "--version"]))
        note("one line", "first no-op build", run(tiny_build))  # decides from the input keys, leaves its key
        note("one line", "no-op build", run(tiny_build))  # answered from that key (pipeline/noop.py)
    return times


def medians(times: dict[str, dict[str, list[Times]]]) -> dict[str, dict[str, dict[str, float]]]:
    return {
        shape: {
            row: {
                "wall": statistics.median(t[0] for t in ts),
                "cpu": statistics.median(t[1] for t in ts),
                "peak MiB": max(t[2] for t in ts),
            }
            for row, ts in rows.items()
        }
        for shape, rows in times.items()
    }


def report(results: dict[str, dict[str, dict[str, float]]]) -> list[str]:
    lines = [
        f"{'':14} {'job':16} {'mdgettext':>15} {'mdpo':>15} {'ratio':>13} {'markdown-it':>15} {'ours/floor':>10}"
        f" {'peak MiB':>11}",
        f"{'':14} {'':16} {'wall / CPU s':>15} {'wall / CPU s':>15} {'wall / CPU':>13} {'wall / CPU s':>15}"
        f" {'wall':>10} {'ours / mdpo':>11}",
    ]
    for key, (title, _, _) in SHAPES.items():
        rows = results.get(key)
        if rows is None:
            continue
        floor = rows["floor"]
        for job in JOBS:
            ours, theirs = rows[job], rows.get(f"mdpo {job}")
            cells = [f"{ours['wall']:6.2f} / {ours['cpu']:6.2f}"]
            if theirs:
                cells.append(f"{theirs['wall']:6.2f} / {theirs['cpu']:6.2f}")
                cells.append(f"{ours['wall'] / theirs['wall']:5.2f}x / {ours['cpu'] / theirs['cpu']:4.2f}x")
            else:
                cells += ["-", "-"]
            cells.append(f"{floor['wall']:6.2f} / {floor['cpu']:6.2f}")
            cells.append(f"{ours['wall'] / floor['wall']:5.2f}x")
            cells.append(
                f"{ours['peak MiB']:.0f} / {theirs['peak MiB']:.0f}" if theirs else f"{ours['peak MiB']:.0f} / -"
            )
            lines.append(
                f"{title:14} {job:16} {cells[0]:>15} {cells[1]:>15} {cells[2]:>13} {cells[3]:>15} {cells[4]:>10}"
                f" {cells[5]:>11}"
            )
            old = rows.get(f"before {job}")
            if old:  # without mdpo (--no-mdpo), the before row is still shown, its ratio left out
                ratio = f"{old['wall'] / theirs['wall']:5.2f}x / {old['cpu'] / theirs['cpu']:4.2f}x" if theirs else "-"
                lines.append(f"{'':14} {'  before':16} {old['wall']:6.2f} / {old['cpu']:6.2f} {'':>15} {ratio:>13}")
    lines.append(f"targets: wall <= {TARGETS['wall']}x mdpo, CPU <= {TARGETS['cpu']}x mdpo, every shape and job")
    tiny = results["one line"]
    build, imports = tiny["build"], tiny["imports"]
    lines.append(
        f"one-line chapter: build --format md {build['wall']:.3f} / {build['cpu']:.3f} s; "
        f'`python -c "{IMPORTS}"` {imports["wall"]:.3f} / {imports["cpu"]:.3f} s: '
        f"{build['wall'] / imports['wall']:.2f}x / {build['cpu'] / imports['cpu']:.2f}x (<= {TARGETS['one line']}x)"
    )
    if "build before" in tiny:
        old = tiny["build before"]
        lines.append(
            f"  before: {old['wall']:.3f} / {old['cpu']:.3f} s: "
            f"{old['wall'] / imports['wall']:.2f}x / {old['cpu'] / imports['cpu']:.2f}x"
        )
    start = tiny["python -c pass"]
    lines.append(
        f"start-up over python -c pass (wall / CPU): --version {tiny['--version']['wall'] - start['wall']:+.3f} / "
        f"{tiny['--version']['cpu'] - start['cpu']:+.3f} s; a no-op build {tiny['no-op build']['wall'] - start['wall']:+.3f}"
        f" / {tiny['no-op build']['cpu'] - start['cpu']:+.3f} s (<= 0.030 s), the first after a build "
        f"{tiny['first no-op build']['wall'] - start['wall']:+.3f} / {tiny['first no-op build']['cpu'] - start['cpu']:+.3f} s"
    )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    ap.add_argument("--shapes", default="6,120,long", help="comma-separated, of: 6, 120, long (default: all)")
    ap.add_argument("--jobs", default=None, help="pass -j N to mdgettext (default: its own, one process per core)")
    ap.add_argument("--json", action="store_true", help="print the medians as JSON")
    ap.add_argument("--no-mdpo", action="store_true", help="leave out mdpo (nothing installed)")
    ap.add_argument("--before", type=Path, help="another checkout's tools/ folder, timed in the same rounds")
    args = ap.parse_args()
    jobs = ["-j", args.jobs] if args.jobs else []
    mdpo = None if args.no_mdpo else mdpo_python()
    wanted = [s.strip() for s in args.shapes.split(",") if s.strip()]
    if unknown := [s for s in wanted if s not in SHAPES]:
        ap.error(f"--shapes: unknown {', '.join(unknown)} (choose from {', '.join(SHAPES)})")
    with tempfile.TemporaryDirectory() as folder:
        shapes = {key: Shape(project(Path(folder), *SHAPES[key][1:]), jobs, mdpo) for key in wanted}
        tiny = one_line(Path(folder))
        results = medians(measure(shapes, tiny, args.repeat, mdpo is not None, args.before))
    if args.json:
        print(json.dumps(results, indent=1))
        return
    print(
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, mdpo {MDPO.split('==')[1] if mdpo else 'left out'}; "
        f"medians of {args.repeat} interleaved rounds"
    )
    print("\n".join(report(results)))


if __name__ == "__main__":
    main()
