"""Use an ability (R-ABL-2): pick one of the character's action abilities, see its cost
with Edge applied and what it brings for how long, then enter uses it. One that is an
attack opens the attack (in a fight) and one that is a task opens the roll, each with the
ability's own cost and damage; one whose text has no task is used at once, no roll."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.character import UseAbility, ability_cost, usable
from strange_tui.campaign.commands.character.abilities import AbilityPreview
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.terms import RuleViolation, Stat
from strange_tui.campaign.model.traits import Trait
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value
from strange_tui.tui.common.session import Refused
from strange_tui.tui.rolls.roll import open_roll


def ability_text(shown: AbilityPreview, summary: str = "") -> Text:
    """Its cost and how it is reached, what it brings and for how long, and its words."""
    text = Text(f"{shown.name}: ", style="bold")
    if shown.stat is not None and (shown.cost or shown.parts):
        text.append(f"{shown.cost} {shown.stat.value.title()}")
        if shown.parts:
            text.append(f" ({', '.join(shown.parts)})", style="dim")
    else:
        text.append("no cost")
    if shown.seconds:  # With nothing the app applies, the time is still kept.
        brings = f": {', '.join(shown.lasting)}" if shown.lasting else ", as its text says"
        text.append(f"\nFor {duration(shown.seconds)}{brings}.")
    if shown.roll == "attack":
        text.append("\nAn attack: enter opens it in the fight, with its own damage.")
    elif shown.roll == "task":
        text.append("\nA task: enter opens the roll, with its cost.")
    else:
        text.append("\nNo roll: enter uses it.")
    if summary:
        text.append(f"\n{summary}", style="italic dim")
    if shown.problem:
        text.append(f"\n{shown.problem}", style="bold red")
    return text


class UseAbilityDialog(CharacterDialog):
    """The character's abilities to use; enter uses the highlighted one."""

    DEFAULT_CSS = """
    UseAbilityDialog #ability-choices { height: auto; max-height: 10; }
    UseAbilityDialog #extra-row { height: auto; }
    """

    def compose(self) -> ComposeResult:
        options = [
            Option(Text.assemble((trait.name, "bold"), f"  {cost_words(self.character, trait)}"),
                   id=trait.name)
            for trait in usable(self.character)
        ]  # fmt: skip
        with Vertical(classes="dialog") as box:
            box.border_title = f"Use an ability: {escape(self.character.name)}"
            yield OptionList(*options, id="ability-choices")
            with Horizontal(classes="row", id="extra-row"):
                yield Label("Extra points", classes="field")
                yield Input("0", type="integer", id="extra", compact=True)
            yield Static(id="preview", classes="preview")
            yield Static(Text("enter: use it · escape: not now", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#ability-choices", OptionList).focus()
        self.show_preview()

    def chosen(self) -> str:
        options = self.query_one("#ability-choices", OptionList)
        if not options.option_count:
            return ""
        return options.get_option_at_index(options.highlighted or 0).id or ""

    def command(self) -> UseAbility | str:
        extra = int_value(self.query_one("#extra", Input), default=0)
        if extra is None or extra < 0:
            return "Extra points are a whole number, 0 or more."
        return UseAbility(character=self.character_id, ability=self.chosen(), extra=extra)

    def on_option_list_option_highlighted(self) -> None:
        self.show_preview()

    def on_input_changed(self) -> None:
        self.show_preview()

    def show_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        trait = next((t for t in usable(self.character) if t.name == self.chosen()), None)
        self.query_one("#extra-row").display = bool(trait and trait.cost_plus)
        if trait is None:
            preview.update(Text(f"{self.character.name} has no ability to use.", style="dim"))
            return
        command = self.command()
        if isinstance(command, str):
            preview.update(Text(command, style="red"))
            return
        entry = self.session.content.kind("abilities").get(trait.ability)
        try:
            preview.update(
                ability_text(self.session.preview(command), entry.summary if entry else "")
            )
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))

    def on_option_list_option_selected(self) -> None:
        self.use()

    def on_input_submitted(self) -> None:
        self.use()

    def use(self) -> None:
        command = self.command()
        if isinstance(command, str) or not command.ability:
            return
        trait = next(t for t in usable(self.character) if t.name == command.ability)
        app = strange_app(self)
        kind = self.session.preview(command).roll
        if kind == "task":
            self.dismiss(False)
            open_roll(
                app,
                self.character_id,
                label=trait.name,
                stat=stat_of(trait.pool),
                ability=trait.name,
            )
        elif kind == "attack":
            self.dismiss(False)
            app.open_ability_attack(self.character_id, trait.name)
        elif app.run_command(command):
            self.dismiss(True)


def stat_of(pool: str | None) -> Stat | None:
    return Stat(pool) if pool else None


def cost_words(who: Character, trait: Trait) -> str:
    """What using it costs now, Edge applied: '1 Might (2, Edge −1)', '3+ Intellect',
    'no cost'."""
    if not trait.cost or not trait.pool:
        return "no cost"
    try:
        cost, _ = ability_cost(who, trait)
    except RuleViolation:
        cost = trait.cost
    plus = "+" if trait.cost_plus else ""
    base = f" (of {trait.cost})" if cost != trait.cost else ""
    return f"{cost}{plus} {trait.pool.title()}{base}"
