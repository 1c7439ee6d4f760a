"""`strange-tui check`, `sheet` and `log`: a campaign's files, characters and history."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.events import AnyEvent, batches
from strange_tui.campaign.model.state import Campaign, Character, Clock
from strange_tui.campaign.narrate.log import command_sentence, involves, names_of
from strange_tui.campaign.narrate.plain import one_line, terminal
from strange_tui.campaign.narrate.sheet import (
    find_character,
    markdown_sheet,
    sheet_data,
    text_sheet,
)
from strange_tui.campaign.narrate.sheet_html import PAPER_SIZES, html_page, paper_sheet
from strange_tui.campaign.narrate.story import markdown_story
from strange_tui.cli.parsing import Parser, UsageError, at_least_zero
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
    state = folder_of(args).check()
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
    state = folder_of(args).check()
    try:
        characters = (
            [find_character(state, args.name)] if args.name else list(state.characters.values())
        )
    except KeyError as missing:
        raise UsageError(str(missing.args[0])) from None
    now = moment(state)
    if args.format in PRINTED:
        return print_sheets(args, state, characters, now)
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


def print_sheets(
    args: argparse.Namespace, state: Campaign, characters: list[Character], now: int | None
) -> int:
    """The sheets as a page to print, a character a page: on stdout or in ``--out``, or
    printed to the PDF ``--out`` (exit 1, one line, when it cannot be)."""
    if not characters:
        raise UsageError(f"{state.name} has no characters yet: there is no sheet to print.")
    title = characters[0].name if args.name else f"{state.name}: the party"
    sheets = [paper_sheet(character, state.recursion, now) for character in characters]
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
    sheet.add_argument("--format", choices=("text", "md", "json", *PRINTED), default="text")
    sheet.add_argument(
        "--out", metavar="FILE", help="write the page (html) or the PDF (pdf, required) here"
    )
    sheet.add_argument(
        "--paper", choices=tuple(PAPER_SIZES), help="the paper to print on (default: a4)"
    )
    sheet.add_argument("--saves", metavar="DIR", help="the saves directory")
    sheet.set_defaults(run=run_sheet)
    log = commands.add_parser("log", help="the campaign's events as sentences (a recap)")
    log.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    log.add_argument("--format", choices=("text", "md"), default="text")
    log.add_argument("--character", metavar="NAME", help="only events about this character")
    log.add_argument("--last", type=at_least_zero, metavar="N", help="only the last N events")
    log.add_argument("--saves", metavar="DIR", help="the saves directory")
    log.set_defaults(run=run_log)
