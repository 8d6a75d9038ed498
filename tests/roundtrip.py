"""A translation people already made, through a new user's first day: the core of
benchmarks/roundtrip.py (issue 45's measurement) and tests/test_real_sets.py.

A real set is a repository as it stands (tests/data/real/<set>/, MANIFEST.json saying
where it came from and which `init` options its layout needs); a book set is one of the
book's translations against the English it was made from (tests/data/book). Each is
copied and run through the command line in this process: `init` (real sets), `extract`,
`import -l LANG`, `build -l LANG --format md`; then each translated file the build
wrote is compared with the translator's own, and each lost line explained by the
`mdgettext check` finding that keeps the entry whose translation holds it off the page.
"""

from __future__ import annotations

import difflib
import io
import json
import re
import shutil
import traceback
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

import polib

from mdgettext.cli import run
from mdgettext.markdown.parser import parser
from mdgettext.po.catalog import awaiting_review
from mdgettext.project import load_config

REPO = Path(__file__).resolve().parent.parent
REAL = REPO / "tests" / "data" / "real"
BOOK = REPO / "tests" / "data" / "book"
CHAPTERS = ("index", "roofline", "sharding", "transformers", "applied-inference", "jax-stuff")
# The book's translations (tests/data/README.md): language, folder, the English each chapter follows.
BOOK_SETS = {
    "book-ko": ("ko", "ko", dict.fromkeys(CHAPTERS, "en")),
    "book-zh": ("zh", "zh", dict.fromkeys(CHAPTERS, "en-2025-12")),
    "book-ko-human": ("ko", "ko-human", {**dict.fromkeys(CHAPTERS, "en-2025-12"), "index": "en", "roofline": "en"}),
}
# Files of a set that are about it, not part of the repository a user has.
NOT_THE_REPOSITORY = ("MANIFEST.json",)


@dataclass
class Lost:
    file: str
    line: int
    text: str
    why: str


@dataclass
class Result:
    """One set's round trip."""

    name: str
    language: str
    lines: int = 0  # the translator's non-blank lines
    kept: int = 0
    files: int = 0
    identical: int = 0
    entries: int = 0
    review: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    failed: str = ""  # a command that did not succeed, with its message
    missing: list[str] = field(default_factory=list)  # translated files the build did not write
    lost: list[Lost] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.kept / self.lines if self.lines else 1.0


CRASHED = 70  # the exit code given to a command that raised: a traceback a user would see


