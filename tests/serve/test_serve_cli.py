"""`strange-tui serve` on the command line: the links it prints, the demo it builds, and one
clear line when the serve extra is missing."""

import sys
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.cli.serve.command import seat_server_class


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list:
    """The servers `serve` would run, without running them (serve() returns at once)."""
    servers = []
    monkeypatch.setattr(seat_server_class(), "serve", lambda self: servers.append(self))
    return servers


def test_serve_demo_builds_the_demo_and_serves_each_seat(tmp_path, served):
    assert main(["serve", "demo", "--saves", str(tmp_path), "--port", "8123"]) == 0
    (server,) = served
    assert (tmp_path / "demo" / "campaign.toml").is_file()
    assert server.path == (tmp_path / "demo").absolute()
    assert server.saves == tmp_path.absolute()
    assert (server.host, server.port) == ("127.0.0.1", 8123)
    assert [seat.name for seat in server.seats] == ["gm", "mara", "jun", "tess"]


def test_the_links_name_each_seat_and_its_character(demo, served, capsys):
    main(["serve", str(demo), "--public-url", "https://table.example.org/"])
    (server,) = served
    server.print_links()
    lines = capsys.readouterr().out.splitlines()
    links = [line for line in lines if "https://" in line]
    tokens = {seat.name: seat.token for seat in server.seats}
    assert links == [
        f"  gm    https://table.example.org/{tokens['gm']}/",
        f"  mara  https://table.example.org/{tokens['mara']}/  (Mara Quist)",
        f"  jun   https://table.example.org/{tokens['jun']}/  (Jun Okafor)",
        f"  tess  https://table.example.org/{tokens['tess']}/  (Tess Harrow)",
    ]
    assert "Demo: The Glass Door" in lines[0]


def test_the_limits_are_two_apps_a_seat_and_as_many_for_every_seat_unless_told(demo, served):
    main(["serve", str(demo)])
    main(["serve", str(demo), "--apps-per-seat", "3"])
    main(["serve", str(demo), "--apps-per-seat", "1", "--max-apps", "2"])
    limits = [(server.limits.per_seat, server.limits.total) for server in served]
    assert limits == [(2, 8), (3, 12), (1, 2)]  # The demo has four seats.


def test_an_ipv6_host_gets_bracketed_links(demo, served):
    main(["serve", str(demo), "--host", "::1", "--port", "9000"])
    assert served[0].public_url == "http://[::1]:9000"


def test_a_missing_serve_extra_is_one_clear_line(demo, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    seat_server_class.cache_clear()
    try:
        assert main(["serve", str(demo)]) == 2
    finally:
        seat_server_class.cache_clear()
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "serve extra" in error and "strange-tui[serve]" in error


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["serve"], "CAMPAIGN"),
        (["serve", "demo", "--port", "70000"], "port"),
        (["serve", "demo", "--port", "http"], "whole number"),
        (["serve", "demo", "--apps-per-seat", "0"], "1 or more"),
        (["serve", "demo", "--max-apps", "-1"], "1 or more"),
    ],
)
def test_a_bad_command_line_is_one_line(argv, says, tmp_path, served, capsys):
    # In tmp_path, and with no server run: a line taken in error must not serve the
    # repository's saves/ until the test is stopped.
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--saves", str(tmp_path)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert says in error and error.count("\n") == 1


def test_a_campaign_that_is_not_there_is_one_line(tmp_path, capsys):
    assert main(["serve", str(tmp_path / "nowhere")]) != 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "nowhere" in error


def test_the_plain_commands_do_not_import_textual_serve():
    # `serve` is registered with them; importing aiohttp would slow `strange-tui odds`.
    import subprocess

    probe = (
        "import sys; from strange_tui.cli import main; main(['odds', '3']);"
        "print('textual_serve' in sys.modules, 'aiohttp' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.stdout.splitlines()[-1] == "False False"
