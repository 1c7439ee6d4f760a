"""`strange-tui new`: make a character without the TUI, with the wizard's own checks; with
``--solo``, start a solo campaign (no GM: the app sits in the chair) first, or switch an
existing one to solo play."""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from typing import Any

import msgspec

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character.attacks import ability_sheet
from strange_tui.campaign.commands.creation import CreateCharacter
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.campaign.model.terms import RuleViolation, Stat
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.campaign.narrate.sheet import sheet_data, text_sheet
from strange_tui.cli.campaign import folder_of
from strange_tui.cli.parsing import UsageError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.paths import new_campaign_path, saves_dir

CHARACTER_NEEDS = ("name", "descriptor", "type", "focus")
"""The options without which no character is made (the sentence and a name)."""


def lookup(entries: dict[str, Any], wanted: str, what: str) -> str:
    """An entry's id from its id or its name, any case."""
    folded = wanted.strip().casefold()
    for entry_id, entry in entries.items():
        if folded in (entry_id, entry.name.casefold()):
            return entry_id
    every = [entry.name for entry in entries.values()]
    if len(every) <= MAX_LISTED:
        raise UsageError(f"no {what} {wanted!r}; choose one of: {', '.join(every)}")
    near = difflib.get_close_matches(wanted.strip(), every, n=5, cutoff=0.5)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    kind = {"ability": "abilities", "focus": "foci"}.get(what, f"{what}s")
    raise UsageError(f"no {what} {wanted!r}{hint} (`strange-tui content {kind}` lists them)")


MAX_LISTED = 30
"""Past this many, a name not found gets the nearest names, not the whole list."""


CHOSEN = re.compile(r"^(?P<name>.+?)\s*\((?P<option>[^()]*)\)\s*$")


def ability_key(abilities: dict[str, Any], wanted: str) -> str:
    """An ability as the draft keeps it: '<Name> (melee)' → '<name-id>:melee'."""
    found = CHOSEN.match(wanted) or re.match(r"^(?P<name>[^:]+):(?P<option>.*)$", wanted)
    if not found:
        return lookup(abilities, wanted, "ability")
    option = found["option"].strip().casefold()
    return f"{lookup(abilities, found['name'], 'ability')}:{option}"


