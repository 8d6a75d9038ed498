"""`mdgettext serve`: a live preview of the built chapters on 127.0.0.1.

Builds as `mdgettext build` does (the files on disk are the release build's),
serves the build folder (preview.py), and rebuilds when watchfiles reports a
changed source, catalog, template or image. A failing build is shown on every page until
the next save fixes it; the server keeps running.
"""

from __future__ import annotations

import signal
import threading
from argparse import ArgumentParser, ArgumentTypeError, Namespace
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from urllib.parse import quote

import watchfiles

from mdgettext.commands.options import add_locales, locales
from mdgettext.commands.preview import Handler, Preview
from mdgettext.commands.server import Server
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.locale import check_known
from mdgettext.project import Config
from mdgettext.publish import live
from mdgettext.publish.links import page_path, review_name


def declare(command: ArgumentParser) -> None:
    """serve's options."""
    command.description = (
        "Build, serve the build folder on 127.0.0.1, and rebuild when a source, a catalog or a template changes; "
        "an open page reloads itself. Ctrl-C stops."
    )
    add_locales(command)
    command.add_argument("--port", type=_port, default=0, metavar="N", help="the port (default: a free one)")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The preview of the languages asked for, until Ctrl-C."""
    return serve(config, locales(args.locale, config.configured_locales()), args.port, report)


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise ArgumentTypeError(f"{text!r} is not a port (0 to 65535; 0 picks a free one)")
    return int(text)


def first_pages(config: Config, languages: Sequence[str], address: str) -> list[str]:
    """For each language, the address of its first chapter's page and, where it has a
    catalog, of its review page (the editor): pages the build has made, each one that
    answers. The first chapter is the book's home (`index`) when the project has it."""
    chapters = config.chapters()
    first = config.index if config.index in chapters else (chapters[0] if chapters else None)
    if first is None:
        return []
    lines = []
    for language in languages:
        page = quote(page_path(first, language))
        review = f", review and edit {address}{review_name(page)}" if config.po_path(first, language).is_file() else ""
        lines.append(f"  {language}: {address}{page}{review}")
    return lines


def serve(config: Config, languages: Sequence[str], port: int, report: Reporter) -> int:
    """Serve until Ctrl-C (or SIGTERM), which stops it cleanly (exit 0)."""
    # A process started in the background by a non-interactive shell inherits SIGINT
    # ignored, and Python then leaves it so: Ctrl-C (or CI's interrupt) would not stop it.
    for language in languages:  # a code no build knows is a usage error now, not a preview that never builds
        check_known(language)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    # The folders it serves and watches, each refused before any work when it leads out of the project.
    site = config.build_folder
    assets = config.inside(config.root / config.assets)  # the images and BibTeX files pages use
    folders = (config.source_dir, config.locale_folder, config.templates_folder, assets)
    watched = [p for p in folders if p.is_dir()]
    preview = Preview(config, languages, report)
    preview.rebuild("first build")
    site.mkdir(parents=True, exist_ok=True)
    handler = partial(Handler, preview=preview, site=site.resolve())
    try:
        server = Server(("127.0.0.1", port), handler)
    except OSError as err:
        raise InputError(f"127.0.0.1:{port}: cannot serve: {err.strerror or err}") from err
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    address = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"serving {address} (progress: every chapter, its page and review page); Ctrl-C stops", file=report.out)
    for line in first_pages(config, languages, address):
        print(line, file=report.out)
    report.out.flush()
    try:
        built = site.resolve()  # a source folder may hold the build folder (a repository's root): not a change
        for changes in watchfiles.watch(
            *watched,
            watch_filter=lambda _, path: live.triggers_build(path) and not Path(path).is_relative_to(built),
            debounce=200,
            raise_interrupt=False,
        ):
            names = sorted({config.relative(Path(path)) for _, path in changes})
            preview.rebuild(f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''} changed")
    except KeyboardInterrupt:  # during a build: the watch itself returns on Ctrl-C
        pass
    finally:
        server.shutdown()
        server.server_close()
    report.info("stopped")
    return 0
