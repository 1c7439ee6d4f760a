"""A PC's attack on an NPC (R-CMB-2); the defense against an NPC's attack (R-CMB-3) is in
``defense`` and shares the base in ``combat_roll``. Both are imported from here too.

Just past 300 lines: one form, each of whose fields goes into the one Attack it sends; the
fields with a job of their own are in ``trade``, ``creature_fields`` and ``joining``."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.markup import escape
from textual.widgets import Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.combat import (
    DAMAGE,
    Attack,
    AttackPreview,
    WeaponUsed,
    special_options,
    weapons_of,
)
from strange_tui.campaign.commands.combat.views import creature_view
from strange_tui.campaign.commands.rolls.circumstances import (
    CircumstanceChoice,
    circumstance_choices,
)
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, NpcHealthChanged, RollMade
from strange_tui.tui.combat.creature_fields import PLAIN, Situations, foe_rows, harm_options
from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.combat.joining import join_shown, joined, joining_fields
from strange_tui.tui.combat.roll import DIE_LABEL, KEYS_HINT, CombatRoll
from strange_tui.tui.combat.tables import attack_table, health_at, hit_line
from strange_tui.tui.combat.trade import (
    chosen_trade,
    set_trades,
    trade_fields,
    trade_text,
    traded_text,
)
from strange_tui.tui.common.dialog import int_value

__all__ = ["AttackDialog", "CombatRoll", "DefenseDialog"]


def weapon_label(weapon: WeaponUsed) -> str:
    """'Heavy pistol (medium 4)'; an ability's attack: '<ability>: force ray (ability 4)'."""
    return f"{weapon.name} ({'ability' if weapon.ability else weapon.category} {weapon.damage})"


def weapon_index(weapons: Sequence[WeaponUsed], name: str) -> str:
    """The option of the weapon named ``name`` (or whose ability it is); the first one."""
    for n, weapon in enumerate(weapons):
        if name and name in (weapon.name, weapon.ability):
            return str(n)
    return "0"


