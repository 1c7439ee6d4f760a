"""`strange-tui check`, `sheet` and `log`: a campaign's files, characters and history."""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.state import Campaign, Character, Clock
from strange_tui.campaign.model.types import DAY_SECONDS
from strange_tui.campaign.narrate.log import command_sentence, involves
from strange_tui.campaign.narrate.plain import one_line, terminal
from strange_tui.campaign.narrate.sheet import (
    find_character,
    markdown_sheet,
    sheet_data,
    text_sheet,
)
from strange_tui.campaign.narrate.sheet_html import PAPER_SIZES, html_page, paper_sheet
from strange_tui.campaign.narrate.story import markdown_story
from strange_tui.cli.parsing import Parser, UsageError, at_least_zero, markdown_is_md
from strange_tui.cli.print_pdf import PrintError, print_pdf, write_output
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.paths import campaign_path, saves_dir


def folder_of(args: argparse.Namespace) -> CampaignFolder:
    try:
        path = campaign_path(args.campaign, saves_dir(args.saves))
    except ValueError as error:
        raise UsageError(str(error)) from None
    return CampaignFolder(path)


def run_check(args: argparse.Namespace) -> int:
    """Validate every file of a campaign, changing none: 0 valid, 1 invalid (the
    CampaignFileError is reported by ``main``)."""
    state = folder_of(args).check(full=args.full)
    party = len(state.characters)
    print(
        terminal(f"ok: {state.name} — {party} character{'s' * (party != 1)},")
        + f" {state.seq} events, {state.clock.label()}"
    )
    return 0


PRINTED = ("html", "pdf")
"""The formats for paper: a page to print, and the PDF printed from it."""


def run_sheet(args: argparse.Namespace) -> int:
    """Print one character's sheet (or the whole party's) as text, Markdown or JSON, or
    as a page to print (HTML, or a PDF file where Chromium can print it)."""
    if args.format == "pdf" and not args.out:
        raise UsageError("--format pdf writes a file: give --out FILE.pdf")
    if args.format not in PRINTED and (args.out or args.paper):
        raise UsageError(f"--{'out' if args.out else 'paper'} is for --format html or pdf")
    folder = folder_of(args)
    state = folder.check()
    try:
        characters = (
            [find_character(state, args.name)] if args.name else list(state.characters.values())
        )
    except KeyError as missing:
        raise UsageError(str(missing.args[0])) from None
    now = moment(state)
    attacks = tracker_attacks(folder, state, characters)
    if args.format in PRINTED:
        return print_sheets(args, state, characters, now, attacks)
    sheets = [sheet_data(character, now, attacks[character.id]) for character in characters]
    if args.format == "json":
        print(
            json.dumps(sheets[0] if args.name else {"campaign": state.name, "characters": sheets})
        )
    else:
        render = markdown_sheet if args.format == "md" else text_sheet
        print(
            terminal("\n\n".join(render(sheet) for sheet in sheets))
            or terminal(f"{state.name} has no characters yet.")
        )
    return 0


def tracker_attacks(
    folder: CampaignFolder, state: Campaign, characters: list[Character]
) -> dict[str, tuple[Any, ...]]:
    """Each character's attacks as the tracker lists them (the weapons carried and their
    damage, bare hands, the abilities' attacks), by id, for the sheets (R-CMB-2)."""
    from strange_tui.campaign.commands.character.attacks import ability_sheet
    from strange_tui.content.loader import Content, user_pack_files

    content = Content(user_pack_files(folder.path.parent))
    return {c.id: ability_sheet(state, c, content).attacks for c in characters}


def print_sheets(
    args: argparse.Namespace,
    state: Campaign,
    characters: list[Character],
    now: int | None,
    attacks: dict[str, tuple[Any, ...]],
) -> int:
    """The sheets as a page to print, a character a page: on stdout or in ``--out``, or
    printed to the PDF ``--out`` (exit 1, one line, when it cannot be)."""
    if not characters:
        raise UsageError(f"{state.name} has no characters yet: there is no sheet to print.")
    title = characters[0].name if args.name else f"{state.name}: the party"
    sheets = [paper_sheet(c, state.recursion, now, attacks[c.id]) for c in characters]
    page = html_page(title, sheets, args.paper or "a4")
    try:
        if args.format == "pdf":
            print_pdf(page, Path(args.out))
        elif args.out:
            write_output(Path(args.out), page.encode("utf-8"))
        else:
            sys.stdout.write(page)
    except PrintError as refused:
        sys.stderr.write(f"strange-tui: {terminal(str(refused))}\n")
        return 1
    return 0


def run_log(args: argparse.Namespace) -> int:
    """The campaign's events as sentences, a line for each command: text, printed as it
    is read (oldest first, or newest first), or a Markdown recap that reads as a story
    (days, scenes, fights). The files are checked first, the history from what the cache
    of verified chunks remembers (``storage.verified``); a chunk changed since is read
    whole as it comes, and damage ends the output with the one line and exit 1."""
    if args.format == "md" and args.newest_first:
        raise UsageError("--newest-first is for the text log: the Markdown recap is a story")
    folder = folder_of(args)
    state = folder.check(keep=True)
    names = folder.checked_names(state)  # Every fight's NPCs, before the first line.
    who = None
    if args.character:
        try:
            who = find_character(state, args.character).id
        except KeyError as missing:
            raise UsageError(str(missing.args[0])) from None
    backwards = args.newest_first or bool(args.last)  # --last: read from the end.
    after = args.since[1] if args.since and args.since[0] == "event" else 0
    runs = folder.checked_runs(newest_first=backwards, after=after)
    chosen = (shown(run, who, args.since) for run in command_runs(runs, backwards))
    if args.last:
        kept = list(itertools.islice(itertools.chain.from_iterable(chosen), args.last))
        chosen = iter([kept if args.newest_first else kept[::-1]])
    if args.format == "md":
        commands = [command for run in chosen for command in run]
        print("\n".join(markdown_log(state.name, commands, names)))
        return 0
    for commands in chosen:
        sys.stdout.write("".join(text_line(command, names) for command in commands))
        sys.stdout.flush()  # A chunk at a time: a pager or `| head` sees lines at once.
    return 0


