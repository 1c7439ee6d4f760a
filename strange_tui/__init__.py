"""strange-tui: a keyboard-driven terminal table for The Strange (Cypher System)."""

__version__ = "0.1.0"