class AttackDialog(CombatRoll):
    """R-CMB-2: the active PC attacks an NPC with one of their own weapons (light eases),
    eased by their training with it (an inability hinders), assets and Effort, with a
    bonus to the die; Effort may add damage instead; what a 19 or a 20 brings is chosen
    before the die, and a trade of damage for an effect (R-SPEC-6). An area attack
    (R-EFF-5) hits the marked NPCs too. Circumstances (R-CIR-1, R-CIR-2) are those of
    its kind, melee or ranged, as the weapon is. Against a pack's creature (R-NPC-1,
    R-NPC-2): the kind of harm (the kinds its entry singles out first), the situations of
    its entry the table says hold, and its lines in the preview ("Foe"). R-CIR-3: "With",
    the other PCs who set on the foe in melee with the attacker (three: +1 each)."""

    DEFAULT_CSS = """
    AttackDialog .dialog { width: 80; }
    AttackDialog #form { grid-size: 4; grid-columns: 13 4fr 11 5fr; grid-rows: 1;
                         grid-gutter: 0 1; height: auto; }
    AttackDialog #form .wide { column-span: 3; }
    AttackDialog #form .pair { column-span: 2; }
    AttackDialog #form Label { text-style: bold; color: $text-muted; }
    AttackDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    """

    def __init__(
        self, character_id: str, npc_id: str, marked: tuple[str, ...] = (), weapon: str = ""
    ) -> None:
        """``weapon``: the name of the weapon (or ability's attack) to start with."""
        super().__init__(character_id, npc_id)
        self.marked = marked
        self.start_weapon = weapon

    def compose(self) -> ComposeResult:
        self.weapons = weapons_of(self.character, self.session.content)
        options = [(weapon_label(w), str(n)) for n, w in enumerate(self.weapons)]
        start = weapon_index(self.weapons, self.start_weapon)
        encounter = self.session.state.encounter
        assert encounter is not None
        targets = [(Text(c.name), c.id) for c in encounter.npcs() if not c.defeated]
        specials = special_options(self.session.state, self.character_id)
        first = self.weapons[int(start)]
        with Vertical(classes="dialog") as box:
            box.border_title = f"{escape(self.character.name)} attacks"
            box.border_subtitle = KEYS_HINT
            with Grid(id="form"):
                yield Label("Target")
                yield Select(
                    targets, value=self.npc_id, allow_blank=False, id="target", compact=True
                )
                yield Label("Weapon")
                yield Select(options, value=start, allow_blank=False, id="weapon", compact=True)
                yield from joining_fields(self.session.state, self.character_id, self.npc_id)
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
                yield from trade_fields(self.session, self.npc)
                yield Label("Harm", classes="harm")
                yield Select(
                    harm_options(creature_view(self.npc)),
                    value=PLAIN,
                    allow_blank=False,
                    id="harm",
                    compact=True,
                    classes="harm",
                )
                yield Label("Circumstances", id="circumstances-label")
                yield self.circumstances_button()
                yield Label("Support", classes="support")
                yield self.support_select()
                yield Checkbox("Area", id="area")
                yield Checkbox("Gun", value=first.gun, id="gun", disabled=not first.ranged)
                yield Label(DIE_LABEL)
                yield self.die_input()
            yield Situations()
            yield from self.outcome_widgets()
            yield self.buttons()

    def reset_trade(self) -> None:
        """R-SPEC-6: the trades against the target, none chosen."""
        trade = self.query_one("#trade", Select)
        set_trades(trade, self.session, self.npc, keep=False)
        trade.disabled = False

    @on(Select.Changed, "#target")
    def target_changed(self, event: Select.Changed) -> None:
        """Each trade's price counts the new target's level; the kinds of harm its entry
        singles out come first (the kind chosen stays)."""
        encounter = self.session.state.encounter
        if encounter is not None and event.value in encounter.combatants:
            target = encounter.combatants[event.value]
            set_trades(self.query_one("#trade", Select), self.session, target)
            self.show_harm(target)

    def on_mount(self) -> None:  # Before CombatRoll's (Textual calls both): its preview.
        self.show_harm(self.npc)
        self.show_joining()

    def show_joining(self) -> None:
        """R-CIR-3: the "With" row, for an attack in melee another PC could join."""
        shown = join_shown(self.session.state, self.character_id, self.npc_id, self.weapon.ranged)
        for widget in self.query(".joining"):
            widget.display = shown

    def show_harm(self, target: Combatant) -> None:
        """The Harm choice, the kinds the target's entry singles out first (the kind chosen
        stays), shown only against a target whose entry singles one out (R-NPC-2): against
        any other the kind changes nothing, and the form's Tab order stays as it was."""
        view = creature_view(target)
        harm = self.query_one("#harm", Select)
        kept = harm.value
        harm.set_options(harm_options(view))
        harm.value = kept
        for widget in self.query(".harm"):
            widget.display = bool(view.harm)
        self.query_one("#trade", Select).set_class(not view.harm, "wide")

    @property
    def weapon(self) -> WeaponUsed:
        return self.weapons[int(self.query_one("#weapon", Select).value)]

    @on(Select.Changed, "#weapon")
    def weapon_changed(self) -> None:
        """A gun is a ranged weapon: the Gun box starts from the weapon (its pack entry, or
        the player's word in an earlier attack, which the sheet keeps); the player may
        change it, and the attack records it for the next."""
        gun = self.query_one("#gun", Checkbox)
        gun.value, gun.disabled = self.weapon.gun, not self.weapon.ranged
        self.show_joining()

    @on(Checkbox.Changed, "#area")
    def area_changed(self, event: Checkbox.Changed) -> None:
        """An area attack takes a 19 or a 20 as damage (R-EFF-5 here)."""
        specials = special_options(self.session.state, self.character_id)
        for face in (19, 20):
            select = self.query_one(f"#on_{face}", Select)
            if event.value:
                select.value = DAMAGE
            select.disabled = event.value or not specials.effects[face]
        trade = self.query_one("#trade", Select)
        trade.disabled = event.value  # No trade on an area attack (R-SPEC-6).
        self.update_preview()

    @on(Checkbox.Changed, "#gun")
    @on(Checkbox.Changed, "#situations Checkbox")
    @on(Input.Changed, "#bonus")
    def form_changed(self) -> None:
        self.update_preview()

    def command(self, die: int | None = None) -> Attack:
        bonus = int_value(self.query_one("#bonus", Input))
        if bonus is None:
            raise ValueError("The bonus is a whole number (e.g. 1 or -1).")
        weapon = self.weapon
        if weapon.ranged:  # The player's word on a gun; the sheet remembers it.
            weapon = replace(weapon, gun=self.query_one("#gun", Checkbox).value)
        area = self.query_one("#area", Checkbox).value
        encounter = self.session.state.encounter
        standing = {c.id for c in encounter.npcs() if not c.defeated} if encounter else set()
        others = tuple(m for m in self.marked if m != self.npc_id and m in standing)
        joining = self.query_one("#joining", Select)
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
            circumstances=self.circumstances,
            support=self.support_value(),
            trade=chosen_trade(self.query_one("#trade", Select), self.session),
            situations=self.query_one(Situations).chosen(),
            harm=harm.value if (harm := self.query_one("#harm", Select)).display else PLAIN,
            joining=joined(joining.value) if joining.display else (),
            die=die,
        )

    def circumstance_options(self) -> tuple[CircumstanceChoice, ...]:
        """An attack's circumstances, of its kind (point-blank only with a ranged weapon,
        a prone foe's one of either kind)."""
        return circumstance_choices("attack", ranged=self.weapon.ranged)

    def render_preview(self, preview: AttackPreview) -> Table:
        table = attack_table(preview, health_at(self.session.state, self.session.seat))
        foe_rows(table, preview.creature)  # R-NPC-2: "Abomination: +5 Armor against energy".
        self.query_one(Situations).show(preview.situations)
        if preview.trade is not None:  # R-SPEC-6: each hit above is after it.
            table.add_row("Trade", trade_text(preview.trade))
        if preview.range:  # R-CIR-2: as gravity or water leaves it.
            table.add_row("Range", Text(preview.range))
        if preview.roll.support_needed:
            table.add_row("Support", Text(preview.roll.support_needed, style="bold red"))
        return table

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
                seen = health_at(self.session.state, self.session.seat)
                text.append_text(hit_line(hit_shown, before, seen))
                if before.trade is not None:
                    text.append(traded_text(before.trade))
        self.query_one("#result", Static).update(text)
