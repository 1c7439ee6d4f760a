"""Seats in the command layer: a command carries the seat that sends it in ``by``;
a player's seat acts for its own character only, the GM's part is refused there, and
nothing changes when it is. Played on a copy of the demo party (Mara Quist, Jun Okafor,
Tess Harrow)."""

import importlib
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

import strange_tui.campaign.commands as commands_package
from strange_tui.campaign.commands import GM, Command, decide, preview
from strange_tui.campaign.commands.character import (
    AnswerRest,
    AskPartyRest,
    ChangeArmor,
    DiscardCypher,
    EditNotes,
    GainCypher,
    Heal,
    PartyRest,
    Rest,
    RestTheOthers,
    RollRecoveryDie,
    SpendPoints,
    TakeBackRecoveryDie,
    TakeDamage,
    UseCypher,
)
from strange_tui.campaign.commands.character.abilities import ReadAbilities, UseAbility
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.commands.character.artifacts import (
    DropArtifact,
    GainArtifact,
    UseArtifact,
)
from strange_tui.campaign.commands.character.identify import (
    IdentifyArtifact,
    IdentifyCypher,
    _Study,
)
from strange_tui.campaign.commands.character.track import ShiftTrack
from strange_tui.campaign.commands.character.weakness import TakeWeakness
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.campaign.commands.chase import ChaseRoll, EndChase, StartChase
from strange_tui.campaign.commands.combat import (
    ActOnWait,
    AddCondition,
    AddNpcs,
    AddObject,
    ApplyHazard,
    Attack,
    CoveringFire,
    DamageNpcs,
    Defend,
    Distract,
    DrawAttack,
    EndCombat,
    GetPast,
    GrantAction,
    Guard,
    HealNpcs,
    MovePc,
    NextTurn,
    RemoveCondition,
    RollInitiative,
    StartCombat,
    StopPasser,
    Surprise,
    TakeAttack,
    Wait,
)
from strange_tui.campaign.commands.combat.grappling import (
    ActWhileHeld,
    BreakFree,
    Grab,
    LetGo,
    ResistGrab,
    _HeldTask,
)
from strange_tui.campaign.commands.combat.held_npc import KeepHold
from strange_tui.campaign.commands.combat.movement import MoveInFight
from strange_tui.campaign.commands.combat.npcs import _ChangeHealth
from strange_tui.campaign.commands.combat.saves import Resist
from strange_tui.campaign.commands.crafting import Craft
from strange_tui.campaign.commands.creation import CreateCharacter
from strange_tui.campaign.commands.hunters.challenges import EndChallenge, StartChallenge
from strange_tui.campaign.commands.hunters.create import CreateHunter
from strange_tui.campaign.commands.hunters.damage import DamageHunter, StabiliseHunter
from strange_tui.campaign.commands.hunters.first_aid import FirstAid
from strange_tui.campaign.commands.hunters.roll import HunterRoll
from strange_tui.campaign.commands.rolls.contest import Contest
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.rolls.roll import Reroll, Roll
from strange_tui.campaign.commands.solo.draw import Draw
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.commands.solo.lists import AddToList, CloseInList
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.commands.solo.oracle import AskOracle
from strange_tui.campaign.commands.solo.reactions import ReactNpc
from strange_tui.campaign.commands.solo.redraw import RerollDrawDie
from strange_tui.campaign.commands.solo.scenes import EndScene, StartScene
from strange_tui.campaign.commands.solo.tension import SetTension
from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll, RevealDifficulty
from strange_tui.campaign.commands.table.clock import PassTime
from strange_tui.campaign.commands.table.questions import (
    AskDefense,
    AskInitiative,
    CastInitiative,
    OfferIntrusion,
    WithdrawPrompt,
)
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.events import RecoveryRolled, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.demo.build import build_demo
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.tui.common.session import Refused, Session

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"


