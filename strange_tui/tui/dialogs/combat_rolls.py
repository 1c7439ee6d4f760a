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
from textual.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.combat import (
    DAMAGE,
    Attack,
    AttackPreview,
    Defend,
    DefensePreview,
    HitPreview,
    WeaponUsed,
    defense_skill,
    out_of_fight,
    special_options,
    weapons_of,
)
from strange_tui.campaign.commands.rolls import OddsView, RollPreview, outcome_of
from strange_tui.campaign.encounter import Combatant
from strange_tui.campaign.events import AnyEvent, NpcHealthChanged, RollMade
from strange_tui.campaign.terms import Stat
from strange_tui.tui.access import strange_app
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row
from strange_tui.tui.session import Refused
from strange_tui.tui.widgets.odds import grid

DIE_LABEL = "Your die ^f"
DIE_HINT = "blank: the app rolls"
KEYS_HINT = "ctrl+f your die · escape closes"


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
    cost = Text(f"{preview.cost} {preview.stat.value.title()}")
    if preview.problem:
        cost.append(f" — {preview.problem}", style="bold red")
    return cost


def hit_line(hit: HitPreview, preview: AttackPreview) -> Text:
    """What a hit does to the target, in words: the damage (and what it is made of, when
    more than the weapon), the effect, the target's health after it."""
    text = Text(f"{hit.damage} damage", style="bold")
    if len(preview.parts) > 1 and hit.die is None:
        made_of = " + ".join(f"{name} {n}" for name, n in preview.parts)
        text.append(f" ({made_of})", style="dim")
    if hit.effect:
        text.append(f" + {hit.condition or hit.effect}", style="magenta")
    text.append(f" → {preview.target} {hit.health}/{preview.max_health}", style="dim")
    if preview.armor:
        text.append(f" (Armor {preview.armor})", style="dim")
    return text


def special_hit(hit: HitPreview) -> Text:
    """One face of 17 to 20: what it brings (R-SPEC-2..5), then the damage it deals."""
    text = Text(f"{hit.die}: ")
    if hit.effect:
        text.append(hit.effect, style="magenta")
        text.append(f" → {hit.damage}")
        if hit.condition:
            text.append(f" + {hit.condition}", style="magenta")
        return text
    text.append(f"+{hit.bonus} damage → {hit.damage}")
    return text


def steps_text(preview: AttackPreview) -> Text:
    """What eases (−) or hinders (+) the attack, and a bonus to the die."""
    text = Text()
    for label, step in preview.steps:
        if text:
            text.append(" · ")
        text.append(f"{label} {'−' if step < 0 else '+'}{abs(step)}")
    if preview.roll.odds.bonus:
        text.append(" · " if text else "")
        text.append(f"{preview.roll.odds.bonus:+d} to the die")
    return text


def attack_table(preview: AttackPreview) -> Table:
    """Odds, what eases it, cost, and the damage of a hit, on any face and on each of 17
    to 20 (R-CMB-2, R-SPEC-2..5); each further target of an area attack (R-EFF-5)."""
    table = grid()
    table.add_row("Odds", odds_text(preview.roll.odds))
    if preview.steps or preview.roll.odds.bonus:
        table.add_row("Eased", steps_text(preview))
    table.add_row("Cost", cost_text(preview.roll))
    plain = next((hit for hit in preview.hits if hit.die is None), None)
    if plain is not None:
        table.add_row("A hit", hit_line(plain, preview))
    faces = [hit for hit in preview.hits if hit.die is not None]
    if faces:
        specials = Text()
        for n, hit in enumerate(faces):
            if n:
                specials.append("\n" if n == 2 else " · ")
            specials.append_text(special_hit(hit))
        table.add_row("17 to 20", specials)
    if not preview.hits:
        table.add_row("A hit", Text("No die can hit.", style="red"))
    for other in preview.others:
        chance = "always" if other.automatic else f"{other.p_hit:.0%}"
        line = Text(f"{other.name} ({chance}): ")
        line.append(f"{other.damage} damage", style="bold")
        line.append(f" → {other.health}/{other.max_health}", style="dim")
        table.add_row("Also", line)
    return table


