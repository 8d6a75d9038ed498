"""Markup: code, math, Liquid, footnote references and inline HTML survive translation,
and emphasis still closes.

An error is for what breaks the reader's page: a Liquid tag, a footnote or an element
lost or changed, a delimiter the page shows as text, a formula that does not set.
What a translator may rightly change is a warning to look at: code spans (units
translated inside them, quotes fixed), formulas (prose written as math, math as
prose, the English's newer formula), emphasis added, dropped or repaired, and the
tags that only shape text (`<b>`, `<sub>`).
Long because every kind of inline markup is compared from the one inventory of both
texts; split by kind, each part would take the inventory apart again.

An emphasis delimiter that cannot open or close stays literal on the page, and
why depends on who reads the Markdown. CommonMark closes `**` after punctuation
only when a space or punctuation follows, so `**마크다운(Markdown)**을` stays literal
there (a particle is a letter); kramdown, which the book's site runs, bolds it and
fails only on a delimiter with a space on the wrong side (`** 마무리`). The finding
names the rule that applies to the project and how to fix the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from mdgettext.checks import tex
from mdgettext.checks.allowlist import addition
from mdgettext.checks.entry import Context, Entry, Family, difference, edits
from mdgettext.checks.formulas import free
from mdgettext.markdown.closing import closed
from mdgettext.markdown.inline import Inventory, Tag
from mdgettext.markdown.mathtext import shortened, words_aside
from mdgettext.markdown.tagtext import prose_aside
from mdgettext.model import Diagnostic, Severity

CODES = {
    "markup.code": "a code span differs from the source",
    "markup.math": "inline math differs from the source",
    "markup.formula": "a formula of the translation does not set (a TeX error, or words set as math)",
    "markup.liquid": "a Liquid tag differs from the source",
    "markup.footnote": "a footnote reference differs from the source",
    "markup.html": "an inline HTML tag (name or attributes) differs from the source",
    "markup.emphasis": "the translation has a different number of emphasis or strong spans",
    "markup.unclosed": "an emphasis delimiter in the translation does not open or close",
    "markup.left-open": "an inline HTML element the translation opens is never closed (kramdown closes it, "
    "and so does the build)",
    "markup.added": "the translation adds one of the book's own elements its chapter writes (a `<d-footnote>`, a "
    "`<d-cite>` of a key the chapter cites): a note, it is published as an addition",
}
PARTS = (
    ("code", "markup.code", "code span"),
    ("math", "markup.math", "math"),
    ("liquid", "markup.liquid", "Liquid tag"),
    ("footnotes", "markup.footnote", "footnote reference"),
    ("tags", "markup.html", "HTML tag"),
)
# Where an inventory lists each part as written: empty on both sides, the part is kept.
WRITTEN = {"code": "code", "math": "math", "liquid": "liquid", "footnotes": "footnotes", "tags": "html"}
# Parts a translator may rightly change: the page still reads (a warning to look at).
FREE_PARTS = frozenset({"code", "math"})
# Tags that only shape text: a language may need more or fewer of them.
PRESENTATIONAL = frozenset("b strong i em u s del ins mark small sub sup span br wbr".split())
TAG_NAME = re.compile(r"</?([A-Za-z][\w-]*)")
SHOWN = "*_`"  # delimiters a page shows as text when they open or close nothing
# words inside a part that a translation translates: compared with them written as `…`
ASIDE: dict[str, Callable[[str], str]] = {"math": words_aside, "liquid": prose_aside}
DELIMITER_RUN = re.compile(r"(?<![\\*_])(\*+|_+)")


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Code, math, Liquid, footnote references and inline tags are kept exactly; emphasis
    still opens and closes. One part the translator edited is one finding."""
    msgstr = closed(entry.msgid, entry.msgstr, ctx.inline)
    source, target = ctx.inline(entry.msgid), ctx.inline(msgstr)
    if msgstr != entry.msgstr:
        yield _left_open(entry, ctx, msgstr[len(entry.msgstr) :])
    for part, code, noun in PARTS:
        if part == "math" and any(free(seg.comments) for seg in entry.segments):
            continue  # the author lets them differ; the safety check screens what is new
        if not getattr(source, WRITTEN[part]) and not getattr(target, WRITTEN[part]):
            continue  # neither text has any (most parts of most entries): nothing to compare or add
        written = source.counted(part), target.counted(part)
        if part == "tags":
            written = _links_as_anchors(written[0], source, target), _links_as_anchors(written[1], target, source)
            kept, notes = _without_additions(written[0], written[1], target, ctx.own_elements)
            written = written[0], kept
            yield from (_addition(entry, ctx, kind, tag) for kind, tag in notes)
        if written[0] == written[1]:  # kept as written (most parts of most entries: none on either side)
            continue
        # words in \text{…} and in a caption are prose: translating them is translating
        compared: Callable[[str], str] = ASIDE.get(part, str)
        shown = {compared(item): item for counted in written for item in counted}
        ours, theirs = (Counter(compared(item) for item in counted.elements()) for counted in written)
        changed, missing, added = edits(*difference(ours, theirs))
        for was, now in changed:
            message = f"{noun} {shown[was]} became {shown[now]} in the translation; {_advice(part, 'copy the English exactly')}"
            yield ctx.finding(entry, code, _severity(part, shown[was], shown[now]), message)
        for item in missing:
            message = f"{noun} {shown[item]} is missing from the translation; {_advice(part, 'copy it exactly')}"
            yield ctx.finding(entry, code, _severity(part, shown[item]), message)
        for item in added:
            if ours[item]:  # the English has it too, fewer times: the translation repeats it
                message = (
                    f"{noun} {shown[item]} appears {theirs[item]} times where the English has it {ours[item]}; "
                    f"{_advice(part, 'write it as often as the English does')}"
                )
            else:
                message = f"{noun} {shown[item]} is not in the English; {_advice(part, 'remove it or copy the English one exactly')}"
            yield ctx.finding(entry, code, _severity(part, shown[item]), message)
    yield from _formulas(entry, ctx, source, target)
    yield from _emphasis(entry, ctx, source, target)


