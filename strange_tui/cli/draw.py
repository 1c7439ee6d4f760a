"""`strange-tui draw TABLE [CAMPAIGN]`: a random creature or NPC (by level), cypher,
complication or scene prompt from the packs, with the dice that chose it.

With CAMPAIGN the draw is the app's own command (``Draw``): it reads that campaign's packs
and recursion and goes to its log. Without, it reads the built-in packs and those of the
saves directory, draws for Earth, and keeps nothing."""

from __future__ import annotations

import argparse
import json
from typing import Any

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.draw import Draw, DrawPreview
from strange_tui.campaign.model.events import Drawn
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.parsing import UsageError
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.rules.dice import SeededDice
from strange_tui.storage.paths import saves_dir

WITHOUT_CAMPAIGN = "earth"
"""The recursion a draw without a campaign is for (a new campaign's)."""


def levels_of(args: argparse.Namespace) -> tuple[int, int] | None:
    """``--level N`` or ``--levels A-B`` as the command's range (None: no level given)."""
    level = getattr(args, "level", None)
    if level is not None:
        return level, level
    text = getattr(args, "levels", None)
    if text is None:
        return None
    low, dash, high = str(text).strip().partition("-")
    try:
        return (int(low), int(high)) if dash else (int(low), int(low))
    except ValueError:
        raise UsageError(f"--levels is a range like 2-4, not {text!r}") from None


def run_draw(args: argparse.Namespace) -> int:
    """Draw, print the entry with its dice (or one JSON object), record it with CAMPAIGN."""
    levels = levels_of(args)
    dice = SeededDice(getattr(args, "seed", None))
    typed = tuple(getattr(args, "die", None) or ())
    if typed and getattr(args, "seed", None) is not None:
        raise UsageError("--die gives the dice: no --seed with it")
    campaign = getattr(args, "campaign", None)
    if campaign is None:
        content = Content(user_pack_files(saves_dir(getattr(args, "saves", None))))
        state = Campaign(name="Draws", recursion=WITHOUT_CAMPAIGN)
        command = Draw(table=args.table, levels=levels, content=content, typed=typed)
        seen: DrawPreview = preview(state, command)
        (event,) = decide(state, command, dice)
    else:
        from strange_tui.cli.campaign import folder_of

        folder = folder_of(args)
        content = Content(user_pack_files(folder.path.parent))
        command = Draw(table=args.table, levels=levels, content=content, typed=typed)
        store = folder.open()
        with store.transaction():
            state = store.state
            seen = preview(state, command)
            (event,) = store.apply(decide(state, command, dice))
        store.compact()
    assert isinstance(event, Drawn)
    entry = command.drawn_entry(state, event)
    report = draw_report(seen, event, entry, recorded=campaign is not None)
    if getattr(args, "json", False):
        print(json.dumps(report))
    else:
        print(terminal(draw_text(seen, event, report)))
    report_problems(content)
    return 0


def details(table: str, entry: Any) -> dict[str, Any]:
    """What the pack says of the drawn entry, by table."""
    if table == "creature":
        return {
            "id": entry.id, "kind": entry.kind, "health": entry.health, "damage": entry.damage,
            "armor": entry.armor, "movement": entry.movement, "summary": entry.summary,
        }  # fmt: skip
    if table == "cypher":
        return {"id": entry.id, "formula": entry.level, "kind": entry.kind, "form": entry.form,
                "effect": entry.effect}  # fmt: skip
    return {"id": entry.id, "name": entry.name, "text": entry.text,
            "recursion": entry.recursion or None}  # fmt: skip


def draw_report(seen: DrawPreview, event: Drawn, entry: Any, *, recorded: bool) -> dict[str, Any]:
    """The JSON object of `draw`: snake_case keys; ``entry`` is what the pack says of it."""
    return {
        "table": seen.table,
        "result": event.result,
        "level": event.level or None,
        "dice": list(event.dice),
        "eligible": seen.eligible,
        "chosen_from": seen.what,
        "recursion": seen.recursion or None,
        "recorded": recorded,
        "entry": details(seen.table, entry),
    }


def draw_text(seen: DrawPreview, event: Drawn, report: dict[str, Any]) -> str:
    """The plain answer: the log's sentence, what the pack says of it, and the odds."""
    lines = [command_sentence((event,), {})]
    entry = report["entry"]
    if seen.table == "creature":
        lines.append(
            f"  health {entry['health']}, damage {entry['damage']}, Armor {entry['armor']},"
            f" movement {entry['movement']}"
        )
        lines.append(f"  {entry['summary']}")
    elif seen.table == "cypher":
        form = f", {entry['form']}" if entry["form"] else ""
        lines.append(f"  {entry['kind']}{form}; level {entry['formula']}")
        lines.append(f"  {entry['effect']}")
    lines.append(f"  Chosen from {seen.what}, with {seen.dice}.")
    if report["recorded"]:
        lines.append("  Written in the campaign's log.")
    return "\n".join(lines)


def report_problems(content: Content) -> None:
    """Packs that failed to load are told on stderr; the draw used the rest."""
    from strange_tui.cli.content import report_problems as tell

    tell(content)
