"""`strange-tui export CAMPAIGN NAME --to foundry` and `strange-tui import CAMPAIGN
FILE.json`: a character to and from a Foundry VTT Cypher System actor (docs/foundry.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from strange_tui.campaign.foundry import (
    MAX_ACTOR_BYTES,
    ActorError,
    actor_of,
    character_from_actor,
    decode_actor,
)
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.campaign.narrate.sheet import find_character
from strange_tui.cli.campaign import folder_of
from strange_tui.cli.parsing import UsageError
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import read_bytes


def export_actor(args: argparse.Namespace) -> int:
    """Write the character as a Foundry actor (NAME.json here by default; - prints it)."""
    from strange_tui.content.loader import Content, user_pack_files

    folder = folder_of(args)
    state = folder.check()
    try:
        who = find_character(state, args.name)
    except KeyError as missing:
        raise UsageError(str(missing.args[0])) from None
    content = Content(user_pack_files(folder.path.parent))
    actor = actor_of(state, who, content)
    if args.out == "-":  # To a terminal, perhaps: every character past ASCII as an escape.
        sys.stdout.write(json.dumps(actor, indent=2) + "\n")
        return 0
    text = json.dumps(actor, indent=2, ensure_ascii=False) + "\n"
    out = Path(args.out) if args.out else Path(f"{who.id}.json")
    write_new(out, text)
    print(terminal(f"Wrote {who.name} as a Foundry actor to {out}."))
    return 0


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to a new file ``path``: never through a link, never over a file
    (an earlier export, or anything else of that name, is kept, as a backup keeps it)."""
    if path.is_symlink():
        raise UsageError(f"{path} is a symbolic link; give a plain file to write")
    if path.is_dir():
        raise UsageError(f"{path} is a folder; give a file name (--out FILE.json)")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except FileExistsError:
        raise UsageError(
            f"{path} exists already; an export never replaces a file (give another --out,"
            " or --out - to print it)"
        ) from None
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        file.write(text)


def import_actor(args: argparse.Namespace) -> int:
    """Make the actor in FILE a character of CAMPAIGN, by the normal creation command;
    say what did not come across, one line each. A file that is not an actor, or one
    whose descriptor, type or focus does not map, makes nothing (one line, exit 1)."""
    from strange_tui.content.loader import Content, user_pack_files

    folder = folder_of(args)
    try:
        data = read_bytes(Path(args.file), max_bytes=MAX_ACTOR_BYTES)
    except CampaignFileError as problem:
        return refuse(str(problem))
    try:
        actor = decode_actor(data)
    except ActorError as problem:
        return refuse(f"{args.file} {problem}")
    store = folder.open()
    content = Content(user_pack_files(folder.path.parent))
    try:
        made = character_from_actor(actor, content, store.state)
    except ActorError as problem:
        return refuse(f"{args.file} {problem}")
    store.apply(made.events)
    store.compact()
    who = made.character
    print(terminal(f"Imported {who.name} into {store.state.name} as {who.id}."))
    for line in made.report:
        print(terminal(line))
    return 0


def refuse(line: str) -> int:
    sys.stderr.write(f"strange-tui: {terminal(line)}; nothing was imported.\n")
    return 1
