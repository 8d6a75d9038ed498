"""Translated code blocks (the `code_blocks` setting, issue 45): shown as code by every
engine a site runs, refused when they would leave their block, never a way in.

A code block's translation is written back inside the English's fence, and the
engines that publish it (markdown-it as our pages read it, cmark-gfm as GitHub, kramdown as the book's
Jekyll site, Python-Markdown as a MkDocs site) must show the translator's lines as
code, escaped, whatever they hold. A translation that would end the block early, or
add what runs inside code (Liquid, a snippet line), is a `check` error naming the
line and the fix, and the build publishes the English block.
"""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

import polib
import pytest

import kramdown
from conftest import MD, cli
from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.checks.safety import Judge
from mdgettext.markdown.flavors import named
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap, key_of
from mdgettext.pipeline.code_setting import settings_text
from mdgettext.settings import parse
from mkdocs_oracle import python_markdown

ENGLISH = """\
# Setup

~~~python
# load the weights
weights = load("w.bin")
~~~

> ~~~sh
> make  # build it
> ~~~

- In a list:

  ~~~js
  let a = 1; // one
  ~~~

An indented block:

    run --fast  # quickly
"""
# Comments a reader sees, with what a Markdown or HTML reader would act on outside code.
HOSTILE = {
    "# load the weights": "# 가중치를 <script>alert(1)</script> *불러온다* [링크](javascript:x) <img src=x onerror=y>",
    "# build it": "# 빌드 </code></pre><b>굵게</b>",
    "// one": "// 하나 {::nomarkdown}<i>x</i>{:/}",
    "# quickly": "# 빨리 <!-- 주석 --> `코드`",
}


def translations(doc_text: str, flavor: str = "commonmark") -> tuple[str, dict[str, str]]:
    """The chapter with every code comment translated (HOSTILE), and each block's expected code."""
    doc = segment(doc_text, "x.md", flavor=named(flavor), code=True)
    found = {}
    for seg in doc.segments:
        if seg.kind == "code block":
            english = next(e for e in HOSTILE if e in seg.msgid)
            found[key_of(seg)] = seg.msgid.replace(english, HOSTILE[english])
    assert len(found) == 4
    judge = Judge(doc)
    assert all(not judge.alone(seg, found[key_of(seg)]) for seg in doc.segments if key_of(seg) in found)
    return weave(doc, TranslationMap(found)).text, {msgid: msgstr for (_, msgid), msgstr in found.items()}


def code_texts(page: str) -> list[str]:
    """The text of every `<pre><code>` of a page, as a reader sees it: a highlighter's
    `<span>`s dropped (the code's own `<` is escaped, so every tag there is the engine's)."""
    found = re.findall(r"<pre[^>]*>(?:<span></span>)?<code[^>]*>(.*?)</code></pre>", page, re.DOTALL)
    return [html.unescape(re.sub(r"<[^>]+>", "", inner)) for inner in found]


def assert_shown_as_code(page: str, expected: dict[str, str]) -> None:
    shown = [text.rstrip("\n") for text in code_texts(page)]
    assert shown == list(expected.values()), page
    outside = re.sub(r"<pre[^>]*>(?:<span></span>)?<code[^>]*>.*?</code></pre>", "", page, flags=re.DOTALL)
    assert not re.search(r"<(script|img|b|i)\b", outside), outside


def test_markdown_it_shows_each_translated_block_as_code() -> None:
    woven, expected = translations(ENGLISH)
    assert_shown_as_code(MD.render(woven), expected)


def test_cmark_gfm_shows_each_translated_block_as_code() -> None:
    """cmark-gfm, GitHub's renderer, on the `gfm` flavor's weave (raw HTML left in, as GitHub's
    own sanitizer is not ours to lean on)."""
    woven, expected = translations(ENGLISH.replace("~~~", "```"), "gfm")
    page = subprocess.run(["cmark-gfm", "--unsafe"], input=woven, capture_output=True, text=True, check=True).stdout
    assert_shown_as_code(page, expected)


