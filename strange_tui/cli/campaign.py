"""`strange-tui check`, `sheet` and `log`: a campaign's files, characters and history."""

from __future__ import annotations

import argparse
import json

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.events import AnyEvent, batches
from strange_tui.campaign.model.state import Clock
from strange_tui.campaign.narrate.log import command_sentence, involves, names_of
from strange_tui.campaign.narrate.plain import one_line, terminal
from strange_tui.campaign.narrate.sheet import (
    find_character,
    markdown_sheet,
    sheet_data,
    text_sheet,
)
from strange_tui.campaign.narrate.story import markdown_story
from strange_tui.cli.parsing import Parser, UsageError, at_least_zero
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
    state = folder_of(args).check()
    party = len(state.characters)
    print(
        terminal(f"ok: {state.name} — {party} character{'s' * (party != 1)},")
        + f" {state.seq} events, {state.clock.label()}"
    )
    return 0


def run_sheet(args: argparse.Namespace) -> int:
    """Print one character's sheet (or the whole party's) as text, Markdown or JSON."""
    state = folder_of(args).check()
    try:
        characters = (
            [find_character(state, args.name)] if args.name else list(state.characters.values())
        )
    except KeyError as missing:
        raise UsageError(str(missing.args[0])) from None
    now = moment(state)
    sheets = [sheet_data(character, now) for character in characters]
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


def run_log(args: argparse.Namespace) -> int:
    """The campaign's events as sentences, oldest first: text, or a Markdown recap that
    reads as a story (days, scenes, fights)."""
    folder = folder_of(args)
    state = folder.check()
    events = list(folder.events())
    names = names_of(state, events)  # Before the filter: the NPCs of every fight.
    if args.character:
        try:
            who = find_character(state, args.character).id
        except KeyError as missing:
            raise UsageError(str(missing.args[0])) from None
        events = [event for event in events if involves(event, who)]
    if args.last:
        events = events[-args.last :]
    commands = batches(events)  # One line for each thing a player did.
    if args.format == "md":
        print("\n".join(markdown_log(state.name, commands, names)))
    else:
        for command in commands:
            line = one_line(command_sentence(command, names))
            print(f"{Clock(seconds=command[0].at).label():<15} {line}")
    return 0


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
    check.add_argument("--saves", metavar="DIR", help="the saves directory")
    check.set_defaults(run=run_check)
    sheet: Parser = commands.add_parser("sheet", help="print a character sheet")
    sheet.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    sheet.add_argument("name", nargs="?", metavar="NAME", help="a character (default: all)")
    sheet.add_argument("--format", choices=("text", "md", "json"), default="text")
    sheet.add_argument("--saves", metavar="DIR", help="the saves directory")
    sheet.set_defaults(run=run_sheet)
    log = commands.add_parser("log", help="the campaign's events as sentences (a recap)")
    log.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    log.add_argument("--format", choices=("text", "md"), default="text")
    log.add_argument("--character", metavar="NAME", help="only events about this character")
    log.add_argument("--last", type=at_least_zero, metavar="N", help="only the last N events")
    log.add_argument("--saves", metavar="DIR", help="the saves directory")
    log.set_defaults(run=run_log)
