"""The release outputs of one chapter: the Markdown for the Jekyll site, the HTML page and the review page."""
