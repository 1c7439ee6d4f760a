"""The combat tracker, its keys and what it draws, and every dialog of a fight."""
