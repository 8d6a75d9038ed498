"""The flavors a project's Markdown may be read as, each one value (model.Flavor) in a
module of its own, registered by name in keys.FLAVORS:

- `commonmark`: markdown-it-py's CommonMark, with tables and footnotes (commonmark.py);
- `kramdown`: kramdown with GFM input, as the book's Jekyll site runs it
  (`markdown/kramdown/`): its math, raw HTML, emphasis, lists, attribute lists;
- `gfm`: Markdown as GitHub renders it (`markdown/gfm.py`);
- `mkdocs`: Python-Markdown with the pymdown-extensions MkDocs sites enable
  (`markdown/mkdocs/`): admonitions, details, tabs, attribute lists, arithmatex.

Every stage takes the flavor from the document it reads (`doc.flavor`); the setting
names one (`named`), whose module is imported only then.
"""

from __future__ import annotations

from importlib import import_module

from mdgettext.markdown.commonmark import FLAVOR as COMMONMARK
from mdgettext.markdown.gfm import FLAVOR as GFM
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.kramdown import FLAVOR as KRAMDOWN
from mdgettext.model import Flavor

__all__ = ["COMMONMARK", "GFM", "KRAMDOWN", "named"]


def named(name: str) -> Flavor:
    """The flavor a setting names (settings.py has checked it is one of keys.FLAVORS)."""
    flavor: Flavor = import_module(FLAVORS[name].module).FLAVOR
    return flavor
