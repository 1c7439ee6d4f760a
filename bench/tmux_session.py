"""An hour of play in a real terminal, and what it costs in memory: strange-tui runs in a
detached tmux session at 80x24 on a copy of the demo campaign, and this script plays it at
a human's pace (a key every 0.15-0.4 s, letters a little faster) through a cycle that
changes the game, again and again until the time is up:

  a character created through the wizard (a new name each time), a fight (a level 3 thug,
  initiative, three attacks, a defense, next turns, the fight ended), a translation (to
  Ardeyn, back to Earth the next time), 25 hours passing, the log (end, home, scrolled), a
  sheet, and a roll.

Each key waits for the screen it needs (the pane read with `tmux capture-pane`, until it
stops changing); a step that does not get where it meant to presses escape back to Home,
is counted as a recovery, and the cycle goes on. The app's resident set (VmRSS of the
pane's process) is sampled every 30 s.

    python bench/tmux_session.py [--minutes 60] [--csv rss.csv] [--campaign FOLDER]

At the end: the cycles played, what the campaign's journal says happened, a table of
minute and RSS, and the target's figures: RSS at the end within 1.10x of RSS after the
first five minutes (after half the run when it is shorter than ten minutes).

Past 300 lines because the cycle's keys are the script: each activity's keys sit next to
the words its screens must show (a script split from its keys would be harder to follow).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import tempfile
import threading
import time
import tomllib
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "saves" / "demo"
PACE = (0.15, 0.4)
"""Seconds between two keys, as a player presses them."""
TYPING = (0.08, 0.2)
"""Seconds between two letters of a word typed."""
WAIT = 20.0
"""How long a step waits for its screen before it counts as lost (the machine is shared)."""
HOME = ("─ Party ─", "Where and when")
TURN = re.compile(r"Round \d+ · .*'s turn")
TEMPLATES = [  # descriptor, type, focus, (pool, points) placed, downs between weapon ticks
    ("clever", "paradox", "mysteries", [(2, 6)], []),
    ("strong", "spinner", "leads", [(1, 2), (2, 4)], [0, 2]),
]
FIRST = ["Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Greta", "Hugo", "Ines", "Jonah"]
LAST = ["Marsh", "Okoro", "Pell", "Quince", "Rask", "Soto", "Thorne", "Ulm", "Vey", "Wren"]
ROLES = [("Mara Quist", "Easer"), ("Jun Okafor", "Initiator"), ("Tess Harrow", "Hastener")]
ANSWERS = {
    "Abandon this character?": "y",  # a draft kept would be resumed at its step by "n"
    "The translation is made": "Enter",  # escape stays on the result
    "This roll cannot succeed": "n",
}
"""What a lost step answers to the questions escape meets on its way back to Home."""
COUNTED = ["character_created", "combat_started", "combat_ended", "translation_made", "roll_made"]


class Typed(str):
    """Letters to type (send-keys -l), not a key's name."""


class Lost(Exception):
    """A step did not reach the screen it meant to."""


