"""A PC's defense against an NPC's attack (R-CMB-3): rolled here, or, from the GM's seat,
asked of the player's own seat (AskDefense), where the same dialog answers it (see
``answer``). Circumstances (R-CIR-1) favour the defender as the target: partial cover
eases the defense as it hinders the attack."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.character.damage import landing_words, one_pool, spill_of
from strange_tui.campaign.commands.combat import Defend, DefensePreview, defense_skill, out_of_fight
from strange_tui.campaign.commands.combat.defense_training import defense_options
from strange_tui.campaign.commands.rolls.circumstances import (
    CircumstanceChoice,
    circumstance_choices,
)
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import AnyEvent, DamageTaken, RollMade
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.combat.creature_fields import BLOW, CreatureDefense, Situations, foe_rows
from strange_tui.tui.combat.roll import KEYS_HINT, CombatRoll
from strange_tui.tui.combat.tables import defense_table
from strange_tui.tui.common.dialog import row, send
from strange_tui.tui.rolls.odds import circumstance_rows, grid

ASK_LABEL = "Ask the seat"
"""The button that sends the defense to the defender's own seat."""


def hit_why(before: DefensePreview) -> str:
    """Why a hit on the defender came to what it did, as the log says it: '(4, less
    Armor 2)'; nothing when no Armor took its share."""
    return f" ({before.damage}, less Armor {before.armor})" if before.armor else ""


def struck(before: DefensePreview, events: tuple[AnyEvent, ...]) -> str:
    """R-DMG-1, R-DMG-2: the hit as it landed, every pool it reached named ("3 Might,
    4 Speed damage": an emptied pool's share went on to the next)."""
    hit = next((e for e in events if isinstance(e, DamageTaken)), None)
    if hit is None:
        return f"{before.taken} {before.pool.value.title()} damage"
    return landing_words(*spill_of(hit), hit.stat)


