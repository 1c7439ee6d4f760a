"""The combat tracker's keys that open a roll or an action: a PC's attack, an NPC's attack
(the PC's defense, or in solo play the app's choice of target), the cheat sheet's combat
actions (R-ACT-1), surprise (R-ACT-2), hazards (R-HAZ-1) and objects (R-HAZ-2).
``CombatScreen`` (``combat``) draws the fight and runs its turns."""

from __future__ import annotations

from textual.widgets import DataTable

from strange_tui.campaign.commands.combat import acting_problem, out_of_fight
from strange_tui.campaign.commands.combat.actions import GUARDING, WAITING
from strange_tui.campaign.commands.combat.views import drawing
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.model.encounter import Combatant, Encounter
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.combat.actions import ActionPicker
from strange_tui.tui.combat.attack import DefenseDialog
from strange_tui.tui.combat.grappling import GrappleDialog, grapple_offer
from strange_tui.tui.combat.hazard import HazardDialog, ObjectDialog
from strange_tui.tui.combat.movement import MoveDialog, move_offer
from strange_tui.tui.combat.reactions import (
    ActOnWaitDialog,
    GetPastDialog,
    StopPasserDialog,
    SurpriseDialog,
    TakeAttackDialog,
)
from strange_tui.tui.combat.saves import SaveDialog, save_offer
from strange_tui.tui.combat.turn_actions import (
    CoveringFireDialog,
    DistractDialog,
    DrawAttackDialog,
    GuardDialog,
    WaitDialog,
)
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.screen import CampaignScreen

OWN_TURN = {
    "covering": ("Covering fire", "attack for no damage: a hit pins the foe down"),
    "distract": ("Distract", "the foe's attacks are hindered for a round"),
    "draw": ("Draw the attack", "an NPC attacks you instead"),
    "guard": ("Guard", "defend more easily; stop those who pass"),
    "wait": ("Wait", "name a trigger; act when it comes"),
    "get_past": ("Get past a guard", "a Speed task, a step harder"),
}
ANY_TURN = {
    "take": ("Take the attack", "its attack on an ally hits you, +1 damage"),
    "stop": ("Stop someone", "on guard: a Speed task, a step easier"),
    "act": ("Act on the wait", "the trigger came: act now"),
}
DIALOGS = {
    "covering": CoveringFireDialog,
    "distract": DistractDialog,
    "draw": DrawAttackDialog,
    "guard": GuardDialog,
    "wait": WaitDialog,
    "get_past": GetPastDialog,
    "take": TakeAttackDialog,
    "stop": StopPasserDialog,
    "act": ActOnWaitDialog,
}
FIGHT = {  # R-MOVE-2, R-GRAB-1, R-SAVE-1: each says when it is on offer, for which PC.
    "move": ("Move", move_offer, MoveDialog),
    "grab": ("Grab / break free / let go", grapple_offer, GrappleDialog),
    "save": ("Save (resist an effect)", save_offer, SaveDialog),
}


def holding(encounter: Encounter, name: str, seat: str | None) -> list[Combatant]:
    """The PCs (a player's seat: its own) holding the condition ``name``."""
    return [
        c
        for c in encounter.combatants.values()
        if c.pc and (seat is None or c.id == seat) and any(x.name == name for x in c.conditions)
    ]


