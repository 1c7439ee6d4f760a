"""CreateCharacter and what the wizard reads of a draft, without the UI (RULES.md section 9).
The refusals are the ones `strange-tui new` gives (tests/cli/test_new.py): both send this
command."""

import re

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character.attacks import usable_now
from strange_tui.campaign.commands.creation import (
    CreateCharacter,
    draft_view,
    place_points,
    step_problem,
)
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.creation import Draft, tick_refused
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

CONTENT = Content()
ALLOWED = ("Is Licensed to Carry", "Solves Mysteries", "Leads")
ROOK = Draft(
    descriptor="tough",
    type="vector",
    focus="is-licensed-to-carry",
    bonus={Stat.MIGHT: 3, Stat.SPEED: 3},
    edge_choice=1,
    abilities=("bash", "combat-prowess:ranged", "practiced-in-armor", "improved-edge:intellect"),
    weapons=("heavy-ranged",),
    armor="medium",
    name="Rook Vance",
    notes="Grew up over a bar.",
)


def campaign(**settings) -> Campaign:
    return Campaign(name="Test", settings=Settings(allowed_foci=ALLOWED, **settings))


def create(draft: Draft = ROOK) -> CreateCharacter:
    return CreateCharacter(draft=draft, content=CONTENT)


def test_a_finished_draft_makes_one_character_created_and_one_undo_step():
    store = Store(campaign())
    before = store.state
    events = store.apply(decide(store.state, create()))
    assert [type(e) for e in events] == [CharacterCreated]
    rook = store.state.characters["rook-vance"]
    assert [rook.pools[s].maximum for s in Stat] == [13, 13, 8]
    assert [rook.pools[s].edge for s in Stat] == [0, 1, 1]
    assert (rook.tier, rook.effort, rook.armor, rook.notes) == (1, 1, 3, "Grew up over a bar.")
    assert store.undo() == events and store.state == before


def test_the_review_shows_the_character_the_command_will_make():
    state = campaign()
    (event,) = decide(state, create())
    assert preview(state, create()) == event.character


def test_a_name_with_the_slug_of_another_gets_its_own_id():
    store = Store(campaign())
    store.apply(decide(store.state, create()))
    other = msgspec.structs.replace(ROOK, name="Rook-Vance")
    (again,) = store.apply(decide(store.state, create(other)))
    assert again.character.id == "rook-vance-2"


@pytest.mark.parametrize("name", ["Rook Vance", "rook  VANCE", " Rook Vance "])
def test_a_name_already_taken_in_the_campaign_is_refused(name):
    """Two Rook Vances could not be told apart where a name is typed (`sheet demo rook`,
    a seat): the second is refused at step 11, in any case or spacing, nothing made."""
    store = Store(campaign())
    store.apply(decide(store.state, create()))
    again = msgspec.structs.replace(ROOK, name=name)
    taken = "Step 11 (Name and background): Rook Vance is in the campaign already"
    with pytest.raises(RuleViolation, match=re.escape(taken)):
        decide(store.state, create(again))
    assert step_problem(CONTENT, again, 10, store.state).startswith("Rook Vance is in the")
    assert list(store.state.characters) == ["rook-vance"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"bonus": {Stat.MIGHT: 3, Stat.SPEED: 2}}, "Step 4 (Stat pools): Place the last 1 point"),
        ({"abilities": ("bash",)}, "Step 6 (Type abilities): Choose 4 abilities (1 chosen)"),
        ({"focus": "builds-robots"}, "Step 3 (Focus): The GM has not allowed that focus here"),
        (
            {"weapons": ("light-melee", "heavy-ranged", "medium-melee", "heavy-melee")},
            "You may choose 3 weapons",
        ),
        ({"descriptor": "sleepy"}, "Step 1 (Descriptor): Choose a descriptor"),
        ({"cyphers": ("detonation",)}, "You may start with 0 cyphers"),
        ({"name": "  "}, "Step 11 (Name and background): Give your character a name"),
        ({"name": "Rook\u202eecnaV"}, "A name cannot hold control or invisible characters"),
        ({"name": "Rook\u200bVance"}, "A name cannot hold control or invisible characters"),
        ({"notes": "x" * 20_001}, "A background of 20,000 characters at most"),
    ],
)
def test_create_character_refuses_what_new_refuses(change, reason):
    """The same table as `strange-tui new` (tests/cli/test_new.py), and a little more."""
    state = campaign()
    draft = msgspec.structs.replace(ROOK, **change)
    with pytest.raises(RuleViolation, match=re.escape(reason)):
        decide(state, create(draft))
    with pytest.raises(RuleViolation):
        preview(state, create(draft))


