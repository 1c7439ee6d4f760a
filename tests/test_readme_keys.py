"""The README's key table ("Playing") agrees with the screens' bindings, the one source Help,
the key bar and the palette read: every key the README gives a screen is bound there and
its words name that binding's action (its description); every key a screen shows in its
key bar is in the README's row for it.

A row's entries are separated by " · "; an entry that starts with backticked keys
("`d` Damage", "`+`/`-` ...") is checked; other entries ("↑↓ choose", "type to filter")
are keys a widget handles, no bindings, and are read as notes."""

import re
from pathlib import Path

import pytest

from strange_tui.tui.app.app import screen_bindings
from strange_tui.tui.home.help import key_names, screen_class

README = Path(__file__).resolve().parents[1] / "README.md"
ROWS = {
    "Campaigns": "strange_tui.tui.home.campaigns:CampaignsScreen",
    "Home": "strange_tui.tui.home.home:HomeScreen",
    "New character": "strange_tui.tui.creation.wizard:CreationScreen",
    "Translate": "strange_tui.tui.translation.wizard:TranslationScreen",
    "Combat": "strange_tui.tui.combat.tracker:CombatScreen",
    "Chase": "strange_tui.tui.chase.tracker:ChaseScreen",
    "Quick reference": "strange_tui.tui.home.reference:ReferenceScreen",
    "Sheet": "strange_tui.tui.character.sheet:SheetScreen",
    "Log": "strange_tui.tui.home.log:LogScreen",
    "Everywhere": "strange_tui.tui.app.app:StrangeApp",
}
"""The README's row names (up to a bracket) and the screens they describe."""
LEADING_KEYS = re.compile(r"^((?:`[^`]+`\s*/?\s*)+)(.*)$")


def key_table() -> dict[str, str]:
    """The 'Playing' section's table: row name -> its keys cell."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Playing\n", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("where", "---"):
            continue
        rows[cells[0].split("(")[0].strip()] = cells[1]
    return rows


def entries(cell: str) -> list[tuple[list[str], str]]:
    """(the keys, the words) of each entry that starts with keys."""
    found = []
    for entry in cell.split(" · "):
        match = LEADING_KEYS.match(entry.strip())
        if match:
            keys = re.findall(r"`([^`]+)`", match.group(1))
            found.append((keys, match.group(2)))
    return found


def bound_keys(cls: type) -> dict[str, object]:
    """Each key as Help shows it (lower case) -> its binding."""
    keys = {}
    for binding in screen_bindings(cls):
        for key in key_names(binding).split(" / "):
            keys[key.lower()] = binding
    return keys


def test_the_readme_has_a_row_for_each_screen():
    assert set(ROWS) <= set(key_table())


@pytest.mark.parametrize("row", sorted(ROWS))
def test_each_readme_key_is_bound_with_that_action(row):
    cls = screen_class(ROWS[row])
    bound = bound_keys(cls)
    for keys, words in entries(key_table()[row]):
        for key in keys:
            binding = bound.get(key.lower())
            assert binding is not None, f"{row}: `{key}` is no key of {cls.__name__}"
            description = binding.description.lower()
            assert description in words.lower(), (
                f"{row}: `{key}` does {binding.description!r}; the README says {words!r}"
            )


@pytest.mark.parametrize("row", sorted(ROWS))
def test_each_shown_key_is_in_the_readme(row):
    cls = screen_class(ROWS[row])
    listed = {key.lower() for keys, _ in entries(key_table()[row]) for key in keys}
    for binding in screen_bindings(cls):
        if not binding.show:
            continue
        names = {name.lower() for name in key_names(binding).split(" / ")}
        assert names & listed, (
            f"{row}: {cls.__name__} shows {key_names(binding)} ({binding.description}),"
            " which the README's key table leaves out"
        )
