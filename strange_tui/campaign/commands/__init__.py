"""Commands: each a player's or the GM's action, deciding its events, with its preview.

A command decides its events from the state and the player's choices, and its preview is
computed by the same code. Screens, the CLI, seats and tests all speak commands; the store
applies each as one transaction.

Import a command from its module (``commands.rolls``, ``commands.combat``...); the base,
``decide`` and ``preview`` are here.
"""

from strange_tui.campaign.commands.base import GM, Command, decide, preview

__all__ = ["GM", "Command", "decide", "preview"]
