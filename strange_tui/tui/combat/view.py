"""What the combat tracker draws: the order's cells and the turn panel, for the GM's seat
or a player's. A player's seat reads an NPC's health in words (unhurt, hurt, badly hurt,
down) unless the GM shows the numbers (the ``npc_health_shown`` setting: whether a seat
does is ``model.npc_health.numbers_seen``)."""

from __future__ import annotations

from rich.text import Text

from strange_tui.campaign.commands.character import UseAbility
from strange_tui.campaign.commands.combat import (
    AddCondition,
    AddNpcs,
    AddObject,
    ApplyHazard,
    Attack,
    DamageNpcs,
    EndCombat,
    Guard,
    MovePc,
    NextTurn,
    RollInitiative,
    Surprise,
    out_of_fight,
    turn_of,
)
from strange_tui.campaign.commands.combat.holds import struggle_problem
from strange_tui.campaign.commands.combat.views import condition_words, creature_view
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.abilities import active_now, armor_total, moment
from strange_tui.campaign.model.encounter import Combatant, Encounter, health_word
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.types import ROUND_SECONDS
from strange_tui.tui.common.gauges import track_badge
from strange_tui.tui.common.seat import Probe

COLUMNS = (
    (" ", "mark"),
    ("Name", "name"),
    ("Lvl", "level"),
    ("Health", "health"),
    ("Track", "track"),
    ("Arm", "armor"),
    ("Conditions", "conditions"),
)

WORD_STYLES = {"unhurt": "green", "hurt": "yellow", "badly hurt": "bold red", "down": "dim strike"}


def npc_health_word(npc: Combatant) -> Text:
    """'badly hurt', in its colour: an NPC's health as players see it."""
    word = health_word(npc)
    return Text(word, style=WORD_STYLES.get(word, ""))


def health_text(combatant: Combatant, state: Campaign, numbers: bool = True) -> Text:
    """A PC's pools (M S I), an NPC's health bar and numbers (or, for a player's seat
    while the GM keeps them hidden, its health in words), or 'defeated'."""
    if combatant.pc:
        pools = state.characters[combatant.id].pools
        return Text(f"M{pools.might.current} S{pools.speed.current} I{pools.intellect.current}")
    if not numbers:
        # No bar either: six cells would tell the fraction the words keep vague.
        return npc_health_word(combatant)
    if combatant.defeated:
        return Text("defeated", style="dim strike")
    filled = round(6 * combatant.health / combatant.max_health) if combatant.max_health else 0
    text = Text("█" * filled, style="red")
    text.append("░" * (6 - filled), style="dim")
    return text + Text(f" {combatant.health}/{combatant.max_health}")


def track_text(combatant: Combatant, state: Campaign) -> Text:
    """A PC's damage track; NPCs have none (their health is all)."""
    if not combatant.pc:
        return Text()
    return track_badge(state.characters[combatant.id].track)


def in_use_words(state: Campaign, character_id: str) -> list[str]:
    """The timed abilities a PC has in use, each with the rounds it has left, for the
    Conditions column: what lasts in the fight shows where the fight is."""
    now = moment(state)
    return [f"{name} {-(-left // ROUND_SECONDS)}"
            for name, left in active_now(state.characters[character_id], now)]  # fmt: skip


def order_rows(
    encounter: Encounter, state: Campaign, marked: set[str], numbers: bool = True
) -> dict[str, tuple]:
    """The cells of each combatant's row, in order."""
    rows = {}
    for cid in encounter.order:
        c = encounter.combatants[cid]
        # The active combatant is shown by the cursor (moved to it each turn); a mark
        # here is the multi-select. Changing fewer cells keeps the table's redraw cheap.
        marker = Text("●" if cid in marked else " ", style="bold cyan")
        out = out_of_fight(state, cid)
        name = Text(c.name, style="dim" if out else ("bold" if c.pc else ""))
        if c.swarm:
            name.append(" (swarm)", style="dim")
        if c.boss:
            name.append(" (boss)", style="dim")
        if c.inanimate:
            name.append(" (object)", style="dim")
        shown = [condition_words(x) for x in c.conditions]
        shown += in_use_words(state, cid) if c.pc else []
        conditions = Text(", ".join(shown))
        level = "PC" if c.pc else str(c.level)
        armor = str(armor_total(state.characters[cid], moment(state)) if c.pc else c.armor)
        health, track = health_text(c, state, numbers), track_text(c, state)
        rows[cid] = (marker, name, level, health, track, armor, conditions)
    return rows


