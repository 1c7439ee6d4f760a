"""The player's config file: what belongs to the player, not to a campaign (the theme, the
saves folder, the seat this machine usually takes, the dice, the keys, how a window follows
the campaign).

``config.toml`` in the platform's config folder (``--config FILE`` or
``$STRANGE_TUI_CONFIG`` choose another). It is read leniently: each bad key is one line
and the app starts anyway, without it. It is written only when the player changes
something in the app (the theme), and then only that key's line, so a file the player
wrote by hand keeps its comments and its order. docs/config.md lists every key.

The file may be a link (dotfile managers keep the real file elsewhere): it is the player's
own file, named by the player, so the link is followed, to read and to write (the
target is replaced in its own folder, the link kept). A file the app could not read whole
(too large, not UTF-8, no plain file) is never written: the player's file matters more
than the theme."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.paths import APP_NAME
from strange_tui.storage.toml_io import FILE_MODE, atomic_write, parse_toml, read_bytes

CONFIG_FILE = "config.toml"
ENV_CONFIG = "STRANGE_TUI_CONFIG"
MAX_CONFIG_BYTES = 64 * 1024
MAX_KEYS = 512
"""The most remapped bindings a keymap takes (the app has about two hundred)."""
PREFERENCES_FILE = "preferences.toml"
"""Where the theme was kept before the config file: ``<saves>/preferences.toml``, read
once into the config and then removed."""
DICE_MODES = ("app", "own")
"""``app``: a blank die field lets the app roll; ``own``: every die is the player's, typed."""
FOLLOW_MODES = ("watch", "poll")
"""``watch``: the system's file events where it has them (storage/watching.py); ``poll``:
a look at the journal every 0.3 s, always (a folder whose events cannot be trusted)."""
GM_SEAT = "gm"
_KEY_LIST = re.compile(r"^[a-z0-9_]+(\+[a-z0-9_]+)*(,[a-z0-9_]+(\+[a-z0-9_]+)*)*$")
"""One key or several, comma-separated, in Textual's names: "ctrl+o", "f2", "r,ctrl+r"."""
_BINDING_ID = re.compile(r"^[A-Za-z0-9_.-]{1,80}$")


class ConfigUnchanged(OSError):
    """The config file was left as it is, and why (one line, for the player)."""


class Config(msgspec.Struct, frozen=True, kw_only=True):
    """What the config file says, every key checked; the defaults where it says nothing."""

    theme: str = ""
    saves: str = ""
    seat: str = GM_SEAT
    dice: str = "app"
    follow: str = "watch"
    keys: dict[str, str] = msgspec.field(default_factory=dict)
    path: Path | None = None
    """The file these came from (or would be written to): not a key of the file."""


def config_path(option: str | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The config file: ``--config FILE``, else $STRANGE_TUI_CONFIG, else ``config.toml`` in
    the platform's config folder (it need not exist)."""
    env = os.environ if env is None else env
    if option:
        return Path(option).expanduser()
    if env.get(ENV_CONFIG):
        return Path(env[ENV_CONFIG]).expanduser()
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False) / CONFIG_FILE


