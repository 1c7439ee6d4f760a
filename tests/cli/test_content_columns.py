"""`strange-tui content KIND` lists every kind of content the packs may hold."""

import pytest

from strange_tui.cli import main
from strange_tui.cli.content import COLUMNS
from strange_tui.content.model import KINDS


def test_every_kind_of_content_has_its_columns():
    assert set(COLUMNS) == set(KINDS)


@pytest.mark.parametrize("kind", ["intrusions", "complications", "scenes"])
def test_the_solo_tables_list_from_the_shell(kind, capsys, tmp_path):
    assert main(["content", kind, "--saves", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) >= 12
