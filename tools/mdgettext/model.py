"""The small frozen values that cross module boundaries.

Everything the pipeline passes between stages is one of these, so a stage can be
tested with values built by hand and never needs another stage's internals.
Long because `Flavor` says, one field each, what every stage asks of a flavor.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.renderer import RendererHTML
    from markdown_it.token import Token
    from markdown_it.utils import EnvType, OptionsDict

    # A renderer rule: the HTML of token `idx`, as markdown-it's RendererHTML rules are called.
    HtmlRule = Callable[[RendererHTML, Sequence[Token], int, OptionsDict, EnvType], str]


class Slugs(Protocol):
    """The heading ids a site makes, counted through one document (markdown/anchors.py)."""

    def claim(self, given: str) -> str:
        """An id the author wrote, as the site takes it."""

    def slug(self, text: str) -> str:
        """The id the site makes for a heading's text, unique in the document."""


@dataclass(frozen=True, slots=True)
class Flavor:
    """How a project's Markdown is read (the `flavor` setting), and what follows from it.

    Each stage asks the flavor what it needs (its parser's rules, its heading ids, how
    its emphasis closes, what its page writes) rather than comparing its name: a new
    flavor is one module that defines this value and one line in keys.FLAVORS, as an
    mdformat extension brings its parser changes and renderers in one object.
    """

    name: str  # as the setting spells it
    math: str  # how its site reads `$` unless the project's `math` says otherwise (keys.MATHS)
    # Its rules on top of markdown-it's CommonMark preset, given how `$` is read.
    extend: Callable[[MarkdownIt, str], None]
    # How many characters of a list item's first paragraph its task marker takes (0 once
    # the parser has dropped it; None: no task), given the tokens and the paragraph's index.
    task_marker: Callable[[list[Token], int], int | None]
    slugs: Callable[[], Slugs]  # its site's heading ids, a fresh count for each document
    # Its page's renderer rules by token type, on top of markdown-it's (publish/rules.py).
    html: Mapping[str, HtmlRule] = field(default_factory=dict, compare=False)
    spaced_destinations: bool = False  # `[a](b c)` is a link (kramdown), not text (CommonMark)
    closes_elements: bool = False  # an inline element left open ends with its text (kramdown's tree)
    emphasis_by_spaces: bool = False  # `*` and `_` open and close by the spaces around them (kramdown)
    raw_notes: bool = False  # a note's Markdown stays raw in its tag (kramdown's `<d-footnote>`): the page renders it
    # Its site's layout links a front matter's table of contents to `#{{ name | slugify }}`
    # (Jekyll's Distill layout): a translated heading answers to those anchors too.
    contents_by_slug: bool = False
    # A task's box is ticked by `[x]` anywhere on the item's first line, not only its
    # marker (cmark-gfm, GitHub's renderer, searches the line).
    ticks_by_line: bool = False
    # A translated heading that keeps its English id also answers to its translation's
    # slug (an empty `<span id>` before its text), where a contents name may link it;
    # not where the site makes its contents from the ids themselves (MkDocs).
    slug_anchors: bool = True
    # Its site's engine reads the author's `{#id}` after a heading (kramdown, Python-Markdown's
    # attr_list), so `heading_ids` can keep a translated heading's English id there.
    given_ids: bool = False
    # The attribute lists its engine reads beyond kramdown's `{:…}` (which every flavor's
    # judge reads, for the Jekyll site): Python-Markdown's attr_list takes `{ … }` without
    # the colon. Given a text, each list it could hold, as written; None: no such lists.
    attribute_lists: Callable[[str], Iterable[str]] | None = field(default=None, compare=False)
    # The lines its engine reads as a block's opening or closing (pymdownx.blocks' `/// tip | Title`,
    # `///`): given a text, the text with their title bars blanked (the `|` starts a block's title, no
    # table's row), and each line as what it does (`/// tip`), whether it makes markup (options, element).
    generic_blocks: Callable[[str], tuple[str, list[tuple[str, bool]]]] | None = field(default=None, compare=False)

    def reading(self, math: str | None) -> Flavor:
        """This flavor with `$` read as a document was read (the project's `math` setting;
        None: the flavor's own way): one value that says how to parse, render and typeset
        it, so no later stage carries the setting beside the flavor or works it out again."""
        return self if math is None or math == self.math else replace(self, math=math)

    @property
    def typesets(self) -> bool:
        """Whether its site typesets formulas at all (`math = "none"`: `$5 … $10` is prices)."""
        return self.math != "none"

    @property
    def dollars_in_text(self) -> bool:
        """Whether its site's typesetter reads `$…$` left in the text (kramdown leaves
        `$x$` to the browser; markdown-it's dollarmath has taken every formula out)."""
        return self.math == "kramdown"


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a file; `line` is 1-based, as editors and compilers print it."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


