"""Home, which opens every area: the party, campaigns, the log, help, the quick reference."""