def test_kramdown_shows_each_translated_block_as_code() -> None:
    """kramdown as the book's Jekyll site reads it (`~~~` fences, indented code)."""
    woven, expected = translations(ENGLISH, "kramdown")
    (page,) = kramdown.html([woven])
    assert_shown_as_code(page, expected)


def test_python_markdown_shows_each_translated_block_as_code() -> None:
    """Python-Markdown with the MkDocs sample site's extensions (superfences among them)."""
    english = ENGLISH.replace("~~~", "```")
    woven, expected = translations(english, "mkdocs")
    page = python_markdown(woven)
    assert_shown_as_code(page, expected)


@pytest.mark.parametrize(
    ("msgstr", "said"),
    [
        ("# 가중치를 불러온다\n~~~\n<script>alert(1)</script>", "its line 2 (~~~) closes the block's ~~~ fence"),
        ("# 가중치를 불러온다\n   ~~~~~  \nweights = 1", "its line 2 (~~~~~) closes the block's ~~~ fence"),
        ("# 가중치를 불러온다 {% include secret.html %}\nweights = 1", "adds Liquid the English code does not have"),
        ('--8<-- "/etc/passwd"\nweights = 1', "adds a snippet line"),
        (
            "# 가중치\r~~~\r<script>alert(1)</script>",
            "is no longer one code block as the English is",
        ),  # a CR ends a line
    ],
)
def test_a_translation_that_leaves_its_block_is_refused_with_the_fix(tmp_path: Path, msgstr: str, said: str) -> None:
    root = project(tmp_path)
    po_path = root / "locale" / "ko" / "LC_MESSAGES" / "x.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgid.startswith("# load"))
    entry.msgstr = msgstr
    po.save()
    checked = cli("-C", root, "check", "-l", "ko")
    assert checked.code == 1
    (line,) = [line for line in checked.out.splitlines() if ": error: " in line]
    assert line.startswith(f"locale/ko/LC_MESSAGES/x.po:{msgstr_line(po_path, '# load')}: error: the translation ")
    assert said in line and line.endswith(
        "translate only its comments and strings: until then the build publishes the English block "
        "[safety.active-content] (source/en/x.md:3)"
    )
    assert cli("-C", root, "-q", "build", "-l", "ko", "--format", "md").code == 0
    assert (root / "build" / "ko" / "x.md").read_text(encoding="utf-8") == ENGLISH  # the English block, whole


def test_an_indented_block_whose_translation_starts_with_a_blank_line_is_refused() -> None:
    """The parser reads the page again: a blank first line is no code line, so the block changed."""
    doc = segment(ENGLISH, "x.md", code=True)
    (seg,) = [s for s in doc.segments if s.msgid.startswith("run")]
    assert [r.kind for r in Judge(doc).alone(seg, "\nrun --fast  # 빨리")] == ["breaks code block"]
    assert Judge(doc).alone(seg, "run --fast  # 빨리\n\n# 둘째 줄\nrun --slow") == []


def test_a_catalog_with_code_entries_is_as_gnu_gettext_writes_it(tmp_path: Path) -> None:
    root = project(tmp_path)
    po_path = root / "locale" / "ko" / "LC_MESSAGES" / "x.po"
    po = polib.pofile(str(po_path))
    for entry in po:
        if entry.msgid.startswith("# load"):
            entry.msgstr = '# 가중치를 불러온다 (아주 긴 주석이 한 줄에 79열을 넘어도 그대로 둔다: no-wrap)\nweights = load("w.bin")'
    po.save()
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    text = po_path.read_text(encoding="utf-8")
    assert text.count("#, no-wrap\n") == 4
    assert_msgcat_fixed_point(po_path)
    assert_msgfmt_check(po_path)


def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "source" / "en").mkdir(parents=True)
    (root / "source" / "en" / "x.md").write_text(ENGLISH, encoding="utf-8")
    (root / "mdgettext.toml").write_text('locales = ["ko"]\ncode_blocks = true\n', encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0
    return root


def msgid_line(po_path: Path, start: str) -> int:
    lines = po_path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, 1) if line.startswith("msgid") and start in lines[n])


