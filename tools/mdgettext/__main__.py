from mdgettext.cli import main

main()