def turn_detail(state: Campaign, seat: str | None = None) -> Text:
    """The turn panel: the round, whose turn, and what to press. ``seat``: a player's
    character (None: the GM's seat), told what is theirs to do and what the GM's."""
    turn = turn_of(state)
    if turn is None:
        return Text()
    if turn.round == 0:
        if seat is not None:
            return Text("The GM is setting up the fight: NPCs, then initiative.", style="bold")
        if any(not c.pc for c in state.encounter.combatants.values()):
            return Text("Roll initiative (i), or add more NPCs (+).", style="bold")
        return Text("Add NPCs (+), then roll initiative (i).", style="bold")
    text = Text(f"Round {turn.round}", style="bold")
    if turn.active is None:
        text.append("\n")
    else:
        yours = seat is not None and turn.active == seat
        text.append(" · ", style="dim")
        text.append("Your turn\n" if yours else f"{turn.name}'s turn\n", style="bold yellow")
        # R-GRAB-1: a held NPC struggles first; the PC holding it rolls (c).
        active = state.encounter.combatants[turn.active]
        held = None if turn.pc else struggle_problem(state, active)
        if seat is not None and not yours:
            whom = turn.name if turn.pc else "the GM"
            lost = " (stunned: it loses its action)" if turn.loses_turn else ""
            text.append(f"Waiting for {whom}{lost}.\n", style="dim")
            if held:
                text.append(f"{held}\n", style="yellow")
        elif turn.limit:
            text.append(f"{turn.limit} n: next turn.\n", style="red")
        elif turn.loses_turn:
            text.append("Stunned: loses its action this turn (n).\n", style="red")
        elif turn.pc and turn.spent:  # R-CMB-8: one action a turn, and what was granted.
            text.append(f"{turn.spent} n: next turn", style="yellow")
            text.append(" · g: grant one.\n" if seat is None else ".\n", style="yellow")
        elif turn.pc:
            more = f" ({turn.granted} more granted)" if turn.granted else ""
            text.append(f"a: attack an NPC · b: use an ability · c: another action{more}.\n")
        elif held:
            text.append(f"{held}\n", style="yellow")
        elif state.settings.solo:
            text.append(f"d: {turn.name} acts: the app chooses whom it attacks")
            text.append(f" (damage {turn.damage}) · c: take it for an ally.\n")
        else:
            text.append(f"d: {turn.name} attacks a PC (damage {turn.damage})")
            text.append(" · c: take it for an ally.\n")
        if turn.drawn_by and not turn.pc:
            text.append(f"{turn.name} attacks {turn.drawn_by}: they drew its attack.\n")
    for name in turn.surprised:
        text.append(
            f"{name} is surprised: no Effort to defend (the GM may adjust: ctrl+r in k).\n",
            style="yellow",
        )
    text.append(
        f"Dealt {turn.dealt} · taken {turn.taken} · intrusions {turn.intrusions}",
        style="dim",
    )
    return text


def creature_detail(npc: Combatant | None, gm: bool) -> Text:
    """R-NPC-2: what the highlighted NPC's entry gives in a fight, on one line (its
    attacks a turn, area attacks, regeneration, immunities, rising at 0), and for the
    GM's seat alone, the intrusion its entry suggests. Empty for a PC or a quick NPC."""
    view = creature_view(npc) if npc is not None and not npc.pc else None
    text = Text()
    if view is None or view.empty:
        return text
    if view.powers:
        text.append(f"{npc.name}: ", style="bold magenta")
        text.append(" · ".join(view.powers), style="magenta")
    if gm and view.intrusion:
        text.append("\n" if text else "")
        text.append("GM intrusion: ", style="bold yellow")
        text.append(view.intrusion, style="yellow")
    return text


def npc_health_line(state: Campaign, numbers: bool) -> Text:
    """'Thug: hurt · Guard 2: unhurt': the NPCs of the fight in one line, for Home."""
    encounter = state.encounter
    text = Text()
    for index, npc in enumerate(encounter.npcs() if encounter is not None else []):
        if index:
            text.append(" · ", style="dim")
        text.append(f"{npc.name}: ")
        if numbers:
            text.append(f"{npc.health}/{npc.max_health}")
        else:
            text.append_text(npc_health_word(npc))
    return text


def key_commands(
    encounter: Encounter | None, highlighted: Combatant | None, seat: str | None = None
) -> dict[str, Probe]:
    """The command each of the tracker's keys leads to, for ``seat.offered`` to ask the
    model about at a player's seat: the NPCs, initiative, conditions, hazards, objects,
    surprise and the end of the fight are the GM's; a PC's attack, ability and the end of
    its turn are its player's, on that PC's turn; a PC's place in the order and its combat
    actions (some taken on others' turns), its player's too."""
    active = encounter.active if encounter is not None else None
    return {
        "actions": lambda: Guard(character=seat, what="") if seat else False,
        "hazard": lambda: ApplyHazard(targets=(), hazard=""),
        "surprise": lambda: Surprise(targets=()),
        "add_object": lambda: AddObject(name="", level=1),
        "attack": lambda: (
            Attack(character=active.id, target="") if active is not None and active.pc else False
        ),
        "ability": lambda: (
            UseAbility(character=active.id, ability="")
            if active is not None and active.pc
            else False
        ),
        "defend": lambda: AskDefense(character="", npc=""),
        "npc_acts": lambda: NpcAttacks(npc=""),
        "next_turn": lambda: NextTurn(),
        # Back one turn takes back others' commands (the GM's next turn, another
        # player's attack): the table's flow is the GM's to rewind.
        "previous_turn": lambda: False,
        "add_npcs": lambda: AddNpcs(name="", level=1),
        "initiative": lambda: RollInitiative(),
        "condition": lambda: AddCondition(targets=(), name=""),
        "health": lambda: DamageNpcs(targets=(), amount=1),
        "move": lambda: (
            MovePc(character=highlighted.id, steps=1) if highlighted is not None else False
        ),
        "end": lambda: EndCombat(),
    }
