"""The translation wizard's steps, as widgets built from its choices: the destination, the
roles with Effort and assets, the foci taken on arrival, what a failure brings, the
roll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.translation import (
    CONSEQUENCES,
    DRAW,
    TranslationPreview,
)
from strange_tui.tui.common.filter_list import FilterList, Item

if TYPE_CHECKING:
    pass

from strange_tui.tui.translation.view import TranslationView

ROLES = [
    ("Stays behind", ""),
    ("Initiator", "initiator"),
    ("Hastener", "hastener"),
    ("Easer", "easer"),
    ("Helper", "helper"),
]
DRAW_LABEL = "Draw one at random"


class CycleSelect(Select[Any]):
    """A drop-down whose choice left and right change in one key each (enter still opens
    the list): six PCs' roles, or foci, are a key each, not four."""

    BINDINGS = [
        Binding("right", "cycle(1)", "Next choice", show=False),
        Binding("left", "cycle(-1)", "Previous choice", show=False),
    ]

    def __init__(self, options: list[tuple[Any, Any]], **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self.choices = [value for _, value in options]

    def action_cycle(self, step: int) -> None:
        if self.value in self.choices:
            at = self.choices.index(self.value)
            self.value = self.choices[(at + step) % len(self.choices)]


class TranslationSteps(TranslationView):
    """Each step's widgets; the screen (which inherits it) holds the choices."""

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

    def last_roles(self) -> dict[str, str]:
        """R-TR-1: each PC's role in the last translation ('' stays behind): the roles a
        translation starts from, each a key away from another (left, right)."""
        kept = self.state.translation_roles
        return {cid: kept.get(cid, "") for cid in self.state.characters}

    def role_widgets(self) -> list[Any]:
        rows: list[Any] = []
        for cid, who in self.state.characters.items():
            rows.append(
                Horizontal(
                    Label(Content(who.name[:16]), classes="field"),
                    CycleSelect(
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
        hint = "←/→ change a role; they start as in the last translation"
        rows.append(Static(hint, classes="dim"))
        return rows

    def arrival_widgets(self) -> list[Any]:
        """R-TR-8: each participant's focus in the destination (a draggable one may be kept);
        the one they had there before is offered first."""
        rows: list[Any] = [
            Static(
                f"Foci {self.where_is(self.destination)}; a draggable one may be kept."
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
                    CycleSelect(
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
