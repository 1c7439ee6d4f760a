"""Where campaigns live: the saves directory, and safe folder names for campaigns."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

ENV_SAVES = "STRANGE_TUI_SAVES"
MAX_SLUG = 48
APP_NAME = "strange-tui"


def slugify(name: str) -> str:
    """A folder name made from a campaign's name: lowercase ASCII letters, digits and dashes
    only, so no name can reach outside the saves directory ("../x" becomes "x")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:MAX_SLUG].strip("-")
    if not slug:
        raise ValueError(f"{name!r} has no letters or digits to name a campaign folder with")
    return slug


PLATFORM_SAVES = (
    ("Linux", "~/.local/share/strange-tui/saves"),  # $XDG_DATA_HOME replaces ~/.local/share
    ("macOS", "~/Library/Application Support/strange-tui/saves"),
    ("Windows", "%LOCALAPPDATA%\\strange-tui\\saves"),
)
"""The platform's data folder for saves: platformdirs' user_data_path(APP_NAME) / "saves"."""


def find_saves(
    option: str | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> tuple[Path, str]:
    """The saves directory and what chose it: DESIGN.md's ``--saves DIR``, else
    $STRANGE_TUI_SAVES, else ./saves when it exists, else the platform's user data folder."""
    env = os.environ if env is None else env
    if option:
        return Path(option).expanduser(), "--saves"
    if env.get(ENV_SAVES):
        return Path(env[ENV_SAVES]).expanduser(), f"${ENV_SAVES}"
    local = (cwd or Path.cwd()) / "saves"
    if local.is_dir():
        return local, "./saves in the current folder"
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False) / "saves", "the platform's data folder"


def saves_dir(
    option: str | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Path:
    """The saves directory (see `find_saves`)."""
    return find_saves(option, env, cwd)[0]


def campaign_path(argument: str, saves: Path) -> Path:
    """The folder a CAMPAIGN argument names: an existing campaign folder given as a path,
    else the campaign of that name in the saves directory."""
    given = Path(argument).expanduser()
    if (given / "campaign.toml").exists() or os.sep in argument or argument.startswith("."):
        return given
    return saves / slugify(argument)
