"""What the translation wizard shows: the side panel of times and odds, and each step."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from strange_tui.campaign.narrate import duration
from strange_tui.rules import translation as tr
from strange_tui.rules.odds import task_odds
from strange_tui.tui.widgets.filter_list import FilterList, Item

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
    " a spinner hastens: the rule text, not the seed's table)."
)


class TranslationView:
    """The wizard's rendering; the screen (which inherits it) holds the choices."""

    def side_panel(self) -> Table:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        table.add_row("From", self.state.recursion.title())
        if self.destination:
            r = self.recursions[self.destination]
            table.add_row("To", f"{r.name} (level {r.level}, {', '.join(r.laws)})")
        roles = self.roles_struct()
        if roles is not None:
            table.add_row("Trance", duration(tr.trance_seconds(self.kinds(roles.hasteners))))
            table.add_row("Acclimation", duration(tr.acclimation_seconds(self.kinds(roles.easers))))
            total, parts = self.difficulty()
            table.add_row(
                "Difficulty", " + ".join(f"{p} {label}" for label, p in parts) + f" = {total}"
            )
            if roles.helpers:
                table.add_row("Helpers", f"+{len(roles.helpers)} to the roll")
            odds = task_odds(self.task())
            table.add_row(
                "Odds",
                "automatic" if odds.automatic else f"{float(odds.p_success):.0%} (Intellect)",
            )
            initiator = self.state.characters[roles.initiator]
            if initiator.type.lower() == "paradox":
                table.add_row("", Text("A paradox initiator rerolls one failure.", style="green"))
        if self.die is not None or self.interrupted:
            table.add_row("Result", self.result_text())
        effects = self.state.active_effects()
        if effects:
            table.add_row("Now", "; ".join(e.label for e in effects))
        table.add_row("", Text(HELP, style="dim"))
        return table

    def result_text(self) -> Text:
        if self.interrupted:
            return Text("The trance was interrupted: it fails.", style="bold red")
        text = Text(f"d20 {self.die}" + (f", reroll {self.reroll}" if self.reroll else ""))
        text.append(
            " — success" if self.success else " — failure",
            style="bold green" if self.success else "bold red",
        )
        kept = self.reroll or self.die
        if self.success and kept in (19, 20):
            effect, span = ("Minor", "an hour") if kept == 19 else ("Major", "a day")
            text.append(
                f"\n{effect} effect: no acclimation; focus tasks eased for {span}.",
                style="magenta",
            )
        if self.consequence:
            text.append(f"\nConsequence: {self.consequence}", style="yellow")
        return text

    def widgets(self) -> list[Any]:
        match self.step:
            case 0:
                items = [
                    Item(
                        rid,
                        Text.assemble(
                            (r.name, "bold"),
                            (f"  level {r.level} · {', '.join(r.laws)}", "cyan"),
                            (f" · difficulty {r.translation_difficulty}", "cyan"),
                        ),
                        f"{r.name} {r.summary}",
                    )
                    for rid, r in self.recursions.items()
                    if rid != self.state.recursion
                ]
                return [
                    FilterList(items, current=self.destination, id="destination"),
                    Checkbox(
                        "Relying on a likeness, never been there (+3)", self.likeness, id="likeness"
                    ),
                ]
            case 1:
                rows: list[Any] = []
                for cid, who in self.state.characters.items():
                    rows.append(
                        Horizontal(
                            Label(f"{who.name[:16]}", classes="field"),
                            Select(
                                ROLES,
                                value=self.roles[cid],
                                allow_blank=False,
                                id=f"role-{cid}",
                                compact=True,
                            ),
                            classes="role",
                        )
                    )
                efforts = [(str(n), n) for n in range(4)]
                rows.append(
                    Horizontal(
                        Label("Effort", classes="field"),
                        Select(
                            efforts, value=self.effort, allow_blank=False, id="effort", compact=True
                        ),
                        classes="role",
                    )
                )
                return rows
            case 2:
                note = "Roll your d20 and type it, or leave it blank for the app. Enter rolls."
                if self.awaiting_reroll:
                    note = "A paradox's reroll: type the new die, or leave it blank. Enter rolls."
                return [
                    Checkbox("The trance was interrupted (GM)", self.interrupted, id="interrupted"),
                    Label(note),
                    Input(placeholder="your d20", type="integer", id="die", compact=True),
                ]
            case 3:
                items = [
                    Item(name, Text.assemble((name, "bold"), f"  {text}"), f"{name} {text}")
                    for name, text in tr.FAILURES.items()
                ]
                return [
                    Label("The GM picks a consequence (or ctrl+r draws one):"),
                    FilterList(items, id="failure"),
                ]
            case _:
                return self.arrival_widgets()

    def arrival_widgets(self) -> list[Any]:
        rows: list[Any] = [
            Label(f"Foci in {self.recursions[self.destination].name}; a draggable one may be kept.")
        ]
        roles = self.roles_struct()
        for cid in roles.participants():
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
            remembered = who.foci.get(self.destination)
            names = [value for _, value in available]
            default = (
                remembered
                if remembered in names
                else (who.focus if who.focus in names else names[0] if names else None)
            )
            if default is None:
                rows.append(Label(f"{who.name}: no focus is available there; keeps {who.focus}."))
                continue
            rows.append(
                Horizontal(
                    Label(who.name[:16], classes="field"),
                    Select(
                        available, value=default, allow_blank=False, id=f"focus-{cid}", compact=True
                    ),
                    classes="role",
                )
            )
        return rows
