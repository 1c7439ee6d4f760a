"""The full-screen app (Textual): screens that show the campaign and send its commands.

One folder per area of the game (``combat``, ``translation``...), the app's shell in
``app`` and what every screen stands on in ``common``: docs/architecture.md draws it."""
