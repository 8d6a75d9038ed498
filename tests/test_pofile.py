"""Tests for mdgettext.pofile: PO files written exactly as GNU msgcat would.

Every catalog built here is written with ``dumps()`` and then checked
against GNU gettext itself: ``msgcat`` must reprint it byte for byte and
``msgfmt --check`` must accept it.  The seeded random strings mix Hangul,
Latin words, URLs, Markdown and punctuation so that the line-breaking
rules (UAX #14, double-width Hangul, escapes at line ends) really get
exercised.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import polib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gettext_tools import assert_msgcat_fixed_point, assert_msgfmt_check
from mdgettext.po import validate
from mdgettext.po.writer import dump_entry, dumps

HEADER = {
    "Project-Id-Version": "mdgettext-test 1.0",
    "Report-Msgid-Bugs-To": "",
    "POT-Creation-Date": "2024-01-01 00:00+0000",
    "PO-Revision-Date": "2024-01-02 00:00+0900",
    "Last-Translator": "Tester <tester@example.com>",
    "Language-Team": "Korean <ko@example.com>",
    "Language": "ko",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
    "Plural-Forms": "nplurals=1; plural=0;",
}

LONG_ENGLISH = (
    "This is a rather long English sentence that certainly does not fit on "
    "a single line of a PO file, so GNU gettext has to wrap it at spaces."
)
LONG_KOREAN = (
    "이 문장은 한국어로 작성된 아주 긴 문장으로, PO 파일의 한 줄에 들어가지 "
    "않기 때문에 GNU gettext가 공백과 한글 음절 사이에서 줄을 나누어야 합니다."
)
KOREAN_NO_SPACES = "가나다라마바사아자차카타파하" * 8
KOREAN_PARTICLES = (
    "GitHub에 저장소를 만들고 API를 호출한 다음 Python으로 스크립트를 "
    "작성하면 README.md에 설명을 추가하고 CI에서 테스트를 실행합니다. "
    "Markdown을 gettext로 번역하면 mdgettext가 PO 파일을 씁니다."
)
LONG_URL = (
    "https://example.com/docs/very/long/path/to/some/page/that/keeps/"
    "going/and/going/index.html?query=value&other=thing#anchor"
)
MARKDOWN = (
    "See **bold text** and *emphasis*, a "
    "[link text](https://example.com/a/b/c) and `inline code` with `a_very_long_identifier_name()`; also "
    '![an image](images/figure-1.png "Title") and <https://example.org/>.'
)
MARKDOWN_KO = (
    "**굵은 글씨**와 *기울임*, [링크 텍스트](https://example.com/a/b/c) 그리고 "
    "`인라인 코드`가 있는 문단입니다. `cargo build --release`를 실행하세요."
)


def _entry(msgid: str, msgstr: str = "", **kwargs: object) -> polib.POEntry:
    """A POEntry, so the tests read like the catalogs they build."""
    return polib.POEntry(msgid=msgid, msgstr=msgstr, **kwargs)


def _catalog(entries: list[polib.POEntry], header: str = "", fuzzy_header: bool = False) -> polib.POFile:
    """A POFile with the Korean test header and the given entries."""
    po = polib.POFile()
    po.header = header
    po.metadata = dict(HEADER)
    po.metadata_is_fuzzy = fuzzy_header
    for entry in entries:
        po.append(entry)
    return po


def _references(entry: polib.POEntry) -> list[tuple[str, str]]:
    """Occurrences as GNU keeps them: no "./", no duplicates."""
    refs: list[tuple[str, str]] = []
    for path, line in entry.occurrences:
        while path.startswith("./"):
            path = path[2:]
        ref = (path, str(int(line)) if str(line).strip() else "")
        if ref not in refs:
            refs.append(ref)
    return refs


def _first_msgstr(entry: polib.POEntry) -> str:
    """GNU drops obsolete entries whose (first) msgstr is empty."""
    if entry.msgid_plural:
        return entry.msgstr_plural.get(0, "")
    return entry.msgstr


def _assert_round_trip(po: polib.POFile, text: str) -> None:
    """polib reads our text back to the same catalog."""
    back = polib.pofile(text)
    assert dict(back.metadata) == dict(po.metadata)
    assert back.header == po.header
    expected = [e for e in po if not e.obsolete or _first_msgstr(e)]
    got = list(back)
    assert [e.msgid for e in got] == (
        [e.msgid for e in expected if not e.obsolete] + [e.msgid for e in expected if e.obsolete]
    )
    by_key = {(e.msgctxt, e.msgid, e.obsolete): e for e in got}
    for want in expected:
        have = by_key[(want.msgctxt, want.msgid, want.obsolete)]
        assert have.msgstr == want.msgstr
        assert have.msgid_plural == want.msgid_plural
        assert have.msgstr_plural == want.msgstr_plural
        if not want.obsolete:  # polib does not read "#~| msgid"
            assert have.previous_msgid == want.previous_msgid
            assert have.previous_msgctxt == want.previous_msgctxt
        assert have.tcomment == want.tcomment
        assert have.comment == want.comment
        assert _references(have) == _references(want)
        wanted_flags = [f for f in want.flags if f != "fuzzy" or _first_msgstr(want)]
        assert sorted(have.flags) == sorted(wanted_flags)


def _check(po: polib.POFile, tmp_path: Path, name: str = "test.po", round_trip: bool = True) -> str:
    """Write *po*, then let GNU gettext (and polib) judge the file."""
    text = dumps(po)
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert "\n\n\n" not in text
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert_msgcat_fixed_point(path)
    assert_msgfmt_check(path)
    if round_trip:
        _assert_round_trip(po, text)
    return text


# ---------------------------------------------------------------------------
# Exact output for small cases: what GNU's layout rules look like.
# ---------------------------------------------------------------------------


def test_short_entry_stays_on_one_line() -> None:
    assert dump_entry(_entry("Hello", "안녕하세요")) == ('msgid "Hello"\nmsgstr "안녕하세요"')


def test_long_string_starts_with_empty_line_and_breaks_after_spaces() -> None:
    lines = dump_entry(_entry(LONG_ENGLISH)).split("\n")
    assert lines[0] == 'msgid ""'
    assert lines[1] == ('"This is a rather long English sentence that certainly does not fit on a "')
    assert all(len(line) <= 79 for line in lines)
    assert lines[-1] == 'msgstr ""'


def test_hangul_counts_two_columns_and_breaks_between_syllables() -> None:
    lines = dump_entry(_entry(KOREAN_NO_SPACES)).split("\n")
    # 38 syllables = 76 columns + 2 quotes: the widest line that fits 79.
    assert lines[1] == '"' + KOREAN_NO_SPACES[:38] + '"'
    assert lines[2] == '"' + KOREAN_NO_SPACES[38:76] + '"'


def test_embedded_newlines_split_lines() -> None:
    assert dump_entry(_entry("one\ntwo\n", "하나\n둘\n")) == (
        'msgid ""\n"one\\n"\n"two\\n"\nmsgstr ""\n"하나\\n"\n"둘\\n"'
    )
    # A single trailing newline alone does not force the empty first line.
    assert dump_entry(_entry("line\n")) == 'msgid "line\\n"\nmsgstr ""'


def test_escapes() -> None:
    text = dump_entry(_entry('tab\there "quoted" back\\slash', "cr\rbell\a"))
    assert text == ('msgid "tab\\there \\"quoted\\" back\\\\slash"\nmsgstr "cr\\rbell\\a"')


def test_comment_order_and_layout() -> None:
    entry = _entry(
        "Text",
        "텍스트",
        msgctxt="ctx",
        tcomment="first\n\nthird",
        comment="extracted one\nextracted two",
        occurrences=[("./src/a.md", "12"), ("b.md", ""), ("src/a.md", "12")],
        flags=["python-format", "fuzzy", "no-such-flag"],
        previous_msgctxt="old ctx",
        previous_msgid="Old text",
    )
    assert dump_entry(entry) == "\n".join(
        [
            "# first",
            "#",
            "# third",
            "#. extracted one",
            "#. extracted two",
            "#: src/a.md:12 b.md",
            "#, fuzzy, python-format",
            '#| msgctxt "old ctx"',
            '#| msgid "Old text"',
            'msgctxt "ctx"',
            'msgid "Text"',
            'msgstr "텍스트"',
        ]
    )


def test_fuzzy_is_dropped_on_untranslated_entries() -> None:
    assert dump_entry(_entry("x", flags=["fuzzy"])) == 'msgid "x"\nmsgstr ""'


def test_references_fill_up_to_79_columns() -> None:
    refs = [(f"chapter_{n:02d}/section.md", str(n * 100)) for n in range(8)]
    lines = dump_entry(_entry("x", occurrences=refs)).split("\n")
    ref_lines = [line for line in lines if line.startswith("#:")]
    assert len(ref_lines) == 4
    assert all(len(line) <= 79 for line in ref_lines)
    assert all(len(a) + len(b.split(" ")[1]) + 1 > 79 for a, b in itertools.pairwise(ref_lines))


def test_obsolete_entry_layout() -> None:
    entry = _entry(
        LONG_KOREAN, "번역", obsolete=True, tcomment="note", flags=["fuzzy", "range: 1..2"], previous_msgid="old"
    )
    lines = dump_entry(entry).split("\n")
    assert lines[:4] == ["# note", "#, fuzzy", '#~| msgid "old"', '#~ msgid ""']
    assert all(line.startswith("#~ ") for line in lines[3:])
    assert all(len(line) <= 79 for line in lines)
    assert dump_entry(_entry("gone", "", obsolete=True)) == ""


def test_header_layout() -> None:
    po = polib.POFile()
    po.header = "Korean translation.\n\nCopyright."
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.metadata_is_fuzzy = True
    po.append(_entry("a", "가"))
    assert dumps(po) == (
        "# Korean translation.\n#\n# Copyright.\n#, fuzzy\n"
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "a"\nmsgstr "가"\n'
    )


def test_previous_context_needs_previous_msgid() -> None:
    entry = _entry("x", "가", flags=["fuzzy"], previous_msgctxt="old")
    assert "#|" not in dump_entry(entry)
    entry.previous_msgid = "y"
    entry.previous_msgid_plural = "ys"
    assert dump_entry(entry).split("\n")[1:4] == ['#| msgctxt "old"', '#| msgid "y"', '#| msgid_plural "ys"']


def test_obsolete_entries_go_last() -> None:
    po = _catalog([_entry("old", "옛", obsolete=True), _entry("new", "새")])
    text = dumps(po)
    assert text.index('msgid "new"') < text.index('#~ msgid "old"')


def test_python_format_directives_are_not_split() -> None:
    msgid = "w" * 60 + " " + "a" * 10 + "%(a-b)s and 50%%"
    text = dump_entry(_entry(msgid, flags=["python-format"]))
    assert '"' + "a" * 10 + '%(a-b)s and 50%%"' in text
    plain = dump_entry(_entry(msgid))
    assert "%(a-" + '"\n"b)s' in plain


# ---------------------------------------------------------------------------
# GNU gettext as the judge.
# ---------------------------------------------------------------------------


def test_basic_catalog(tmp_path: Path) -> None:
    po = _catalog(
        [
            _entry("Hello", "안녕하세요"),
            _entry(LONG_ENGLISH, LONG_KOREAN),
            _entry(KOREAN_NO_SPACES, KOREAN_NO_SPACES[::-1]),
            _entry(KOREAN_PARTICLES, KOREAN_PARTICLES),
            _entry(LONG_URL, LONG_URL),
            _entry(f"Visit {LONG_URL} now.", f"지금 {LONG_URL}을 방문하세요."),
            _entry(MARKDOWN, MARKDOWN_KO),
            _entry("Empty translation"),
        ],
        header="Korean translation for the test book.\n\nSecond paragraph.",
    )
    _check(po, tmp_path)


def test_escapes_and_newlines(tmp_path: Path) -> None:
    po = _catalog(
        [
            _entry("Line one\nLine two\n", "첫째 줄\n둘째 줄\n"),
            _entry('Tabs\tand "quotes" and back\\slashes\\', '탭\t그리고 "따옴표"와 역슬래시\\'),
            _entry("```\ncode block\n```\n", "```\n코드 블록\n```\n"),
            _entry("\n\nleading newlines", "\n\n앞쪽 줄바꿈"),
            _entry(LONG_ENGLISH + "\n" + LONG_ENGLISH + "\n", LONG_KOREAN + "\n" + LONG_KOREAN + "\n"),
            _entry("x" * 74 + '\\"\\\\\n', "가" * 36 + '"\\\n'),
            _entry("\t" * 50 + "tabs", "\t" * 50 + "탭"),
        ]
    )
    _check(po, tmp_path)


def test_context_fuzzy_previous_and_plural(tmp_path: Path) -> None:
    po = _catalog(
        [
            _entry("Open", "열기", msgctxt="menu"),
            _entry("Open", "열린", msgctxt="adjective"),
            _entry("Open", "열기", msgctxt=LONG_ENGLISH),
            _entry(LONG_ENGLISH, LONG_KOREAN, flags=["fuzzy"], previous_msgid=LONG_ENGLISH.replace("rather", "very")),
            _entry("New text", "새 텍스트", flags=["fuzzy"], previous_msgctxt="old", previous_msgid="Old text"),
            _entry(
                "%(n)d file", msgid_plural="%(n)d files", msgstr_plural={0: "파일 %(n)d개"}, flags=["python-format"]
            ),
            _entry(
                "%d item in " + LONG_URL,
                msgid_plural="%d items",
                msgstr_plural={0: "%d개 항목 " + LONG_URL},
                flags=["c-format"],
            ),
        ]
    )
    _check(po, tmp_path)


def test_comments_and_references(tmp_path: Path) -> None:
    refs = [(f"./src/ko/chapter-{n}/{'sub/' * (n % 4)}page-{n}.md", str(n)) for n in range(1, 30)]
    refs += [("no-line-number.md", ""), ("src/ko/chapter-1/page-1.md", "1")]
    po = _catalog(
        [
            _entry(
                "Referenced",
                "참조됨",
                occurrences=refs,
                tcomment="Translator note.\n  indented second line",
                comment="Extracted from the source.\nSecond line: " + LONG_KOREAN,
            ),
            _entry("Paths", "경로", occurrences=[("src/한국어/긴-경로-이름/문서.md", "10"), ("a" * 90 + ".md", "1")]),
        ]
    )
    _check(po, tmp_path)


def test_obsolete_entries(tmp_path: Path) -> None:
    po = _catalog(
        [
            _entry("Live", "살아 있음"),
            _entry(LONG_ENGLISH, LONG_KOREAN, obsolete=True),
            _entry(
                "Obsolete with previous",
                "이전 것",
                obsolete=True,
                flags=["fuzzy"],
                previous_msgid=KOREAN_PARTICLES,
                tcomment="kept comment",
            ),
            _entry(KOREAN_NO_SPACES, KOREAN_PARTICLES + "\n" + MARKDOWN_KO, obsolete=True, msgctxt="context"),
            _entry("Obsolete untranslated", "", obsolete=True),
            _entry("Live again", "다시 살아 있음"),
        ]
    )
    text = _check(po, tmp_path)
    assert "Obsolete untranslated" not in text


def test_flags_are_normalized(tmp_path: Path) -> None:
    po = _catalog(
        [
            _entry("Hi %s", "안녕 %s", flags=["no-wrap", "c-format", "fuzzy"]),
            _entry("%(x)s " + LONG_ENGLISH, "%(x)s " + LONG_KOREAN, flags=["possible-python-format", "range: 1..5"]),
            _entry(LONG_ENGLISH + " no wrap", LONG_KOREAN, flags=["no-wrap"]),
        ]
    )
    text = _check(po, tmp_path, round_trip=False)
    assert "#, fuzzy, c-format, no-wrap\n" in text
    assert "#, python-format, range: 1..5\n" in text
    no_wrap = text[text.index(LONG_ENGLISH + " no wrap") - 7 :]
    assert no_wrap.startswith(f'msgid "{LONG_ENGLISH} no wrap"\n')


# ---------------------------------------------------------------------------
# Many seeded random strings, so every wrapping rule gets its turn.
# ---------------------------------------------------------------------------

_VOCABULARY = [
    "the",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "lazy",
    "dog",
    "Rust",
    "translation",
    "catalog",
    "internationalization",
    "e.g.",
    "i.e.",
    "etc.",
    "한국어",
    "번역",
    "문서를",
    "작성합니다",
    "그리고",
    "파일",
    "저장소",
    "확인",
    "GitHub에",
    "API를",
    "Python으로",
    "README.md를",
    "CI에서",
    "mdgettext가",
    "웹페이지(https://example.com/path)를",
    "대한민국의수도는서울특별시입니다",
    "https://example.com/a/b/c",
    "http://www.gnu.org/software/gettext/",
    "https://docs.rs/polib/latest/polib/struct.POFile.html#method.save",
    "**굵게**",
    "*기울임*",
    "`code`",
    "`some::path::to::Item`",
    "[링크](https://example.com/a/b/c)",
    "![그림](img/a.png)",
    "<br/>",
    "(괄호)",
    "「인용」",
    "“따옴표”",
    "‘작은’",
    "—",
    "–",
    "…",
    "...",
    "·",
    "1,000",
    "3.14",
    "50%",
    "$5",
    "₩1,000",
    "#1",
    "@user",
    "a/b",
    "x-y",
    "foo_bar",
    "--flag",
    "C++",
    "C#",
    "'s",
    ":",
    ";",
    ",",
    "!",
    "?",
    "/",
    "\\",
    '"',
    "'",
    "\t",
    "漢字",
    "テスト",
    "é",
    "naïve",
    "😀",
    "→",
    "（전각）",
    "ＡＢＣ",
    "！",
    "、",
    "。",
    "ｶﾀｶﾅ",
    "e\u0301",
    "\u00a0",
]
_SEPARATORS = ["", " ", " ", " ", " ", "  ", "\n"]


def _random_text(rng: random.Random, words: int) -> str:
    """A string of *words* vocabulary items with mixed separators."""
    return "".join(rng.choice(_VOCABULARY) + rng.choice(_SEPARATORS) for _ in range(words))


def _comment_text(rng: random.Random) -> str:
    """Comment text that GNU and polib both keep as is.

    A line ending in a backslash would be joined with the next line by
    GNU's lexer, and polib strips whitespace at the end of comments.
    """
    text = _random_text(rng, 8).replace("\\", "/")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()


def _match_newlines(msgid: str, msgstr: str) -> str:
    """msgfmt --check wants msgid and msgstr to agree on edge newlines."""
    msgstr = msgstr.strip("\n")
    if msgid.startswith("\n"):
        msgstr = "\n" + msgstr
    if msgid.endswith("\n"):
        msgstr += "\n"
    return msgstr


def _random_catalog(seed: int, count: int) -> polib.POFile:
    """*count* random entries with every feature the writer knows."""
    rng = random.Random(seed)
    entries = []
    for n in range(count):
        msgid = f"{n}: {_random_text(rng, rng.randint(1, 40))}"
        msgstr = ""
        if rng.random() < 0.8:
            msgstr = _match_newlines(msgid, _random_text(rng, rng.randint(1, 40)))
        entry = _entry(msgid, msgstr)
        if rng.random() < 0.15:
            entry.msgctxt = _random_text(rng, rng.randint(1, 8))
        if msgstr and rng.random() < 0.2:
            entry.flags = ["fuzzy"]
            entry.previous_msgid = _random_text(rng, rng.randint(1, 20))
        if rng.random() < 0.2:
            entry.tcomment = _comment_text(rng)
        if rng.random() < 0.2:
            entry.comment = _comment_text(rng)
        if rng.random() < 0.4:
            entry.occurrences = [
                (
                    rng.choice(["./", "", "src/ko/", "book/src/chapter/"]) + f"page_{rng.randint(1, 99)}.md",
                    rng.choice(["", str(rng.randint(1, 9999))]),
                )
                for _ in range(rng.randint(1, 12))
            ]
        if msgstr and rng.random() < 0.1:
            entry.msgid_plural = _random_text(rng, rng.randint(1, 20))
            entry.msgstr_plural = {0: msgstr}
            entry.msgstr = ""
            entry.msgid_plural = _match_newlines(msgid, entry.msgid_plural)
        if entry.previous_msgid is not None and rng.random() < 0.3:
            entry.previous_msgctxt = _random_text(rng, rng.randint(1, 6))
        if msgstr and rng.random() < 0.1:
            entry.obsolete = True
        entries.append(entry)
    return _catalog(entries)


@pytest.mark.parametrize("seed", range(8))
def test_random_strings(tmp_path: Path, seed: int) -> None:
    po = _random_catalog(seed, 80)
    text = _check(po, tmp_path)
    # The wrap rules really ran: long lines were broken, none overflows.
    lines = text.split("\n")
    assert sum(line == 'msgid ""' for line in lines) > 10
    assert all(len(line) <= 79 for line in lines if line.isascii() and not line.startswith(("# ", "#.")))


def test_random_strings_with_format_flags(tmp_path: Path) -> None:
    rng = random.Random(1234)
    directives = {
        "python-format": ["%(name)s", "%(a-b)s", "%%", "%5.2f"],
        "c-format": ["%s", "%+d", "%%", "%'d", "%-5.2lf", "%zu"],
    }
    entries = []
    for n in range(60):
        flag = rng.choice(sorted(directives))
        pool = directives[flag] if flag == "c-format" else (["%(name)s", "%(a-b)s", "%%"])
        parts = [
            rng.choice(pool) if rng.random() < 0.3 else rng.choice(_VOCABULARY).replace("%", "%%")
            for _ in range(rng.randint(5, 40))
        ]
        msgid = f"{n} " + rng.choice(["", " "]).join(parts)
        msgstr = "번역 " + " ".join(parts)
        entries.append(_entry(msgid.replace("\n", " "), msgstr.replace("\n", " "), flags=[flag]))
    _check(_catalog(entries), tmp_path)


def test_wrap_points_column_by_column(tmp_path: Path) -> None:
    """Text that reaches the wrap column at every offset, one column at a
    time: what sits at the overflow point (a space run, an escape, a
    directive, a double-width syllable, an unbreakable word) decides the
    break, and the writer only looks at the text around that point."""
    tails = [
        "b",
        "  cc",
        "\\d",
        '"e"',
        "\tf",
        "%sg",
        "한글",
        "가나다",
        "https://example.com/x/y",
        "(z)",
        "w-x",
        "…",
        "e\u0301 q",
    ]
    entries = []
    for n, tail in enumerate(tails):
        for fill in range(64, 84):
            for head in ("a" * fill, "word " * (fill // 5) + "a" * (fill % 5), "한" * (fill // 2)):
                text = f"{head}{tail} {tail}{head[:9]} end"
                msgstr = text.upper().replace("%S", "%s")
                entries.append(_entry(f"{n} {fill} {text}", msgstr, flags=["c-format"] if "%" in tail else []))
    _check(_catalog(entries), tmp_path, round_trip=False)


# ---------------------------------------------------------------------------
# The helpers themselves.
# ---------------------------------------------------------------------------


def test_helpers_fail_without_gettext(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.po"
    path.write_text('msgid "a"\nmsgstr "b"\n', encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(AssertionError, match="msgcat not found"):
        assert_msgcat_fixed_point(path)
    with pytest.raises(AssertionError, match="msgfmt not found"):
        assert_msgfmt_check(path)


def test_fixed_point_helper_shows_a_diff(tmp_path: Path) -> None:
    path = tmp_path / "x.po"
    path.write_text(f'msgid "{LONG_ENGLISH}"\nmsgstr ""\n', encoding="utf-8")
    expected = r"(?s)^msgcat stdout.*\+msgid \"\""
    with pytest.raises(AssertionError, match=expected):
        assert_msgcat_fixed_point(path)


# PO lines from their parts, well formed and not: an obsolete mark or indentation, a
# keyword (a plural, a misspelling), strings with valid, octal and unknown escapes or
# unclosed, what may end a line (CR, a form feed); comments and conflict markers.
LINE_STARTS = ["", "#~ ", "#~", " ", "\t", "#| ", "\x0c"]
KEYWORDS = ["", "msgid ", "msgstr ", "msgctxt ", "msgid_plural ", "msgstr[0] ", "msgidx ", "msgid", "msgstr\t"]
STRINGS = ['""', '"x"', '"a\\"b"', '"\\n"', '"\\101"', '"\\x41"', '"\\q"', '"\\', '"가\\a"', '"x\x00"', '"x" y', ""]
LINE_ENDS = ["", " ", "\r", "\x0c", "\u2028"]
OTHER_LINES = ["#, fuzzy", "# note", "#", "#~ old", "<<<<<<< ours", "=======", ">>>>>>> theirs", "", "\x00"]
PO_LINES = st.one_of(
    st.tuples(*(st.sampled_from(p) for p in (LINE_STARTS, KEYWORDS, STRINGS, LINE_ENDS))).map("".join),
    st.sampled_from(OTHER_LINES),
)


def test_no_line_read_at_once_is_one_the_line_check_refuses() -> None:
    """Every line the parts make, alone and after a msgid (3,780 each): the regex never
    accepts what the line check refuses."""
    for parts in itertools.product(LINE_STARTS, KEYWORDS, STRINGS, LINE_ENDS):
        for text in ("".join(parts), 'msgid "a"\n' + "".join(parts)):
            if validate.WELL_FORMED.fullmatch(text):
                assert list(validate._line_errors(text)) == [], repr(text)


@given(st.lists(PO_LINES, max_size=10).map("\n".join))
@settings(max_examples=3000, deadline=None)
def test_a_catalog_read_at_once_is_one_the_line_check_accepts(text: str) -> None:
    """validate.check_text skips its line-by-line reading when one regex accepts the
    whole file: that regex must accept nothing the line check would refuse."""
    if validate.WELL_FORMED.fullmatch(text):
        assert list(validate._line_errors(text)) == []


def test_the_catalogs_we_write_are_read_at_once() -> None:
    """The fast path is the common one: a catalog as GNU gettext and our writer lay it out."""
    po = polib.POFile(wrapwidth=79)
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="A " * 60, msgstr='가 "나"\\ ' * 30, comment="a note", flags=["fuzzy"]))
    po.append(polib.POEntry(msgid="gone", msgstr="사라짐", obsolete=True))
    assert validate.WELL_FORMED.fullmatch(dumps(po))
