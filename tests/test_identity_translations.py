"""A translation people already made comes back as they made it (issue 45).

Each case under tests/fixtures/identity/ is an English chapter `X.md` and the
translator's own `X.LANG.md`, made from it; `X.toml`, when there is one, holds the
project's settings. The test runs a new user's first day (`extract`, `import`,
`build --format md`) and requires the built translation to be the translator's file
byte for byte: their line breaks in paragraphs and items (nested, quoted), their
blank lines, headings and ids as they wrote them, words they kept in English, their
emphasis. The English identity round trip (every msgstr its msgid) holds the same
for the source; this is its counterpart for the translator.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.checks.safety import unsafe_reasons
from mdgettext.markdown.folding import fold, unfolded
from mdgettext.model import Span

CASES = sorted(p for p in (FIXTURES / "identity").glob("*.md") if p.stem.count(".") == 0)


def translations(english: Path) -> list[Path]:
    return sorted(english.parent.glob(f"{english.stem}.*.md"))


@pytest.mark.parametrize(
    ("english", "translated"),
    [(e, t) for e in CASES for t in translations(e)],
    ids=lambda p: p.name,
)
def test_build_gives_back_the_translators_file(tmp_path: Path, english: Path, translated: Path) -> None:
    language = translated.suffixes[-2].lstrip(".")
    root = tmp_path / "project"
    (root / "source" / "en").mkdir(parents=True)
    shutil.copy(english, root / "source" / "en" / english.name)
    settings = english.with_suffix(".toml")
    extra = settings.read_text(encoding="utf-8") if settings.exists() else ""
    (root / "mdgettext.toml").write_text(f'locales = ["{language}"]\n{extra}', encoding="utf-8")
    (root / language).mkdir()
    mine = translated.read_text(encoding="utf-8")
    (root / language / english.name).write_text(mine, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    done = cli("-C", root, "-q", "import", "-l", language, f"{language}/{english.name}")
    assert done.code == 0, done.err
    catalog = root / "locale" / language / "LC_MESSAGES" / english.with_suffix(".po").name
    assert_msgcat_fixed_point(catalog)  # a msgstr with the translator's line breaks, as GNU gettext writes it
    assert_msgfmt_check(catalog)
    checked = cli("-C", root, "check", "-l", language)  # kept line breaks are no finding
    assert checked.code == 0 and " 0 errors, 0 warnings," in checked.out, checked.out + checked.err
    built = cli("-C", root, "-q", "build", "-l", language, "--format", "md")
    assert built.code == 0, built.err
    assert (root / "build" / language / english.name).read_text(encoding="utf-8") == mine


def test_every_case_has_a_translation() -> None:
    assert CASES and all(translations(e) for e in CASES)


ENGLISH = "The arithmetic intensity of a matmul is the ratio of its FLOPs to its bytes."


@pytest.mark.parametrize(
    ("markup", "line"),
    [
        ("bytes", "바이트의 비율입니다."),
        ("(bytes)", "(바이트) 안의 말."),
        ("`bytes`", "`bytes` 뒤의 말."),
        ("**bytes**", "**바이트**의 말."),
        ("_bytes_", "_바이트_ 의 말."),
        ("[bytes](x)", "[바이트](x)의 말."),
        ("$x$", "$x$의 값."),
        ("2 bytes", "2바이트입니다."),
        ("bytes", "「바이트」"),
        ("bytes", "   바이트를 세 칸 들여 씁니다."),
    ],
)
def test_a_paragraph_wrapped_by_its_translator_is_safe(markup: str, line: str) -> None:
    """A line that goes on with the paragraph in every reader: the translator's wrapping is kept."""
    english = f"The arithmetic intensity of a matmul is the ratio of its FLOPs to its {markup}."
    assert not unsafe_reasons(english, f"행렬 곱셈의 산술 강도는 FLOP와\n{line}")


