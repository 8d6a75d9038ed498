"""Importing a translation made in place: pair its blocks with the source's, and fill the catalog."""
