#!/usr/bin/env python3
"""What a reader finds on the book's translated pages (issue 30), per translation and split.

A measurement, not a test: it always exits 0. Each translation in tests/data/book (the
community Korean and Chinese, the human Korean) is imported against the English it
follows and built as pages, then every page is read with html5lib as a browser parses
it, beside the English page of the same chapter:

- notes: the English's `<d-footnote>`s that are linked notes on the page (a reference
  that leads to a note with its text);
- captions and buttons: figures' captions and answer buttons drawn; how many are
  English marked as such (`lang="en"`, class `untranslated`: no translation, the
  English shown); how many are English the translator kept as written (msgstr equal to
  msgid, translated: shown without the marking, as issue 34 asks); and English shown
  unmarked with no such translation, which should be 0;
- raw: text outside code and formulas that still shows Liquid, Markdown or TeX.

Split as benchmarks/agreement.py splits (tune: index, roofline, transformers; held-out:
the other three).

    python benchmarks/pages.py
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

import html5lib  # noqa: E402
import polib  # noqa: E402

from agreement import HELD_OUT, TRANSLATIONS, TUNE  # noqa: E402
from conftest import BOOK, BOOK_SETTINGS, cli  # noqa: E402
from test_pages import NS, RAW  # noqa: E402
from test_pages import text_outside_code as prose  # noqa: E402  the text a reader reads as prose


def built(folder: Path, name: str) -> Path:
    """A project of the six chapters with translation `name` imported, built in its language and English."""
    language, translated, english = TRANSLATIONS[name]
    root = folder / name
    (root / "source" / "en").mkdir(parents=True)
    for chapter, version in english.items():
        shutil.copy(BOOK / version / f"{chapter}.md", root / "source" / "en" / f"{chapter}.md")
    settings = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', f'locales = ["{language}"]')
    (root / "pyproject.toml").write_text(settings, encoding="utf-8")
    (root / "assets" / "bibliography").mkdir(parents=True)
    shutil.copy(BOOK / "main.bib", root / "assets" / "bibliography")
    shutil.copytree(BOOK / translated, root / "translated")
    cli("-C", root, "-q", "extract")
    for chapter in english:
        cli("-C", root, "-q", "import", "-l", language, f"translated/{chapter}.md")
    result = cli("-C", root, "-q", "build")
    if result.code != 0:
        print(f"{name}: build exited {result.code}: {result.err.strip()[:300]}")
    return root


def main_of(page: Path) -> ElementTree.Element:
    tree = html5lib.parse(page.read_text(encoding="utf-8"))
    found = tree.find(f".//{NS}main")
    return found if found is not None else tree


def marked(element: ElementTree.Element) -> bool:
    return element.get("lang") == "en" and "untranslated" in (element.get("class") or "").split()


def text(element: ElementTree.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def linked_notes(main: ElementTree.Element) -> int:
    notes = {li.get("id"): li for li in main.iter(f"{NS}li") if li.get("id")}
    linked = 0
    for ref in main.iter(f"{NS}a"):
        if ref.get("role") == "doc-noteref":
            note = notes.get((ref.get("href") or "").lstrip("#"))
            linked += note is not None and bool(text(note))
    return linked


def kept_as_written(root: Path, language: str, chapter: str) -> set[str]:
    """The texts (markup dropped) of the messages the translator kept as written."""
    po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"))
    plain = (re.sub(r"<[^>]+>|[*_`]", "", e.msgid) for e in po if e.msgstr == e.msgid and not e.fuzzy)
    return {" ".join(t.split()) for t in plain}


def drawn(
    main: ElementTree.Element, english: ElementTree.Element, tag: str, kept: set[str], counts: Counter[str], key: str
) -> None:
    """Captions (figcaption) or buttons (summary): drawn, marked English, kept as written, English unmarked."""
    ours, theirs = list(main.iter(f"{NS}{tag}")), list(english.iter(f"{NS}{tag}"))
    counts[f"{key}"] += len(theirs)
    counts[f"{key} drawn"] += len(ours)
    for mine, source in zip(ours, theirs, strict=False):
        if marked(mine):
            counts[f"{key} marked"] += 1
        elif text(mine) == text(source) and re.search(r"[A-Za-z]{3}", text(mine)):
            counts[f"{key} kept" if text(mine) in kept else f"{key} unmarked"] += 1


def measured(root: Path, language: str, chapters: tuple[str, ...]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for chapter in chapters:
        english_text = (root / "source" / "en" / f"{chapter}.md").read_text(encoding="utf-8")
        page = root / "build" / language / f"{chapter}.html"
        if not page.exists():
            counts["pages missing"] += 1
            continue
        main, english = main_of(page), main_of(root / "build" / "en" / f"{chapter}.html")
        counts["notes"] += english_text.count("<d-footnote>")
        counts["notes linked"] += linked_notes(main)
        kept = kept_as_written(root, language, chapter)
        drawn(main, english, "figcaption", kept, counts, "captions")
        drawn(main, english, "summary", kept, counts, "buttons")
        counts["raw"] += sum(1 for t in prose(main) if RAW.search(t))
    return counts


def main() -> None:
    print(
        f"{'translation':<18} {'notes linked':>12}  {'captions: drawn, marked, kept, unmarked':<40}"
        f" {'buttons: drawn, marked, kept, unmarked':<40} {'raw':>3}"
    )
    with tempfile.TemporaryDirectory() as temporary:
        for name, (language, _, _) in TRANSLATIONS.items():
            root = built(Path(temporary), name)
            for split, chapters in (("tune", TUNE), ("held-out", HELD_OUT)):
                c = measured(root, language, chapters)
                captions, buttons = (
                    f"{c[k + ' drawn']:>3} of {c[k]:<3} {c[k + ' marked']:>3} {c[k + ' kept']:>5} {c[k + ' unmarked']:>5}"
                    for k in ("captions", "buttons")
                )
                print(
                    f"{name + ' ' + split:<18} {c['notes linked']:>5} of {c['notes']:<4}  {captions:<40} {buttons:<40}"
                    f" {c['raw']:>3}" + (f"  ({c['pages missing']} pages missing)" if c["pages missing"] else "")
                )


if __name__ == "__main__":
    main()