@pytest.mark.parametrize(
    "line",
    [
        "- 목록",
        "1. 번호",
        "2) 번호",
        "# 제목",
        "> 인용",
        "{: .class}",
        "*[FLOP]: 약어",
        "[^1]: 각주",
        "[x]: https://a.example",
        "<script>x</script>",
        "$$x$$",
        "```",
        "~~~",
        "===",
        "---",
        "***",
        ": 정의",
        "!!! note",
        "    들여쓰기",
        "|a|b|",
    ],
)
def test_a_break_that_can_start_a_block_is_refused(line: str) -> None:
    """A new line a reader may read as a block of its own (in any flavor) stays refused."""
    reasons = unsafe_reasons(ENGLISH, f"행렬 곱셈의 산술 강도는 FLOP와\n{line}")
    assert reasons, line


def test_import_joins_a_line_that_could_start_a_block() -> None:
    """A wrapped line that could open a block where the build puts it (`2) …`) is joined
    as the msgid joins it: only the breaks the safety judge takes as wrapping are kept."""
    text = "1) TPU v5e는 대역폭을 가집니다.\n2) 둘째 줄은\n이어집니다."
    assert unfolded(text, Span(0, len(text)), fold(text)) == "1) TPU v5e는 대역폭을 가집니다. 2) 둘째 줄은\n이어집니다."


def test_a_link_to_another_headings_translated_id_is_refused(tmp_path: Path) -> None:
    """An in-page link the translator points at the translated id of a heading other
    than the English's (the `anchors` case with its two list items' links swapped) leads
    the reader elsewhere: `check` reports it and the build shows the English there,
    while the links that do follow their heading pair are published."""
    english = FIXTURES / "identity" / "anchors.md"
    mine = (FIXTURES / "identity" / "anchors.zh.md").read_text(encoding="utf-8")
    swapped = mine.replace("* [贡献](#贡献)", "* [贡献](#负载均衡器与反向代理)", 1)
    assert swapped != mine
    root = tmp_path / "project"
    (root / "source" / "en").mkdir(parents=True)
    shutil.copy(english, root / "source" / "en" / english.name)
    (root / "mdgettext.toml").write_text('locales = ["zh"]\nflavor = "gfm"\n', encoding="utf-8")
    (root / "zh").mkdir()
    (root / "zh" / english.name).write_text(swapped, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "import", "-l", "zh", f"zh/{english.name}").code == 0
    checked = cli("-C", root, "check", "-l", "zh")
    assert "error: link #contributing became #负载均衡器与反向代理" in checked.out, checked.out
    assert cli("-C", root, "-q", "build", "-l", "zh", "--format", "md").code == 0
    built = (root / "build" / "zh" / english.name).read_text(encoding="utf-8")
    assert "* [Contributing](#contributing)\n" in built
    assert "* [负载均衡器与反向代理](#负载均衡器与反向代理)\n" in built
    assert "欢迎[贡献](#贡献)，[任何形式](#负载均衡器与反向代理)都可以。" in built


def test_import_pairs_a_table_of_contents_by_its_headings(tmp_path: Path) -> None:
    """The translator's contents link each heading by the id its translated words get
    (`#丙`), and left one entry out: read through the heading pairs, each link is the
    English's, so each item pairs with the English item linking the same heading (not
    the next one by position), and none is doubted for its destinations."""
    root = tmp_path / "project"
    (root / "source" / "en").mkdir(parents=True)
    (root / "zh").mkdir()
    english = "* [Alpha](#alpha)\n* [Beta](#beta)\n* [Gamma](#gamma)\n\n## Alpha\n\n## Beta\n\n## Gamma\n"
    mine = "* [甲](#甲)\n* [丙](#丙)\n\n## 甲\n\n## 乙\n\n## 丙\n"
    (root / "source" / "en" / "toc.md").write_text(english, encoding="utf-8")
    (root / "zh" / "toc.md").write_text(mine, encoding="utf-8")
    (root / "mdgettext.toml").write_text('locales = ["zh"]\nflavor = "gfm"\n', encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    done = cli("-C", root, "import", "-l", "zh", "zh/toc.md")
    assert done.code == 0, done.err
    assert "0 imported for review" in done.out, done.out
    catalog = (root / "locale" / "zh" / "LC_MESSAGES" / "toc.po").read_text(encoding="utf-8")
    assert 'msgid "[Gamma](#gamma)"\nmsgstr "[丙](#丙)"' in catalog
    assert 'msgid "[Beta](#beta)"\nmsgstr ""' in catalog
