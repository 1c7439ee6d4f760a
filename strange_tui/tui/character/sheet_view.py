"""What the character sheet draws: gauges and numbers (the Armor with its sources), the
skills abilities train, every attack with the parts of its damage, the abilities in use
with the time left, and the lists of gear."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from strange_tui.campaign.commands.character import sheet_facts
from strange_tui.campaign.commands.character.attacks import AbilitySheet
from strange_tui.campaign.commands.character.facts import SheetFacts
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.ability_tasks import trainings_maybe
from strange_tui.campaign.model.acclimation import asleep_now
from strange_tui.campaign.model.state import Character, Clock
from strange_tui.campaign.model.terms import Stat
from strange_tui.campaign.narrate.artifacts import artifact_words
from strange_tui.campaign.narrate.sheet import sentence
from strange_tui.campaign.narrate.words import time_left
from strange_tui.tui.common.gauges import gauge, track_line


def scars_text(character: Character) -> Text | None:
    """R-DMG-6: what recovery rolls cannot bring back: 'Lasting 4 Might · permanent 1
    Speed' (None without any)."""
    parts = [
        (kind, f"{n} {stat.value.title()}", style)
        for kind, marks, style in (
            ("lasting", character.scars.lasting, "magenta"),
            ("permanent", character.scars.permanent, "red"),
        )
        for stat in Stat
        if (n := marks.get(stat, 0))
    ]
    if not parts:
        return None
    text = Text()
    for kind, words, style in parts:
        text.append(" · " if text else "")
        text.append(f"{kind.title() if not text else kind} {words}", style=style)
    return text


def stats_block(character: Character, abilities: AbilitySheet | None = None) -> Group:
    """Gauges, track, and the numbers that matter in play (the Armor with its sources)."""
    lines: list[Text | Table] = [Text(sentence(character), style="italic")]
    for stat in Stat:
        lines.append(gauge(stat.value, character.pools[stat], width=16))
    if character.pools.luck is not None:
        lines.append(gauge("luck", character.pools.luck, width=16))
    lines.append(track_line(character.track))
    if scars := scars_text(character):
        lines.append(scars)
    numbers = Table.grid(padding=(0, 2))
    numbers.add_column(style="bold cyan")
    numbers.add_column()
    facts = sheet_facts(character)
    numbers.add_row("Tier", str(character.tier))
    numbers.add_row("Effort", str(character.effort))
    numbers.add_row("Armor", armor_text(character, facts, abilities))
    numbers.add_row("XP", str(character.xp))
    numbers.add_row("Cyphers", cypher_load_text(character))
    numbers.add_row("Recovery", f"d6+{facts.recovery_bonus}")
    numbers.add_row("Next rest", facts.next_rest_label)
    if character.advancements:
        numbers.add_row("Bought", Text(", ".join(character.advancements)))
    lines.append(numbers)
    return Group(*lines)


def armor_text(character: Character, facts: SheetFacts, abilities: AbilitySheet | None) -> Text:
    """'3 (medium armor 2 + Ward 1; medium armor: Speed −3, 2 Might an hour)'."""
    total = abilities.armor if abilities else character.armor
    parts = abilities.armor_from if abilities else ()
    shown = [f"{name} {n}" for name, n in parts] if len(parts) > 1 or (
        parts and parts[0][0] != character.descriptor
    ) else []  # fmt: skip
    text = Text(str(total))
    detail = " + ".join(shown)
    if facts.worn:
        detail += ("; " if detail else "") + f"{facts.worn} armor: {facts.armor_costs}"
    if detail:
        text.append(f" ({detail})", style="dim")
    for line in abilities.armor_maybe if abilities else ():
        text.append(f"\n{line}", style="dim italic")
    return text


def attacks_section(abilities: AbilitySheet) -> list[Text]:
    """Each attack: final damage and its parts, range, stat, and what counts sometimes."""
    rows = []
    for attack in abilities.attacks:
        parts = " + ".join(f"{name} {n}" for name, n in attack.parts)
        line = Text.assemble(
            f"• {attack.name} ",
            (f"{attack.damage}", "bold"),
            (f" ({parts})" if len(attack.parts) > 1 else "", "dim"),
            (f" · {attack.range} · {attack.stat.title()}", "dim"),
        )
        for note in attack.notes:
            line.append(f"\n    {note}", style="dim italic")
        rows.append(line)
    return rows


