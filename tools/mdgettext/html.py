"""Markdown -> a standalone HTML page.

Headings take the English slugs as ids in every language, so a link to
`conclusion.html#further-reading` opens the same section in English and Korean.
The page is deliberately plain; the release template is a later layer.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

import yaml
from markdown_it.token import Token

from .parsing import parser

TRAILING_ID = re.compile(r"\s*\{#[A-Za-z][\w-]*\}\s*$")


def render_body(tokens: list[Token], heading_ids: Sequence[str]) -> str:
    """The page body; heading `i` gets `heading_ids[i]` (the source's slugs)."""
    md = parser()
    ids = iter(heading_ids)
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            slug = next(ids, None)
            _strip_trailing_id(tokens[i + 1])
            if slug:
                token.attrSet("id", slug)
    return md.renderer.render(tokens, md.options, {})


def _strip_trailing_id(inline: Token) -> None:
    """Drop the `{#slug}` the Markdown output adds for kramdown: the id is set anyway."""
    if inline.children and inline.children[-1].type == "text":
        last = inline.children[-1]
        last.content = TRAILING_ID.sub("", last.content)


def front_matter(tokens: list[Token]) -> dict:
    if tokens and tokens[0].type == "front_matter":
        try:
            data = yaml.safe_load(tokens[0].content)
        except yaml.YAMLError:
            return {}
        return data if isinstance(data, dict) else {}
    return {}


def page(markdown: str, language: str, heading_ids: Sequence[str]) -> str:
    tokens = parser().parse(markdown)
    meta = front_matter(tokens)
    title = str(meta.get("title", ""))
    description = str(meta.get("description", ""))
    body = render_body(tokens, heading_ids)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(language)}">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f'<meta name="description" content="{escape(description)}">\n'
        "</head>\n"
        "<body>\n"
        "<main>\n"
        + (f"<h1>{escape(title)}</h1>\n" if title else "")
        + (f'<p class="description">{escape(description)}</p>\n' if description else "")
        + body
        + "</main>\n</body>\n</html>\n"
    )
