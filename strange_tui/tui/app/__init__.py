"""The app's shell: the App, its app-wide keys and palette, themes, preferences, collector."""
