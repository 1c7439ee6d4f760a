"""The event-sourced campaign: immutable state, events, a pure reduce, and the store.

Pure like ``rules``: no Textual, no Rich, and no file I/O except through the journal the
store is given.
"""
