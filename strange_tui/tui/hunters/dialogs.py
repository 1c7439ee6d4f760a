"""Dialogs of a Hunters campaign: a new hunter, a roll with its odds and degrees (situational
modifiers, a person's defense, a raised damage type), damage by type or from a roll, a
disabled hunter stabilised (R-HUN). Each builds a command from the form, shows its preview
and runs it; the numbers come from the model (``campaign.commands.hunters``), never from the
dialog."""

from __future__ import annotations

import re

from msgspec.structs import replace
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters import (
    DAMAGE_TYPES,
    DEFENSES,
    DICE_COUNTS,
    EQUIPMENT_TOP,
    RAISE_CR,
    SKILL_TOP,
    TRAIT_TOP,
    VITALS,
    CreateHunter,
    DamageHunter,
    HunterDamagePreview,
    HunterOdds,
    HunterRoll,
    HunterRollOutcome,
    Part,
    StabiliseHunter,
    StabilisePreview,
    pending_rolls,
    read_modifiers,
    roll_outcome,
    worsening_vitals,
)
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.common.session import Refused


def parse_points(text: str, top: int) -> dict[str, int] | str:
    """'Firearms 4, Dodge 2' as {'Firearms': 4, 'Dodge': 2}, or what is wrong with it
    (the command says when a number is out of range)."""
    points: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(.+?)\s+(\d+)", part)
        if not match:
            return f"Write each as 'Name N' (N from 0 to {top}), separated by commas: {part!r}?"
        points[match.group(1).strip()[:80]] = int(match.group(2))
    return points


class HuntersDialog(CharacterDialog):
    def __init__(self, hunter_id: str = "") -> None:
        super().__init__(hunter_id)

    @property
    def hunter(self) -> Hunter:
        return self.session.state.hunters[self.character_id]

    def buttons(self, label: str) -> Horizontal:
        return Horizontal(
            Button(label, variant="primary", id="go"),
            Button("Cancel", id="cancel"),
            classes="buttons",
        )

    def show_preview(self, command: Command | str) -> object | None:
        """Show what ``command`` would do (or what is wrong) in #preview; its preview."""
        preview = self.query_one("#preview", Static)
        if isinstance(command, str):
            preview.update(Text(command, style="red"))
            return None
        try:
            seen = self.session.preview(command)
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return None
        preview.update(self.render_preview(seen))
        return seen

    def render_preview(self, seen: object) -> Text:
        return Text(str(seen))


