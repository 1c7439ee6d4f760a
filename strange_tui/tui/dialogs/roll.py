"""The roll dialog: set the task up, see the exact odds and the cost, then roll (or type
the physical die). The roll is recorded the moment the die lands (R-TASK-5, R-TASK-6)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.events import Healed, RollMade, XpSpent
from strange_tui.campaign.rolls import full_cost, make_roll, task_of
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.helping import help_benefit
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.special import attack_damage_bonus, effect_choices, special_of
from strange_tui.rules.task import DIFFICULTY_NAMES, Skill, difficulty_name, forced_roll
from strange_tui.tui.dialogs.base import CharacterDialog, int_value

HELPER_SKILLS = {
    "untrained": Skill.UNTRAINED,
    "trained": Skill.TRAINED,
    "specialized": Skill.SPECIALIZED,
    "inability": Skill.UNTRAINED,
}
SKILL_NAMES = {Skill.UNTRAINED: "", Skill.TRAINED: "trained", Skill.SPECIALIZED: "specialized"}
HELPERS = [
    ("No helper", "none"),
    ("Helper, untrained (+1)", "untrained"),
    ("Helper, trained", "trained"),
    ("Helper, specialized", "specialized"),
    ("Helper with an inability", "inability"),
]


def odds_text(event: RollMade, cost: int, affordable: str | None) -> Table:
    """Final difficulty, target, odds bar, specials and cost, before the die."""
    task = task_of(event)
    odds = task_odds(task)
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    head = Text(f"{difficulty_name(task.difficulty)} {task.difficulty}")
    if odds.final_difficulty != task.difficulty:
        head.append(f" → {difficulty_name(odds.final_difficulty)} {odds.final_difficulty}")
    table.add_row("Difficulty", head)
    if odds.automatic:
        table.add_row("Odds", Text("Automatic success: no roll", style="bold green"))
    else:
        p = float(odds.p_success)
        filled = round(p * 20)
        style = "green" if p >= 0.5 else "yellow" if p >= 0.25 else "red"
        bar = Text("█" * filled, style=style)
        bar.append("░" * (20 - filled), style="dim")
        bar.append(f" {p:.0%}", style=f"bold {style}")
        bar.append(f"  target {odds.target}" + (f", bonus {task.bonus:+d}" if task.bonus else ""))
        table.add_row("Odds", bar)
        specials = [
            f"{face}: {float(chance):.0%}" for face, chance in odds.p_special.items() if chance
        ]
        table.add_row("Specials", Text(" · ".join(specials), style="dim"))
    cost_text = Text(f"{cost} {event.stat.value}")
    if affordable:
        cost_text.append(f" — {affordable}", style="bold red")
    table.add_row("Cost", cost_text)
    return table


def result_text(event: RollMade, impaired: bool, rerolled: tuple[int, int] | None) -> Text:
    """What the die did, and what it allows."""
    if event.die is None:
        return Text("Success, automatically.", style="bold green")
    die = rerolled[1] if rerolled else event.die
    text = Text(f"d20: {die}", style="bold")
    if rerolled:
        text.append(f" (rerolled for 1 XP from {rerolled[0]})", style="dim")
    success = die + event.bonus >= 3 * task_odds(task_of(event)).final_difficulty
    text.append(" — ")
    text.append("Success" if success else "Failure", style="bold green" if success else "bold red")
    special = special_of(die)
    if special and (success or die == 1) and (event.attack or die in (1, 19, 20)):
        text.append(f"  {special.label}", style="bold magenta")
    if die == 1:
        text.append("\nThe GM intrudes, free of charge: no XP for it.", style="yellow")
    if success and event.attack and die >= 17:
        text.append(f"\n+{attack_damage_bonus(die, impaired=impaired)} damage", style="bold")
    effects = effect_choices(die, attack=event.attack, impaired=impaired) if success else ()
    if effects:
        text.append("\nOr instead: " + ", ".join(effects), style="cyan")
    if die == 20 and success and full_cost_paid(event):
        text.append("\nA natural 20: the points spent come back.", style="green")
    return text


def full_cost_paid(event: RollMade) -> bool:
    return event.effort + event.damage_effort + event.ability_cost > 0


class RollDialog(CharacterDialog):
    """Odds before the die; the die from the app or from the table."""

    DEFAULT_CSS = """
    RollDialog .dialog { width: 80; }
    RollDialog #form { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1;
                       grid-gutter: 0 1; height: auto; }
    RollDialog #form Label { text-style: bold; color: $text-muted; }
    RollDialog #form .wide { column-span: 3; }
    RollDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    RollDialog #result { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "roll", "Roll", id="roll.roll"),
        Binding("ctrl+r", "reroll", "Reroll (1 XP)", id="roll.reroll"),
        Binding("ctrl+g", "forced", "GM forces a roll", id="roll.forced"),
    ]

    def __init__(self, character_id: str) -> None:
        super().__init__(character_id)
        self.rolled: RollMade | None = None
        self.rerolled: tuple[int, int] | None = None
        self.physical = False

    def compose(self) -> ComposeResult:
        who = self.character
        effort = [(str(n), n) for n in range(who.effort + 1)]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Roll: {who.name}"
            with Grid(id="form"):
                yield Label("Task")
                yield Input(
                    placeholder="what is attempted", id="label", compact=True, classes="wide"
                )
                yield Label("Stat")
                yield Select(
                    [(s.value.title(), s) for s in Stat],
                    value=Stat.MIGHT,
                    allow_blank=False,
                    id="stat",
                    compact=True,
                )
                yield Label("Difficulty")
                yield Select(
                    [(f"{d} {n}", d) for d, n in enumerate(DIFFICULTY_NAMES)],
                    value=3,
                    allow_blank=False,
                    id="difficulty",
                    compact=True,
                )
                yield Label("Skill")
                yield Select(
                    [
                        ("Untrained", Skill.UNTRAINED),
                        ("Trained", Skill.TRAINED),
                        ("Specialized", Skill.SPECIALIZED),
                    ],
                    value=Skill.UNTRAINED,
                    allow_blank=False,
                    id="skill",
                    compact=True,
                )
                yield Label("")
                yield Checkbox("Inability", id="inability")
                yield Label("Assets")
                yield Select(
                    [("0", 0), ("1", 1), ("2", 2)],
                    value=0,
                    allow_blank=False,
                    id="assets",
                    compact=True,
                )
                yield Label("Helper")
                yield Select(HELPERS, value="none", allow_blank=False, id="helper", compact=True)
                yield Label("Effort")
                yield Select(effort, value=0, allow_blank=False, id="effort", compact=True)
                yield Label("On damage")
                yield Select(effort, value=0, allow_blank=False, id="damage_effort", compact=True)
                yield Label("Bonus")
                yield Input("0", type="integer", id="bonus", compact=True)
                yield Label("Ability cost")
                yield Input("0", type="integer", id="ability_cost", compact=True)
                yield Label("")
                yield Checkbox("Attack", id="attack")
                yield Label("From Luck")
                yield Input(
                    "0", type="integer", id="luck", compact=True, disabled=who.pools.luck is None
                )
                yield Label("Your die")
                yield Input(
                    placeholder="blank: the app rolls a d20",
                    type="integer",
                    id="die",
                    compact=True,
                    classes="wide",
                )
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="roll")
                yield Button("Reroll (1 XP)", id="reroll", disabled=True)
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.query_one("#label", Input).focus()
        self.update_preview()

    def setup(self) -> RollMade | str:
        """The roll the form describes, or what is wrong with the form."""
        numbers = {}
        for name in ("bonus", "ability_cost", "luck"):
            value = int_value(self.query_one(f"#{name}", Input))
            if value is None or (name != "bonus" and value < 0):
                return f"{name.replace('_', ' ').title()} must be a whole number."
            numbers[name] = value
        skill = self.query_one("#skill", Select).value
        bonus = numbers["bonus"]
        helper = self.query_one("#helper", Select).value
        if helper != "none":
            helper_skill = HELPER_SKILLS[helper]
            benefit = help_benefit(skill, helper_skill, helper_inability=helper == "inability")
            skill, bonus = benefit.skill, bonus + benefit.bonus
        label = self.query_one("#label", Input).value.strip()
        return RollMade(
            character=self.character_id,
            stat=self.query_one("#stat", Select).value,
            difficulty=self.query_one("#difficulty", Select).value,
            label=label + (" (helped)" if helper not in ("none", "inability") else ""),
            skill=SKILL_NAMES[skill],
            inability=self.query_one("#inability", Checkbox).value,
            assets=self.query_one("#assets", Select).value,
            effort=self.query_one("#effort", Select).value,
            damage_effort=self.query_one("#damage_effort", Select).value,
            bonus=bonus,
            ability_cost=numbers["ability_cost"],
            from_luck=numbers["luck"] if self.character.pools.luck is not None else 0,
            attack=self.query_one("#attack", Checkbox).value,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.rolled is not None:
            return
        setup = self.setup()
        preview = self.query_one("#preview", Static)
        if isinstance(setup, str):
            preview.update(Text(setup, style="red"))
            return
        who = self.character
        try:
            cost = full_cost(who, setup)
            spend(who.pools, who.track, setup.stat, cost, from_luck=min(setup.from_luck, cost))
            problem = None
        except RuleViolation as refused:
            cost, problem = full_cost(who, setup), str(refused)
        preview.update(odds_text(setup, cost, problem))

    @on(Button.Pressed, "#roll")
    @on(Input.Submitted)
    def action_roll(self) -> None:
        if self.rolled is not None:
            self.dismiss(True)
            return
        setup = self.setup()
        if isinstance(setup, str):
            self.notify(setup, severity="warning")
            return
        typed = self.query_one("#die", Input).value.strip()
        dice = PlayerDice([int(typed)]) if typed else SeededDice()
        try:
            event = make_roll(self.character, setup, dice)
        except (RuleViolation, ValueError) as refused:
            self.notify(str(refused), title="Not possible", severity="error")
            return
        impaired = self.character.impaired
        if not self.app.dispatch(event):
            return
        self.rolled = event
        self.physical = bool(typed)
        self.query_one("#die", Input).value = ""
        self.query_one("#result", Static).update(result_text(event, impaired, None))
        self.query_one("#roll", Button).label = "Done"
        self.query_one("#reroll", Button).disabled = event.die is None

    def action_forced(self) -> None:
        """R-XP-3: on an automatic success the GM may intrude and force a roll at the
        difficulty before any easing (award the intrusion's XP with i on Home)."""
        setup = self.setup()
        if isinstance(setup, str) or self.rolled is not None:
            return
        if not task_odds(task_of(setup)).automatic:
            self.notify("Only an automatic success is forced into a roll.", severity="warning")
            return
        forced = forced_roll(task_of(setup))
        self.query_one("#skill", Select).value = Skill.UNTRAINED
        self.query_one("#assets", Select).value = 0
        self.query_one("#effort", Select).value = 0
        self.query_one("#difficulty", Select).value = forced.difficulty
        label = self.query_one("#label", Input)
        label.value = (label.value + " (GM intrusion: forced roll)").strip()
        self.notify("The GM intrudes: roll at the difficulty before easing.", title="Intrusion")

    @on(Button.Pressed, "#reroll")
    def action_reroll(self) -> None:
        """R-XP-2: 1 XP rerolls; the better die stands."""
        event = self.rolled
        if event is None or event.die is None or self.rerolled is not None:
            return
        typed = self.query_one("#die", Input).value.strip()
        new_die = SeededDice().roll(20) if not typed else None
        if new_die is None:
            self.notify(
                "Roll your d20 again and type it in 'Your die', then ctrl+r.",
                severity="information",
            )
            self.query_one("#die", Input).value = ""
            self.query_one("#die", Input).focus()
            return
        self._reroll_with(new_die)

    def _reroll_with(self, new_die: int) -> None:
        event = self.rolled
        assert event is not None and event.die is not None
        kept = max(event.die, new_die)
        reason = f"a reroll of {event.label or 'a task'}: {event.die} then {new_die}, kept {kept}"
        if not self.app.dispatch(XpSpent(character=self.character_id, amount=1, reason=reason)):
            return
        if kept == 20 and event.die != 20 and event.cost:
            self.app.dispatch(
                Healed(
                    character=self.character_id,
                    stat=event.stat,
                    amount=event.cost,
                    reason="natural 20 on the reroll",
                )
            )
        self.rerolled = (event.die, kept)
        self.query_one("#reroll", Button).disabled = True
        self.query_one("#result", Static).update(
            result_text(event, self.character.impaired, self.rerolled)
        )

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.rolled is not None)