def test_a_skill_name_too_long_to_keep_is_refused_at_its_step():
    draft = Draft(descriptor="intelligent", type="spinner", focus="leads",
                  chosen_skills=("x" * 81,))  # fmt: skip
    assert step_problem(CONTENT, draft, 6, campaign()) == "A skill's name is 80 characters at most."


def test_starting_cyphers_follow_the_gm_setting():
    state = campaign(starting_cyphers=2)
    (event,) = decide(state, create(msgspec.structs.replace(ROOK, cyphers=("detonation",))))
    assert [c.name for c in event.character.cyphers] == ["Detonation"]
    assert draft_view(CONTENT, ROOK, state).cypher_picks == 2


def test_the_wizard_reads_the_numbers_the_character_will_have():
    state = campaign()
    view = draft_view(CONTENT, ROOK, state)
    (event,) = decide(state, create())
    rook = event.character
    assert view.pools == {s: rook.pools[s].maximum for s in Stat}
    assert view.edge == {s: rook.pools[s].edge for s in Stat}
    assert (view.effort, view.cypher_limit) == (rook.effort, rook.cypher_limit)
    assert view.skills == rook.skills and view.abilities == rook.abilities
    assert [(p.base, p.placed, p.descriptor, p.total) for p in view.pool_lines] == [
        (10, 3, 0, 13),
        (10, 3, 0, 13),
        (8, 0, 0, 8),
    ]
    assert (view.bonus_points, view.points_left, view.weapon_picks) == (6, 0, 3)
    assert view.armor == rook.armor
    assert [(g.count, g.categories) for g in view.weapon_groups] == [
        (2, ("light", "medium", "heavy")),
        (1, ("light",)),
    ]
    assert view.sentence == "I am a Tough Vector who Is Licensed to Carry"
    assert [a.name for a in view.attacks][-1] == "Unarmed"


def test_an_empty_draft_reads_as_nothing_yet():
    view = draft_view(CONTENT, Draft(), campaign())
    assert not view.has_type and view.pool_lines == () and view.points_left == 0


def test_placing_points_stops_at_the_type_bonus_and_at_zero():
    draft = Draft(descriptor="tough", type="vector", bonus={Stat.MIGHT: 6})
    with pytest.raises(RuleViolation, match="No points left"):
        place_points(CONTENT, draft, Stat.SPEED, 1)
    with pytest.raises(RuleViolation, match="no points to take back"):
        place_points(CONTENT, draft, Stat.SPEED, -1)
    moved = place_points(CONTENT, place_points(CONTENT, draft, Stat.MIGHT, -1), Stat.SPEED, 1)
    assert moved.bonus == {Stat.MIGHT: 5, Stat.SPEED: 1}
    assert place_points(CONTENT, moved, Stat.SPEED, -1).bonus == {Stat.MIGHT: 5}


# Abilities that ask a choice, and the armor Practiced in Armor brings.


def test_improved_edge_raises_the_edge_the_player_chose_from_0_to_1():
    """CSRD Improved Edge: one Edge that is 0 rises to 1 (Vector, Speed Edge chosen)."""
    for stat in (Stat.MIGHT, Stat.INTELLECT):
        draft = msgspec.structs.replace(
            ROOK, abilities=(*ROOK.abilities[:3], f"improved-edge:{stat.value}")
        )
        (event,) = decide(campaign(), create(draft))
        rook = event.character
        assert rook.pools[stat].edge == 1 and rook.pools.speed.edge == 1
        assert f"Improved Edge ({stat.value.title()})" in rook.abilities
        assert draft_view(CONTENT, draft, campaign()).edge[stat] == 1


