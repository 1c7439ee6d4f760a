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


MAX_NAME = 80
"""The longest name a campaign takes (the state's bound)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def slugify(name: str) -> str:
    """A folder name made from a campaign's name: letters, digits and dashes only, so no
    name can reach outside the saves directory ("../x" becomes "x"). Lowercase ASCII when
    the name has such letters (as strange-tui always made them: "Ünïcödé" is "unicode");
    else the name's own letters in any script ("القدس" stays "القدس")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = _dashed(re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()))
    if not slug:
        own = unicodedata.normalize("NFKC", name).casefold()
        slug = _dashed("".join(c if unicodedata.category(c)[0] in "LNM" else "-" for c in own))
    if not slug:
        raise ValueError(f"{shown(name)} has no letters or digits to name a campaign folder with")
    return slug


def _dashed(text: str) -> str:
    return re.sub("-+", "-", text).strip("-")[:MAX_SLUG].strip("-")


def shown(name: str, limit: int = 40) -> str:
    """A name as a message quotes it: short, its control characters escaped."""
    short = name if len(name) <= limit else name[:limit] + "…"
    return repr(short)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a campaign, in words (None: it can)."""
    if not name.strip():
        return "A campaign needs a name."
    if len(name) > MAX_NAME:
        return f"A campaign's name is {MAX_NAME} characters at most; this one has {len(name):,}."
    if _CONTROL.search(name):
        return "A campaign's name cannot hold control characters (a tab, an escape...)."
    return None


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
    if _holds_campaign(given) or os.sep in argument or argument.startswith("."):
        return given
    return saves / slugify(argument)


def new_campaign_path(argument: str, saves: Path) -> tuple[Path, bool]:
    """Where a campaign named by CAMPAIGN lives, and whether it exists: an existing
    campaign folder given as a path, else the saves directory's folder for that name. A
    name for a new campaign never becomes a path ("Rise/Fall" is "saves/rise-fall")."""
    given = Path(argument).expanduser()
    if _holds_campaign(given):
        return given, True
    if problem := name_problem(argument):
        raise ValueError(problem)
    path = saves / slugify(argument)
    return path, _holds_campaign(path)


def _holds_campaign(folder: Path) -> bool:
    try:
        return (folder / "campaign.toml").exists()
    except OSError:  # A name too long for a path (or unreadable): no campaign there.
        return False