Key = tuple[str | None, str]  # (msgctxt, msgid): how catalogs, translations and findings name a message


class Style(Enum):
    """How a translation is written back into its span."""

    INLINE = "inline"  # Markdown inline text; a newline (hard break) gets the container prefix
    LINE = "line"  # must stay on one line (headings, table cells, HTML text): newlines become spaces
    YAML = "yaml"  # a front-matter scalar: re-quoted as valid YAML
    LIQUID = "liquid"  # inside a Liquid tag (an include's quoted argument, a details summary): one line, escaped as Liquid reads it
    ATTRIBUTE = "attribute"  # a quoted HTML attribute value: one line, HTML-escaped
    CODE = "code"  # a code block's lines: a new line gets the block's prefix, a blank one its blank lines' (`quote`)


@dataclass(frozen=True, slots=True)
class Span:
    """Where a segment's text sits in the source, as character offsets.

    `continuation` is what a line added inside the span starts with (`> `, list
    indentation), so a translation with a hard break stays in its container.
    `quote` is the YAML scalar style of a front-matter value (`"`, `'`, `` for
    plain, `|`/`>` for block scalars), or the quote around a Liquid argument or
    HTML attribute value (`` for a bare details summary), or a code block's blank line.
    """

    start: int
    end: int
    style: Style = Style.INLINE
    continuation: str = ""
    quote: str = ""


@dataclass(frozen=True, slots=True)
class Segment:
    """One translatable block: what the translator sees and where it goes back."""

    msgid: str
    kind: str  # "paragraph", "heading 2", "list item", "table cell", "html", "front matter", ...
    location: Location
    span: Span
    context: str | None = None
    comments: tuple[str, ...] = ()  # extracted comments for translators (#.)
    anchor: str | None = None  # a heading's English slug, kept as its id in every language
    key: str | None = None  # a front-matter value's key path ("title", "toc[].name"); None in the body
    containers: tuple[str, ...] = ()  # what the block sits in, outermost first: ("block quote", "list item")

    @property
    def label(self) -> str:
        """What the block is, in a translator's words: `list item`, `front matter: title`."""
        return f"{self.kind}: {self.key}" if self.key is not None else self.kind


class Keyed(Protocol):
    """A catalog entry as a key reads it: polib's, or the checks' own."""

    @property
    def msgctxt(self) -> str | None:
        """Its context, None for none."""

    @property
    def msgid(self) -> str:
        """Its English."""


