"""The character sheet and its dialogs: damage, points, rests, XP, armor, cyphers, weakness."""
