"""Creation's lists of ticks, keys only: each shows its limit in words (the type's, the
descriptor's, the GM's), and a tick past it is refused where the key is pressed, with one
line that says why (RULES.md section 9, steps 6, 8 and 10)."""

import pytest
from msgspec.structs import replace
from textual.widgets import Input, Static

from strange_tui.campaign.model.creation import Draft
from strange_tui.rules.pools import Stat
from strange_tui.tui.creation.ticks import TickList
from strange_tui.tui.creation.wizard import CreationScreen


async def to_type_abilities(pilot, *, descriptor, kind, focus):
    """Keys from the home screen to step 6: all bonus points into Might, the first Edge."""
    await pilot.press("n", *descriptor, "enter", *kind, "enter", *focus, "enter")
    await pilot.press(*["plus"] * 6, "enter", "enter")
    await pilot.pause()
    assert pilot.app.screen.draft.step == 5


async def tick_first(pilot, count):
    for _ in range(count):
        await pilot.press("enter", "down")
    await pilot.pause()


async def to_possessions(pilot, *, descriptor, kind, focus):
    """Keys to step 8: the first four type abilities, nothing else to choose at step 7."""
    await to_type_abilities(pilot, descriptor=descriptor, kind=kind, focus=focus)
    await tick_first(pilot, 4)
    await pilot.press("ctrl+n", "enter")
    await pilot.pause()
    assert pilot.app.screen.draft.step == 7


def shown(app, selector="#limit") -> str:
    return str(app.screen.query_one(selector, Static).render())


