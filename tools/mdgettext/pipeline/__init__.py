"""One chapter's way through mdgettext, between the checks and the commands: read and
segment it (`read`), judge its catalog as `check` does (`judged`), weave, check and
publish each language as a job a worker process can run (`jobs`, over `pool`), with
the files a page needs besides its Markdown (`assets`). Nothing here writes: a job
hands back a `plan` of files, and the command writes them.
"""