def every_command() -> list[type[Command]]:
    """Every subclass of Command, however deep, in every module of the commands package
    (imported here, so that a command in a new module is found too)."""
    prefix = f"{commands_package.__name__}."
    for module in pkgutil.walk_packages(commands_package.__path__, prefix):
        importlib.import_module(module.name)
    found: list[type[Command]] = []

    def walk(kind: type[Command]) -> None:
        for sub in kind.__subclasses__():
            if sub not in found:
                found.append(sub)
                walk(sub)

    walk(Command)
    return found


COMMANDS = every_command()


def name(kind: type) -> str:
    return kind.__name__


# What each command is, sent by Mara's seat. A command for a character is built for ``who``
# (Jun, in the tests: another character); the GM's are built as the GM would send them.

FOR_A_CHARACTER: dict[type[Command], Callable[[str], Command]] = {
    ChangeArmor: lambda who: ChangeArmor(character=who, armor="light"),
    UseAbility: lambda who: UseAbility(character=who, ability="Fury"),
    ShiftTrack: lambda who: ShiftTrack(character=who, steps=1),
    GainCypher: lambda who: GainCypher(character=who, name="Stim", level=2),
    UseCypher: lambda who: UseCypher(character=who, index=0),
    DiscardCypher: lambda who: DiscardCypher(character=who, indices=(0,)),
    TakeDamage: lambda who: TakeDamage(character=who, amount=2),
    SpendPoints: lambda who: SpendPoints(character=who, stat=Stat.SPEED, amount=1),
    Heal: lambda who: Heal(character=who, stat=Stat.MIGHT, amount=1),
    EditNotes: lambda who: EditNotes(character=who, notes="Owes Tess a favour."),
    Rest: lambda who: Rest(character=who, die=3),
    AnswerRest: lambda who: AnswerRest(character=who, die=3),
    RollRecoveryDie: lambda who: RollRecoveryDie(character=who, die=3),
    Roll: lambda who: Roll(character=who, stat=Stat.SPEED, difficulty=2, die=12),
    Reroll: lambda who: Reroll(roll=RollMade(character=who, stat=Stat.SPEED, difficulty=2, die=3)),
    Attack: lambda who: Attack(character=who, target="thug", die=12),
    Defend: lambda who: Defend(character=who, npc="thug", die=12),
    MovePc: lambda who: MovePc(character=who, steps=1),
    GmIntrusion: lambda who: GmIntrusion(character=who, given_to=TESS),
    BuyAdvancement: lambda who: BuyAdvancement(character=who, step="effort"),
    CastInitiative: lambda who: CastInitiative(character=who, die=12),
    AnswerRoll: lambda who: AnswerRoll(character=who, skill="trained", die=12),
    Translate: lambda who: Translate(destination="ardeyn", recursion_difficulty=3, initiator=who),
    TakeWeakness: lambda who: TakeWeakness(character=who, weak=Stat.INTELLECT, edge=Stat.MIGHT),
    NextTurn: lambda who: NextTurn(),  # For whoever is active: Jun, in ``jun_acting``.
    StartChase: lambda who: StartChase(character=who, quarry="the courier", level=3),
    ChaseRoll: lambda who: ChaseRoll(character=who, die=12),
    EndChase: lambda who: EndChase(character=who),
    Craft: lambda who: Craft(character=who, item="Torch", level=1, die=12),
    GainArtifact: lambda who: GainArtifact(character=who, name="Spinner", level=3),
    IdentifyArtifact: lambda who: IdentifyArtifact(character=who, index=0, die=12),
    IdentifyCypher: lambda who: IdentifyCypher(character=who, index=0, die=12),
    _Study: lambda who: _Study(character=who, index=0, die=12),
    UseArtifact: lambda who: UseArtifact(character=who, index=0, die=12),
    DropArtifact: lambda who: DropArtifact(character=who, index=0),
    CoveringFire: lambda who: CoveringFire(character=who, target="thug", die=12),
    Distract: lambda who: Distract(character=who, target="thug"),
    Guard: lambda who: Guard(character=who, what="the door"),
    Wait: lambda who: Wait(character=who, trigger="the door opens"),
    ActOnWait: lambda who: ActOnWait(character=who),
    DrawAttack: lambda who: DrawAttack(character=who, npc="thug"),
    TakeAttack: lambda who: TakeAttack(character=who, npc="thug", ally=TESS, die=12),
    StopPasser: lambda who: StopPasser(character=who, passer="thug", die=12),
    GetPast: lambda who: GetPast(character=who, npc="thug", die=12),
    MoveInFight: lambda who: MoveInFight(character=who, distance="long", die=12),
    Grab: lambda who: Grab(character=who, target="thug", die=12),
    _HeldTask: lambda who: _HeldTask(character=who, holder="thug", die=12),
    BreakFree: lambda who: BreakFree(character=who, holder="thug", die=12),
    ActWhileHeld: lambda who: ActWhileHeld(character=who, holder="thug", die=12),
    LetGo: lambda who: LetGo(character=who, target="thug"),
    ResistGrab: lambda who: ResistGrab(character=who, npc="thug", die=12),
    KeepHold: lambda who: KeepHold(character=who, npc="thug", die=12),
    Resist: lambda who: Resist(character=who, level=3, damage=2, die=12),
}

