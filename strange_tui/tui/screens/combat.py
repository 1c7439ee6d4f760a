"""The combat tracker: the order, rounds and turns, NPC health and conditions (R-CMB).

The GM never rolls: on a PC's turn the player attacks (a); on an NPC's turn the NPC's
attack becomes the PC's defense roll (d). Every change is an event, so undo, the log and
a reopened campaign all see the fight as it is.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Header

from strange_tui.campaign.encounter import Combatant, Encounter
from strange_tui.campaign.events import CombatEnded, CombatStarted, OrderChanged, TurnAdvanced
from strange_tui.campaign.state import Campaign
from strange_tui.rules.track import can_act
from strange_tui.tui.widgets.gauges import track_badge
from strange_tui.tui.widgets.keybar import KeyBar
from strange_tui.tui.widgets.text_panel import TextPanel


def health_text(combatant: Combatant, state: Campaign) -> Text:
    if combatant.pc:
        pc = state.characters[combatant.id]
        text = Text(
            f"M{pc.pools.might.current} S{pc.pools.speed.current} I{pc.pools.intellect.current} "
        )
        return text + track_badge(pc.track)
    if combatant.defeated:
        return Text("defeated", style="dim strike")
    filled = round(10 * combatant.health / combatant.max_health) if combatant.max_health else 0
    text = Text("█" * filled, style="red")
    text.append("░" * (10 - filled), style="dim")
    return text + Text(f" {combatant.health}/{combatant.max_health}")


COLUMNS = (
    (" ", "mark"),
    ("Name", "name"),
    ("Lvl", "level"),
    ("Health", "health"),
    ("Arm", "armor"),
    ("Conditions", "conditions"),
)


class CombatScreen(Screen):
    """One fight, round by round."""

    DEFAULT_CSS = """
    CombatScreen #columns { height: 1fr; }
    CombatScreen #order { width: 3fr; height: 1fr; }
    CombatScreen #detail { width: 2fr; min-width: 26; height: 1fr; }
    """
    BINDINGS = [
        Binding("a", "attack", "Attack", id="combat.attack"),
        Binding("d", "defend", "NPC attacks", id="combat.defend"),
        Binding("n", "next_turn", "Next", id="combat.next"),
        Binding("p", "previous_turn", "Prev", id="combat.previous"),
        Binding("plus", "add_npcs", "+NPCs", id="combat.add"),
        Binding("i", "initiative", "Initiative", id="combat.initiative"),
        Binding("space", "mark", "Mark", id="combat.mark"),
        Binding("k", "condition", "Condition", id="combat.condition"),
        Binding("h", "health", "Dmg/heal", id="combat.health"),
        Binding("ctrl+up", "move(-1)", "PC up", show=False, id="combat.up"),
        Binding("ctrl+down", "move(1)", "PC down", show=False, id="combat.down"),
        Binding("e", "end", "End", id="combat.end"),
        Binding("escape", "app.pop_screen", "Back", id="combat.back"),
    ]
    COMMANDS_TABLE = [
        ("Attack", "The active PC attacks an NPC", "attack"),
        ("NPC attacks", "The active NPC attacks a PC, who rolls to defend", "defend"),
        ("Next turn", "The next combatant acts", "next_turn"),
        ("Previous turn", "Undo back to the start of the turn", "previous_turn"),
        ("Add NPCs", "Creatures from the packs, or level-N quick NPCs", "add_npcs"),
        ("Roll initiative", "Each PC's Speed roll against the highest NPC level", "initiative"),
        ("Add a condition", "Stunned, dazed, prone... with rounds", "condition"),
        ("Damage or heal NPCs", "The marked NPCs (or the highlighted one)", "health"),
        ("End the fight", "Write the summary to the log", "end"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.marked: set[str] = set()
        self._shown: dict[str, tuple] = {}
        self._shown_order: list[str] = []
        self._last_turn: tuple[int, int] = (-1, -1)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="columns"):
            table = DataTable(id="order", cursor_type="row", zebra_stripes=True, classes="panel")
            table.border_title = "Order"
            yield table
            detail = TextPanel(id="detail", classes="panel")
            detail.border_title = "Turn"
            yield detail
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, key in COLUMNS:
            table.add_column(label, key=key)
        state = self.app.campaign
        if state is not None and state.encounter is None:
            pcs = tuple(cid for cid, c in state.characters.items() if can_act(c.track))
            self.app.dispatch(CombatStarted(pcs=pcs))
        self.watch(self.app, "campaign", self.show, init=True)
        encounter = self.encounter
        if encounter is not None and not encounter.npcs():
            self.call_after_refresh(self.action_add_npcs)

    @property
    def encounter(self) -> Encounter | None:
        state = self.app.campaign
        return state.encounter if state else None

    def show(self, state: Campaign | None) -> None:
        encounter = state.encounter if state else None
        if encounter is None or self.app.screen is not self:
            return
        rows = self.rows(encounter, state)
        table = self.query_one(DataTable)
        if list(rows) == self._shown_order:
            # Same combatants in the same order: redraw only the cells that changed.
            for cid, cells in rows.items():
                for column, (old, new) in enumerate(zip(self._shown[cid], cells, strict=True)):
                    if old != new:
                        table.update_cell(cid, COLUMNS[column][1], new)
        else:
            keep = table.cursor_row
            table.clear()
            for cid, cells in rows.items():
                table.add_row(*cells, key=cid)
            if keep is not None and table.row_count:
                table.move_cursor(row=min(keep, table.row_count - 1))
        self._shown, self._shown_order = rows, list(rows)
        active = encounter.active
        if active is not None and (encounter.round, encounter.turn) != self._last_turn:
            table.move_cursor(row=encounter.order.index(active.id))
            self._last_turn = (encounter.round, encounter.turn)
        self.query_one("#detail", TextPanel).show(self.detail(encounter))

    def on_screen_resume(self) -> None:
        self.show(self.app.campaign)

    def rows(self, encounter: Encounter, state: Campaign) -> dict[str, tuple]:
        """The cells of each combatant's row, in order."""
        rows = {}
        for cid in encounter.order:
            c = encounter.combatants[cid]
            # The active combatant is shown by the cursor (moved to it each turn); a mark
            # here is the multi-select. Changing fewer cells keeps the table's redraw cheap.
            marker = Text("●" if cid in self.marked else " ", style="bold cyan")
            name = Text(c.name, style="dim" if c.defeated else ("bold" if c.pc else ""))
            if c.swarm:
                name.append(" (swarm)", style="dim")
            if c.boss:
                name.append(" (boss)", style="dim")
            conditions = ", ".join(f"{x.name} {x.rounds or '∞'}" for x in c.conditions)
            level = "PC" if c.pc else str(c.level)
            armor = str(state.characters[cid].armor if c.pc else c.armor)
            rows[cid] = (marker, name, level, health_text(c, state), armor, conditions)
        return rows

    def detail(self, encounter: Encounter) -> Text:
        if encounter.round == 0:
            return Text("Add NPCs (+), then roll initiative (i).", style="bold")
        active = encounter.active
        text = Text(f"Round {encounter.round}\n", style="bold")
        if active is not None:
            text.append(f"{active.name}'s turn\n", style="bold yellow")
            if any(x.loses_turn for x in active.conditions):
                text.append("Stunned: loses this turn (n).\n", style="red")
            elif active.pc:
                text.append("a: attack an NPC · or roll any task from Home.\n")
            else:
                text.append(f"d: {active.name} attacks a PC (damage {active.damage}).\n")
        text.append(
            f"\nDealt {encounter.dealt} · taken {encounter.taken}"
            f" · intrusions {encounter.intrusions}",
            style="dim",
        )
        return text

    def highlighted(self) -> Combatant | None:
        encounter, table = self.encounter, self.query_one(DataTable)
        if encounter is None or not table.row_count:
            return None
        row_key = table.coordinate_to_cell_key((table.cursor_row, 0)).row_key
        return encounter.combatants.get(row_key.value)

    def targets(self) -> list[str]:
        """The marked combatants, else the highlighted one."""
        if self.marked:
            return sorted(self.marked)
        who = self.highlighted()
        return [who.id] if who else []

    def action_mark(self) -> None:
        who = self.highlighted()
        if who:
            self.marked ^= {who.id}
            self.show(self.app.campaign)

    def action_next_turn(self) -> None:
        self.app.dispatch(TurnAdvanced())

    def action_previous_turn(self) -> None:
        """Undo back to (and including) the event that started this turn."""
        session = self.app.session
        journal = session.journal() if session else []
        if not any(isinstance(e, TurnAdvanced) for e in journal):
            self.notify("This is the first turn of the fight on record.", severity="warning")
            return
        while session.can_undo:
            last = session.journal()[-1]
            self.app.action_undo()
            if isinstance(last, TurnAdvanced):
                break

    def action_move(self, steps: int) -> None:
        encounter, who = self.encounter, self.highlighted()
        if encounter is None or who is None or not who.pc:
            return
        order = list(encounter.order)
        index = order.index(who.id)
        other = index + steps
        if not 0 <= other < len(order) or not encounter.combatants[order[other]].pc:
            return
        order[index], order[other] = order[other], order[index]
        if self.app.dispatch(OrderChanged(order=tuple(order))):
            self.query_one(DataTable).move_cursor(row=other)

    def action_end(self) -> None:
        encounter = self.encounter
        if encounter is None:
            return
        summary = CombatEnded(
            rounds=encounter.round,
            dealt=encounter.dealt,
            taken=encounter.taken,
            intrusions=encounter.intrusions,
        )
        if self.app.dispatch(summary):
            self.app.notify(f"Fight over after {encounter.round} rounds.", title="Combat")
            self.app.pop_screen()

    def _dialog(self, name: str, *args: object) -> None:
        from strange_tui.tui.dialogs import combat_dialogs, combat_rolls

        module = combat_rolls if hasattr(combat_rolls, name) else combat_dialogs
        self.app.push_screen(getattr(module, name)(*args))

    def action_add_npcs(self) -> None:
        self._dialog("AddNpcsDialog")

    def action_initiative(self) -> None:
        encounter = self.encounter
        if encounter is None or not [c for c in encounter.npcs() if not c.defeated]:
            self.notify(
                "Add NPCs first (+): initiative is set by the highest NPC level.",
                severity="warning",
            )
            return
        self._dialog("InitiativeDialog")

    def action_condition(self) -> None:
        if targets := self.targets():
            self._dialog("ConditionDialog", tuple(targets))

    def action_health(self) -> None:
        npcs = [t for t in self.targets() if self.encounter and not self.encounter.combatants[t].pc]
        if not npcs:
            self.notify(
                "Mark NPCs (space) or highlight one; PCs take damage on their sheet.",
                severity="warning",
            )
            return
        self._dialog("HealthDialog", tuple(npcs))

    def action_attack(self) -> None:
        encounter = self.encounter
        active = encounter.active if encounter else None
        if active is None or not active.pc:
            self.notify("Attacks are made on a PC's turn (n moves on).", severity="warning")
            return
        target = self.highlighted()
        if target is None or target.pc or target.defeated:
            target = next((c for c in encounter.npcs() if not c.defeated), None)
        if target is None:
            self.notify("No NPC is left standing.", severity="warning")
            return
        self._dialog("AttackDialog", active.id, target.id)

    def action_defend(self) -> None:
        encounter = self.encounter
        active = encounter.active if encounter else None
        if active is None or active.pc:
            self.notify("NPCs attack on their own turn (n moves on).", severity="warning")
            return
        target = self.highlighted()
        if target is None or not target.pc:
            target = next((c for c in encounter.combatants.values() if c.pc), None)
        if target is not None:
            self._dialog("DefenseDialog", active.id, target.id)