def action_choices(state: Campaign, seat: str | None) -> list[tuple[str, str, str]]:
    """(id, name, what it does) of the combat actions open now to this seat (None: the
    GM's, who acts for any PC): the active PC's own, and those taken on any turn."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if encounter is None or active is None:
        return []
    ids = []
    if active.pc and (seat is None or seat == active.id) and not acting_problem(state, active.id):
        ids += ["covering", "distract", "draw", "guard", "wait"]
        guards = [c for c in encounter.npcs() if any(x.name == GUARDING for x in c.conditions)]
        if guards:
            ids.append("get_past")
    if not active.pc and not active.defeated and not acting_problem(state, active.id):
        pcs = [c for c in encounter.combatants.values() if c.pc and not out_of_fight(state, c.id)]
        if len(pcs) > 1 and (seat is None or seat in {c.id for c in pcs}):
            ids.append("take")
    if holding(encounter, GUARDING, seat):
        ids.append("stop")
    if holding(encounter, WAITING, seat):
        ids.append("act")
    words = {**OWN_TURN, **ANY_TURN}
    offers = {key: offer(state, seat) for key, (_, offer, _) in FIGHT.items()}
    more = [(key, FIGHT[key][0], offer[1]) for key, offer in offers.items() if offer]
    return [(action_id, *words[action_id]) for action_id in ids] + more


class TrackerKeys(CampaignScreen):
    """What the tracker's roll and action keys share: the highlighted and marked
    combatants, and the dialogs they open."""

    def __init__(self) -> None:
        super().__init__()
        self.marked: set[str] = set()

    @property
    def encounter(self) -> Encounter | None:
        return self.state.encounter

    @property
    def seat(self) -> str | None:
        """A player's seat (its character), or None at the GM's."""
        return None if self.session.is_gm else self.session.seat

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

    def foe(self) -> str:
        """The NPC an action is aimed at first: the highlighted one, else the first
        marked, else the first standing."""
        encounter = self.encounter
        if encounter is None:
            return ""
        standing = [c.id for c in encounter.npcs() if not c.defeated and not c.inanimate]
        who = self.highlighted()
        if who is not None and who.id in standing:
            return who.id
        marked = [cid for cid in encounter.order if cid in self.marked and cid in standing]
        return (marked or standing or [""])[0]

    def action_attack(self) -> None:
        encounter = self.encounter
        active = encounter.active if encounter else None
        if encounter is None or active is None or not active.pc:
            self.notify("Attacks are made on a PC's turn (n moves on).", severity="warning")
            return
        if problem := acting_problem(self.state, active.id):
            self.notify(problem, title="Not possible", severity="warning")
            return
        standing = [c.id for c in encounter.npcs() if not c.defeated]
        marked = tuple(cid for cid in encounter.order if cid in self.marked and cid in standing)
        target = self.highlighted()
        if target is None or target.id not in standing:
            target = encounter.combatants[marked[0]] if marked else None
        if target is None and standing:
            target = encounter.combatants[standing[0]]
        if target is None:
            self.notify("No NPC is left standing.", severity="warning")
            return
        from strange_tui.tui.combat.kept_attack import open_attack

        open_attack(strange_app(self), active.id, target.id, marked)

    def action_ability(self) -> None:
        """R-ABL-2: the active PC uses one of their abilities (an attack one opens the
        attack with its own damage)."""
        encounter = self.encounter
        active = encounter.active if encounter else None
        if encounter is None or active is None or not active.pc:
            self.notify("Abilities are used on a PC's turn (n moves on).", severity="warning")
            return
        if problem := acting_problem(self.state, active.id):
            self.notify(problem, title="Not possible", severity="warning")
            return
        strange_app(self).open_use_ability(active.id)

    def ability_target(self) -> tuple[str, tuple[str, ...]] | None:
        """The NPC an attack goes at (the highlighted one, else the first marked or
        standing) and the marked ones; None when none stands."""
        encounter = self.encounter
        if encounter is None:
            return None
        standing = [c.id for c in encounter.npcs() if not c.defeated]
        marked = tuple(cid for cid in encounter.order if cid in self.marked and cid in standing)
        target = self.highlighted()
        if target is not None and target.id in standing:
            return target.id, marked
        if marked or standing:
            return (marked or tuple(standing))[0], marked
        return None

    def acting_npc(self) -> Combatant | None:
        """The NPC whose turn it is, if it can act (None: the player is told why not)."""
        encounter = self.encounter
        active = encounter.active if encounter else None
        if active is None or active.pc:
            self.notify("NPCs attack on their own turn (n moves on).", severity="warning")
            return None
        if problem := acting_problem(self.state, active.id):
            self.notify(problem, title="Not possible", severity="warning")
            return None
        return active

    def action_defend(self) -> None:
        encounter, active = self.encounter, self.acting_npc()
        if encounter is None or active is None:
            return
        state = self.state
        pcs = [c for c in encounter.combatants.values() if c.pc and not out_of_fight(state, c.id)]
        # R-ACT-1: a PC who drew this NPC's attack is the one it attacks.
        drew = [c for c in pcs if drawing(c, active)]
        target = self.highlighted()
        if drew:
            target = drew[0]
        elif target is None or target not in pcs:
            target = pcs[0] if pcs else None
        if target is None:
            self.notify("No PC is left in the fight.", severity="warning")
            return
        self.app.push_screen(DefenseDialog(active.id, target.id))

    def action_npc_acts(self) -> None:
        """Solo play: the app chooses whom the active NPC attacks (the policy of
        ``NpcAttacks``); the PC's defense roll comes to this window as a question."""
        active = self.acting_npc()
        if active and (events := strange_app(self).run_command(NpcAttacks(npc=active.id))):
            self.notify(self.session.describe(events), title=f"{active.name} acts")

    def action_actions(self) -> None:
        """R-ACT-1: the combat actions open now, in a picker; each opens its dialog."""
        encounter = self.encounter
        if encounter is None or encounter.round == 0:
            self.notify("Combat actions come once initiative is rolled (i).", severity="warning")
            return
        choices = action_choices(self.state, self.seat)
        if not choices:
            active = encounter.active
            whose = f"on {active.name}'s turn" if active else "now"
            self.notify(f"No combat action is open to this seat {whose}.", severity="warning")
            return
        active = encounter.active
        title = f"Actions: {active.name}'s turn" if active else "Actions"
        self.app.push_screen(ActionPicker(title, choices), self.open_action)

    def open_action(self, chosen: str | None) -> None:
        encounter = self.encounter
        active = encounter.active if encounter is not None else None
        if not chosen or encounter is None or active is None:
            return
        seat, foe = self.seat, self.foe()
        if chosen in FIGHT and (offer := FIGHT[chosen][1](self.state, seat)):
            self.app.push_screen(FIGHT[chosen][2](offer[0], foe, seat))
            return
        if chosen in OWN_TURN:
            self.app.push_screen(DIALOGS[chosen](active.id, foe, seat))
            return
        wanted = {"stop": GUARDING, "act": WAITING}.get(chosen)
        if wanted is not None:
            pc = holding(encounter, wanted, seat)[0].id
            self.app.push_screen(DIALOGS[chosen](pc, foe, seat))
            return
        # Take the attack: the seat's PC, else the highlighted PC, else the first.
        pcs = [c.id for c in encounter.combatants.values() if c.pc]
        who = self.highlighted()
        pc = seat or (who.id if who is not None and who.pc else pcs[0])
        self.app.push_screen(TakeAttackDialog(pc, active.id, seat))

    def action_hazard(self) -> None:
        """R-HAZ-1: a hazard on the marked combatants (else the highlighted one)."""
        encounter = self.encounter
        if encounter is None:
            return
        state = self.state
        choices = [
            (c.name, c.id)
            for c in (encounter.combatants[cid] for cid in encounter.order)
            if not out_of_fight(state, c.id) and not c.inanimate
        ]
        chosen = tuple(t for t in self.targets() if t in {cid for _, cid in choices})
        self.app.push_screen(HazardDialog(choices, chosen))

    def action_add_object(self) -> None:
        """R-HAZ-2: a door, a lock: something to attack, with Armor by hardness."""
        self.app.push_screen(ObjectDialog())

    def action_surprise(self) -> None:
        """R-ACT-2: the marked combatants (else the highlighted one) are surprised."""
        if targets := self.targets():
            self.app.push_screen(SurpriseDialog(tuple(targets)))
