"""The translation wizard (R-TR): destination, roles, the roll, a failure's consequence,
and arrival with new foci. Every time, step and modifier is shown as it is chosen."""

from __future__ import annotations

import random

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, Header, Input, Select, Static

from strange_tui.campaign.events import RollMade, TranslationMade
from strange_tui.campaign.rolls import make_roll
from strange_tui.rules import translation as tr
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import MAX_DIFFICULTY, Task
from strange_tui.tui.screens.translation_view import TranslationView
from strange_tui.tui.widgets.filter_list import FilterList
from strange_tui.tui.widgets.keybar import KeyBar
from strange_tui.tui.widgets.text_panel import TextPanel

STEPS = ("Destination", "Participants and roles", "Roll", "Failure", "Arrival")


class TranslationScreen(TranslationView, Screen):
    """Five steps; escape goes back one, enter goes on."""

    DEFAULT_CSS = """
    TranslationScreen #stepbar { height: 2; padding: 0 1; }
    TranslationScreen #columns { height: 1fr; }
    TranslationScreen #body { width: 3fr; }
    TranslationScreen #side { width: 2fr; min-width: 28; height: 1fr; }
    TranslationScreen .role { height: 1; }
    TranslationScreen .role Label { width: 18; }
    TranslationScreen Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    """
    BINDINGS = [
        Binding("ctrl+n", "next", "Next", priority=True, id="tr.next"),
        Binding("enter", "next", "Confirm", id="tr.enter"),
        Binding("escape", "back", "Back", id="tr.back"),
        Binding("ctrl+r", "draw", "Random failure", show=False, id="tr.draw"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.step = 0
        self.destination = ""
        self.likeness = False
        self.roles: dict[str, str] = {}
        self.effort = 0
        self.die: int | None = None
        self.reroll: int | None = None
        self.interrupted = False
        self.success = False
        self.consequence = ""
        self.arrived = False
        self.awaiting_reroll = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="stepbar")
        with Horizontal(id="columns"):
            yield Vertical(id="body", classes="panel")
            side = TextPanel(id="side", classes="panel")
            side.border_title = "The translation"
            yield side
        yield KeyBar()

    async def on_mount(self) -> None:
        from strange_tui.content.loader import Content, user_pack_files

        content = Content(user_pack_files(self.app.saves))
        self.recursions = content.kind("recursions")
        self.foci = content.kind("foci")
        self.state = self.app.campaign
        self.roles = {cid: "" for cid in self.state.characters}
        await self.show_step()

    # The numbers.

    def role_ids(self, role: str) -> tuple[str, ...]:
        return tuple(cid for cid, r in self.roles.items() if r == role)

    def roles_struct(self) -> tr.Roles | None:
        initiators = self.role_ids("initiator")
        if len(initiators) != 1:
            return None
        return tr.Roles(
            initiator=initiators[0],
            hasteners=self.role_ids("hastener"),
            easers=self.role_ids("easer"),
            helpers=self.role_ids("helper"),
        )

    def kinds(self, ids: tuple[str, ...]) -> list[str]:
        return [self.state.characters[cid].type for cid in ids]

    def difficulty(self) -> tuple[int, list[tuple[str, int]]]:
        roles = self.roles_struct()
        base = self.recursions[self.destination].translation_difficulty if self.destination else 0
        if roles is None:
            return base, [("recursion", base)]
        parts = tr.difficulty_parts(
            base, self.state.translations, self.state.clock.seconds, roles, likeness=self.likeness
        )
        return sum(p for _, p in parts), parts

    def task(self) -> Task:
        total, _ = self.difficulty()
        roles = self.roles_struct()
        helpers = len(roles.helpers) if roles else 0
        return Task(
            difficulty=min(total, MAX_DIFFICULTY),
            hindrances=max(0, total - MAX_DIFFICULTY),
            effort=self.effort,
            bonus=helpers,
        )

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
        bar.append(f"\nStep {self.step + 1} of 5 - {STEPS[self.step]}", style="bold")
        self.query_one("#stepbar", Static).update(bar)
        body = self.query_one("#body", Vertical)
        await body.remove_children()
        body.border_title = STEPS[self.step]
        await body.mount(*self.widgets())
        self.refresh_side()
        if self.step == 2:
            self.query_one("#die", Input).focus()  # The GM's checkbox is a shift+tab away.
            return
        for widget in body.query("Input, Select, Checkbox"):
            if widget.can_focus and not widget.disabled:
                widget.focus()
                break

    def refresh_side(self) -> None:
        self.query_one("#side", TextPanel).show(self.side_panel())

    # Reacting.

    @on(FilterList.Chosen, "#destination")
    async def destination_chosen(self, event: FilterList.Chosen) -> None:
        self.destination = event.item_id
        await self.action_next()

    @on(FilterList.Chosen, "#failure")
    async def failure_chosen(self, event: FilterList.Chosen) -> None:
        await self.set_failure(event.item_id)

    @on(Checkbox.Changed)
    def checkbox(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "likeness":
            self.likeness = event.value
        elif event.checkbox.id == "interrupted":
            self.interrupted = event.value
        self.refresh_side()

    @on(Select.Changed)
    def role_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("role-"):
            self.roles[event.select.id.removeprefix("role-")] = event.value
        elif event.select.id == "effort":
            self.effort = event.value
        self.refresh_side()

    @on(Input.Submitted, "#die")
    async def die_submitted(self) -> None:
        await self.action_next()

    async def action_next(self) -> None:
        match self.step:
            case 0:
                if not self.destination:
                    self.notify("Choose where to translate to.", severity="warning")
                    return
                self.step = 1
            case 1:
                if self.roles_struct() is None:
                    self.notify("Choose exactly one initiator.", severity="warning")
                    return
                self.step = 2
            case 2:
                if not self.roll():
                    return
                if self.awaiting_reroll:
                    await self.show_step()
                    return
                self.step = 4 if self.success else 3
                self.arrived = self.success
            case 3:
                chosen = self.query_one("#failure", FilterList).highlighted_id()
                if chosen:
                    await self.set_failure(chosen)
                return
            case _:
                self.finish()
                return
        await self.show_step()

    async def action_back(self) -> None:
        if self.step == 0 or self.die is not None or self.interrupted and self.step > 2:
            if self.step >= 3:
                self.notify("The roll is made: choose what follows.", severity="warning")
                return
            self.app.pop_screen()
            return
        self.step -= 1
        await self.show_step()

    def roll(self) -> bool:
        """Roll the initiator's Intellect task (Effort paid, the die recorded)."""
        roles = self.roles_struct()
        if self.interrupted and not self.awaiting_reroll:
            self.success = False
            return True
        typed = self.query_one("#die", Input).value.strip()
        try:
            dice = PlayerDice([int(typed)]) if typed else SeededDice()
        except ValueError:
            self.notify("Type the die as a number from 1 to 20.", severity="warning")
            return False
        task = self.task()
        setup = RollMade(
            character=roles.initiator,
            stat=Stat.INTELLECT,
            label=f"Translate to {self.recursions[self.destination].name}",
            difficulty=task.difficulty,
            hindrances=task.hindrances,
            effort=self.effort if not self.awaiting_reroll else 0,
            bonus=task.bonus,
        )
        try:
            event = make_roll(self.state.characters[roles.initiator], setup, dice)
        except RuleViolation as refused:
            self.notify(str(refused), severity="error")
            return False
        if not self.app.dispatch(event):
            return False
        self.state = self.app.campaign
        if self.awaiting_reroll:
            self.reroll, self.awaiting_reroll = event.die, False
        else:
            self.die = event.die
        self.success = event.success
        initiator = self.state.characters[roles.initiator]
        if (
            tr.paradox_reroll(initiator.type, event.success, rerolled=self.reroll is not None)
            and not self.interrupted
        ):
            self.awaiting_reroll = True
            self.notify("A paradox initiator rerolls one failure.", title="Paradox")
        return True

    async def set_failure(self, name: str) -> None:
        rng = random.Random()
        if name == "catastrophic failure":
            others = [f for f in tr.FAILURES if f != name]
            name = ", ".join(["catastrophic failure", *rng.sample(others, 2)])
        self.consequence = name
        self.arrived = "no translation" not in name
        if "interrupted translation" in name:
            others = [
                r for r in self.recursions if r not in (self.state.recursion, self.destination)
            ]
            if others:
                self.destination = rng.choice(others)
        if not self.arrived:
            self.finish()
            return
        self.step = 4
        await self.show_step()

    def action_draw(self) -> None:
        if self.step == 3:
            self.call_later(self.set_failure, tr.draw_failure(random.Random()))

    def finish(self) -> None:
        roles = self.roles_struct()
        kept = self.reroll or self.die
        factor, eased = tr.special_effect(kept if self.success else None)
        foci = {}
        if self.arrived:
            for cid in roles.participants():
                picker = self.query(f"#focus-{cid}")
                if picker:
                    foci[cid] = picker.first(Select).value
        total, _ = self.difficulty()
        event = TranslationMade(
            destination=self.destination,
            initiator=roles.initiator,
            hasteners=roles.hasteners,
            easers=roles.easers,
            helpers=roles.helpers,
            likeness=self.likeness,
            difficulty=min(total, 40),
            die=self.die,
            reroll=self.reroll,
            interrupted=self.interrupted,
            success=self.success,
            arrived=self.arrived,
            trance=tr.trance_seconds(self.kinds(roles.hasteners)),
            acclimation=factor * tr.acclimation_seconds(self.kinds(roles.easers)),
            eased_for=eased,
            consequence=self.consequence,
            foci=foci,
        )
        if self.app.dispatch(event):
            where = self.app.campaign.recursion.title()
            self.app.pop_screen()
            self.app.notify(
                f"The party is in {where}." if self.arrived else "The party stays where it is.",
                title="Translation",
            )
