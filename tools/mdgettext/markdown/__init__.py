"""Markdown in, Markdown out: parsing, segments, front matter, HTML-block text, inline inventory, weaving."""
