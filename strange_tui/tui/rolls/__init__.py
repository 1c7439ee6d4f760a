"""The roll dialog and its odds, the circumstance picker, a GM intrusion."""
