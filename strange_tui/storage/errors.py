"""The error every bad campaign file becomes: which file, where, and what is wrong."""

from __future__ import annotations

from pathlib import Path


class CampaignFileError(Exception):
    """A campaign file that cannot be read as it is. Nothing was changed on disk."""

    def __init__(
        self,
        file: Path | str,
        message: str,
        *,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.file = Path(file)
        self.message = message
        self.line = line
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        where = str(self.file)
        if self.line is not None:
            where += f", line {self.line}"
        if self.field:
            where += f": {self.field}"
        return f"{where}: {self.message}"
