"""What the translation wizard shows: the side panel (times, the itemised difficulty, the
odds, all from the model's preview), each step's widgets, and the result after the die."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.translation import (
    CONSEQUENCES,
    DRAW,
    TranslationOutcome,
    TranslationPreview,
)
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.filter_list import FilterList, Item

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.content.model import Focus, Recursion

ROLES = [
    ("Stays behind", ""),
    ("Initiator", "initiator"),
    ("Hastener", "hastener"),
    ("Easer", "easer"),
    ("Helper", "helper"),
]
HELP = (
    "Trance: 4 h alone, 2 h with a hastener, 10 min if a spinner hastens. Acclimation: 1 h,"
    " 10 min with an easer, 1 round if a vector eases (with no easer it stays 1 h, even when"
    " a spinner hastens)."
)
"""How roles change the times: shown while the roles are chosen (the later steps show the
times themselves)."""
DRAW_LABEL = "Draw one at random"


def policy_words(policy: str) -> str:
    """The GM's choice for a failure, as the panel says it."""
    if policy == DRAW:
        return "the app draws a consequence"
    return policy or "not chosen yet"


class TranslationView:
    """The wizard's rendering; the screen (which inherits it) holds the choices."""

    # Under 60 columns the side panel goes under the step; under 16 rows it is left out
    # (app.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-roomy")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (16, "-tall")]

    step: int
    destination: str
    origin: str
    likeness: bool
    roles: dict[str, str]
    effort: int
    arrival: dict[str, str]
    on_failure: str
    interrupted: bool
    outcome: TranslationOutcome | None
    recursions: dict[str, Recursion]
    foci: dict[str, Focus]
    assets: int
    place: str | None
    leaving: str | None
    picks: dict[str, dict[int, str]]

    @property
    def state(self) -> Campaign:
        raise NotImplementedError

    def participants(self) -> list[str]:
        raise NotImplementedError

    def current_preview(self) -> TranslationPreview | str:
        raise NotImplementedError

    def recursion_name(self, rid: str) -> str:
        recursion = self.recursions.get(rid)
        return recursion.name if recursion is not None else rid.title()

    def side_panel(self) -> Table:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        shown = self.current_preview() if self.outcome is None and self.step > 0 else None
        origin = shown.origin if isinstance(shown, TranslationPreview) else self.origin
        table.add_row("From", self.recursion_name(origin or self.origin))
        if self.destination:
            r = self.recursions[self.destination]
            table.add_row("To", f"{r.name} (level {r.level}, {', '.join(r.laws)})")
        if shown is not None:
            self.preview_rows(table, shown)
        if self.on_failure and self.outcome is None:
            table.add_row("If it fails", policy_words(self.on_failure))
        if self.outcome is not None:
            table.add_row("Result", self.verdict(self.outcome))
        effects = self.state.active_effects()
        if effects:
            table.add_row("Now", "; ".join(e.label for e in effects))
        if self.step <= 1:
            table.add_row("", Text(HELP, style="dim"))
        return table

    def preview_rows(self, table: Table, shown: TranslationPreview | str) -> None:
        """Times, difficulty, what eases or hinders the roll, help, odds and cost, the
        foci and the places, as the model previews them."""
        if isinstance(shown, str):
            table.add_row("", Text(shown, style="yellow"))
            return
        table.add_row("Trance", duration(shown.trance))
        table.add_row("Acclimation", duration(shown.acclimation))
        parts = " + ".join(f"{p.steps} {p.label}" for p in shown.parts)
        table.add_row("Difficulty", f"{parts} = {shown.difficulty}")
        for index, line in enumerate(shown.help):
            table.add_row("Helpers" if not index else "", f"{line.name} {line.text}")
        for index, step in enumerate(shown.steps):
            style = "green" if step.steps < 0 else "yellow"
            row = Text(f"{step.steps:+d} ", style=f"bold {style}")
            row.append(step.label)
            table.add_row("Roll" if not index else "", row)
        if shown.stay:
            table.add_row("Stay behind", ", ".join(shown.stay))
        if self.step == 2:
            self.arrival_rows(table, shown)
        odds = shown.odds
        if odds.automatic:
            table.add_row("Odds", Text("automatic: no roll", style="bold green"))
        else:
            moved = odds.final_difficulty != shown.difficulty
            eased = f"{odds.final_difficulty}, " if moved else ""
            table.add_row("Odds", f"{odds.p_success:.0%} (Intellect: {eased}target {odds.target})")
        if shown.paradox:
            table.add_row(
                "", Text(f"{shown.p_success:.0%} with the paradox's free reroll", style="green")
            )
        if shown.cost or shown.problem:
            cost = Text(f"{shown.cost} Intellect")
            if shown.problem:
                cost.append(f" — {shown.problem}", style="bold red")
            table.add_row("Effort", cost)

    def arrival_rows(self, table: Table, shown: TranslationPreview) -> None:
        """R-TR-8, R-TR-9: what each change of focus takes and gives, and the places."""
        for change in shown.foci:
            if change.new == change.old:
                continue
            row = Text(f"{change.name}: {change.new}")
            if change.restored:
                row.append(" (back as left)", style="dim")
            for name in change.leaves:
                row.append(f"\n - {name}", style="red")
            for name in change.comes:
                row.append(f"\n + {name}", style="green")
            table.add_row("Focus", row)
        if shown.leaving:
            table.add_row("Leaving", shown.leaving)
        table.add_row("Arrive at", shown.place or Text("where the GM says", style="dim"))

    def verdict(self, outcome: TranslationOutcome) -> Text:
        if outcome.interrupted:
            return Text("interrupted: it fails", style="bold red")
        if outcome.success:
            return Text("success", style="bold green")
        return Text("failure", style="bold red")

    def result_text(self, outcome: TranslationOutcome) -> Text:
        """What the die did and what follows: the consequence, who arrived with what."""
        if outcome.interrupted:
            text = Text("The trance was interrupted: the translation fails.", style="bold red")
        else:
            text = Text(f"d20: {outcome.die}" if outcome.die else "No die: automatic.")
            if outcome.reroll:
                text.append(f", the paradox's free reroll: {outcome.reroll}")
            text.append(" — ")
            if outcome.success:
                text.append("Success", style="bold green")
            else:
                text.append("Failure", style="bold red")
        if outcome.special:
            text.append(f"\n{outcome.special}", style="magenta")
        for name, what in outcome.consequence:
            text.append(f"\n{name}: ", style="bold yellow")
            text.append(what)
        where = self.recursion_name(outcome.destination)
        if outcome.arrived:
            text.append(f"\n\nThe party is in {where}", style="bold")
            if outcome.place:
                text.append(f", at {outcome.place}", style="bold")
            text.append(" ")  # Its own part: SVG viewers drop a space that starts one.
            text.append(f"after {duration(outcome.trance)} of trance")
            if outcome.acclimation:
                text.append(f"; acclimation {duration(outcome.acclimation)}.")
            else:
                text.append("; no acclimation.")
            for arrival in outcome.arrivals:
                how = "takes" if arrival.changed else "keeps"
                text.append(f"\n{arrival.name} {how} ", style="")
                text.append(arrival.focus, style="bold cyan")
                changes = [f"-{name}" for name in arrival.leaves]
                changes += [f"+{name}" for name in arrival.comes]
                if changes:
                    text.append(f" ({', '.join(changes)})", style="dim")
            for name, recursion in outcome.stayed:
                text.append(f"\n{name} stays in {self.recursion_name(recursion)}.", style="dim")
        else:
            text.append(f"\n\nThe party stays in {self.recursion_name(self.origin)}", style="bold")
            text.append(f" after {duration(outcome.trance)} of trance.")
        if outcome.spent:
            text.append(f"\nEffort: {outcome.spent} Intellect spent.", style="dim")
        text.append("\n\nEnter closes; escape: keep it, or take it all back to change the roll.",
                    style="dim")  # fmt: skip
        return text

    def widgets(self) -> list[Any]:
        match self.step:
            case 0:
                return self.destination_widgets()
            case 1:
                return self.role_widgets()
            case 2:
                return self.arrival_widgets()
            case 3:
                return self.failure_widgets()
            case 4:
                return self.roll_widgets()
            case _:
                assert self.outcome is not None
                return [Static(self.result_text(self.outcome), id="result")]

    def destination_widgets(self) -> list[Any]:
        apart = any(c.travel.recursion for c in self.state.characters.values())
        items = [
            Item(
                rid,
                Text.assemble(
                    # Spaces end a part: SVG viewers drop those that start one.
                    (f"{r.name}  ", "bold"),
                    (f"level {r.level} · {', '.join(r.laws)} · ", "cyan"),
                    (f"difficulty {r.translation_difficulty}", "cyan"),
                ),
                f"{r.name} {r.summary}",
            )
            for rid, r in self.recursions.items()
            if rid != self.origin or apart  # Those apart may rejoin the party there.
        ]
        return [
            FilterList(items, current=self.destination, id="destination"),
            Checkbox("By a likeness, never been there (+3)", self.likeness, id="likeness"),
        ]

    def role_widgets(self) -> list[Any]:
        rows: list[Any] = []
        for cid, who in self.state.characters.items():
            rows.append(
                Horizontal(
                    Label(Content(who.name[:16]), classes="field"),
                    Select(
                        ROLES, value=self.roles[cid], allow_blank=False, id=f"role-{cid}",
                        compact=True,
                    ),  # fmt: skip
                    classes="role",
                )
            )
        efforts = [(str(n), n) for n in range(4)]
        rows.append(
            Horizontal(
                Label("Effort", classes="field"),
                Select(efforts, value=self.effort, allow_blank=False, id="effort", compact=True),
                classes="role",
            )
        )
        assets = [(str(n), n) for n in range(3)]
        rows.append(
            Horizontal(
                Label("Assets", classes="field"),
                Select(assets, value=self.assets, allow_blank=False, id="assets", compact=True),
                classes="role",
            )
        )
        return rows

    def arrival_widgets(self) -> list[Any]:
        """R-TR-8: each participant's focus in the destination (a draggable one may be kept);
        the one they had there before is offered first."""
        rows: list[Any] = [
            Static(
                f"Foci in {self.recursion_name(self.destination)}; a draggable one may be kept."
            )
        ]
        for cid in self.participants():
            who = self.state.characters[cid]
            available = [
                (f.name, f.name) for f in self.foci.values() if self.destination in f.recursions
            ]
            current = next((f for f in self.foci.values() if f.name == who.focus), None)
            if (
                current is not None
                and current.draggable
                and (who.focus, who.focus) not in available
            ):
                available.insert(0, (f"Keep {who.focus} (draggable)", who.focus))
            names = [value for _, value in available]
            remembered = who.foci.get(self.destination)
            chosen = self.arrival.get(cid)
            default = next(
                (name for name in (chosen, remembered, who.focus) if name in names),
                names[0] if names else None,
            )
            if default is None:
                self.arrival.pop(cid, None)
                kept = f"{who.name}: no focus is available there; keeps {who.focus}."
                rows.append(Static(Content(kept)))
                continue
            self.arrival[cid] = default
            rows.append(
                Horizontal(
                    Label(Content(who.name[:16]), classes="field"),
                    Select(
                        available, value=default, allow_blank=False, id=f"focus-{cid}",
                        compact=True,
                    ),  # fmt: skip
                    classes="role",
                )
            )
            rows += self.pick_widgets(cid, default)
        shown = self.current_preview()
        place = shown.place if isinstance(shown, TranslationPreview) else ""
        leaving = shown.leaving if isinstance(shown, TranslationPreview) else ""
        rows += [
            Horizontal(
                Label("Leaving from", classes="field"),
                Input(leaving if self.leaving is None else self.leaving, id="leaving",
                      placeholder="where they leave from", compact=True),
                classes="role",
            ),
            Horizontal(
                Label("Arrive at", classes="field"),
                Input(place if self.place is None else self.place, id="place",
                      placeholder="where the GM says", compact=True),
                classes="role",
            ),
        ]  # fmt: skip
        return rows

    def pick_widgets(self, cid: str, focus: str) -> list[Any]:
        """R-TR-8: a picker for each tier of the new focus that offers a choice."""
        rows: list[Any] = []
        for tier, options in self.choices(cid, focus):
            chosen = self.picks.setdefault(cid, {}).get(tier)
            if chosen not in options:
                chosen = options[0]
                self.picks[cid][tier] = chosen
            rows.append(
                Horizontal(
                    Label(f"  tier {tier}", classes="field"),
                    Select([(self.ability_name(a), a) for a in options], value=chosen,
                           allow_blank=False, id=f"pick-{cid}-{tier}", compact=True),
                    classes="role",
                )
            )  # fmt: skip
        return rows

    def choices(self, cid: str, focus: str) -> list[tuple[int, tuple[str, ...]]]:
        raise NotImplementedError

    def ability_name(self, ability_id: str) -> str:
        raise NotImplementedError

    def failure_widgets(self) -> list[Any]:
        items = [
            Item(
                DRAW,
                Text.assemble((DRAW_LABEL, "bold"), "  the app rolls for one if it fails"),
                f"{DRAW_LABEL} random dice",
            )
        ]
        items += [
            Item(name, Text.assemble((name, "bold"), f"  {text}"), f"{name} {text}")
            for name, text in CONSEQUENCES.items()
        ]
        return [
            Static("What a failure brings (ctrl+r: the app draws it):"),
            FilterList(items, current=self.on_failure, id="failure"),
        ]

    def roll_widgets(self) -> list[Any]:
        shown = self.current_preview()
        paradox = not isinstance(shown, str) and shown.paradox
        rows: list[Any] = [
            Checkbox("The trance was interrupted (GM)", self.interrupted, id="interrupted"),
            Static("Roll your d20 and type it, or leave it blank for the app to roll."),
            Input(placeholder="your d20", type="integer", id="die", compact=True),
        ]
        if paradox:
            rows += [
                Static("If that fails, a paradox rerolls free: type the second d20 (or not)."),
                Input(placeholder="your second d20", type="integer", id="reroll", compact=True),
            ]
        last = "Enter in the last field" if paradox else "Enter"
        rows.append(
            Static(f"Everything is chosen: {last} translates, as one step.", classes="dim")
        )
        return rows
