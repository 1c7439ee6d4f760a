"""The campaign in words: the log's sentences by area, the sheet, the quick reference."""