GMS: dict[type[Command], Callable[[], Command]] = {
    PassTime: lambda: PassTime(amount=1, unit="hours"),
    PartyRest: lambda: PartyRest(dice={MARA: 3}),
    AskPartyRest: lambda: AskPartyRest(),
    RestTheOthers: lambda: RestTheOthers(),
    TakeBackRecoveryDie: lambda: TakeBackRecoveryDie(character=MARA),
    ReadAbilities: lambda: ReadAbilities(),
    Contest: lambda: Contest(first="mara", second="tess"),
    _ChangeHealth: lambda: _ChangeHealth(targets=("thug",), amount=-1),
    DamageNpcs: lambda: DamageNpcs(targets=("thug",), amount=3),
    HealNpcs: lambda: HealNpcs(targets=("thug",), amount=1),
    AddCondition: lambda: AddCondition(targets=("thug",), name="dazed"),
    RemoveCondition: lambda: RemoveCondition(targets=("thug",), name="dazed"),
    StartCombat: lambda: StartCombat(),
    AddNpcs: lambda: AddNpcs(name="Hound", level=2),
    RollInitiative: lambda: RollInitiative(),
    EndCombat: lambda: EndCombat(),
    CreateCharacter: lambda: CreateCharacter(draft=Draft(), content=Content()),
    AwardXp: lambda: AwardXp(character=MARA, amount=1),  # Even for her own character.
    ChangeSettings: lambda: ChangeSettings(starting_cyphers=2),
    AskDefense: lambda: AskDefense(character=MARA, npc="thug"),
    OfferIntrusion: lambda: OfferIntrusion(character=MARA, what="The floor gives way."),
    AskInitiative: lambda: AskInitiative(),
    AskRoll: lambda: AskRoll(character=MARA, stat=Stat.MIGHT, label="lift the gate"),
    WithdrawPrompt: lambda: WithdrawPrompt(prompt=1),
    RevealDifficulty: lambda: RevealDifficulty(prompt=1),
    NpcAttacks: lambda: NpcAttacks(npc="thug"),
    ApplyHazard: lambda: ApplyHazard(targets=(MARA,), hazard="minor-fire"),
    AddObject: lambda: AddObject(name="Door", level=3),
    Surprise: lambda: Surprise(targets=("thug",)),
    GrantAction: lambda: GrantAction(why="The thug slipped."),  # R-CMB-8: on Jun's turn.
}

SCENE_DRAW = Draw(table="scene", typed=(1,), content=Content())

