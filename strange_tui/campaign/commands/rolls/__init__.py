"""Rolling a task: the roll and its reroll, the circumstances and effects that move it."""
