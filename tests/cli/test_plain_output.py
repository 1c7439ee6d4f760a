"""What the CLI prints of user text cannot drive the terminal or break the Markdown."""

from strange_tui.campaign.narrate.plain import markdown, terminal
from strange_tui.campaign.narrate.sheet import markdown_sheet


def test_control_characters_are_shown_not_sent():
    assert terminal("Mara\x1b]0;owned\x07") == "Mara\\x1b]0;owned\\x07"
    assert terminal("a\x9b2J") == "a\\x9b2J"
    assert terminal("two\nlines\tok") == "two\nlines\tok"


def test_a_name_cannot_become_a_heading_link_or_cell():
    # Only what Markdown would misread: the parentheses stay (the bracket is escaped).
    assert markdown("# Boss](http://x) | y") == "\\# Boss\\](http://x) \\| y"
    assert "\n" not in markdown("one\n# two")


def test_the_markdown_sheet_escapes_every_user_field():
    sheet = {
        "name": "# Evil", "sentence": "I am [a link](x)", "tier": 1, "pools": {},
        "effort": 1, "armor": 0, "xp": 0, "damage_track": "hale",
        "skills": {"*bold*": "trained"}, "abilities": ["a|b"], "cyphers": [{"name": "<c>"}],
        "cypher_load": 1, "cypher_limit": 2, "equipment": ["`code`"], "notes": "## not a heading",
        "descriptor": "Tough", "armor_from": [{"from": "[armor](z)", "armor": 1}],
        "attacks": [{"name": "_lean_", "damage": 4, "parts": [], "range": "short",
                     "stat": "intellect", "training": "*trained*", "notes": ["[x](y)"]}],
    }  # fmt: skip
    text = markdown_sheet(sheet)
    assert text.splitlines()[0] == "## \\# Evil"
    for raw in ("[a link](x)", "*bold*", "a|b", "`code`", "[armor](z)", "_lean_", "[x](y)"):
        assert raw not in text
    assert "\\<c>" in text  # A tag that cannot open: the '<' escaped.
    assert "\n## not" not in text
