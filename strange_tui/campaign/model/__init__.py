"""What a campaign is: its immutable state, the events that change it, and ``reduce``."""
