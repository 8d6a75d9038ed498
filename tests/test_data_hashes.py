"""Test data stays the bytes it was copied as: a formatter or an editor cannot rewrite it unseen.

Every file under tests/data is listed in tests/data/blobs.txt with its git blob hash, the hash
`git hash-object` prints, so the book's chapters can be compared with upstream's own blobs
(`git rev-parse COMMIT:roofline.md`) without trusting this repository's history.
"""

import hashlib
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
MANIFEST = DATA / "blobs.txt"


def blob_hash(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def listed() -> dict[str, str]:
    lines = MANIFEST.read_text(encoding="utf-8").splitlines()
    return {path: digest for digest, path in (line.split("  ", 1) for line in lines if not line.startswith("#"))}


def on_disk() -> list[str]:
    return sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*") if p.is_file() and p != MANIFEST)


def test_blob_hash_is_gits():
    # `printf 'hello\n' | git hash-object --stdin`
    assert blob_hash(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"


def test_every_data_file_is_listed_and_every_listed_file_exists():
    assert on_disk() == sorted(listed())


@pytest.mark.parametrize("path", sorted(listed()))
def test_data_file_has_its_recorded_bytes(path):
    assert blob_hash((DATA / path).read_bytes()) == listed()[path], (
        f"tests/data/{path} changed; restore it from its source (tests/data/README.md) "
        "or, for this project's own data, record the new hash in tests/data/blobs.txt"
    )


def test_the_four_reformatted_chapters_are_upstreams_again():
    # The hashes of jax-ml/scaling-book 0819a7d's blobs, read from that commit.
    upstream = {
        "roofline": "e349a3b154f52505b174623bc9e13871f088152d",
        "sharding": "7464b1ecc48fb593409ca82cf05bdb47b2aada94",
        "applied-inference": "3e66b5f39b2cc43c812cf1e8a1853afa8639310e",
        "jax-stuff": "a61421eff2b848b761b736c3a3162ef3954c1c98",
    }
    for name, digest in upstream.items():
        assert blob_hash((DATA / "book" / "en-older" / f"{name}.md").read_bytes()) == digest
