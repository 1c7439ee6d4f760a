"""A character to and from a Foundry VTT Cypher System actor.

The system is `cyphersystem`: a character as a PC actor's JSON (``export``), and an actor
made a character by the normal creation command (``importing``), what did not map listed
(``differences``). Pure: no files, no screens."""

from strange_tui.campaign.foundry.actor import MAX_ACTOR_BYTES, Actor, ActorError, decode_actor
from strange_tui.campaign.foundry.export import actor_of
from strange_tui.campaign.foundry.importing import Imported, character_from_actor

__all__ = [
    "MAX_ACTOR_BYTES",
    "Actor",
    "ActorError",
    "Imported",
    "actor_of",
    "decode_actor",
    "character_from_actor",
]
