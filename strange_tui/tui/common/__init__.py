"""What every screen and dialog stands on: the session, the bases, the key bar, shared widgets."""
