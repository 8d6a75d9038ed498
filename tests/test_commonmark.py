"""Fidelity over the 652 CommonMark spec examples (data/commonmark/).

Identity translation must give back every byte; pseudo translation (prose letters
accented, markup left alone: see fidelity.py) must keep the HTML tag skeleton,
every line that holds nothing to translate, and leave no English prose behind.
Both are measured on the pipeline's functions here, and once more end to end
through the command line, as a project with one chapter per example.
"""

from __future__ import annotations

import re

import polib
import pytest

import fidelity
from conftest import EXAMPLES, MD, REPO, cli, span_text
from mdgettext.markdown.segment import segment
from mdgettext.markdown.weave import weave
from mdgettext.model import TranslationMap


def translate(text: str, transform) -> str:
    doc = segment(text, "example.md")
    return weave(doc, TranslationMap({(s.context, s.msgid): transform(s.msgid) for s in doc.segments})).text


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"ex{e['example']:04d}")
def test_identity_translation_gives_back_every_byte(example: dict) -> None:
    text = example["markdown"]
    assert fidelity.same_up_to_folds(fidelity.marked_identity(segment(text, "example.md")), text)


def pseudo_scores(examples: list[dict], translated: dict[int, str]) -> dict[str, object]:
    """The pseudo-translation measures, given each example's translated Markdown."""
    skeleton_kept, lines_kept, offered, left = [], [], 0, 0
    for example in examples:
        text, out = example["markdown"], translated[example["example"]]
        tags, visible = fidelity.skeleton(MD.render(text))
        out_tags, out_visible = fidelity.skeleton(MD.render(out))
        if out_tags == tags:
            skeleton_kept.append(example["example"])
        if fidelity.keeps_in_order(fidelity.untouched_lines(text), out):
            lines_kept.append(example["example"])
        unreachable = fidelity.letters(fidelity.skeleton(MD.render(fidelity.pseudo(text)))[1])
        offered += fidelity.letters(visible) - unreachable
        left += max(fidelity.letters(out_visible) - unreachable, 0)
    return {"skeleton": skeleton_kept, "lines": lines_kept, "coverage": 1 - left / offered}


def test_pseudo_translation_keeps_structure_and_untouched_lines() -> None:
    translated = {e["example"]: translate(e["markdown"], fidelity.pseudo) for e in EXAMPLES}
    scores = pseudo_scores(EXAMPLES, translated)
    changed = sorted({e["example"] for e in EXAMPLES} - set(scores["skeleton"]))
    assert changed == KNOWN_SKELETON_CHANGES
    lost = sorted({e["example"] for e in EXAMPLES} - set(scores["lines"]))
    assert lost == [KNOWN_LINE_MISS]
    assert scores["coverage"] == 1.0
    multi_block = [
        s.msgid
        for e in EXAMPLES
        for s in segment(e["markdown"], "x.md").segments
        if fidelity.top_level_blocks(MD, s.msgid) > 1
    ]
    assert multi_block == []


