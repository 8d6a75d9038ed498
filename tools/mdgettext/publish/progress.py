"""How far along each language is: per-chapter rows and the book total, as a text
table, as JSON for scripts, and as an HTML page with a bar per chapter.

Pure: `stats` reads the catalogs and gives the rows; `serve` shows the page as the
preview's front page.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Any

from mdgettext.locale import language_name
from mdgettext.po.catalog import Stats
from mdgettext.publish.links import page_path, review_name
from mdgettext.publish.templates import environment
from mdgettext.report import counted


@dataclass(frozen=True, slots=True)
class Row:
    """One chapter in one language; `catalog` is None while it has none (its template counts)."""

    language: str
    chapter: str
    stats: Stats
    catalog: str | None


def total(stats: Sequence[Stats]) -> Stats:
    """The sum of several catalogs' progress: the book's."""
    return Stats(*(sum(getattr(s, f) for s in stats) for f in Stats.__slots__))


def by_language(rows: Sequence[Row]) -> list[tuple[str, list[Row]]]:
    """Rows grouped by language, in the order given."""
    return [(language, list(group)) for language, group in groupby(rows, key=lambda r: r.language)]


def table(rows: Sequence[Row]) -> str:
    """Aligned columns: one row per chapter, then the language's total."""
    head = ("chapter", "messages", "translated", "fuzzy", "untranslated", "words", "translated", "done")
    lines: list[tuple[str, ...]] = []
    for language, group in by_language(rows):
        lines.append(head)
        for row in group:
            lines.append(_cells(row.chapter + ("" if row.catalog else " (no catalog)"), row.stats))
        lines.append(_cells(f"total ({language}, {counted(len(group), 'chapter')})", total([r.stats for r in group])))
    width = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = "\n".join(
        "  ".join(cell.ljust(width[0]) if i == 0 else cell.rjust(width[i]) for i, cell in enumerate(line)).rstrip()
        for line in lines
    )
    return text + "".join(f"\n{line}" for line in awaiting(rows))


def awaiting(rows: Sequence[Row]) -> list[str]:
    """Per language, how many of its translated messages an import doubted: published,
    and counted as translated, but their pairing awaits review. Nothing when none do."""
    out = []
    for language, group in by_language(rows):
        if n := total([r.stats for r in group]).review:
            out.append(
                f"{language}: {counted(n, 'translated message')} imported, awaiting review (published; the "
                "review page's filter \"Imported, check the pairing\" lists them with import's reason)"
            )
    return out


def as_json(rows: Sequence[Row]) -> str:
    """`{"ko": {"chapters": [...], "total": {...}}}`: messages and words by state, and the share done."""
    out: dict[str, Any] = {}
    for language, group in by_language(rows):
        chapters = [{"chapter": r.chapter, "catalog": r.catalog, **_numbers(r.stats)} for r in group]
        out[language] = {"chapters": chapters, "total": _numbers(total([r.stats for r in group]))}
    return json.dumps(out, ensure_ascii=False, indent=1)


def page(rows: Sequence[Row], project: str, stylesheet: str, templates: Path | None = None) -> str:
    """The progress page: per language, a bar per chapter (translated, fuzzy, the rest)
    linking the chapter's page and review page, and the book's total."""
    languages = [
        {
            "code": language,
            "name": language_name(language),
            "rows": [_bar(r.chapter, r.stats, page_path(r.chapter, language)) for r in group],
            "total": _bar("total", total([r.stats for r in group]), None),
        }
        for language, group in by_language(rows)
    ]
    return (
        environment(templates)
        .get_template("progress.html.j2")
        .render(project=project, languages=languages, stylesheet=stylesheet)
    )


def _cells(name: str, s: Stats) -> tuple[str, ...]:
    numbers = (s.total, s.translated, s.fuzzy, s.untranslated, s.words, s.translated_words)
    return (name, *(str(n) for n in numbers), f"{s.percent:.1f}%")


def _numbers(s: Stats) -> dict[str, Any]:
    return {
        "messages": s.total,
        "translated": s.translated,
        "fuzzy": s.fuzzy,
        "untranslated": s.untranslated,
        "review": s.review,
        "words": {
            "total": s.words,
            "translated": s.translated_words,
            "fuzzy": s.fuzzy_words,
            "untranslated": s.untranslated_words,
        },
        "percent": round(s.percent, 1),
    }


def _bar(name: str, s: Stats, page: str | None) -> dict[str, Any]:
    share = (lambda n: 100.0 * n / s.total) if s.total else (lambda n: 0.0)
    return {
        "name": name,
        "href": page,
        "review": review_name(page) if page else None,
        "stats": s,
        "translated": round(share(s.translated), 1),
        "fuzzy": round(share(s.fuzzy), 1),
    }
