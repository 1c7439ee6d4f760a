"""A whole campaign as one backup archive (a .zip), to keep or to hand to another table.

Export reads the campaign under its lock once ``check`` accepts it, each file plain (never
a link's target), with a manifest of sizes and SHA-256s; the zip is written beside its
destination, then linked into place, never over a file. Import treats a zip as hostile:
archive, directory and each member's headers (``zip_shape``: no ZIP64), each member's name,
kind, size and ratio, then its bytes counted and hashed as they unpack into a hidden folder
of the saves directory (the campaign list leaves those out; ``staging``: a killed import's
is cleared by the next), where the campaign is checked before it is renamed into place.

Past 300 lines: export and import share the format (names, bounds, manifest), and each
side checks what the other promises, so they stay in one module."""

from __future__ import annotations

import hashlib
import io
import os
import re
import stat
import struct
import tempfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, BinaryIO

import msgspec

from strange_tui import __version__
from strange_tui.campaign.model.state import Campaign
from strange_tui.storage import history, zip_shape
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import (
    CAMPAIGN_FILE,
    DIR_MODE,
    HISTORY_DIR,
    JOURNAL_FILE,
    RESERVED,
    CampaignFolder,
)
from strange_tui.storage.locking import CampaignBusy
from strange_tui.storage.paths import name_problem, shown, slugify
from strange_tui.storage.side_files import NO_FOLLOW, NON_BLOCKING
from strange_tui.storage.staging import staging_folder
from strange_tui.storage.toml_io import FILE_MODE, MAX_FILE_BYTES, fsync_folder, read_bytes

FORMAT = "strange-tui/backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
MAX_ARCHIVE_BYTES = 512 * 1024 * 1024
MAX_MEMBERS = 10_000
"""Campaign files an archive may hold: a history chunk per checkpoint, years of play."""
MAX_MEMBER_BYTES = MAX_FILE_BYTES  # No campaign file is read past it, nor unpacked.
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
MAX_MANIFEST_BYTES = 4 * 1024 * 1024
MAX_DIRECTORY_BYTES = 8 * 1024 * 1024
"""The zip's central directory, which zipfile reads whole before any member."""
MAX_RATIO = 200
"""TOML deflates to a tenth or so; a member of a megabyte or more past this is a bomb."""
READ_CHUNK = 64 * 1024
CAMPAIGN_MEMBER = re.compile(r"campaign\.toml|journal\.toml|history/[0-9]{1,9}\.toml")
"""The names a campaign's files have in an archive (the manifest's besides)."""
NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError)
_ZIP_ERRORS += (EOFError, ValueError, struct.error, zlib.error)  # A damaged or odd zip.


class ArchiveError(Exception):
    """A backup that cannot be made or taken in; one line saying why. Nothing was written."""


class _Refused(Exception):
    """Why an archive is refused, before the archive's name is put in front."""


class ManifestFile(msgspec.Struct, frozen=True):
    name: str
    size: Annotated[int, msgspec.Meta(ge=0)]
    sha256: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]


class Manifest(msgspec.Struct, frozen=True):
    """manifest.json: what the backup holds, each file with its size and SHA-256."""

    format: str
    version: int
    campaign: str
    files: list[ManifestFile]
    folder: str = ""
    """The folder the campaign was backed up from: its folder again on import."""
    app: str = ""
    events: int = 0
    made: str = ""


# Export.


