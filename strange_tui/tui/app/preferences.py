"""The player's own choices that belong to no campaign (the theme), kept in
``<saves>/preferences.toml``: read leniently, written atomically."""

from __future__ import annotations

from pathlib import Path

import msgspec

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import atomic_write, dumps, parse_toml, read_bytes

PREFERENCES_FILE = "preferences.toml"
"""The player's own choices that are no campaign's (the theme), in the saves directory."""
MAX_PREFERENCES_BYTES = 16 * 1024


class Preferences(msgspec.Struct, frozen=True, kw_only=True):
    """``<saves>/preferences.toml``: what the app keeps between runs. Unknown keys are
    ignored (a newer version may add some)."""

    theme: str = ""


def read_preferences(saves: Path) -> tuple[Preferences, str]:
    """The saved preferences (defaults when there are none) and what was wrong with the
    file, if anything ("" when it was fine or absent): a broken file is never fatal."""
    path = saves / PREFERENCES_FILE
    if not path.exists():
        return Preferences(), ""
    try:
        data = parse_toml(path, read_bytes(path, max_bytes=MAX_PREFERENCES_BYTES))
        return msgspec.convert(data, Preferences), ""
    except CampaignFileError as error:
        return Preferences(), f"{path.name}: {error.message}"
    except msgspec.ValidationError as error:
        return Preferences(), f"{path.name}: {error}"
    except OSError as error:
        return Preferences(), f"{path.name}: {error.strerror or error}"


def write_preferences(saves: Path, preferences: Preferences) -> None:
    """Replace the preferences file whole (atomically), creating the saves directory."""
    saves.mkdir(parents=True, exist_ok=True)
    atomic_write(saves / PREFERENCES_FILE, dumps(preferences))