def test_improved_edge_must_name_an_edge_that_is_0():
    state = campaign()
    for key in ("improved-edge", "improved-edge:speed", "improved-edge:luck"):
        draft = msgspec.structs.replace(ROOK, abilities=(*ROOK.abilities[:3], key))
        reason = re.escape("Improved Edge: choose an Edge that is 0")
        with pytest.raises(RuleViolation, match=reason):
            decide(state, create(draft))


def test_combat_prowess_asks_melee_or_ranged_and_the_sheet_says_which():
    state = campaign()
    (event,) = decide(state, create())
    assert "Combat Prowess (ranged)" in event.character.abilities
    offered = [key for key, _ in draft_view(CONTENT, ROOK, state).ability_choices]
    assert {"combat-prowess:melee", "combat-prowess:ranged"} <= set(offered)
    assert "combat-prowess" not in offered
    for abilities, reason in (
        (("bash", "combat-prowess", "practiced-in-armor", "swipe"), "choose melee or ranged"),
        (("bash", "combat-prowess:thrown", "practiced-in-armor", "swipe"), "melee or ranged"),
        (("bash", "combat-prowess:melee", "combat-prowess:ranged", "swipe"), "taken once"),
        (("bash:melee", "combat-prowess:melee", "practiced-in-armor", "swipe"), "asks no choice"),
    ):
        draft = msgspec.structs.replace(ROOK, abilities=abilities)
        with pytest.raises(RuleViolation, match=f"Step 6 .*{reason}"):
            decide(state, create(draft))


def test_tough_s_extra_weapon_must_be_light():
    """CSRD Tough: an extra light weapon. A Vector's two picks may be anything."""
    state = campaign()
    heavy = msgspec.structs.replace(ROOK, weapons=("heavy-ranged", "medium-melee", "heavy-melee"))
    with pytest.raises(RuleViolation, match="Tough's extra weapon must be light: at most 2"):
        decide(state, create(heavy))
    fine = msgspec.structs.replace(ROOK, weapons=("heavy-ranged", "medium-melee", "light-melee"))
    (event,) = decide(state, create(fine))
    assert "Light melee weapon" in event.character.equipment


def test_a_spinner_s_weapon_and_tough_s_are_both_light():
    draft = Draft(descriptor="tough", type="spinner", focus="leads", bonus={Stat.SPEED: 6},
                  abilities=("anecdote", "babel", "encouragement", "enthrall"),
                  weapons=("medium-melee",), name="Ida")  # fmt: skip
    reason = "Spinner's weapon and Tough's extra weapon must be light."
    with pytest.raises(RuleViolation, match=re.escape(reason)):
        decide(campaign(), create(draft))
    groups = draft_view(CONTENT, draft, campaign()).weapon_groups
    assert {g.categories for g in groups} == {("light",)}


STRONG = msgspec.structs.replace(ROOK, descriptor="strong", armor="", name="Sam Strand",
                                 weapons=("knife", "rapier", "light-gun"))  # fmt: skip


def test_strong_s_extra_weapon_must_be_medium_or_heavy():
    """CSRD Strong: "a medium or heavy weapon" of their choice, held as the pack's record
    says it (a knife, a rapier and a light gun were taken): the Vector's two picks may be
    light, Strong's may not, at the tick and at the end of the step."""
    state = campaign()
    refused = "Step 8 (Possessions): Strong's extra weapon must be medium or heavy: at most 2"
    with pytest.raises(RuleViolation, match=re.escape(refused)):
        decide(state, create(STRONG))
    two_light = msgspec.structs.replace(STRONG, weapons=("knife", "rapier"))
    said = tick_refused(CONTENT, two_light, 7, state, "light-gun")
    assert said == (
        "Strong's extra weapon must be medium or heavy: at most 2 light weapons. Untick one first."
    )
    assert tick_refused(CONTENT, two_light, 7, state, "sword") is None
    fine = msgspec.structs.replace(STRONG, weapons=("knife", "rapier", "sword"))
    (event,) = decide(state, create(fine))
    assert "Sword" in event.character.equipment


