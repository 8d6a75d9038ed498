"""Every setting, defined once: its key, type, default and what it does.

`Settings` is the one definition. The reader below, `mdgettext init` (its options
and the file it writes) and the table in docs/settings.md are all made from its
fields, so none of them can know a setting the others do not.

It is long because every setting is defined here, once, with its line of
documentation: split up, the reader, `init` and the docs would have several places to
look. Settings live in `mdgettext.toml` at the project root (top-level keys), or in the
`[tool.mdgettext]` table of its pyproject.toml. Both at once is refused: which one
wins would be a rule to remember, and a key edited in the losing file would change
nothing without a word. Reading a file as untrusted input (its TOML, the line of
each key, the values that reach pages and catalog headers) is settings_input.py's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from mdgettext.errors import UserError
from mdgettext.markdown.keys import DEFAULT_KEYS, FLAVOR_MATH, FLAVORS, LIQUID_PROSE, MATHS, Prose, prose_setting
from mdgettext.settings_input import TomlError, at, key_lines, load, value_problem

SETTINGS_FILE = "mdgettext.toml"
PYPROJECT = "pyproject.toml"
REFERENCES = ("full", "file", "never")  # what a `#:` line says: file:line, the file, nothing

T = TypeVar("T")
Macros = tuple[tuple[str, str], ...]  # (name, definition), as `math_macros = { name = "definition" }`


def setting(default: T, doc: str, *, choices: tuple[str, ...] = (), option: str = "", shown: str = "") -> T:
    """A field of `Settings`: its default and one line of documentation. `option` is
    `init`'s flag when it is not `--key` (a list's flag is singular: it repeats);
    `shown` is the default as the docs say it, when TOML cannot write it."""
    return field(default=default, metadata={"doc": doc, "choices": choices, "option": option, "shown": shown})


@dataclass(frozen=True)
class Settings:
    """The project's settings; every one has a default, so any folder with
    `source/en/` is a project. Paths are relative to the project root, the folder
    of the settings file."""

    source: str = setting(
        "source/en",
        "the folder of the source-language chapters (`.` for a repository's root): chapters are named by "
        "their path in it",
    )
    include: tuple[str, ...] = setting(
        ("**/*.md",),
        "globs relative to `source` of the Markdown files that are chapters (`README.md` alone at a "
        "repository's root); the build and locale folders, dot folders and the translations are never chapters; "
        "where every glob ends with the source language's suffix (`**/*.en.md`), a chapter is named without it",
        option="--include",
    )
    exclude: tuple[str, ...] = setting(
        (),
        "globs relative to `source` (`*` within a folder, `**` across folders) of Markdown files that are not "
        "chapters; a matched folder excludes everything in it",
        option="--exclude",
    )
    source_language: str = setting(
        "en",
        "the language the chapters are written in: its pages are built from the sources, and text "
        "a translation left untranslated is marked with it (`lang`)",
    )
    locale_dir: str = setting("locale", "where templates (`X.pot`) and catalogs (`LANG/LC_MESSAGES/X.po`) live")
    build_dir: str = setting("build", "where `build` writes `LANG/X.html` and, by default, `LANG/X.md`")
    translations: str = setting(
        "",
        "where `build` writes each translated chapter's Markdown, relative to the project root, and where "
        "`import` finds a translation: `{lang}` the language, `{path}` the chapter's path under `source`, "
        "`{stem}` the same without `.md` (`{stem}-{lang}.md`, `docs/{lang}/{path}`, `docs/{stem}.{lang}.md`)",
        shown='`"<build_dir>/{lang}/{path}"`',
    )
    locales: tuple[str, ...] = setting(
        (), "the languages to translate into; empty: every locale folder that holds catalogs", option="--locale"
    )
    flavor: str = setting(
        "commonmark",
        "how the site reads Markdown: " + ", ".join(f"`{name}` ({each.doc})" for name, each in FLAVORS.items()),
        choices=tuple(FLAVORS),
    )
    math: str | None = setting(
        None,
        "how the site reads `$`: markdown-it's dollarmath (`$x$` inline, `$$x$$` display), kramdown's "
        "(`$$…$$` only, inline or display by where it stands), pymdownx.arithmatex's (`$x$` with no space "
        "inside the dollars, `\\(x\\)`; `$$x$$` and `\\[x\\]` as blocks), or no math at all (`$5 … $10` is prices)",
        choices=MATHS,
        shown="the flavor's: " + ", ".join(f'`"{each.math}"` for {name}' for name, each in FLAVORS.items()),
    )
    references: str = setting(
        "full",
        "the `#:` lines of templates and catalogs: `file:line`, the file alone, or none "
        "(a line inserted in the English then changes no other entry)",
        choices=REFERENCES,
    )
    front_matter_keys: tuple[str, ...] = setting(
        DEFAULT_KEYS,
        "front-matter values offered for translation (`toc[].name`: `name` in each `toc` item)",
        option="--front-matter-key",
    )
    liquid_prose: Prose = setting(  # noqa: RUF009  (a tuple of tuples, immutable; ruff cannot see through the alias)
        LIQUID_PROSE,
        "the arguments of Liquid includes that hold words a reader sees, offered as messages "
        '(`{ "figure.liquid" = ["caption"] }`; never a path or URL)',
    )
    heading_ids: bool = setting(
        False, "translated headings end with `{#english-slug}` in the built Markdown, so links to the English ids land"
    )
    code_blocks: bool = setting(
        False,
        "code blocks are messages too (`#, no-wrap`), so a translator may translate their comments and strings, "
        "as Sphinx's `gettext_additional_targets = ['literal-block']`; a translation that is no longer that one "
        "code block, or adds Liquid or a snippet line, is refused; `import` turns it on for a translated code block",
    )
    pages: tuple[str, ...] = setting(
        (), "other pages of the site that relative links may name (`check`), besides the chapters", option="--page"
    )
    site_url: str | None = setting(
        None,
        "where the source-language book is published (http or https): links to chapters not built; its pages' canonical URLs",
        shown="none",
    )
    repository_url: str | None = setting(
        None,
        "where the project's files are shown on the web, a branch's root (`https://github.com/o/r/blob/main`): "
        "review pages link each entry to its `.po` line there",
        shown="none",
    )
    index: str = setting("index", "the chapter published at the site's root")
    assets: str = setting(
        "assets",
        "the site's assets folder (images; BibTeX files in `bibliography/`): a figure found there is copied "
        "into the build, others load from `site_url`",
    )
    math_macros: Macros = setting(  # noqa: RUF009  (a tuple of pairs, immutable; ruff cannot see through the alias)
        (),
        "TeX macros the site's MathJax defines, expanded before formulas are typeset "
        '(`{ red = "\\\\textcolor{red}{#1}" }`)',
        shown="{}",
    )
    accept: tuple[str, ...] = setting(
        (),
        "translations a maintainer read and accepts though `check` calls them errors (the page is right as it "
        "is): each the `accept` key `check` prints for one exact msgid and msgstr, which a later edit of either "
        "voids; it never lets through what could run or load",
        option="--accept",
    )
    name: str = setting(
        "PROJECT",
        "the project's name in catalog headers and pages (unset, pages take the README's or index chapter's title)",
        shown='pyproject\'s `[project] name`, else "PROJECT"',
    )
    version: str = setting(
        "VERSION", "the version in catalog headers", shown='pyproject\'s `[project] version`, else "VERSION"'
    )


# The TOML type of each Python type a setting may have.
KINDS = {
    "str": "string",
    "bool": "boolean",
    "tuple[str, ...]": "list of strings",
    "str | None": "string",
    "Prose": "table of lists of strings",
    "Macros": "table of strings",
}
TABLES = ("table of lists of strings", "table of strings")  # set in the file, not by an `init` option


@dataclass(frozen=True)
class Spec:
    """One setting as the reader, `init` and the docs see it."""

    key: str
    kind: str  # "string", "boolean" or "list of strings"
    default: Any
    doc: str
    choices: tuple[str, ...]
    option: str  # init's flag
    shown: str  # the default, as the docs write it

    @property
    def default_toml(self) -> str:
        """The default as a TOML value, or as `shown` says it."""
        return self.shown or toml_value(self.default)


SETTINGS = tuple(
    Spec(
        f.name,
        KINDS[str(f.type)],
        f.default,
        f.metadata["doc"],
        f.metadata["choices"],
        f.metadata["option"] or "--" + f.name.replace("_", "-"),
        f.metadata["shown"],
    )
    for f in fields(Settings)
)
BY_KEY = {spec.key: spec for spec in SETTINGS}


class ConfigError(UserError, ValueError):
    """The settings are wrong; the message names the file, the setting and how to write it."""


@dataclass(frozen=True)
class Found:
    """The settings read, and where from (for messages: `mdgettext.toml: ` or
    `pyproject.toml: [tool.mdgettext] `)."""

    settings: Settings
    where: str
    given: frozenset[str] = frozenset()  # the keys the file sets
    lines: Mapping[str, int] = field(default_factory=dict)  # the line each of them is written on

    def values(self) -> dict[str, Any]:
        """Every setting by key."""
        return {spec.key: getattr(self.settings, spec.key) for spec in SETTINGS}

    def at(self, key: str) -> str:
        """How a message about `key` starts: the file and the key's line, then the table."""
        return at(self.where, self.lines, key)


