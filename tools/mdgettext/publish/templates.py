"""The page templates and the stylesheet: the project's own files first, then the built-in ones.

A file in the project's `templates/` folder replaces the built-in file of the same
name (`chapter.html.j2`, `review.html.j2`, `mdgettext.css`), so a publisher changes
the page by overriding a template file, not Python.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import jinja2

from mdgettext.publish.links import STYLESHEET


@lru_cache(maxsize=8)
def environment(templates: Path | None) -> jinja2.Environment:
    """Templates from the project's folder first, then the built-in ones."""
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None and templates.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.PackageLoader("mdgettext.publish", "templates"))
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def stylesheet(templates: Path | None) -> str:
    """The stylesheet: the project's `templates/mdgettext.css`, else the built-in one."""
    if templates is not None and (templates / STYLESHEET).is_file():
        return (templates / STYLESHEET).read_text(encoding="utf-8")
    return resources.files("mdgettext.publish").joinpath("static", STYLESHEET).read_text(encoding="utf-8")