def defense_table(preview: DefensePreview) -> Table:
    """Odds, cost, and what a failure would do to the defender (R-CMB-3)."""
    table = grid()
    if preview.no_roll:
        table.add_row("No roll", Text(preview.no_roll, style="bold red"))
    else:
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
    table.add_row("The hit" if preview.no_roll else "On a failure", failure)
    return table


class CombatRoll(CharacterDialog):
    """What attack and defense share: the PC, the NPC, the die, the preview.

    The focus starts on the form's first field; the die is the last field, right before
    the buttons, and ctrl+f goes straight to it. Enter in the die rolls (blank: the app
    rolls); Enter in another field goes to the die, so no stray key rolls for the player."""

    DEFAULT_CSS = """
    CombatRoll Select, CombatRoll Input { width: 1fr; }
    CombatRoll #result { height: auto; }
    """
    BINDINGS = [Binding("ctrl+f", "focus_die", "Your die", id="combat_roll.die")]

    def __init__(self, character_id: str, npc_id: str) -> None:
        super().__init__(character_id)
        self.npc_id = npc_id
        self.done = False

    @property
    def npc(self) -> Combatant:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter.combatants[self.npc_id]

    def efforts(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(self.character.effort + 1)]

    def die_input(self) -> Input:
        return Input(
            placeholder=DIE_HINT,
            type="integer",
            valid_empty=True,
            id="die",
            compact=True,
        )

    def outcome_widgets(self) -> list[Any]:
        return [Static(id="preview", classes="preview"), Static(id="result")]

    def buttons(self) -> Horizontal:
        return Horizontal(
            Button("Roll", variant="primary", id="go"),
            Button("Close", id="cancel"),
            classes="buttons",
        )

    def on_mount(self) -> None:
        self.query(Select).first().focus()
        self.update_preview()

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the form."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die rolls; Enter in any other field goes to the die."""
        if event.input.id == "die" or self.done:
            self.go()
        else:
            self.action_focus_die()

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
        if self.done:
            return
        shown = self.query_one("#preview", Static)
        try:
            shown.update(self.render_preview(self.session.preview(self.command())))
        except Refused as refused:
            shown.update(Text(str(refused), style="red"))
        except ValueError as wrong:
            shown.update(Text(str(wrong), style="red"))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        typed = int_value(self.query_one("#die", Input), default=0)
        if typed is None or not 0 <= typed <= 20:
            return "A d20 shows 1 to 20."
        return typed or None

    @on(Button.Pressed, "#go")
    def go(self) -> None:
        if self.done:
            self.dismiss(True)
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        try:
            command = self.command(die)
            before = self.session.preview(command)
        except (Refused, ValueError) as refused:
            self.notify(str(refused), title="Not possible", severity="error")
            return
        events = strange_app(self).run_command(command)
        if not events:
            return
        self.done = True
        made = events[0] if isinstance(events[0], RollMade) else None
        self.show_result(made, events, before, app_rolled=made is not None and made.app_rolled)
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()

    def show_result(
        self,
        made: RollMade | None,
        events: tuple[AnyEvent, ...],
        before: Any,
        app_rolled: bool,
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
    """R-CMB-2: the active PC attacks an NPC with one of their own weapons (light eases),
    eased by their training with it (an inability hinders), assets and Effort, with a
    bonus to the die; Effort may add damage instead; what a 19 or a 20 brings is chosen
    before the die. An area attack (R-EFF-5) hits the marked NPCs too."""

    DEFAULT_CSS = """
    AttackDialog .dialog { width: 80; }
    AttackDialog #form { grid-size: 4; grid-columns: 11 1fr 11 1fr; grid-rows: 1;
                         grid-gutter: 0 1; height: auto; }
    AttackDialog #form Label { text-style: bold; color: $text-muted; }
    AttackDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    """

    def __init__(self, character_id: str, npc_id: str, marked: tuple[str, ...] = ()) -> None:
        super().__init__(character_id, npc_id)
        self.marked = marked

    def compose(self) -> ComposeResult:
        self.weapons = weapons_of(self.character, self.session.content)
        options = [
            (f"{w.name} ({w.category} {w.damage})", str(n)) for n, w in enumerate(self.weapons)
        ]
        encounter = self.session.state.encounter
        assert encounter is not None
        targets = [(c.name, c.id) for c in encounter.npcs() if not c.defeated]
        specials = special_options(self.session.state, self.character_id)
        first = self.weapons[0]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{escape(self.character.name)} attacks"
            box.border_subtitle = KEYS_HINT
            with Grid(id="form"):
                yield Label("Target")
                yield Select(
                    targets, value=self.npc_id, allow_blank=False, id="target", compact=True
                )
                yield Label("Weapon")
                yield Select(options, value="0", allow_blank=False, id="weapon", compact=True)
                yield Label("Effort")
                yield Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True)
                yield Label("On damage")
                yield Select(
                    self.efforts(), value=0, allow_blank=False, id="damage_effort", compact=True
                )
                yield Label("Assets")
                yield Select(
                    [("0", 0), ("1", 1), ("2", 2)],
                    value=0,
                    allow_blank=False,
                    id="assets",
                    compact=True,
                )
                yield Label("Bonus")
                yield Input("0", type="integer", id="bonus", compact=True)
                for face in (19, 20):
                    choices = [(f"+{specials.bonus[face]} damage", DAMAGE)]
                    choices += [(effect, effect) for effect in specials.effects[face]]
                    yield Label(f"On a {face}")
                    yield Select(
                        choices,
                        value=DAMAGE,
                        allow_blank=False,
                        id=f"on_{face}",
                        compact=True,
                        disabled=len(choices) == 1,
                    )
                yield Checkbox("Area", id="area")
                yield Checkbox("Gun", value=first.gun, id="gun", disabled=not first.ranged)
                yield Label(DIE_LABEL)
                yield self.die_input()
            yield from self.outcome_widgets()
            yield self.buttons()

    @property
    def weapon(self) -> WeaponUsed:
        return self.weapons[int(self.query_one("#weapon", Select).value)]

    @on(Select.Changed, "#weapon")
    def weapon_changed(self) -> None:
        """A gun is a ranged weapon; its name says if it is one (the player may say so)."""
        gun = self.query_one("#gun", Checkbox)
        gun.value, gun.disabled = self.weapon.gun, not self.weapon.ranged

    @on(Checkbox.Changed, "#area")
    def area_changed(self, event: Checkbox.Changed) -> None:
        """An area attack takes a 19 or a 20 as damage (R-EFF-5 here)."""
        specials = special_options(self.session.state, self.character_id)
        for face in (19, 20):
            select = self.query_one(f"#on_{face}", Select)
            if event.value:
                select.value = DAMAGE
            select.disabled = event.value or not specials.effects[face]
        self.update_preview()

    @on(Checkbox.Changed, "#gun")
    @on(Input.Changed, "#bonus")
    def form_changed(self) -> None:
        self.update_preview()

    def command(self, die: int | None = None) -> Attack:
        bonus = int_value(self.query_one("#bonus", Input))
        if bonus is None:
            raise ValueError("The bonus is a whole number (e.g. 1 or -1).")
        weapon = self.weapon
        if weapon.ranged:
            weapon = WeaponUsed(
                name=weapon.name,
                category=weapon.category,
                damage=weapon.damage,
                ranged=True,
                gun=self.query_one("#gun", Checkbox).value,
            )
        area = self.query_one("#area", Checkbox).value
        encounter = self.session.state.encounter
        standing = {c.id for c in encounter.npcs() if not c.defeated} if encounter else set()
        others = tuple(m for m in self.marked if m != self.npc_id and m in standing)
        return Attack(
            character=self.character_id,
            target=self.npc_id,
            weapon=weapon,
            effort=self.query_one("#effort", Select).value,
            damage_effort=self.query_one("#damage_effort", Select).value,
            assets=self.query_one("#assets", Select).value,
            bonus=bonus,
            area=area,
            others=others if area else (),
            on_19=self.query_one("#on_19", Select).value,
            on_20=self.query_one("#on_20", Select).value,
            die=die,
        )

    def render_preview(self, preview: AttackPreview) -> Table:
        return attack_table(preview)

    def show_result(
        self,
        made: RollMade | None,
        events: tuple[AnyEvent, ...],
        before: AttackPreview,
        app_rolled: bool,
    ) -> None:
        assert made is not None
        if before.area:
            hit = next((e for e in events if isinstance(e, NpcHealthChanged)), None)
            encounter = self.session.state.encounter
            names = [encounter.combatants[t].name for t in hit.targets] if hit and encounter else []
            if made.success:
                verdict = "hits every target!"
            else:
                verdict = "reaches only some targets." if names else "misses every target."
            text = self.roll_text(made, app_rolled, verdict, verdict)
            if hit is not None:
                text.append(f"\nHit for {-hit.amount} each (less Armor): {', '.join(names)}.")
            self.query_one("#result", Static).update(text)
            return
        text = self.roll_text(made, app_rolled, "hit!", "miss.")
        if made.success:
            face = made.die if made.die in (17, 18, 19, 20) else None
            hit_shown = next((h for h in before.hits if h.die == face), None)
            if hit_shown is not None:
                text.append("\n")
                text.append_text(hit_line(hit_shown, before))
        self.query_one("#result", Static).update(text)


