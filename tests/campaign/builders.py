"""Small campaigns and characters for the model's tests."""

from strange_tui.campaign.events import CharacterCreated
from strange_tui.campaign.state import Campaign, Character
from strange_tui.campaign.store import Store
from strange_tui.rules.pools import Pool, Pools


def character(id_: str = "mara", **changes) -> Character:
    fields = dict(
        id=id_,
        name=id_.title(),
        descriptor="Tough",
        type="Vector",
        focus="Is Licensed to Carry",
        pools=Pools(
            might=Pool(current=12, maximum=12, edge=1),
            speed=Pool(current=10, maximum=10, edge=1),
            intellect=Pool(current=8, maximum=8),
        ),
        armor=1,
        skills={"Guns": "trained"},
    )
    fields.update(changes)
    return Character(**fields)


def party_store(*ids: str) -> Store:
    """A store with a memory log and the named characters created."""
    store = Store(Campaign(name="Test"))
    for id_ in ids or ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_)))
    return store
