"""Solo play: the commands by which the app sits in the GM's chair.

The oracle, draws from the packs' tables, the app's intrusions, the NPCs' choices and
reactions, and the story's notes."""
