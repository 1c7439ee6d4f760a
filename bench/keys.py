"""How fast each main key answers: the median time from the key press to the new screen
settled, against a bare Textual app whose `r` opens a modal with two inputs and two buttons,
measured in the same run (target: every key at most 1.2x).

    python bench/keys.py [--runs N] [--only KEY_NAME ...]

Each key is pressed ``--runs`` times in one app on a copy of the demo (with a fight set up
for the combat keys); what closes the screen again (escape) is not timed. Pilot's own
overhead is in both sides of the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from textual.app import App, ComposeResult  # noqa: E402
from textual.containers import Horizontal, Vertical  # noqa: E402
from textual.screen import ModalScreen  # noqa: E402
from textual.widgets import Button, Footer, Header, Input, Static  # noqa: E402

from strange_tui.campaign.commands.combat import AddNpcs, RollInitiative, StartCombat  # noqa: E402
from strange_tui.tui.app.app import StrangeApp  # noqa: E402

DEMO = REPO / "saves" / "demo"
SIZE = (100, 30)


class BareModal(ModalScreen[None]):
    BINDINGS = [("escape", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("A bare modal")
            yield Input(placeholder="first")
            yield Input(placeholder="second")
            with Horizontal():
                yield Button("OK")
                yield Button("Cancel")


class Bare(App[None]):
    BINDINGS = [("r", "open", "Open")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("bare")
        yield Footer()

    def action_open(self) -> None:
        self.push_screen(BareModal())


@dataclass(frozen=True)
class Key:
    name: str
    keys: tuple[str, ...]
    """What is timed: pressed one after the other."""
    back: tuple[str, ...] = ("escape",)
    """What returns to where the key was pressed (not timed)."""
    before: tuple[str, ...] = ()
    """Once, before the runs: where the key is pressed from."""
    fight: str = ""
    """The fight the campaign is in: "" none, "pc" at a PC's turn, "npc" at the thug's."""
    shows: str = ""
    """The screen on top once the keys are pressed: checked on every run, so a key that
    stops opening what it is named for (a binding moved, a turn that does not offer it)
    fails the bench rather than timing something else."""


KEYS = [
    Key("roll", ("r",), shows="RollDialog"),
    Key("sheet", ("enter",), shows="SheetScreen"),
    Key("log", ("l",), shows="LogScreen"),
    Key("combat", ("c",), fight="pc", shows="CombatScreen"),
    Key("translate", ("t",), shows="TranslationScreen"),
    Key("xp", ("x",), shows="AdvanceDialog"),
    Key("rest", ("s",), shows="RestDialog"),
    Key("help", ("question_mark",), shows="HelpScreen"),
    Key("new character", ("n",), shows="CreationScreen"),
    Key("combat: next turn", ("n",), back=("p",), before=("c",), fight="pc", shows="CombatScreen"),
    Key("combat: attack dialog", ("a",), before=("c",), fight="pc", shows="AttackDialog"),
    # The GM's "NPC attacks" (d) is offered on an NPC's turn.
    Key("combat: defense dialog", ("d",), before=("c",), fight="npc", shows="DefenseDialog"),
]


def with_fight(folder: Path, npc_turn: bool = False) -> None:
    """A thug against the party, initiative rolled (the PCs first); with ``npc_turn``,
    the turns moved on to the thug's."""
    from strange_tui.campaign.commands.combat import NextTurn
    from strange_tui.tui.common.session import Session

    session = Session.open(folder, folder.parent)
    try:
        session.run(StartCombat())
        session.run(AddNpcs(name="Thug", level=3))
        pcs = [c.id for c in session.state.characters.values()]
        session.run(RollInitiative(dice={pc: 15 for pc in pcs}))
        while npc_turn and session.state.encounter.active.pc:
            session.run(NextTurn())
    finally:
        session.close()


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def time_key(app: App, key: Key, runs: int) -> list[float]:
    timings = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*key.before)
        await settle(pilot)
        for _ in range(runs):
            start = time.perf_counter()
            await pilot.press(*key.keys)
            await settle(pilot)
            timings.append(time.perf_counter() - start)
            shown = type(pilot.app.screen).__name__
            assert not key.shows or shown == key.shows, f"{key.name}: {shown} on top"
            await pilot.press(*key.back)
            await settle(pilot)
    return timings


def run_app(make: Callable[[], App], key: Key, runs: int) -> float:
    return statistics.median(asyncio.run(time_key(make(), key, runs)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of bare-then-ours; a key's ratio is the median of its rounds' ratios",
    )
    parser.add_argument("--only", nargs="*", help="key names to measure (default: all)")
    args = parser.parse_args()
    keys = [k for k in KEYS if not args.only or k.name in args.only]
    ratios: dict[str, list[float]] = {key.name: [] for key in keys}
    times: dict[str, list[float]] = {key.name: [] for key in keys}
    bares: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        saves = Path(tmp) / "saves"
        plain = Path(shutil.copytree(DEMO, saves / "demo"))
        fights = {"": plain}
        for turn in ("pc", "npc"):
            fights[turn] = Path(shutil.copytree(DEMO, saves / f"fight-{turn}"))
            with_fight(fights[turn], npc_turn=turn == "npc")
        # Each round times the bare modal right before each key: a machine that slows
        # down or speeds up during the run moves both sides of a ratio alike.
        for _ in range(args.rounds):
            for key in keys:
                bare = run_app(Bare, Key("bare", ("r",)), args.runs)
                folder = fights[key.fight]
                ours = run_app(
                    lambda f=folder: StrangeApp(campaign_path=f, saves=saves), key, args.runs
                )
                bares.append(bare)
                times[key.name].append(ours)
                ratios[key.name].append(ours / bare)
    runs = f"medians of {args.runs} presses, {args.rounds} rounds"
    print(f"bare modal (r): {statistics.median(bares) * 1000:6.1f} ms  ({runs})")
    worst = ("", 0.0)
    for key in keys:
        ratio = statistics.median(ratios[key.name])
        ms = statistics.median(times[key.name]) * 1000
        worst = max(worst, (key.name, ratio), key=lambda pair: pair[1])
        print(f"{key.name:24} {ms:6.1f} ms  ratio {ratio:.2f}")
    print(f"worst: {worst[0]} {worst[1]:.2f}  (target <= 1.2)")


if __name__ == "__main__":
    main()
