"""The errors a user sees as a line of text. Every error a user can cause (a broken
catalog, a bad setting, a translation that cannot be placed, a command line that asks
for the impossible) derives from `UserError`, so the command line catches one class and
a new error cannot slip through as a traceback. Bad input names the file and line; the
command line prints it and exits 2. A command line asking for what cannot be done
together: the command line prints its usage with it, as argparse does for a bad
option, and exits 2."""


class UserError(Exception):
    """Anything the user can fix: printed as one line, exit 2, never a traceback."""


class InputError(UserError):
    """Bad input the user must fix; the message names the file and line."""


class UsageError(UserError):
    """A command line that asks for what cannot be done (`extract FILE.md` without `-o`);
    the message says what to give."""