def export_campaign(campaign: Path, archive: Path) -> str:
    """Back up the campaign folder ``campaign`` into a new file ``archive`` (a .zip); the
    line that says what it holds."""
    exists = f"{archive} exists already; a backup never replaces a file"
    if not archive.name.lower().endswith(".zip"):
        raise ArchiveError(f"{archive}: a backup is a .zip file; end its name with .zip")
    if os.path.lexists(archive):
        raise ArchiveError(exists)
    if not archive.parent.is_dir():
        raise ArchiveError(f"{archive.parent} is not a folder; nothing was written")
    if campaign.is_symlink() or not (campaign / CAMPAIGN_FILE).is_file():
        raise ArchiveError(f"{campaign} is not a campaign folder; nothing was written")
    if archive.parent.resolve().is_relative_to(campaign.resolve()):
        raise ArchiveError(f"{archive}: a backup goes outside the campaign's own folder")
    folder = CampaignFolder(campaign)
    try:
        with folder.lock.held(note=False):  # No writer changes a file while they are read.
            state = folder.check()
            temp, manifest = _write_zip(folder, state, archive)
    except CampaignBusy as busy:
        raise ArchiveError(str(busy)) from None
    except CampaignFileError as error:
        raise ArchiveError(f"{error}; a campaign that does not check is not backed up") from None
    try:
        size = temp.stat().st_size // 1024
        try:  # A link, unlike a rename, fails rather than replace a file made meanwhile.
            os.link(temp, archive)
        except FileExistsError:
            raise ArchiveError(exists) from None
        except OSError:  # A file system without hard links (FAT, some shares).
            if os.path.lexists(archive):
                raise ArchiveError(exists) from None
            os.rename(temp, archive)
        fsync_folder(archive.parent)
    finally:
        temp.unlink(missing_ok=True)
    held = f"{state.seq} events, {len(manifest.files)} files, {size:,} KB"
    return f"Backed up {state.name} ({held}) to {archive}."


def campaign_members(folder: CampaignFolder) -> list[tuple[str, Path]]:
    """Each file a backup holds of ``folder``: its name in the archive, and its path."""
    members = [(CAMPAIGN_FILE, folder.campaign_file), (JOURNAL_FILE, folder.journal_file)]
    for chunk in history.chunk_paths(folder.history_dir):
        name = f"{HISTORY_DIR}/{chunk.name}"
        if not CAMPAIGN_MEMBER.fullmatch(name):
            raise ArchiveError(f"{chunk}: a history chunk is named by the digits 0 to 9 only")
        members.append((name, chunk))
    if len(members) > MAX_MEMBERS:
        raise ArchiveError(f"{folder.path} has more than {MAX_MEMBERS:,} files to back up")
    return members


def _write_zip(folder: CampaignFolder, state: Campaign, archive: Path) -> tuple[Path, Manifest]:
    """The archive written whole to a temp file beside ``archive``: its path, its manifest."""
    fd, name = tempfile.mkstemp(prefix=f".{archive.name}.", suffix=".tmp", dir=archive.parent)
    temp = Path(name)
    try:
        os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "wb") as out:
            with zipfile.ZipFile(out, "w") as zipped:
                files, total = [], 0
                for member, path in campaign_members(folder):
                    data = read_bytes(path)  # A plain file, never a link's target.
                    total += len(data)
                    if total > MAX_TOTAL_BYTES:
                        raise ArchiveError(f"{folder.path} holds more than a backup can")
                    zipped.writestr(_member_info(member), data)
                    files.append(ManifestFile(member, len(data), hashlib.sha256(data).hexdigest()))
                manifest = Manifest(
                    FORMAT, FORMAT_VERSION, state.name, files, folder.path.name,
                    f"strange-tui {__version__}", state.seq, time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                )  # fmt: skip
                zipped.writestr(_member_info(MANIFEST), msgspec.json.encode(manifest))
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp, manifest