def _links_as_anchors(tags: Counter[str], mine: Inventory, other: Inventory) -> Counter[str]:
    """`tags` less each `<a href="X">…</a>` the other side writes as a Markdown link
    `[…](X)`: the same link on the page (a translator who writes `[Heroku](…)` where the
    English has `<a href>` changed nothing a reader sees)."""
    links = Counter(other.links) - Counter(mine.links)
    anchors = Counter(
        dict(t.attrs)["href"]
        for t in other.tags
        if t.name == "a" and not t.closing and [k for k, _ in t.attrs] == ["href"]
    )
    out = Counter(tags)
    for tag in mine.tags:
        if tag.name != "a" or tag.closing or [k for k, _ in tag.attrs] != ["href"]:
            continue
        href = dict(tag.attrs)["href"]
        if links[href] > 0 and anchors[href] == 0 and out[tag.shown()] > 0 and out["</a>"] > 0:
            links[href] -= 1
            out[tag.shown()] -= 1
            out["</a>"] -= 1
    return +out


def _without_additions(
    english: Counter[str], tags: Counter[str], target: Inventory, own: frozenset[tuple[object, ...]]
) -> tuple[Counter[str], list[tuple[str, Tag]]]:
    """`tags` (the translation's) less each element it adds, closed, that cannot harm
    the reader (allowlist.addition: a link to a web page, the book's own element), and
    those elements: the page shows them as the translator meant, so they are listed as
    additions, not compared. The safety judge lets the same through, no more."""
    kept, added = Counter(tags), []
    for tag in target.tags:
        shown, end = tag.shown(), f"</{tag.name}>"
        if tag.closing or kept[shown] <= english[shown] or kept[end] <= english[end]:
            continue
        kind = addition(tag.name, tag.attrs, own)
        if kind:
            kept[shown] -= 1
            kept[end] -= 1
            added.append((kind, tag))
    return +kept, added


