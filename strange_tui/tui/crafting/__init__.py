"""Crafting an item: its dialog."""
