"""Campaign files on disk: a TOML snapshot, an fsynced journal, sealed history chunks."""