ANY_SEATS: dict[type[Command], Callable[[], Command]] = {
    WriteScene: lambda: WriteScene(text="We reach the lighthouse at dusk."),
}
"""A note of the story in the player's own words: any seat's, with a GM or without."""
STORY_TOOLS: dict[type[Command], Callable[[], Command]] = {
    AskOracle: lambda: AskOracle(question="Is the door guarded?", die=12),
    Draw: lambda: Draw(table="scene", typed=(1,), content=Content()),
    SetTension: lambda: SetTension(tension=7),
    StartScene: lambda: StartScene(expected="The keeper lets us in.", die=20),
    EndScene: lambda: EndScene(went="mixed"),
    AddToList: lambda: AddToList(list="threads", name="The missing courier"),
    CloseInList: lambda: CloseInList(list="people", id="the-keeper"),
    ReactNpc: lambda: ReactNpc(npc="The keeper", level=2, speaker=JUN, die=11),
    RerollDrawDie: lambda: RerollDrawDie(draw=SCENE_DRAW, drawn=APPLIED[0], index=0, die=2),
}
"""The story's tools: the GM's in a campaign with a GM, any seat's in solo play."""
ANY_SEAT_FIRST: dict[type[Command], tuple[Command, ...]] = {
    EndScene: (StartScene(expected="The keeper lets us in.", die=20),),
    CloseInList: (AddToList(list="people", name="The keeper"),),
    RerollDrawDie: (SCENE_DRAW,),
}
"""What the GM does first, for there to be something to end or to close."""

HUNTERS: dict[type[Command], Callable[[], Command]] = {
    StartChallenge: lambda: StartChallenge(name="Door", cr=10, threshold=12),
    EndChallenge: lambda: EndChallenge(challenge="door"),
    CreateHunter: lambda: CreateHunter(name="Ash"),
    DamageHunter: lambda: DamageHunter(hunter="ash"),
    StabiliseHunter: lambda: StabiliseHunter(hunter="ash"),
}
"""The Hunters' commands that are the GM's: making hunters, hurting and stabilising them,
the complex challenges."""

FOR_A_HUNTER: dict[type[Command], Callable[[str], Command]] = {
    HunterRoll: lambda who: HunterRoll(hunter=who),
    FirstAid: lambda who: FirstAid(hunter=who, patient="bea"),
}
"""The Hunters' commands a hunter's own seat sends (tests/campaign/commands/
test_hunter_seats.py plays them at a Hunters table)."""


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Campaign:
    """The demo party as the demo campaign folder opens (built in a tmp folder)."""
    saves = tmp_path_factory.mktemp("saves")
    build_demo(saves)
    return Session.open(saves / "demo").state


APPLIED: list = []
"""The GM's last step, as the journal holds it (a draw's die is rolled again from it)."""


def gm(store: Store, command: Command, dice=None):
    APPLIED[:] = store.apply(decide(store.state, command, dice))
    return tuple(APPLIED)


def sent_by(command: Command, who: str) -> Command:
    """``command`` as ``who``'s seat sends it."""
    return msgspec.structs.replace(command, by=who)


def seat(store: Store, who: str, command: Command, dice=None):
    """Decide and apply ``command`` sent from ``who``'s seat."""
    return store.apply(decide(store.state, sent_by(command, who), dice))


def refused(store: Store, command: Command, reason: str) -> None:
    """``command`` is refused with ``reason`` (decided and previewed alike); the state and
    the journal stay as they were."""
    before, journal = store.state, store.journal()
    with pytest.raises(RuleViolation, match=reason):
        store.apply(decide(store.state, command))
    with pytest.raises(RuleViolation, match=reason):
        preview(store.state, command)
    assert (store.state, store.journal()) == (before, journal)


@pytest.fixture
def jun_acting(demo) -> Store:
    """The demo party fights a level-3 thug; Jun won initiative alone: Jun's turn."""
    store = Store(demo)
    gm(store, StartCombat())
    gm(store, AddNpcs(name="Thug", level=3))
    gm(store, RollInitiative(dice={MARA: 2, JUN: 20, TESS: 2}))
    assert store.state.encounter.active.id == JUN
    return store


# Every command is the GM's, or acts for one character.