class Terminal:
    """The app in a tmux session on a server of its own (the user's tmux is left alone)."""

    def __init__(self, command: str) -> None:
        self.socket = f"strange-bench-{os.getpid()}"
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "play", "-x", "80", "-y", "24",
                  command)  # fmt: skip
        self.tmux("set-option", "-t", "play", "remain-on-exit", "on")  # to show why it stopped
        size = self.tmux("display", "-p", "-t", "play", "#{window_width}x#{window_height}")
        assert size == "80x24", f"the window is {size}, not 80x24"
        self.pid = int(self.tmux("display", "-p", "-t", "play", "#{pane_pid}"))
        if Path(f"/proc/{self.pid}/comm").read_text().strip() in ("sh", "dash", "bash", "zsh"):
            children = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text()
            self.pid = int(children.split()[0])

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"tmux {args[0]}: {done.stderr.strip()}")
        return done.stdout.strip()

    def key(self, *keys: str) -> None:
        for key in keys:
            for letter in key if isinstance(key, Typed) else [key]:
                self.tmux("send-keys", "-t", "play", *(["-l"] if isinstance(key, Typed) else []),
                          letter)  # fmt: skip
                time.sleep(random.uniform(*(TYPING if isinstance(key, Typed) else PACE)))

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "play")

    def wait(self, ready, what: str) -> str:
        """The screen once ``ready(screen)`` holds and it has stopped changing (a step's
        title can show before its widgets are mounted and focused), after a player's moment
        to read it."""
        end = time.monotonic() + WAIT
        while not ready(screen := self.screen()):
            if self.tmux("display", "-p", "-t", "play", "#{pane_dead}") == "1":
                raise RuntimeError(f"the app has stopped; its last screen:\n{screen}")
            if time.monotonic() > end:
                raise Lost(f"waited for {what}; the screen:\n{screen}")
            time.sleep(0.1)
        for _ in range(15):
            time.sleep(0.2)
            screen, before = self.screen(), screen
            if screen == before:
                break
        time.sleep(random.uniform(*PACE))
        return screen

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Player:
    """The cycle's activities, each key followed by a look at the screen it should bring."""

    def __init__(self, term: Terminal) -> None:
        self.term = term
        self.done: Counter[str] = Counter()
        self.lost: Counter[str] = Counter()
        self.created = self.cycles = 0

    def press(self, *keys: str, until: tuple[str, ...] = (), gone: str = "") -> str:
        """``keys``, then the screen once it shows every word of ``until`` and no ``gone``."""
        self.term.key(*keys)
        return self.term.wait(
            lambda screen: all(w in screen for w in until) and not (gone and gone in screen),
            " and ".join(until) + (f", without {gone!r}" if gone else ""),
        )  # fmt: skip

    def wait_gone(self, text: str) -> None:
        self.term.wait(lambda screen: text not in screen, f"{text.strip()!r} to change")

    def play(self, activity: str, step) -> None:
        try:
            step()
            self.press(until=HOME)
            self.done[activity] += 1
        except Lost as lost:
            self.lost[activity] += 1
            print(f"  lost in {activity}, back to Home: {lost}", flush=True)
            self.back_home()

    def back_home(self) -> None:
        for _ in range(15):
            screen = self.term.screen()
            if all(word in screen for word in HOME):
                break
            asks = [key for question, key in ANSWERS.items() if question in screen]
            self.term.key(*asks[:1] or ["Escape"])
            time.sleep(0.5)
        screen = self.press(until=HOME)  # Still lost: the run cannot go on.
        if "A fight:" in screen:  # left going: the next translation would be refused
            self.press("c", until=("─ Turn ─",))
            self.end_fight()

    def create(self) -> None:
        descriptor, kind, focus, pools, weapons = TEMPLATES[self.created % len(TEMPLATES)]
        name = f"{FIRST[self.created % 10]} {LAST[self.created // 10 % 10]}"
        name += f" {self.created // 100 + 1}" * (self.created >= 100)
        self.created += 1
        self.press("n", until=("Step 1 of 11", "type to filter"))
        self.press(Typed(descriptor), "Enter", until=("Step 2 of 11", "type to filter"))
        self.press(Typed(kind), "Enter", until=("Step 3 of 11", "type to filter"))
        self.press(Typed(focus), "Enter", until=("Step 4 of 11", "6 of 6 points left"))
        for pool, points in pools:  # down to the pool, + for each point, back up
            self.press(*["Down"] * pool, *["+"] * points, *["Up"] * pool)
        self.press("Enter", until=("Step 5 of 11", "Edge"))
        self.press("Enter", until=("Step 6 of 11", "0 chosen"))  # the Edge offered first
        self.tick([0, 1, 1, 1])  # the list's first four abilities
        self.press("C-n", until=("Step 7 of 11", descriptor.capitalize() + ":"))
        self.press("Enter", until=("Step 8 of 11",))
        self.tick(weapons)
        self.press("C-n", until=("Step 9 of 11", "Unarmed"))
        self.press("Enter", until=("Step 10 of 11", "0 chosen"))  # the attacks
        self.tick([0])  # a starting cypher
        self.press("C-n", until=("Step 11 of 11", "the character's name"))
        self.press(Typed(name), "Tab", Typed("Grew up over a bar."), "C-n", until=("─ Review ─",))
        self.press("Enter", until=(f"{name} joined the party",))

    def tick(self, downs: list[int]) -> None:
        """Enter on the list's entries ``downs`` apart, each tick seen before the next key:
        a tick still on its way when ctrl+n changes the step stops the app (NoMatches
        '#limit' in the wizard's toggled handler)."""
        for ticked, down in enumerate(downs, 1):
            self.press(*["Down"] * down, "Enter", until=(f"{ticked} chosen",))

    def fight(self) -> None:
        self.press("c", until=("A fight: add its NPCs",))
        self.press("Tab", "3", "Tab", Typed("Thug"), "Enter", until=("Roll initiative (i)",))
        self.press("i", until=("Initiative: Speed tasks",))
        self.press("2", "0", "C-s", until=("Round 1 ·",))  # the first PC's d20; the app rolls
        attacks = defenses = 0
        for _ in range(80):  # next turns until three attacks and a defense
            screen = self.term.screen()
            if not (turn := TURN.search(screen)):
                raise Lost(f"no turn shown; the screen:\n{screen}")
            if "a: attack an NPC" in screen and attacks < 3:
                self.roll_in_dialog("a", "9" if attacks == 0 else "2")  # a hit, then misses:
                attacks += 1  # the thug (health 9) stands
            elif "attacks a PC" in screen and defenses < 1:
                self.roll_in_dialog("d", "17")  # defended: no damage piles up over the hour
                defenses += 1
            if attacks >= 3 and defenses >= 1:
                break
            self.press("n")
            self.wait_gone(turn[0])
        self.end_fight()

    def roll_in_dialog(self, key: str, die: str) -> None:
        """An attack or a defense: the dialog opened, the die typed (ctrl+f), rolled, closed."""
        self.press(key, until=("Your die ^f",))
        self.press("C-f", *die, "Enter", until=(f"d20: {die} ",))
        self.press("Enter", until=("─ Turn ─",), gone="Your die ^f")

    def end_fight(self) -> None:
        self.term.key("e")
        asked = lambda s: "End the fight?" in s or all(w in s for w in HOME)  # noqa: E731
        if "End the fight?" in self.term.wait(asked, "the fight's end"):  # NPCs still stand
            self.press("y")

    def translate(self) -> None:
        here = self.term.screen().splitlines()[3][47:]  # under the day in "Where and when"
        to = "ardeyn" if "Earth" in here else "earth"
        self.press("t", until=("Step 1 of 6", "type to filter"))
        self.press(Typed(to), "Enter", until=("Step 2 of 6", "change a role"))
        for index, (name, role) in enumerate(ROLES):
            self.press(*["Tab"] * (index > 0))
            for _ in range(5):  # → turns the role over until it is the one wanted
                line = next((x for x in self.term.screen().splitlines() if name in x[:48]), "")
                if not line:
                    raise Lost(f"{name} is not in the roles")
                if role in line:
                    break
                self.press("Right")
                self.wait_gone(line)
            else:
                raise Lost(f"{name} never got the role {role}")
        self.press("C-n", until=("Step 3 of 6", "a draggable one may be kept"))  # foci as offered
        self.press("C-n", until=("Step 4 of 6", "What a failure brings"))
        self.press(Typed("no translation"), "Enter", until=("Step 5 of 6", "your d20"))
        self.press("2", "0", "Enter", "Enter", until=("d20: 20", "The party is"))
        self.press("Enter")  # the die, no reroll, then the result closed

    def wait_a_day(self) -> None:
        """25 hours pass: a translation within 24 in-game hours of another is harder by a
        step for each traveller, and the cycle would soon have one no die can make."""
        day = int(re.search(r"Day (\d+),", self.term.screen())[1])
        self.press("w", until=("Time passes", "How long"))
        self.press("BSpace", "2", "5", "Tab", "Tab", Typed("a day on the road"), "Enter")
        self.press(until=(*HOME, f"Day {day + 1},"))

    def log(self) -> None:
        self.press("l", until=("Log, newest first",))
        self.press("End", "Home", "PageDown", "PageDown", "Down", "Down", "Up", "PageUp")
        self.press("Escape")

    def sheet(self) -> None:
        self.press("Enter", until=("─ Skills and gear ─",))  # the first PC's
        self.press("Down", "Down", "Escape")

    def roll(self) -> None:
        self.press("r", until=("Roll: ", "Your die ^f"))
        self.press(Typed("Climb the wall"), "C-f", "1", "2", "Enter", until=("d20: 12",))
        self.press("Enter")


