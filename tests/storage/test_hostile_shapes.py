"""A tiny file must not eat the machine: the standard TOML reader is quadratic in a dotted
key's parts (20,000 parts in 43 KB took 4 s and 2.4 GB), so such a key is refused before
parsing, in a campaign file, a history chunk, a pack or a theme, with the file and line."""

import time
import tracemalloc
from pathlib import Path

import pytest

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.declared import MAX_KEY_PARTS
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.toml_io import parse_toml
from tests.storage.sealing import reseal
from tests.storage.test_folder import new_campaign

DEMO_CHUNK = Path(__file__).resolve().parents[2] / "saves" / "demo" / "history" / "0001.toml"


def dotted(parts: int) -> str:
    return ".".join("k" for _ in range(parts))


def cost(data: bytes) -> tuple[float, int]:
    """Seconds and peak bytes to parse (or refuse) ``data``."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        parse_toml(Path("probe.toml"), data)
    except CampaignFileError:
        pass
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak


def test_a_100_kb_key_of_50000_parts_costs_less_than_reading_a_normal_file():
    hostile = f"{dotted(50_000)} = 1\n".encode()
    chunk = DEMO_CHUNK.read_bytes()
    head, events = chunk[: chunk.index(b"[[events]]")], chunk[chunk.index(b"[[events]]") :]
    # About 100 KB of real events, as a history chunk holds them.
    normal = head + events * max(1, round(100_000 / len(events)))
    assert 90_000 < len(hostile) < 110_000 and 80_000 < len(normal) < 125_000
    hostile_seconds, hostile_peak = cost(hostile)
    normal_seconds, normal_peak = cost(normal)
    assert hostile_seconds / normal_seconds < 1.0
    assert hostile_peak / normal_peak < 1.0


@pytest.mark.parametrize(
    "text",
    [f"{dotted(20_000)} = 1", f"[{dotted(20_000)}]", f"[[{dotted(MAX_KEY_PARTS + 1)}]]"],
    ids=["key", "table", "array-of-tables"],
)
def test_a_key_of_too_many_parts_is_refused_with_its_line(text):
    with pytest.raises(CampaignFileError, match=r"probe.toml, line 3: .*more than 64 dotted"):
        parse_toml(Path("probe.toml"), f"a = 1\n\n{text}\n".encode())


def test_keys_of_our_own_shape_and_dotted_text_in_strings_are_read():
    text = f'{dotted(MAX_KEY_PARTS)} = 1\nnote = "{dotted(500)}"\n"a.b".c = 2\n'
    assert parse_toml(Path("probe.toml"), text.encode())["note"] == dotted(500)


def test_check_refuses_a_campaign_toml_with_a_huge_dotted_key(tmp_path):
    folder = new_campaign(tmp_path / "saves")
    with folder.campaign_file.open("a") as file:
        file.write(f"\n{dotted(20_000)} = 1\n")
    reseal(folder.campaign_file)  # Sealed anew: the key, not the seal, is refused.
    with pytest.raises(CampaignFileError, match="campaign.toml, line .*dotted parts"):
        CampaignFolder(folder.path).check()