@pytest.mark.parametrize("kind", COMMANDS, ids=name)
def test_every_command_is_the_gms_or_acts_for_one_character(kind, jun_acting):
    """A new command fails here until it says whose it is (GM_ONLY, or acting_for)."""
    state = jun_acting.state
    if kind.ANY_SEAT:
        assert kind in ANY_SEATS, f"{name(kind)}: add an example to ANY_SEATS"
        assert not kind.GM_ONLY
    elif kind.STORY_TOOL:
        assert kind in STORY_TOOLS, f"{name(kind)}: add an example to STORY_TOOLS"
        assert not kind.GM_ONLY
        assert kind.GM_ACTION != Command.GM_ACTION, "say what only the GM may do"
    elif kind.GM_ONLY:
        examples = {**GMS, **HUNTERS}
        assert kind in examples, f"{name(kind)}: add an example to GMS"
        assert examples[kind]().acting_for(state) is None
        assert kind.GM_ACTION != Command.GM_ACTION, "say what only the GM may do"
    elif kind in FOR_A_HUNTER:
        assert FOR_A_HUNTER[kind]("ash").acting_for(state) == "ash"
    else:
        assert kind in FOR_A_CHARACTER, f"{name(kind)}: GM_ONLY, or an example here"
        assert FOR_A_CHARACTER[kind](JUN).acting_for(state) == JUN


@pytest.mark.parametrize("kind", list(FOR_A_CHARACTER), ids=name)
def test_a_players_seat_acting_for_another_character_is_refused(kind, jun_acting):
    command = sent_by(FOR_A_CHARACTER[kind](JUN), MARA)
    refused(jun_acting, command, "^Mara Quist's seat acts for Mara Quist only, not for Jun Okafor")


@pytest.mark.parametrize("kind", list(GMS), ids=name)
def test_the_gms_part_from_a_players_seat_is_refused(kind, jun_acting):
    command = sent_by(GMS[kind](), MARA)
    refused(jun_acting, command, f"^Only the GM may {kind.GM_ACTION}.$")


@pytest.mark.parametrize("kind", list(HUNTERS), ids=name)
def test_a_hunters_command_from_a_players_seat_is_refused(kind, jun_acting):
    reason = f"^Only the GM may {re.escape(kind.GM_ACTION)}.$"
    refused(jun_acting, sent_by(HUNTERS[kind](), MARA), reason)


def test_the_gms_seat_is_not_refused_by_the_seat_check(jun_acting):
    """The GM may act for anyone (what the rules then say is the rules' business)."""
    state = jun_acting.state
    for make in FOR_A_CHARACTER.values():
        assert make(JUN).seat_may(state) is None
    for make in (*GMS.values(), *HUNTERS.values()):
        assert make().by == GM and make().seat_may(state) is None


# What a player's seat may do for its own character, and may not.


def test_a_player_rolls_spends_uses_a_cypher_and_rests_for_their_own_character(demo):
    store = Store(demo)
    mara = lambda: store.state.characters[MARA]  # noqa: E731
    seat(store, MARA, Roll(character=MARA, stat=Stat.SPEED, difficulty=2, die=12))
    seat(store, MARA, SpendPoints(character=MARA, stat=Stat.INTELLECT, amount=1))
    cyphers = len(mara().cyphers)
    seat(store, MARA, UseCypher(character=MARA, index=0))
    assert len(mara().cyphers) == cyphers - 1
    rested = seat(store, MARA, Rest(character=MARA, die=3))
    assert [type(event) for event in rested] == [RecoveryRolled]
    xp = mara().xp
    (roll,) = seat(store, MARA, Roll(character=MARA, stat=Stat.SPEED, difficulty=5, die=2))
    seat(store, MARA, Reroll(roll=roll, die=19))
    assert mara().xp == xp - 1


def test_a_player_may_not_hurt_another_pc_nor_do_the_gms_part(demo):
    store = Store(demo)
    refused(store, TakeDamage(character=JUN, amount=2, by=MARA), "acts for Mara Quist only")
    refused(store, Heal(character=JUN, stat=Stat.MIGHT, amount=2, by=MARA), "acts for Mara")
    refused(store, AwardXp(character=MARA, amount=2, by=MARA), "^Only the GM may award XP.$")
    refused(store, PassTime(amount=8, unit="hours", by=MARA), "^Only the GM may move the clock.$")
    refused(store, StartCombat(by=MARA), "^Only the GM may start a fight.$")
    refused(store, GmIntrusion(character=MARA, given_to=JUN, by=MARA),
            "^There is no intrusion to answer: the GM offers one first.$")  # fmt: skip


