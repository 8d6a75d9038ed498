"""A translation's formulas never reach outside math: tried end to end, every route.

Each case of `fixtures/math/cases.yaml` translates one message of
`fixtures/math/chapter.md` (one chapter per case, in one kramdown project, as the
book is). For every hostile case: `check --strict` reports safety.active-content
on it, saying why, even when every code is silenced by mdgettext-ignore comments;
the build publishes the English; and the built page holds no element or attribute
outside MathML Core's allow-list, nothing `oracle.py` calls active, and no payload.
Benign cases (translated `\\text{…}` words, delimiters, a formula changed or
dropped, which the page survives) are published. The same payload through `import` and `serve`, the
publisher's own judge of latex2mathml's output, and Chromium close the list.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import html5lib
import polib
import pytest
import yaml

import oracle
from browser import Browser, chromium_or_skip
from conftest import FIXTURES, cli
from mdgettext.checks import CODES, budget
from mdgettext.checks.safety import CODE, unsafe_reasons
from mdgettext.publish import mathml, mathml_judge

MATH = FIXTURES / "math"
CORPUS = yaml.safe_load((MATH / "cases.yaml").read_text(encoding="utf-8"))
MESSAGES: dict[str, str] = CORPUS["messages"]
CASES: list[dict] = CORPUS["cases"]
HOSTILE = [case for case in CASES if case["class"] != "benign"]
BENIGN = [case for case in CASES if case["class"] == "benign"]
ENGLISH = "english"
SETTINGS = '[tool.mdgettext]\nlocales = ["ko"]\nflavor = "kramdown"\nheading_ids = true\n'
PAYLOADS = ("onerror", "javascript:", "position:fixed", "plaintext", "<!--", "99999em", "toc")
MATHML = "{http://www.w3.org/1998/Math/MathML}"


@dataclass
class Built:
    root: Path
    build_err: str
    findings: list[dict]  # check --strict with every code silenced by a comment

    def page(self, chapter: str) -> str:
        """The built page, its own name put aside, so any two pages compare."""
        text = (self.root / "build" / "ko" / f"{chapter}.html").read_text(encoding="utf-8")
        return text.replace(f"{chapter}.", "CHAPTER.").replace(f"/{chapter}", "/CHAPTER")


def project(root: Path, chapters: list[str]) -> None:
    (root / "source" / "en").mkdir(parents=True)
    (root / "pyproject.toml").write_text(SETTINGS, encoding="utf-8")
    chapter = (MATH / "chapter.md").read_text(encoding="utf-8")
    for name in chapters:
        (root / "source" / "en" / f"{name}.md").write_text(chapter, encoding="utf-8")
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "ko").code == 0


def translate(root: Path, chapter: str, translations: dict[str, str], silence: bool = False) -> None:
    path = root / "locale" / "ko" / "LC_MESSAGES" / f"{chapter}.po"
    po = polib.pofile(str(path))
    for name, msgstr in translations.items():
        po.find(MESSAGES[name]).msgstr = msgstr
    if silence:
        for entry in po:
            entry.tcomment = "\n".join(f"mdgettext-ignore: {code}" for code in sorted(CODES))
    po.save()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    root = tmp_path_factory.mktemp("math") / "book"
    project(root, [ENGLISH, *(case["id"] for case in CASES)])
    for case in CASES:
        translate(root, case["id"], case["translate"], silence=True)
    build = cli("-C", root, "build", "-l", "ko")
    assert build.code == 0, build.err
    checked = cli("-C", root, "check", "-l", "ko", "--strict", "--format", "json")
    return Built(root, build.err, json.loads(checked.out))


def mathml_problems(page: str) -> list[str]:
    """Every element and attribute inside a <math> that MathML Core's allow-list lacks,
    and every token element holding an element, as html5lib (the browser's parser) reads the page."""
    tree = html5lib.parse(page, namespaceHTMLElements=True)
    found = []
    for math in tree.iter(f"{MATHML}math"):
        for element in math.iter():
            name = str(element.tag).removeprefix(MATHML)
            if not str(element.tag).startswith(MATHML) or name not in mathml_judge.ELEMENTS:
                found.append(f"<{element.tag}> inside <math>")
                continue
            for key, value in element.attrib.items():
                if key not in mathml_judge.WORDS and not (str(key).endswith("xmlns") and name == "math"):
                    found.append(f"<{name} {key}={value!r}>")
            if name in mathml_judge.TOKENS and len(element):
                found.append(f"<{name}> holds <{element[0].tag}>")
    return found


def test_the_corpus_names_real_messages_and_every_kind_of_case() -> None:
    from mdgettext.markdown.segment import segment

    msgids = {seg.msgid for seg in segment((MATH / "chapter.md").read_text(encoding="utf-8"), "chapter.md").segments}
    assert set(MESSAGES.values()) <= msgids
    assert {case["class"] for case in CASES} == {"text", "added", "delimiters", "note", "benign"}
    assert len({case["id"] for case in CASES}) == len(CASES)


def over_budget(case: dict) -> bool:
    """Whether the case's translation is too much to read at all (`checks/budget.py`),
    so the budget, not the formula judge, is the one that refuses it."""
    return any(budget.excess(MESSAGES[name], msgstr) for name, msgstr in case["translate"].items())


@pytest.mark.parametrize("case", HOSTILE, ids=lambda case: case["id"])
def test_every_hostile_formula_is_a_safety_error_no_comment_silences(case: dict, built: Built) -> None:
    po = f"locale/ko/LC_MESSAGES/{case['id']}.po"
    code, why = (budget.CODE, "any translation needs") if over_budget(case) else (CODE, case["why"])
    safety = [f for f in built.findings if f["file"] == po and f["code"] == code]
    assert len(safety) == 1 and safety[0]["severity"] == "error", [f for f in built.findings if f["file"] == po]
    assert why in safety[0]["message"]
    said = [line for line in built.build_err.splitlines() if f"{po}:" in line]
    assert any("refused" in line for line in said) and any(f"[{code}]" in line for line in said), said


@pytest.mark.parametrize("case", [case for case in HOSTILE if over_budget(case)], ids=lambda case: case["id"])
def test_a_formula_the_budget_refuses_is_refused_by_the_formula_judge_too(case: dict) -> None:
    """Two locks on one door: were the budget's bounds raised, the formula judge
    still says why this translation may not reach the page."""
    from mdgettext.markdown.segment import segment

    notes = {
        seg.msgid: seg.comments
        for seg in segment((MATH / "chapter.md").read_text(encoding="utf-8"), "chapter.md").segments
    }
    for name, msgstr in case["translate"].items():
        reasons = unsafe_reasons(MESSAGES[name], msgstr, notes=notes[MESSAGES[name]])
        assert any(case["why"] in reason.text for reason in reasons), reasons


NUM_PARAMS = "Training costs $6 \\cdot \\text{num_params} \\cdot \\text{num_tokens}$ FLOPs."


@pytest.mark.parametrize(
    ("korean", "refused"),
    [
        # the English's own `\text{num_params}` (an underscore: not plain words), in a formula written otherwise
        ("학습 비용은 $6 \\text{num_params} \\times \\text{num_tokens}$ FLOPs이다.", False),
        ("학습 비용은 $6 \\cdot \\text{매개변수 수} \\cdot \\text{num_tokens}$ FLOPs이다.", False),
        # a `\text{…}` the English does not have, with more than words in it
        ("학습 비용은 $6 \\text{num_layers} \\times \\text{num_tokens}$ FLOPs이다.", True),
        ("학습 비용은 $6 \\cdot \\text{a<b} \\cdot \\text{num_tokens}$ FLOPs이다.", True),
    ],
)
def test_a_text_the_english_has_may_stand_in_a_formula_written_otherwise(korean: str, refused: bool) -> None:
    """Issue 40: a `\\text{…}` the English's formula holds, as the author wrote it, is not
    "more than plain words" in the translator's formula; one the English lacks still is."""
    reasons = unsafe_reasons(NUM_PARAMS, korean)
    assert any("more than plain words" in r.text for r in reasons) is refused, reasons


@pytest.mark.parametrize("case", BENIGN, ids=lambda case: case["id"])
def test_a_benign_formula_is_published(case: dict, built: Built) -> None:
    po = f"locale/ko/LC_MESSAGES/{case['id']}.po"
    assert [f for f in built.findings if f["file"] == po and f["code"] == CODE] == []
    assert f"{po}: 1 translation refused" not in built.build_err
    [korean] = case["translate"].values()
    assert all(word in built.page(case["id"]) for word in re.findall("[\uac00-\ud7a3]+", korean))  # Hangul words


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["id"])
def test_the_page_holds_only_allowed_mathml_and_nothing_active(case: dict, built: Built) -> None:
    page = built.page(case["id"])
    assert mathml_problems(page) == []
    assert oracle.introduced(built.page(ENGLISH), page) == []
    if case["class"] != "benign":
        assert built.page(ENGLISH) == page
        assert not [p for p in PAYLOADS if p in page and p not in built.page(ENGLISH)]


