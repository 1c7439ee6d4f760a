"""Character creation: the eleven steps of The Strange as a wizard, one screen a step.

The step bar shows where the player is and what is done; the right side shows the
character so far. Choices live in a draft saved after every step, so leaving (even
quitting the app) and coming back resumes it. Enter confirms, escape goes back.

Past 300 lines because the screen is the one place the eleven steps' keys meet (the
steps' widgets are in steps.py, their words in view.py); a step's own handler is short.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static, TextArea

from strange_tui.campaign.commands.creation import (
    CreateCharacter,
    DraftView,
    draft_view,
    place_points,
    step_problem,
)
from strange_tui.campaign.model.creation import REVIEW, STEP_NAMES, Draft, choose, tick_refused
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import RuleViolation, Stat
from strange_tui.tui.common.access import session_of, state_of, strange_app
from strange_tui.tui.common.filter_list import FilterList
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.questions import QuestionsForm
from strange_tui.tui.creation import steps, view
from strange_tui.tui.creation.abandon import AbandonDialog
from strange_tui.tui.creation.ticks import TickList


class CreationScreen(Screen):
    """The eleven steps, then a review; enter creates the character."""

    DEFAULT_CSS = """
    CreationScreen #stepbar { height: 1; padding: 0 1; }
    CreationScreen #columns { height: 1fr; }
    CreationScreen #body { width: 3fr; }
    CreationScreen #preview { width: 2fr; min-width: 28; }
    CreationScreen #hint { height: 1; padding: 0 1; color: $warning; }
    CreationScreen #body Input { margin: 0; }
    CreationScreen #notes { height: 1fr; min-height: 4; }
    CreationScreen .pools { height: auto; }
    CreationScreen #pick-armor { height: 6; }
    CreationScreen #asked { height: 1fr; }
    CreationScreen #asked FilterList { height: 8; }
    """
    BINDINGS = [
        Binding("ctrl+n", "next", "Next", priority=True, id="create.next"),
        Binding("enter", "next", "Confirm", id="create.enter"),
        Binding("escape", "back", "Back", id="create.back"),
        Binding("plus,equals_sign", "adjust(1)", "+point", show=False, id="create.plus"),
        Binding("minus", "adjust(-1)", "-point", show=False, id="create.minus"),
    ]

    def __init__(self, draft: Draft | None = None) -> None:
        super().__init__()
        self.draft = draft or Draft()
        self.looking: tuple[str, str] | None = None
        self.library: Any = None
        """The campaign's game content (loaded once, by the session)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="stepbar")
        with Horizontal(id="columns"):
            yield Vertical(id="body", classes="panel")
            with VerticalScroll(id="preview", classes="panel") as preview:
                preview.border_title = "So far"
                preview.can_focus = False
                yield Static(id="preview-body")
        yield Static(id="hint")
        yield KeyBar()

    async def on_mount(self) -> None:
        self.library = session_of(self).content
        await self.show_step()

    # Navigation.

    @property
    def campaign(self) -> Campaign:
        return state_of(self)

    def save(self) -> None:
        try:
            session_of(self).save_draft(self.draft)
        except OSError as error:
            self.notify(f"The draft could not be saved: {error}", severity="warning")

    def set_draft(self, **changes: Any) -> None:
        self.draft = choose(self.draft, **changes)
        self.save()
        self.refresh_side()

    async def action_next(self) -> None:
        step = self.draft.step
        if step == REVIEW:
            self.create()
            return
        self.sync_inputs()
        reason = step_problem(self.library, self.draft, step, self.campaign)
        if reason:
            self.query_one("#hint", Static).update(reason)
            self.notify(reason, severity="warning")
            return
        self.set_draft(step=step + 1)
        await self.show_step()

    async def action_back(self) -> None:
        if self.draft.step == 0:
            self.app.push_screen(AbandonDialog(), self.abandon)
            return
        self.sync_inputs()
        self.set_draft(step=self.draft.step - 1)
        await self.show_step()

    def abandon(self, answer: bool | None) -> None:
        if answer:
            session_of(self).drop_draft()
            self.app.pop_screen()

    def create(self) -> None:
        """The review's enter: one CreateCharacter (refused with the first step not done)."""
        app = strange_app(self)
        events = app.run_command(CreateCharacter(draft=self.draft, content=self.library))
        if not events:
            return
        created = events[0]
        assert isinstance(created, CharacterCreated)
        session_of(self).drop_draft()
        app.pop_screen()
        app.notify(f"{created.character.name} joined the party.", title="Character created")

    # The steps.

    async def show_step(self) -> None:
        step = self.draft.step
        self.looking = None
        bar = Text()
        for index in range(len(STEP_NAMES)):
            done = index < step
            style = "bold reverse" if index == step else ("green" if done else "dim")
            bar.append(f" {index + 1} ", style=style)
        title = "Review" if step == REVIEW else f"Step {step + 1} of 11 - {STEP_NAMES[step]}"
        self.query_one("#stepbar", Static).update(bar)  # The title is the panel's (N8).
        hint = steps.instructions(self.library, self.draft, self.campaign)
        self.query_one("#hint", Static).update(hint)
        body = self.query_one("#body", Vertical)
        await body.remove_children()
        body.border_title, body.border_subtitle = title, ""
        await body.mount(*self.step_widgets())
        self.refresh_side()
        self.focus_step()

    def focus_step(self) -> None:
        if self.draft.step == REVIEW:  # ↑↓ and page keys scroll the review at once.
            review = self.query_one("#review", VerticalScroll)
            review.focus()
            self.watch(review, "scroll_y", self.more_below)
            self.call_after_refresh(self.more_below)
            return
        for widget in self.query_one("#body").query("Input, TextArea, OptionList, Select"):
            if widget.can_focus:
                widget.focus()
                return
        self.set_focus(None)  # Keys go to the screen: enter goes on, escape back.

    def more_below(self, _scrolled: float = 0) -> None:
        """The review's panel says '↓ more' while some of the sheet is below its edge."""
        if not (scroll := self.query("#review").results(VerticalScroll)):
            return
        review = next(scroll)
        more = review.max_scroll_y - review.scroll_y >= 1
        self.query_one("#body", Vertical).border_subtitle = "↓ more" if more else ""

    def step_widgets(self) -> list[Any]:
        return steps.widgets(self.library, self.draft, self.campaign)

    # Reacting to choices.

    @on(FilterList.Chosen)
    async def chosen(self, event: FilterList.Chosen) -> None:
        field = {
            "pick-descriptor": "descriptor",
            "pick-type": "type",
            "pick-focus": "focus",
            "pick-focus-choice": "focus_choice",
            "pick-armor": "armor",
        }[event.control.id]
        self.set_draft(**{field: "" if event.item_id == "none" else event.item_id})
        if field == "armor":  # The pick shows on the step; ctrl+n goes on (as the hint says).
            worn = self.library.kind("armor").get(self.draft.armor)
            picked = f"{worn.name} chosen" if worn else "No armor"
            self.query_one("#hint", Static).update(f"{picked}: ctrl+n goes on.")
            return
        if field == "focus_choice" and self.step_view().questions:
            await self.show_step()  # The focus's ability may ask too: ask it.
        if asked := self.query("#body Input.skill, #body QuestionsForm .answer"):
            asked.first().focus()  # The choice made: on to what the step still asks.
        else:
            await self.action_next()

    @on(FilterList.Highlighted)
    def highlighted(self, event: FilterList.Highlighted) -> None:
        kind = {
            "pick-descriptor": "descriptors",
            "pick-type": "types",
            "pick-focus": "foci",
            "pick-focus-choice": "abilities",
            "pick-abilities": "abilities",
            "pick-cyphers": "cyphers",
            "pick-armor": "armor",
            "pick-weapons": "weapons",
        }.get(event.control.id or "")
        self.looking = (kind, event.item_id) if kind and event.item_id else None
        self.refresh_side()

    @on(TickList.Asked)
    def tick_asked(self, event: TickList.Asked) -> None:
        """A tick past the step's limit is refused where the key is pressed, and said why."""
        item_id, step = event.item_id or "", self.draft.step
        if reason := tick_refused(self.library, self.draft, step, self.campaign, item_id):
            self.notify(reason, severity="warning")
        else:
            event.control.tick(item_id)

    @on(FilterList.Toggled)
    def toggled(self, event: FilterList.Toggled) -> None:
        """A tick goes into the draft. Its message can arrive after ctrl+n pressed right
        behind it has moved to the next step (the key reaches the screen before the list's
        message): the tick still counts, as it was seen ticked, and the lines it would
        redraw are the new step's, or none."""
        field = {
            "pick-abilities": "abilities",
            "pick-weapons": "weapons",
            "pick-cyphers": "cyphers",
        }[event.control.id]
        current = list(getattr(self.draft, field))
        current.remove(event.item_id) if event.item_id in current else current.append(event.item_id)
        self.set_draft(**{field: tuple(current)})
        limit, hint = self.query("#limit"), self.query("#hint")
        if not limit or not hint:
            return
        limit.first(Static).update(steps.limit_line(self.library, self.draft, self.campaign))
        if reason := step_problem(self.library, self.draft, self.draft.step, self.campaign):
            hint.first(Static).update(reason)
        else:
            hint.first(Static).update("Done here: ctrl+n goes on.")

    @on(QuestionsForm.Changed)
    def answered(self, event: QuestionsForm.Changed) -> None:
        """Step 7's questions: each answer goes into the draft; the hint says what is left."""
        self.set_draft(answers=event.answers)
        left = self.step_view().answers_problem
        self.query_one("#hint", Static).update(left or "Answered: ctrl+n goes on.")

    def step_view(self) -> DraftView:
        return draft_view(self.library, self.draft, self.campaign)

    @on(OptionList.OptionSelected, "#edges")
    async def edge_chosen(self, event: OptionList.OptionSelected) -> None:
        self.set_draft(edge_choice=int(event.option.id))
        await self.action_next()

    @on(OptionList.OptionSelected, "#pools")
    async def pools_done(self) -> None:
        await self.action_next()

    @on(Input.Changed, "#name")
    def name_typed(self, event: Input.Changed) -> None:
        """Step 11's hint follows the name as it is typed (nothing is done by typing)."""
        typed = choose(self.draft, name=event.value)
        reason = step_problem(self.library, typed, self.draft.step, self.campaign)
        self.query_one("#hint", Static).update(
            reason or steps.instructions(self.library, typed, self.campaign)
        )

    @on(Input.Submitted)
    async def input_submitted(self) -> None:
        await self.action_next()

    def sync_inputs(self) -> None:
        """Text typed in the step (skills, name, notes) goes into the draft."""
        skills = [field.value for field in self.query("#body Input.skill")]
        changes: dict[str, Any] = {}
        if skills:
            changes["chosen_skills"] = tuple(skills)
        for form in self.query("#body QuestionsForm").results(QuestionsForm):
            changes["answers"] = form.answers()
        if self.draft.step == 10:
            changes["name"] = self.query_one("#name", Input).value
            changes["notes"] = self.query_one("#notes", TextArea).text
        if changes:
            self.draft = choose(self.draft, **changes)
            self.save()

    def action_adjust(self, points: int) -> None:
        if self.draft.step != 3:
            return
        options = self.query_one("#pools", OptionList)
        stat = list(Stat)[options.highlighted or 0]
        try:
            placed = place_points(self.library, self.draft, stat, points)
        except RuleViolation as refused:
            self.notify(str(refused), severity="warning")
            return
        self.set_draft(bonus=placed.bonus)

    def refresh_side(self) -> None:
        so_far = draft_view(self.library, self.draft, self.campaign)
        shown = steps.preview(so_far, self.draft.step)
        if self.draft.step == 7 and self.draft.type:
            shown.renderables.insert(0, view.chosen_line(self.library, self.draft))
            shown.renderables.insert(1, Text(""))
        if self.looking is not None:
            shown.renderables.insert(0, view.details(self.library, *self.looking))
            shown.renderables.insert(1, Text(""))
        self.query_one("#preview-body", Static).update(shown)
        if self.draft.step == 3 and self.query("#pools"):
            self.show_pools(so_far)

    def show_pools(self, so_far: DraftView) -> None:
        options = self.query_one("#pools", OptionList)
        keep = options.highlighted or 0
        options.clear_options()
        options.add_options(steps.pool_lines(so_far))
        options.highlighted = keep
        self.query_one("#pool-left", Static).update(steps.points_left(so_far))
