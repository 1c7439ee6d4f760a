"""Themes from TOML files (themes/*.toml and <saves>/themes/*.toml), as Textual Themes.

The built-in themes are the checkout's top-level ``themes/`` folder; a wheel carries a copy
of it as ``strange_tui/_themes`` (setup.py). A broken file is reported and skipped; the app
starts with the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import msgspec
from textual.theme import Theme

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import parse_toml, read_bytes

Colour = Annotated[str, msgspec.Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
PACKAGE = Path(__file__).resolve().parents[2]
MAX_THEME_BYTES = 64 * 1024
"""A theme is a few colours; anything larger is not one."""


def builtin_themes_folder(package: Path = PACKAGE) -> Path:
    """The built-in themes: ``themes/`` of the checkout the package runs from (an editable
    install, or a run from the source tree), else the copy packed into the wheel."""
    root = package.parent
    checkout = root / "themes"
    # pyproject.toml marks a checkout: an installed package's parent is site-packages, where
    # some other distribution may well have a "themes" folder of its own.
    if (root / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    return package / "_themes"


BUILTIN_THEMES = builtin_themes_folder()


class ThemeFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The fields a theme file may set."""

    name: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,40}$")]
    primary: Colour
    secondary: Colour | None = None
    accent: Colour | None = None
    foreground: Colour | None = None
    background: Colour | None = None
    surface: Colour | None = None
    panel: Colour | None = None
    success: Colour | None = None
    warning: Colour | None = None
    error: Colour | None = None
    dark: bool = True
    recursion: str | None = None  # The recursion this theme follows, if any.


def theme_folders(saves: Path | None) -> list[Path]:
    folders = [BUILTIN_THEMES]
    if saves is not None:
        folders.append(saves / "themes")
    return [folder for folder in folders if folder.is_dir()]


def load_themes(folders: list[Path]) -> tuple[list[tuple[Theme, str | None]], list[str]]:
    """Every valid theme (with the recursion it belongs to) and the problems found."""
    themes: list[tuple[Theme, str | None]] = []
    problems: list[str] = []
    for folder in folders:
        for path in sorted(folder.glob("*.toml")):
            try:
                # The campaign files' safe reader: a plain file, not too large, no link,
                # FIFO or device; a parse that nests too deeply is an error, not a crash.
                data = parse_toml(path, read_bytes(path, max_bytes=MAX_THEME_BYTES))
                spec = msgspec.convert(data, ThemeFile)
            except CampaignFileError as error:
                problems.append(f"{path.name}: {error.message}")
                continue
            except msgspec.ValidationError as error:
                problems.append(f"{path.name}: {error}")
                continue
            fields = msgspec.structs.asdict(spec)
            recursion = fields.pop("recursion")
            themes.append((Theme(**fields), recursion))
    return themes, problems