def test_an_imported_payload_is_doubtful_and_never_published(tmp_path: Path) -> None:
    """A translated Markdown file carrying the payload: import keeps it awaiting review
    with its reason, and the build, which publishes such entries, refuses this one."""
    root = tmp_path / "book"
    project(root, ["conclusion"])
    payload = CASES[0]["translate"]["thanks"]
    korean = (MATH / "chapter.md").read_text(encoding="utf-8").replace(MESSAGES["thanks"], payload)
    (root / "ko").mkdir()
    (root / "ko" / "conclusion.md").write_text(korean, encoding="utf-8")
    imported = cli("-C", root, "import", "-l", "ko", "ko/conclusion.md")
    assert imported.code == 0, imported.err
    assert "its formulas are not the English's" in imported.out and "more than plain words" in imported.out
    path = root / "locale" / "ko" / "LC_MESSAGES" / "conclusion.po"
    entry = polib.pofile(str(path)).find(MESSAGES["thanks"])
    assert entry.msgstr == payload and not entry.fuzzy and "import: " in entry.tcomment  # awaiting review, published
    build = cli("-C", root, "build", "-l", "ko")
    assert build.code == 0 and "refused, the English is used" in build.err
    page = (root / "build" / "ko" / "conclusion.html").read_text(encoding="utf-8")
    assert "onerror" not in page and mathml_problems(page) == []


