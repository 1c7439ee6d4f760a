"""Character creation, keys only: the eleven steps for each type, checked against the
content pack and the rules (RULES.md section 9)."""

import pytest

from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.content.loader import Content
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.creation.wizard import CreationScreen
from strange_tui.tui.home.home import HomeScreen

CONTENT = Content()


VECTOR_PICKS = ["bash", "prowess melee", "practiced armor", "improved intellect"]
"""Step 6 for a Vector, typed into the list's filter: an ability that asks a choice is
listed once per choice (Combat Prowess (melee), Improved Edge (Intellect))."""


async def walk(pilot, *, descriptor, kind, focus, pools, edge_down, abilities, weapons, skill=None,
               armor=None):  # fmt: skip
    """Steps 1-11 and the review, keys only. ``abilities``: how many of the list's first
    entries to tick, or the words to type to find each one."""
    await pilot.press("n", *descriptor, "enter")  # 1 descriptor (type to filter, enter)
    await pilot.press(*kind, "enter")  # 2 type
    await pilot.press(*focus, "enter")  # 3 focus
    for stat, points in pools:  # 4 pools: ↓ to the pool, + for each point
        await pilot.press(*(["down"] * stat), *(["plus"] * points))
        await pilot.press(*(["up"] * stat))
    await pilot.press("enter")
    await pilot.press(*(["down"] * edge_down), "enter")  # 5 Edge
    if isinstance(abilities, list):  # 6 find each ability by typing, tick it, clear the filter
        for words in abilities:
            await pilot.press(*words, "enter", *["backspace"] * len(words))
    else:  # 6 tick the first abilities of the list
        for index in range(abilities):
            await pilot.press("enter", "down") if index < abilities - 1 else await pilot.press(
                "enter"
            )
    await pilot.press("ctrl+n")
    if skill:  # 7 a skill the descriptor lets you pick
        await pilot.press(*skill, "enter")
    else:
        await pilot.press("enter")
    for _ in range(weapons):  # 8 possessions: weapons of your choice
        await pilot.press("enter", "down")
    if armor:  # and the armor Practiced in Armor brings: tab to its list, find it, enter
        await pilot.press("tab", *armor, "enter")
        assert pilot.app.screen.draft.step == 7  # The pick shows on step 8: ctrl+n goes on.
    await pilot.press("ctrl+n")
    await pilot.press("enter")  # 9 attacks
    await pilot.press("enter", "ctrl+n")  # 10 one starting cypher (the demo allows two)
    await pilot.press(*"Rook Vance", "tab", *"Grew up over a bar.", "ctrl+n")  # 11
    assert pilot.app.screen.draft.step == 11
    await pilot.press("enter")  # the review: create
    await pilot.pause()


def created(app):
    return app.session.state.characters["rook-vance"]


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_tough_vector_who_is_licensed_to_carry(demo_app):
    """Vector: 10/10/8 + 6 (3 Might, 3 Speed), Speed Edge chosen; Improved Edge raises
    Intellect's to 1; Tough: Armor 1, +1 recovery, Might defense; the focus's first tier;
    three weapons of choice; Practiced in Armor: medium armor, Armor 1 + 2."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, descriptor="tough", kind="vector", focus="licensed",
                   pools=[(0, 3), (1, 3)], edge_down=1, abilities=VECTOR_PICKS, weapons=3,
                   armor="medium")  # fmt: skip
        assert isinstance(demo_app.screen, HomeScreen)
        rook = created(demo_app)
        assert [rook.pools[s].maximum for s in Stat] == [13, 13, 8]
        assert [rook.pools[s].edge for s in Stat] == [0, 1, 1]
        assert (rook.effort, rook.armor, rook.recovery_bonus, rook.cypher_limit) == (1, 3, 1, 2)
        assert rook.worn.category == "medium" and "Medium armor" in rook.equipment
        assert rook.skills == {"Might defense": "trained"}
        assert list(rook.abilities) == [
            "Bash", "Combat Prowess (melee)", "Practiced in Armor", "Improved Edge (Intellect)",
            "Gunner", "Practiced with Guns",
        ]  # fmt: skip
        assert "Appropriate clothing" in rook.equipment and len(rook.cyphers) == 1
        assert rook.notes == "Grew up over a bar."
        assert (rook.descriptor, rook.type, rook.focus) == (
            "Tough",
            "Vector",
            "Is Licensed to Carry",
        )
        assert not (demo_app.session.path / "draft.toml").exists()


async def test_a_clever_paradox_who_solves_mysteries(demo_app):
    """Paradox: 7/9/12 + 6, Intellect Edge 1 fixed; Clever +2 Intellect, an inability;
    the Paradox's inability with medium and heavy weapons."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, descriptor="clever", kind="paradox", focus="mysteries",
                   pools=[(2, 6)], edge_down=0, abilities=4, weapons=0)  # fmt: skip
        rook = created(demo_app)
        assert [rook.pools[s].maximum for s in Stat] == [7, 9, 20]
        assert [rook.pools[s].edge for s in Stat] == [0, 0, 1]
        assert rook.cypher_limit == 3
        assert rook.skills["Lore and knowledge"] == "inability"
        assert rook.skills["medium weapons"] == "inability"
        assert {"Investigator", "Sleuth"} <= set(rook.abilities)