def listed(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def draft_from(args: argparse.Namespace, content: Any) -> Draft:
    bonus = {}
    if args.pools:
        try:
            numbers = [int(part) for part in args.pools.split(",")]
        except ValueError:
            raise UsageError("--pools takes three whole numbers: might,speed,intellect") from None
        if len(numbers) != 3:
            raise UsageError("--pools takes three whole numbers: might,speed,intellect")
        bonus = {stat: n for stat, n in zip(Stat, numbers, strict=True) if n}
    abilities = content.kind("abilities")
    type_id = lookup(content.kind("types"), args.type, "type")
    edge_choice = 0
    kind = content.kind("types")[type_id]
    if args.edge and kind.edge_choices:
        pools = [next((s for s in Stat if getattr(c, s.value)), None) for c in kind.edge_choices]
        matches = [i for i, stat in enumerate(pools) if stat and stat.value == args.edge.lower()]
        if not matches:
            raise UsageError(f"--edge: {kind.name} puts Edge in {', '.join(str(p) for p in pools)}")
        edge_choice = matches[0]
    return Draft(
        descriptor=lookup(content.kind("descriptors"), args.descriptor, "descriptor"),
        type=type_id,
        focus=lookup(content.kind("foci"), args.focus, "focus"),
        bonus=bonus,
        edge_choice=edge_choice,
        abilities=tuple(ability_key(abilities, a) for a in listed(args.abilities)),
        focus_choice=lookup(abilities, args.focus_choice, "ability") if args.focus_choice else "",
        chosen_skills=tuple(listed(args.skills)),
        weapons=tuple(lookup(content.kind("weapons"), w, "weapon") for w in listed(args.weapons)),
        armor=armor_of(content, args.armor),
        cyphers=tuple(lookup(content.kind("cyphers"), c, "cypher") for c in listed(args.cyphers)),
        answers=answers_of(args.choice or []),
        name=args.name,
        notes=args.notes or "",
    )


def answers_of(given: list[str]) -> dict[str, tuple[str, ...]]:
    """``--choice "Name=a,b"`` (repeatable) as the draft's answers, by the asking entry's
    name as the packs spell it (any case is found when the draft is checked)."""
    answers: dict[str, tuple[str, ...]] = {}
    for choice in given:
        name, sep, picks = choice.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--choice takes NAME=PICK,PICK...; not {choice!r}")
        answers[name.strip()] = tuple(listed(picks))
    return answers


def spelled(content: Any, draft: Draft) -> Draft:
    """The draft's answers keyed as the questions spell their entries (in any case); a
    key that no question asks is refused, naming what is asked."""
    from strange_tui.campaign.model.creation import draft_questions

    asked = {q.key.casefold(): q.key for q in draft_questions(content, draft)}
    answers = {}
    for key, picks in draft.answers.items():
        if key.casefold() not in asked:
            wanted = ", ".join(sorted(set(asked.values()))) or "nothing"
            raise UsageError(f"--choice {key!r}: no such question; asked: {wanted}")
        answers[asked[key.casefold()]] = picks
    return msgspec.structs.replace(draft, answers=answers)


def armor_of(content: Any, wanted: str | None) -> str:
    """The armor an ability starts the character in ('' for none)."""
    if not wanted or wanted.strip().casefold() == "none":
        return ""
    return lookup(content.kind("armor"), wanted, "armor")


def run_new(args: argparse.Namespace) -> int:
    """Create the character in the campaign: the wizard's own command, so the same checks
    and the same one `character created` event. ``--solo`` first makes the campaign a solo
    one (a new campaign when there is none by that name yet)."""
    from strange_tui.content.loader import Content, user_pack_files

    if args.intrusions and not args.solo:
        raise UsageError("--intrusions goes with --solo (with a GM, the GM intrudes)")
    given = [f"--{need}" for need in CHARACTER_NEEDS if getattr(args, need) is not None]
    if not args.solo and len(given) < len(CHARACTER_NEEDS):
        missing = [f"--{need}" for need in CHARACTER_NEEDS if f"--{need}" not in given]
        raise UsageError(f"the following arguments are required: {', '.join(missing)}")
    if args.solo and given and len(given) < len(CHARACTER_NEEDS):
        raise UsageError("a character needs --name, --descriptor, --type and --focus")
    folder = solo_campaign(args) if args.solo else folder_of(args)
    if not given:
        return 0
    content = Content(user_pack_files(folder.path.parent))
    draft = spelled(content, draft_from(args, content))
    store = folder.open()
    try:
        (event,) = store.apply(decide(store.state, CreateCharacter(draft=draft, content=content)))
    except RuleViolation as problem:
        step_7 = str(problem).startswith("Step 7")
        hint = ' (answer with --choice "NAME=PICK,...")' if step_7 else ""
        raise UsageError(f"{problem}{hint}") from None
    assert isinstance(event, CharacterCreated)
    character = event.character
    store.compact()
    sheet = sheet_data(character, attacks=ability_sheet(store.state, character, content).attacks)
    print(json.dumps(sheet) if args.json else terminal(text_sheet(sheet)))
    return 0


def solo_campaign(args: argparse.Namespace) -> CampaignFolder:
    """The campaign made solo (``--solo``): made new when there is none by that name, else
    switched to solo play (one settings change); the app's intrusions as ``--intrusions``
    says. Says what it did (on stderr when the sheet follows as JSON)."""
    saves = saves_dir(args.saves)
    try:
        path, exists = new_campaign_path(args.campaign, saves)
    except ValueError as error:
        raise UsageError(str(error)) from None
    made = not exists
    if made:  # Named, never a path: the folder is the name's, in the saves directory.
        folder = CampaignFolder.create(saves, args.campaign.strip(), slug=path.name)
    else:
        folder = CampaignFolder(path)
    store = folder.open()
    settings = store.state.settings
    change = ChangeSettings(solo=True, solo_intrusions=args.intrusions)
    if not settings.solo or (args.intrusions and args.intrusions != settings.solo_intrusions):
        store.apply(decide(store.state, change))
    store.compact()
    state = store.state
    how = "Made" if made else "Solo play in"
    said = (
        f"{how} {state.name} ({folder.path}): no GM, the app sits in the chair;"
        f" its intrusions: {state.settings.solo_intrusions}."
    )
    print(terminal(said), file=sys.stderr if args.json else sys.stdout)
    return folder


def register(commands: argparse._SubParsersAction) -> None:
    new = commands.add_parser(
        "new",
        help="create a character (the eleven steps, as options); --solo: a solo campaign",
    )
    new.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    new.add_argument(
        "--solo",
        action="store_true",
        help="play without a GM: make CAMPAIGN (or switch it to solo play); the character"
        " options may follow, or come later",
    )
    new.add_argument(
        "--intrusions",
        choices=("off", "rare", "often"),
        help="in solo play, how often the app proposes an intrusion on a roll that is not"
        " a 1 (rare: 1 in 20; often: 3 in 20; default rare)",
    )
    new.add_argument("--name", help="the character's name (required)")
    new.add_argument("--descriptor", help="e.g. Tough (required)")
    new.add_argument("--type", help="Vector, Paradox or Spinner (required)")
    new.add_argument("--focus", help='e.g. "Is Licensed to Carry" (required)')
    new.add_argument("--pools", metavar="M,S,I", help="the type's bonus points, e.g. 3,3,0")
    new.add_argument("--edge", metavar="STAT", help="where Edge goes, when the type lets you pick")
    new.add_argument(
        "--abilities",
        metavar="A,B,...",
        help="the type's first-tier abilities; a choice in brackets: 'Name (melee)',"
        " 'Name (intellect)'",
    )
    new.add_argument("--focus-choice", metavar="ABILITY", help="when the focus offers a choice")
    new.add_argument("--skills", metavar="S,...", help="skills the descriptor lets you pick")
    new.add_argument(
        "--choice",
        metavar="NAME=PICK,...",
        action="append",
        help="what an ability, descriptor or focus asks, by its name: skills to pick"
        " ('NAME=persuading,deceiving'), points to divide ('NAME=might=2,speed=1'), or one pick"
        " ('NAME=melee'); repeat for each",
    )
    new.add_argument("--weapons", metavar="W,...", help="weapons of your choice")
    new.add_argument(
        "--armor",
        metavar="ARMOR",
        help="light, medium or heavy: the armor an ability lets the character start in",
    )
    new.add_argument("--cyphers", metavar="C,...", help="starting cyphers, if the GM allows")
    new.add_argument("--notes", help="a brief background")
    new.add_argument("--json", action="store_true", help="print the sheet as JSON")
    new.add_argument("--saves", metavar="DIR", help="the saves directory")
    new.set_defaults(run=run_new)
