"""A chapter's BibTeX file is untrusted input: what reaches the references list of
the English and Korean pages, and what the build says about a file or an entry it
cannot use (one warning naming the file and line; the rest of the list stands)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import html5lib

from conftest import cli
from mdgettext.publish.bibliography import EXPANSION_LIMIT, read

CHAPTER = "---\ntitle: Cites\nbibliography: refs.bib\n---\n\nWe cite{cites}.\n"


def built(project: Path, bib: str, keys: list[str], cites: str = "") -> tuple[dict[str, str], str]:
    """The English and Korean pages of a chapter citing `keys` from `bib` (or as `cites`
    writes it), and the build's stderr."""
    cites = cites or "".join(f'<d-cite key="{key}"></d-cite>' for key in keys)
    (project / "source" / "en" / "cites.md").write_text(CHAPTER.format(cites=cites), encoding="utf-8")
    (project / "assets" / "bibliography").mkdir(parents=True)
    (project / "assets" / "bibliography" / "refs.bib").write_text(bib, encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.mdgettext]\nlocales = ["ko"]\n', encoding="utf-8")
    assert cli("-C", project, "-q", "extract").code == 0
    assert cli("-C", project, "-q", "update", "-l", "ko").code == 0
    result = cli("-C", project, "build", "-l", "en", "-l", "ko", "--format", "html")
    assert result.code == 0, result.err
    pages = {lang: (project / "build" / lang / "cites.html").read_text(encoding="utf-8") for lang in ("en", "ko")}
    return pages, result.err


def references(page: str) -> list[str]:
    """The text of each entry of the references list, as a reader sees it."""
    tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    return [
        " ".join("".join(li.itertext()).split())
        for li in tree.iter("li")
        if (li.get("id") or "").startswith("reference-")
    ]


def scheme(url: str) -> str:
    """The scheme a browser reads (WHATWG: tabs and line breaks removed, controls and spaces stripped)."""
    return urlsplit(re.sub("[\t\n\r]", "", url).strip("".join(map(chr, range(0x21))))).scheme.lower()


def hrefs(page: str) -> list[str]:
    tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
    return [a.get("href") or "" for a in tree.iter("a")]


def test_a_reference_url_that_is_not_http_is_never_a_link_and_says_so(project: Path) -> None:
    bib = (
        "@misc{js, title={Script}, url={javascript:alert(1)}}\n"
        "@misc{hp, title={Howpublished}, howpublished={\\url{ JaVaScRiPt:alert(2)}}}\n"
        "@misc{data, title={Data}, url={data:text/html,<script>alert(3)</script>}}\n"
        "@misc{ok, title={Fine}, url={https://example.org/paper}}\n"
    )
    pages, err = built(project, bib, ["js", "hp", "data", "ok"])
    for page in pages.values():
        links = hrefs(page)
        assert {scheme(h) for h in links} <= {"", "https"}, links
        assert "https://example.org/paper" in links
        assert references(page) == ["Script.", "Howpublished.", "Data.", "Fine."]
    told = [line for line in err.splitlines() if "no page links to" in line]
    assert len(told) == 3, err  # each bad entry once: one job builds both pages
    assert any(line.startswith("mdgettext: warning: assets/bibliography/refs.bib:1: the URL of 'js'") for line in told)
    assert any("refs.bib:3: the URL of 'data' is a data: URL" in line for line in told)


def test_one_period_after_et_al_and_after_a_title_that_asks(project: Path) -> None:
    bib = "@misc{many, title={Is it all you need?}, author={A, B and C, D and E, F and G, H and I, J and K, L and M, N}}\n"
    pages, _ = built(project, bib, ["many"])
    assert references(pages["en"]) == ["B A, D C, F E et al. Is it all you need?"]


