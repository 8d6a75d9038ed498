"""Heading ids and contents anchors exactly as the book's engines make them.

kramdown (with GFM input, as the book's Jekyll runs it) gives a heading its id; the
book's layout links each table-of-contents name to `#{{ name | slugify }}` (Jekyll's
filter). mdgettext computes both (markdown/anchors.py) to give translated headings
the anchors their contents names link to, and to say when a name reaches none. Here
both are held to the real Ruby code on headings made of every kind of character a
translation writes: Hangul, Han and kana, full-width punctuation, mixed scripts,
marks, letter numbers, symbols, emoji. Then a whole chapter: its contents reach every
translated heading on kramdown's page, with or without `heading_ids`.
"""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
import yaml

import kramdown
from conftest import cli
from mdgettext.markdown.anchors import gfm_id, slugify

PIECES = [
    "부록", "C", "Flash", "Attention은", "어떻게", "작동하는가", "测验", "1", "GPU", "硬件", "线性操作", "什么是瓶颈",
    "ラベル", "カナ", "Ⅳ", "é", "ñ", "Ąść", "x_y", "z*w", "C++", "&", "—", "–", "...", "·", "🚀", "٣", "１２３",
    "ｆｕｌｌ", "(", ")", "[", "]", "：", "？", "，", "。", "！", "「", "」", "、", "'", "’", '"', "“", "/", "-", "--",
]  # fmt: skip
SEPARATORS = [" ", "", " ", "　", "\t"]


def headings(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    made = []
    for _ in range(count):
        words = [rng.choice(PIECES) for _ in range(rng.randint(1, 6))]
        text = words[0] + "".join(rng.choice(SEPARATORS) + w for w in words[1:])
        if text.strip() and not text.strip().startswith(("#", "-", "*", "+", "1.")):
            made.append(text.strip())
    return list(dict.fromkeys(made))


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    kramdown.require()


def test_kramdown_ids_are_computed_exactly() -> None:
    names = headings(400)
    page = kramdown.html(["\n\n".join(f"## {name}" for name in names) + "\n"])[0]
    theirs = [html.unescape(i) if i is not None else "" for i in _h2_ids(page)]
    assert len(theirs) == len(names)
    seen: dict[str, int] = {}
    ours = []
    for name in names:  # kramdown numbers a repeated id -1, -2 (an empty one too: the first has no id)
        base = gfm_id(name)
        count = seen.get(base, -1) + 1
        seen[base] = count
        ours.append(base if count == 0 else f"{base}-{count}")
    assert [(n, o, t) for n, o, t in zip(names, ours, theirs, strict=True) if o != t] == []
    assert sum(1 for t in theirs if t) > 300 and any("：" in n for n in names)  # the cases are there


def _h2_ids(page: str) -> list[str | None]:
    return [m.group(1) for m in re.finditer(r'<h2(?: id="([^"]*)")?>', page)]


def test_jekyll_slugify_is_computed_exactly() -> None:
    names = headings(400, seed=8)
    assert [(n, slugify(n), t) for n, t in zip(names, kramdown.slugify(names), strict=True) if slugify(n) != t] == []


CHAPTER = """\
---
layout: distill
title: "Layers"
toc:
  - name: "Quiz 1: GPU hardware"
  - name: "Linear ops: what is the bottleneck?"
  - name: Further Reading
---

## Quiz 1: GPU hardware

Text one.

## Linear ops: what is the bottleneck?

Text two.

## Further Reading

Text three.
"""
CHINESE = {
    "Layers": "层",
    "Quiz 1: GPU hardware": "测验 1：GPU 硬件",
    "Linear ops: what is the bottleneck?": "线性操作：什么是瓶颈？",
    "Text one.": "文本一。",
    "Text two.": "文本二。",
    "Text three.": "文本三。",
}  # "Further Reading" left in English: a name that stays English over a translated heading is the usual slip


@pytest.mark.parametrize("heading_ids", [True, False])
def test_every_contents_name_reaches_its_heading_on_kramdowns_page(project: Path, heading_ids: bool) -> None:
    settings = f'locales = ["zh"]\nflavor = "kramdown"\nheading_ids = {str(heading_ids).lower()}\n'
    (project / "mdgettext.toml").write_text(settings, encoding="utf-8")
    (project / "source" / "en" / "layers.md").write_text(CHAPTER, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "zh").code == 0
    import polib

    path = project / "locale" / "zh" / "LC_MESSAGES" / "layers.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = CHINESE.get(entry.msgid, "")
    po.save()
    checked = cli("-C", project, "check", "-l", "zh", "--select", "frontmatter.toc-anchor")
    assert "[frontmatter.toc-anchor]" not in checked.out, checked.out
    assert cli("-C", project, "-q", "build", "-l", "zh", "--format", "md").code == 0
    markdown = (project / "build" / "zh" / "layers.md").read_text(encoding="utf-8")
    names = [item["name"] for item in yaml.safe_load(markdown.split("---\n")[1])["toc"]]
    assert names == ["测验 1：GPU 硬件", "线性操作：什么是瓶颈？", "Further Reading"]
    page = kramdown.html([markdown])[0]
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert [n for n, slug in zip(names, kramdown.slugify(names), strict=True) if slug not in ids] == []


def test_a_contents_name_no_heading_answers_to_is_a_finding_with_its_fix(project: Path) -> None:
    (project / "mdgettext.toml").write_text('locales = ["zh"]\nflavor = "kramdown"\n', encoding="utf-8")
    chapter = CHAPTER.replace('  - name: "Quiz 1: GPU hardware"', '  - name: "Quiz 1"')
    (project / "source" / "en" / "layers.md").write_text(chapter, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "zh").code == 0
    import polib

    path = project / "locale" / "zh" / "LC_MESSAGES" / "layers.po"
    po = polib.pofile(str(path))
    for entry in po:
        entry.msgstr = {**CHINESE, "Quiz 1": "小测验一"}.get(entry.msgid, "")
    po.save()
    checked = cli("-C", project, "check", "-l", "zh", "--select", "frontmatter.toc-anchor")
    assert "links '小测验一' to #小测验一, which no heading of the page has" in checked.out
    assert "the English link is broken too" in checked.out  # "Quiz 1" names no English heading either
