"""`strange-tui export CAMPAIGN --to FILE.zip` and `import FILE.zip [--as NAME]`: a whole
campaign to and from a verified backup (the archive itself: ``storage/archive.py``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from strange_tui.campaign.narrate.plain import one_line
from strange_tui.cli.parsing import UsageError
from strange_tui.storage.archive import ArchiveError, export_campaign, import_campaign
from strange_tui.storage.paths import campaign_path, saves_dir

PROG = "strange-tui"
REFUSED = 1


def export_archive(args: argparse.Namespace) -> int:
    """Back up the campaign into a new .zip: 0 made, 1 refused (one line says why)."""
    try:
        campaign = campaign_path(args.campaign, saves_dir(args.saves))
    except ValueError as error:  # A name with nothing to make a folder name of.
        raise UsageError(str(error)) from None
    try:
        line = export_campaign(campaign, Path(args.to).expanduser())
    except ArchiveError as error:
        return refused(error)
    print(one_line(line))
    return 0


def import_archive(args: argparse.Namespace) -> int:
    """Take a backup in as a new campaign of the saves directory: 0 made, 1 refused."""
    archive = Path(args.archive).expanduser()
    if archive.is_dir() and not archive.is_symlink():  # Opened, it fails with a bare errno.
        return refused(ArchiveError(f"{archive}: is a folder, not a backup; nothing was imported"))
    try:
        _, line = import_campaign(archive, saves_dir(args.saves), args.as_name)
    except ArchiveError as error:
        return refused(error)
    print(one_line(line))
    return 0


def refused(error: ArchiveError) -> int:
    sys.stderr.write(f"{PROG}: {one_line(str(error))}\n")
    return REFUSED