class NewHunterDialog(HuntersDialog):
    """Name, skills, traits, equipment and the four vital statistics."""

    BINDINGS = [Binding("ctrl+s", "create", "Create", id="hunter.create")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "A new hunter"
            yield row("Name", Input(id="name", compact=True))
            yield row(
                "Skills",
                Input(
                    placeholder=f"Firearms 4, Dodge 2 (0-{SKILL_TOP})", id="skills", compact=True
                ),
            )
            yield row(
                "Traits",
                Input(placeholder=f"Keen eyes 2 (0-{TRAIT_TOP})", id="traits", compact=True),
            )
            yield row(
                "Equipment",
                Input(placeholder=f"Shotgun 3 (0-{EQUIPMENT_TOP})", id="equipment", compact=True),
            )
            for vital in VITALS:
                yield row(vital.title(), Input("10", type="integer", id=vital, compact=True))
            yield self.buttons("Create")

    def command(self) -> CreateHunter | str:
        """The hunter the form describes, or what is wrong with the form."""
        fields = (("skills", SKILL_TOP), ("traits", TRAIT_TOP), ("equipment", EQUIPMENT_TOP))
        parsed = [parse_points(self.query_one(f"#{f}", Input).value, top) for f, top in fields]
        problem = next((p for p in parsed if isinstance(p, str)), None)
        if problem:
            return problem
        vitals = {v: int_value(self.query_one(f"#{v}", Input), default=10) for v in VITALS}
        if any(value is None for value in vitals.values()):
            return "Vital statistics are whole numbers."
        return CreateHunter(
            name=self.query_one("#name", Input).value,
            skills=parsed[0],  # type: ignore[arg-type]
            traits=parsed[1],  # type: ignore[arg-type]
            equipment=parsed[2],  # type: ignore[arg-type]
            vitals=vitals,  # type: ignore[arg-type]
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())

    def action_create(self) -> None:
        """ctrl+s, from any field: create the hunter the form describes."""
        self.go()


def parts_text(label: str, parts: tuple[Part, ...], total: int) -> Text:
    """'Bonus: Firearms +4, flaws -1, distracted -1 = +2', 'CR: default 4, standard defense
    +3 = 7' (each part as the model itemised)."""
    listed = (
        ", ".join(
            f"{part.label} {part.value}"
            if label == "CR" and not n
            else f"{part.label} {part.value:+d}"
            for n, part in enumerate(parts)
        )
        or "none"
    )
    text = Text(f"{label}: ", style="bold")
    text.append(f"{listed} = ")
    text.append(f"{total:+d}" if label == "Bonus" else str(total), style="bold")
    return text


def odds_text(odds: HunterOdds) -> Text:
    """R-HUN-1..5: the bonus and the CR itemised, then '2d6 +3 vs CR 10 (average): 58%
    degrees: 1: 42%, 2: 17%'."""
    text = Text()
    if odds.bonus_parts:
        text.append_text(parts_text("Bonus", odds.bonus_parts, odds.bonus))
        text.append("\n")
    if len(odds.cr_parts) > 1:
        text.append_text(parts_text("CR", odds.cr_parts, odds.cr))
        text.append("\n")
    text.append(f"{odds.dice}d6 {odds.bonus:+d} vs CR {odds.cr} ({odds.cr_name}): ", style="bold")
    text.append(
        f"{odds.p_success:.0%}", style="bold green" if odds.p_success >= 0.5 else "bold yellow"
    )
    if odds.p_degrees:
        text.append(
            "  degrees: " + ", ".join(f"{d}: {p:.0%}" for d, p in odds.p_degrees.items()),
            style="dim",
        )
    return text


def outcome_text(outcome: HunterRollOutcome) -> Text:
    """What a roll came to: the dice, the total, success and degrees, the threshold left."""
    text = Text(
        f"{' + '.join(map(str, outcome.dice))} {outcome.bonus:+d} = {outcome.total}: ",
        style="bold",
    )
    if outcome.success:
        text.append(f"success, {outcome.degrees} degree(s)", style="bold green")
        if outcome.raised:
            text.append(" (damage a type higher)", style="green")
    else:
        text.append("double 1s: failure" if outcome.fumbled else "failure", style="bold red")
    if outcome.challenge_left is not None:
        left = outcome.challenge_left
        text.append(f"\nThreshold left: {left}" + (" — done!" if left == 0 else ""), style="cyan")
    return text


AGAINST: list[tuple[str, str]] = [
    ("a CR", ""),
    ("a person (their penalties help)", "person"),
    *[(f"{label} defense", mode) for mode, label in DEFENSES],
]
"""R-HUN-3, R-HUN-4: what the roll faces."""


class HunterRollDialog(HuntersDialog):
    """Skill + trait + equipment - flaws + situational modifiers against a CR, a person's
    defense, or a challenge; the damage type raised at +2 CR. One roll per dialog: the seed
    has no reroll, so once rolled the form is spent (close it to roll anew)."""

    DEFAULT_CSS = """
    HunterRollDialog .dialog Input.small { width: 6; }
    HunterRollDialog .dialog Select.small { width: 10; }
    HunterRollDialog .dialog Label.unit { width: auto; padding: 0 1; }
    HunterRollDialog .dialog Checkbox { width: auto; }
    HunterRollDialog #result { display: none; }
    HunterRollDialog #result.rolled { display: block; }
    """

    def compose(self) -> ComposeResult:
        h = self.hunter
        none = [("—", "")]
        challenges = [
            (f"{c.name} (CR {c.cr}, {c.remaining} left)", cid)
            for cid, c in self.session.state.challenges.items()
        ]
        with VerticalScroll(classes="dialog") as box:
            box.border_title = f"{escape(h.name)} rolls"
            for label, field, points in (
                ("Skill", "skill", h.skills),
                ("Trait", "trait", h.traits),
                ("Equipment", "equipment", h.equipment),
            ):
                options = none + [(f"{k} +{v}", k) for k, v in points.items()]
                picker = Select(options, value="", allow_blank=False, id=field, compact=True)
                yield row(label, picker)
            yield row(
                "Situation",
                Input(placeholder="distracted, no lighting, tools +2", id="situation",
                      compact=True),
            )  # fmt: skip
            yield row(
                "Against",
                Select(AGAINST, value="", allow_blank=False, id="against", compact=True),
            )
            yield Horizontal(
                Label("Defender", classes="field"),
                Label("bonus", classes="unit"),
                Input("0", type="integer", id="defense_bonus", compact=True, classes="small",
                      disabled=True),
                Label("skill", classes="unit"),
                Input("0", type="integer", id="defense_skill", compact=True, classes="small",
                      disabled=True),
                Input(placeholder="their penalties: distracted", id="defender", compact=True,
                      disabled=True),
                classes="row flat",
            )  # fmt: skip
            yield row(
                "Challenge",
                Select(
                    none + challenges, value="", allow_blank=False, id="challenge", compact=True
                ),
            )
            yield Horizontal(
                Label("CR / default", classes="field"),
                Input("10", type="integer", id="cr", compact=True, classes="small"),
                Checkbox(f"Raise the damage type (+{RAISE_CR} CR)", id="raised"),
                classes="row flat",
            )
            yield Horizontal(
                Label("Dice", classes="field"),
                Select(
                    [(f"{n}d6", n) for n in DICE_COUNTS],
                    value=2,
                    allow_blank=False,
                    id="dice",
                    compact=True,
                    classes="small",
                ),
                Input(placeholder="yours, e.g. 3,5 (blank: the app rolls)", id="values",
                      compact=True),
                classes="row flat",
            )  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            yield self.buttons("Roll")

    def on_mount(self) -> None:
        self.query_one("#values", Input).focus()
        self.update_preview()

    @property
    def rolled(self) -> bool:
        return self.query_one("#go", Button).disabled

    def command(self) -> HunterRoll | str:
        """The roll the form describes (without the typed dice), or what is wrong."""
        cr = int_value(self.query_one("#cr", Input))
        challenge = self.query_one("#challenge", Select).value or None
        if cr is None and challenge is None:
            return "CR from 1 to 32."
        situation = read_modifiers(self.query_one("#situation", Input).value)
        if isinstance(situation, str):
            return situation
        modifiers, own = situation
        against = self.query_one("#against", Select).value
        defense = against if against not in ("", "person") else ""
        defender: dict[str, int] = {}
        bonus = skill = 0
        if against:
            penalties = read_modifiers(self.query_one("#defender", Input).value)
            if isinstance(penalties, str):
                return penalties
            defender = dict(penalties[0])
            if penalties[1]:
                defender["other"] = penalties[1]
        if defense:
            bonus = int_value(self.query_one("#defense_bonus", Input))  # type: ignore[assignment]
            skill = int_value(self.query_one("#defense_skill", Input))  # type: ignore[assignment]
            if bonus is None or skill is None:
                return "The defender's bonuses and skill points are whole numbers."
        return HunterRoll(
            hunter=self.character_id,
            skill=self.query_one("#skill", Select).value,
            trait=self.query_one("#trait", Select).value,
            equipment=self.query_one("#equipment", Select).value,
            situation=own,
            modifiers=modifiers,
            cr=cr if cr is not None else 10,
            defense=defense,
            defense_bonus=bonus,
            defense_skill=skill,
            against_person=bool(against),
            defender=defender,
            raised=self.query_one("#raised", Checkbox).value,
            challenge=challenge,
            dice=self.query_one("#dice", Select).value,
        )

    def typed_values(self, count: int) -> tuple[int, ...] | None | str:
        """The dice the player typed (None: the app rolls), or what is wrong with them."""
        typed = self.query_one("#values", Input).value.strip()
        if not typed:
            return None
        try:
            return tuple(int(v) for v in typed.split(","))
        except ValueError:
            return f"Type {count} dice from 1 to 6, e.g. 3,5."

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.rolled:
            return
        against = self.query_one("#against", Select).value
        for field in ("#defense_bonus", "#defense_skill"):
            self.query_one(field, Input).disabled = against in ("", "person")
        self.query_one("#defender", Input).disabled = not against
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, HunterOdds)
        return odds_text(seen)

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        if self.rolled:
            return
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        values = self.typed_values(command.dice)
        if isinstance(values, str):
            self.notify(values, severity="warning")
            return
        events = strange_app(self).run_command(replace(command, values=values))
        if not events:
            return
        event = events[0]
        assert isinstance(event, HunterRolled)
        result = self.query_one("#result", Static)
        result.update(outcome_text(roll_outcome(self.session.state, event)))
        result.add_class("rolled")
        # One roll per dialog (the seed has no reroll): the form is spent.
        self.query_one("#go", Button).disabled = True
        for widget in self.query("Input, Select, Checkbox"):
            widget.disabled = True
        close = self.query_one("#cancel", Button)
        close.label = "Close"
        close.focus()


