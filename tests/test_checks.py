"""`mdgettext check`: paired fixtures per family of checks, the CommonMark examples,
and the command's formats, options and exit codes.

    fixtures/check/X.md + X.clean.po   -> no findings
    fixtures/check/X.md + X.broken.po  -> exactly the lines of X.broken.expected
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import polib
import pytest

import fidelity
from conftest import EXAMPLES, FIXTURES, MD, cli
from mdgettext.checks import run_checks
from mdgettext.checks.entry import Context, entries_of
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap
from mdgettext.po.catalog import Project, template
from mdgettext.po.entries import from_po
from mdgettext.po.writer import dumps
from reader_oracle import verdicts
from test_commonmark import KNOWN_SAFETY_REFUSALS

CHECK = FIXTURES / "check"
FAMILIES = sorted(p.stem for p in CHECK.glob("*.md"))


def project_with(tmp_path: Path, family: str, variant: str) -> Path:
    root = tmp_path / family
    (root / "source" / "en").mkdir(parents=True)
    shutil.copy(CHECK / f"{family}.md", root / "source" / "en" / f"{family}.md")
    (root / "pyproject.toml").write_text('[tool.mdgettext]\npages = ["part2"]\n', encoding="utf-8")
    (root / "locale" / "ko" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(CHECK / "glossary.po", root / "locale" / "ko" / "glossary.po")
    assert cli("-C", root, "-q", "extract").code == 0
    shutil.copy(CHECK / f"{family}.{variant}.po", root / "locale" / "ko" / "LC_MESSAGES" / f"{family}.po")
    return root


@pytest.mark.parametrize("family", FAMILIES)
def test_a_clean_catalog_has_no_findings(family: str, tmp_path: Path) -> None:
    result = cli("-C", project_with(tmp_path, family, "clean"), "check", "-l", "ko", "--strict")
    assert result.code == 0
    assert result.out.endswith(": 0 errors, 0 warnings, 0 notes; 100.0% translated\n")
    assert result.out.count("\n") == 1


@pytest.mark.parametrize("family", FAMILIES)
def test_a_broken_catalog_gives_exactly_the_expected_lines(family: str, tmp_path: Path) -> None:
    result = cli("-C", project_with(tmp_path, family, "broken"), "check", "-l", "ko")
    assert result.out == (CHECK / f"{family}.broken.expected").read_text(encoding="utf-8")
    errors = any(": error: " in line for line in result.out.splitlines())
    assert result.code == (1 if errors else 0)


@pytest.mark.parametrize("family", FAMILIES)
def test_strict_fails_every_broken_catalog(family: str, tmp_path: Path) -> None:
    result = cli("-C", project_with(tmp_path, family, "broken"), "check", "-l", "ko", "--strict")
    assert result.code == 1
    assert ": warning: " not in result.out  # warnings became errors


@pytest.mark.parametrize("follow", ["the name", "the heading"])
def test_the_toc_anchor_advice_can_be_followed(follow: str, tmp_path: Path) -> None:
    """Issue 40: the advice names the heading the toc name links to (another entry, at its
    line) and words that reach it; doing either thing it says clears the finding."""
    root = project_with(tmp_path, "frontmatter", "broken")
    [finding] = [f for f in checked_json(root) if f["code"] == "frontmatter.toc-anchor"]
    said = re.search(
        r"its heading \(line (\d+)\) reads '(.+)': write this name the same, or translate the heading as '(.+)'",
        finding["message"],
    )
    assert said is not None, finding["message"]
    path = root / "locale" / "ko" / "LC_MESSAGES" / "frontmatter.po"
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[int(said.group(1)) - 1] == f'msgstr "{said.group(2)}"'  # the heading's line, another entry
    assert int(said.group(1)) != finding["line"]
    po = polib.pofile(str(path))
    if follow == "the name":
        po.find("Second Part").msgstr = said.group(2)
    else:
        po.find("Second part").msgstr = said.group(3)
    path.write_text(dumps(po), encoding="utf-8")
    assert [f for f in checked_json(root) if f["code"] == "frontmatter.toc-anchor"] == []


def checked_json(root: Path) -> list[dict]:
    found: list[dict] = json.loads(cli("-C", root, "check", "-l", "ko", "--format", "json").out)
    return found


def test_json_and_github_formats_carry_the_same_findings(tmp_path: Path) -> None:
    root = project_with(tmp_path, "names", "broken")
    as_json = json.loads(cli("-C", root, "check", "-l", "ko", "--format", "json").out)
    assert as_json[0] == {
        "file": "locale/ko/LC_MESSAGES/names.po",
        "line": 25,
        "msgid_line": 24,
        "severity": "error",
        "code": "glossary.missing",
        "message": "glossary (locale/ko/glossary.po:11): 'TPU' should appear as 'TPU' in the translation",
        "source": "source/en/names.md:7",
        "accept": as_json[0]["accept"],  # the key a maintainer would accept this translation by
    }
    assert len(as_json[0]["accept"]) == 20
    github = cli("-C", root, "check", "-l", "ko", "--format", "github").out.splitlines()
    annotations = [line for line in github if line.startswith("::")]
    assert annotations[0] == (
        "::error file=locale/ko/LC_MESSAGES/names.po,line=25,title=glossary.missing::"
        "glossary (locale/ko/glossary.po:11): 'TPU' should appear as 'TPU' in the translation (source/en/names.md:7)"
    )
    assert len(annotations) == len(as_json)  # fewer than ten per level: one each
    assert len(github) == 2 * len(as_json) + 1  # and each as a log line, and the summary line


def test_select_ignore_and_min_translated(tmp_path: Path) -> None:
    root = project_with(tmp_path, "completeness", "broken")
    only_fuzzy = cli("-C", root, "check", "-l", "ko", "--select", "completeness.fuzzy")
    assert [l.split("[")[-1] for l in only_fuzzy.out.splitlines()[:-1]] == [
        "completeness.fuzzy] (source/en/completeness.md:5)"
    ]
    none = cli("-C", root, "check", "-l", "ko", "--ignore", "completeness", "--strict", "--min-translated", "0")
    assert none.code == 0
    below = cli("-C", root, "check", "-l", "ko", "--min-translated", "75")
    assert below.code == 1
    assert (
        "locale/ko/LC_MESSAGES/completeness.po:1: error: 50.0% of messages translated, fewer than the required 75% [completeness.below-minimum]"
        in below.out
    )


def test_a_catalog_cut_short_counts_what_it_lacks_as_untranslated(tmp_path: Path) -> None:
    """Entries deleted from a catalog (an editor's slip, a bad merge) are English on the
    page: the share translated counts them, in check's gate and in stats."""
    root = project_with(tmp_path, "completeness", "broken")
    before = cli("-C", root, "check", "-l", "ko").out.splitlines()[-1]
    assert before.endswith("; 50.0% translated")
    path = root / "locale" / "ko" / "LC_MESSAGES" / "completeness.po"
    po = polib.pofile(str(path))
    for entry in [e for e in po if e.msgid and not e.translated()]:
        po.remove(entry)
    po.save()
    after = cli("-C", root, "check", "-l", "ko", "--min-translated", "75")
    assert after.code == 1 and after.out.splitlines()[-1].endswith("; 50.0% translated")
    assert "catalog is older than its template" in after.out and "50.0% of messages translated" in after.out
    assert cli("-C", root, "stats", "-l", "ko").out.splitlines()[1].split()[-1] == "50.0%"


@pytest.mark.parametrize("value", ["nan", "150", "-5", "most"])
def test_min_translated_is_a_percentage(tmp_path: Path, value: str) -> None:
    root = project_with(tmp_path, "completeness", "broken")
    result = cli("-C", root, "check", "-l", "ko", "--min-translated", value)
    assert result.code == 2 and result.err.endswith(f"{value!r} is not a percentage from 0 to 100\n")


def test_list_names_every_code(tmp_path: Path) -> None:
    listed = cli("check", "--list").out
    for code in (
        "links.missing",
        "markup.unclosed",
        "structure.changed",
        "typography.particle-space",
        "completeness.stale",
    ):
        assert code in listed


def test_a_suppression_silences_one_check_on_one_entry(tmp_path: Path) -> None:
    root = project_with(tmp_path, "typography", "broken")
    po_path = root / "locale" / "ko" / "LC_MESSAGES" / "typography.po"
    text = po_path.read_text(encoding="utf-8")
    po_path.write_text(
        text.replace(
            "#. paragraph\n#: source/en/typography.md:5",
            "# mdgettext-ignore: typography.final-colon\n#. paragraph\n#: source/en/typography.md:5",
        ),
        encoding="utf-8",
    )
    result = cli("-C", root, "check", "-l", "ko")
    assert "typography.final-colon" not in result.out
    assert "typography.particle-space" in result.out  # the other entries still report


def test_check_without_templates_is_an_input_error(project: Path) -> None:
    (project / "source" / "en" / "a.md").write_text("Text.\n", encoding="utf-8")
    result = cli("-C", project, "check", "-l", "ko")
    assert result.code == 2
    assert "run `mdgettext extract` first" in result.err


# ---------------------------------------------------------------- CommonMark


def findings_for(text: str, transform) -> list:
    doc = segment(text, "example.md")
    po = template([doc], Project("x", "1", "2025-01-01 00:00+0000"))
    for entry in po:
        entry.msgstr = transform(entry.msgid)
    text = dumps(po)
    entries = entries_of(from_po(polib.pofile(text), text), doc)
    return run_checks(entries, Context(language="ja", doc=doc, po_path="example.po"))


def test_identity_translation_of_every_commonmark_example_has_no_findings() -> None:
    noisy = {e["example"]: findings_for(e["markdown"], lambda s: s) for e in EXAMPLES}
    assert {n: f for n, f in noisy.items() if f} == {}


def test_pseudo_translation_findings_are_exactly_where_the_page_really_changes() -> None:
    """Structure findings only where the tag skeleton changes; every such example gets
    a finding. The link finding is real too: in example 568 the pseudo rule itself
    rewrites a reference label, which is exactly what a translator must not do."""
    changed, structure, links, safety, other = set(), set(), set(), set(), set()
    for example in EXAMPLES:
        text, n = example["markdown"], example["example"]
        doc = segment(text, "example.md")
        out = weave(doc, TranslationMap({(s.context, s.msgid): fidelity.pseudo(s.msgid) for s in doc.segments})).text
        if fidelity.skeleton(MD.render(out))[0] != fidelity.skeleton(MD.render(text))[0]:
            changed.add(n)
        for finding in findings_for(text, fidelity.pseudo):
            family = finding.code.split(".")[0]
            {"structure": structure, "links": links, "safety": safety}.get(family, other).add(n)
    # 156-158 left when HTML blocks came to be read as a browser reads them; 491 when the
    # msgid kept the line break inside `<foo⏎bar>` (issue 14)
    assert changed == {568}
    assert structure | links == changed
    assert structure <= changed
    assert links == {568}
    assert safety == KNOWN_SAFETY_REFUSALS - links  # 568's lost link is told once, by the links check
    assert other == set()  # no markup, names or typography findings at all


def test_check_resolves_links_between_chapter_folders_as_the_build_does(project: Path) -> None:
    (project / "source" / "en" / "part1").mkdir()
    (project / "source" / "en" / "part2").mkdir()
    (project / "source" / "en" / "part1" / "intro.md").write_text(
        "Go [on](../../part2/intro#next) or [back](../../part2/intro).\n", encoding="utf-8"
    )
    (project / "source" / "en" / "part2" / "intro.md").write_text("## Next\n\nText.\n", encoding="utf-8")
    cli("-C", project, "extract")
    cli("-C", project, "update", "-l", "ko")
    po_path = project / "locale" / "ko" / "LC_MESSAGES" / "part1" / "intro.po"
    po = polib.pofile(str(po_path))
    po[0].msgstr = "[계속](../../part2/intro#next) 또는 [처음](../part2/intro)."  # one `../` too few
    po.save()
    result = cli("-C", project, "check", "-l", "ko", "--select", "links")
    assert (
        "link ../part2/intro points at a page the book does not have (part1/part2/intro); "
        "the English links to ../../part2/intro" in result.out
    )
    assert "../../part2/intro#next" not in result.out
    cli("-C", project, "build", "-l", "ko", "--format", "html")
    page = (project / "build" / "ko" / "part1" / "intro.html").read_text(encoding="utf-8")
    assert 'href="../part2/intro.html#next"' in page  # the link check accepted is the one the build follows


def translated_and_checked(
    project: Path, catalog: str, translations: dict[int | str, str], select: str, language: str = "ko"
) -> list[dict]:
    """`check --select` on `project` once its sources are extracted and its `catalog`
    (under locale/<language>/LC_MESSAGES) translated: by entry index or by msgid."""
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", language).code == 0
    path = project / "locale" / language / "LC_MESSAGES" / catalog
    po = polib.pofile(str(path))
    for which, msgstr in translations.items():
        (po[which] if isinstance(which, int) else po.find(which)).msgstr = msgstr
    path.write_text(dumps(po), encoding="utf-8")
    command = ("-C", project, "check", "-l", language, "--format", "json", "--select", select)
    found: list[dict] = json.loads(cli(*command).out)
    return found


def checked_one(project: Path, english: str, translation: str, select: str) -> list[dict]:
    """`check --select` on a one-message chapter whose English is `english`, translated as `translation`."""
    (project / "source" / "en" / "a.md").write_text(english, encoding="utf-8")
    return translated_and_checked(project, "a.po", {0: translation}, select)


FIGURE = 'See {{% include figure.liquid path="a.png" caption="{caption}" %}}'


@pytest.mark.parametrize(
    ("english", "korean", "codes"),
    [
        ("It _does_ depend on X.", "실제로 X에 의존한다.", ["markup.emphasis"]),  # an italic worded away: a warning
        ("It _does_ depend on **X**.", "실제로 **X**에 의존한다.", ["markup.emphasis"]),
        ("It depends on X.", "*정말로* X에 의존한다.", ["markup.emphasis"]),  # an italic added
        ("It depends on **X**.", "X에 의존한다.", ["markup.emphasis"]),  # a bold lost
        ("Needs _adds_ and _multiplies_.", "_덧셈_과 _곱셈_이 필요하다.", ["markup.unclosed", "markup.unclosed"]),
        ("Needs _adds_ and _multiplies_.", "*덧셈*과 *곱셈*이 필요하다.", []),  # `*` works inside a word
        ("Call `x` and ``y``.", "``x``와 `y`를 부른다.", []),  # the same code, other backticks
        ("Call `x` and `y`.", "`x`와 `z`를 부른다.", ["markup.code"]),  # one code changed: one finding
        ("Scale by $$N^2$$ here.", "여기서 $N^2$로 늘린다.", []),  # kramdown: both inline
        ("Per device: $$F / (X \\cdot  Y)$$.", "장치마다 $$F / (X \\cdot Y)$$.", []),  # TeX reads two spaces as one
        # delimiters no engine reads, where the English has emphasis: the page shows them
        ("It depends on *X*.", "＊X＊에 의존한다.", ["markup.emphasis"]),  # an IME's full-width asterisks: a character
        ("It depends on *X*.", "\\*X*에 의존한다.", ["markup.unclosed"]),  # an escaped opener
        ("Costs 2\\*3.", "2\\*3이 든다.", []),  # escaped as in the English
        ("It depends on *X* here.", "*X에 의존한다.", ["markup.unclosed"]),  # opened, never closed: `*` shown
        # a tag that only shapes text, added whole and bare, as the reader's engine draws it: a warning
        ("Gathers [S, D] locally.", "[S, D<sub>Y</sub>]를 모은다.", ["markup.html", "markup.html"]),
        ("It depends on X.", "<b>X</b>에 의존한다.", ["markup.html", "markup.html"]),
        ("Line one.", "첫 줄.<br>", ["markup.html"]),
        # kramdown's markdown attribute, the English's own, on a second span: read as Markdown, gone from the page
        (
            'A <span markdown="1">**b**</span> c.',
            '<span markdown="1">**가**</span> <span markdown="1">나</span>.',
            ["markup.html", "markup.html"],
        ),
        ("A b c.", '<span markdown="1">가</span> 나.', ["safety.active-content"]),  # not the English's
        # the English's class-only attribute list written for two words: styled, nothing runs
        ("It _depends_{: .highlight} on X.", "_X_{: .highlight}에 _의존_{: .highlight}한다.", ["markup.emphasis"]),
        ("It _depends_{: .highlight} on X.", "*X*에 의존한다.", []),  # styling dropped: the page reads
        (
            "It _depends_{: .highlight} on X.",
            '_X_{: .highlight}에 _의존_{: onclick="x"}한다.',
            ["markup.emphasis", "safety.active-content"],
        ),
        # left open, with an attribute, or one that is no shape: the safety boundary's
        ("It depends on X.", "<b>X에 의존한다.", ["safety.active-content"]),
        ("It depends on X.", '<b class="x">X</b>에 의존한다.', ["safety.active-content"]),
        ("It depends on X.", "<code>X</code>에 의존한다.", ["safety.active-content"]),
        # a caption is words: translating it is translating; the tag around it is the site's
        (FIGURE.format(caption="A chip"), FIGURE.format(caption="칩 하나") + " 참고.", []),
        (
            FIGURE.format(caption="A chip"),
            FIGURE.replace("a.png", "b.png").format(caption="칩"),
            ["safety.active-content"],
        ),
        (FIGURE.format(caption="A chip"), FIGURE.format(caption="{{ site.x }}"), ["safety.active-content"]),
    ],
)
def test_markup_is_judged_as_the_page_shows_it(project: Path, english: str, korean: str, codes: list[str]) -> None:
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nflavor = "kramdown"\n', encoding="utf-8")
    found = checked_one(project, f"{english}\n", korean, "markup,safety")
    assert [f["code"] for f in found] == codes, found
    # an error refuses the translation, so the page shows the English; a warning does not
    published = cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0 and (
        korean in (project / "build" / "ko" / "a.md").read_text(encoding="utf-8")
    )
    assert published == all(f["severity"] == "warning" for f in found), found


ELSEWHERE = '\n\nThe chapter\'s own note.<d-footnote>A note.</d-footnote> Cited <d-cite key="jouppi2023"></d-cite>.\n'


# What cannot harm the reader, added by a translator (issue 40): a link to a web page and
# the book's own elements its chapter writes elsewhere are published and listed as notes;
# the same elements with an attribute, a key the chapter never cites, or in a chapter
# that has none are refused.
@pytest.mark.parametrize(
    ("chapter", "korean", "codes"),
    [
        (ELSEWHERE, "X에 의존한다.<d-footnote>번역자의 주석.</d-footnote>", ["markup.added"]),
        (ELSEWHERE, 'X에 의존한다 <d-cite key="jouppi2023"></d-cite>.', ["markup.added"]),
        (ELSEWHERE, '<a href="https://colab.google.com/">Colab</a>에서 X에 의존한다.', ["links.added"]),
        ("\n", "X에 의존한다.<d-footnote>번역자의 주석.</d-footnote>", ["safety.active-content"]),
        (ELSEWHERE, 'X에 의존한다.<d-footnote style="position:fixed">주석.</d-footnote>', ["safety.active-content"]),
        (ELSEWHERE, 'X에 의존한다 <d-cite key="unknown2024"></d-cite>.', ["safety.active-content"]),
        # refused: what it adds is not published, so not listed as an addition
        (
            ELSEWHERE,
            '<d-cite key="jouppi2023"></d-cite> X에 의존한다 <d-cite key="unknown2024"></d-cite>.',
            ["safety.active-content"],
        ),
        (ELSEWHERE, "X에 의존한다.<d-footnote>주석이 닫히지 않는다.", ["safety.active-content"]),
        (ELSEWHERE, '<a href="https://colab.google.com/" onclick="x()">Colab</a> X.', ["safety.active-content"]),
    ],
)
def test_a_translator_may_add_what_cannot_harm_the_reader(
    project: Path, chapter: str, korean: str, codes: list[str]
) -> None:
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nflavor = "kramdown"\n', encoding="utf-8")
    found = checked_one(project, f"It depends on X.\n{chapter}", korean, "links,markup,safety")
    assert sorted(f["code"] for f in found) == codes, found
    published = cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code == 0 and (
        korean in (project / "build" / "ko" / "a.md").read_text(encoding="utf-8")
    )
    assert published == all(f["severity"] != "error" for f in found), found


@pytest.mark.parametrize(
    ("heading", "found"),
    [
        ("데이터베이스", [("links.added", "info")]),  # the translated heading's id: the link leads there
        ("Database", [("links.unknown-anchor", "error")]),  # no heading is called so on either page
    ],
)
def test_a_link_to_a_translated_headings_id_leads_to_it(
    project: Path, heading: str, found: list[tuple[str, str]]
) -> None:
    """The translator links `#데이터베이스`, the id their translated heading has where the
    site reads the translation (and beside the English id on the built page): no dead link."""
    (project / "source" / "en" / "a.md").write_text("See the database.\n\n## Database\n", encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    path = project / "locale" / "ko" / "LC_MESSAGES" / "a.po"
    po = polib.pofile(str(path))
    po.find("See the database.").msgstr = "[데이터베이스](#데이터베이스)를 보라."
    po.find("Database").msgstr = heading
    path.write_text(dumps(po), encoding="utf-8")
    checked = json.loads(cli("-C", project, "check", "-l", "ko", "--format", "json", "--select", "links").out)
    assert [(f["code"], f["severity"]) for f in checked] == found, checked


AWS = "https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-profiles.html"
MDN = "https://developer.mozilla.org/en-US/docs/Web/HTTP"


# A link to the page the English links to, in the edition the reader of the catalog's
# language reads (issue 40): the site's own translation beside the English (`x.en.md` ->
# `x.ko.md`, mkdocs-static-i18n), or the same document on the same host with its locale
# put in or swapped. Published (a note for another site's page); anything else as before.
@pytest.mark.parametrize(
    ("english", "korean", "found"),
    [
        # where the translations go to build/ko/, no `x.ko.md` is beside the English: the link breaks
        (
            "[the manifest](../manifest/environment.en.md)",
            "[매니페스트](../manifest/environment.ko.md)",
            [("links.unknown-page", "error")],
        ),
        ("[profiles](AWS)", "[프로필](AWS_KO)", [("links.changed", "info")]),
        ("[HTTP](MDN)", "[HTTP](MDN_KO)", [("links.changed", "info")]),
        ("[profiles](AWS_EN_US)", "[프로필](AWS)", [("links.changed", "info")]),  # the English locale taken out
        ("[profiles](AWS)", "[프로필](AWS_JA)", [("links.changed", "error")]),  # Japanese for a Korean reader
        ("[profiles](AWS)", "[프로필](https://aws.amazon.com/ko/cli/)", [("links.changed", "error")]),  # another host
        ("[profiles](AWS)", "[프로필](AWS_KO_OTHER)", [("links.changed", "error")]),  # another path
        (
            "[the manifest](../manifest/environment.en.md)",
            "[매니페스트](../manifest/environment.ja.md)",
            [("links.unknown-page", "error")],
        ),
        (
            "[the manifest](../manifest/environment.md)",
            "[매니페스트](../ko/manifest/environment.md)",
            [("links.unknown-page", "error")],
        ),
    ],
)
def test_a_link_to_the_readers_edition_of_the_same_page_is_published(
    project: Path, english: str, korean: str, found: list[tuple[str, str]]
) -> None:
    urls = {
        "AWS_EN_US": AWS.replace("/cli/", "/en-us/cli/"),
        "AWS_KO_OTHER": AWS.replace("/cli/", "/ko/cli/").replace("profiles", "files"),
        "AWS_KO": AWS.replace("/cli/", "/ko_kr/cli/"),
        "AWS_JA": AWS.replace("/cli/", "/ja_jp/cli/"),
        "AWS": AWS,
        "MDN_KO": MDN.replace("/en-US/", "/ko/"),
        "MDN": MDN,
    }
    for key, url in urls.items():
        english, korean = english.replace(key, url), korean.replace(key, url)
    english, korean = f"See {english} here.", f"여기서 {korean}를 보라."
    result = checked_one(project, english + "\n", korean, "links")
    assert [(f["code"], f["severity"]) for f in result] == found, [f["message"] for f in result]
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code in (0, 1)
    published = korean in (project / "build" / "ko" / "a.md").read_text(encoding="utf-8")
    assert published == all(severity != "error" for _, severity in found)
    # the reader's page agrees: the same page in the reader's edition loses no link (which
    # file is a page's translation is the project's to say, which the oracle does not read)
    if "://" in english:
        assert (verdicts([(english, korean)], "commonmark", "ko") == [[]]) == published


@pytest.mark.parametrize(
    ("korean", "found"),
    [
        ("[매니페스트](../manifest/environment.ko.md#http)", []),  # the Korean page beside the English one
        ("[매니페스트](../manifest/environment.ja.md#http)", [("links.unknown-page", "error")]),  # the Japanese
        ("[매니페스트](../manifest/environment.ko.md)", [("links.unknown-page", "error")]),  # the heading lost
        ("[매니페스트](../ko/manifest/environment.md#http)", [("links.unknown-page", "error")]),  # no such folder
        # a link of the translator's own, besides the English's: to a page of the book, in Korean
        (
            "[매니페스트](../manifest/environment.en.md#http), [개요](../manifest/environment.ko.md)",
            [("links.added", "info")],
        ),
        (
            "[매니페스트](../manifest/environment.en.md#http), [개요](../manifest/other.ko.md)",
            [("links.unknown-page", "error")],
        ),
    ],
)
def test_a_link_to_the_sites_own_translation_of_a_page_is_published(
    project: Path, korean: str, found: list[tuple[str, str]]
) -> None:
    """mkdocs-static-i18n's suffix layout: `x.ko.md` is the Korean of `x.en.md`, beside it."""
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nsource = "docs"\ninclude = ["**/*.en.md"]\ntranslations = "docs/{stem}.{lang}.md"\n'
        'flavor = "mkdocs"\n',
        encoding="utf-8",
    )
    (project / "docs" / "guide").mkdir(parents=True)
    (project / "docs" / "manifest").mkdir()
    (project / "docs" / "manifest" / "environment.en.md").write_text("# HTTP\n", encoding="utf-8")
    english = "See [the manifest](../manifest/environment.en.md#http) here."
    (project / "docs" / "guide" / "a.en.md").write_text(english + "\n", encoding="utf-8")
    result = translated_and_checked(project, "guide/a.po", {0: f"여기서 {korean}를 보라."}, "links")
    assert [(f["code"], f["severity"]) for f in result] == found, [f["message"] for f in result]
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code in (0, 1)
    published = korean in (project / "docs" / "guide" / "a.ko.md").read_text(encoding="utf-8")
    assert published == all(severity != "error" for _, severity in found)


@pytest.mark.parametrize(
    ("korean", "found"),
    [
        # written from translations/, where the translation is: the English's files
        ("[변경 기록](../CHANGES.md)과 ![로고](../img/logo.png)", []),
        ("[변경 기록](../CHANGES.md#v2)과 ![로고](../img/logo.png)", [("links.unknown-page", "error")]),  # a place
        ("[변경 기록](../NEWS.md)과 ![로고](../img/logo.png)", [("links.unknown-page", "error")]),  # another file
        ("[변경 기록](../../CHANGES.md)과 ![로고](../img/logo.png)", [("links.unknown-page", "error")]),  # outside
        ("[변경 기록](../CHANGES.md)과 ![로고](../img/other.png)", [("links.unknown-page", "error")]),  # another image
    ],
)
def test_a_link_written_from_the_translations_own_folder_is_the_englishs(
    project: Path, korean: str, found: list[tuple[str, str]]
) -> None:
    """A README whose translations are kept in a folder of their own (`translations/README-ko.md`,
    as learn-regex and coding-interview-university keep them): a translator who writes the
    English's `CHANGES.md` as `../CHANGES.md` keeps the link, as GitHub reads it from their file."""
    (project / "pyproject.toml").write_text(
        '[tool.mdgettext]\nsource = "."\ninclude = ["README.md"]\ntranslations = "translations/{stem}-{lang}.md"\n'
        'flavor = "gfm"\n',
        encoding="utf-8",
    )
    (project / "CHANGES.md").write_text("# Changes\n", encoding="utf-8")
    english = "See [the changelog](CHANGES.md) and ![logo](img/logo.png)."
    (project / "README.md").write_text(english + "\n", encoding="utf-8")
    result = translated_and_checked(project, "README.po", {0: f"{korean}을 보라."}, "links,safety")
    assert [(f["code"], f["severity"]) for f in result] == found, [f["message"] for f in result]
    assert cli("-C", project, "-q", "build", "-l", "ko", "--format", "md").code in (0, 1)
    published = korean in (project / "translations" / "README-ko.md").read_text(encoding="utf-8")
    assert published == all(severity != "error" for _, severity in found)


@pytest.mark.parametrize(
    ("heading_ids", "link", "found"),
    [
        ("false", "#1-einfache-muster", []),  # the id GitHub gives the translated heading
        ("false", "#1-basic-matchers", []),  # the English's, kept: the English's link (lost-anchor tells the heading)
        ("false", "#1-einfache", [("links.unknown-anchor", "error")]),  # no heading has it
        # the build keeps the English id, and writes the translated one beside it (an empty
        # <span id>): the link leads there, but it is the English's changed
        ("true", "#1-einfache-muster", [("links.changed", "error")]),
    ],
)
def test_a_link_to_the_id_a_translated_heading_gets_on_its_page_is_kept(
    project: Path, heading_ids: str, link: str, found: list[tuple[str, str]]
) -> None:
    """A README's table of contents, translated (learn-regex's German): where the build
    writes the translated headings without the English's ids, GitHub makes each id of
    the translated words, and the translator's links name those."""
    (project / "pyproject.toml").write_text(
        f'[tool.mdgettext]\nflavor = "gfm"\nheading_ids = {heading_ids}\n', encoding="utf-8"
    )
    english = "- [Basic Matchers](#1-basic-matchers)\n\n## 1. Basic Matchers\n\nText.\n"
    (project / "source" / "en" / "a.md").write_text(english, encoding="utf-8")
    translated = {
        "[Basic Matchers](#1-basic-matchers)": f"[Einfache Muster]({link})",
        "1. Basic Matchers": "1. Einfache Muster",
    }
    result = translated_and_checked(project, "a.po", translated, "links")
    assert [(f["code"], f["severity"]) for f in result if f["code"] != "links.lost-anchor"] == found, result


def test_two_links_to_their_headings_translated_ids_are_each_the_englishs(project: Path) -> None:
    """sdp-zh: `[联合](#联合)和[分片](#分片)` for `[federation](#federation) and
    [sharding](#sharding)`: each link to the id its heading's translation gets, not one
    changed into the other (both are in-page links, alike to the pairing)."""
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nflavor = "gfm"\n', encoding="utf-8")
    english = "Use [federation](#federation) and [sharding](#sharding).\n\n## Federation\n\n## Sharding\n"
    (project / "source" / "en" / "a.md").write_text(english, encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "zh").code == 0
    path = project / "locale" / "zh" / "LC_MESSAGES" / "a.po"
    po = polib.pofile(str(path))
    po.find("Use [federation](#federation) and [sharding](#sharding).").msgstr = "使用[联合](#联合)和[分片](#分片)。"
    po.find("Federation").msgstr = "联合"
    po.find("Sharding").msgstr = "分片"
    path.write_text(dumps(po), encoding="utf-8")
    result = json.loads(cli("-C", project, "check", "-l", "zh", "--format", "json", "--select", "links").out)
    assert [f["code"] for f in result if f["code"] != "links.lost-anchor"] == [], result


# One problem, one finding: a safety reason another family tells better (a link
# dropped, a block added) leaves the safety finding out; an added tag is the safety
# finding's to tell; a reason no other finding tells keeps the safety finding, whole.
@pytest.mark.parametrize(
    ("english", "korean", "codes", "reasons"),
    [
        ("See [the guide](a.md).", "안내를 보라.", ["links.missing"], []),
        (
            "It depends on X.",
            "<code>X</code>에 의존한다.",
            ["safety.active-content"],
            ["adds HTML <code>", "adds HTML </code>"],
        ),
        (
            "See [the guide](a.md).",
            '<img src="x" onerror="y">안내를 보라.',
            ["links.missing", "safety.active-content"],
            ['adds HTML <img onerror="y" src="x">', "drops a Markdown link to 'a.md'"],
        ),
        ("It depends on X here.", "X에\n\n의존한다.", ["structure.changed"], []),
    ],
)
def test_a_safety_reason_another_finding_tells_is_told_once(
    project: Path, english: str, korean: str, codes: list[str], reasons: list[str]
) -> None:
    found = checked_one(project, f"{english}\n", korean, "links,markup,structure,safety")
    assert sorted(f["code"] for f in found) == codes, found
    for reason in reasons:  # each said in the one safety finding
        [message] = [f["message"] for f in found if f["code"] == "safety.active-content"]
        assert reason in message, message


LONG_SUPPRESSION = (
    "mdgettext-ignore: typography.final-colon, typography.speech-level, typography.copied, "
    "names.missing, links.added-anchor"
)


@pytest.mark.parametrize("writer", ["polib", "babel", "poedit-style"])
def test_a_long_suppression_keeps_every_code_when_a_tool_rewraps_it(writer: str) -> None:
    import io
    import textwrap

    import polib
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from mdgettext.po.suppressions import ignored_codes

    codes = {c.strip() for c in LONG_SUPPRESSION.split(":", 1)[1].split(",")}
    if writer == "polib":
        po = polib.POFile(wrapwidth=78)
        po.append(polib.POEntry(msgid="Text", msgstr="글", tcomment=LONG_SUPPRESSION + "\nkept as the seed has it"))
        text = str(po)
    elif writer == "babel":
        catalog = Catalog(locale="ko")
        catalog.add("Text", "글", user_comments=[LONG_SUPPRESSION, "kept as the seed has it"])
        out = io.BytesIO()
        write_po(out, catalog, width=60)
        text = out.getvalue().decode()
        text = str(polib.pofile(text))  # read back as every command reads a catalog
    else:  # a narrow editor that breaks after hyphens too
        lines = textwrap.wrap(LONG_SUPPRESSION, 30, break_on_hyphens=True, break_long_words=False)
        header = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        text = (
            header + "".join(f"# {line}\n" for line in lines) + '# kept as the seed has it\nmsgid "Text"\nmsgstr "글"\n'
        )
    assert sum(line.startswith("# ") for line in text.splitlines()) > 2, "the comment was not re-wrapped"
    [entry] = [e for e in polib.pofile(text) if e.msgid == "Text"]
    assert ignored_codes(entry) == codes


@pytest.mark.parametrize(
    ("korean", "codes"),
    [
        ("첫 줄이다.  \n둘째 줄이다.", []),  # the break kept
        ("첫 줄이다.\\\n둘째 줄이다.", []),  # a backslash break is the same break
        ("첫 줄이다. 둘째 줄이다.", ["structure.changed"]),  # joined: the page runs the lines together
    ],
)
def test_a_hard_line_break_the_english_has_is_kept(project: Path, korean: str, codes: list[str]) -> None:
    found = checked_one(project, "Line one.  \nLine two.\n", korean, "structure")
    assert [f["code"] for f in found] == codes, found
    assert all("with two spaces" in f["message"] for f in found)