def test_the_live_preview_rebuilds_without_the_payload(tmp_path: Path) -> None:
    from mdgettext.commands.serve import Preview
    from mdgettext.commands.terminal import Reporter
    from mdgettext.project import load_config

    root = tmp_path / "book"
    project(root, ["conclusion"])
    translate(root, "conclusion", CASES[0]["translate"], silence=True)
    preview = Preview(load_config(root), ["ko"], Reporter(quiet=True))
    preview.rebuild("a catalog changed")
    assert preview.error == ""
    page = (root / "build" / "ko" / "conclusion.html").read_text(encoding="utf-8")
    assert "onerror" not in page and "T_" not in page and mathml_problems(page) == []
    assert "Thank you all!" in page  # the English, in place of the refused translation


# ---------------------------------------------------------------- the publisher's own judge

# TeX that reaches the typesetter as if every check had let it through.
NESTED = r"\def\a{x}" + "".join(rf"\def\{c}{{\{p}\{p}}}" for p, c in zip("abcdefghij", "bcdefghijk", strict=True))
RAW = {
    r"T_\text{<img src=x onerror=document.title='pwned'>}": "",  # escaped text: shown, harmless
    r"\unicode{<img src=x onerror=document.title='pwned'>}": "",
    r"\text{</p><plaintext>}": "",
    r"\text{<!--}": "",
    r"\href{javascript:document.title='pwned'}{x}": "href=",
    r"\style{position:fixed;inset:0}{x}": "style=",
    r"\class{toc}{x}": "class=",
    r"\rule{99999em}{99999em}": "larger than 20em",
    NESTED + r"\k": "uses another",  # 2^10 x: expands far beyond its text
    "x+" * 2100 + "x": "longer than 4000",
}


@pytest.mark.parametrize("tex", RAW, ids=range(len(RAW)))
def test_the_typesetter_publishes_only_allowed_mathml_or_escaped_tex(tex: str, monkeypatch: pytest.MonkeyPatch) -> None:
    why = RAW[tex]
    if why in ("uses another", "longer than 4000"):  # refused unread: latex2mathml never sees it
        monkeypatch.setattr(mathml, "convert_to_element", lambda *a, **k: pytest.fail("converted"))
    told: list[str] = []
    page = oracle.page(mathml.typeset(f"<p>see ${html.escape(tex)}$ here</p>", told))  # as the page has it
    assert mathml_problems(page) == []
    assert oracle.introduced(oracle.page("<p>see here</p>"), page) == []
    assert "<img" not in page and "<plaintext" not in page and "<!--" not in page
    assert (why in told[0]) if why else told == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium_or_skip() as session:
        yield session


def test_no_formula_runs_script_in_chromium(browser: Browser, built: Built, tmp_path: Path) -> None:
    """The built page of the worst case, and a page the typesetter made of every raw
    payload above: the document's title stays its own, no link leads to javascript:."""
    raw = tmp_path / "raw.html"
    raw.write_text(oracle.page(mathml.typeset("".join(f"<p>${html.escape(tex)}$</p>" for tex in RAW))), "utf-8")
    for page in (built.root / "build" / "ko" / "text-img.html", raw):
        browser.open(page, 1280)
        title = browser.js("return new Promise(done => setTimeout(() => done(document.title), 300))")
        assert title != "pwned"
        links = browser.js("return [...document.querySelectorAll('[href]')].map(e => e.getAttribute('href'))")
        assert not [href for href in links if href.strip().lower().startswith("javascript:")]
