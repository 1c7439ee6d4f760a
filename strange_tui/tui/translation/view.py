"""What the translation wizard shows beside its steps: the side panel (times, the itemised
difficulty, the cost, all from the model's preview) and the result after the die. Each
step's widgets are in ``steps``; the odds, on a line of their own, in ``odds``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from strange_tui.campaign.commands.translation import (
    CONSEQUENCES,
    DRAW,
    TranslationOutcome,
    TranslationPreview,
)
from strange_tui.campaign.narrate.words import duration, where_in

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.content.model import Focus, Recursion

HELP = (
    "Trance: 4 h alone, 2 h with a hastener, 10 min if a Spinner hastens. Acclimation: 1 h,"
    " 10 min with an easer, 1 round if a Vector eases (with no easer it stays 1 h, even when"
    " a Spinner hastens)."
)
"""How roles change the times: shown while the roles are chosen (the later steps show the
times themselves)."""


def policy_words(policy: str) -> str:
    """The GM's choice for a failure, as the panel says it: the consequence and what it
    does (the list cuts that short), so the roll is made knowing it."""
    if policy == DRAW:
        return "the app draws a consequence"
    if policy in CONSEQUENCES:
        return f"{policy}: {CONSEQUENCES[policy]}"
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

    def where_is(self, rid: str) -> str:
        """Where one is in the recursion ``rid``: 'on Earth', 'in Ruk'."""
        return where_in(self.recursion_name(rid))

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
            # A row of its own, labelled: under the difficulty it read as part of it.
            table.add_row("Roles", Text(HELP, style="dim"))
        return table

    def preview_rows(self, table: Table, shown: TranslationPreview | str) -> None:
        """Times, difficulty, what eases or hinders the roll, help and cost, the foci and
        the places, as the model previews them."""
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
        # The odds have a line of their own, always on screen (``odds.OddsLine``).
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
        if outcome.intrusion:  # The app's, in solo play (R-ORC-4).
            text.append(f"\n{outcome.intrusion}", style="yellow")
        for name, what in outcome.consequence:
            text.append(f"\n{name}: ", style="bold yellow")
            text.append(what)
        if outcome.arrived:
            text.append(f"\n\nThe party is {self.where_is(outcome.destination)}", style="bold")
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
                text.append(f"\n{name} stays {self.where_is(recursion)}.", style="dim")
        else:
            text.append(f"\n\nThe party stays {self.where_is(self.origin)}", style="bold")
            text.append(f" after {duration(outcome.trance)} of trance.")
        if outcome.spent:
            text.append(f"\nEffort: {outcome.spent} Intellect spent.", style="dim")
        text.append("\n\nEnter closes; escape: keep it, or take it all back to change the roll.",
                    style="dim")  # fmt: skip
        return text
