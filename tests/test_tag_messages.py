"""Text a reader sees inside tags is translated like any other: figure captions
(`{% include figure.liquid caption="…" %}`), answer buttons (`{% details … %}`),
`alt`, `title` and `aria-label` of raw HTML. The fixture pair extract/tags.md ->
extract/tags.pot shows what is offered, build/tags.* how it is written back; here:
what the community translations bring in, how a translation that cannot stand in its
tag is refused, and the setting that names an include's prose arguments.

The book measures are tuned on index, roofline and transformers, and reported on the
other three apart (held out): each chapter's captions and buttons are counted where
its Korean differs from its English, and must reach the catalog and build/ko.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest

from conftest import BOOK, BOOK_SETTINGS, cli
from mdgettext.checks.safety import judge, message
from mdgettext.markdown.flavors import KRAMDOWN
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import Style, TranslationMap

TUNED = ("index", "roofline", "transformers")
HELD_OUT = ("applied-inference", "jax-stuff", "sharding")


def tag_texts(text: str, path: str = "x.md") -> list[tuple[str, str]]:
    """(kind, text) of every caption and answer button, in order."""
    doc = segment(_without_front_matter(text), path, flavor=KRAMDOWN)
    return [(s.kind, s.msgid) for s in doc.segments if s.span.style is Style.LIQUID]


def _without_front_matter(text: str) -> str:
    """The body alone, lines kept: some translations' front matter is not YAML."""
    if not text.startswith("---\n"):
        return text
    end = text.index("\n---\n", 4)
    return "---\n" + "\n" * text[4:end].count("\n") + text[end:]


def reached(root: Path, chapter: str, translated: Path, language: str) -> tuple[int, int, int]:
    """(translated by the community, in the catalog translated, in the built Markdown),
    pairing the chapter's captions and buttons by kind and order."""
    english = tag_texts((root / "source" / "en" / f"{chapter}.md").read_text(encoding="utf-8"))
    theirs = tag_texts(translated.read_text(encoding="utf-8"))
    built = tag_texts((root / "build" / language / f"{chapter}.md").read_text(encoding="utf-8"))
    po = polib.pofile(str(root / "locale" / language / "LC_MESSAGES" / f"{chapter}.po"))
    done = {e.msgid for e in po if e.msgstr and not e.fuzzy}
    counts = [0, 0, 0]
    for kind in dict.fromkeys(k for k, _ in english):
        ours, their, out = ([t for k, t in texts if k == kind] for texts in (english, theirs, built))
        assert len(ours) == len(their) == len(out), (chapter, kind)
        for source, translation, page in zip(ours, their, out, strict=True):
            if translation != source:
                counts[0] += 1
                counts[1] += source in done
                counts[2] += page != source
    return counts[0], counts[1], counts[2]


