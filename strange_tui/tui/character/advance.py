"""XP and advancement: the GM awards XP; the player buys the tier's steps (R-ADV-1).

Just over 300 lines: one dialog whose award, step, new tier's offer and questions share
its form and its preview; the questions' widget is ``common/questions``."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Input, Label, Select, SelectionList, Static

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
from strange_tui.tui.common.access import CampaignApp
from strange_tui.tui.common.dialog import CharacterDialog, int_value
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
    ]

    DEFAULT_CSS = """
    AdvanceDialog .dialog { width: 80; }
    AdvanceDialog .form { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1;
                          grid-gutter: 0 1; height: auto; margin-top: 1; }
    AdvanceDialog .form Label { text-style: bold; color: $text-muted; }
    AdvanceDialog #step { margin-top: 1; }
    AdvanceDialog #steps { height: auto; margin-top: 1; }
    AdvanceDialog #steps Button { min-width: 10; margin-right: 1; }
    AdvanceDialog #preview { height: auto; }
    AdvanceDialog #tier-abilities { height: auto; max-height: 5; border: none; padding: 0; }
    AdvanceDialog .hidden { display: none; }
    """

    def compose(self) -> ComposeResult:
        self.offered: tuple[TierOffer | None, ...] = ()
        """The tier offer the form shows (empty: none shown yet)."""
        with VerticalScroll(classes="dialog") as box:
            box.border_title = f"XP and advancement: {escape(self.character.name)}"
            box.border_subtitle = "ctrl+t awards XP · ctrl+b buys the step · escape closes"
            yield Static(id="status")
            with Grid(id="award", classes="form"):
                yield Label("Award XP")
                yield Input("1", type="integer", id="xp", compact=True)
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
            yield Static(id="tier-head", classes="hidden")
            yield SelectionList[str](id="tier-abilities", classes="hidden")
            yield Select[str]([], prompt="the focus's ability", id="focus-choice", classes="hidden")
            yield QuestionsForm(id="questions")  # What the abilities gained ask, if anything.
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Award XP", variant="success", id="award")
                yield Button(f"Buy step ({STEP_COST_XP} XP)", variant="primary", id="buy")
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", lambda _: self.show_status(), init=True)
        if self.session.is_gm:
            self.query_one("#xp", Input).focus()
            return
        # Awarding XP is the GM's: a player's seat buys steps only.
        for part in self.query("#award"):  # The award form and its button.
            part.display = False
        box = self.query_one(VerticalScroll)
        box.border_subtitle = "ctrl+b buys the step · escape closes"
        self.query_one("#step", Select).focus()

    def reset(self) -> None:
        """Kept between opens (``open_advance``): the form as a new dialog has it."""
        self.offered, self._previewed = (), None
        self.ask(())
        texts = {"#xp": "1", "#why": "", "#skill": "", "#ability": "", "#boon": ""}
        texts.update({f"#pool-{stat.value}": "0" for stat in Stat})
        for selector, text in texts.items():
            self.query_one(selector, Input).value = text
        self.query_one("#step", Select).clear()
        self.query_one("#edge", Select).value = Stat.MIGHT
        self.query_one(VerticalScroll).scroll_home(animate=False)
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
        head = self.query_one("#tier-head", Static)
        choices = self.query_one("#tier-abilities", SelectionList)
        focus = self.query_one("#focus-choice", Select)
        if self.offered == (offer,):
            return  # Shown already: keep what the player ticked.
        self.offered = (offer,)
        head.set_class(offer is None, "hidden")
        choices.set_class(offer is None or not offer.options, "hidden")
        focus.set_class(offer is None or not offer.focus_options, "hidden")
        choices.clear_options()
        if offer is None:
            return
        text = Text(f"Tier {offer.tier}: ", style="bold green")
        text.append(f"choose {offer.choose} {offer.type_name} abilities (space or enter ticks)")
        if offer.granted:
            text.append(f"; {offer.focus_name} adds {', '.join(offer.granted)}")
        head.update(text)
        choices.add_options([(name, key) for key, name in offer.options])
        choices.highlighted = 0 if offer.options else None
        focus.set_options([(name, key) for key, name in offer.focus_options])

    @on(Button.Pressed, "#award")
    @on(Input.Submitted, "#xp, #why")
    def action_award(self) -> None:
        amount = int_value(self.query_one("#xp", Input))
        if amount is None:
            self.notify("XP is a whole number.", severity="warning")
            return
        reason = self.query_one("#why", Input).value
        self.app.run_command(AwardXp(character=self.character_id, amount=amount, reason=reason))

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
        focus = self.query_one("#focus-choice", Select).value
        return BuyAdvancement(
            character=self.character_id,
            step=step,
            pools=pools,
            edge=edge if isinstance(edge, Stat) else None,
            skill=self.query_one("#skill", Input).value,
            ability=self.query_one("#ability", Input).value,
            boon=self.query_one("#boon", Input).value,
            content=self.content,
            tier_abilities=tuple(self.query_one("#tier-abilities", SelectionList).selected),
            focus_choice=focus if isinstance(focus, str) else None,
            answers={k: v for k, v in self.query_one(QuestionsForm).answers().items() if v},
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
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
        self.ask(shown.questions)

    def ask(self, questions: tuple[Question, ...]) -> None:
        """Put the questions the step's abilities ask in the form (once they change)."""
        form = self.query_one(QuestionsForm)
        if form.questions != questions:
            self.run_worker(form.ask(questions), group="questions", exclusive=True)

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