def cli(*args: str | Path) -> tuple[int, str, str]:
    """`mdgettext ARGS` in this process, as a user's shell would run it; a command that
    raises is a crash (exit CRASHED, the traceback as its error output), never the caller's."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = run([str(a) for a in args])
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        except Exception:
            code = CRASHED
            traceback.print_exc()
    return code, out.getvalue(), err.getvalue()


def kept_lines(original: str, built: str) -> tuple[int, int, list[tuple[int, str]]]:
    """(non-blank lines of the original, how many the built file keeps in order, the lost ones)."""
    before, after = original.split("\n"), built.split("\n")
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    matched: set[int] = set()
    for block in matcher.get_matching_blocks():
        matched.update(range(block.a, block.a + block.size))
    lines = [n for n, line in enumerate(before) if line.strip()]
    lost = [(n + 1, before[n]) for n in lines if n not in matched]
    return len(lines), len(lines) - len(lost), lost


def languages(root: Path, manifest: Path) -> list[str]:
    """The set's translation languages: MANIFEST.json's, or what init configured."""
    if manifest.is_file():
        language = json.loads(manifest.read_text(encoding="utf-8")).get("language")
        if language:
            return [language] if isinstance(language, str) else list(language)
    return list(load_config(root).configured_locales())


def real_set(folder: Path, work: Path, explain: bool = True) -> list[Result]:
    """A repository as it stands: init, extract, import, build. `explain=False` leaves out
    `check`, whose findings only say why a line was lost (the benchmark's table): the test
    of the sets' floors does without it, about 40% of its time on the longest READMEs."""
    root = work / folder.name
    shutil.copytree(folder, root, ignore=shutil.ignore_patterns(*NOT_THE_REPOSITORY))
    originals = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    manifest = folder / "MANIFEST.json"
    init_args = json.loads(manifest.read_text(encoding="utf-8")).get("init", []) if manifest.is_file() else []
    code, out, err = cli("-C", root, "-q", "init", *init_args)
    if code:
        return [Result(folder.name, "?", failed=f"init: {err.strip() or out.strip()}")]
    results = []
    found = languages(root, manifest)
    for language in found:
        result = Result(folder.name if len(found) == 1 else f"{folder.name}:{language}", language)
        steps = (("extract",), ("import", "-l", language), ("build", "-l", language, "--format", "md"))
        for step in steps:
            code, out, err = cli("-C", root, "-q", *step)
            if code not in (0, 1):
                result.failed = f"{step[0]}: exit {code}: {(err.strip() or out.strip()).splitlines()[-1:]}"
                break
        if not result.failed:
            config = load_config(root)
            pairs = []
            for chapter in config.chapters():
                path = config.translation_path(chapter, language).relative_to(config.root).as_posix()
                if path in originals:
                    pairs.append((chapter, path, originals[path], root / path))
            compare(result, root, language, pairs, explain)
        results.append(result)
    return results


def book_set(name: str, work: Path) -> Result:
    """One of the book's translations against the English it was made from."""
    language, folder, english = BOOK_SETS[name]
    root = work / name
    (root / "source" / "en").mkdir(parents=True)
    for chapter, version in english.items():
        shutil.copy(BOOK / version / f"{chapter}.md", root / "source" / "en" / f"{chapter}.md")
    shutil.copytree(BOOK / folder, root / folder)
    settings = (BOOK / "settings.toml").read_text(encoding="utf-8")
    (root / "pyproject.toml").write_text(settings.replace('locales = ["ko"]', f'locales = ["{language}"]'), "utf-8")
    result = Result(name, language)
    files = [f"{folder}/{chapter}.md" for chapter in english]
    for step in (("extract",), ("import", "-l", language, *files), ("build", "-l", language, "--format", "md")):
        code, out, err = cli("-C", root, "-q", *step)
        if code not in (0, 1):
            result.failed = f"{step[0]}: exit {code}: {(err.strip() or out.strip()).splitlines()[-1:]}"
            return result
    pairs = [
        (
            chapter,
            f"{folder}/{chapter}.md",
            (BOOK / folder / f"{chapter}.md").read_bytes(),
            root / "build" / language / f"{chapter}.md",
        )
        for chapter in english
    ]
    compare(result, root, language, pairs)
    return result


def compare(
    result: Result, root: Path, language: str, pairs: Sequence[tuple[str, str, bytes, Path]], explain: bool = True
) -> None:
    """Count lines, files and entries; explain each lost line by `check`'s findings (none asked
    for without `explain`)."""
    config = load_config(root)
    findings = _findings(root, language) if explain else {}
    for chapter, shown, original, built_path in pairs:
        built = built_path.read_bytes() if built_path.is_file() else b""
        if not built_path.is_file():
            result.missing.append(shown)
        result.files += 1
        result.identical += built == original
        lines, kept, lost = kept_lines(original.decode("utf-8", "replace"), built.decode("utf-8", "replace"))
        result.lines += lines
        result.kept += kept
        po_path = config.po_path(chapter, language)
        entries = _entries(po_path)
        for entry, _ in entries:
            result.entries += 1
            result.fuzzy += entry.fuzzy
            result.review += awaiting_review(entry)  # published, with import's `# import:` doubt
            result.untranslated += not entry.msgstr and not entry.fuzzy
        kinds = _block_kinds(original.decode("utf-8", "replace"))
        with_ids = {plain for line in built.decode("utf-8", "replace").split("\n") if (plain := _no_ids(line)) != line}
        for number, text in lost:
            why = _why(text, entries, findings.get(po_path.resolve(), {}))
            if text in with_ids:
                why = HEADING_IDS
            elif (
                why == NO_ENTRY
                and kinds.get(number, "paragraph") in PROSE
                and ENGLISH_LEFT.fullmatch(TAG.sub("", MARKERS.sub("", text)))
            ):
                why = LEFT_IN_ENGLISH
            elif why == NO_ENTRY and number in kinds:
                why = f"unexplained ({kinds[number]}: no entry's translation holds it)"
            result.lost.append(Lost(shown, number, text, why))


def _entries(po_path: Path) -> list[tuple[polib.POEntry, int]]:
    """The catalog's entries with the line of their msgid (where check's findings point)."""
    if not po_path.is_file():
        return []
    lines = po_path.read_text(encoding="utf-8").split("\n")
    starts = [n + 1 for n, line in enumerate(lines) if line.startswith("msgid ")]
    po = [e for e in polib.pofile(str(po_path)) if e.msgid and not e.obsolete]
    if len(po) != len(starts) - 1:  # a catalog polib reads otherwise: no lines
        return [(e, 0) for e in po]
    return list(zip(po, starts[1:], strict=True))


def _findings(root: Path, language: str) -> dict[Path, dict[int, list[str]]]:
    _, out, _ = cli("-C", root, "check", "-l", language, "--format", "json")
    found: dict[Path, dict[int, list[str]]] = {}
    try:
        findings = json.loads(out)
    except json.JSONDecodeError:
        return found
    for finding in findings:
        path = (root / finding["file"]).resolve()
        line = finding.get("msgid_line") or finding.get("line") or 0  # the entry, as _entries numbers it
        text = f"{finding['severity']} {finding['code']}: {finding.get('message', '')}"
        found.setdefault(path, {}).setdefault(line, []).append(text)
    return found


def _block_kinds(text: str) -> dict[int, str]:
    """The kind of the innermost block each line (1-based) of the translator's file is in,
    as markdown-it-py reads it (code, HTML, a table...): what a lost line was part of."""
    kinds: dict[int, str] = {}
    for token in parser().parse(text):
        if token.map and token.nesting >= 0 and token.type not in ("inline", "paragraph_open"):
            kind = token.type.removesuffix("_open")
            for line in range(token.map[0] + 1, token.map[1] + 1):
                kinds[line] = kind
    return kinds


NO_ENTRY = "unexplained (no entry's translation holds it)"
# The translator's heading, written back with the English id `heading_ids` adds (`{#id}`,
# a table of contents' `<span id>`): the project's setting, not the translator's text.
HEADING_IDS = "heading_ids: the build adds the English id to the translator's heading (the project's setting)"
ANCHOR = re.compile(r'<span id="[^"<>]*" style="scroll-margin-top: inherit"></span>| \{#[^{}\s]+\}$')
# A line of English prose (three lowercase Latin words outside its tags, no CJK or Hangul, in a
# paragraph, list item, quote or heading: never code, math, front matter, HTML or a table
# row, whose padding or markup may be what changed) in a translation into
# Korean, Japanese or Chinese that no entry's translation holds: English the translator
# (or their tool: Crowdin copies the English of a string not translated yet) left in
# the file, whose English has changed since. The build shows the current English
# there, which is right, but the line is counted lost all the same: apart, not hidden.
LEFT_IN_ENGLISH = "English left by the translator (the build shows the current English)"
PROSE = frozenset({"paragraph", "list_item", "blockquote", "heading", "alert", "bullet_list", "ordered_list"})
TAG = re.compile(r"<[^<>]*>?")
ENGLISH_LEFT = re.compile(r"(?=(?:.*?\b[a-z]{2,}\b){3})[^\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]*")


def _no_ids(line: str) -> str:
    return ANCHOR.sub("", line)


MARKERS = re.compile(r"^\s*(?:[#>]+|[-*+]|\d+[.)])?\s*")


def _why(text: str, entries: Sequence[tuple[polib.POEntry, int]], findings: dict[int, list[str]]) -> str:
    """What explains a lost line: the findings that keep the translation off the page, on
    the entry whose translation holds the line (an error, which falls back, or the fuzzy
    warning with import's reason); else "unexplained" and what that entry is. A warning
    on a published translation explains nothing: the translation was published."""
    needle = " ".join(MARKERS.sub("", text).split())
    if not needle:
        return "unexplained (markup only)"
    for entry, line in entries:
        if needle in " ".join(entry.msgstr.split()):
            errors = [f for f in findings.get(line, []) if f.startswith("error")]
            if entry.fuzzy:
                fuzzy = [f for f in findings.get(line, []) if "fuzzy" in f.split(":")[0]]
                reason = " ".join(f"{entry.tcomment or ''} {entry.comment or ''}".split())
                return "; ".join(errors + fuzzy) or f"unexplained (fuzzy: {reason})"
            if errors:
                return "; ".join(errors)
            return f"unexplained (written otherwise: translated at .po line {line})"
    return NO_ENTRY


def table(results: Sequence[Result]) -> str:
    rows = [
        "| set | lang | lines kept | % | files identical | entries | review | fuzzy | untr. |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        if r.failed:
            rows.append(f"| {r.name} | {r.language} | failed: {r.failed} | | | | | | |")
            continue
        rows.append(
            f"| {r.name} | {r.language} | {r.kept}/{r.lines} | {r.share:.1%} | {r.identical}/{r.files}"
            f" | {r.entries} | {r.review} | {r.fuzzy} | {r.untranslated} |"
        )
    done = [r for r in results if not r.failed]
    lines, kept = sum(r.lines for r in done), sum(r.kept for r in done)
    rows.append(
        f"| **all** | | {kept}/{lines} | {kept / lines if lines else 1:.1%}"
        f" | {sum(r.identical for r in done)}/{sum(r.files for r in done)}"
        f" | {sum(r.entries for r in done)} | {sum(r.review for r in done)} | {sum(r.fuzzy for r in done)}"
        f" | {sum(r.untranslated for r in done)} |"
    )
    return "\n".join(rows)


def roundtrip(sets: Path | None, book: bool, work: Path) -> list[Result]:
    results: list[Result] = []
    if sets is not None:
        for folder in sorted(p for p in sets.iterdir() if p.is_dir()):
            results.extend(real_set(folder, work))
    if book:
        results.extend(book_set(name, work) for name in BOOK_SETS)
    return results
