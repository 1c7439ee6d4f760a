"""The GM's campaign settings: which foci players may take, starting cyphers, whether the
theme follows the party's recursion, whether players see NPCs' health as numbers, house
rules, the optional weapon distinctions (R-WPN-1), and solo play (no GM: the app sits in
the chair) with how often the app proposes an intrusion."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.tui.common.access import session_of, strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS, int_value
from strange_tui.tui.common.filter_list import FilterList, Item
from strange_tui.tui.common.session import Refused

INTRUSION_CHOICES = (
    ("off: only on a natural 1", "off"),
    ("rare: 1 roll in 20", "rare"),
    ("often: 3 rolls in 20", "often"),
)
"""How often the app proposes an intrusion in solo play, on a roll that is not a 1
(R-ORC-4: a separate d20 shows 20, or 18-20)."""

WEAPON_DISTINCTIONS_TIP = (
    "Each weapon's kind counts in its attacks: armor-piercing gets past 1 point of Armor"
    " (and does 1 less to a foe with none); slashing does 1 more to a foe without Armor"
    " and 1 less to an armored one; stabbing does 1 more on a natural 17 or higher and"
    " 1 less on a 5 or lower; reaching is easier against a foe without reach and harder"
    " in close quarters."
)
"""R-WPN-1, in our words, on the GM's settings checkbox."""


class SettingsDialog(ModalScreen[bool]):
    """Tick the foci the GM allows (none ticked: all allowed)."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
SettingsDialog .dialog { height: 90%; }
SettingsDialog .dialog Label.field { width: 18; }
SettingsDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
"""
    )
    SCOPED_CSS = False
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="settings.save"),
        Binding("escape", "dismiss(False)", "Close", id="settings.close"),
    ]

    def compose(self) -> ComposeResult:
        session = session_of(self)
        settings = session.state.settings
        foci = session.content.kind("foci")
        worlds = session.content.kind("recursions")
        allowed = set(settings.allowed_foci)

        def listed_in(recursions: tuple[str, ...]) -> str:  # 'Earth, Ruk', not 'earth, ruk'.
            return ", ".join(worlds[r].name if r in worlds else r.title() for r in recursions)

        items = [
            Item(
                f.name,
                Text.assemble((f.name, "bold"), (f"  {listed_in(f.recursions)}", "dim")),
                f.name,
            )
            for f in foci.values()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = "Campaign settings (GM)"
            yield Label("Foci players may take (enter ticks; none ticked means all):")
            yield FilterList(items, multi=True, selected=allowed & {i.id for i in items}, id="foci")
            with Horizontal(classes="row flat"):
                yield Label("Starting cyphers", classes="field")
                yield Input(
                    str(settings.starting_cyphers), type="integer", id="cyphers", compact=True
                )
            with Horizontal(classes="row flat"):
                yield Label("House rules", classes="field")
                yield Input(
                    "; ".join(settings.house_rules),
                    placeholder="rules the table plays by, separated by ;",
                    id="house-rules",
                    compact=True,
                )
            yield Checkbox(
                "The theme follows the party's recursion",
                settings.theme_follows_recursion,
                id="theme-follows",
            )
            yield Checkbox(
                "Players see NPCs' health as numbers",
                settings.npc_health_shown,
                id="npc-health",
            )
            distinctions = Checkbox(
                "Weapon distinctions (an optional rule)",
                settings.weapon_distinctions,
                id="weapon-distinctions",
            )
            distinctions.tooltip = WEAPON_DISTINCTIONS_TIP
            yield distinctions
            yield Checkbox(
                "House rule: past the cypher limit, only warn (none vanishes)",
                settings.cypher_limit_warns,
                id="cypher-warns",
            )
            yield Checkbox(
                "A roll the GM asks for keeps its difficulty from the player",
                settings.secret_difficulty,
                id="secret-difficulty",
            )
            yield Checkbox(
                "Solo play: no GM (the app answers, intrudes and runs the NPCs)",
                settings.solo,
                id="solo",
            )
            with Horizontal(classes="row flat"):
                yield Label("App intrudes", classes="field")
                yield Select(
                    INTRUSION_CHOICES,
                    value=settings.solo_intrusions,
                    allow_blank=False,
                    id="solo-intrusions",
                    compact=True,
                )
            yield Static(Text("ctrl+s saves", style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def command(self) -> ChangeSettings | str:
        """The settings the form describes, or what to fix first."""
        cyphers = int_value(self.query_one("#cyphers", Input))
        if cyphers is None:
            return "Starting cyphers: a whole number."
        foci = self.query_one("#foci", FilterList)
        rules = self.query_one("#house-rules", Input).value.split(";")
        return ChangeSettings(
            allowed_foci=tuple(item.id for item in foci.items if item.id in foci.selected),
            starting_cyphers=cyphers,
            theme_follows_recursion=self.query_one("#theme-follows", Checkbox).value,
            house_rules=tuple(rules),
            npc_health_shown=self.query_one("#npc-health", Checkbox).value,
            solo=self.query_one("#solo", Checkbox).value,
            solo_intrusions=str(self.query_one("#solo-intrusions", Select).value),
            weapon_distinctions=self.query_one("#weapon-distinctions", Checkbox).value,
            cypher_limit_warns=self.query_one("#cypher-warns", Checkbox).value,
            secret_difficulty=self.query_one("#secret-difficulty", Checkbox).value,
        )

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        try:
            unchanged = not session_of(self).preview(command).changes
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        if unchanged:
            self.dismiss(False)
        elif strange_app(self).run_command(command):
            self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(False)
