"""Fuzz the campaign files: mutate the demo's files many ways, then check and open each
copy. Counts cases, clean refusals, opens, tracebacks (any other exception) and files
changed by a read-only check or by an open that refused.

Then field by field: one value of the snapshot or of a history chunk changed at a time (a
number, a letter of a text, a true or false), and counts how many changed the campaign's
state or its log while `check` passed (the seals are there to make that 0).

Then shape by shape, the files the standard TOML reader would spend the machine on (many
keys of 63 parts, many short tables, keys holding lists, inline tables of dotted keys...)
read by each reader (a campaign's journal, a pack, the config), each in a child process:
its peak memory against the file's size, as made (refused) and padded with a comment to
just pass the budget (read). The target is 50 times, whatever the shape.

    python bench/fuzz_files.py [--cases N] [--fields N] [--seed S] [--shape-bytes N]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from strange_tui.rules.errors import RuleViolation  # noqa: E402
from strange_tui.storage.errors import CampaignFileError  # noqa: E402
from strange_tui.storage.folder import CampaignFolder  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "saves" / "demo"
FILES = ["campaign.toml", "journal.toml", "history/0001.toml", "history/0002.toml"]
SEALED = ["campaign.toml", "history/0001.toml", "history/0002.toml"]
VALUE = re.compile(rb"^(?P<key>[A-Za-z0-9_.-]+ = )(?P<value>.+)$", re.MULTILINE)
SNIPPETS = [b"\x00", b"\xff\xfe", b"]]", b"[[events]]\n", b'"', b"= =", b"\r\n", b"9" * 30,
            b"-1", b"\n[state.encounter]\nturn = 99\n", b"nan", b"[" * 500, b"\x1b[2J"]  # fmt: skip


def mutate(data: bytes, rng: random.Random) -> bytes:
    way = rng.randrange(6)
    at = rng.randrange(len(data) + 1)
    if way == 0:  # Flip a byte.
        if not data:
            return b"x"
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1 :]
    if way == 1:  # Cut.
        return data[:at]
    if way == 2:  # Insert a snippet.
        return data[:at] + rng.choice(SNIPPETS) + data[at:]
    if way == 3:  # Delete a run.
        return data[:at] + data[at + rng.randrange(1, 200) :]
    if way == 4:  # Change a number.
        digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
        if not digits:
            return data
        i = rng.choice(digits)
        return data[:i] + str(rng.choice([0, 9, 99999999999, -5])).encode() + data[i + 1 :]
    return data + rng.choice(SNIPPETS)  # Append.


def mutate_field(data: bytes, rng: random.Random) -> bytes:
    """``data`` with one value changed: a number, a letter of a text, a true or false."""
    values = [m for m in VALUE.finditer(data) if not m.group("key").startswith(b"check")]
    found = rng.choice(values)
    value = found.group("value")
    if value in (b"true", b"false"):
        new = b"false" if value == b"true" else b"true"
    elif value.lstrip(b"-").isdigit():
        new = str(int(value) + rng.choice([-1, 1, 7, 100])).encode()
    elif value.startswith(b'"') and len(value) > 2:
        at = rng.randrange(1, len(value) - 1)
        new = value[:at] + rng.choice(b"aeiouxz").to_bytes(1, "big") + value[at + 1 :]
    else:
        new = value + b" "
    return data[: found.start("value")] + new + data[found.end("value") :]


def fuzz_fields(cases: int, rng: random.Random) -> int:
    """One-field mutations of the sealed files; how many slipped past `check`."""
    counts = {"changed": 0, "refused": 0, "slipped": 0}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        shutil.copytree(DEMO, base)
        state = CampaignFolder(base).check()
        log = list(CampaignFolder(base).events())
        for case in range(cases):
            folder = Path(scratch) / f"f{case}"
            shutil.copytree(DEMO, folder)
            path = folder / rng.choice(SEALED)
            data = path.read_bytes()
            mutated = mutate_field(data, rng)
            if mutated == data:
                shutil.rmtree(folder)
                continue
            counts["changed"] += 1
            path.write_bytes(mutated)
            try:
                checked = CampaignFolder(folder).check()
                if checked != state or list(CampaignFolder(folder).events()) != log:
                    counts["slipped"] += 1
            except (CampaignFileError, RuleViolation):
                counts["refused"] += 1
            shutil.rmtree(folder)
    print(
        f"{cases} one-field mutations of the snapshot and history: {counts['changed']} changed"
        f" a file, {counts['refused']} refused by check, {counts['slipped']} changed the state"
        " or the log with check passing"
    )
    return counts["slipped"]


K62 = ".".join("k" for _ in range(62))
TARGET = 50
SHAPES = {
    "keys of 63 parts": lambda i: f"n{i:x}.{K62} = 1\n",
    "keys of 63 parts, lists": lambda i: f"n{i:x}.{K62} = []\n",
    "keys of 8 parts": lambda i: f"n{i:x}.k.k.k.k.k.k.k = 1\n",
    "keys of 2 parts": lambda i: f"n{i:x}.k = 1\n",
    "keys of 63 parts, one prefix": lambda i: f"{K62}.n{i:x} = 1\n",
    "short tables": lambda i: f"[n{i:x}]\n",
    "tables of 63 parts": lambda i: f"[n{i:x}.{K62}]\n",
    "quoted tables of 63 parts": lambda i: f'["{i}".{K62}]\n',
    "arrays of tables of 63 parts": lambda i: f"[[n{i:x}.{K62}]]\n",
    "a table each array entry": lambda i: f"[[a]]\n[a.{K62}]\n",
    "keys holding lists": lambda i: f"n{i:x} = []\n",
    "keys holding tables": lambda i: f"n{i:x} = {{}}\n",
    "deep inline tables": lambda i: f"n{i:x} = " + "{b=" * 200 + "1" + "}" * 200 + "\n",
    "deep arrays": lambda i: f"n{i:x} = " + "[" * 200 + "]" * 200 + "\n",
    "tiny inline tables in arrays": lambda i: f"n{i:x} = [" + "{}," * 30 + "]\n",
    "dotted keys in inline tables": lambda i: f"n{i:x} = {{{K62} = 1}}\n",
    "plain keys": lambda i: f"n{i:x} = 1\n",
}
READERS = {
    "journal": """
        from strange_tui.storage.folder import CampaignFolder
        shutil.copytree(DEMO, scratch / "c")
        journal = (DEMO / "journal.toml").read_text()
        (scratch / "c" / "journal.toml").write_text(journal[: journal.index("[[events]]")] + body)
        CampaignFolder(scratch / "c").check()
    """,
    "pack": """
        from strange_tui.content.loader import PackFile
        (scratch / "pack.toml").write_text(body)
        problems = []
        PackFile(scratch / "pack.toml", problems, checked=True)
        if problems:
            raise CampaignFileError(scratch / "pack.toml", problems[0])
    """,
    "config": """
        from strange_tui.storage.config import read_config
        (scratch / "config.toml").write_text(body)
        problems = read_config(scratch / "config.toml")[1]
        if problems:
            raise CampaignFileError(scratch / "config.toml", problems[0])
    """,
}
CHILD = """
import resource, shutil, sys, tempfile
from pathlib import Path
sys.path.insert(0, {root!r})
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.declared import DECLARED_FLOOR, DECLARED_RATIO, NOISE, declared_cost
DEMO = Path({demo!r})
K62 = ".".join("k" for _ in range(62))
body = "".join(({line})(i) for i in range({count}))
if {padded}:  # A comment as long as makes the budget just enough for the body.
    cost = declared_cost(body, NOISE.sub("", body).replace(" ", ""), 10**15)
    body = "# " + "x" * max(0, (cost - DECLARED_FLOOR) // DECLARED_RATIO - len(body)) + "\\n" + body
size = len(body.encode())
resource.setrlimit(resource.RLIMIT_AS, (6 * 1024**3, 6 * 1024**3))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with tempfile.TemporaryDirectory() as scratch:
    scratch = Path(scratch)
    try:
{reader}
        said = "read"
    except CampaignFileError as error:
        said = "refused" if "declares more" in str(error) else "read*"  # Parsed, then refused.
        said = "too big" if "more than it can be" in str(error) else said
    except MemoryError:
        said = "MemoryError"
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
print(size, grown, said)
"""


def shape_costs(size: int) -> int:
    """Each shape read by each reader in a child: peak memory over the file's size."""
    root = str(Path(__file__).resolve().parents[1])
    worst = 0.0
    print(f"\npeak memory / file size, target at most {TARGET}x (padded: just within budget)")
    print(f"{'shape':32} {'reader':8} {'as made':>22} {'padded':>22}")
    for shape, line in SHAPES.items():
        for reader, code in READERS.items():
            # A config is 64 KB at most: smaller, so that even padded it is read.
            count = max(1, (size if reader != "config" else 4096) // len(line(0)))
            cells = []
            for padded in (False, True):
                child = CHILD.format(
                    root=root, demo=str(DEMO), line=_source(shape), count=count,
                    padded=padded, reader=textwrap.indent(textwrap.dedent(code), " " * 8),
                )  # fmt: skip
                done = subprocess.run(
                    [sys.executable, "-c", child], capture_output=True, text=True, timeout=600
                )
                if done.returncode:
                    cells.append("crashed: " + done.stderr.strip().splitlines()[-1][:40])
                    continue
                made, grown, said = done.stdout.split(maxsplit=2)
                ratio = int(grown) / int(made)
                worst = max(worst, ratio)
                cells.append(f"{ratio:5.1f}x {said.strip()[:12]} {int(made) // 1024:>5} KB")
            print(f"{shape:32} {reader:8} {cells[0]:>22} {cells[1]:>22}", flush=True)
    print(f"worst: {worst:.1f}x (target {TARGET}x; read*: parsed, then refused as content)")
    return 1 if worst > TARGET else 0


def _source(shape: str) -> str:
    """A shape's line maker as source for the child (the lambdas above, one per shape)."""
    lines = Path(__file__).read_text().splitlines()
    line = next(text for text in lines if text.strip().startswith(f'"{shape}":'))
    return line.split(":", 1)[1].strip().rstrip(",")


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith("campaign.lock")
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--fields", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shape-bytes", type=int, default=1024 * 1024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {"refused": 0, "opened": 0, "tracebacks": 0, "changed": 0}
    with tempfile.TemporaryDirectory() as scratch:
        for case in range(args.cases):
            folder = Path(scratch) / f"c{case}"
            shutil.copytree(DEMO, folder)
            for _ in range(rng.randint(1, 3)):
                path = folder / rng.choice(FILES)
                path.write_bytes(mutate(path.read_bytes(), rng))
            before = files_of(folder)
            try:
                try:
                    CampaignFolder(folder).check()
                except (CampaignFileError, RuleViolation):
                    pass
                if files_of(folder) != before:
                    counts["changed"] += 1
                try:
                    CampaignFolder(folder).open()
                    counts["opened"] += 1
                except (CampaignFileError, RuleViolation, OSError):
                    counts["refused"] += 1
                    if files_of(folder) != before:
                        counts["changed"] += 1
            except Exception:  # noqa: BLE001 - counting what must never happen
                counts["tracebacks"] += 1
                if counts["tracebacks"] <= 3:
                    traceback.print_exc()
            shutil.rmtree(folder)
    print(
        f"{args.cases} fuzzed campaigns: {counts['opened']} opened, {counts['refused']}"
        f" refused with a message, {counts['tracebacks']} tracebacks,"
        f" {counts['changed']} with files changed by a read or a refused open"
    )
    slipped = fuzz_fields(args.fields, rng)
    over = shape_costs(args.shape_bytes) if args.shape_bytes else 0
    return 1 if counts["tracebacks"] or counts["changed"] or slipped or over else 0


if __name__ == "__main__":
    sys.exit(main())