def _member_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=time.localtime()[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix: the mode below says a plain file.
    info.external_attr = (stat.S_IFREG | 0o644) << 16
    return info


# Import.


def import_campaign(archive: Path, saves: Path, name: str | None = None) -> tuple[Path, str]:
    """Take in the backup ``archive`` as a new campaign of ``saves``, in the folder
    ``name`` gives (default: the folder it was backed up from); the folder, and the line
    that says what it holds."""
    try:
        with _opened(archive) as file:
            try:
                with zipfile.ZipFile(file) as zipped:
                    return _take_in(zipped, saves, name)
            except _ZIP_ERRORS as error:
                raise _Refused(f"is not a readable zip ({error})") from None
    except _Refused as refused:
        raise ArchiveError(f"{archive}: {refused}; nothing was imported") from None


@contextmanager
def _opened(archive: Path) -> Iterator[BinaryIO]:
    """The archive, opened only as a plain file (never a link's target, a FIFO or a
    device) of a size a backup can be, its directory bounded."""
    try:
        fd = os.open(archive, os.O_RDONLY | NO_FOLLOW | NON_BLOCKING)
    except FileNotFoundError:
        raise _Refused("no such file") from None
    except OSError as error:
        if archive.is_symlink():
            raise _Refused("is a symbolic link; give the file itself") from None
        raise _Refused(f"cannot be read ({error.strerror or error})") from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Refused("is not a plain file")
        if info.st_size > MAX_ARCHIVE_BYTES:
            raise _Refused(f"is {info.st_size:,} bytes, more than a backup can be")
        bounds = {"most_members": MAX_MEMBERS + 1, "most_bytes": MAX_DIRECTORY_BYTES}
        if problem := zip_shape.directory_problem(file, info.st_size, **bounds):
            raise _Refused(problem)
        yield file


def member_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a member of a backup (None: a campaign's file)."""
    if not name or re.search(r"[\x00-\x1f\x7f]", name):
        return "has no name or a control character in it"
    if "\\" in name:
        return "has a backslash in its name"
    if name.startswith("/"):
        return "is an absolute path"
    if re.match(r"[A-Za-z]:", name):
        return "names a drive"
    if ".." in name.split("/"):
        return "climbs out of its folder (..)"
    if name != MANIFEST and not CAMPAIGN_MEMBER.fullmatch(name):
        return "is no file of a campaign folder"
    return None


def kind_problem(info: zipfile.ZipInfo) -> str | None:
    """What is wrong with a member as a plain file a backup holds (None: one)."""
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        return "is a symbolic link"
    if info.is_dir() or stat.S_IFMT(mode) not in (0, stat.S_IFREG):  # 0: no type given.
        return "is not a plain file"
    if info.flag_bits & 0x1:
        return "is encrypted"
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return "is compressed in a way no backup is"
    limit = MAX_MANIFEST_BYTES if info.orig_filename == MANIFEST else MAX_MEMBER_BYTES
    if info.file_size > limit:
        return f"unpacks to {info.file_size:,} bytes, more than {limit:,}"
    if info.file_size > 1024 * 1024 and info.file_size > MAX_RATIO * info.compress_size:
        return f"unpacks to over {MAX_RATIO} times its size (a zip bomb)"
    return None


def _members(zipped: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """Every member by name, each proven a campaign's plain file of a bounded size."""
    infos, file = zipped.infolist(), zipped.fp
    assert file is not None, "a zip opened to read"
    if len(infos) > MAX_MEMBERS + 1:
        raise _Refused(f"holds {len(infos):,} members, more than a backup's {MAX_MEMBERS + 1:,}")
    found: dict[str, zipfile.ZipInfo] = {}
    for info in infos:
        name = info.orig_filename  # As stored: zipfile cuts its filename at a NUL.
        problem = member_problem(name) or kind_problem(info)
        if problem or (problem := zip_shape.zip64_problem(file, info)):
            raise _Refused(f"member {shown(name)} {problem}")
        if name in found:
            raise _Refused(f"holds {shown(name)} twice")
        found[name] = info
    if sum(info.file_size for info in infos) > MAX_TOTAL_BYTES:
        raise _Refused(f"unpacks to more than {MAX_TOTAL_BYTES:,} bytes")
    if MANIFEST not in found:
        raise _Refused(f"holds no {MANIFEST}: it is no strange-tui backup")
    return found


def _manifest(zipped: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo]) -> Manifest:
    """The manifest, each field of its kind, listing exactly the other members."""
    text = io.BytesIO()
    _unpack(zipped, members.pop(MANIFEST), text)
    try:
        manifest = msgspec.json.decode(text.getvalue(), type=Manifest)
    except msgspec.ValidationError as error:
        raise _Refused(f"{MANIFEST} is not a backup's manifest ({error})") from None
    except (msgspec.DecodeError, RecursionError):
        raise _Refused(f"{MANIFEST} is not JSON") from None
    if manifest.format != FORMAT:
        raise _Refused(f"{MANIFEST} is not a strange-tui backup's")
    if manifest.version > FORMAT_VERSION:
        raise _Refused(f"made by a newer strange-tui (format {manifest.version}); update first")
    if len(listed := {file.name: file for file in manifest.files}) < len(manifest.files):
        raise _Refused(f"{MANIFEST} lists a file twice")
    for name, info in members.items():
        if name not in listed:
            raise _Refused(f"member {shown(name)} is not in its {MANIFEST}")
        if listed[name].size != info.file_size:
            raise _Refused(f"member {shown(name)} is not the size its {MANIFEST} gives")
    for missing in sorted(listed.keys() - members.keys()):
        raise _Refused(f"{MANIFEST} lists {shown(missing)}, which it does not hold")
    return manifest


def _take_in(zipped: zipfile.ZipFile, saves: Path, name: str | None) -> tuple[Path, str]:
    members = _members(zipped)
    manifest = _manifest(zipped, members)
    target = _target(saves, name or manifest.folder or manifest.campaign)
    saves.mkdir(parents=True, exist_ok=True)
    with staging_folder(saves, target.name) as building:  # Removed if anything fails.
        (building / HISTORY_DIR).mkdir()
        for file in manifest.files:
            fd = os.open(building / file.name, NEW_FILE, FILE_MODE)
            with os.fdopen(fd, "wb") as out:
                if _unpack(zipped, members[file.name], out) != file.sha256:
                    raise _Refused(f"member {shown(file.name)} does not match its checksum")
                os.fsync(out.fileno())
        fsync_folder(building / HISTORY_DIR)
        try:
            state = CampaignFolder(building).check()
        except CampaignFileError as error:
            where = Path(os.path.relpath(error.file, building))
            said = CampaignFileError(where, error.message, line=error.line, field=error.field)
            raise _Refused(f"its campaign does not check: {said}") from None
        if state.name != manifest.campaign:
            raise _Refused(f"{MANIFEST} names {shown(manifest.campaign)}, its campaign another")
        os.chmod(building, DIR_MODE)
        fsync_folder(building)
        _target(saves, target.name)  # Still free: another window may have made it meanwhile.
        os.rename(building, target)
    fsync_folder(saves)
    people = f"{len(state.characters) + len(state.hunters)} characters, {state.seq} events"
    return (target, f"Imported {state.name} as {target.name}/ ({people}).")


def _target(saves: Path, name: str) -> Path:
    """The new campaign's folder: a safe name in the saves directory, and free."""
    if problem := name_problem(name):
        raise _Refused(problem.rstrip("."))
    try:
        target = saves / slugify(name)
    except ValueError as error:
        raise _Refused(str(error)) from None
    if target.name in RESERVED:
        raise _Refused(f"{target.name}/ is where strange-tui keeps packs or themes")
    if os.path.lexists(target):
        raise _Refused(
            f"{target.name}/ is a campaign already; import under another name (--as NAME)"
        )
    return target


def _unpack(zipped: zipfile.ZipFile, info: zipfile.ZipInfo, out: IO[bytes]) -> str:
    """Write a member's bytes to ``out``, counted as they come (never past its declared
    size); their SHA-256."""
    hashed, count = hashlib.sha256(), 0
    with zipped.open(info) as source:
        while part := source.read(READ_CHUNK):
            count += len(part)
            if count > min(info.file_size, MAX_MEMBER_BYTES):
                raise _Refused(f"member {shown(info.orig_filename)} holds more than it declares")
            hashed.update(part)
            out.write(part)
    if count != info.file_size:
        raise _Refused(f"member {shown(info.orig_filename)} holds less than it declares")
    return hashed.hexdigest()