DEFENSE_SKILLS = [
    ("Untrained", ""),
    ("Trained", "trained"),
    ("Specialized", "specialized"),
    ("Inability", "inability"),
]


class DefenseDialog(CombatRoll):
    """R-CMB-3: the NPC attacks; the PC rolls to defend (Speed unless said otherwise) at
    the NPC's level, trained as the sheet says (the player may change it); a failure
    takes the NPC's damage less Armor. R-DMG-4: a debilitated PC cannot defend."""

    def __init__(self, npc_id: str, character_id: str) -> None:
        super().__init__(character_id, npc_id)

    def compose(self) -> ComposeResult:
        encounter = self.session.state.encounter
        assert encounter is not None
        state = self.session.state
        pcs = [
            (c.name, c.id)
            for c in encounter.combatants.values()
            if c.pc and not out_of_fight(state, c.id)
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{escape(self.npc.name)} attacks (damage {self.npc.damage})"
            box.border_subtitle = KEYS_HINT
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
                "Skill",
                Select(
                    DEFENSE_SKILLS,
                    value=defense_skill(state, self.character_id, Stat.SPEED),
                    allow_blank=False,
                    id="skill",
                    compact=True,
                ),
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield row(DIE_LABEL, self.die_input())
            yield from self.outcome_widgets()
            yield self.buttons()

    @on(Select.Changed, "#pc, #stat")
    def sheet_skill(self) -> None:
        """The sheet's training for this defender and this defense, as the default."""
        stat, pc = self.query_one("#stat", Select).value, self.query_one("#pc", Select).value
        if isinstance(stat, Stat) and isinstance(pc, str):
            self.query_one("#skill", Select).value = defense_skill(self.session.state, pc, stat)

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
        self,
        made: RollMade | None,
        events: tuple[AnyEvent, ...],
        before: DefensePreview,
        app_rolled: bool,
    ) -> None:
        after = self.character
        if made is None:
            text = Text(f"No roll: hit for {before.taken}", style="bold red")
        else:
            text = self.roll_text(made, app_rolled, "defended!", f"hit for {before.taken}")
        if made is None or not made.success:
            text.append(f" (Armor {before.armor}).", style="bold red")
            text.append(f" {after.name} is {after.track.label}.")
        self.query_one("#result", Static).update(text)
