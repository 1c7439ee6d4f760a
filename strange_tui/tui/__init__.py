"""The full-screen app (Textual): screens and widgets that render state and dispatch events."""
