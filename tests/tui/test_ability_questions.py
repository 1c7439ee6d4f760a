"""What an entry asks when taken, keys only: creation's step 7 asks what the type's
abilities ask, the advancement dialog what a new tier's abilities ask, and the answers
land on the sheet (R-ABL-1, R-ADV-1)."""

import pytest
from textual.app import App, ComposeResult

from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.traits import Question
from strange_tui.rules.pools import Stat
from strange_tui.tui.character.advance import AdvanceDialog
from strange_tui.tui.common.questions import QuestionsForm
from strange_tui.tui.creation.wizard import CreationScreen
from strange_tui.tui.home.home import HomeScreen
from tests.tui.conftest import character_state
from tests.tui.reach import screen_lines, tab_through
from tests.tui.test_armor_and_tiers import app_with, choose_step, shown

SPINNER_PICKS = ["anecdote", "babel", "interaction", "encouragement"]
"""Step 6 for a Spinner, typed into the list's filter: the third asks two skills of five."""

ASKED = "Trained in two interaction skills"
ASKING = ("anecdote", "babel", "interaction-skills", "encouragement")
"""The same four by id, for a draft made at step 7."""


async def to_step_seven(pilot) -> None:
    """A Strong Spinner who Leads, steps 1-6 by keys (as tests/tui/test_creation.py)."""
    await pilot.press("n", *"strong", "enter", *"spinner", "enter", *"leads", "enter")
    await pilot.press("down", "plus", "plus", "down", *["plus"] * 4, "up", "up", "enter")
    await pilot.press("enter")  # 5 the Spinner's Edge
    for words in SPINNER_PICKS:
        await pilot.press(*words, "enter", *["backspace"] * len(words))
    await pilot.press("ctrl+n")
    await pilot.pause()


@pytest.mark.starts_first  # One of the longest: started first.
async def test_step_seven_asks_two_of_five_and_the_sheet_is_trained_in_both(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await to_step_seven(pilot)
        screen = demo_app.screen
        assert screen.draft.step == 6
        assert ASKED in "\n".join(screen_lines(demo_app))
        await pilot.press("ctrl+n")  # Nothing ticked: refused, and the hint says why.
        await pilot.pause()
        assert screen.draft.step == 6
        assert "choose 2 (chose 0)" in shown(demo_app, "#hint")
        # The list has the focus: enter ticks deception, then persuasion; a third is refused.
        await pilot.press("enter", "down", "enter", "down", "enter")
        await pilot.pause()
        assert list(screen.draft.answers.values()) == [("deception", "persuasion")]
        assert any("Choose 2 only" in n.message for n in demo_app._notifications)
        assert "goes on" in shown(demo_app, "#hint")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.draft.step == 7
        await pilot.press("enter", "down", "ctrl+n")  # 8 one weapon
        await pilot.press("enter", "enter", "ctrl+n")  # 9 attacks, 10 one cypher
        await pilot.press(*"Rook Vance", "tab", *"Talks a lot.", "ctrl+n", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        rook = demo_app.session.state.characters["rook-vance"]
        skills = skills_now(rook)
        assert (skills["deception"], skills["persuasion"]) == ("trained", "trained")
        assert "intimidation" not in skills


async def test_step_seven_with_questions_stays_reachable_at_40x12_and_80x16(demo_app):
    """The most step 7 asks: the focus's choice of one, a skill to name, and the question;
    tab brings each into view (the step scrolls)."""
    draft = Draft(step=6, descriptor="intelligent", type="spinner", focus="helps-their-friends",
                  bonus={Stat.SPEED: 2, Stat.INTELLECT: 4}, abilities=ASKING)  # fmt: skip
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await demo_app.push_screen(CreationScreen(draft))
        await pilot.pause()
        assert demo_app.screen.query_one(QuestionsForm).questions
        assert demo_app.screen.query("#pick-focus-choice, Input.skill")
        assert await tab_through(pilot) == []
        await pilot.resize_terminal(80, 16)  # Wide, so the step's panel itself does not scroll.
        await pilot.pause()
        assert await tab_through(pilot) == []


async def test_step_seven_looks_as_before_when_nothing_is_asked(demo_app):
    draft = Draft(step=6, descriptor="strong", type="spinner", focus="leads",
                  bonus={Stat.SPEED: 2, Stat.INTELLECT: 4},
                  abilities=("anecdote", "babel", "enthrall", "encouragement"))  # fmt: skip
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await demo_app.push_screen(CreationScreen(draft))
        await pilot.pause()
        assert not demo_app.screen.query(QuestionsForm)
        await pilot.press("enter")
        await pilot.pause()
        assert demo_app.screen.draft.step == 7


# The advancement dialog.


async def test_a_new_tier_s_ability_asks_its_skills_before_the_step_is_bought(tmp_path):
    """Three steps bought: tick Control the Field and the one that trains two physical
    skills; the dialog asks which, the preview refuses until two are ticked; ctrl+b: the
    sheet is trained in both."""
    app = app_with(tmp_path, xp=4, advancements=("pools", "edge", "effort"),
                   abilities=("Bash", "Combat Prowess (melee)"))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "x")
        await pilot.pause()
        assert isinstance(app.screen, AdvanceDialog)
        await choose_step(pilot, 4)  # Train a skill
        await pilot.press(*["tab"] * 5, *"Guns")
        await pilot.press("tab", "tab", "enter", *["down"] * 4, "enter")  # The 1st and 5th.
        await pilot.pause()
        await pilot.pause()
        form = app.screen.query_one(QuestionsForm)
        assert [q.label for q in form.questions] == ["Trained in two physical skills"]
        assert "choose 2 (chose 0)" in shown(app, "#preview")
        await pilot.press("tab", "enter", "down", "down", "enter")  # balancing, jumping
        await pilot.pause()
        assert "choose 2" not in shown(app, "#preview")
        await pilot.press("ctrl+b")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert mara.tier == 2
        skills = skills_now(mara)
        assert (skills["balancing"], skills["jumping"]) == ("trained", "trained")
        assert "climbing" not in skills


async def test_the_focus_s_choice_at_a_new_tier_asks_its_attacks(tmp_path):
    """Tier 2 to 3: the focus offers a choice; the one chosen asks which attacks its
    damage goes to (a pick of four); gun chosen, bought: the trait counts guns."""
    app = app_with(tmp_path, tier=2, xp=4, advancements=("pools", "edge", "effort"),
                   abilities=("Bash", "Combat Prowess (melee)"))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "x")
        await pilot.pause()
        await choose_step(pilot, 4)  # Train a skill
        await pilot.press(*["tab"] * 5, *"Guns")
        await pilot.press("tab", "tab", "enter", "down", "enter", "down", "enter")  # three
        await pilot.press("tab", "enter", "down", "down", "enter")  # the focus's second
        await pilot.pause()
        await pilot.pause()
        form = app.screen.query_one(QuestionsForm)
        (question,) = form.questions
        assert (question.kind, question.options) == ("pick", ("light", "medium", "heavy", "gun"))
        await pilot.press("tab", "enter", *["down"] * 4, "enter")  # Gun
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert mara.tier == 3
        trait = next(t for t in mara.traits if t.name == question.key)
        assert [e.attacks for e in trait.effects] == ["gun"]


