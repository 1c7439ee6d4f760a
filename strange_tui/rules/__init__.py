"""Pure game rules of the Cypher System as played in The Strange (RULES.md sections 1-8).

Every function here is pure: plain values in, plain values out, no I/O, and never an
import of Textual or Rich. Each rule's id from RULES.md (``R-EFF-3``) stands in the
docstring of the code that implements it.
"""

from strange_tui.rules.errors import RuleViolation

__all__ = ["RuleViolation"]
