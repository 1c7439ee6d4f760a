"""XP and advancement: the GM awards XP; the player buys the tier's steps (R-ADV-1).

The character's tier and XP stay in sight above the form; the new tier's abilities are
picked as creation picks them (``tier_picker``); the questions' widget is
``common/questions``.

Just over 300 lines: one dialog whose award, step, new tier's offer and questions share
its form and its preview."""

from __future__ import annotations

import asyncio
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Input, Label, Select, Static
from textual.worker import Worker

from strange_tui.campaign.commands.character.advancement import (
    AdvancementPreview,
    BuyAdvancement,
    TierOffer,
)
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.campaign.model.events.character import BOONS
from strange_tui.campaign.model.folds.advancement import (
    STEP_COST_XP,
    STEP_WORDS,
    STEPS_PER_TIER,
)
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.model.traits import Question
from strange_tui.tui.character.tier_picker import TierPicker
from strange_tui.tui.common.access import CampaignApp
from strange_tui.tui.common.dialog import CharacterDialog, int_value
from strange_tui.tui.common.filter_list import FilterList
from strange_tui.tui.common.questions import QuestionsForm
from strange_tui.tui.common.session import Refused

STEPS = [
    ("pools", "+4 pool points (split them below)"),
    ("edge", "+1 Edge"),
    ("effort", "+1 Effort"),
    ("skill", "Train a skill"),
    ("armor", "Less cost for armor"),
    ("recovery", "+2 to recovery rolls"),
    ("ability", "Another type ability"),
    *((boon, f"A boon: {words} (say which below)") for boon, words in (
        ("familiarity", "familiarity"), ("contact", "a contact"), ("home", "a home"),
        ("title", "a title or job"), ("wealth", "wealth"), ("artifact", "an artifact"))),
]  # fmt: skip