def in_use_section(abilities: AbilitySheet) -> list[Text]:
    """The abilities in use, what each brings and the time left."""
    return [
        Text.assemble(
            f"• {use.name}: {', '.join(use.effects)} ",
            (f"({time_left(use.seconds_left)})", "dim"),
        )
        for use in abilities.in_use
    ]


def cypher_load_text(character: Character) -> Text:
    """R-CYP-1 in words: '2 of 2 (1 cypher; an occultic one counts as 2)', and
    'over the limit!' when it is."""
    facts = sheet_facts(character)
    over = facts.over_limit
    text = Text(f"{facts.cypher_load} of {facts.cypher_limit}", style="bold red" if over else "")
    carried = len(character.cyphers)
    occultic = sum(1 for c in character.cyphers if c.occultic)
    if occultic:
        what = f"{carried} cypher{'s' if carried != 1 else ''}"
        one = "an occultic one counts" if occultic == 1 else "each occultic one counts"
        text.append(f" ({what}; {one} as 2)", style="dim")
    if over:
        text.append(" — over the limit!", style="bold red")
    return text


def waking_words(character: Character, now: int) -> str:
    """R-TR-8: 'asleep until 13:00 (acclimating)': when a focus's ability wakes."""
    today = f"Day {Clock(seconds=now).day}, "
    wakes = Clock(seconds=character.travel.asleep.until).label().removeprefix(today)
    return f"asleep until {wakes} (acclimating)"


def lists_block(character: Character, abilities: AbilitySheet | None = None, now: int = 0) -> Group:
    """Skills (with what abilities train), attacks, abilities in use, abilities,
    equipment, cyphers, notes."""

    def section(title: str, items: list[str] | list[Text]) -> list[Text]:
        head = Text(title, style="bold underline")
        body = [item if isinstance(item, Text) else Text(f"• {item}") for item in items]
        return [head, *(body or [Text("—", style="dim")])]

    skills = [f"{name} ({level})" for name, level in skills_now(character, now).items()]
    # R-ABL-1: a training only in some situation, beside the skills and never among them.
    skills += [maybe.words() for maybe in trainings_maybe(character, now)]
    cyphers = [
        Text.assemble(
            f"{i + 1}. {c.name} ",
            (f"L{c.level} {'occultic (counts as 2)' if c.occultic else 'anoetic'}", "dim"),
            (" unidentified" if not c.identified else "", "yellow"),
            (f": {c.effect}" if c.effect else "", "italic dim"),  # N13: the kind, then the text
        )
        for i, c in enumerate(character.cyphers)
    ]
    artifacts = [  # R-ART-1
        Text.assemble(
            f"{i + 1}. {a.name} ",
            (artifact_words(a), "dim strike" if a.spent else "dim"),
            (f" {a.effect}" if a.effect else "", "italic dim"),
        )
        for i, a in enumerate(character.artifacts)
    ]
    usable = {u.name: u for u in abilities.usable} if abilities else {}
    asleep = asleep_now(character, now)
    listed = [
        Text.assemble(
            f"• {name}",
            # A cost Effort adds to keeps its '+' after Edge, as the ability dialog says.
            (f"  {usable[name].cost}{'+' if usable[name].cost_plus else ''} "
             f"{usable[name].pool.title()}" if name in usable and usable[name].pool else "",
             "dim"),
            (f"  {waking_words(character, now)}" if name in asleep else "", "yellow"),
        )
        for name in character.abilities
    ]  # fmt: skip
    parts = [
        *section("Skills", skills),
        *(section("Attacks", attacks_section(abilities)) if abilities else []),
        *(section("In use", in_use_section(abilities)) if abilities and abilities.in_use else []),
        *section("Abilities", listed),
        *section("Equipment", list(character.equipment)),
        *(section("Boons", list(character.boons)) if character.boons else []),
        *section("Cyphers", cyphers),
        *(section("Artifacts", artifacts) if artifacts else []),
        *section("Notes", [Text(character.notes)] if character.notes else []),
    ]
    return Group(*parts)
