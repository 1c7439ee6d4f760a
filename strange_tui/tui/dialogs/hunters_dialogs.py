"""Dialogs of a Hunters campaign: a new hunter, a roll with its odds and degrees, damage by
type, a complex challenge, and time passing (R-HUN)."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.events import (
    HunterCreated,
    HunterDamaged,
    HunterRolled,
)
from strange_tui.campaign.hunters_state import Hunter
from strange_tui.rules import hunters
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "hunter"


def parse_points(text: str, top: int) -> dict[str, int] | str:
    """'Firearms 4, Dodge 2' as {'Firearms': 4, 'Dodge': 2}, or what is wrong with it."""
    points: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(.+?)\s+(\d+)", part)
        if not match or not 0 <= int(match.group(2)) <= top:
            return f"Write each as 'Name N' (N from 0 to {top}), separated by commas: {part!r}?"
        points[match.group(1).strip()[:80]] = int(match.group(2))
    return points


class HuntersDialog(CharacterDialog):
    def __init__(self, hunter_id: str = "") -> None:
        super().__init__(hunter_id)

    @property
    def hunter(self) -> Hunter:
        return self.app.campaign.hunters[self.character_id]

    def buttons(self, label: str) -> Horizontal:
        return Horizontal(
            Button(label, variant="primary", id="go"),
            Button("Cancel", id="cancel"),
            classes="buttons",
        )


class NewHunterDialog(HuntersDialog):
    """Name, skills, traits, equipment and the four vital statistics."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "A new hunter"
            yield row("Name", Input(id="name", compact=True))
            yield row(
                "Skills", Input(placeholder="Firearms 4, Dodge 2 (0-10)", id="skills", compact=True)
            )
            yield row("Traits", Input(placeholder="Keen eyes 2 (0-5)", id="traits", compact=True))
            yield row(
                "Equipment", Input(placeholder="Shotgun 3 (0-5)", id="equipment", compact=True)
            )
            for vital in hunters.VITALS:
                yield row(vital.title(), Input("10", type="integer", id=vital, compact=True))
            yield self.buttons("Create")

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        parsed = [
            parse_points(self.query_one(f"#{f}", Input).value, top)
            for f, top in (("skills", 10), ("traits", 5), ("equipment", 5))
        ]
        problem = next((p for p in parsed if isinstance(p, str)), None)
        vitals = {v: int_value(self.query_one(f"#{v}", Input), default=10) for v in hunters.VITALS}
        if not name or problem or any(x is None or not 1 <= x <= 100 for x in vitals.values()):
            self.notify(problem or "A name, and vitals from 1 to 100.", severity="warning")
            return
        taken, hid, n = self.app.campaign.hunters, slug(name), 2
        while hid in taken:
            hid, n = f"{slug(name)}-{n}", n + 1
        hunter = Hunter(
            id=hid,
            name=name[:80],
            skills=parsed[0],
            traits=parsed[1],
            equipment=parsed[2],
            vitals=vitals,
        )
        self.submit(HunterCreated(hunter=hunter), "")