class AdvanceDialog(CharacterDialog):
    """Award XP, and spend it four at a time on advancement steps."""

    BINDINGS = [
        # Not ctrl+w: in a text field that deletes a word (and must never award XP).
        Binding("ctrl+t", "award", "Award XP", id="advance.award"),
        Binding("ctrl+b", "buy", "Buy step", id="advance.buy"),
        # Tab waits for the keys before it (a tick that asks something rebuilds the
        # questions below: a quick tab lands in them, not past them).
        Binding("tab", "next_field(1)", show=False),
        Binding("shift+tab", "next_field(-1)", show=False),
    ]

    DEFAULT_CSS = """
    AdvanceDialog .dialog { width: 80; height: 100%; overflow-y: hidden; }
    AdvanceDialog #body { height: 1fr; scrollbar-size-vertical: 1; }
    AdvanceDialog #status { height: auto; max-height: 3; }
    AdvanceDialog.-narrow #status { max-height: 2; }
    AdvanceDialog.-narrow .form { margin-top: 0; }
    AdvanceDialog .buttons { padding-top: 0; }
    AdvanceDialog .form { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1;
                          grid-gutter: 0 1; height: auto; margin-top: 1; }
    AdvanceDialog .form Label { text-style: bold; color: $text-muted; }
    AdvanceDialog #step { margin-top: 1; }
    AdvanceDialog #steps { height: auto; margin-top: 1; }
    AdvanceDialog #steps Button { min-width: 10; margin-right: 1; }
    AdvanceDialog #preview { height: auto; }
    """

    def compose(self) -> ComposeResult:
        self._asking: Worker[None] | None = None
        """The questions form being rebuilt, if it is."""
        with Vertical(classes="dialog") as box:
            box.border_title = f"XP and advancement: {escape(self.character.name)}"
            box.border_subtitle = "ctrl+t awards XP · ctrl+b buys the step · escape closes"
            yield Static(id="status")  # Above the form: the XP stay in sight (and an award).
            with VerticalScroll(id="body"):
                yield from self.form()
            with Horizontal(classes="buttons"):
                yield Button("Award XP", variant="success", id="award")
                yield Button(f"Buy step ({STEP_COST_XP} XP)", variant="primary", id="buy")
                yield Button("Close", id="close")

    def form(self) -> ComposeResult:
        """The award, the step and what it needs, the new tier's picks, the questions."""
        with Grid(id="award", classes="form"):
            yield Label("Award XP")
            yield Input("1", type="integer", id="xp", compact=True, placeholder="how many")
            yield Label("For")
            yield Input(placeholder="a discovery...", id="why", compact=True)
        # The step first, then what it needs: the split of +4 points, the Edge, ...
        yield Select(
            [(label, step) for step, label in STEPS], prompt="Choose a step to buy", id="step"
        )
        with Grid(id="form", classes="form"):
            for stat in Stat:
                yield Label(f"+{stat.value.title()}")
                yield Input("0", type="integer", id=f"pool-{stat.value}", compact=True)
            yield Label("Edge in")
            yield Select(
                [(s.value.title(), s) for s in Stat],
                value=Stat.MIGHT,
                allow_blank=False,
                id="edge",
                compact=True,
            )
            yield Label("Skill")
            yield Input(placeholder="skill to train", id="skill", compact=True)
            yield Label("Ability")
            yield Input(placeholder="type ability", id="ability", compact=True)
            yield Label("Boon")
            yield Input(placeholder="who, where or what", id="boon", compact=True,
                        disabled=True)  # fmt: skip
        yield TierPicker(id="tier")
        yield QuestionsForm(id="questions")  # What the abilities gained ask, if anything.
        yield Static(id="preview", classes="preview")

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", lambda _: self.show_status(), init=True)
        if self.session.is_gm:
            self.query_one("#xp", Input).focus()
            return
        # Awarding XP is the GM's: a player's seat buys steps only.
        for part in self.query("#award"):  # The award form and its button.
            part.display = False
        box = self.query_one(".dialog")
        box.border_subtitle = "ctrl+b buys the step · escape closes"
        self.query_one("#step", Select).focus()

    def reset(self) -> None:
        """Kept between opens (``open_advance``): the form as a new dialog has it."""
        self._previewed = None
        self.query_one(TierPicker).offer = None  # Shown afresh: nothing ticked.
        self.ask(())
        texts = {"#xp": "1", "#why": "", "#skill": "", "#ability": "", "#boon": ""}
        texts.update({f"#pool-{stat.value}": "0" for stat in Stat})
        for selector, text in texts.items():
            self.query_one(selector, Input).value = text
        self.query_one("#step", Select).clear()
        self.query_one("#edge", Select).value = Stat.MIGHT
        self.query_one("#body", VerticalScroll).scroll_home(animate=False)
        self.query_one("#xp" if self.session.is_gm else "#step").focus()
        self.show_status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "award":
            return self.session.is_gm
        return super().check_action(action, parameters)

    def show_status(self) -> None:
        if self.character_id not in self.session.state.characters:
            return
        who = self.character
        text = Text(f"{who.name}: tier {who.tier}, {who.xp} XP. ", style="bold")
        bought = ", ".join(STEP_WORDS.get(s, s) for s in who.advancements) or "none yet"
        text.append(f"Bought this tier ({len(who.advancements)}/{STEPS_PER_TIER}): {bought}.")
        if len(who.advancements) == STEPS_PER_TIER - 1:
            text.append(" The next step raises the tier!", style="bold green")
        self.query_one("#status", Static).update(text)
        self.show_offer(self.probe().offer)
        self.update_preview()

    def probe(self) -> AdvancementPreview:
        """The model's view of the character's tier: the steps still open, and what
        reaching the next tier brings (asked of a step's preview)."""
        return self.session.preview(
            BuyAdvancement(character=self.character_id, step="effort", content=self.content)
        )

    @property
    def content(self) -> Any:
        """The campaign's packs (the type's and focus's tiers)."""
        return self.session.content

    def show_offer(self, offer: TierOffer | None) -> None:
        """R-ADV-1: the new tier's abilities to choose, shown when the next step reaches it."""
        self.query_one(TierPicker).show(offer)

    @on(Button.Pressed, "#award")
    @on(Input.Submitted, "#xp, #why")
    def action_award(self) -> None:
        field = self.query_one("#xp", Input)
        amount = int_value(field)
        if amount is None or not field.value.strip():
            self.notify("How many XP? Type a whole number in Award XP.", severity="warning")
            return
        reason = self.query_one("#why", Input).value
        who = self.character
        if self.app.run_command(AwardXp(character=self.character_id, amount=amount,
                                        reason=reason)):  # fmt: skip
            # Said where the key was pressed too: the status above may be out of view.
            self.notify(f"{who.name} earned {amount} XP: {self.character.xp} XP now.",
                        title="XP")  # fmt: skip
            # Emptied: an Enter pressed again in these fields (a GM moving back through
            # the form) asks for a number instead of awarding the same XP twice.
            field.value = self.query_one("#why", Input).value = ""

    def command(self) -> BuyAdvancement | str:
        """The step the form describes, or what to fix in the form first."""
        step = self.query_one("#step", Select).value
        if not isinstance(step, str):
            return "Choose the step to buy first."
        pools = {}
        for stat in Stat:
            value = int_value(self.query_one(f"#pool-{stat.value}", Input))
            if value is None:
                return "Pool points are whole numbers."
            pools[stat] = value
        edge = self.query_one("#edge", Select).value
        picker = self.query_one(TierPicker)
        return BuyAdvancement(
            character=self.character_id,
            step=step,
            pools=pools,
            edge=edge if isinstance(edge, Stat) else None,
            skill=self.query_one("#skill", Input).value,
            ability=self.query_one("#ability", Input).value,
            boon=self.query_one("#boon", Input).value,
            content=self.content,
            tier_abilities=picker.chosen,
            focus_choice=picker.focus_choice,
            answers={k: v for k, v in self.query_one(QuestionsForm).answers().items() if v},
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(FilterList.Toggled)
    @on(FilterList.Chosen)
    @on(QuestionsForm.Changed)
    def update_preview(self) -> None:
        """R-ADV-1: what the chosen step would change, before the XP are spent; and what
        the abilities it brings ask, asked below the offer."""
        preview = self.query_one("#preview", Static)
        step = self.query_one("#step", Select).value
        self.query_one("#boon", Input).disabled = step not in BOONS  # Only a boon's.
        command = self.command()
        # The form's fields report a change each as they mount: the same form on the same
        # campaign is not previewed again.
        key = (command, self.session.state.seq)
        if key == getattr(self, "_previewed", None):
            return
        self._previewed = key
        if isinstance(command, str):
            text = Text(command, style="dim")
            text.append_text(open_text(self.probe().still_open))
            preview.update(text)
            self.ask(())
            return
        try:
            shown = self.session.preview(command)
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return
        preview.update(preview_text(shown))
        self.query_one(TierPicker).say_left(shown.problem or "")
        self.ask(shown.questions)

    def ask(self, questions: tuple[Question, ...]) -> None:
        """Put the questions the step's abilities ask in the form (once they change)."""
        form = self.query_one(QuestionsForm)
        if form.questions != questions:
            self._asking = self.run_worker(form.ask(questions), group="questions",
                                           exclusive=True)  # fmt: skip

    async def action_next_field(self, step: int) -> None:
        """Tab (``step`` 1) or shift+tab (-1), once the keys pressed before it are handled
        and the questions they brought are in the form: a tick that asks something
        rebuilds the form, and a tab pressed meanwhile would pass it by."""
        # A key's handling posts messages on, from a widget to its parent: the tick's
        # Toggled climbs from the list to this dialog a level a round (three rounds were
        # too few when the tab came right behind the tick).
        for _ in range(8):
            await self.settled()
            if self._asking is not None and self._asking.is_running:
                try:
                    await asyncio.wait_for(self._asking.wait(), timeout=2)
                except Exception:  # Cancelled by a newer ask, or slow: move on.
                    pass
        self.focus_next() if step > 0 else self.focus_previous()

    async def settled(self, timeout: float = 1.0) -> None:
        """Wait until the dialog's widgets have handled what was sent to them so far."""
        done = asyncio.Event()
        count = 0

        def one_less() -> None:
            nonlocal count
            count -= 1
            if not count:
                done.set()

        for node in self.walk_children(with_self=True):
            if node.call_later(one_less):
                count += 1
        if count:
            try:
                await asyncio.wait_for(done.wait(), timeout)
            except TimeoutError:
                pass

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The buy button focused: the preview of what it buys scrolled into view (at
        80x24 the new tier's questions above it push it below the window)."""
        if event.widget.id == "buy":
            body = self.query_one("#body", VerticalScroll)
            body.scroll_to_widget(self.query_one("#preview"), animate=False)

    @on(Button.Pressed, "#buy")
    def action_buy(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        tier = self.character.tier
        if self.app.run_command(command) and self.character.tier > tier:
            self.notify(
                f"{self.character.name} reached tier {self.character.tier}!", title="Advancement"
            )

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(True)


def preview_text(shown: AdvancementPreview) -> Text:
    """The step's price and what it changes, or why it cannot be bought; and the steps
    still open this tier (R-ADV-1)."""
    if shown.problem:
        text = Text(shown.problem, style="red")
    else:
        text = Text(f"For {shown.cost} XP: ", style="bold")
        text.append(" · ".join(shown.changes))
    return text.append_text(open_text(shown.still_open))


def open_text(still_open: tuple[str, ...]) -> Text:
    """R-ADV-1: 'Still open this tier: +1 Edge, a skill, one other option (...)'."""
    return Text(f"\nStill open this tier: {', '.join(still_open) or 'nothing'}.", style="dim")


def open_advance(app: CampaignApp, character_id: str) -> None:
    """The XP dialog of ``character_id``, kept between opens while the campaign is open
    (made and laid out once, set back on each open)."""
    name = f"advance:{character_id}"
    fresh = not app.is_screen_installed(name)
    app.kept_screen(name, lambda: AdvanceDialog(character_id))
    if not fresh:
        dialog = app.get_screen(name)
        assert isinstance(dialog, AdvanceDialog)
        dialog.reset()
    app.push_screen(name)