def test_the_command_line_round_trip_over_every_example(tmp_path) -> None:
    """extract, update, fill the catalogs, build: as a project with the examples as chapters."""
    root = tmp_path / "book"
    (root / "source" / "en").mkdir(parents=True)
    for example in EXAMPLES:
        (root / "source" / "en" / f"ex{example['example']:04d}.md").write_text(
            example["markdown"], encoding="utf-8", newline=""
        )
    assert cli("-C", root, "-q", "extract").code == 0
    assert cli("-C", root, "-q", "update", "-l", "fr").code == 0
    marked = lambda s: fidelity.MARK + s + fidelity.MARK  # noqa: E731 (identity that replaces every span)
    for transform, name in ((marked, "identity"), (fidelity.pseudo, "pseudo")):
        for po_path in (root / "locale" / "fr" / "LC_MESSAGES").glob("*.po"):
            po = polib.pofile(str(po_path))
            for entry in po:
                entry.msgstr = transform(entry.msgid)
            po.save()
        result = cli("-C", root, "-q", "build", "-l", "fr", "--format", "md")
        assert result.code == 0, result.err
        built = {
            e["example"]: (root / "build" / "fr" / f"ex{e['example']:04d}.md").read_text(encoding="utf-8")
            for e in EXAMPLES
        }
        if name == "identity":
            assert all(text.count(fidelity.MARK) % 2 == 0 for text in built.values())
            unmarked = {n: text.replace(fidelity.MARK, "") for n, text in built.items()}
            assert [
                n for n, text in unmarked.items() if not fidelity.same_up_to_folds(text, EXAMPLES[n - 1]["markdown"])
            ] == []
            # a word joiner is a character to Markdown: a delimiter or a line start next to it reads otherwise, and
            # the safety check refuses that translation (the English, the same bytes, is published): the rest is
            refused = sum(int(n) for n in re.findall(r"(\d+) translations? refused", result.err))
            assert 0 < refused < 100, result.err
            marks = sum(text.count(fidelity.MARK) for text in built.values())
            assert marks == 2 * (sum(len(segment(e["markdown"], "x.md").segments) for e in EXAMPLES) - refused)
        else:  # what check reports as an error is refused: every page keeps its skeleton
            scores = pseudo_scores(EXAMPLES, built)
            assert len(scores["skeleton"]) == len(EXAMPLES)
            refused = {int(n) for n in re.findall(r"LC_MESSAGES/ex(\d{4})\.po: \d+ translations? refused", result.err)}
            assert refused == set(KNOWN_SKELETON_CHANGES) | KNOWN_SAFETY_REFUSALS, result.err
            published = [e for e in EXAMPLES if e["example"] not in refused]
            assert pseudo_scores(published, built)["coverage"] == 1.0  # the rest is all translated


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"ex{e['example']:04d}")
def test_every_span_holds_exactly_its_msgid(example: dict) -> None:
    """The identity round trip cannot see a misplaced span (an identical translation
    leaves the source alone), so the spans themselves are checked."""
    doc = segment(example["markdown"], "example.md")
    for seg in doc.segments:
        held = span_text(doc, seg)
        assert held is None or held == seg.msgid, (seg.location, seg.msgid, held)


# Reviewed by hand, one by one:
# - 568: `[foo](not a link)` renders the shortcut reference `[foo]`, whose text is its
#   label: accenting it breaks the reference, as translating it would.
# (491, `[link](<foo⏎bar>)`, was one: the msgid folded the break inside the tag
# `<foo⏎bar>` into `[link](<foo bar>)`, a link; the break is now kept. 156-158, an
# HTML block whose first line is a tag the browser never finishes (`<div id="foo"`),
# left this list when HTML blocks came to be read as a browser reads them: the
# unfinished tag swallows the rest of the block, so nothing in it is prose.)
KNOWN_SKELETON_CHANGES = [568]
# The pseudo rule changes text CommonMark reads as text, where another reader of the
# same text (a browser reading it raw, kramdown reading a link) sees markup; the
# safety check reads every reader's view, so it refuses these, reviewed one by one: an
# escaped tag `\<br/>` (14); an unfinished tag `<a title="a lot` (91); text after `](`
# that is no link for CommonMark (497); autolink-like and tag-like text that is no
# autolink or tag (494, 602, 609, 610, 621); and 568, whose pseudo translation rewrites
# a reference label and so drops its link. Not refused, checked with kramdown and
# markdown-it: `]:` inside a line and `] (` (213, 511, 547, 548, 551, 590: no reader
# makes a definition or link of them), and `<` inside a code span (345: code to all).
KNOWN_SAFETY_REFUSALS = {14, 91, 494, 497, 568, 602, 609, 610, 621}
KNOWN_LINE_MISS = 177  # `<!-- foo -->*bar*`: the text after the comment is prose, and offered


def test_the_marked_identity_figures_in_the_docs_are_measured() -> None:
    """docs/development.md states how many examples come back byte for byte: counted here."""
    outs = [(fidelity.marked_identity(segment(e["markdown"], "x.md")), e["markdown"]) for e in EXAMPLES]
    exact = sum(out == text for out, text in outs)
    folded = sum(out != text and fidelity.same_up_to_folds(out, text) for out, text in outs)
    docs = (REPO / "docs" / "development.md").read_text(encoding="utf-8")
    stated = (
        f"marked identity: {exact + folded}/{len(EXAMPLES)} ({exact} byte for byte, {folded} up to folded whitespace)"
    )
    assert stated in " ".join(docs.split())