def parse(own: str | None, pyproject: str | None) -> Found:
    """The settings from the texts of mdgettext.toml and pyproject.toml (None: no
    such file). ConfigError, one line, for a file TOML cannot read, both files
    holding settings, an unknown key, a value of the wrong type or choice."""
    project_table = _toml(pyproject, PYPROJECT) if pyproject is not None else {}
    tool = project_table.get("tool", {}).get("mdgettext")
    if own is not None and tool is not None:
        raise ConfigError(
            f"{SETTINGS_FILE} and {PYPROJECT} [tool.mdgettext] both hold settings; keep one: "
            f"move the keys into {SETTINGS_FILE} and delete the table, or delete {SETTINGS_FILE}"
        )
    if own is not None:
        table, where, lines = _toml(own, SETTINGS_FILE), f"{SETTINGS_FILE}: ", key_lines(own, None)
    else:
        table, where = tool or {}, f"{PYPROJECT}: [tool.mdgettext] "
        lines = key_lines(pyproject, "tool.mdgettext") if pyproject is not None else {}
    values = {key: _value(BY_KEY[key], table[key], at(where, lines, key)) for key in _known(table, where, lines)}
    package = project_table.get("project", {})
    for key in ("name", "version"):
        if key not in values and key in package:
            place = at(f"{PYPROJECT}: [project] ", key_lines(pyproject or "", "project"), key)
            values[key] = _value(BY_KEY[key], str(package[key]), place)
    for key, default in _defaults(values).items():
        values.setdefault(key, default)
    for key in ("site_url", "repository_url"):
        if values.get(key) is not None:
            values[key] = values[key].rstrip("/") or None
    return Found(Settings(**values), where, frozenset(table), lines)


