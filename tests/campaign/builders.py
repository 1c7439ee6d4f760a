"""Small campaigns and characters for the model's tests."""

from msgspec.structs import replace

from strange_tui.campaign.commands.character import traits_for
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import (
    ChallengeStarted,
    CharacterCreated,
    CombatStarted,
    HunterCreated,
    InitiativeRolled,
    NpcsAdded,
)
from strange_tui.campaign.model.hunters import Challenge, Hunter
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.pools import Pool, Pools, Stat

PACKS = Content()


def character(id_: str = "mara", **changes) -> Character:
    """A Tough Vector; abilities named in ``changes`` carry what the built-in pack says
    they do (their traits), as a sheet made by the app would."""
    fields = dict(
        id=id_,
        name=id_.title(),
        descriptor="Tough",
        type="Vector",
        focus="Is Licensed to Carry",
        pools=Pools(
            might=Pool(current=12, maximum=12, edge=1),
            speed=Pool(current=10, maximum=10, edge=1),
            intellect=Pool(current=8, maximum=8),
        ),
        armor=1,
        skills={"Guns": "trained"},
    )
    fields.update(changes)
    made = Character(**fields)
    if "abilities" in changes and "traits" not in changes:
        made = replace(made, traits=traits_for(PACKS, made))
    return made


def party_store(*ids: str) -> Store:
    """A store with a memory log and the named characters created."""
    store = Store(Campaign(name="Test"))
    for id_ in ids or ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_)))
    return store


def with_pool(who: Character, stat: Stat, current: int) -> Character:
    """``who`` with the ``stat`` pool at ``current`` points (its maximum unchanged)."""
    return replace(who, pools=who.pools.replace(stat, who.pools[stat].with_current(current)))


def campaign(*members: Character | str, ruleset: str = "strange") -> Campaign:
    """The state after creating ``members`` (characters, or ids for ``character(id)``)."""
    store = Store(Campaign(name="Test", ruleset=ruleset))
    for member in members:
        who = member if isinstance(member, Character) else character(member)
        store.dispatch(CharacterCreated(character=who))
    return store.state


def npc(id_: str = "guard", level: int = 2, **changes) -> Combatant:
    """An NPC with the health and damage of its level (R-DMG-5)."""
    fields = dict(id=id_, name=id_.title(), level=level, health=3 * level,
                  max_health=3 * level, damage=level)  # fmt: skip
    fields.update(changes)
    return Combatant(**fields)


def fighting(
    state: Campaign,
    *npcs: Combatant,
    succeeded: tuple[str, ...] | None = None,
    initiative: bool = True,
) -> Campaign:
    """``state`` with a fight under way: every PC in it, then ``npcs``; with NPCs, initiative
    is rolled unless told not to (the PCs in ``succeeded``, all by default, act first)."""
    store = Store(state)
    pcs = tuple(state.characters)
    store.dispatch(CombatStarted(pcs=pcs))
    if npcs:
        store.dispatch(NpcsAdded(npcs=npcs))
    if npcs and initiative:
        won = pcs if succeeded is None else succeeded
        store.dispatch(InitiativeRolled(pcs=pcs, dice={pc: 15 for pc in won}, succeeded=won))
    return store.state


def hunter(id_: str = "ash", **changes) -> Hunter:
    fields = dict(id=id_, name=id_.title(), skills={"Firearms": 2}, traits={"Wits": 1})
    fields.update(changes)
    return Hunter(**fields)


def challenge(id_: str = "door", **changes) -> Challenge:
    """A complex challenge (R-HUN-6): CR 10, a threshold of 12, ten minutes a roll."""
    fields = dict(id=id_, name=id_.title(), cr=10, threshold=12, remaining=12, interval=600)
    fields.update(changes)
    return Challenge(**fields)


def hunters_campaign(*hunters: Hunter, challenges: tuple[Challenge, ...] = ()) -> Campaign:
    """A Hunters campaign with ``hunters`` and ``challenges`` under way."""
    store = Store(Campaign(name="Hunt", ruleset="hunters"))
    for one in hunters:
        store.dispatch(HunterCreated(hunter=one))
    for one in challenges:
        store.dispatch(ChallengeStarted(challenge=one))
    return store.state
