"""Fingerprints of the CSRD's eight-word runs, so the own-words test needs no copy of it.

The file ``csrd_runs.bin`` holds a one-line JSON header and then the sorted, unique
six-byte BLAKE2b digests of every run of eight words in the reference's Markdown. A digest
cannot be read back into words, so the repository reproduces no sentence of the reference,
yet a description that shares a run with it is still found.

Remake it after the reference changes (from the repository's root):

    python -m tests.content.csrd_runs PATH/TO/csrd           # write csrd_runs.bin
    python -m tests.content.csrd_runs PATH/TO/csrd --check   # exit 1 when it is stale
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

RUN = 8
"""How many words in a row make a copied run."""
DIGEST_BYTES = 6
"""Six bytes: about 200,000 runs give a false match once in millions of descriptions."""
WORD = r"[a-z0-9']+"
HASH = f"blake2b-{DIGEST_BYTES}"
FILE = Path(__file__).with_name("csrd_runs.bin")


def words(text: str) -> list[str]:
    return re.findall(WORD, text.lower())


def digest(run: tuple[str, ...] | list[str]) -> bytes:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=DIGEST_BYTES).digest()


def run_digests(text: str) -> set[bytes]:
    """The digest of every run of ``RUN`` words in ``text``."""
    found = words(text)
    return {digest(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


def parameters() -> dict[str, object]:
    """What a file must have been made with to be read by this module."""
    return {"run": RUN, "hash": HASH, "words": WORD}


def build(reference: Path) -> tuple[dict[str, object], bytes]:
    """The header and body for every ``*.md`` file below ``reference``."""
    sources = hashlib.sha256()
    runs: set[bytes] = set()
    for path in sorted(reference.rglob("*.md")):
        text = path.read_text(encoding="utf-8", errors="replace")
        sources.update(path.relative_to(reference).as_posix().encode() + b"\0")
        sources.update(text.encode() + b"\0")
        runs |= run_digests(text)
    body = b"".join(sorted(runs))
    header = parameters() | {
        "count": len(runs),
        "body_sha256": hashlib.sha256(body).hexdigest(),
        "sources_sha256": sources.hexdigest(),
    }
    return header, body


def read(path: Path = FILE) -> tuple[dict[str, object], bytes]:
    """The header and body of a fingerprint file."""
    head, _, body = path.read_bytes().partition(b"\n")
    return json.loads(head), body


def load(path: Path = FILE) -> frozenset[bytes]:
    _, body = read(path)
    return frozenset(body[i : i + DIGEST_BYTES] for i in range(0, len(body), DIGEST_BYTES))


def write(header: dict[str, object], body: bytes, path: Path = FILE) -> None:
    path.write_bytes(json.dumps(header, sort_keys=True).encode() + b"\n" + body)


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    header, body = build(Path(argv[0]))
    if "--check" in argv[1:]:
        stale = read()[0] != header
        print(f"{FILE.name} is {'stale: remake it' if stale else 'up to date'}")
        return int(stale)
    write(header, body)
    print(f"wrote {FILE} ({header['count']} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