def test_at_a_fight_each_seat_casts_its_own_initiative_attacks_ends_its_turn_and_defends(demo):
    store = Store(demo)
    gm(store, StartCombat())
    refused(store, AddNpcs(name="Thug", level=3, by=MARA), "^Only the GM may bring NPCs")
    gm(store, AddNpcs(name="Thug", level=3))
    gm(store, AskInitiative())
    refused(store, CastInitiative(character=JUN, die=15, by=MARA), "acts for Mara Quist only")
    seat(store, MARA, CastInitiative(character=MARA, die=15))
    seat(store, JUN, CastInitiative(character=JUN, die=14))
    seat(store, TESS, CastInitiative(character=TESS, die=2))  # The last sets the order.
    fight = store.state.encounter
    assert (fight.order, fight.active.id) == ((MARA, JUN, "thug", TESS), MARA)

    seat(store, MARA, Attack(character=MARA, target="thug", die=15))
    refused(store, DamageNpcs(targets=("thug",), amount=3, by=MARA),
            "^Only the GM may change an NPC's health.$")  # fmt: skip
    refused(store, HealNpcs(targets=("thug",), amount=3, by=MARA), "^Only the GM may change")
    refused(store, NextTurn(by=JUN), "^Jun Okafor's seat acts for Jun Okafor only, not for Mara")
    seat(store, MARA, NextTurn())  # Her own PC's turn.
    seat(store, JUN, NextTurn())
    assert store.state.encounter.active.id == "thug"
    refused(store, NextTurn(by=JUN), "^Only the GM may end an NPC's turn.$")

    gm(store, AskDefense(character=MARA, npc="thug"))
    refused(store, Defend(character=MARA, npc="thug", die=18, by=JUN), "acts for Jun Okafor only")
    seat(store, MARA, Defend(character=MARA, npc="thug", die=18))
    assert store.state.prompts == ()
    gm(store, NextTurn())
    refused(store, EndCombat(by=TESS), "^Only the GM may end the fight.$")
    gm(store, EndCombat())


def test_a_player_answers_an_offered_intrusion_at_their_seat(demo):
    store = Store(demo)
    refused(store, OfferIntrusion(character=MARA, by=MARA), "^Only the GM may intrude.$")
    gm(store, OfferIntrusion(character=MARA, what="The floor gives way."))
    refused(store, GmIntrusion(character=MARA, given_to=JUN, by=JUN), "acts for Jun Okafor only")
    refused(store, GmIntrusion(character=JUN, given_to=MARA, by=JUN),
            "There is no intrusion to answer")  # Offered to Mara, not Jun.  # fmt: skip
    xp = {cid: c.xp for cid, c in store.state.characters.items()}
    seat(store, MARA, GmIntrusion(character=MARA, given_to=JUN))
    assert store.state.characters[MARA].xp == xp[MARA] + 1
    assert store.state.characters[JUN].xp == xp[JUN] + 1
    assert store.state.prompts == ()


def test_an_unknown_seat_is_refused(demo):
    store = Store(demo)
    refused(store, Roll(character=MARA, stat=Stat.SPEED, difficulty=2, die=9, by="nobody"),
            "^No seat 'nobody' at this table.$")  # fmt: skip
    refused(store, Roll(character="nobody", stat=Stat.SPEED, difficulty=2, by="nobody"),
            "^No seat 'nobody' at this table.$")  # fmt: skip
    refused(store, AwardXp(character=MARA, amount=1, by="nobody"), "^Only the GM may award XP.$")


# The app's way in: a Session opened at a player's seat sends everything from that seat.


