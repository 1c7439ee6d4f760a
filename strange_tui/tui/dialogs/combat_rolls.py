"""A PC's attack on an NPC, and a PC's defense against an NPC's attack (R-CMB-2, R-CMB-3).

Each is one command: the form collects the choices (a 19's and a 20's too, before the
die), shows the model's preview (odds, cost, what a hit deals or a failure takes), and
commits the roll with what it brings in one step.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select, Static

from strange_tui.campaign.commands.combat import (
    DAMAGE,
    Attack,
    AttackPreview,
    Defend,
    DefensePreview,
    HitPreview,
    WeaponUsed,
    special_options,
)
from strange_tui.campaign.commands.rolls import OddsView, RollPreview, outcome_of
from strange_tui.campaign.encounter import Combatant
from strange_tui.campaign.events import AnyEvent, RollMade
from strange_tui.campaign.terms import Stat
from strange_tui.tui.access import strange_app
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row
from strange_tui.tui.session import Refused
from strange_tui.tui.widgets.odds import grid


def odds_text(odds: OddsView) -> Text:
    """The difficulty (as eased or hindered) and the odds bar, on one line."""
    text = Text(f"{odds.difficulty_name} {odds.difficulty}")
    if odds.final_difficulty != odds.difficulty:
        text.append(f" → {odds.final_name} {odds.final_difficulty}")
    if odds.automatic:
        text.append("  automatic success", style="bold green")
        return text
    p = odds.p_success
    style = "green" if p >= 0.5 else "yellow" if p >= 0.25 else "red"
    filled = round(p * 10)
    text.append("  ")
    text.append("█" * filled, style=style)
    text.append("░" * (10 - filled), style="dim")
    text.append(f" {p:.0%}", style=f"bold {style}")
    text.append(f" target {odds.target}")
    return text


def cost_text(preview: RollPreview) -> Text:
    cost = Text(f"{preview.cost} {preview.stat.value}")
    if preview.problem:
        cost.append(f" — {preview.problem}", style="bold red")
    return cost


def hit_line(hit: HitPreview, preview: AttackPreview) -> Text:
    """What a hit does to the target, in words."""
    text = Text(f"{hit.damage} damage", style="bold")
    if hit.effect:
        text.append(f" + {hit.condition or hit.effect}", style="magenta")
    text.append(f" → {preview.target} {hit.health}/{preview.max_health}", style="dim")
    if preview.armor:
        text.append(f" (Armor {preview.armor})", style="dim")
    return text


def attack_table(preview: AttackPreview) -> Table:
    """Odds, cost, and the damage of a hit, on any face and on each of 17 to 20 (R-CMB-2)."""
    table = grid()
    table.add_row("Odds", odds_text(preview.roll.odds))
    table.add_row("Cost", cost_text(preview.roll))
    plain = next((hit for hit in preview.hits if hit.die is None), None)
    if plain is not None:
        table.add_row("A hit", hit_line(plain, preview))
    specials = Text()
    for hit in preview.hits:
        if hit.die is not None:
            if specials:
                specials.append(" · ")
            specials.append(f"{hit.die}: {hit.damage}")
            if hit.effect:
                specials.append(f" + {hit.condition or hit.effect}", style="magenta")
    if specials:
        table.add_row("17 to 20", specials)
    if not preview.hits:
        table.add_row("A hit", Text("No die can hit.", style="red"))
    return table


def defense_table(preview: DefensePreview) -> Table:
    """Odds, cost, and what a failure would do to the defender (R-CMB-3)."""
    table = grid()
    table.add_row("Odds", odds_text(preview.roll.odds))
    table.add_row("Cost", cost_text(preview.roll))
    failure = Text(f"{preview.damage} damage − Armor {preview.armor} = ")
    failure.append(f"{preview.taken}", style="bold red")
    if preview.pools is not None and preview.track is not None:
        pools = preview.pools
        failure.append(
            f": M{pools.might.current} S{pools.speed.current} I{pools.intellect.current}, "
        )
        failure.append(preview.track.label, style="bold")
    elif preview.problem:
        failure.append(f" ({preview.problem})", style="dim")
    table.add_row("On a failure", failure)
    return table


class CombatRoll(CharacterDialog):
    """What attack and defense share: the PC, the NPC, the die, the preview."""

    DEFAULT_CSS = """
    CombatRoll Select, CombatRoll Input { width: 1fr; }
    CombatRoll #result { height: auto; }
    """

    def __init__(self, character_id: str, npc_id: str) -> None:
        super().__init__(character_id)
        self.npc_id = npc_id
        self.rolled: RollMade | None = None

    @property
    def npc(self) -> Combatant:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter.combatants[self.npc_id]

    def efforts(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(self.character.effort + 1)]

    def die_widgets(self) -> list[Any]:
        return [
            row(
                "Your die",
                Input(
                    placeholder="blank: the app rolls",
                    type="integer",
                    valid_empty=True,
                    id="die",
                    compact=True,
                ),
            ),
            Static(id="preview", classes="preview"),
            Static(id="result"),
        ]

    def buttons(self) -> Horizontal:
        return Horizontal(
            Button("Roll", variant="primary", id="go"),
            Button("Close", id="cancel"),
            classes="buttons",
        )

    def on_mount(self) -> None:
        self.query_one("#die", Input).focus()
        self.update_preview()

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        """A new target (attack) or defender (defense) changes the preview."""
        if isinstance(event.value, str) and event.select.id == "target":
            self.npc_id = event.value
        elif isinstance(event.value, str) and event.select.id == "pc":
            self.character_id = event.value
        self.update_preview()

    def command(self, die: int | None = None) -> Any:
        """The command the form describes (with the player's die, if typed)."""
        raise NotImplementedError

    def render_preview(self, preview: Any) -> Table:
        raise NotImplementedError

    def update_preview(self) -> None:
        if self.rolled is not None:
            return
        shown = self.query_one("#preview", Static)
        try:
            shown.update(self.render_preview(self.session.preview(self.command())))
        except Refused as refused:
            shown.update(Text(str(refused), style="red"))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None or not 0 <= typed <= 20:
            return "A d20 shows 1 to 20."
        return typed or None

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        if self.rolled is not None:
            self.dismiss(True)
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        command = self.command(die)
        try:
            before = self.session.preview(command)
        except Refused as refused:
            self.notify(str(refused), title="Not possible", severity="error")
            return
        events = strange_app(self).run_command(command)
        if not events:
            return
        made = events[0]
        assert isinstance(made, RollMade)
        self.rolled = made
        self.show_result(made, events, before, app_rolled=die is None)
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()

    def show_result(
        self, made: RollMade, events: tuple[AnyEvent, ...], before: Any, app_rolled: bool
    ) -> None:
        raise NotImplementedError

    def roll_text(self, made: RollMade, app_rolled: bool, hit: str, miss: str) -> Text:
        """The die and whether it did it; a natural 1's intrusion, a 20's refund."""
        outcome = outcome_of(self.character, made, app_rolled=app_rolled)
        text = Text(f"d20: {outcome.die}" if outcome.die else "Automatic", style="bold")
        if outcome.app_rolled and outcome.die:
            text.append(" (rolled by the app)", style="dim")
        text.append(
            f" — {hit}" if outcome.success else f" — {miss}",
            style="bold green" if outcome.success else "bold red",
        )
        if outcome.intrusion:
            text.append("\nThe GM intrudes, free of charge: no XP for it.", style="yellow")
        if outcome.refunded:
            text.append("\nA natural 20: the points spent come back.", style="green")
        return text


class AttackDialog(CombatRoll):
    """R-CMB-2: the active PC attacks an NPC with a weapon (light eases), Effort to ease
    or to add damage; what a 19 or a 20 brings is chosen before the die."""

    def compose(self) -> ComposeResult:
        self.weapons = self.session.content.kind("weapons")
        owned = {item.lower() for item in self.character.equipment}
        options = [(f"{w.name} ({w.damage})", wid) for wid, w in self.weapons.items()]
        default = next(
            (wid for wid, w in self.weapons.items() if w.name.lower() in owned), "unarmed"
        )
        encounter = self.session.state.encounter
        assert encounter is not None
        targets = [(c.name, c.id) for c in encounter.npcs() if not c.defeated]
        specials = special_options(self.session.state, self.character_id)
        with Vertical(classes="dialog") as box:
            box.border_title = f"{self.character.name} attacks"
            yield row(
                "Target",
                Select(targets, value=self.npc_id, allow_blank=False, id="target", compact=True),
            )
            yield row(
                "Weapon",
                Select(
                    options,
                    value=default if default in self.weapons else options[0][1],
                    allow_blank=False,
                    id="weapon",
                    compact=True,
                ),
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield row(
                "On damage",
                Select(
                    self.efforts(), value=0, allow_blank=False, id="damage_effort", compact=True
                ),
            )
            for face in (19, 20):
                choices = [(f"+{specials.bonus[face]} damage", DAMAGE)]
                choices += [(effect, effect) for effect in specials.effects[face]]
                yield row(
                    f"On a {face}:",
                    Select(
                        choices,
                        value=DAMAGE,
                        allow_blank=False,
                        id=f"on_{face}",
                        compact=True,
                        disabled=len(choices) == 1,
                    ),
                )
            yield from self.die_widgets()
            yield self.buttons()

    def command(self, die: int | None = None) -> Attack:
        weapon = self.weapons[self.query_one("#weapon", Select).value]
        return Attack(
            character=self.character_id,
            target=self.npc_id,
            weapon=WeaponUsed(
                name=weapon.name,
                category=weapon.category,
                damage=weapon.damage,
                ranged=weapon.ranged,
            ),
            effort=self.query_one("#effort", Select).value,
            damage_effort=self.query_one("#damage_effort", Select).value,
            on_19=self.query_one("#on_19", Select).value,
            on_20=self.query_one("#on_20", Select).value,
            die=die,
        )

    def render_preview(self, preview: AttackPreview) -> Table:
        return attack_table(preview)

    def show_result(
        self, made: RollMade, events: tuple[AnyEvent, ...], before: AttackPreview, app_rolled: bool
    ) -> None:
        text = self.roll_text(made, app_rolled, "hit!", "miss.")
        if made.success:
            face = made.die if made.die in (17, 18, 19, 20) else None
            hit = next((h for h in before.hits if h.die == face), None)
            if hit is not None:
                text.append("\n")
                text.append_text(hit_line(hit, before))
        self.query_one("#result", Static).update(text)


class DefenseDialog(CombatRoll):
    """R-CMB-3: the NPC attacks; the PC rolls to defend (Speed unless said otherwise) at
    the NPC's level; a failure takes the NPC's damage less Armor."""

    def __init__(self, npc_id: str, character_id: str) -> None:
        super().__init__(character_id, npc_id)

    def compose(self) -> ComposeResult:
        encounter = self.session.state.encounter
        assert encounter is not None
        pcs = [(c.name, c.id) for c in encounter.combatants.values() if c.pc]
        skills = [("Untrained", ""), ("Trained", "trained"), ("Specialized", "specialized")]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{self.npc.name} attacks (damage {self.npc.damage})"
            yield row(
                "Defender",
                Select(pcs, value=self.character_id, allow_blank=False, id="pc", compact=True),
            )
            yield row(
                "Defend with",
                Select(
                    [(s.value.title(), s) for s in Stat],
                    value=Stat.SPEED,
                    allow_blank=False,
                    id="stat",
                    compact=True,
                ),
            )
            yield row(
                "Skill", Select(skills, value="", allow_blank=False, id="skill", compact=True)
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield from self.die_widgets()
            yield self.buttons()

    def command(self, die: int | None = None) -> Defend:
        return Defend(
            character=self.character_id,
            npc=self.npc_id,
            stat=self.query_one("#stat", Select).value,
            skill=self.query_one("#skill", Select).value,
            effort=self.query_one("#effort", Select).value,
            die=die,
        )

    def render_preview(self, preview: DefensePreview) -> Table:
        return defense_table(preview)

    def show_result(
        self, made: RollMade, events: tuple[AnyEvent, ...], before: DefensePreview, app_rolled: bool
    ) -> None:
        text = self.roll_text(made, app_rolled, "defended!", f"hit for {before.taken}")
        if not made.success:
            text.append(f" (Armor {before.armor}).", style="bold red")
            after = self.character
            text.append(f" {after.name} is {after.track.label}.")
        self.query_one("#result", Static).update(text)