def told(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_paradox_chooses_no_weapons_and_enter_ticks_none(demo_app):
    """A Paradox (and a Clever one) has no weapons of their choice: the step says so in
    words, with what the type is practiced with, shows no list to tick, and enter goes on."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_possessions(pilot, descriptor="clever", kind="paradox", focus="mysteries")
        words = "A Paradox starts with no weapons of their choice (practiced with light weapons)."
        assert words in shown(demo_app)
        assert "Choose up to 0" not in shown(demo_app)
        assert not demo_app.screen.query("#pick-weapons")
        await pilot.press("enter")
        await pilot.pause()
        assert demo_app.screen.draft.weapons == ()
        assert demo_app.screen.draft.step == 8


async def test_a_fifth_type_ability_is_refused_at_the_tick(demo_app):
    """A Paradox takes 4 first-tier abilities: the count shows as they are ticked, the
    fifth enter ticks nothing and says why; unticking one lets another in."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_type_abilities(pilot, descriptor="clever", kind="paradox", focus="mysteries")
        assert "Choose 4 Paradox abilities: 0 chosen." in shown(demo_app)
        await tick_first(pilot, 4)
        four = demo_app.screen.draft.abilities
        assert len(four) == 4
        assert "Choose 4 Paradox abilities: 4 chosen." in shown(demo_app)
        await pilot.press("enter")  # The fifth.
        await pilot.pause()
        assert demo_app.screen.draft.abilities == four
        assert len(demo_app.screen.query_one("#pick-abilities", TickList).selected) == 4
        assert "4 abilities chosen already: untick one first." in told(demo_app)
        await pilot.press("up", "enter", "down", "enter")  # Untick the fourth, tick the fifth.
        await pilot.pause()
        assert demo_app.screen.draft.abilities[:3] == four[:3]
        assert len(demo_app.screen.draft.abilities) == 4
        assert demo_app.screen.draft.abilities[3] != four[3]


async def test_an_ability_is_ticked_once_whatever_its_choice(demo_app):
    """A Vector's Combat Prowess is listed once per kind of attack; ticking it for melee
    and then for ranged is refused at the second tick."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_type_abilities(pilot, descriptor="tough", kind="vector", focus="licensed")
        await pilot.press(*"prowess", "enter", "down", "enter")  # (melee), then (ranged)
        await pilot.pause()
        assert demo_app.screen.draft.abilities == ("combat-prowess:melee",)
        refused = "Combat Prowess is taken once: untick Combat Prowess (melee) first."
        assert refused in told(demo_app)


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_weapon_past_the_picks_is_refused_at_the_tick(demo_app):
    """A Strong Spinner: the Spinner's light weapon and Strong's medium or heavy one. A
    second medium weapon is refused at its tick (the Spinner's must be light), a third
    weapon too; the count shows what is chosen."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_possessions(pilot, descriptor="strong", kind="spinner", focus="leads")
        limit = "Choose up to 2 weapons (1 light, 1 medium or heavy): {} chosen."
        assert limit.format(0) in shown(demo_app)
        await pilot.press(*"medium melee", "enter", *["backspace"] * 12)
        await pilot.press(*"medium ranged", "enter", *["backspace"] * 13)
        await pilot.pause()
        assert demo_app.screen.draft.weapons == ("medium-melee",)
        light = (
            "Spinner's weapon must be light: at most 1 medium or heavy weapon. Untick one first."
        )
        assert light in told(demo_app)
        await pilot.press(*"light melee", "enter", *["backspace"] * 11)
        await pilot.press(*"light ranged", "enter")
        await pilot.pause()
        assert demo_app.screen.draft.weapons == ("medium-melee", "light-melee")
        assert "2 weapons chosen already: untick one first." in told(demo_app)
        assert limit.format(2) in shown(demo_app)


async def test_r_cyp_1_a_starting_cypher_past_the_limit_is_refused_at_the_tick(demo_app):
    """The demo's GM allows 2 starting cyphers (a Spinner carries 2 at most, R-CYP-1): the
    third enter ticks nothing and says why."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_possessions(pilot, descriptor="strong", kind="spinner", focus="leads")
        await pilot.press("ctrl+n", "enter")  # No weapons; the attacks.
        await pilot.pause()
        assert demo_app.screen.draft.step == 9
        counting = "Choose up to 2 starting cyphers: {} chosen, counting {} of 2"
        assert counting.format(0, 0) in shown(demo_app)
        await tick_first(pilot, 3)
        assert len(demo_app.screen.draft.cyphers) == 2
        assert "2 starting cyphers chosen already: untick one first." in told(demo_app)
        assert counting.format(2, 2) in shown(demo_app)


SAM = Draft(descriptor="strong", type="vector", focus="is-licensed-to-carry",
            bonus={Stat.MIGHT: 3, Stat.SPEED: 3}, edge_choice=1,
            abilities=("bash", "combat-prowess:melee", "improved-edge:might",
                       "practiced-in-armor"))  # fmt: skip


async def pick(pilot, typed: str) -> None:
    """Type to find an entry, enter on it, clear the filter."""
    await pilot.press(*typed, "enter", *["backspace"] * len(typed))
    await pilot.pause()


async def test_strong_s_extra_weapon_is_medium_or_heavy_at_the_tick(demo_app):
    """A Strong Vector: two weapons of any kind and Strong's medium or heavy one. The step
    says so; a knife and a rapier take the Vector's two, a light gun is refused at its
    tick with the reason (they were all taken), a sword is not."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(replace(SAM, step=7)))
        await pilot.pause()
        limit = "Choose up to 3 weapons (2 of any kind, 1 medium or heavy): {} chosen."
        assert limit.format(0) in shown(demo_app)
        await pick(pilot, "dagger")  # A knife.
        await pick(pilot, "rapier")
        await pick(pilot, "derringer")  # A light gun.
        assert demo_app.screen.draft.weapons == ("knife", "rapier")
        said = (
            "Strong's extra weapon must be medium or heavy: at most 2 light weapons."
            " Untick one first."
        )
        assert said in told(demo_app)
        await pick(pilot, "katana")  # A sword.
        assert demo_app.screen.draft.weapons == ("knife", "rapier", "sword")
        assert limit.format(3) in shown(demo_app)


async def test_r_cyp_1_an_occultic_cypher_counts_two_at_the_tick(demo_app):
    """R-CYP-1 at creation: the demo's GM allows two starting cyphers, and AI Instance
    (occultic) fills a Vector's limit of 2 alone; a second cypher is refused at its tick,
    saying why, and the step's line counts the load."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(replace(SAM, step=9)))
        await pilot.pause()
        await pick(pilot, "ai instance")
        assert demo_app.screen.draft.cyphers == ("ai-instance",)
        assert "1 chosen, counting 2 of 2 (an occultic one counts as two)." in shown(demo_app)
        await pick(pilot, "animal control")
        assert demo_app.screen.draft.cyphers == ("ai-instance",)
        said = (
            "Animal Control is occultic and counts as two: 4 against a cypher limit of 2."
            " Untick one first."
        )
        assert said in told(demo_app)


async def test_a_name_already_in_the_campaign_is_refused_at_step_11(demo_app):
    """Typing Mara Quist's name (any case) says at once that it is taken; ctrl+n stays."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(replace(SAM, step=10)))
        await pilot.pause()
        await pilot.press(*"mara quist")
        await pilot.pause()
        taken = "Mara Quist is in the campaign already: give another name."
        assert taken in shown(demo_app, "#hint")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert demo_app.screen.draft.step == 10
        assert taken in told(demo_app)
        assert demo_app.screen.query_one("#name", Input).value == "mara quist"


async def test_a_tick_whose_message_comes_after_ctrl_n_still_counts_and_breaks_nothing(demo_app):
    """A cypher ticked with ctrl+n pressed right behind it: the list's message can reach
    the wizard after the key has moved it on (seen in a real terminal under load, where
    the app stopped on the step's missing lines). The tick counts; the next step stands."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(replace(SAM, step=9)))
        await pilot.pause()
        screen = demo_app.screen
        ticks = screen.query_one("#pick-cyphers", TickList)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.draft.step == 10
        # The tick's message, as it arrives late: its list is no longer on the screen.
        screen.post_message(TickList.Toggled(ticks, "animal-control"))
        await pilot.pause()
        assert demo_app.screen is screen and screen.draft.step == 10
        assert screen.draft.cyphers == ("animal-control",)
