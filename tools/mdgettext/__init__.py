"""mdgettext: translate Markdown with gettext catalogs."""

__version__ = "0.1.0"
