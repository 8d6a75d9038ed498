"""Markdown as GitHub renders it: tables, `~~strikethrough~~`, `www.` and bare-URL
autolinks, task lists and `> [!NOTE]` alerts (NOTE, TIP, IMPORTANT, WARNING,
CAUTION), from markdown-it-py and mdit-py-plugins.

markdown-it-py 4.3 reads task lists and alerts itself (its `tasklists` and `alerts`
options) and leaves both markers out of the block's content: a task's `[x] ` is on
the list item (`meta["checked"]`), an alert's `[!NOTE]` line on the `alert_open`
token, whose title paragraph ("Note") is made up, not in the source. So neither
marker reaches a msgid, and a translation put back in the paragraph's place keeps
both. The autolinks are mdit-py-plugins' `gfm_autolink`, links with markup
"autolink" as `<https://…>` is: the link checks see their destination.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.gfm_autolink import gfm_autolink_plugin

from mdgettext.markdown.anchors import GfmSlugger
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.kramdown.math import dollars_as_kramdown
from mdgettext.model import Flavor

ALERT_TITLE = "alert_title_open"  # opens the title GitHub shows ("Note"): words of no source line


def gfm_plugin(md: MarkdownIt) -> None:
    """The GFM extensions `mdit_py_plugins.gfm` enables, without its footnotes and
    math (the preset adds those for every flavor), and `<del>` as GitHub writes it."""
    md.enable("strikethrough")
    md.options["tasklists"] = True
    md.options["tasklists_editable"] = False
    md.options["alerts"] = True
    md.options["strikethrough_single_tilde"] = True  # `~x~`, as github.com and cmark-gfm read it
    md.use(gfm_autolink_plugin)
    md.core.ruler.push("gfm_del", _del)


def _del(state: StateCore) -> None:
    """GitHub's element for struck text is `<del>`, markdown-it's `<s>`."""
    for block in state.tokens:
        for child in block.children or ():
            if child.type in ("s_open", "s_close"):
                child.tag = "del"


def first_in_item(tokens: list[Token], index: int) -> bool:
    """Whether the inline token at `index` is a list item's first paragraph."""
    return index >= 2 and tokens[index - 2].type == "list_item_open"


def task_marker(tokens: list[Token], index: int) -> int | None:
    """Whether the inline token at `index` is a task list item's first paragraph: None
    if not, else 0, the characters of its content the marker still takes (markdown-it's
    GFM drops `[x] ` from the content and notes it on the item)."""
    if first_in_item(tokens, index) and "checked" in (tokens[index - 2].meta or {}):
        return 0
    return None


def _extend(md: MarkdownIt, math: str) -> None:
    md.use(gfm_plugin)
    dollars_as_kramdown(md, math)


FLAVOR = Flavor("gfm", FLAVORS["gfm"].math, _extend, task_marker, GfmSlugger, ticks_by_line=True)
