"""mdgettext: translate Markdown with gettext catalogs."""
