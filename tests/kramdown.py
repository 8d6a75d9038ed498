"""The book's own engines, for tests: kramdown as its Jekyll site runs it, and Jekyll's `slugify`.

Debian's `ruby-kramdown`, `ruby-kramdown-parser-gfm` and `jekyll` provide them
(`make test` installs them). Without them a test that needs them is skipped when
run by hand, and fails in CI (`CI=true`), where they must be present.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from conftest import needed_in_ci

SCRIPT = Path(__file__).resolve().parent / "engines" / "kramdown.rb"


def require() -> None:
    """Skip (or, in CI, fail) a test when Ruby, kramdown or Jekyll is missing."""
    needed_in_ci(_missing(), "the kramdown tests")


def _missing() -> str | None:
    if shutil.which("ruby") is None:
        return "ruby is not installed (apt-get install ruby-kramdown ruby-kramdown-parser-gfm jekyll)"
    probe = subprocess.run(
        ["ruby", "-e", 'require "jekyll"; require "kramdown-parser-gfm"'], capture_output=True, text=True, check=False
    )
    return f"jekyll or kramdown-parser-gfm is missing: {probe.stderr.strip()[:200]}" if probe.returncode else None


def _run(mode: str, items: list[str]) -> list[str]:
    require()
    done = subprocess.run(
        ["ruby", str(SCRIPT), mode], input=json.dumps(items), capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    result: list[str] = json.loads(done.stdout)
    return result


def html(documents: list[str]) -> list[str]:
    """Each Markdown document as the book's Jekyll site renders it (without Liquid)."""
    return _run("html", documents)


def front_matter(documents: list[str]) -> list[dict[str, object] | None]:
    """The front matter Jekyll reads from each document (its own pattern), None for none."""
    return _run("front", documents)  # type: ignore[return-value]  # JSON objects and nulls, not strings


def slugify(names: list[str]) -> list[str]:
    """`Jekyll::Utils.slugify` of each name, as the book's layout links its table of contents."""
    return _run("slugify", names)


def include_arguments(markups: list[str]) -> list[dict[str, str | None] | None]:
    """Each include tag's markup (after `include`) read by Jekyll's own IncludeTag: the
    arguments it hands the include (a variable's value None), or None where Jekyll refuses it."""
    return _run("include", markups)  # type: ignore[return-value]  # JSON objects and nulls, not strings


def jekyll_build(site: Path) -> Path:
    """`jekyll build` of the site folder `site` (the book's engines, Liquid included): its `_site`."""
    require()
    needed_in_ci(None if shutil.which("jekyll") else "jekyll is not installed", "the Jekyll tests")
    done = subprocess.run(
        ["jekyll", "build", "--source", str(site), "--destination", str(site / "_site")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Liquid" not in done.stderr and "Error" not in done.stdout, done.stdout + done.stderr
    return site / "_site"
