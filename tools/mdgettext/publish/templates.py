"""The page templates and the stylesheet: the project's own files first, then the built-in ones.

A file in the project's `templates/` folder replaces the built-in file of the same
name (`chapter.html.j2`, `review.html.j2`, `mdgettext.css`), so a publisher changes
the page by overriding a template file, not Python.

A project's template is input like any other, and a slip in it (a misspelt variable,
a bare `{% if %}`, a file that is not UTF-8) is the publisher's to fix: it is one
error line naming the template and its line, as every malformed input is, in
`build` and in `serve` (which shows it on the page and keeps running), never a
Jinja2 traceback. Jinja2 compiles a template to Python whose code objects carry the
template's file name and line numbers, so the line of a failure at render time is
the line of the template frame in its traceback.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2

from mdgettext.errors import InputError
from mdgettext.files import read_text
from mdgettext.publish.links import STYLESHEET

TEMPLATE_SUFFIX = ".j2"
# What a template's own code raises at render time: its fault, when a frame of it is in the traceback.
RENDER_ERRORS = (
    jinja2.TemplateError,
    TypeError,
    ValueError,
    AttributeError,
    LookupError,
    ArithmeticError,
    RecursionError,
)


class _Template(jinja2.Template):
    """A template whose failures at render time are one line naming its file and line."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        """As Jinja2 renders it; InputError for a failure in a template's own code."""
        try:
            return super().render(*args, **kwargs)
        except RENDER_ERRORS as err:
            where = _template_frame(err.__traceback__)
            if where is None:
                raise  # not the template's code: a fault of ours, with its traceback
            if isinstance(err, jinja2.TemplateNotFound):
                message = f"includes {err.name!r}, which is no template of the project or of mdgettext"
            else:
                message = (err.message if isinstance(err, jinja2.TemplateError) else None) or str(err)
            raise InputError(_problem(self.environment, *where, message)) from None


class _Environment(jinja2.Environment):
    """The environment of a project's templates, whose loading failures are one line too."""

    template_class = _Template
    project_templates: Path | None = None

    def _load_template(self, name: str, globals: Any) -> jinja2.Template:
        try:
            return super()._load_template(name, globals)
        except jinja2.TemplateSyntaxError as err:
            raise InputError(_problem(self, err.filename or name, err.lineno, err.message or str(err))) from None
        except UnicodeDecodeError as err:
            path = self.project_templates / name if self.project_templates is not None else Path(name)
            line = path.read_bytes()[: err.start].count(b"\n") + 1 if path.is_file() else 1
            raise InputError(f"{_shown(self, str(path))}:{line}: not valid UTF-8; save the file as UTF-8") from None


def _template_frame(tb: TracebackType | None) -> tuple[str, int] | None:
    """The file and line of the innermost frame of template code in a traceback."""
    found = None
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(TEMPLATE_SUFFIX):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _problem(environment: jinja2.Environment, filename: str, line: int, message: str) -> str:
    return f"{_shown(environment, filename)}:{line}: {message}; fix the template (or remove it to use the built-in one)"


def _shown(environment: jinja2.Environment, filename: str) -> str:
    """A template's file as the user should read it: `templates/chapter.html.j2` for the project's own."""
    folder = getattr(environment, "project_templates", None)
    path = Path(filename)
    if folder is not None and path.is_absolute() and path.is_relative_to(folder):
        return (Path(folder.name) / path.relative_to(folder)).as_posix()
    return filename


def environment(templates: Path | None) -> jinja2.Environment:
    """Templates from the project's folder first, then the built-in ones. One per set of
    files in the folder: Jinja2 reloads a template whose file changed, but a built-in
    one it has read stays even after the project adds its own (`serve` runs on)."""
    present = tuple(sorted(p.name for p in templates.iterdir())) if templates is not None and templates.is_dir() else ()
    return _environment(templates, present)


@lru_cache(maxsize=8)
def _environment(templates: Path | None, present: tuple[str, ...]) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None and templates.is_dir():
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.PackageLoader("mdgettext.publish", "templates"))
    env = _Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.project_templates = templates
    return env


def stylesheet(templates: Path | None) -> str:
    """The stylesheet: the project's `templates/mdgettext.css`, else the built-in one."""
    if templates is not None and (templates / STYLESHEET).is_file():
        return read_text(templates / STYLESHEET, f"{templates.name}/{STYLESHEET}")
    return resources.files("mdgettext.publish").joinpath("static", STYLESHEET).read_text(encoding="utf-8")


def static_file(name: str) -> str:
    """A script of mdgettext's own pages (`static/NAME`): the review page's filter, serve's
    reload and editor. Not a template: a page loads it as a file, so a served page needs no
    inline script and its Content-Security-Policy can refuse every one."""
    return resources.files("mdgettext.publish").joinpath("static", name).read_text(encoding="utf-8")