Command = tuple[AnyEvent, ...]


def text_line(command: Command, names: dict[str, str]) -> str:
    """A command as the text log's line: when, then what happened."""
    return (
        f"{Clock(seconds=command[0].at).label():<15} {one_line(command_sentence(command, names))}\n"
    )


def command_runs(runs: Iterable[list[AnyEvent]], newest_first: bool) -> Iterator[list[Command]]:
    """The commands in runs of events (what ``batches`` makes of them all joined), a
    list for each run: oldest first, or (runs newest first) newest first. A command cut
    by a chunk's end comes whole with the run that ends it."""
    pending: list[AnyEvent] = []  # Newest first: reversed, the command's tail so far.
    for run in runs:
        commands: list[Command] = []
        if not newest_first:
            for event in run:
                if event.batch == 0 and pending:
                    commands.append(tuple(pending))
                    pending = []
                pending.append(event)
        else:
            for event in reversed(run):
                pending.append(event)
                if event.batch == 0:
                    commands.append(tuple(reversed(pending)))
                    pending = []
        yield commands
    if pending:
        yield [tuple(pending) if not newest_first else tuple(reversed(pending))]


def shown(commands: list[Command], who: str | None, since: Since | None) -> list[Command]:
    """The commands ``--since`` and ``--character`` keep: a command with an event at or
    after the event number, or made at or after the moment; only a character's events
    (the commands with none left out)."""
    if since is not None:
        kind, value = since
        if kind == "event":
            commands = [command for command in commands if command[-1].seq >= value]
        else:
            commands = [command for command in commands if command[0].at >= value]
    if who is not None:
        mine = (tuple(event for event in command if involves(event, who)) for command in commands)
        commands = [command for command in mine if command]
    return commands


Since = tuple[str, int]
_DAY = re.compile(r"day\s*(\d{1,9})(?:,?\s+(\d{1,2}):(\d{2}))?", re.IGNORECASE)


def since_value(text: str) -> Since:
    """``--since``: an event number (``4500``), or a moment as the log prints it
    (``"day 12"``, ``"day 12, 14:05"``)."""
    text = text.strip()
    if text.isdigit() and int(text) > 0:
        return "event", int(text)
    day = _DAY.fullmatch(text)
    if (
        day
        and int(day.group(1)) > 0
        and int(day.group(2) or 0) < 24
        and int(day.group(3) or 0) < 60
    ):
        hours, minutes = int(day.group(2) or 0), int(day.group(3) or 0)
        return "at", (int(day.group(1)) - 1) * DAY_SECONDS + hours * 3600 + minutes * 60
    raise argparse.ArgumentTypeError(
        f"expected an event number (4500) or a day as the log prints it ('day 12' or"
        f" 'day 12, 14:05'), got {text!r}"
    )


def markdown_log(
    title: str, commands: list[tuple[AnyEvent, ...]], names: dict[str, str]
) -> list[str]:
    """The recap's lines, as a story: days, scenes and fights as headings, each command a
    list item with its time, the player's scene notes as paragraphs in their place."""
    return markdown_story(title, commands, names)


def register(commands: argparse._SubParsersAction) -> None:
    """Add `check` and `sheet` to the command parser."""
    check = commands.add_parser("check", help="validate a campaign's files (exit 1 if invalid)")
    check.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    check.add_argument(
        "--full",
        action="store_true",
        help="read every history chunk whole, even those verified before and unchanged",
    )
    check.add_argument("--saves", metavar="DIR", help="the saves directory")
    check.set_defaults(run=run_check)
    sheet: Parser = commands.add_parser("sheet", help="print a character sheet")
    sheet.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    sheet.add_argument("name", nargs="?", metavar="NAME", help="a character (default: all)")
    sheet.add_argument(
        "--format", type=markdown_is_md, choices=("text", "md", "json", *PRINTED), default="text"
    )
    sheet.add_argument(
        "--out", metavar="FILE", help="write the page (html) or the PDF (pdf, required) here"
    )
    sheet.add_argument(
        "--paper", choices=tuple(PAPER_SIZES), help="the paper to print on (default: a4)"
    )
    sheet.add_argument("--saves", metavar="DIR", help="the saves directory")
    sheet.set_defaults(run=run_sheet)
    log = commands.add_parser(
        "log",
        help="the campaign's events as sentences (a recap), a line for each command",
        description="The campaign's events as sentences, a line for each command, oldest"
        " first, printed as they are read.",
    )
    log.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    log.add_argument("--format", type=markdown_is_md, choices=("text", "md"), default="text")
    log.add_argument("--character", metavar="NAME", help="only events about this character")
    log.add_argument(
        "--since",
        type=since_value,
        metavar="WHEN",
        help="from an event number (4500) or a day as the log prints it ('day 12',"
        " 'day 12, 14:05') on",
    )
    log.add_argument(
        "--last", type=at_least_zero, metavar="N", help="only the last N lines (commands)"
    )
    log.add_argument(
        "--newest-first", action="store_true", help="the newest line first (text only)"
    )
    log.add_argument("--saves", metavar="DIR", help="the saves directory")
    log.set_defaults(run=run_log)