class HunterRollDialog(HuntersDialog):
    """Skill + trait + equipment - flaws + situation against a CR (or a challenge)."""

    def compose(self) -> ComposeResult:
        h = self.hunter
        none = [("—", "")]
        challenges = [
            (f"{c.name} (CR {c.cr}, {c.remaining} left)", cid)
            for cid, c in self.app.campaign.challenges.items()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{h.name} rolls"
            for label, field, points in (
                ("Skill", "skill", h.skills),
                ("Trait", "trait", h.traits),
                ("Equipment", "equipment", h.equipment),
            ):
                options = none + [(f"{k} +{v}", k) for k, v in points.items()]
                picker = Select(options, value="", allow_blank=False, id=field, compact=True)
                yield row(label, picker)
            yield row("Situation", Input("0", placeholder="-4..+4", id="situation", compact=True))
            yield row(
                "Challenge",
                Select(
                    none + challenges, value="", allow_blank=False, id="challenge", compact=True
                ),
            )
            yield row("CR", Input("10", type="integer", id="cr", compact=True))
            yield row(
                "Dice",
                Select(
                    [("2d6", 2), ("3d6", 3), ("4d6", 4)],
                    value=2,
                    allow_blank=False,
                    id="dice",
                    compact=True,
                ),
            )
            yield row(
                "Your dice",
                Input(placeholder="e.g. 3,5 (blank: the app rolls)", id="values", compact=True),
            )
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            yield self.buttons("Roll")

    def on_mount(self) -> None:
        self.query_one("#values", Input).focus()
        self.update_preview()

    def numbers(self) -> tuple[int, int, int] | str:
        """(bonus, cr, dice) or the problem."""
        h, now = self.hunter, self.app.campaign.clock.seconds
        situation, cr = (
            int_value(self.query_one("#situation", Input)),
            int_value(self.query_one("#cr", Input)),
        )
        challenge = self.query_one("#challenge", Select).value
        if challenge:
            cr = self.app.campaign.challenges[challenge].cr
        if situation is None or cr is None or not 1 <= cr <= 32 or not -4 <= situation <= 4:
            return "CR from 1 to 32; the situation from -4 to +4."
        picks = [self.query_one(f"#{f}", Select).value for f in ("skill", "trait", "equipment")]
        bonus = hunters.total_bonus(
            h.skills.get(picks[0], 0),
            h.traits.get(picks[1], 0),
            h.equipment.get(picks[2], 0),
            flaws=sum(h.flaws.values()) + h.damage_flaws(now),
        )
        return bonus + situation, cr, self.query_one("#dice", Select).value

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        numbers = self.numbers()
        preview = self.query_one("#preview", Static)
        if isinstance(numbers, str):
            preview.update(Text(numbers, style="red"))
            return
        bonus, cr, dice = numbers
        p_success, p_degrees = hunters.odds(bonus, cr, dice)
        text = Text(f"{dice}d6 {bonus:+d} vs CR {cr} ({hunters.cr_name(cr)}): ", style="bold")
        text.append(
            f"{float(p_success):.0%}", style="bold green" if p_success >= 0.5 else "bold yellow"
        )
        if p_degrees:
            text.append(
                "  degrees: " + ", ".join(f"{d}: {float(p):.0%}" for d, p in p_degrees.items()),
                style="dim",
            )
        preview.update(text)

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        numbers = self.numbers()
        if isinstance(numbers, str):
            self.notify(numbers, severity="warning")
            return
        bonus, cr, count = numbers
        typed = self.query_one("#values", Input).value.strip()
        try:
            source: Any = PlayerDice(int(v) for v in typed.split(",")) if typed else SeededDice()
            dice = hunters.roll(source, count)
        except (ValueError, RuleViolation) as problem:
            self.notify(f"Type {count} dice from 1 to 6, e.g. 3,5 ({problem}).", severity="warning")
            return
        challenge = self.query_one("#challenge", Select).value or None
        label = self.query_one("#skill", Select).value or "a check"
        if not self.app.dispatch(
            HunterRolled(
                hunter=self.character_id,
                cr=cr,
                dice=dice,
                bonus=bonus,
                label=label,
                challenge=challenge,
            )
        ):
            return
        success = hunters.succeeds(dice, bonus, cr)
        text = Text(
            f"{' + '.join(map(str, dice))} {bonus:+d} = {sum(dice) + bonus}: ", style="bold"
        )
        if success:
            text.append(
                f"success, {hunters.degrees(dice, bonus, cr)} degree(s)", style="bold green"
            )
        else:
            text.append(
                "double 1s: failure" if hunters.fumbled(dice) else "failure", style="bold red"
            )
        if challenge:
            left = self.app.campaign.challenges[challenge].remaining
            text.append(
                f"\nThreshold left: {left}" + (" — done!" if left == 0 else ""), style="cyan"
            )
        self.query_one("#result", Static).update(text)
        self.query_one("#go", Button).disabled = True


class HunterDamageDialog(HuntersDialog):
    """R-HUN-7: damage by degrees (bruising first, a type higher for each further degree,
    tools and a raised attack push it up), or points of one chosen type."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage to {self.hunter.name}"
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in hunters.VITALS],
                    value="health",
                    allow_blank=False,
                    id="vital",
                    compact=True,
                ),
            )
            yield row("Degrees", Input("1", type="integer", id="degrees", compact=True))
            yield row("Tool bonus", Input("0", type="integer", id="tool", compact=True))
            yield row("", Checkbox("Type raised (+2 CR)", id="raised"))
            yield row(
                "Or type",
                Select(
                    [("by degrees", "")] + [(k, k) for k in hunters.DAMAGE_TYPES],
                    value="",
                    allow_blank=False,
                    id="kind",
                    compact=True,
                ),
            )
            yield Static(id="preview", classes="preview")
            yield self.buttons("Apply")

    def on_mount(self) -> None:
        self.query_one("#degrees", Input).focus()
        self.update_preview()

    def kinds(self) -> list[str] | None:
        degrees, tool = (
            int_value(self.query_one("#degrees", Input)),
            int_value(self.query_one("#tool", Input)),
        )
        if degrees is None or tool is None or not 1 <= degrees <= 20 or not 0 <= tool <= 10:
            return None
        kind = self.query_one("#kind", Select).value
        if kind:
            return [kind] * degrees
        return hunters.attack_damage(
            degrees, tool_bonus=tool, raised=self.query_one("#raised", Checkbox).value
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        kinds = self.kinds()
        self.query_one("#preview", Static).update(
            Text(", ".join(kinds)) if kinds else Text("1 to 20 points.", style="red")
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        kinds = self.kinds()
        vital = self.query_one("#vital", Select).value
        event = (
            HunterDamaged(hunter=self.character_id, vital=vital, kinds=tuple(kinds))
            if kinds
            else None
        )
        self.submit(event, "Degrees from 1 to 20, tool bonus 0 to 10.")
