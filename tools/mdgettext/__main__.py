"""`python -m mdgettext`: the same command line as the `mdgettext` script."""

from mdgettext.cli import main

main()
