"""Catalogs: the model, GNU gettext's layout, validation, updating and three-way merging."""
