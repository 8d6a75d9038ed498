"""Work spread over the machine's cores: one result per item, in the items' order.

A command hands each chapter to `ordered` and writes what comes back itself, so a
pool of processes gives the same bytes and the same messages as one process. The
longest chapters start first, so the last one to start is a short one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def ordered(
    work: Callable[[Item], Result],
    items: Sequence[Item],
    jobs: int | None,
    size: Callable[[Item], int],
    prepare: Callable[[], object] | None = None,
) -> Iterator[Result]:
    """`work` of each item, in order: in this process, or in `jobs` processes (default:
    one per core). `work` must be picklable (a module-level function or a partial of
    one) where processes are spawned rather than forked. `prepare` runs before a pool
    forks, to make once what each worker would otherwise make for itself (imports)."""
    workers = min(jobs or cores(), len(items))
    if workers <= 1:
        yield from map(work, items)
        return
    if prepare is not None:
        prepare()
    import multiprocessing  # only for a pool: about 17 ms of imports a one-chapter project saves
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) as pool:
        longest = sorted(range(len(items)), key=lambda i: -size(items[i]))
        futures = {i: pool.submit(work, items[i]) for i in longest}
        yield from (futures[i].result() for i in range(len(items)))


def cores() -> int:
    """The cores this process may run on: its affinity mask where the system has one
    (`taskset`, a container's CPU set), which `os.cpu_count()` ignores; a pool of more
    workers than that only takes turns."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def file_size(path: os.PathLike[str]) -> int:
    """A source's size, as the weight of its work; 0 when it cannot be read (the work reports that)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