def test_strong_s_only_pick_cannot_be_light():
    """A Strong Paradox has one weapon of their choice, Strong's: a knife is refused in
    one line (no untick to ask: nothing could take it), a sword is not."""
    paradox = Draft(descriptor="strong", type="paradox")
    said = tick_refused(CONTENT, paradox, 7, campaign(), "knife")
    assert said == "Strong's extra weapon must be medium or heavy."
    assert tick_refused(CONTENT, paradox, 7, campaign(), "sword") is None
    (group,) = draft_view(CONTENT, paradox, campaign()).weapon_groups
    assert (group.source, group.categories) == ("Strong's extra weapon", ("medium", "heavy"))


def test_r_cyp_1_occultic_starting_cyphers_count_two_against_the_limit():
    """R-CYP-1 at creation, as in play: AI Instance and Animal Control (both occultic)
    weigh 4 against a Vector's limit of 2, even where the GM allows two cyphers; one
    occultic cypher fills the limit, so an anoetic one is refused beside it too."""
    state = campaign(starting_cyphers=2)
    both = msgspec.structs.replace(ROOK, cyphers=("ai-instance", "animal-control"))
    refused = "Step 10 (Cyphers): An occultic cypher counts as two: 4 against a cypher limit of 2"
    with pytest.raises(RuleViolation, match=re.escape(refused)):
        decide(state, create(both))
    one = msgspec.structs.replace(ROOK, cyphers=("ai-instance",))
    assert tick_refused(CONTENT, one, 9, state, "animal-control") == (
        "Animal Control is occultic and counts as two: 4 against a cypher limit of 2."
        " Untick one first."
    )
    assert tick_refused(CONTENT, one, 9, state, "adhesion") == (
        "An occultic cypher counts as two: Adhesion would make 3 against a cypher limit of 2."
        " Untick one first."
    )
    assert draft_view(CONTENT, one, state).cypher_load == 2
    (event,) = decide(state, create(one))
    assert [(c.name, c.occultic) for c in event.character.cyphers] == [("AI Instance", True)]


STEP_7 = "Descriptor and focus"


def test_a_question_answered_with_more_picks_than_it_asks_is_refused():
    """Physical Skills asks two skills: three is refused as one is, never cut to two."""
    state = campaign()
    skills = ("bash", "combat-prowess:ranged", "physical-skills", "improved-edge:intellect")
    draft = msgspec.structs.replace(ROOK, abilities=skills, armor="")
    for picks, said in (
        (("climbing", "running", "swimming"), "Physical Skills: choose 2 (chose 3)."),
        (("climbing",), "Physical Skills: choose 2 (chose 1)."),
    ):
        asked = msgspec.structs.replace(draft, answers={"Physical Skills": picks})
        with pytest.raises(RuleViolation, match=re.escape(f"Step 7 ({STEP_7}): {said}")):
            decide(state, create(asked))
    two = msgspec.structs.replace(draft, answers={"Physical Skills": ("climbing", "swimming")})
    (event,) = decide(state, create(two))
    assert {"climbing", "swimming"} <= set(skills_now(event.character))


def test_r_abl_3_practiced_in_armor_s_text_says_what_the_sheet_applies():
    """R-ABL-3: practiced in armor, wearing it costs nothing (seed 003, the default); the
    CSRD's "Speed cost drops by 1" is the CSRD armor house rule's. The summary says so."""
    summary = CONTENT.kind("abilities")["practiced-in-armor"].summary
    assert "no Might an hour and no Speed" in summary and "CSRD armor house rule" in summary
    (event,) = decide(campaign(), create())
    assert (event.character.worn.speed_loss, event.character.worn.might_per_hour) == (0, 0)


