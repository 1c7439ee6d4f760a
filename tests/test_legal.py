"""The licence notice the Cypher System Open License asks for, where it must stand."""

from importlib import metadata
from pathlib import Path

from strange_tui import legal

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_carries_the_csol_notice():
    text = " ".join(README.read_text().split())
    assert legal.COMPATIBILITY in text
    assert legal.CSOL_NOTICE in text
    assert legal.TRADEMARK_NOTICE in text


def test_package_metadata_names_the_licence():
    meta = metadata.metadata("strange-tui")
    assert "Cypher System Open License" in meta["License"]
