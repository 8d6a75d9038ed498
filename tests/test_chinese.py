"""Chinese typography, on the community Chinese translation of the book (tests/data/book/zh).

The translation's own text is the false-alarm test: a rule that fires on what a careful
Chinese translator wrote is wrong. Seeded slips are the recall test: each rule must find
the mistake it exists for, in a real entry.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

from conftest import BOOK, BOOK_SETTINGS, cli

# index, roofline and sharding have front matter that is not YAML (tests/data/README.md):
# `import` takes the rest of these three.
IMPORTABLE = ["applied-inference", "jax-stuff", "transformers"]


@pytest.fixture(scope="module")
def zh_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("zh")
    shutil.copytree(BOOK / "en-2025-12", root / "source" / "en")
    settings = BOOK_SETTINGS.read_text(encoding="utf-8").replace('locales = ["ko"]', 'locales = ["zh"]')
    (root / "pyproject.toml").write_text(settings, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    for chapter in IMPORTABLE:
        result = cli("-C", root, "-q", "import", "-l", "zh", BOOK / "zh" / f"{chapter}.md")
        assert result.code == 0, result.err
    return root


def typography(root: Path) -> list[str]:
    result = cli("-C", root, "check", "-l", "zh", "--select", "typography")
    return [line for line in result.out.splitlines() + result.err.splitlines() if "[typography." in line]


def test_the_translators_own_text_raises_no_typography_warning(zh_book: Path) -> None:
    assert typography(zh_book) == []


def seeded(zh_book: Path, tmp_path: Path, slip) -> tuple[Path, str]:
    """A copy of the project with one real entry changed by `slip`; the entry's msgid line."""
    root = tmp_path / "zh"
    shutil.copytree(zh_book, root)
    path = root / "locale" / "zh" / "LC_MESSAGES" / "transformers.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgstr and slip(e.msgstr) != e.msgstr and not e.fuzzy)
    entry.msgstr = slip(entry.msgstr)
    po.save(str(path))
    return root, entry.msgid


@pytest.mark.parametrize(
    ("code", "slip"),
    [
        ("typography.half-width-punctuation", lambda s: s.replace("，", ",", 1)),
        ("typography.half-width-punctuation", lambda s: s.replace("。", ".", 1) if s.endswith("。") else s),
        ("typography.space-at-full-width", lambda s: s.replace("，", " ，", 1)),
        ("typography.han-latin-spacing", lambda s: s.replace(" TPU", "TPU", 1)),
    ],
    ids=["comma", "full-stop", "space-before-comma", "closed-latin"],
)
def test_each_seeded_slip_is_found(zh_book: Path, tmp_path: Path, code: str, slip) -> None:
    root, _ = seeded(zh_book, tmp_path, slip)
    found = typography(root)
    assert len(found) == 1 and f"[{code}]" in found[0], found


def test_chinese_rules_run_only_on_chinese_catalogs(zh_book: Path, tmp_path: Path) -> None:
    root, _ = seeded(zh_book, tmp_path, lambda s: s.replace("，", ",", 1))
    ko = root / "locale" / "ko"
    shutil.copytree(root / "locale" / "zh", ko)
    for po_path in ko.rglob("*.po"):
        po = polib.pofile(str(po_path))
        po.metadata["Language"] = "ko"
        po.save(str(po_path))
    result = cli("-C", root, "check", "-l", "ko", "--select", "typography")
    assert "half-width" not in result.out + result.err
    listed = cli("check", "--list").out
    assert "typography.half-width-punctuation" in listed and "(only in zh)" in listed
    assert "typography.speech-level" in listed and "(only in ko)" in listed
