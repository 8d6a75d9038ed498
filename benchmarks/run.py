#!/usr/bin/env python3
"""Benchmark: mdgettext extract + update + build against markdown-it-py parse + render.

A measurement, not a test: it always exits 0 (2 if the input file is missing), and
prints how long each pipeline stage takes on a real document next to the time
markdown-it-py itself needs to parse and render the same text, in the same run.

    python benchmarks/run.py                  # table
    python benchmarks/run.py --json           # machine-readable
    python benchmarks/run.py --repeat 10      # best of 10 for every size
    python benchmarks/run.py --profile        # plus a cProfile of one pipeline run per input
    python benchmarks/run.py --no-gc          # cyclic GC off while timing

Inputs: the CommonMark spec (`tests/data/commonmark/commonmark-spec.md`, ~200 KB) and
a concatenation of `--copies` (default 20) copies of it joined with blank lines.

Stages, in-process through the package's public functions:

    extract  segment() + catalog.template() + pofile.dumps(pot)
    update   catalog.merge(fully translated old catalog, pot) + pofile.dumps(po)
    build    catalog.translation_map(po) + safety refusal + weave() + page.chapter_page() (the release page)

The old catalog is a pseudo translation (msgstr = msgid.upper() for every entry),
written with pofile.dumps and read back with polib in the untimed setup, so the
merge keeps every translation and the weaver really splices. Reading catalogs back
(polib.pofile of the .pot and the .po, which `mdgettext update`/`build` do from
disk) is timed too but reported apart, as "read", and not counted in the total.

Baseline: `md.render(text)` with `mdgettext.markdown.parser.parser()`, i.e. the very
markdown-it-py preset (CommonMark + html + table + front matter + footnotes +
dollar math) the pipeline uses.

Method: time.perf_counter; one warm-up run; then N repeats, baseline and pipeline
interleaved, with a garbage collection before each timed call. Each stage and step
is the best (minimum) of its N timings; the total is the best of the N per-run sums
(so the stage columns need not add up to the total exactly).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "commonmark" / "commonmark-spec.md"
DOC_PATH = "commonmark-spec.md"
LANGUAGE = "ko"
TARGET_RATIO = 3.0  # pipeline total within 3x of markdown-it-py's parse + render
LINEARITY_BAND = (0.8, 1.25)  # "near 1": cost per byte roughly constant from 1x to 20x

STAGES = {
    "extract": ("segment", "template", "dumps_pot"),
    "update": ("merge", "dumps_po"),
    "build": ("translation_map", "weave", "page"),
}
READ_STEPS = ("read_pot", "read_po")


# ---------------------------------------------------------------- pipeline


@dataclass
class Fixture:
    """One input and what the untimed setup derived from it."""

    label: str
    text: str
    repeat: int
    old_po: Any = None  # polib.POFile, fully translated, read back from its text
    counts: dict[str, int] = field(default_factory=dict)


def _project():
    from mdgettext.po.catalog import Project

    return Project("CommonMark Spec (benchmark)", "0.0", "2024-01-01 00:00+0000")


def prepare(fixture: Fixture) -> None:
    """Build the existing, fully translated catalog the update stage merges into."""
    import polib

    from mdgettext.markdown.segment import segment
    from mdgettext.po import catalog
    from mdgettext.po import writer as pofile
    from mdgettext.po.update import new_catalog

    project = _project()
    doc = segment(fixture.text, DOC_PATH)
    pot = catalog.template([doc], project)
    po = new_catalog(pot, LANGUAGE, project, "2024-01-02 00:00+0000")
    for entry in po:
        if entry.msgid:
            entry.msgstr = entry.msgid.upper()
    fixture.old_po = polib.pofile(pofile.dumps(po), wrapwidth=79)
    fixture.counts = {"bytes": len(fixture.text.encode("utf-8")), "segments": len(doc.segments), "messages": len(pot)}


def pipeline(
    fixture: Fixture, clock: Callable[[], float] = time.perf_counter
) -> tuple[dict[str, float], dict[str, Any]]:
    """One extract + update + build (+ read-back) run: seconds per step, and the results."""
    import polib

    from mdgettext.checks.safety import safe_translations
    from mdgettext.markdown.segment import segment
    from mdgettext.markdown.weave import weave
    from mdgettext.po import catalog
    from mdgettext.po import writer as pofile
    from mdgettext.po.update import merge
    from mdgettext.publish.chapter import fallbacks
    from mdgettext.publish.context import publishing
    from mdgettext.publish.links import single_file
    from mdgettext.publish.page import chapter_page

    project = _project()
    t: dict[str, float] = {}

    # extract
    t0 = clock()
    doc = segment(fixture.text, DOC_PATH)
    t1 = clock()
    pot = catalog.template([doc], project)
    t2 = clock()
    pot_text = pofile.dumps(pot)
    t3 = clock()
    t["segment"], t["template"], t["dumps_pot"] = t1 - t0, t2 - t1, t3 - t2

    # update
    t0 = clock()
    po = merge(fixture.old_po, pot)
    t1 = clock()
    po_text = pofile.dumps(po)
    t2 = clock()
    t["merge"], t["dumps_po"] = t1 - t0, t2 - t1

    # build
    t0 = clock()
    translations, _ = safe_translations(doc, catalog.translation_map(po))
    t1 = clock()
    woven = weave(doc, translations, heading_ids=True)
    t2 = clock()
    messages = len({(s.context, s.msgid) for s in doc.segments})
    context = publishing(doc, single_file("spec", LANGUAGE))
    html_page = chapter_page(context, woven.text, LANGUAGE, fallbacks(woven, messages), woven.tokens)
    t3 = clock()
    t["translation_map"], t["weave"], t["page"] = t1 - t0, t2 - t1, t3 - t2

    # read-back, as `update` and `build` read the files they are given (not in the total)
    t0 = clock()
    polib.pofile(pot_text, wrapwidth=79)
    t1 = clock()
    polib.pofile(po_text, wrapwidth=79)
    t2 = clock()
    t["read_pot"], t["read_po"] = t1 - t0, t2 - t1

    results = {
        "doc": doc,
        "pot": pot,
        "po": po,
        "woven": woven,
        "page": html_page,
        "pot_text": pot_text,
        "po_text": po_text,
    }
    return t, results


def baseline(text: str) -> float:
    from mdgettext.markdown.parser import parser

    md = parser()
    t0 = time.perf_counter()
    md.render(text)
    return time.perf_counter() - t0


def sanity(fixture: Fixture, results: dict[str, Any]) -> dict[str, int]:
    """Facts showing the run did real work (untimed)."""
    po = results["po"]
    woven = results["woven"]
    live = [e for e in po if e.msgid and not e.obsolete]
    return {
        "catalog_entries": len(live),
        "translated_entries": sum(1 for e in live if e.msgstr and not e.fuzzy),
        "spliced_segments": woven.translated,
        "fallback_segments": len(woven.fallbacks),
        "pot_bytes": len(results["pot_text"].encode("utf-8")),
        "po_bytes": len(results["po_text"].encode("utf-8")),
        "html_bytes": len(results["page"].encode("utf-8")),
    }


# ---------------------------------------------------------------- measuring


def measure(fixture: Fixture, gc_off: bool = False) -> dict[str, Any]:
    prepare(fixture)
    # warm-up: imports, caches (the parser is an lru_cache), the allocator
    baseline(fixture.text)
    _, results = pipeline(fixture)
    facts = sanity(fixture, results)
    del results

    base_runs: list[float] = []
    step_runs: list[dict[str, float]] = []
    for _ in range(fixture.repeat):
        gc.collect()
        if gc_off:
            gc.disable()
        base_runs.append(baseline(fixture.text))
        gc.enable()
        gc.collect()
        if gc_off:
            gc.disable()
        steps, results = pipeline(fixture)
        gc.enable()
        del results
        step_runs.append(steps)

    steps_best = {name: min(run[name] for run in step_runs) for name in step_runs[0]}
    stages_best = {stage: min(sum(run[s] for s in parts) for run in step_runs) for stage, parts in STAGES.items()}
    totals = [sum(run[s] for parts in STAGES.values() for s in parts) for run in step_runs]
    reads = [sum(run[s] for s in READ_STEPS) for run in step_runs]
    base = min(base_runs)
    total = min(totals)
    read = min(reads)
    with_read = min(t + r for t, r in zip(totals, reads, strict=False))
    return {
        "label": fixture.label,
        "repeat": fixture.repeat,
        **fixture.counts,
        **facts,
        "baseline_s": base,
        "stages_s": stages_best,
        "steps_s": steps_best,
        "total_s": total,
        "ratio": total / base,
        "read_s": read,
        "total_with_read_s": with_read,
        "ratio_with_read": with_read / base,
    }


def linearity(small: dict[str, Any], large: dict[str, Any], copies: int) -> dict[str, Any]:
    """(large / small) / copies per quantity: 1.0 = linear, above 1 = superlinear."""

    def lin(a: float, b: float) -> float:
        return (b / a) / copies if a > 0 else float("nan")

    return {
        "total": lin(small["total_s"], large["total_s"]),
        "baseline": lin(small["baseline_s"], large["baseline_s"]),
        "stages": {k: lin(small["stages_s"][k], large["stages_s"][k]) for k in STAGES},
        "steps": {k: lin(small["steps_s"][k], large["steps_s"][k]) for k in small["steps_s"]},
    }


# ---------------------------------------------------------------- reporting


def _size(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def print_table(report: dict[str, Any], out=sys.stdout) -> None:
    rows = report["results"]
    w = lambda *cols: print("  ".join(cols), file=out)  # noqa: E731
    print(
        f"mdgettext pipeline vs markdown-it-py {report['markdown_it']} render "
        f"(Python {report['python']}, {report['machine']})",
        file=out,
    )
    print(f"input: {report['input']}", file=out)
    print("times in seconds, best of N; ratio = total / baseline", file=out)
    if report.get("gc_off"):
        print("cyclic garbage collector disabled during the timed calls (--no-gc)", file=out)
    print(file=out)
    head = ["size", "", "N", "baseline", "extract", "update", "build", "total", "ratio", "read*", "ratio+read"]
    widths = [4, 8, 2, 8, 8, 8, 8, 8, 6, 8, 10]
    w(*(h.rjust(n) if i > 1 else h.ljust(n) for i, (h, n) in enumerate(zip(head, widths, strict=False))))
    for r in rows:
        cells = [
            r["label"],
            _size(r["bytes"]),
            str(r["repeat"]),
            f"{r['baseline_s']:.4f}",
            *(f"{r['stages_s'][k]:.4f}" for k in STAGES),
            f"{r['total_s']:.4f}",
            f"{r['ratio']:.2f}x",
            f"{r['read_s']:.4f}",
            f"{r['ratio_with_read']:.2f}x",
        ]
        w(*(c.rjust(n) if i > 1 else c.ljust(n) for i, (c, n) in enumerate(zip(cells, widths, strict=False))))
    print(
        "* read = polib.pofile() of the .pot and the .po text (what `update`/`build` parse from disk); not in total",
        file=out,
    )

    print(file=out)
    print(
        "steps (seconds, best of N; share of total)" + ("; lin = (large / 1x) / copies" if len(rows) == 2 else ""),
        file=out,
    )
    names = list(rows[0]["steps_s"])
    w(
        "step".ljust(16),
        *(f"{r['label']:>9} {'share':>6}" for r in rows),
        *(["lin".rjust(6)] if "linearity" in report else []),
    )
    for name in names:
        cells = [f"{r['steps_s'][name]:9.4f} {100 * r['steps_s'][name] / r['total_s']:5.1f}%" for r in rows]
        if "linearity" in report:
            cells.append(f"{report['linearity']['steps'][name]:.2f}".rjust(6))
        w(name.ljust(16), *cells)

    print(file=out)
    for r in rows:
        print(
            f"{r['label']}: {r['segments']} segments, {r['messages']} messages, "
            f"{r['translated_entries']}/{r['catalog_entries']} translated after update, "
            f"{r['spliced_segments']} spans spliced, {r['fallback_segments']} fallbacks; "
            f".pot {_size(r['pot_bytes'])}, .po {_size(r['po_bytes'])}, html {_size(r['html_bytes'])}",
            file=out,
        )

    print(file=out)
    lo, hi = LINEARITY_BAND
    for r in rows:
        verdict = "meets" if round(r["ratio"], 2) <= TARGET_RATIO else "MISSES"
        print(
            f"target: total within {TARGET_RATIO:g}x of markdown-it-py -> {r['label']}: {r['ratio']:.2f}x ({verdict})",
            file=out,
        )
    if "linearity" in report:
        lin = report["linearity"]
        verdict = "meets" if lo <= lin["total"] <= hi else ("MISSES: superlinear" if lin["total"] > hi else "sublinear")
        print(
            f"target: linearity near 1.0 (1.0 = linear) -> total {lin['total']:.2f} ({verdict}); "
            f"markdown-it-py itself {lin['baseline']:.2f}; stages: "
            + ", ".join(f"{k} {v:.2f}" for k, v in lin["stages"].items()),
            file=out,
        )
        print(
            "note: the copies repeat the same messages, so the 20x catalog has the 1x catalog's messages with "
            "20x the references; template/merge costs that depend on distinct messages grow less than 20x.",
            file=out,
        )


def profile(fixture: Fixture, top: int, out=sys.stdout) -> None:
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    pipeline(fixture)
    prof.disable()
    print(file=out)
    print(f"cProfile of one pipeline run on {fixture.label} (profiler overhead inflates Python-heavy code):", file=out)
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


# ---------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="N",
        help="timed repeats per size, best is kept (default: 5 for 1x, 3 for the concatenation)",
    )
    ap.add_argument(
        "--copies", type=int, default=20, metavar="K", help="copies in the large input (default 20; 0 or 1 skips it)"
    )
    ap.add_argument("--input", type=Path, default=CORPUS, help=f"the Markdown document (default {CORPUS})")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument(
        "--no-gc",
        action="store_true",
        help="disable the cyclic garbage collector during timed calls (shows how much of the "
        "large input's extra cost per byte is the collector scanning live tokens)",
    )
    ap.add_argument(
        "--profile",
        nargs="?",
        const=25,
        type=int,
        metavar="TOP",
        help="after the table, cProfile one pipeline run per input and print the TOP functions",
    )
    args = ap.parse_args(argv)

    try:
        raw = args.input.read_bytes()
    except OSError as err:
        print(
            f"benchmarks/run.py: {args.input}: cannot read the benchmark input ({err.strerror}); "
            "expected the CommonMark spec at tests/data/commonmark/commonmark-spec.md",
            file=sys.stderr,
        )
        return 2
    text = raw.decode("utf-8").replace("\r\n", "\n")

    import markdown_it

    fixtures = [Fixture("1x", text, args.repeat or 5)]
    if args.copies > 1:
        fixtures.append(Fixture(f"{args.copies}x", "\n\n".join([text] * args.copies), args.repeat or 3))

    results = [measure(f, args.no_gc) for f in fixtures]
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "markdown_it": markdown_it.__version__,
        "input": str(args.input),
        "gc_off": args.no_gc,
        "targets": {"ratio_max": TARGET_RATIO, "linearity": 1.0, "linearity_band": list(LINEARITY_BAND)},
        "results": results,
    }
    if len(results) == 2:
        report["linearity"] = linearity(results[0], results[1], args.copies)

    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print_table(report)
    if args.profile:
        out = sys.stderr if args.json else sys.stdout
        for fixture in fixtures:
            profile(fixture, args.profile, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