def msgstr_line(po_path: Path, start: str) -> int:
    """Where `check` reports a finding on the translation: the entry's msgstr line."""
    lines = po_path.read_text(encoding="utf-8").split("\n")
    after = msgid_line(po_path, start)
    return next(n for n, line in enumerate(lines, 1) if n > after and line.startswith("msgstr"))


@pytest.mark.parametrize(
    ("own", "pyproject", "written"),
    [
        # init's file: its commented default line becomes the setting, in place
        (
            '# what it does\n# code_blocks = false\nlocales = ["ko"]\n',
            None,
            ("mdgettext.toml", '# what it does\ncode_blocks = true\nlocales = ["ko"]\n'),
        ),
        # a file without that line: on top, before any table
        ('locales = ["ko"]\n[math_macros]\nred = "x"\n', None, ("mdgettext.toml", "code_blocks = true\nlocales")),
        # settings in pyproject.toml: right under [tool.mdgettext]
        (
            None,
            '[project]\nname = "a"\n\n[tool.mdgettext]\nlocales = ["ko"]\n',
            ("pyproject.toml", '[project]\nname = "a"\n\n[tool.mdgettext]\ncode_blocks = true\nlocales = ["ko"]\n'),
        ),
        # no settings file at all: an mdgettext.toml with the setting
        (None, None, ("mdgettext.toml", "code_blocks = true\n")),
        # the project chose English code: kept
        ("code_blocks = false\n", None, None),
        (None, "[tool.mdgettext]\ncode_blocks = false\n", None),
    ],
)
def test_import_sets_code_blocks_where_the_settings_are_read(
    own: str | None, pyproject: str | None, written: tuple[str, str] | None
) -> None:
    found = settings_text(own, pyproject)
    if written is None:
        assert found is None
        return
    assert found is not None and found[0] == written[0] and written[1] in found[1]
    assert parse(*((found[1], pyproject) if found[0] == "mdgettext.toml" else (own, found[1]))).settings.code_blocks


def test_a_dry_run_says_what_it_would_set_and_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "source" / "en").mkdir(parents=True)
    (root / "source" / "en" / "x.md").write_text(ENGLISH, encoding="utf-8")
    (root / "mdgettext.toml").write_text('locales = ["ko"]\n', encoding="utf-8")
    (root / "ko").mkdir()
    (root / "ko" / "x.md").write_text(ENGLISH.replace("# load the weights", "# 가중치를 불러온다"), encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    done = cli("-C", root, "-q", "import", "-l", "ko", "ko/x.md", "--dry-run")
    assert done.code == 0
    assert "mdgettext.toml: would set code_blocks = true: " in done.err
    assert "ko/x.md:3: this code block differs from the English's at source/en/x.md:3" in done.err
    assert (root / "mdgettext.toml").read_text(encoding="utf-8") == 'locales = ["ko"]\n'
    assert not (root / "locale" / "ko").exists()


def test_the_review_page_shows_code_as_written(tmp_path: Path) -> None:
    """Both sides of a code entry as text, line breaks kept (`as-text`), never read as Markdown."""
    root = project(tmp_path)
    po_path = root / "locale" / "ko" / "LC_MESSAGES" / "x.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgid.startswith("# load"))
    entry.msgstr = '# 가중치를 *불러온다* <b>\nweights = load("w.bin")'
    po.save()
    assert cli("-C", root, "-q", "build", "-l", "ko").code == 0
    page = (root / "build" / "ko" / "x.review.html").read_text(encoding="utf-8")
    assert '<span class="as-text"># load the weights\nweights = load(&quot;w.bin&quot;)</span>' in page
    assert '<span class="as-text"># 가중치를 *불러온다* &lt;b&gt;\nweights = load(&quot;w.bin&quot;)</span>' in page
