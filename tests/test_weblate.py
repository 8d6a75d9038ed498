"""Weblate's side of a catalog: what its PO and XLIFF writer (translate-toolkit) saves.

Weblate stores a translator's work through translate-toolkit, which wraps lines its
own way. mdgettext must read such a file as the same catalog, check it as it checks
GNU's layout, and `update` must write it back as GNU gettext does (docs/weblate.md).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import FIXTURES, cli, needed_in_ci
from mdgettext import catalogs

try:
    from translate.storage import po as ttk_po
    from translate.storage import xliff2 as ttk_xliff2
except ImportError:  # a test dependency (pyproject's `test` extra)
    ttk_po = ttk_xliff2 = None

CATALOG = Path("locale") / "ko" / "LC_MESSAGES" / "conclusion.po"


@pytest.fixture(autouse=True)
def _toolkit() -> None:
    needed_in_ci(None if ttk_po else "translate-toolkit is not installed", "the Weblate tests")


def saved_by_weblate(path: Path) -> None:
    """Change two translations as a translator does in Weblate, and save as Weblate does."""
    assert ttk_po is not None
    store = ttk_po.pofile.parsestring(path.read_bytes())
    long = next(u for u in store.units if not u.isheader() and len(u.target) > 120)
    long.target += " 덧붙인 문장이 길게 이어져 줄이 바뀌도록 한다, 그리고 한 번 더 길게 이어 쓴다."
    short = next(u for u in store.units if u.source == "Conclusions and Further Reading")
    short.markfuzzy(True)
    path.write_bytes(bytes(store))


def msgcat(path: Path) -> bytes:
    tool = shutil.which("msgcat")
    assert tool, "msgcat not found: install GNU gettext"
    return subprocess.run([tool, str(path)], capture_output=True, check=True).stdout


def test_a_catalog_weblate_saved_is_read_checked_and_updated_to_gnus_bytes(chapter_copy: Path, tmp_path: Path) -> None:
    po = chapter_copy / CATALOG
    assert (
        ttk_po is not None and bytes(ttk_po.pofile.parsestring(po.read_bytes())) == po.read_bytes()
    )  # untouched: same bytes
    saved_by_weblate(po)
    weblate, gnu = po.read_bytes(), msgcat(po)
    assert weblate != gnu  # translate-toolkit wraps its own way: the test has something to show
    gnu_file = tmp_path / "gnu.po"
    gnu_file.write_bytes(gnu)
    assert catalogs.read(po, "weblate.po") == catalogs.read(gnu_file, "gnu.po")  # read without a change
    as_saved = cli("-C", chapter_copy, "check", "-l", "ko")
    po.write_bytes(gnu)
    as_gnu = cli("-C", chapter_copy, "check", "-l", "ko")
    assert (as_saved.code, as_saved.out) == (as_gnu.code, as_gnu.out)  # checked alike
    po.write_bytes(weblate)
    assert cli("-C", chapter_copy, "update", "-l", "ko").code == 0
    assert po.read_bytes() == gnu  # and written back as GNU gettext writes it


def test_translate_toolkits_xliff_2_reader_reads_export_and_its_writer_comes_back(tmp_path: Path) -> None:
    assert ttk_xliff2 is not None
    exported = (FIXTURES / "xliff" / "entries.xlf").read_bytes()
    store = ttk_xliff2.Xliff2File.parsestring(exported)
    states = {u.source: (u.isfuzzy(), u.istranslated()) for u in store.units}
    assert states["Plain words."] == (False, True)
    assert states["Run  once, then see the guide."] == (True, False)  # fuzzy; its codes are not words to it
    next(u for u in store.units if u.source == "Plain words.").target = "바뀐 말."
    saved = tmp_path / "saved.xlf"
    saved.write_bytes(bytes(store))
    expected = (FIXTURES / "xliff" / "entries.po").read_text(encoding="utf-8").replace("평범한 말.", "바뀐 말.")
    assert catalogs.write(catalogs.read(saved, "saved.xlf"), "po") == expected  # codes and notes intact
