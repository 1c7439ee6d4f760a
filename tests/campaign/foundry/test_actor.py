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
