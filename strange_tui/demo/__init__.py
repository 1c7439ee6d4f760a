"""The demo campaign: a party (party.toml) and a scripted adventure played with seeded dice."""