def test_a_session_at_a_players_seat_sends_its_commands_from_that_seat(tmp_path: Path):
    build_demo(tmp_path)
    session = Session.open(tmp_path / "demo", seat=MARA)
    journal = (tmp_path / "demo" / "journal.toml").read_bytes()
    before = session.state
    with pytest.raises(Refused, match="^Only the GM may award XP.$"):
        session.run(AwardXp(character=MARA, amount=5))  # Sent as the GM's: still Mara's seat.
    with pytest.raises(Refused, match="acts for Mara Quist only, not for Jun Okafor"):
        session.run(TakeDamage(character=JUN, amount=3, by=GM))
    assert session.state == before
    assert (tmp_path / "demo" / "journal.toml").read_bytes() == journal
    events = session.run(Roll(character=MARA, stat=Stat.SPEED, difficulty=2), PlayerDice([11]))
    assert events[0].origin and session.describe(events).startswith("Mara Quist rolled 11")


def test_a_players_seat_undoes_only_its_own_commands(demo):
    """Undo is no back door: a player's seat takes back its own command, never the GM's
    nor another player's (the GM's seat takes back any, as the windows allow)."""
    store = Store(demo)
    gm(store, PassTime(amount=1, unit="hours"))
    with pytest.raises(RuleViolation, match="^The last change was the GM's; only that seat"):
        store.undo(seat=MARA)
    before = store.state
    seat(store, JUN, EditNotes(character=JUN, notes="Owes Tess a favour."))
    assert store.journal()[-1].seat == JUN
    with pytest.raises(RuleViolation, match="^The last change was Jun Okafor's"):
        store.undo(seat=MARA)
    store.undo(seat=JUN)
    seat(store, MARA, EditNotes(character=MARA, notes="Owes Jun a favour."))
    store.undo(seat=MARA)  # (A roll's die, once seen, only the GM's seat takes back.)
    assert store.state == before
    store.undo()  # The GM's seat: the clock goes back too.
    assert store.state == Store(demo).state


@pytest.mark.parametrize("kind", list(ANY_SEATS), ids=name)
def test_any_seat_may_write_a_note_of_the_story(kind, jun_acting):
    """It changes no one's numbers and decides nothing: Mara's seat sends it in a campaign
    with a GM; an unknown seat may not."""
    before = jun_acting.state.seq
    seat(jun_acting, MARA, ANY_SEATS[kind]())
    assert jun_acting.state.seq == before + 1
    assert jun_acting.journal()[-1].seat == MARA
    refused(jun_acting, sent_by(ANY_SEATS[kind](), "bob"), "^No seat 'bob' at this table.")


@pytest.mark.parametrize("kind", list(STORY_TOOLS), ids=name)
def test_the_story_tools_at_a_players_seat_are_refused_in_a_campaign_with_a_gm(kind, jun_acting):
    """Scenes, tension, threads and people, reactions, draws and the oracle are the GM's
    when there is one: refused at Mara's seat in one line, nothing changes."""
    for first in ANY_SEAT_FIRST.get(kind, ()):
        gm(jun_acting, first)
    assert not jun_acting.state.settings.solo
    reason = f"^Only the GM may {re.escape(kind.GM_ACTION)}: this campaign has a GM.$"
    refused(jun_acting, sent_by(STORY_TOOLS[kind](), MARA), reason)
    assert STORY_TOOLS[kind]().seat_may(jun_acting.state) is None  # The GM's seat.


@pytest.mark.parametrize("kind", list(STORY_TOOLS), ids=name)
def test_in_solo_play_any_seat_may_use_the_story_tools(kind, jun_acting):
    """No GM at the table: the app sits in the chair, and each seat asks the oracle, draws,
    begins and ends scenes; an unknown seat may not."""
    gm(jun_acting, ChangeSettings(solo=True))
    for first in ANY_SEAT_FIRST.get(kind, ()):
        gm(jun_acting, first)
    before = jun_acting.state.seq
    seat(jun_acting, MARA, STORY_TOOLS[kind]())
    assert jun_acting.state.seq == before + 1
    assert jun_acting.journal()[-1].seat == MARA
    refused(jun_acting, sent_by(STORY_TOOLS[kind](), "bob"), "^No seat 'bob' at this table.")
