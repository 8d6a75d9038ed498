"""A settings file read as untrusted input: its TOML, the line each setting is written
on, and the values that reach pages and catalog headers.

A message about a setting names its file and line, as gettext's tools name a
catalog's (`mdgettext.toml:4: site_url …`); tomllib gives values, not positions, so
the line of each key is found in the text, within the table that holds the settings.
Python's TOML reader recurses once per level of nesting, so a file nested a few
thousand deep ends in a RecursionError and a traceback of thousands of lines; here it
is one line, at the line where the nesting passes MAX_DEPTH.

Some values are written where a reader or a tool reads them: `name` and `version` in
every catalog's header (a line break there adds header fields), `site_url` in every
link to a chapter on the site and in the canonical URLs (it must be a web address,
on the links' scheme allow-list, markdown/urls.py), an include argument named in
`liquid_prose` in a translation (it must hold words, never a path or a URL a
translator could point anywhere).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mdgettext.errors import UserError
from mdgettext.markdown import urls

MAX_DEPTH = 100  # levels of arrays and inline tables; a settings file needs three
HEADER = re.compile(r"\s*\[\s*([^\]]*?)\s*\]")
KEY = re.compile(r"""\s*(["']?)([A-Za-z0-9_-]+)\1\s*=""")
ONE_LINE = ("name", "version")  # written into every catalog's header lines
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
WEB_ADDRESS = re.compile(r"https?://[^\s\x00-\x1f\x7f\"'<>\\^`{|}]+", re.IGNORECASE)
# Include arguments that hold a path or a URL, never words (and names ending so: `image_url`).
ACCEPT_KEY = re.compile(r"[0-9a-f]{20}")  # an accepted translation, as `check` prints its key (model.accept_key)
PATH_ARGUMENTS = frozenset({"path", "src", "srcset", "url", "href", "link", "image", "img", "file", "poster", "action"})
PATH_ENDINGS = ("_path", "-path", "_src", "-src", "_url", "-url", "_href", "-href", "_link", "-link", "_file", "-file")


class TomlError(UserError, ValueError):
    """The text is not TOML that can be read; the message names the file and line."""


def load(text: str, name: str) -> dict[str, Any]:
    """The TOML document of a file's text (`name` for messages)."""
    import tomllib  # here only: `--version` and `--help` read no settings file

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TomlError(f"{name}: {err}") from err
    except RecursionError:
        raise TomlError(
            f"{name}:{deep_line(text)}: arrays or tables nested more than {MAX_DEPTH} deep, which no setting "
            "needs; write the value flat"
        ) from None


def deep_line(text: str) -> int:
    """The 1-based line where brackets and braces (outside strings and comments) first
    nest more than MAX_DEPTH deep; the last line when they never do."""
    depth, quote, line = 0, "", 1
    escaped = False
    for char in text:
        if char == "\n":
            line += 1
            quote = "" if quote == "#" else quote
        elif quote == "#":
            continue
        elif quote:
            if quote == '"' and char == "\\" and not escaped:
                escaped = True
                continue
            if char == quote and not escaped:
                quote = ""
        elif char in "\"'#":
            quote = char
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif char in "]}":
            depth -= 1
        escaped = False
    return line


def key_lines(text: str, table: str | None) -> dict[str, int]:
    """The 1-based line of each key written at the top of `table` (None: the document's
    own keys, before any `[header]`); the first line, for a key written twice."""
    lines: dict[str, int] = {}
    current: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        header = HEADER.match(line)
        if header and not KEY.match(line):
            current = re.sub(r"\s*\.\s*", ".", header.group(1)).strip("[] ")
            continue
        key = KEY.match(line)
        if key and current == table:
            lines.setdefault(key.group(2), number)
    return lines


def at(where: str, lines: Mapping[str, int], key: str) -> str:
    """How a message about `key` starts: `where` (`pyproject.toml: [tool.mdgettext] `)
    with the key's line after the file, when it is known."""
    file, _, table = where.partition(": ")
    return f"{file}:{lines[key]}: {table}" if key in lines else where


def value_problem(key: str, value: object) -> str | None:
    """What is wrong with a setting's value, as a message from its key on; None when nothing is."""
    if key in ONE_LINE and isinstance(value, str) and CONTROL.search(value):
        return (
            f"{key} = {value!r} holds a line break or a control character, which would add lines to every "
            "catalog's header; write it on one line"
        )
    if key == "site_url" and isinstance(value, str) and value and not _web_address(value):
        return (
            f"{key} = {value!r} is not a web address; write it as https://host/path: every link to a chapter "
            "on the site, and the canonical URLs, are made from it"
        )
    if key == "repository_url" and isinstance(value, str) and value and not _web_address(value.rstrip("/")):
        return f'{key} must be a web address (like "https://github.com/o/r/blob/main"), not {value!r}'
    if key == "accept" and isinstance(value, tuple):
        for written in value:
            if not ACCEPT_KEY.fullmatch(written):
                return (
                    f"{key}: {written!r} is no key `check` prints (20 hexadecimal digits); copy it from check's finding"
                )
    if key == "liquid_prose" and isinstance(value, tuple):
        for file, names in value:
            for name in filter(path_argument, names):
                return (
                    f"{key}: {name!r} of {file!r} holds a path or a URL, not words a reader reads: a translation "
                    "of it could point the include anywhere; list only arguments like 'caption'"
                )
    if (written := _controlled(value)) is not None:  # a path with NUL is no path; a pattern with one matches nothing
        char = CONTROL.search(written)
        assert char is not None
        return (
            f"{key}: {written!r} holds the control character U+{ord(char.group()):04X}, which no setting may hold "
            "(it would reach paths, patterns and every message that names them); remove it"
        )
    return None


def _controlled(value: object) -> str | None:
    """The first string in a setting's value (a string, or lists and pairs of them) that
    holds a control character or a line separator; None when none does."""
    if isinstance(value, str):
        return value if CONTROL.search(value) else None
    if isinstance(value, (tuple, list)):
        return next((found for item in value if (found := _controlled(item)) is not None), None)
    return None


def path_argument(name: str) -> bool:
    """Whether an include argument's name says it holds a path or a URL."""
    name = name.lower()
    return name in PATH_ARGUMENTS or name.endswith(PATH_ENDINGS)


def _web_address(url: str) -> bool:
    """An absolute http(s) URL with a host, and nothing a link made from it would need escaped."""
    from urllib.parse import urlsplit

    if urls.scheme(url) not in urls.WEB_SCHEMES or not WEB_ADDRESS.fullmatch(url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:  # a bracket that opens no IPv6 address
        return False
    return bool(parts.hostname) and not parts.query and not parts.fragment
