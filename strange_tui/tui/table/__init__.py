"""The table: questions brought to this seat and their answers, settings, time passing."""
