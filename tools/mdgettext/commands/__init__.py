"""One thin module per command: read the inputs, call the pipeline, write, report.

`cli.py` imports a command's module only when that command runs, so a command
pays only for what it uses. Every command returns an exit code and raises
`errors.InputError` for input the user must fix.
"""
