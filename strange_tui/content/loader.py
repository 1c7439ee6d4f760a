"""Loads content packs: the built-in ``strange`` pack, then user packs that add or
override entries by id. A bad entry or file is reported with file and field and skipped;
everything else loads. Built-in kinds are read lazily, one file per kind (the small solo
tables share one), on first use."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from strange_tui.content.controls import unseen_problem
from strange_tui.content.model import KINDS, Entry, PackHeader
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import convert, parse_toml, read_bytes

BUILTIN_PACK = "strange"
MAX_PACK_BYTES = 8 * 1024 * 1024
SHARED_FILES: dict[str, tuple[str, ...]] = {
    "solo": (
        "intrusions",
        "complications",
        "scenes",
        "meanings",
        "gifts",
        "alterations",
        "event_foci",
        "task_words",
    ),
}
"""Built-in files that hold several small kinds, by file stem. A user pack of the same
file name replaces each of these kinds it holds, whole: the solo tables are short lists
a player may want to swap for their own, not amend line by line."""


def builtin_files() -> dict[str, list[Path]]:
    """The built-in pack's files by kind: ``<kind>.toml`` or ``<kind>-<part>.toml``, and
    the files of ``SHARED_FILES`` under each kind they hold."""
    folder = Path(str(resources.files(__package__).joinpath(BUILTIN_PACK)))
    files: dict[str, list[Path]] = {}
    for path in sorted(folder.glob("*.toml")):
        for kind in SHARED_FILES.get(path.stem, (path.stem.split("-")[0],)):
            files.setdefault(kind, []).append(path)
    return files


def user_pack_files(saves: Path | None, extra: Iterable[Path] = ()) -> list[Path]:
    """User packs: ``<saves>/packs/*.toml`` in name order, then ``--pack`` files."""
    found = sorted((saves / "packs").glob("*.toml")) if saves and (saves / "packs").is_dir() else []
    return [*found, *extra]


class PackFile:
    """One parsed pack file: its header and its raw tables by kind. A user's file
    (``checked``) is refused text that could drive a terminal (``controls.py``); the
    built-in pack is held to that by its tests, not on every start."""

    def __init__(self, path: Path, problems: list[str], *, checked: bool = False) -> None:
        self.path = path
        self.checked = checked
        self.header: PackHeader | None = None
        self.tables: dict[str, list[Any]] = {}
        try:
            document = parse_toml(path, read_bytes(path, max_bytes=MAX_PACK_BYTES))
        except CampaignFileError as error:
            problems.append(str(error))
            return
        header = document.pop("pack", None)
        if header is not None and (refused := self._refused(header, "pack")):
            problems.append(refused)
        elif header is not None:
            try:
                self.header = convert(path, header, PackHeader, field="pack")
            except CampaignFileError as error:
                problems.append(str(error))
        for kind, table in document.items():
            if kind not in KINDS:
                problems.append(f"{path}: {kind}: not a kind of content ({', '.join(KINDS)})")
            elif not isinstance(table, list):
                problems.append(f"{path}: {kind}: expected an array of tables ([[{kind}]])")
            else:
                self.tables[kind] = table

    def entries(self, kind: str, problems: list[str]) -> list[Entry]:
        """The valid entries of ``kind``; each bad one is reported and skipped."""
        valid = []
        for index, raw in enumerate(self.tables.get(kind, [])):
            if refused := self._refused(raw, f"{kind}[{index}]"):
                problems.append(refused)
                continue
            try:
                valid.append(convert(self.path, raw, KINDS[kind], field=f"{kind}[{index}]"))
            except CampaignFileError as error:
                problems.append(str(error))
        return valid

    def _refused(self, raw: Any, field: str) -> str | None:
        """Why a user's ``raw`` table cannot load for the text it holds, or None."""
        if not self.checked:
            return None
        found = unseen_problem(raw, field)
        return f"{self.path}: {found}" if found else None


_BUILTIN_ENTRIES: dict[tuple[Path, str], tuple[tuple[int, int], tuple[Entry, ...]]] = {}
"""The built-in pack's entries by file and kind, converted once per process (frozen
structs, shared): every Content of a process reads the same package files (the tests
open hundreds of campaigns, the app one or two). Kept with the file's time and size, so a
file changed since is read again; kept only when reading it told no problem."""


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None  # Not kept: PackFile tells why it cannot be read.
    return stat.st_mtime_ns, stat.st_size


class Content:
    """All content by kind and id. ``problems`` lists what could not be loaded."""

    def __init__(self, user_packs: Iterable[Path] = ()) -> None:
        self.problems: list[str] = []
        self.duplicates: list[str] = []
        """Ids defined twice within the built-in pack (a mistake in the pack)."""
        self._builtin = builtin_files()
        self._user_paths = list(user_packs)
        self._user: list[PackFile] | None = None
        self._kinds: dict[str, dict[str, Entry]] = {}
        self._parsed: dict[Path, PackFile] = {}
        """The shared files read so far: each is parsed (and its problems told) once."""

    def kind(self, kind: str) -> dict[str, Entry]:
        """Entries of one kind by id, built-in first, then user overrides (or, for a kind
        of a shared file, the user's file of that name alone)."""
        if kind not in KINDS:
            raise KeyError(f"{kind!r} is not a kind of content ({', '.join(KINDS)})")
        if kind not in self._kinds:
            entries: dict[str, Entry] = {}
            for path in self._builtin.get(kind, []):
                if self._replaced(path, kind):
                    continue
                for entry in self._builtin_entries(path, kind):
                    if entry.id in entries:
                        self.duplicates.append(f"{path.name}: {kind} {entry.id!r} defined twice")
                    entries[entry.id] = entry
            for pack in self._user_packs():
                for entry in pack.entries(kind, self.problems):
                    entries[entry.id] = entry
            self._kinds[kind] = entries
        return self._kinds[kind]

    def _replaced(self, builtin: Path, kind: str) -> bool:
        """Whether a user pack named like the shared built-in file holds its own ``kind``."""
        return builtin.stem in SHARED_FILES and any(
            pack.path.name == builtin.name and kind in pack.tables for pack in self._user_packs()
        )

    def _builtin_entries(self, path: Path, kind: str) -> tuple[Entry, ...]:
        """The valid entries of ``kind`` in the built-in file, read once per process
        (``_BUILTIN_ENTRIES``) while it reads without problems."""
        stamp = _stamp(path)
        kept = _BUILTIN_ENTRIES.get((path, kind))
        if kept is not None and kept[0] == stamp:
            return kept[1]
        before = len(self.problems)
        entries = tuple(self._builtin_file(path, self.problems).entries(kind, self.problems))
        if stamp is not None and len(self.problems) == before:  # Told problems: read again.
            _BUILTIN_ENTRIES[(path, kind)] = (stamp, entries)
        return entries

    def _builtin_file(self, path: Path, problems: list[str]) -> PackFile:
        if path.stem not in SHARED_FILES:
            return PackFile(path, problems)  # Read for one kind: not kept.
        if path not in self._parsed:
            self._parsed[path] = PackFile(path, problems)
        return self._parsed[path]

    def _user_packs(self) -> list[PackFile]:
        if self._user is None:
            self._user = [
                PackFile(path, self.problems, checked=True) for path in self._user_paths
            ]
        return self._user

    def load_all(self) -> Content:
        """Read every kind now (for checks and listings)."""
        for kind in KINDS:
            self.kind(kind)
        return self

    def headers(self) -> list[PackHeader]:
        """The headers of the built-in pack's files."""
        problems: list[str] = []
        paths = dict.fromkeys(path for paths in self._builtin.values() for path in paths)
        return [header for path in paths if (header := PackFile(path, problems).header) is not None]
