"""Game content as TOML packs, and the loader that validates them.

Types, descriptors, foci and their abilities, recursions, creatures, cyphers, equipment,
the solo tables and the quick reference's ladders."""
