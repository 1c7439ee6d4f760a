"""The trades' pack (trades.toml, R-SPEC-6): it loads, it holds the cheat sheet's eight
prices, each condition is one the tracker knows, the words are ours, and a bad entry is
reported with its field while a user pack changes a price by its id."""

import base64
import hashlib

from strange_tui.cli import main
from strange_tui.content.loader import Content, builtin_files
from strange_tui.content.model import KINDS, Trade
from strange_tui.content.validate import problems
from strange_tui.rules.combat import CONDITIONS
from tests.content import csrd_runs

HEADER = '[pack]\nid = "mine"\nname = "My trades"\n\n'
SEED_RUN = 4
SEED_DIGEST_BYTES = 4
# The 4-byte BLAKE2b digests of every run of four words (tests.content.csrd_runs.words) in
# seed 003's table of trading damage for an effect: digests, so the test carries no words
# of the sheet; remake them from the seed's text the same way if it changes.
SEED_DIGESTS = base64.b64decode(
    "BTx3cgXO0JcIg7miCRRwVglL09QTzU4AKD2lFyisrPsvH/0ENTDvBD9BrAREeMs9Tbx5xk4iLKpSlLDDU+LNUFWj"
    "/61WskuTW8OvgWM5UbNku+VZZ/60SGkYapxsmnCSbMPoNmz+auJuUHW0btQmwHdE5Xh7zoUuf+WqmIBoZNaBlyzF"
    "g2F85oVds8GNac8Flgu+Rpa7JAig6yIwo5GK2adKyZOpJSsrrYl7JLFVNkizQ5qos34fdLf4o4W/fO2kwIIk4sUy"
    "4svGTyBfyE/PptUrCZbXoP5j2uYTDdzarsfi997K5NW6EOYKXmPp1zRu75YfpQ=="
)


def trades(content: Content) -> dict[str, Trade]:
    found = content.kind("trades")
    assert all(isinstance(entry, Trade) for entry in found.values())
    return found  # type: ignore[return-value]


def test_r_spec_6_the_pack_loads_with_the_sheets_eight_trades():
    content = Content()
    assert "trades" in KINDS and "trades" in builtin_files()
    loaded = trades(content)
    assert sorted((t.cost, t.id) for t in loaded.values()) == [
        (1, "hinder"), (2, "body-part"), (3, "held-object"), (3, "knock-back"),
        (3, "move-past"), (4, "knock-down"), (7, "disarm"), (8, "stun"),
    ]  # fmt: skip
    assert content.problems == [] and problems(Content()) == []


def test_r_spec_6_each_trade_leaves_a_condition_the_tracker_knows():
    loaded = trades(Content())
    left = {t.id: (t.condition, t.rounds) for t in loaded.values() if t.condition}
    assert left == {"hinder": ("distracted", 1), "knock-down": ("prone", 1), "stun": ("stunned", 1)}
    assert loaded["move-past"].ends == "guarding"
    for entry in loaded.values():
        assert {entry.condition, entry.ends} - {""} <= set(CONDITIONS)
        assert entry.does.count("{foe}") == 1


def test_r_spec_6_the_words_are_our_own():
    """No summary shares a run of four words with the sheet's table, nor eight with the
    CSRD."""
    seed = {SEED_DIGESTS[i : i + SEED_DIGEST_BYTES] for i in range(0, len(SEED_DIGESTS), 4)}
    csrd = csrd_runs.load()
    for entry in trades(Content()).values():
        found = csrd_runs.words(entry.summary)
        runs = {
            hashlib.blake2b(" ".join(found[i : i + SEED_RUN]).encode(), digest_size=4).digest()
            for i in range(len(found) - SEED_RUN + 1)
        }
        assert not runs & seed, entry.id
        assert not csrd_runs.run_digests(entry.summary) & csrd, entry.id


def test_r_spec_6_an_unknown_condition_is_a_problem_of_the_pack(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        HEADER + '[[trades]]\nid = "trip"\nname = "Trip"\ncost = 2\n'
        'summary = "Down it goes."\ndoes = "trip {foe}"\ncondition = "tripped"\n'
    )
    found = problems(Content([pack]))
    assert found == ["trades trip: condition 'tripped' is not a condition the tracker knows"]


def test_r_spec_6_a_bad_entry_is_reported_with_its_field_and_skipped(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        HEADER + '[[trades]]\nid = "shove"\nname = "Shove"\ncost = 2\n'
        'summary = "Pushed."\ndoes = "shove the foe"\n'
    )
    content = Content([pack])
    assert "shove" not in trades(content)
    assert len(content.problems) == 1 and "trades[0]" in content.problems[0]
    assert "does" in content.problems[0]


def test_r_spec_6_a_user_pack_changes_a_price_by_its_id(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        HEADER + '[[trades]]\nid = "stun"\nname = "Stun"\ncost = 6\n'
        'summary = "A cheaper stun at this table."\ndoes = "stun {foe}"\n'
        'condition = "stunned"\n'
    )
    loaded = trades(Content([pack]))
    assert loaded["stun"].cost == 6 and len(loaded) == 8


def test_r_spec_6_the_shell_lists_the_trades(capsys, tmp_path):
    assert main(["content", "trades", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 8 and "Knock down  4  prone  knock {foe} down" in out
    assert main(["content", "--check", "--saves", str(tmp_path)]) == 0