class Sampler(threading.Thread):
    """VmRSS of the app every ``every`` seconds from its start, into ``csv`` as it goes."""

    def __init__(self, pid: int, every: float, csv: Path | None) -> None:
        super().__init__(daemon=True)
        self.pid, self.every, self.csv = pid, every, csv
        self.samples: list[tuple[float, float]] = []
        self.stopped = threading.Event()
        self.start_time = time.monotonic()
        if csv:
            csv.write_text("minute,rss_mib\n")

    def sample(self) -> None:
        status = Path(f"/proc/{self.pid}/status").read_text()
        rss = int(re.search(r"VmRSS:\s+(\d+)", status)[1]) / 1024
        self.samples.append(((time.monotonic() - self.start_time) / 60, rss))
        if self.csv:
            with self.csv.open("a") as out:
                out.write("{:.2f},{:.1f}\n".format(*self.samples[-1]))

    def run(self) -> None:
        while True:
            self.sample()
            if self.stopped.wait(self.every):
                return


def journal_kinds(campaign: Path) -> Counter[str]:
    """How many events of each kind the campaign's journal and history hold."""
    kinds: Counter[str] = Counter()
    for path in [*sorted((campaign / "history").glob("*.toml")), campaign / "journal.toml"]:
        kinds.update(event["kind"] for event in tomllib.loads(path.read_text())["events"])
    return kinds


