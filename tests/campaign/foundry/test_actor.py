"""Decoding an actor: hostile or wrong files are refused with one line (ActorError)."""

from __future__ import annotations

import json

import pytest

from strange_tui.campaign.foundry import MAX_ACTOR_BYTES, ActorError, decode_actor
from tests.campaign.foundry.helpers import FIXTURE


def fixture(**top):
    data = json.loads(FIXTURE.read_text())
    data.update(top)
    return data


def encoded(data) -> bytes:
    return json.dumps(data).encode()


def test_the_fixture_decodes():
    actor = decode_actor(FIXTURE.read_bytes())
    assert actor.name == "Wren Ashdown" and len(actor.items) == 19
    assert actor.system.pools.intellect.edge == 1


HOSTILE = {
    "not json": b"{name: Wren",
    "not an object": b"[1, 2, 3]",
    "an npc": encoded(fixture(type="npc")),
    "a name with an escape": encoded(fixture(name="Wren\x1b[2J")),
    "a name with a line break": encoded(fixture(name="Wren\nAshdown")),
    "a huge name": encoded(fixture(name="W" * 100_000)),
    "a huge number": encoded(fixture(system={"pools": {"might": {"max": 10**12}}})),
    "too many items": encoded(fixture(items=[{"name": "x", "type": "tag"}] * 501)),
    "an unknown item type": encoded(fixture(items=[{"name": "x", "type": "spaceship"}])),
    "deep nesting": b'{"name": "x", "type": "pc", "flags": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "too big": b" " * (MAX_ACTOR_BYTES + 1),
    "not UTF-8": b'{"name": "\xff\xfe", "type": "pc"}',
}


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_file_is_refused_in_one_line(data):
    with pytest.raises(ActorError) as refused:
        decode_actor(data)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 400


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (fixture(name="Wren\u202eAshdown"), "name"),
        (fixture(name="Wren\u200bAshdown"), "name"),
        (fixture(name="Wren\ufeff"), "name"),
        (fixture(items=[{"name": "Bolt\u2028Thrower", "type": "cypher"}]), "items[0].name"),
    ],
    ids=["direction override", "zero width space", "byte order mark", "line separator"],
)
def test_a_name_with_an_invisible_character_is_refused_naming_the_field(data, field):
    """A Foundry name becomes a character's, or a cypher's, drawn raw by the app: one that
    hides a direction override or a zero width is refused (the wizard's typed names keep
    no control character either), and the line says which field, in words."""
    with pytest.raises(ActorError) as refused:
        decode_actor(json.dumps(data, ensure_ascii=False).encode())
    said = str(refused.value)
    assert f"{field}: holds a control or invisible character" in said
    assert not any(char in said for char in "\u202e\u200b\ufeff\u2028")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (fixture(name="Wren\x1b[2J"), "name: holds a control or invisible character"),
        (fixture(name="W" * 300), "name: is longer than 200 characters"),
        (fixture(items=[{"name": "x" * 201, "type": "tag"}]), "items[0].name: is longer than"),
    ],
    ids=["escape", "long name", "long item name"],
)
def test_foundry_errors_say_what_is_wrong_in_words_not_a_regex(data, said):
    with pytest.raises(ActorError) as refused:
        decode_actor(encoded(data))
    message = str(refused.value)
    assert said in message
    assert "regex" not in message and "\\x" not in message and "$." not in message
