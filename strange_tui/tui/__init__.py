"""The full-screen app (Textual): screens and widgets that render the campaign and
hand the model the players' commands."""