class HunterDamageDialog(HuntersDialog):
    """R-HUN-7: damage by degrees (bruising first, a type higher for each further degree,
    tools and a raised attack push it up), from an attacker's roll or by hand, or points
    of one chosen type."""

    def compose(self) -> ComposeResult:
        self.rolls = {r.hunter: r for r in pending_rolls(self.session.state)}
        rolls = [
            (
                f"{r.name}'s {r.label}: {r.degrees} degree(s)"
                + (", type raised" if r.raised else ""),
                r.hunter,
            )
            for r in self.rolls.values()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage to {escape(self.hunter.name)}"
            yield row(
                "From",
                Select(
                    [("by hand", "")] + rolls,
                    value="",
                    allow_blank=False,
                    id="attacker",
                    compact=True,
                ),
            )
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in VITALS],
                    value="health",
                    allow_blank=False,
                    id="vital",
                    compact=True,
                ),
            )
            yield row("Degrees", Input("1", type="integer", id="degrees", compact=True))
            yield row("Tool bonus", Input("0", type="integer", id="tool", compact=True))
            yield row("", Checkbox(f"Type raised (+{RAISE_CR} CR, rolled at the table)",
                                   id="raised"))  # fmt: skip
            yield row(
                "Or type",
                Select(
                    [("by degrees", "")] + [(k, k) for k in DAMAGE_TYPES],
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

    def command(self) -> DamageHunter | str:
        degrees = int_value(self.query_one("#degrees", Input))
        tool = int_value(self.query_one("#tool", Input))
        if degrees is None or tool is None:
            return "Degrees from 1 to 20, tool bonus 0 to 10."
        attacker = self.query_one("#attacker", Select).value
        return DamageHunter(
            hunter=self.character_id,
            vital=self.query_one("#vital", Select).value,
            degrees=degrees,
            tool=tool,
            raised=self.query_one("#raised", Checkbox).value and not attacker,
            kind="" if attacker else self.query_one("#kind", Select).value,
            attacker=attacker,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        by_roll = self.rolls.get(self.query_one("#attacker", Select).value)
        for field in ("#degrees", "#raised", "#kind"):
            self.query_one(field).disabled = by_roll is not None
        if by_roll is not None:  # The roll's degrees and raised type, shown as they apply.
            self.query_one("#degrees", Input).value = str(by_roll.degrees)
            self.query_one("#raised", Checkbox).value = by_roll.raised
            self.query_one("#kind", Select).value = ""
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, HunterDamagePreview)
        text = Text(f"From {seen.source}: " if seen.source else "", style="dim")
        text.append(", ".join(seen.kinds))
        text.append(f"  → {seen.vital.title()} {seen.left}/{seen.maximum}", style="dim")
        if seen.condition != "fine":
            text.append(f"  {seen.condition.upper()}", style="bold white on red")
        if seen.worsening:
            text.append(
                f"\nWorsens each minute ({seen.worsening} first) until stabilised (s).",
                style="bold red",
            )
        return text

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())


class StabiliseDialog(HuntersDialog):
    """R-HUN-8: a professional stabilises a disabled hunter: the vital stops worsening."""

    def compose(self) -> ComposeResult:
        vitals = worsening_vitals(self.session.state, self.character_id)
        with Vertical(classes="dialog") as box:
            box.border_title = f"Stabilise {escape(self.hunter.name)}"
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in vitals],
                    value=vitals[0],
                    allow_blank=False,
                    id="vital",
                    compact=True,
                ),
            )
            yield row("By", Input(placeholder="who: a medic, a priest...", id="by",
                                  compact=True))  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield self.buttons("Stabilise")

    def on_mount(self) -> None:
        self.query_one("#by", Input).focus()
        self.update_preview()

    def command(self) -> StabiliseHunter:
        return StabiliseHunter(
            hunter=self.character_id,
            vital=self.query_one("#vital", Select).value,
            stabiliser=self.query_one("#by", Input).value,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, StabilisePreview)
        damage = ", ".join(f"{n} {kind}" for kind, n in seen.damage.items())
        text = Text(f"{seen.vital.title()}: {damage}. ")
        text.append(f"Stops worsening (now {seen.worsening} first, a type a minute).",
                    style="green")  # fmt: skip
        return text

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())
