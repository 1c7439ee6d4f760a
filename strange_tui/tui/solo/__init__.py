"""Solo play's dialogs: the oracle, draws from the tables, the story journal."""
