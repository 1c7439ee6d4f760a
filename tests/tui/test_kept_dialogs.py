"""Dialogs kept between opens (the roll and attack dialogs, the log and the GM's
Help are made once while the campaign is open): each opens again as a new one, with the
campaign as it is now."""

from strange_tui.campaign.model.events import ActionTaken, NpcHealthChanged, RollMade
from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.home.help import HelpScreen
from strange_tui.tui.home.log import LogScreen
from tests.tui.test_combat import THUG_AND_INITIATIVE, shown


async def test_the_attack_dialog_opens_again_as_a_new_attack(demo_app):
    """Mara attacks with Effort and her die; the next attack is the same dialog, set back:
    no Effort, no die, no result, Roll rolls again, and the thug's health is today's."""
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        first = demo_app.screen
        assert isinstance(first, AttackDialog)
        await pilot.press("tab", "tab", "enter", "down", "enter")  # Effort 1.
        await pilot.pause()
        assert first.query_one("#effort").value == 1
        await pilot.press("ctrl+f", "1", "8", "enter")
        await pilot.pause()
        made = [e for e in demo_app.session.journal() if isinstance(e, RollMade)][-1]
        assert (made.effort, made.die) == (1, 18)
        assert first.done and str(first.query_one("#go").label) == "Done"
        health = demo_app.session.state.encounter.combatants["thug"].health
        await pilot.press("enter")  # Done.
        await pilot.pause()
        await pilot.press("g", "a")  # The GM grants another action (R-CMB-8): a new attack.
        await pilot.pause()
        again = demo_app.screen
        assert again is first and not again.done
        assert again.query_one("#effort").value == 0
        assert again.query_one("#die").value == ""
        assert not again.query_one("#result").has_class("-shown")
        assert str(again.query_one("#go").label) == "Roll"
        preview = demo_app.session.preview(again.command())  # The thug as it is now.
        plain = next(hit for hit in preview.hits if hit.die is None)
        assert preview.health == health
        assert f"→ Thug {plain.health}/9" in " ".join(shown(demo_app, "#preview").split())
        await pilot.press("ctrl+f", "1", "8", "enter")
        await pilot.pause()
        journal = demo_app.session.journal()
        rolls = [e for e in journal if isinstance(e, RollMade)]
        assert rolls[-1].effort == 0 and rolls[-1].die == 18
        # The hit lands on the thug, then the granted action is spent (R-CMB-8).
        assert [type(e) for e in journal[-3:]] == [RollMade, NpcHealthChanged, ActionTaken]


async def test_the_log_and_help_are_kept_and_show_what_happened_meanwhile(demo_app):
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = demo_app.screen
        assert isinstance(log, LogScreen)
        await pilot.press("escape", "r", *"Swim the river", "ctrl+f", "1", "2", "enter")
        await pilot.pause()
        await pilot.press("escape", "l")
        await pilot.pause()
        assert demo_app.screen is log
        options = log.query_one("#events")
        assert "Swim the river" in str(options.get_option_at_index(0).prompt)
        await pilot.press("question_mark")
        await pilot.pause()
        helped = demo_app.screen
        assert isinstance(helped, HelpScreen) and helped.current == 17  # The log's section.
        await pilot.press("escape", "escape", "question_mark")
        await pilot.pause()
        assert demo_app.screen is helped and helped.current == 2  # Home's, this time.
        assert helped.query_one("#section-2").has_class("-current")
        assert not helped.query_one("#section-12").has_class("-current")


async def test_the_xp_dialog_opens_again_as_new_with_the_xp_awarded(demo_app):
    """The GM awards 3 XP for a discovery, closes and opens XP again: the same dialog, the
    award form back at 1 with no reason, the status with the 3 XP counted."""
    async with demo_app.run_test(size=(100, 40)) as pilot:
        xp = demo_app.session.state.characters["mara-quist"].xp
        await pilot.press("x", "backspace", "3", "tab", *"the vault", "enter")
        await pilot.pause()
        first = demo_app.screen
        assert demo_app.session.state.characters["mara-quist"].xp == xp + 3
        await pilot.press("escape", "x")
        await pilot.pause()
        assert demo_app.screen is first
        assert first.query_one("#xp").value == "1" and first.query_one("#why").value == ""
        assert f"{xp + 3} XP" in str(first.query_one("#status").content)


async def test_the_kept_log_lists_a_character_made_since_in_its_filter(demo, demo_app):
    """Another window makes Nina; back in the log (kept since its first visit), the filter
    offers her too, and the log tells of her."""
    from textual.widgets import Select

    from strange_tui.campaign.model.events import CharacterCreated
    from strange_tui.storage.folder import CampaignFolder
    from tests.campaign.builders import character

    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = demo_app.screen
        await pilot.press("escape")
        CampaignFolder(demo).open().dispatch(CharacterCreated(character=character("nina")))
        demo_app.follow_campaign()  # What the follow timer does within a second.
        await pilot.press("l")
        await pilot.pause()
        assert demo_app.screen is log
        names = [str(option[0]) for option in log.query_one(Select)._options]
        assert "Nina" in names