@pytest.mark.starts_first  # One of the longest: started first.
async def test_creating_is_one_command_and_one_undo_step(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await walk(pilot, descriptor="tough", kind="vector", focus="licensed",
                   pools=[(0, 3), (1, 3)], edge_down=1, abilities=VECTOR_PICKS,
                   weapons=1)  # fmt: skip
        (event,) = demo_app.session.journal()[-1:]
        assert isinstance(event, CharacterCreated) and event.character.id == "rook-vance"
        await pilot.press("ctrl+z")
        assert demo_app.session.state == before
        assert any("Undid: Rook Vance joined" in n.message for n in demo_app._notifications)


async def test_the_review_refuses_a_draft_the_rules_no_longer_allow(demo_app):
    """The GM's list changed under a finished draft: the review says why, enter refuses
    with the same words, and the draft stays."""
    draft = Draft(step=11, descriptor="tough", type="vector", focus="builds-robots",
                  bonus={Stat.MIGHT: 3, Stat.SPEED: 3}, edge_choice=1,
                  abilities=("bash", "combat-prowess:melee", "improved-edge:might",
                             "practiced-in-armor"),
                  name="Rook Vance")  # fmt: skip
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await pilot.app.push_screen(CreationScreen(draft))
        await pilot.pause()
        reason = "Step 3 (Focus): The GM has not allowed that focus here."
        assert reason in str(demo_app.screen.query_one("#body Static").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, CreationScreen)
        assert demo_app.session.state == before
        assert any(reason in n.message for n in demo_app._notifications)


async def test_a_strong_spinner_who_leads(demo_app):
    """Spinner: 8/9/11 + 6; Strong adds 4 to Might's pool."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, descriptor="strong", kind="spinner", focus="leads",
                   pools=[(1, 2), (2, 4)], edge_down=0, abilities=4, weapons=2)  # fmt: skip
        rook = created(demo_app)
        assert [rook.pools[s].maximum for s in Stat] == [12, 11, 15]
        assert [rook.pools[s].edge for s in Stat] == [0, 0, 1]
        assert {"Natural Charisma", "Good Advice"} <= set(rook.abilities)


async def test_an_intelligent_spinner_names_the_skill_it_chooses(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, descriptor="intelligent", kind="spinner", focus="leads", pools=[(0, 6)],
                   edge_down=0, abilities=4, weapons=1, skill="Geology")  # fmt: skip
        assert created(demo_app).skills["Geology"] == "trained"


async def test_points_must_all_be_placed_before_going_on(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"tough", "enter", *"vector", "enter", *"licensed", "enter")
        await pilot.press("plus", "plus", "enter")
        await pilot.pause()
        assert demo_app.screen.draft.step == 3
        assert "Place the last 4 points first." in str(demo_app.screen.query_one("#hint").render())
        shown = str(demo_app.screen.query_one("#pool-left").render())
        assert "4 of 6 points left to place." in shown
        await pilot.press(*["minus"] * 3)  # Two to take back, then none: a warning.
        assert demo_app.screen.draft.bonus == {}
        assert any("no points to take back" in n.message for n in demo_app._notifications)


async def test_back_and_forth_keeps_choices_and_a_new_type_resets_what_hung_on_it(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"tough", "enter", *"vector", "enter", *"licensed", "enter")
        await pilot.press("plus", "plus", "plus", "down", "plus", "plus", "plus", "enter")
        await pilot.press("escape", "escape", "escape")
        draft = demo_app.screen.draft
        assert (draft.step, draft.descriptor, draft.type, draft.focus) == (
            1,
            "tough",
            "vector",
            "is-licensed-to-carry",
        )
        assert sum(draft.bonus.values()) == 6
        await pilot.press("enter")  # Vector again: nothing is lost
        assert sum(demo_app.screen.draft.bonus.values()) == 6
        await pilot.press("escape", *"paradox", "enter")
        assert demo_app.screen.draft.bonus == {}  # A Paradox starts its pools afresh.


async def test_a_focus_the_gm_did_not_allow_cannot_be_chosen(demo_app):
    """Builds Robots is not on the demo's list: it is not offered, and a draft naming it
    cannot go on."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"tough", "enter", *"vector", "enter", *"robots")
        await pilot.pause()
        assert demo_app.screen.query_one("#pick-focus").visible() == []
        await pilot.press("enter")
        assert demo_app.screen.draft.focus == "" and demo_app.screen.draft.step == 2


async def test_escape_at_step_one_asks_before_abandoning(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "escape")
        await pilot.press("n")  # keep going
        assert isinstance(demo_app.screen, CreationScreen)
        await pilot.press("escape", "y")
        assert isinstance(demo_app.screen, HomeScreen)


async def test_leaving_mid_way_and_coming_back_resumes_the_draft(demo, demo_app):
    from strange_tui.tui.app.app import StrangeApp

    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"lucky", "enter", *"spinner", "enter")
        await pilot.press("q")  # the app quits from the wizard (a text box is not focused)
    draft = CampaignFolder(demo).load_draft()
    assert (draft.step, draft.descriptor, draft.type) == (2, "lucky", "spinner")
    again = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert again.screen.draft == draft


@pytest.mark.parametrize("step", range(12))  # Each of the 11 steps, and the review.
def test_snapshots_of_steps(demo_app, snap_compare, step):
    draft = Draft(step=step, descriptor="tough", type="vector", focus="is-licensed-to-carry",
                  bonus={Stat.MIGHT: 3, Stat.SPEED: 3}, edge_choice=1,
                  abilities=("bash", "combat-prowess:melee", "improved-edge:might",
                             "practiced-in-armor"),
                  weapons=("heavy-ranged",), armor="medium", name="Rook Vance")  # fmt: skip

    async def open_draft(pilot):
        await pilot.app.push_screen(CreationScreen(draft))
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=open_draft)