class DefenseDialog(CreatureDefense, CombatRoll):
    """R-CMB-3: the NPC attacks; the PC rolls to defend (Speed unless said otherwise) at
    the NPC's level, trained as the sheet says (the player may change it); a failure
    takes the NPC's damage less Armor. R-DMG-4: a debilitated PC cannot defend.

    From the GM's seat, "Ask the seat" (ctrl+o) sends the defense to the player's own
    seat instead of rolling it here; rolling here stays for an absent player.

    Against a pack's creature (R-NPC-1, R-NPC-2) it asks, only when its entry makes it
    matter: whether it attacks at range or in melee, its blow or one of its area attacks,
    the situations of its entry the table says hold, and a second die for the defense its
    hit's rider calls for (after "Your die" in the Tab order; blank: the app rolls)."""

    BINDINGS = [Binding("ctrl+o", "ask", "Ask at the seat", id="defense.ask")]
    ASKS = True
    """Whether the dialog may send the roll to the player's seat (not when it answers)."""

    def __init__(
        self, npc_id: str, character_id: str, stat: Stat = Stat.SPEED, fixed: bool = False
    ) -> None:
        super().__init__(character_id, npc_id)
        self.stat = stat
        self.fixed = fixed
        """The defender and the stat are the question's (asked at a seat), not to change."""
        self._skill_for: tuple[object, object] = (character_id, stat)
        """The defender and stat the Skill list was made for."""

    @property
    def asks(self) -> bool:
        """The GM's dialog, before its roll: it can ask the player's seat instead."""
        return self.ASKS and self.session.is_gm and not self.done

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ask":
            return self.asks
        return True

    def extra_buttons(self) -> list[Button]:
        if not self.asks:
            return []
        # The defender's name is the first field's: a long one would not fit the button.
        return [Button(ASK_LABEL, variant="warning", id="ask")]

    @on(Button.Pressed, "#ask")
    def action_ask(self) -> None:
        """The defense goes to the player's seat: the dialog closes and the table waits."""
        if not self.asks:
            return
        stat = self.query_one("#stat", Select).value
        area = self.query("#area")
        asked = AskDefense(
            character=self.character_id,
            npc=self.npc_id,
            stat=stat if isinstance(stat, Stat) else Stat.SPEED,
            area=area.first(Select).value if area else "",
        )
        npc, who = self.npc.name, self.character.name
        if send(self, asked):
            self.app.notify(f"Waiting for {who}'s defense roll against {npc}.", title="Asked")
            self.dismiss(True)

    def compose(self) -> ComposeResult:
        encounter = self.session.state.encounter
        assert encounter is not None
        state = self.session.state
        pcs = [
            (Text(c.name), c.id)
            for c in encounter.combatants.values()
            if c.pc and (c.id == self.character_id if self.fixed else not out_of_fight(state, c.id))
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = self.title_text()
            box.border_subtitle = self.keys_hint()
            yield row(
                "Defender",
                Select(
                    pcs,
                    value=self.character_id,
                    allow_blank=False,
                    id="pc",
                    compact=True,
                    disabled=self.fixed,
                ),
            )
            yield row(
                "Defend with",
                Select(
                    [(s.value.title(), s) for s in Stat],
                    value=self.stat,
                    allow_blank=False,
                    id="stat",
                    compact=True,
                    disabled=self.fixed,
                ),
            )
            yield row(
                "Skill",
                Select(
                    defense_options(state, self.character_id, self.stat, self.session.seat),
                    value=defense_skill(state, self.character_id, self.stat),
                    allow_blank=False,
                    id="skill",
                    compact=True,
                ),
            )
            yield row(
                "Effort",
                Select(self.efforts(), value=0, allow_blank=False, id="effort", compact=True),
            )
            yield row(
                "Damage to",  # R-DMG-1: a psychic blast hits Intellect, a poison Speed.
                Select(
                    [(s.value.title(), s) for s in Stat],
                    value=self.npc.attack_pool,
                    allow_blank=False,
                    id="pool",
                    compact=True,
                    disabled=self.fixed,
                ),
            )
            yield from self.creature_rows()
            yield row("Circumstances", self.circumstances_button())
            yield Horizontal(
                Label("Support", classes="field"),
                self.support_select(),
                classes="row flat support",
            )
            yield self.die_row()
            yield Situations()
            yield from self.outcome_widgets()
            yield self.buttons()

    @on(Checkbox.Changed, "#situations Checkbox")
    @on(Input.Changed, "#rider_die")
    def creature_changed(self) -> None:
        self.update_preview()

    def title_text(self) -> str:
        return f"{escape(self.npc.name)} attacks (damage {self.npc.damage})"

    def keys_hint(self) -> str:
        if self.asks:
            return KEYS_HINT.replace(" · escape", " · ctrl+o asks the seat · escape")
        return KEYS_HINT

    @on(Select.Changed, "#pc, #stat")
    def sheet_skill(self) -> None:
        """The sheet's training for this defender and this defense, as the default (the
        Skill list was made for the first ones: the Changed each field posts as it
        mounts rebuilds nothing, since a rebuilt list restyles the dialog)."""
        stat, pc = self.query_one("#stat", Select).value, self.query_one("#pc", Select).value
        if (pc, stat) == self._skill_for:
            return
        self._skill_for = (pc, stat)
        if isinstance(stat, Stat) and isinstance(pc, str):
            state, skill = self.session.state, self.query_one("#skill", Select)
            skill.set_options(defense_options(state, pc, stat, self.session.seat))
            skill.value = defense_skill(state, pc, stat)

    def command(self, die: int | None = None) -> Defend:
        return Defend(
            character=self.character_id,
            npc=self.npc_id,
            stat=self.query_one("#stat", Select).value,
            skill=self.query_one("#skill", Select).value,
            effort=self.query_one("#effort", Select).value,
            circumstances=self.circumstances,
            support=self.support_value(),
            pool=self.query_one("#pool", Select).value,
            ranged=self.ranged(),
            situations=self.query_one(Situations).chosen(),
            area=area.first(Select).value if (area := self.query("#area")) else BLOW,
            rider_die=self.rider_die(),
            die=die,
        )

    def circumstance_options(self) -> tuple[CircumstanceChoice, ...]:
        """A defense's circumstances: the NPC's attack, melee or ranged, is not known
        here, so all of them."""
        return circumstance_choices("defense")

    def render_preview(self, preview: DefensePreview) -> Table | Group:
        """Each circumstance's line (R-CIR-1) over the odds, cost and what a failure
        takes."""
        table = defense_table(preview)
        if preview.spill and not one_pool(preview.spill, preview.lost, preview.pool):
            # R-DMG-2: the pools it reaches, when not only its own.
            lands = landing_words(preview.spill, preview.lost, preview.pool)
            table.add_row("It lands", Text(lands, style="bold red"))
        # R-NPC-1, R-NPC-2: its level, Armor, riders (and where a rider's damage lands).
        foe_rows(table, (*preview.creature, *preview.rider_landing))
        self.query_one(Situations).show(preview.situations)
        if preview.no_roll or not (preview.roll.circumstances or preview.roll.support_needed):
            return table
        lines = grid()
        circumstance_rows(lines, preview.roll)
        # One column of labels for both: as wide as the longer of the two.
        width = len("Circumstances")
        lines.columns[0].min_width = table.columns[0].min_width = width
        return Group(lines, table)

    def show_result(
        self,
        made: RollMade | None,
        events: tuple[AnyEvent, ...],
        before: DefensePreview,
        app_rolled: bool,
    ) -> None:
        self.query("#ask").remove()  # Rolled: nothing left to ask.
        after = self.character
        hit = Text.assemble(
            (f"hit: {struck(before, events)}{hit_why(before)}.", "bold red"),
            f" {after.name} is {after.track.label}.",
        )
        if made is None:
            text = Text("No roll: ", style="bold red").append_text(hit)
        else:  # The verdict whole, so a natural 1's intrusion follows on its own line.
            text = self.roll_text(made, app_rolled, "defended!", hit)
        self.query_one("#result", Static).update(text)
