"""The long chase: its tracker and its dialogs."""