def accept_key(context: str | None, msgid: str, msgstr: str) -> str:
    """What the `accept` setting names one exact translation by: 20 hex digits of
    SHA-256 over its context, English and translation, so any edit of either voids it."""
    digest = hashlib.sha256("\x04".join((context or "", msgid, msgstr)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:20]


def key_of(message: Segment | Keyed) -> Key:
    """How catalogs, translations and findings name a segment's or an entry's message."""
    if isinstance(message, Segment):
        return (message.context, message.msgid)
    return (message.msgctxt, message.msgid)


# Set in an inline token's meta by a parser rule that rewrote its children for where
# the block stands (a task item's checkbox): they are not what the same text parsed
# alone gives, so a reader of messages (inline.Reader.of) parses that text itself.
REWRITTEN = "rewritten in place"
# Set in the meta of the opening and closing tokens of a container a flavor's rule makes
# (an MkDocs admonition): its name, as a segment inside it says where it sits.
CONTAINER = "container"
# Set in an inline token's meta by a rule that read a title on a block's marker line
# (`!!! note "Title"`): what the title is ("admonition title"), and under SPAN where its
# text sits in the source, (start, end): one line, so a translation stays on it.
TITLE, SPAN = "title", "span"
# Set in a heading_open's meta by a rule that took the author's id out of the heading's
# text (an attribute list, `## Setup { #setup }`): the id, which the heading keeps.
GIVEN_ID = "given id"


@dataclass(frozen=True, slots=True)
class Document:
    """A source Markdown file and its segments, in source order."""

    path: str
    text: str
    segments: tuple[Segment, ...]
    headings: tuple[str, ...] = ()  # English slugs of every heading, in order
    # Link reference definitions (markdown-it-py's env["references"]): checks parse
    # a msgstr with them, so `[text][label]` resolves as it will in the page.
    references: Mapping[str, Mapping[str, object]] = field(default_factory=dict, compare=False)
    meta: Mapping[str, object] = field(default_factory=dict, compare=False)  # the front matter, parsed
    notes: tuple[Location, ...] = ()  # where the source likely has a mistake (an unclosed code fence)
    footnotes: tuple[str, ...] = ()  # labels of the footnotes the document defines
    # The parser's tokens of `text`, from segmenting: the one parse of the source that
    # the checks and the English page reuse. Readers must not change them.
    tokens: tuple[Token, ...] = field(default=(), compare=False, repr=False)
    # How it was read (markdown/parser.py): every later parse reads it the same way.
    flavor: Flavor = field(kw_only=True)
    math: str | None = None  # how it read `$` (keys.MATHS; None: as its flavor does), and so does every later parse


@dataclass(frozen=True)
class TranslationMap(Mapping[Key, str]):
    """Usable translations only: `(context, msgid) -> msgstr`.

    Untranslated, fuzzy and obsolete entries never get in, so the weaver needs no
    knowledge of catalogs to decide what falls back to the source.
    """

    entries: Mapping[Key, str] = field(default_factory=dict)

    def __getitem__(self, key: Key) -> str:
        return self.entries[key]

    def __iter__(self) -> Iterator[Key]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


@dataclass(frozen=True, slots=True)
class Addendum:
    """A block the translator added, which the English does not have (a translator's
    note), and the English message it follows: the build puts it after the top-level
    block that holds that message. `after` None: at the top of the body, after the
    front matter. `occurrence` counts the blocks holding the message, from 1."""

    markdown: str
    after: Key | None
    occurrence: int = 1
    location: Location | None = None  # where the addenda file has it


class Severity(Enum):
    """How bad a finding is: errors fail `check`; warnings fail it under `--strict`."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason a translation is refused: what it adds or drops, which other
    checks compare (`kind`: "adds html", "drops link", "break", "formula changed",
    ...), and the clause a translator reads (`text`)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A finding about a file, printed the way compilers print theirs."""

    location: Location
    code: str
    severity: Severity
    message: str
    source: Location | None = None  # the English text the finding is about
    reasons: tuple[Reason, ...] = ()  # what `message` tells, for the checks that compare findings
    accept: str | None = None  # the key a maintainer would accept the entry's translation by (an error on one)
    at: int | None = None  # the line printed, to edit (a translation's msgstr); `location` names the entry

    def __str__(self) -> str:
        where = f" ({self.source})" if self.source else ""
        return f"{self.location.path}:{self.at or self.location.line}: {self.severity.value}: {self.message} [{self.code}]{where}"


@dataclass(frozen=True)
class Fallbacks:
    """What of a chapter's page stayed in English: spans in the woven Markdown, and counts;
    the build finds them and the page marks them."""

    spans: Sequence[tuple[int, int]] = ()
    count: int = 0  # messages that fell back
    total: int = 0  # messages on the page
    front_matter: Collection[str] = field(default_factory=frozenset)  # key paths, e.g. "title"
    in_tags: Sequence[tuple[int, int]] = ()  # Liquid values (a caption, an answer button): marked where drawn
