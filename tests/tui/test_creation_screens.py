"""Character creation as a new player reads it (play-test findings N1-N15): what each
step shows of the entry under the cursor, what the hint says, and where the keys go."""

from msgspec.structs import replace

from strange_tui.tui.creation.wizard import CreationScreen
from tests.tui.reach import screen_lines
from tests.tui.test_layout import draft_at


async def open_step(pilot, step: int, **changes) -> None:
    await pilot.app.push_screen(CreationScreen(replace(draft_at(step), **changes)))
    await pilot.pause()


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def hint(app) -> str:
    return str(app.screen.query_one("#hint").render())


async def test_step_8_shows_the_highlighted_weapon_whole_and_the_picks_so_far(demo_app):
    """The rows are cut with '…': the side panel shows the weapon under the cursor whole
    (damage, range, examples), and the weapons ticked and the armor picked."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 7)
        await pilot.press("down", "down", "down")  # Medium ranged weapon
        await pilot.pause()
        text = screen_text(demo_app)
        print(text)
        assert "│ Medium ranged weapon         │" in text
        assert "4 damage · long range" in text and "For example: bow, crossbow" in text
        assert "Chosen: Heavy ranged" in text
        await pilot.press("enter")  # ticked: it is among the picks
        await pilot.pause()
        assert "Chosen: Heavy ranged weapon, Medium ranged weapon" in " ".join(
            line.split("││")[-1].strip(" │") for line in screen_lines(demo_app)
        )


async def test_step_8_enter_on_the_armor_picks_it_and_ctrl_n_goes_on(demo_app):
    """Enter on the armor list picks it and stays on step 8 (the hint says the pick and
    ctrl+n); ctrl+n then goes on to the attacks."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 7, armor="")
        assert "tab, then enter picks the armor; ctrl+n goes on." in hint(demo_app)
        await pilot.press("tab", *"light", "enter")
        await pilot.pause()
        assert demo_app.screen.draft.step == 7 and demo_app.screen.draft.armor == "light"
        assert hint(demo_app) == "Light armor chosen: ctrl+n goes on."
        assert "armor: Light armor" in screen_text(demo_app)
        await pilot.press("ctrl+n")
        assert demo_app.screen.draft.step == 8


async def test_step_8_reads_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await open_step(pilot, 7)
        await pilot.press("down")
        await pilot.pause()
        print(screen_text(demo_app))


async def test_the_review_takes_the_keys_says_more_below_and_wraps_under_its_values(demo_app):
    """N2: ctrl+n from step 11 puts the focus in the review, so ↓ and page down scroll it
    at once; '↓ more' says the sheet goes on below, until its end is in view; a long value
    wraps under its own column, not under the labels."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 10)
        await pilot.press("ctrl+n")
        await pilot.pause()
        review = demo_app.screen.query_one("#review")
        assert demo_app.focused is review
        assert "↓ more" in screen_lines(demo_app)[review.region.bottom]
        wrapped = next(line for line in screen_lines(demo_app) if "Improved Edge" in line)
        assert wrapped.startswith("│              Improved Edge"), wrapped
        await pilot.press("pagedown")
        await pilot.pause()
        assert review.scroll_y > 0
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert "↓ more" not in screen_text(demo_app)
        assert "Medium armor" in screen_text(demo_app)  # Equipment's end, under its column
        await pilot.press("enter")
        await pilot.pause()
        assert "rook-vance" in demo_app.session.state.characters


async def test_step_11_hint_follows_the_name_as_it_is_typed(demo_app):
    """N3: ctrl+n without a name says so; typing one puts the step's keys back in the hint
    (typing does nothing else: still step 11); clearing it says so again."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 10, name="")
        await pilot.press("ctrl+n")
        assert hint(demo_app) == "Give your character a name."
        await pilot.press(*"Rook")
        assert hint(demo_app) == "Tab to the background; ctrl+n goes on."
        assert demo_app.screen.draft.step == 10
        await pilot.press(*["backspace"] * 4)
        assert hint(demo_app) == "Give your character a name."


async def test_step_9_says_an_attack_neither_eased_nor_hindered_in_player_words(demo_app):
    """N11 (R-CMB-2): a heavy weapon's attacks are not eased: 'no change', not 'as set'."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 8)
        row = next(line for line in screen_lines(demo_app) if "Heavy ranged" in line)
        assert "6       no change   long" in row and "as set" not in screen_text(demo_app)


def test_n13_the_sheet_separates_a_cyphers_kind_from_its_effect():
    """'1. Acid Resistance L6 anoetic: One hour…': the level and kind, then a colon, then
    the effect (they ran together)."""
    import io

    from rich.console import Console

    from strange_tui.campaign.model.state import Cypher
    from strange_tui.tui.character.sheet_view import lists_block
    from tests.campaign.builders import character

    acid = Cypher(name="Acid Resistance", level=6, effect="One hour of protection.")
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(lists_block(character(cyphers=(acid,))))
    assert "1. Acid Resistance L6 anoetic: One hour of protection." in out.getvalue()


async def test_n15_step_10_keeps_the_cypher_level_in_one_column(demo_app):
    """Long cypher names are cut with '…' (whole in the side panel) so that every row's
    level and kind start in one column, whole at 80 columns."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 9)
        await pilot.press(*"gravity")
        await pilot.pause()
        rows = [line for line in screen_lines(demo_app) if "1d6" in line.split("││")[0]]
        assert len(rows) >= 4, rows
        assert len({line.index("1d6") for line in rows}) == 1, rows
        assert all(line.split("││")[0].rstrip(" │").endswith(("anoetic", "occultic"))
                   for line in rows), rows  # fmt: skip
        assert "Gravity-Nullifying Ap…" in screen_text(demo_app)


async def test_n8_the_step_is_named_once_and_n4_recursions_as_the_packs_name_them(demo_app):
    """The panel's title names the step (the step bar no longer repeats it); step 3's
    focus says where it is taken as the recursions are named: 'Where: Earth, Ruk'."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 0)
        assert screen_text(demo_app).count("Step 1 of 11 - Descriptor") == 1
        demo_app.pop_screen()
        await open_step(pilot, 2)
        assert "Where: Earth, Ruk" in screen_text(demo_app)


async def test_n1_step_8_shows_the_starting_gear_and_says_which_is_to_choose_with_the_gm(demo_app):
    """The type's and descriptor's gear shows on step 8, and the packs mark what is only a
    kind of item ('Two expensive items') as to choose with the GM; the sheet keeps the mark."""
    paradox = dict(descriptor="clever", type="paradox", focus="solves-mysteries", bonus={},
                   abilities=(), weapons=(), armor="")  # fmt: skip
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 7, **paradox)
        side = " ".join(line.split("││")[-1].strip(" │▃") for line in screen_lines(demo_app))
        assert "Also yours: Appropriate clothing, Two expensive items (to choose with the" in side
        assert "One expensive item (to choose with the GM)" in side  # Clever's


async def test_n1_the_sheet_keeps_the_gear_to_choose_with_the_gm_marked(demo_app):
    from tests.tui.test_creation import created, walk

    async with demo_app.run_test(size=(80, 24)) as pilot:
        await walk(pilot, descriptor="clever", kind="paradox", focus="mysteries",
                   pools=[(2, 6)], edge_down=0, abilities=4, weapons=0)  # fmt: skip
        equipment = created(demo_app).equipment
        assert "Up to four inexpensive items (to choose with the GM)" in equipment
        assert "Expensive item" not in equipment