def test_one_bad_author_field_is_a_warning_for_that_reference_and_the_list_stands(project: Path) -> None:
    bib = (
        "@misc{bad, title={Bad Names}, author={Smith, John, Jr, Extra}, year=2021}\n"
        "@misc{good, title={Good}, author={Pope, Reiner}, year=2022}\n"
    )
    pages, err = built(project, bib, ["bad", "good"])
    assert references(pages["ko"]) == ["Bad Names. 2021.", "Reiner Pope. Good. 2022."]
    told = [line for line in err.splitlines() if "author field" in line]
    assert told and all(
        line.startswith("mdgettext: warning: assets/bibliography/refs.bib:1: cannot read the author field of 'bad'")
        for line in told
    ), err


def test_an_entry_pybtex_cannot_read_is_a_warning_with_its_line_and_the_next_entries_are_read(project: Path) -> None:
    bib = "@misc{first, title={First}}\n\n@misc{broken, title={Broken}, year 2020}\n@misc{after, title={After}}\n"
    pages, err = built(project, bib, ["first", "broken", "after"])
    assert references(pages["en"]) == ["First.", "Broken.", "After."]  # what could be read of it
    assert "warning: assets/bibliography/refs.bib:3: cannot read the entry 'broken': syntax error: '=' expected" in err


def test_doubling_string_macros_are_refused_within_the_budget(project: Path) -> None:
    doubling = "\n".join(
        ['@string{s0 = "0123456789"}', *(f"@string{{s{i} = s{i - 1} # s{i - 1}}}" for i in range(1, 40))]
    )
    pages, err = built(project, f"{doubling}\n@misc{{a, title=s39}}\n", ["a"])
    told = [line for line in err.splitlines() if "@string macros" in line]
    assert told and told[0].startswith("mdgettext: warning: assets/bibliography/refs.bib:"), err
    assert "expand to more than" in told[0]
    assert references(pages["en"]) == ["a"]  # the key, as for a file that cannot be read


def test_macros_within_the_budget_are_expanded() -> None:
    bib = read(
        '@string{j = "Journal of " # "Tests"}\n@article{x, title={X}, journal=j # ", vol. 2", month=nov}\n', "r.bib"
    )
    assert bib.entries["x"].venue == "Journal of Tests, vol. 2" and not bib.error
    assert EXPANSION_LIMIT >= 100_000  # a real file's macros (months, journals) are far below it


def test_a_citation_inside_a_note_is_a_numbered_link_in_the_note_and_the_list_stands(project: Path) -> None:
    bib = "@misc{inner, title={Inner}}\n@misc{outer, title={Outer}}\n"
    cites = (
        'A claim<d-footnote>As shown in <d-cite key="inner"></d-cite>.</d-footnote> and <d-cite key="outer"></d-cite>'
    )
    pages, _ = built(project, bib, [], cites)
    for page in pages.values():
        assert "d-cite" not in page and "d-footnote" not in page
        tree = html5lib.parse(page, treebuilder="etree", namespaceHTMLElements=False)
        [note] = [li for li in tree.iter("li") if li.get("id") == "note-1"]
        assert [a.get("href") for a in note.iter("a") if a.get("role") == "doc-biblioref"] == ["#reference-1"]
        assert references(page) == ["Inner.", "Outer."]


def test_notes_never_closed_are_left_as_written_and_citations_after_them_still_count() -> None:
    from mdgettext.markdown.flavors import KRAMDOWN
    from mdgettext.publish import body, notes

    text = (
        "A " + "<d-footnote>open " * 2000 + '<d-cite key="k"></d-cite>.\n\n<div>' + "<d-footnote>b " * 2000 + "</div>\n"
    )
    fragment = body.render(text, [], (), body.Rendering(KRAMDOWN))
    assert fragment.notes.notes == () and fragment.notes.cited == ("k",)
    assert fragment.body.count("<d-footnote>") == 4000
    review = notes.inline_notes("&lt;d-footnote&gt;x " * 2000 + "&lt;d-footnote&gt;y&lt;/d-footnote&gt;", "Note")
    assert review.count('class="inline-note"') == 1 and review.count("&lt;d-footnote&gt;") == 2000  # the first pairs