def config_origin(option: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """What chose the config file, in words (for ``--where`` and ``keys``)."""
    env = os.environ if env is None else env
    if option:
        return "--config"
    if env.get(ENV_CONFIG):
        return f"${ENV_CONFIG}"
    return "the platform's config folder"


def read_config(path: Path) -> tuple[Config, list[str]]:
    """The config in ``path`` (the defaults when there is none) and a line for each thing
    wrong with it. A broken file, or a bad key, is never fatal: the rest still counts."""
    if not path.exists() and not path.is_symlink():
        return Config(path=path), []
    try:
        data = parse_toml(path, read_bytes(real_file(path), max_bytes=MAX_CONFIG_BYTES))
    except CampaignFileError as error:
        return Config(path=path), [f"{path.name}: {error.message} (the file was ignored)"]
    except OSError as error:
        return Config(path=path), [f"{path.name}: {error.strerror or error} (ignored)"]
    values, problems = checked(data)
    return Config(path=path, **values), [f"{path.name}: {problem}" for problem in problems]


def checked(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The keys of a config file that are right, and a sentence for each that is not."""
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, value in data.items():
        if key in ("theme", "saves", "seat", "dice", "follow"):
            if not isinstance(value, str) or len(value) > 4096 or "\x00" in value:
                problems.append(f"{key} must be a line of text (ignored)")
            elif key == "dice" and value not in DICE_MODES:
                problems.append(f"dice is 'app' or 'own', not {value!r} (ignored)")
            elif key == "follow" and value not in FOLLOW_MODES:
                problems.append(f"follow is 'watch' or 'poll', not {value[:40]!r} (ignored)")
            elif key == "seat" and not value.strip():
                problems.append("seat is 'gm' or a character's name (ignored)")
            else:
                values[key] = value
        elif key == "keys":
            values["keys"], bad = checked_keys(value)
            problems += bad
        else:
            problems.append(f"no key is called {str(key)[:40]!r} (ignored)")
    return values, problems


def checked_keys(table: Any) -> tuple[dict[str, str], list[str]]:
    """The ``[keys]`` table: binding ids to keys, each checked for its shape (whether the id
    names a binding is the app's to say, as it knows its screens)."""
    if not isinstance(table, dict):
        return {}, ['keys must be a table: [keys] then lines like home.roll = "ctrl+o"']
    keys: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, value in flattened(table):
        if len(keys) >= MAX_KEYS:
            problems.append(f"keys: more than {MAX_KEYS} bindings (the rest ignored)")
            break
        if not _BINDING_ID.match(str(binding_id)):
            problems.append(f"keys: {str(binding_id)[:40]!r} is no binding id (ignored)")
        elif not isinstance(value, str) or not _KEY_LIST.match(value.replace(" ", "")):
            problems.append(
                f'keys: {binding_id} = {str(value)[:40]!r} is not a key like "ctrl+o" or'
                ' "f5" (ignored)'
            )
        else:
            keys[binding_id] = value.replace(" ", "")
    return keys, problems


def flattened(table: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """``home.roll = "ctrl+o"`` is TOML for a table ``home`` holding ``roll``: the binding
    id is the dotted name again (quoted, ``"home.roll"``, it is one key: the same)."""
    pairs: list[tuple[str, Any]] = []
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            pairs += flattened(value, f"{name}.")
        else:
            pairs.append((name, value))
    return pairs


def real_file(path: Path) -> Path:
    """The file ``path`` names: itself, or the file its link (or chain of links) ends at."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def set_value(path: Path, key: str, value: str) -> None:
    """Write ``key = "value"`` into the config file: that line replaced (or added at the
    top), every other line as it was. The file and its folder are made when missing; a
    link's target is written, the link kept. ConfigUnchanged, and nothing written, when
    the file (or a link's target) exists but cannot be read whole as text, or a link
    leads nowhere."""
    line = f"{key} = {msgspec.json.encode(value).decode()}"
    target = real_file(path)
    if target != path and not os.path.lexists(target):
        raise ConfigUnchanged(f"{path} links to {target}, which is missing; it was left as it is")
    try:
        text = read_bytes(target, max_bytes=MAX_CONFIG_BYTES).decode() if target.exists() else ""
    except CampaignFileError as error:
        raise ConfigUnchanged(f"{error}; it was left as it is") from None
    except UnicodeDecodeError:
        raise ConfigUnchanged(f"{target} is not UTF-8 text; it was left as it is") from None
    lines = text.splitlines()
    top_level = len(lines)
    for number, existing in enumerate(lines):
        if existing.lstrip().startswith("["):
            top_level = number  # Keys of the file itself come before its first table.
            break
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number in range(top_level):
        if pattern.match(lines[number]):
            lines[number] = line
            break
    else:
        lines.insert(top_level, line)
    target.parent.mkdir(parents=True, exist_ok=True)
    _replace(target, ("\n".join(lines) + "\n").encode())


def _replace(target: Path, data: bytes) -> None:
    """Replace ``target`` whole or not at all (a temp file in its folder, synced, renamed
    over), keeping its mode: a config kept private (0600) stays private."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = FILE_MODE
    atomic_write(target, data, mode)


def migrate_preferences(config: Config, saves: Path) -> tuple[Config, str]:
    """The theme kept in ``<saves>/preferences.toml`` (before the config file existed),
    moved into the config file once: written there, then the old file removed. The config's
    own theme wins. Returns the config and what went wrong, if anything ("")."""
    old = saves / PREFERENCES_FILE
    if not old.is_file() or old.is_symlink() or config.path is None:
        return config, ""
    try:
        data = parse_toml(old, read_bytes(old, max_bytes=MAX_CONFIG_BYTES))
    except CampaignFileError as error:
        return config, f"{old.name}: {error.message} (not moved into {config.path.name})"
    theme = data.get("theme")
    try:
        if isinstance(theme, str) and theme and not config.theme:
            set_value(config.path, "theme", theme)
            config = msgspec.structs.replace(config, theme=theme)
        old.unlink()
    except OSError as error:
        why = error.strerror or error
        return config, f"{old.name} could not be moved into {config.path}: {why}"
    return config, ""
