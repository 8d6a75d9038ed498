"""The errors a user sees as a line of text. Bad input they must fix, with the file
and line named: every command raises it; the command line prints it and exits 2. A
command line asking for what cannot be done together: the command line prints its
usage with it, as argparse does for a bad option, and exits 2."""


class InputError(Exception):
    """Bad input the user must fix; the message names the file and line."""


class UsageError(Exception):
    """A command line that asks for what cannot be done (`extract FILE.md` without `-o`);
    the message says what to give."""
