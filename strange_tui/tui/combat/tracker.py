"""The combat tracker: the order, rounds and turns, NPC health and conditions (R-CMB).

The GM never rolls: on a PC's turn the player attacks (a); on an NPC's turn the NPC's
attack becomes the PC's defense roll (d). In solo play no GM runs the NPCs: d has the app
choose whom the NPC attacks, and that PC's defense roll opens at once. The cheat sheet's
combat actions (c), hazards (z), objects (o) and surprise (u) open from here too (their
keys are in ``combat_keys``). Every action is a command (one undo step), so undo, the log
and a reopened campaign all see the fight as it is.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, VerticalScroll
from textual.widgets import DataTable, Header

from strange_tui.campaign.commands.combat import (
    GrantAction,
    MovePc,
    NextTurn,
    RollInitiative,
    commands_back_to_turn,
)
from strange_tui.campaign.model.encounter import Encounter
from strange_tui.campaign.model.npc_health import numbers_seen
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.combat.keys import TrackerKeys
from strange_tui.tui.combat.npc_health import HealthDialog
from strange_tui.tui.combat.npcs import (
    AddNpcsDialog,
    ConditionDialog,
    InitiativeDialog,
)
from strange_tui.tui.combat.order_fit import fit_conditions
from strange_tui.tui.combat.start_end import end_fight, fight_gone, start_fight
from strange_tui.tui.combat.view import (
    COLUMNS,
    creature_detail,
    key_commands,
    order_rows,
    turn_detail,
)
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.seat import Probe, offered
from strange_tui.tui.common.session import Refused, Session
from strange_tui.tui.common.text_panel import TextPanel
from strange_tui.tui.common.waiting import Waiting


class CombatScreen(TrackerKeys):
    """One fight, round by round."""

    TURN_KEYS = "a attack · b ability · c action · n pass"
    """What the banner offers on a player's own turn (``common.turn_banner``)."""

    @staticmethod
    def seat_probes(session: Session) -> dict[str, Probe]:
        """The keys' commands with no tracker open (Help, ``seat.gm_actions``)."""
        return key_commands(session.state.encounter, None, session.seat)

    # The table takes the whole width below 110 columns (every column readable at 80),
    # with the turn under it; wider, the turn sits beside it. Under 20 rows the turn takes
    # at most half the height, and scrolls (Tab reaches it, the arrows scroll it).
    HORIZONTAL_BREAKPOINTS = [(0, "-stacked"), (110, "-side-by-side")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]
    DEFAULT_CSS = """
    CombatScreen #columns { height: 1fr; layout: vertical; }
    CombatScreen #order { width: 1fr; height: 1fr; min-height: 5; }
    CombatScreen #turn { width: 1fr; height: auto; max-height: 10;
                         scrollbar-size-vertical: 1; }
    CombatScreen #detail { width: 1fr; height: auto; }
    CombatScreen.-short #order { min-height: 4; }
    CombatScreen.-short #turn { max-height: 50%; min-height: 3; }
    CombatScreen.-side-by-side #columns { layout: horizontal; }
    CombatScreen.-side-by-side #order { width: 3fr; }
    CombatScreen.-side-by-side #turn { width: 2fr; min-width: 26; max-height: 100%; }
    CombatScreen.-side-by-side #detail { min-height: 7; }
    """
    BINDINGS = [
        Binding("a", "attack", "Attack", id="combat.attack"),
        Binding("b", "ability", "Ability", id="combat.ability"),
        Binding("d", "defend", "NPC attacks", id="combat.defend"),
        # Solo play's d (the key bar shows one or the other: see check_action).
        Binding("d", "npc_acts", "NPC acts", id="combat.npc_acts",
                tooltip="The app chooses whom the NPC attacks; that PC rolls to defend"),
        Binding("c", "actions", "Action", id="combat.actions",
                tooltip="covering fire, distract, draw or take the attack, guard, wait"),
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
        # The GM's less frequent keys come last: at 80 columns the key bar keeps the first.
        Binding("z", "hazard", "Hazard", id="combat.hazard",
                tooltip="fire, acid, cold, a fall...: ambient damage, some each round"),
        Binding("u", "surprise", "Surprise", id="combat.surprise", show=False,
                tooltip="the marked are caught unaware as the fight begins"),
        Binding("o", "add_object", "Object", id="combat.object", show=False,
                tooltip="a door, a lock: something to attack, Armor by hardness"),
        Binding("g", "grant_action", "Grant an action", id="combat.grant", show=False,
                tooltip="the GM's ruling: the PC whose turn it is takes one more action"),
        Binding("y", "ask_roll", "Ask for a roll", id="combat.ask_roll", show=False,
                tooltip="the GM asks the highlighted PC (or the party) for a roll"),
        Binding("escape", "app.pop_screen", "Back", id="combat.back"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[str, tuple] = {}
        self._shown_order: list[str] = []
        self._last_turn: tuple[int, int] = (-1, -1)
        self.leaving = False
        """Set once the tracker is on its way out (this window ended the fight, or saw it
        end elsewhere): a change arriving meanwhile does not close it twice."""
        self._fought = False
        """Whether this tracker has shown a fight (one gone since was ended elsewhere)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Container(id="columns"):
            table = DataTable(id="order", cursor_type="row", zebra_stripes=True, classes="panel")
            table.border_title = "Order"
            yield table
            with VerticalScroll(id="turn"):  # The panel scrolls whole, border and all.
                detail = TextPanel(id="detail", classes="panel")
                detail.border_title = "Turn"
                yield detail
        yield Waiting()
        yield KeyBar()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, key in COLUMNS:
            table.add_column(label, key=key)
        self.follow_campaign()
        if self.state.encounter is None:
            # The fight begins with its NPCs, in one step; cancelled, it never began.
            if self.session.is_gm:
                self.call_after_refresh(start_fight, self)
            else:
                self.call_later(self.close)
            return
        encounter = self.encounter
        if encounter is not None and not encounter.npcs() and self.session.is_gm:
            self.call_after_refresh(self.action_add_npcs)

    def close(self) -> None:
        self.dismiss()

    def show(self, state: Campaign) -> None:
        encounter = state.encounter
        if encounter is None:
            if self._fought and not self.leaving:
                fight_gone(self, self.session.journal())  # Ended at another window.
            return
        self._fought = True
        rows = self.rows(encounter, state)
        table = self.query_one(DataTable)
        refit = fit_conditions(table, rows)  # A change of width lays every row out again.
        same = list(rows) == self._shown_order and not refit
        # A row's height follows its conditions (wrapped): a change to them redraws it all.
        if same and all(self._shown[cid][-1] == cells[-1] for cid, cells in rows.items()):
            # Same combatants in the same order: redraw only the cells that changed.
            for cid, cells in rows.items():
                for column, (old, new) in enumerate(zip(self._shown[cid], cells, strict=True)):
                    if old != new:
                        table.update_cell(cid, COLUMNS[column][1], new, update_width=True)
        else:
            keep = table.cursor_row
            table.clear()
            for cid, cells in rows.items():
                table.add_row(*cells, key=cid, height=None)
            if keep is not None and table.row_count:
                table.move_cursor(row=min(keep, table.row_count - 1))
        self._shown, self._shown_order = rows, list(rows)
        active = encounter.active
        if active is not None and (encounter.round, encounter.turn) != self._last_turn:
            table.move_cursor(row=encounter.order.index(active.id))
            self._last_turn = (encounter.round, encounter.turn)
        self.query_one("#detail", TextPanel).show(self.detail(state))
        self.query_one(Waiting).show(state)
        if not self.session.is_gm:
            self.refresh_bindings()  # Whose turn it is decides a player's keys.

    def on_resize(self) -> None:
        """The Conditions column takes the new width once the table has it."""
        self.call_after_refresh(lambda: self.state.encounter and self.show(self.state))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A player's seat is not offered what the model would refuse it (see ``seat``)."""
        session = strange_app(self).session
        if action in ("defend", "npc_acts") and session is not None:
            # Solo play: the app runs the NPCs (npc_acts); with a GM, the GM does (defend).
            if (action == "npc_acts") != session.state.settings.solo:
                return False
        if session is None or session.is_gm or not self.is_mounted:
            return True
        if action in ("ask_roll", "grant_action"):
            return False  # The GM's (GM_ONLY): the difficulty, a further action.
        return offered(session, key_commands(self.encounter, self.highlighted(), self.seat), action)

    def on_data_table_row_highlighted(self) -> None:
        if self.state.encounter is not None:  # The highlighted creature's entry (R-NPC-2).
            self.query_one("#detail", TextPanel).show(self.detail(self.state))
        if not self.session.is_gm:
            self.refresh_bindings()  # ctrl+↑/↓ move the highlighted PC: a player's own only.

    def rows(self, encounter: Encounter, state: Campaign) -> dict[str, tuple]:
        """The cells of each combatant's row, in order (NPC health as this seat sees it)."""
        return order_rows(encounter, state, self.marked, numbers_seen(state, self.session.seat))

    def detail(self, state: Campaign) -> Text:
        """The turn, then what the highlighted creature's entry gives (R-NPC-2): on a
        creature's turn the cursor is on it."""
        session = self.session
        text = turn_detail(state, None if session.is_gm else session.seat)
        if creature := creature_detail(self.highlighted() if self.is_mounted else None,
                                       session.is_gm):  # fmt: skip
            text.append("\n")
            text.append_text(creature)
        return text

    def action_mark(self) -> None:
        who = self.highlighted()
        if who:
            self.marked ^= {who.id}
            self.show(self.state)

    def action_next_turn(self) -> None:
        strange_app(self).run_command(NextTurn())

    def action_grant_action(self) -> None:
        """R-CMB-8: the GM's ruling gives the PC whose turn it is one more action."""
        strange_app(self).run_command(GrantAction())

    def action_previous_turn(self) -> None:
        """Undo the commands back to (and including) the next turn that started this one."""
        session = self.session
        steps = commands_back_to_turn(session.journal())
        if steps is None:
            self.notify("This is the first turn of the fight on record.", severity="warning")
            return
        undone = []
        try:
            for _ in range(steps):
                undone.append(session.undo())
        except Refused as refused:
            undone.append(str(refused))
        self.notify("\n".join(undone), title="Back one turn", timeout=6)

    def action_move(self, steps: int) -> None:
        who = self.highlighted()
        if who is None:
            return
        if strange_app(self).run_command(MovePc(character=who.id, steps=steps)):
            encounter = self.encounter
            if encounter is not None:
                self.query_one(DataTable).move_cursor(row=encounter.order.index(who.id))

    def action_end(self) -> None:
        end_fight(self)  # At once when no NPC stands; else the GM is asked first.

    def action_add_npcs(self) -> None:
        self.app.push_screen(AddNpcsDialog())

    def action_initiative(self) -> None:
        try:
            preview = self.session.preview(RollInitiative())
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        self.app.push_screen(InitiativeDialog(preview))

    def action_condition(self) -> None:
        if targets := self.targets():
            self.app.push_screen(ConditionDialog(tuple(targets)))

    def action_health(self) -> None:
        encounter = self.encounter
        npcs = [t for t in self.targets() if encounter and not encounter.combatants[t].pc]
        if not npcs:
            self.notify(
                "Mark NPCs (space) or highlight one; PCs take damage on their sheet.",
                severity="warning",
            )
            return
        self.app.push_screen(HealthDialog(tuple(npcs)))

    def action_ask_roll(self) -> None:
        """The GM asks the highlighted PC (the party, with an NPC highlighted) for a roll."""
        who = self.highlighted()
        strange_app(self).open_ask_roll(who.id if who is not None and who.pc else "")
