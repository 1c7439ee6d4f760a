"""The table's own actions: the questions put to the seats, the clock, the settings."""