def test_r_cmb_6_practiced_in_armor_starts_in_the_armor_of_the_player_s_choice():
    """R-CMB-6: Armor = the descriptor's 1 + medium armor's 2; practiced, it costs nothing."""
    (event,) = decide(campaign(), create())
    rook = event.character
    assert (rook.armor, rook.worn.category, rook.worn.rating) == (3, "medium", 2)
    assert (rook.worn.speed_loss, rook.worn.might_per_hour) == (0, 0)
    assert rook.pools.speed.maximum == 13 and "Medium armor" in rook.equipment
    unarmored = msgspec.structs.replace(ROOK, armor="")
    (event,) = decide(campaign(), create(unarmored))
    assert (event.character.armor, event.character.worn) == (1, None)


def test_r_cmb_6_only_practiced_in_armor_brings_armor_at_creation():
    draft = msgspec.structs.replace(ROOK, abilities=("bash", "combat-prowess:ranged", "swipe",
                                                     "improved-edge:might"))  # fmt: skip
    with pytest.raises(RuleViolation, match="Step 8 .*Only an ability that brings starting armor"):
        decide(campaign(), create(draft))
    assert not draft_view(CONTENT, draft, campaign()).armor_offered
    assert draft_view(CONTENT, ROOK, campaign()).armor_offered
    with pytest.raises(RuleViolation, match="Choose armor from the list"):
        decide(campaign(), create(msgspec.structs.replace(ROOK, armor="mithril")))


def test_r_cmb_2_step_nine_counts_gunner_on_a_gun_and_not_on_a_crossbow():
    """A weapon the pack calls a gun brings the focus's +1 with guns to the attack line
    step 9 shows; the heavy crossbow (a ranged weapon, no gun) does not."""
    draft = msgspec.structs.replace(ROOK, weapons=("heavy-ranged", "medium-gun"))
    lines = {line.name: line for line in draft_view(CONTENT, draft, campaign()).attacks}
    assert ("Gunner", 1) in lines["Medium gun"].parts
    assert lines["Medium gun"].damage == 6  # 4, Combat Prowess (ranged) 1, Gunner 1
    assert "Gunner" not in dict(lines["Heavy ranged weapon"].parts)
    assert lines["Heavy ranged weapon"].damage == 7  # 6, Combat Prowess (ranged) 1


def test_r_abl_1_an_action_with_nothing_to_apply_is_still_usable_at_its_cost():
    """A Clever Paradox who takes Far Step and Hedge Magic (actions whose effect the GM
    narrates) can use both, each at its cost less the Edge, like Distortion."""
    draft = Draft(descriptor="clever", type="paradox", focus="solves-mysteries",
                  bonus={Stat.INTELLECT: 6}, edge_choice=0,
                  abilities=("far-step", "hedge-magic", "distortion", "erase-memories"),
                  name="Quinn Navarre")  # fmt: skip
    state = Campaign(name="Test", settings=Settings(allowed_foci=("Solves Mysteries",)))
    (event,) = decide(state, CreateCharacter(draft=draft, content=CONTENT))
    usable = {u.name: u.cost for u in usable_now(event.character)}
    assert {"Far Step", "Hedge Magic", "Distortion", "Erase Memories"} <= set(usable)
    assert usable["Far Step"] == usable["Distortion"]  # Both 2 Intellect, less the Edge.


class OneAbilityTypes:
    """The built-in content, with a Vector whose first tier chooses one ability."""

    def kind(self, kind: str):
        found = CONTENT.kind(kind)
        if kind != "types":
            return found
        vector = found["vector"]
        tiers = tuple(
            msgspec.structs.replace(t, choose=1) if t.tier == 1 else t for t in vector.tiers
        )
        return {**found, "vector": msgspec.structs.replace(vector, tiers=tiers)}


def test_step_six_counts_one_ability_in_the_singular():
    draft = msgspec.structs.replace(ROOK, abilities=())
    assert step_problem(OneAbilityTypes(), draft, 5, Campaign(name="Test")) == (
        "Choose 1 ability (0 chosen)."
    )