def _defaults(values: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults that follow another setting: `math` reads `$` as the flavor's site does,
    translations go in the build folder."""
    return {
        "math": FLAVOR_MATH[values.get("flavor", BY_KEY["flavor"].default)],
        "translations": values.get("build_dir", BY_KEY["build_dir"].default).rstrip("/") + "/{lang}/{path}",
    }


def _toml(text: str, name: str) -> dict[str, Any]:
    try:
        return load(text, name)
    except TomlError as err:
        raise ConfigError(str(err)) from err


def _known(table: Mapping[str, Any], where: str, lines: Mapping[str, int]) -> list[str]:
    unknown = sorted(set(table) - set(BY_KEY))
    if unknown:
        raise ConfigError(
            f"{at(where, lines, unknown[0])}unknown setting {unknown[0]!r} (known: {', '.join(sorted(BY_KEY))})"
        )
    return list(table)


def _value(spec: Spec, value: Any, where: str) -> Any:
    """A setting's value checked against its kind and choices; lists become tuples."""
    key = spec.key
    if spec.kind == "table of lists of strings":
        prose = prose_setting(value)
        if prose is None:
            raise ConfigError(
                f'{where}{key} must be a table of lists of strings (like {key} = {{ "a.liquid" = ["b"] }})'
            )
        if problem := value_problem(key, prose):
            raise ConfigError(where + problem)
        return prose
    if spec.kind == "table of strings":
        if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
            raise ConfigError(f'{where}{key} must be a table of strings (like {key} = {{ name = "value" }})')
        if problem := value_problem(key, tuple(sorted(value.items()))):
            raise ConfigError(where + problem)
        return tuple(sorted(value.items()))
    if spec.kind == "list of strings":
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ConfigError(f'{where}{key} must be a list of strings (like {key} = ["a", "b"])')
        if problem := value_problem(key, tuple(value)):
            raise ConfigError(where + problem)
        return tuple(value)
    python = bool if spec.kind == "boolean" else str
    if not isinstance(value, python):
        example = "true" if python is bool else '"text"'
        raise ConfigError(f"{where}{key} must be a {spec.kind} (like {key} = {example})")
    if spec.choices and value not in spec.choices:
        raise ConfigError(f"{where}{key} = {value!r}: choose {' or '.join(map(repr, spec.choices))}")
    if problem := value_problem(key, value):
        raise ConfigError(where + problem)
    return value


def toml_value(value: Any) -> str:
    """A setting's value as TOML writes it (a JSON string is a TOML basic string)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)) and value and all(isinstance(item, tuple) for item in value):
        return "{ " + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}" for k, v in value) + " }"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def toml_text(given: Mapping[str, Any], table: bool = False) -> str:
    """The settings file `init` writes: every setting with its one line of
    documentation, the `given` ones set and the rest commented out at their
    defaults, so the file itself lists what can be set. `table`: as the
    `[tool.mdgettext]` table of a pyproject.toml."""
    lines = ["[tool.mdgettext]"] if table else []
    lines.append("# mdgettext settings: every key, with its default where it is commented out (docs/settings.md).")
    defaults = _defaults(given)
    for spec in SETTINGS:
        lines.append(f"# {spec.doc}")
        if spec.key in given:
            lines.append(f"{spec.key} = {toml_value(given[spec.key])}")
        else:  # site_url = "" is no site_url; an empty table is `{}`, which `[]` is not
            default = defaults.get(spec.key, spec.default)
            shown = "{}" if spec.kind in TABLES and not default else toml_value("" if default is None else default)
            lines.append(f"# {spec.key} = {shown}")
    return "\n".join(lines) + "\n"