# The form itself: points, and skills of the player's own naming.


class FormApp(App):
    def compose(self) -> ComposeResult:
        yield QuestionsForm(
            [
                Question(
                    key="A gift",
                    label="A gift: 3 points",
                    kind="points",
                    count=3,
                    stats=("might", "speed", "intellect"),
                ),
                Question(key="A knack", label="A knack: any 2 skills", kind="skills", count=2),
            ]
        )


async def test_the_form_takes_points_as_numbers_and_skills_as_words():
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x", "2", "tab", "tab", "1")  # Might has the focus; x is no point.
        await pilot.press("tab", *"geology", "tab", *"chess")
        await pilot.pause()
        form = app.query_one(QuestionsForm)
        assert form.answers() == {
            "A gift": ("might=2", "intellect=1"),
            "A knack": ("geology", "chess"),
        }


async def test_the_points_row_says_what_is_left_to_divide_as_the_boxes_fill():
    """The row of number boxes counts down as they are filled, and says when too many."""
    app = FormApp()
    async with app.run_test(size=(80, 24)) as pilot:
        left = app.query_one(".points Label.left")
        assert str(left.render()) == "3 left"
        await pilot.press("2")
        await pilot.pause()
        assert str(left.render()) == "1 left"
        await pilot.press("tab", "1")
        await pilot.pause()
        assert str(left.render()) == "all given"
        await pilot.press("tab", "4")
        await pilot.pause()
        assert str(left.render()) == "4 too many"


class TicksApp(App):
    """One question of two skills among four, and a count of every tick the list makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ticks: list[tuple[str, ...]] = []

    def compose(self) -> ComposeResult:
        options = ("climbing", "swimming", "running", "jumping")
        sport = Question(key="Sport", kind="skills", count=2, options=options,
                         label="Sport: 2 skills")
        yield QuestionsForm([sport])

    def on_selection_list_selected_changed(self, event) -> None:
        self.ticks.append(tuple(event.selection_list.selected))


async def test_a_skill_past_the_count_is_never_ticked_not_even_for_a_moment():
    """The third enter is refused at the key, with its reason: the list never holds three
    (before, it ticked the third and then unticked it, a flash the player saw)."""
    app = TicksApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "enter", "down", "enter", "down", "enter")
        await pilot.pause()
        assert app.query_one(QuestionsForm).answers() == {"Sport": ("climbing", "swimming")}
        assert max(len(ticked) for ticked in app.ticks) == 2
        assert any("Choose 2 only" in n.message for n in app._notifications)
        await pilot.press("up", "enter", "down", "enter")  # Untick one: another goes in.
        await pilot.pause()
        assert app.query_one(QuestionsForm).answers() == {"Sport": ("climbing", "running")}
