"""The translation wizard and what it shows."""
