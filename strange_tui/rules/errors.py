"""The one error the rules raise: an action the rules forbid, with a reason for the player."""


class RuleViolation(ValueError):
    """An impossible action. The message is written for the player and names the rule."""
