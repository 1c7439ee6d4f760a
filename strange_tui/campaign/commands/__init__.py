"""Commands: one player's or the GM's action each, deciding its events from the state and
the player's choices, with a preview computed by the same code. Screens, the CLI, seats and
tests all speak commands; the store applies each as one transaction.

Import a command from its module (``commands.rolls``, ``commands.combat``...); the base,
``decide`` and ``preview`` are here.
"""

from strange_tui.campaign.commands.base import GM, Command, decide, preview

__all__ = ["GM", "Command", "decide", "preview"]