def _addition(entry: Entry, ctx: Context, kind: str, tag: Tag) -> Diagnostic:
    if kind == "link":
        url = dict(tag.attrs)["href"]
        return ctx.finding(
            entry,
            "links.added",
            Severity.INFO,
            f"link {url} is the translation's own (the English has none here); it is published as an addition",
        )
    return ctx.finding(
        entry,
        "markup.added",
        Severity.INFO,
        f"{tag.verbatim()} is the translation's own (the English has none here; the chapter writes it elsewhere); "
        "it is published as an addition",
    )


def _severity(part: str, *items: str) -> Severity:
    """An error where the page breaks; a warning for a change the page survives."""
    if part in FREE_PARTS or (part == "tags" and all(_presentational(item) for item in items)):
        return Severity.WARNING
    return Severity.ERROR


def _presentational(shown: str) -> bool:
    name = TAG_NAME.match(shown)
    return name is not None and name.group(1).lower() in PRESENTATIONAL


def _advice(part: str, fix: str) -> str:
    """What to do: for code and math, check it is meant (the page still reads)."""
    if part in FREE_PARTS:
        return f"if that is not on purpose, {fix} (the page still reads)"
    return fix


def _formulas(entry: Entry, ctx: Context, source: Inventory, target: Inventory) -> Iterable[Diagnostic]:
    """A formula the translation writes that the site's typesetter cannot set: the reader
    sees red TeX, or words set as a jumble of italic letters. The English's own formulas
    are the author's to fix, not the translator's."""
    english = {words_aside(tex) for _, tex in source.math}
    for _, written in target.math:
        if words_aside(written) in english:  # the English's, its words in \\text{} translated
            continue
        for why in tex.errors(written, known=ctx.tex_commands):
            hint = (
                "put the words outside the formula or inside \\text{…} (a `$` that is a price: write `\\$`)"
                if why.startswith("sets the words")
                else "write it as the English does, or fix the TeX"
            )
            yield ctx.finding(
                entry, "markup.formula", Severity.ERROR, f"formula `{shortened(written)}` will not set: {why}; {hint}"
            )


def _left_open(entry: Entry, ctx: Context, end_tags: str) -> Diagnostic:
    return ctx.finding(
        entry,
        "markup.left-open",
        Severity.WARNING,
        f"the translation leaves its last element open: kramdown closes it at the end of the text, and the "
        f"build writes {end_tags} there for you; end the translation with {end_tags} as the English does",
    )


def _emphasis(entry: Entry, ctx: Context, source: Inventory, target: Inventory) -> Iterable[Diagnostic]:
    """A delimiter the page shows as text where the English shows none is an error: the
    reader sees the markup. Emphasis added, dropped or moved is a warning: the page
    reads, and Hangul and CJK type have no true italic (`_does_ depend` as `실제로
    의존한다`); a translation may even repair the English's own broken bold."""
    shown: Counter[str] = Counter()
    if any(c in target.marked for c in SHOWN):  # else none is added (most translations): not counted
        shown = Counter(c for c in target.marked if c in SHOWN) - Counter(c for c in source.marked if c in SHOWN)
    if shown:
        stuck = (
            list((stuck_kramdown if ctx.doc.flavor.emphasis_by_spaces else stuck_delimiters)(target.marked))
            or shown_literally(entry.msgid, entry.msgstr)
            or left_open(shown)
        )
        for message in stuck:
            yield ctx.finding(entry, "markup.unclosed", Severity.ERROR, message)
        return
    if (target.strong, target.emphasis) == (source.strong, source.emphasis):
        return
    lookalikes = shown_literally(entry.msgid, entry.msgstr)
    message = (
        lookalikes[0]
        if lookalikes
        else f"{target.strong} bold and {target.emphasis} italic spans where the English has {source.strong} and "
        f"{source.emphasis}: {_what_changed(source, target)}; if that is not on purpose, bold the words the English "
        "bolds (the page still reads)"
    )
    yield ctx.finding(entry, "markup.emphasis", Severity.WARNING, message)


def _what_changed(source: Inventory, target: Inventory) -> str:
    if target.strong != source.strong:
        return "a bold span was lost" if target.strong < source.strong else "a bold span was added"
    return "an italic span was added"