@pytest.mark.parametrize("chapters", [TUNED, HELD_OUT], ids=["tuned", "held-out"])
def test_the_community_korean_captions_and_buttons_reach_the_built_chapter(
    chapters: tuple[str, ...], book: Path
) -> None:
    total = [0, 0, 0]
    for chapter in chapters:
        found = reached(book, chapter, book / "ko" / f"{chapter}.md", "ko")
        total = [a + b for a, b in zip(total, found, strict=True)]
    translated, in_catalog, in_build = total
    assert translated >= 10  # the chapters do have translated captions and buttons
    assert in_catalog >= 0.9 * translated and in_build >= 0.9 * translated, total


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The 2025-12 English and the Chinese translation, every file imported at once."""
    root = tmp_path_factory.mktemp("zh")
    shutil.copytree(BOOK / "en-2025-12", root / "source" / "en")
    shutil.copytree(BOOK / "zh", root / "zh")
    shutil.copy(BOOK_SETTINGS, root / "pyproject.toml")
    assert cli("-C", root, "-q", "extract").code == 0
    files = sorted(p.relative_to(root) for p in (root / "zh").glob("*.md"))
    result = cli("-C", root, "-q", "import", "-l", "zh", *files)
    assert cli("-C", root, "-q", "update", "-l", "zh").code == 0
    assert cli("-C", root, "-q", "build", "-l", "zh", "--format", "md").code == 0
    return root, f"{result.code}\n{result.err}"


def test_chinese_chapters_whose_front_matter_is_not_yaml_import_their_bodies(chinese: tuple[Path, str]) -> None:
    root, outcome = chinese
    code, err = outcome.split("\n", 1)
    assert code == "1"  # something was skipped: the three front matters
    lines = err.splitlines()
    # besides: a warning for each code block the translator changed (translated comments), which import reports
    skipped = [line for line in lines if "front matter is not valid YAML" in line]
    assert [line.split(": ")[2].split(":")[0] for line in skipped] == [
        "zh/index.md",
        "zh/roofline.md",
        "zh/sharding.md",
    ]
    assert all("the rest of the file was" in line for line in skipped)
    assert all("front matter" in line or "code block" in line for line in lines[:-1])
    assert lines[-1] == (
        "mdgettext: warning: 6 of 6 files imported; 0 refused, 3 parts of imported files skipped: "
        "fix what is named above and import again"
    )
    for chapter in ("index", "roofline", "sharding"):
        po = polib.pofile(str(root / "locale" / "zh" / "LC_MESSAGES" / f"{chapter}.po"))
        body = [e for e in po if not e.comment.startswith("front matter")]
        assert sum(1 for e in body if e.msgstr) >= 0.9 * len(body), chapter  # the body came in
        translated, in_catalog, in_build = reached(root, chapter, root / "zh" / f"{chapter}.md", "zh")
        assert translated and in_catalog >= 0.9 * translated and in_build >= 0.9 * translated


def test_a_caption_translation_is_escaped_as_jekyll_reads_it_or_refused() -> None:
    text = '{% include figure.liquid path="a.png" caption="A <b>plot</b>." %}\n'
    doc = segment(text, "x.md")
    (seg,) = doc.segments
    quoted = TranslationMap({(None, seg.msgid): '"따옴표" 안의 <b>그림</b>.'})
    assert (
        weave(doc, quoted).text == '{% include figure.liquid path="a.png" caption="\\"따옴표\\" 안의 <b>그림</b>." %}\n'
    )
    # a backslash Jekyll would read as an escape is written as a character reference (issue 40)
    ended = TranslationMap({(None, seg.msgid): '역슬래시 \\" <b>그림</b>\\'})
    assert (None, seg.msgid) in judge(doc, ended).kept
    assert weave(doc, ended).text == (
        '{% include figure.liquid path="a.png" caption="역슬래시 &#92;\\" <b>그림</b>&#92;" %}\n'
    )
    for msgstr, reason in [
        ("닫는 %} <b>그림</b>", "has '%}', which ends the Liquid tag early"),
        ('<b onclick="x()">그림</b>', "onclick"),
    ]:
        verdict = judge(doc, TranslationMap({(None, seg.msgid): msgstr}))
        assert (None, seg.msgid) not in verdict.kept
        assert reason in message(verdict.refused[(None, seg.msgid)]), msgstr


def test_an_untranslated_caption_counts_on_the_banner_but_is_not_marked_inside_its_tag(tmp_path: Path) -> None:
    (tmp_path / "source" / "en").mkdir(parents=True)
    (tmp_path / "source" / "en" / "intro.md").write_text(
        '# Intro\n\n{% include figure.liquid path="a.png" caption="A plot." %}\n\n'
        '<div title="A box">\n<img src="b.png" alt="A chart">\n</div>\n',
        encoding="utf-8",
    )
    assert cli("-C", tmp_path, "-q", "extract").code == 0
    assert cli("-C", tmp_path, "-q", "update", "-l", "ko").code == 0
    po_path = tmp_path / "locale" / "ko" / "LC_MESSAGES" / "intro.po"
    po = polib.pofile(str(po_path))
    assert [(e.msgid, e.comment) for e in po] == [
        ("Intro", "heading 1"),
        ("A plot.", "figure caption"),
        ("A box", "title of <div>"),
        ("A chart", "alt text of <img>"),
    ]
    po.find("Intro").msgstr = "소개"
    po.save(str(po_path))
    result = cli("-C", tmp_path, "build", "-l", "ko", "--format", "md")
    assert "build/ko/intro.md: 3 of 4 messages fell back to English" in result.out
    assert (
        (tmp_path / "build" / "ko" / "intro.md")
        .read_text(encoding="utf-8")
        .endswith(
            '{% include figure.liquid path="a.png" caption="A plot." %}\n\n'
            '<div title="A box">\n<img src="b.png" alt="A chart">\n</div>\n'
        )
    )


def test_the_prose_arguments_of_includes_are_a_setting(tmp_path: Path) -> None:
    (tmp_path / "source" / "en").mkdir(parents=True)
    (tmp_path / "source" / "en" / "intro.md").write_text(
        '{% include video.liquid src="v.mp4" title="A talk" caption="Slides." %}\n', encoding="utf-8"
    )
    settings = tmp_path / "pyproject.toml"
    settings.write_text('[tool.mdgettext]\nliquid_prose = {"video.liquid" = ["title"]}\n', encoding="utf-8")
    assert cli("-C", tmp_path, "-q", "extract").code == 0
    pot = polib.pofile(str(tmp_path / "locale" / "intro.pot"))
    assert [(e.msgid, e.comment) for e in pot] == [("A talk", "title of {% include video.liquid %}")]
    settings.write_text('[tool.mdgettext]\nliquid_prose = ["caption"]\n', encoding="utf-8")
    result = cli("-C", tmp_path, "extract")
    assert result.code == 2
    assert "liquid_prose must be a table of lists of strings" in result.err