def report(player: Player, made: Counter[str], samples) -> None:
    minutes, cycles = samples[-1][0], player.cycles
    print(
        f"\n{cycles} whole cycles in {minutes:.1f} min (one ≈ {minutes / max(cycles, 1):.1f} min)"
    )
    for activity in ("create", "fight", "translate", "wait", "log", "sheet", "roll"):
        print(f"  {activity:10} done {player.done[activity]:3}  lost {player.lost[activity]}")
    print("recoveries (escape back to Home):", sum(player.lost.values()))
    print("in the journal:", ", ".join(f"{kind} +{made[kind]}" for kind in COUNTED))
    print("\nminute  RSS MiB")
    for minute, rss in samples:
        print(f"{minute:6.1f}  {rss:7.1f}")
    mark = 5.0 if minutes >= 10 else minutes / 2
    early, end = next(s for s in samples if s[0] >= mark - 0.01), samples[-1]
    print(
        f"\nRSS after {early[0]:.1f} min: {early[1]:.1f} MiB; at the end ({end[0]:.1f} min):"
        f" {end[1]:.1f} MiB; ratio {end[1] / early[1]:.3f}x (target: at most 1.10x)"
    )


def play_for(player: Player, minutes: float, sampler: Sampler) -> None:
    """Cycles until ``minutes`` have passed (the last one cut short at the limit)."""
    steps = [("create", player.create), ("fight", player.fight),
             ("translate", player.translate), ("wait", player.wait_a_day), ("log", player.log),
             ("sheet", player.sheet), ("roll", player.roll)]  # fmt: skip
    deadline = time.monotonic() + minutes * 60
    while time.monotonic() < deadline:
        started, cut = time.monotonic(), " (cut at the time limit)"
        for activity, step in steps:
            if time.monotonic() >= deadline:
                break
            player.play(activity, step)
        else:
            player.cycles, cut = player.cycles + 1, ""
        print(f"cycle {player.cycles + bool(cut)}{cut}: {time.monotonic() - started:.0f} s,"
              f" RSS {sampler.samples[-1][1]:.1f} MiB", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--csv", type=Path, help="where to write the samples (minute,rss_mib)")
    parser.add_argument("--every", type=float, default=30, help="seconds between samples")
    parser.add_argument(
        "--campaign",
        type=Path,
        default=DEMO,
        help="the campaign folder to play a copy of (default: the demo); an hour's end"
        " campaign tells what a fresh app on as long a story holds, against the hour's end",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="strange-tmux-"))
    campaign = Path(shutil.copytree(args.campaign, folder / "saves" / "demo"))
    (folder / "config.toml").write_text("")
    before = journal_kinds(campaign)
    app = REPO / ".venv" / "bin" / "strange-tui"
    term = Terminal(f"STRANGE_TUI_CONFIG={folder}/config.toml {app} --saves {folder}/saves demo")
    try:
        term.wait(lambda screen: all(word in screen for word in HOME), "Home")
        comm = Path(f"/proc/{term.pid}/comm").read_text().strip()
        print(f"the app: pid {term.pid} ({comm}) in {folder}", flush=True)
        sampler, player = Sampler(term.pid, args.every, args.csv), Player(term)
        sampler.start()
        try:
            play_for(player, args.minutes, sampler)
        except (Lost, RuntimeError) as stopped:
            print(f"\nTHE RUN STOPPED EARLY: {stopped}", flush=True)
        sampler.stopped.set()
        sampler.join()
        if term.tmux("display", "-p", "-t", "play", "#{pane_dead}") == "0":
            sampler.sample()  # the figure at the very end
            term.key("q")
            time.sleep(2)  # the journal written and closed
    finally:
        term.close()
    after = journal_kinds(campaign)
    made = Counter({kind: after[kind] - before[kind] for kind in COUNTED})
    report(player, made, sampler.samples)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
