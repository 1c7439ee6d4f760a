"""Game content as TOML packs (types, descriptors, foci, recursions, creatures, cyphers,
equipment) and the loader that validates them."""
