"""A Hunters campaign: its home and its dialogs."""
