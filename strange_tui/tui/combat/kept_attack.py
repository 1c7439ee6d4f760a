"""The attack dialog kept between opens, so that it opens fast: made once per PC while the
campaign is open, and set back to a new attack's form each time the tracker opens it (its
thirty widgets are not made, styled and laid out again on every `a`)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Checkbox, Input, Select, Static

from strange_tui.campaign.commands.combat import DAMAGE, special_options, weapons_of
from strange_tui.tui.combat.attack import AttackDialog, weapon_index, weapon_label
from strange_tui.tui.common.access import CampaignApp


def reset_attack(
    dialog: AttackDialog, npc_id: str, marked: tuple[str, ...], weapon: str = ""
) -> None:
    """``dialog`` as a new attack on ``npc_id`` (the marked NPCs for an area) shows it:
    the fight's standing NPCs, the PC's weapons and Effort as they are now, every other
    field at its start."""
    dialog.npc_id, dialog.marked = npc_id, marked
    dialog.done, dialog.circumstances = False, ()
    dialog._previewed = None  # A new form: its first preview is drawn, whatever it is.
    state = dialog.session.state
    encounter = state.encounter
    assert encounter is not None
    dialog.weapons = weapons_of(dialog.character, dialog.session.content)
    weapons = [(weapon_label(w), str(n)) for n, w in enumerate(dialog.weapons)]
    start = weapon_index(dialog.weapons, weapon)
    targets = [(Text(c.name), c.id) for c in encounter.npcs() if not c.defeated]
    selects: dict[str, tuple[list[tuple[str, object]], object]] = {
        "#target": (targets, npc_id),
        "#weapon": (weapons, start),
        "#effort": (dialog.efforts(), 0),
        "#damage_effort": (dialog.efforts(), 0),
    }
    specials = special_options(state, dialog.character_id)
    for face in (19, 20):
        choices = [(f"+{specials.bonus[face]} damage", DAMAGE)]
        choices += [(effect, effect) for effect in specials.effects[face]]
        selects[f"#on_{face}"] = (choices, DAMAGE)
        dialog.query_one(f"#on_{face}", Select).disabled = len(choices) == 1
    for selector, (options, value) in selects.items():
        select = dialog.query_one(selector, Select)
        select.set_options(options)
        select.value = value
    dialog.query_one("#assets", Select).value = 0
    dialog.query_one("#support", Select).value = ""
    dialog.query_one("#bonus", Input).value = "0"
    dialog.query_one("#die", Input).value = ""
    dialog.query_one("#area", Checkbox).value = False
    dialog.reset_trade()
    first = dialog.weapons[int(start)]
    gun = dialog.query_one("#gun", Checkbox)
    gun.value, gun.disabled = first.gun, not first.ranged
    result = dialog.query_one("#result", Static)
    result.update("")
    result.remove_class("-shown")
    dialog.query_one("#go").label = "Roll"  # type: ignore[attr-defined]
    dialog.first_field().focus()
    dialog.update_preview()


def open_attack(
    app: CampaignApp, character_id: str, npc_id: str, marked: tuple[str, ...], weapon: str = ""
) -> None:
    """The attack dialog of ``character_id`` on ``npc_id``, kept between opens; ``weapon``
    the weapon (or attack ability) to start with."""
    name = f"attack:{character_id}"
    fresh = not app.is_screen_installed(name)
    app.kept_screen(name, lambda: AttackDialog(character_id, npc_id, marked, weapon))
    if not fresh:
        dialog = app.get_screen(name)
        assert isinstance(dialog, AttackDialog)
        reset_attack(dialog, npc_id, marked, weapon)
    app.push_screen(name)