# What a translator types for a delimiter that no engine reads as one: an IME's
# full-width asterisk or low line, and a backslash-escaped delimiter.
LOOKALIKES = {"＊": "*", "＿": "_"}
ESCAPED_DELIMITER = re.compile(r"(?<!\\)\\[*_]")


def shown_literally(english: str, translation: str) -> list[str]:
    """Explain the delimiters a translation writes where the page shows them as text,
    when it has more of them than its English (which then had emphasis there)."""
    found = []
    for lookalike, ascii_ in LOOKALIKES.items():
        if translation.count(lookalike) > english.count(lookalike):
            found.append(
                f"full-width {lookalike!r} is a character, not emphasis, so the page shows it and the "
                f"English's emphasis is lost; write the ASCII `{ascii_}`"
            )
    if len(ESCAPED_DELIMITER.findall(translation)) > len(ESCAPED_DELIMITER.findall(english)):
        found.append(
            "a backslash before `*` or `_` makes it a character, so the page shows it and the "
            "English's emphasis is lost; remove the backslash"
        )
    return found


def left_open(shown: Counter[str]) -> list[str]:
    """Explain a delimiter the page shows as a character where the English shows none
    (`*each layer` never closed, a code span never closed), when no rule above named it."""
    found = []
    for c, more in sorted(shown.items()):
        if c == "`":
            found.append(
                f"the page shows {more} more backtick(s) as text than the English does: a code span opened and "
                "never closed; close it with as many backticks as open it"
            )
        else:
            found.append(
                f"the page shows {more} more `{c}` as text than the English does: a delimiter that opens or closes "
                f"no emphasis; close each span you open with the same `{c}`, or remove it"
            )
    return found


def stuck_delimiters(text: str) -> Iterable[str]:
    """Explain each `*`/`_` run that can neither open nor close under CommonMark's
    flanking rules, though it sits where the translator meant it to."""
    for run, before, after, _ in _runs(text):
        if before.isspace() or after.isspace():
            continue  # an opener before a word, or a closer after one: the usual cases
        if _punctuation(before) and not _punctuation(after):
            yield (
                f"`{run}` after {before!r} cannot close: CommonMark closes emphasis after punctuation "
                f"only before a space or punctuation, and {after!r} follows; move {after!r} and what "
                f"follows inside the span, put the span around the word without the punctuation, or use <strong>"
            )
        elif _punctuation(after) and not _punctuation(before):
            yield (
                f"`{run}` before {after!r} cannot open: CommonMark opens emphasis before punctuation "
                f"only after a space or punctuation, and {before!r} precedes it; start the span "
                f"before {before!r}'s word, or use <strong>"
            )


def stuck_kramdown(text: str) -> Iterable[str]:
    """Explain each `*`/`_` run kramdown can neither open nor close: a space on both
    sides, where the translator meant it to close after a space or open before one;
    or `_` inside a word (`_덧셈_과`), where a particle follows the closer."""
    for run, before, after, inside in _runs(text):
        if "_" in run and before.isalnum() and after.isalnum():
            yield (
                f"`{run}` between {before!r} and {after!r} is inside a word, where kramdown neither "
                f"opens nor closes `_` emphasis, so the page shows the underscores; use `{'*' * len(run)}`, "
                f"which works inside a word"
            )
            continue
        if before.isspace() and after.isspace() and inside:
            yield (
                f"`{run}` has a space on both sides, so it neither opens nor closes: kramdown closes "
                f"emphasis only right after a non-space character and opens it only right before one; "
                f"remove the space before the closing `{run}` (or after the opening one)"
            )


def _runs(text: str) -> Iterator[tuple[str, str, str, bool]]:
    """Each `*`/`_` run with the characters either side (a space at the text's ends),
    and whether it stands inside the text rather than at one of its ends."""
    for match in DELIMITER_RUN.finditer(text):
        start, end = match.span()
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        yield match.group(1), before, after, bool(start) and end < len(text)


def _punctuation(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


FAMILY = Family(CODES, entry=check)
