"""The translation wizard (R-TR): destination, roles, the foci taken on arrival, what a
failure brings, then the roll. Every choice is made before the die; one key commits the
whole translation as one command (one step to undo), and the wizard shows what came of it.
Escape before the roll goes back a step, or leaves with nothing changed; after the roll it
asks: keep the translation, or take it back (the whole command) and return to the roll
with every choice as it was, to change the failure's consequence or the dice.

Over 300 lines: the six steps share their choices, and the screen holds them; what it
draws is in ``view`` (the side panel, the result) and ``steps`` (each step's widgets)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Header, Input, Select, Static

from strange_tui.campaign.commands.translation import (
    DRAW,
    Translate,
    TranslationOutcome,
    TranslationPreview,
    choices_of,
    outcome_of,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.access import session_of, state_of, strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS, int_value
from strange_tui.tui.common.filter_list import FilterList
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.session import Refused
from strange_tui.tui.common.text_panel import TextPanel
from strange_tui.tui.translation.odds import OddsLine
from strange_tui.tui.translation.steps import TranslationSteps

STEPS = ("Destination", "Roles", "Foci", "If it fails", "Roll", "Result")
ROLL, RESULT = 4, 5
ROLE_ORDER = ("initiator", "hastener", "easer", "helper")


class AfterRollDialog(ModalScreen[str]):
    """Escape after the roll: the translation is made (one command); keep it, or take it
    back and return to the roll step with every choice kept."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    BINDINGS = [
        Binding("enter,k", "answer('keep')", "Keep it", id="tr.after.keep"),
        Binding("u", "answer('undo')", "Take it back", id="tr.after.undo"),
        Binding("escape", "answer('stay')", "Stay", id="tr.after.stay"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "The translation is made"
            yield Static(
                "It is in the log, as one step.\n"
                "enter: keep it and close · u: take it back, back to the roll with every"
                " choice kept · escape: stay on the result"
            )

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class TranslationScreen(TranslationSteps, Screen):
    """Six steps; escape goes back one (before the roll), enter goes on."""

    DEFAULT_CSS = """
    TranslationScreen #stepbar { height: 2; padding: 0 1; }
    TranslationScreen #columns { height: 1fr; }
    TranslationScreen #body { width: 3fr; }
    TranslationScreen #side { width: 2fr; min-width: 28; height: 1fr; }
    TranslationScreen .role { height: 1; }
    TranslationScreen .role Label { width: 18; }
    TranslationScreen Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    TranslationScreen .dim { color: $text-muted; }
    """
    BINDINGS = [
        Binding("ctrl+n", "next", "Next", priority=True, id="tr.next"),
        Binding("enter", "next", "Confirm", id="tr.enter"),
        Binding("escape", "back", "Back", id="tr.back"),
        Binding("ctrl+r", "draw", "Random failure", show=False, id="tr.draw",
                tooltip="On the failure step: if the roll fails, the app draws the consequence"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.step = 0
        self.origin = ""
        self.destination = ""
        self.likeness = False
        self.roles: dict[str, str] = {}
        self.effort = 0
        self.assets = 0
        self.place: str | None = None
        self.leaving: str | None = None
        self.picks: dict[str, dict[int, str]] = {}
        self.arrival: dict[str, str] = {}
        self.on_failure = ""
        self.interrupted = False
        self.outcome: TranslationOutcome | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="stepbar")
        yield OddsLine()  # On screen at every step, whatever the panel holds.
        with Horizontal(id="columns"):
            yield Vertical(id="body", classes="panel")
            side = TextPanel(id="side", classes="panel")
            side.border_title = "The translation"
            yield side
        yield KeyBar()

    async def on_mount(self) -> None:
        content = session_of(self).content
        self.content = content
        self.recursions = content.kind("recursions")
        self.foci = content.kind("foci")
        self.origin = self.state.recursion
        self.roles = self.last_roles()  # The last translation's roles, kept.
        await self.show_step()

    @property
    def state(self) -> Campaign:
        return state_of(self)

    # The command the choices make, and its preview.

    def participants(self) -> list[str]:
        """Those who take part, the initiator first (R-TR-1)."""
        return [cid for role in ROLE_ORDER for cid, r in self.roles.items() if r == role]

    def command(self, die: int | None = None, reroll: int | None = None) -> Translate | str:
        """The translation the choices describe, or what is still missing."""
        if not self.destination:
            return "Choose where to translate to."
        initiators = [cid for cid, role in self.roles.items() if role == "initiator"]
        if len(initiators) != 1:
            return "Choose exactly one initiator."
        chosen = set(self.participants())
        return Translate(
            destination=self.destination,
            recursion_difficulty=self.recursions[self.destination].translation_difficulty,
            initiator=initiators[0],
            hasteners=tuple(c for c, r in self.roles.items() if r == "hastener"),
            easers=tuple(c for c, r in self.roles.items() if r == "easer"),
            helpers=tuple(c for c, r in self.roles.items() if r == "helper"),
            likeness=self.likeness,
            effort=self.effort,
            assets=self.assets,
            foci={cid: focus for cid, focus in self.arrival.items() if cid in chosen},
            picks={
                cid: tuple(picked.values()) for cid, picked in self.picks.items() if cid in chosen
            },
            content=self.content,
            on_failure=self.on_failure or DRAW,
            recursions=tuple(self.recursions),
            interrupted=self.interrupted,
            place=self.place,
            leaving=self.leaving,
            die=die,
            reroll=reroll,
        )

    def current_preview(self) -> TranslationPreview | str:
        """What the model says of the choices so far (or why it cannot be done)."""
        command = self.command()
        if isinstance(command, str):
            return command
        try:
            return session_of(self).preview(command)
        except Refused as refused:
            return str(refused)

    # Steps.

    async def show_step(self) -> None:
        bar = Text()
        for index, name in enumerate(STEPS):
            bar.append(
                f" {index + 1} {name} ",
                style="bold reverse"
                if index == self.step
                else ("green" if index < self.step else "dim"),
            )
        bar.append(f"\nStep {self.step + 1} of {len(STEPS)} - {STEPS[self.step]}", style="bold")
        self.query_one("#stepbar", Static).update(bar)
        body = self.query_one("#body", Vertical)
        await body.remove_children()
        body.border_title = STEPS[self.step]
        await body.mount(*self.widgets())
        self.refresh_side()
        if self.step == ROLL:
            self.query_one("#die", Input).focus()  # The GM's checkbox is a shift+tab away.
            return
        for widget in body.query("Input, Select, Checkbox"):
            if widget.can_focus and not widget.disabled:
                widget.focus()
                break

    def refresh_side(self) -> None:
        self.query_one("#side", TextPanel).show(self.side_panel())
        self.query_one(OddsLine).follow(self)

    # Reacting.

    @on(FilterList.Chosen, "#destination")
    async def destination_chosen(self, event: FilterList.Chosen) -> None:
        if event.item_id != self.destination:
            self.arrival = {}
        self.destination = event.item_id
        await self.action_next()

    @on(FilterList.Chosen, "#failure")
    async def failure_chosen(self, event: FilterList.Chosen) -> None:
        if self.step == 3 and event.item_id:
            self.on_failure = event.item_id
            self.step += 1
            await self.show_step()

    @on(Checkbox.Changed)
    def checkbox(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "likeness":
            self.likeness = event.value
        elif event.checkbox.id == "interrupted":
            self.interrupted = event.value
        self.refresh_side()

    @on(Select.Changed)
    async def select_changed(self, event: Select.Changed) -> None:
        name = event.select.id or ""
        if name.startswith("role-"):
            self.roles[name.removeprefix("role-")] = event.value
        elif name.startswith("focus-"):
            cid = name.removeprefix("focus-")
            had = any((w.id or "").startswith(f"pick-{cid}-") for w in self.query(Select))
            self.arrival[cid] = event.value
            if had or self.choices(cid, event.value):
                await self.show_step()  # The new focus asks for other picks (R-TR-8).
                self.query_one(f"#{name}", Select).focus()
        elif name.startswith("pick-"):
            cid, tier = name.removeprefix("pick-").rsplit("-", 1)
            self.picks.setdefault(cid, {})[int(tier)] = event.value
        elif name == "effort":
            self.effort = event.value
        elif name == "assets":
            self.assets = event.value
        self.refresh_side()

    @on(Input.Changed, "#place, #leaving")
    def place_changed(self, event: Input.Changed) -> None:
        """R-TR-9: the GM edits where they leave from, or where they arrive."""
        if event.input.id == "place":
            self.place = event.value
        else:
            self.leaving = event.value
        self.refresh_side()

    def choices(self, cid: str, focus: str) -> list[tuple[int, tuple[str, ...]]]:
        """R-TR-8: the tiers of ``focus`` that ask ``cid`` for a pick."""
        who = self.state.characters.get(cid)
        return choices_of(self.content, who, focus) if who is not None else []

    def ability_name(self, ability_id: str) -> str:
        ability = self.content.kind("abilities").get(ability_id)
        return ability.name if ability is not None else ability_id

    @on(Input.Submitted, "#die")
    async def die_submitted(self) -> None:
        reroll = self.query("#reroll")
        if reroll:
            reroll.first(Input).focus()  # A paradox types the free reroll's die too.
            return
        await self.action_next()

    @on(Input.Submitted, "#place, #leaving")
    async def place_submitted(self) -> None:
        await self.action_next()

    @on(Input.Submitted, "#reroll")
    async def reroll_submitted(self) -> None:
        await self.action_next()

    async def action_next(self) -> None:
        match self.step:
            case 0:
                if not self.destination:
                    self.notify("Choose where to translate to.", severity="warning")
                    return
            case 1:
                shown = self.current_preview()
                if isinstance(shown, str):
                    self.notify(shown, severity="warning")
                    return
            case 3:
                chosen = self.query_one("#failure", FilterList).highlighted_id()
                if chosen is None:
                    return
                self.on_failure = chosen
            case 4:
                await self.translate()
                return
            case 5:
                self.close()
                return
        self.step += 1
        await self.show_step()

    async def action_back(self) -> None:
        if self.step == RESULT:
            self.app.push_screen(AfterRollDialog(), self.after_roll)
            return
        if self.step == 0:
            self.app.pop_screen()  # Nothing was committed.
            return
        self.step -= 1
        await self.show_step()

    async def after_roll(self, answer: str | None) -> None:
        """Escape on the result: keep the translation (close), or take the whole command
        back and return to the roll, every choice kept (the failure step one escape away)."""
        if answer == "keep":
            self.close()
        elif answer == "undo":
            try:
                undone = session_of(self).undo()
            except Refused as refused:
                self.notify(str(refused), title="Not possible", severity="error")
                return
            self.notify(undone, timeout=4)
            self.outcome = None
            self.step = ROLL
            await self.show_step()

    async def action_draw(self) -> None:
        """R-TR-7: on the failure step, the app is to draw the consequence if the roll
        fails: the list shows that choice and the wizard stays, so the player sees it;
        enter goes on. The drawn consequence is shown with the result."""
        if self.step != 3:
            return
        self.on_failure = DRAW
        await self.show_step()
        self.notify(
            "If the roll fails, the app draws the consequence; the result shows it."
            " Enter goes on.",
            title="Failure: drawn at random",
            timeout=6,
        )

    def typed(self, selector: str) -> int | None | str:
        """The die typed in ``selector`` (None: the app rolls), or what is wrong with it."""
        found = self.query(selector)
        if not found:
            return None
        value = int_value(found.first(Input), default=0)
        if value is None:
            return "Type the die as a whole number, or leave it blank."
        return value or None

    async def translate(self) -> None:
        """Commit the translation: one command, one step to undo."""
        die, reroll = self.typed("#die"), self.typed("#reroll")
        for problem in (die, reroll):
            if isinstance(problem, str):
                self.notify(problem, severity="warning")
                return
        assert not isinstance(die, str) and not isinstance(reroll, str)
        command = self.command(die=die, reroll=reroll)
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        if self.query_one(OddsLine).asked(command, self.translate):
            return  # It cannot succeed: asked before the trance is spent.
        before = self.state
        events = strange_app(self).run_command(command)
        if not events:
            return
        self.outcome = outcome_of(before, self.state, events)
        self.step = RESULT
        await self.show_step()
        if self.on_failure == DRAW and self.outcome.consequence:
            drawn = "; ".join(name for name, _ in self.outcome.consequence)
            self.notify(f"The app drew: {drawn}.", title="Translation failed", timeout=8)

    def close(self) -> None:
        outcome = self.outcome
        self.app.pop_screen()
        if outcome is not None:
            where = self.where_is(outcome.destination)
            self.app.notify(
                f"The party is {where}." if outcome.arrived else "The party stays where it is.",
                title="Translation",
            )
