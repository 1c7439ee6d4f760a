"""campaign.toml: the header, its seal, and a snapshot of the state after event ``seq``."""

from __future__ import annotations

from pathlib import Path

from strange_tui.campaign.model.consistency import problems
from strange_tui.campaign.model.state import Campaign
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.migrations import (
    CURRENT_VERSION,
    FORMAT_CAMPAIGN,
    check_header,
    migrate_state,
)
from strange_tui.storage.seals import SEALED_SINCE, check_seal, check_seal_first, seal
from strange_tui.storage.toml_io import (
    Decoded,
    atomic_write,
    convert,
    dumps,
    parse_toml,
    read_bytes,
)

_DECODED = Decoded()


def read_snapshot(path: Path) -> tuple[Campaign, int]:
    """The snapshot's state and the file's format version. A sealed one that does not
    match its seal (an edit, a flipped digit, a file made to cost the reader) is refused
    before it is parsed; what else is wrong in it is said by field or line."""
    data = read_bytes(path)
    if (known := _DECODED.get(data)) is not None:
        return known
    sealed = check_seal_first(path, data, FORMAT_CAMPAIGN)
    document = parse_toml(path, data)
    version = check_header(path, document, FORMAT_CAMPAIGN)
    state = document.get("state")
    if not isinstance(state, dict):
        raise CampaignFileError(path, "has no [state] table", field="state")
    campaign = convert(path, migrate_state(state, version), Campaign, field="state")
    for where, wrong in problems(campaign):
        raise CampaignFileError(path, wrong, field=f"state.{where}")
    if document.get("seq") != campaign.seq:
        raise CampaignFileError(
            path,
            f"seq {document.get('seq')!r} does not match state.seq {campaign.seq}",
            field="seq",
        )
    if version >= SEALED_SINCE and not sealed:
        check_seal(path, data.replace(b"\r\n", b"\n"))
    return _DECODED.keep(data, (campaign, version))


def write_snapshot(path: Path, state: Campaign) -> None:
    """Replace campaign.toml atomically with ``state``, sealed."""
    head = dumps({"format": FORMAT_CAMPAIGN, "version": CURRENT_VERSION})
    atomic_write(path, seal(head, dumps({"seq": state.seq, "state": state})))
