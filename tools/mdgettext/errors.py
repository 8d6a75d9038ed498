"""The one error a user sees as a line of text: bad input they must fix, with the
file and line named. Every command raises it; the command line prints it and exits 2."""


class InputError(Exception):
    """Bad input the user must fix; the message names the file and line."""
