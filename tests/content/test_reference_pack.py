"""The quick reference's pack (reference.toml, R-REF-1, R-MOD-1, R-ART-1): it loads, every
ladder the cheat sheet gives is there with its numbers, the lines are short and in our own
words, a bad line is reported with its field, and a user pack amends a topic by its id."""

import base64
import hashlib

import pytest

from strange_tui.content.loader import Content, builtin_files
from strange_tui.content.model import ReferenceTopic
from strange_tui.content.validate import problems
from tests.content import csrd_runs

TOPICS = ("climbing", "jumping", "riding", "knowledge", "identifying", "modifying", "moving",
          "grappling", "arrivals", "contests")
HEADER = '[pack]\nid = "mine"\nname = "My ladders"\n\n'

SEED_RUN = 5
"""Five words in a row from the cheat sheet make a copied phrase (its lines are short)."""
SEED_DIGEST_BYTES = 4
# The 4-byte BLAKE2b digests of every run of five words (tests.content.csrd_runs.words) in
# the parts of seed 003, the GM's cheat sheet, that the reference covers: the difficulty
# ladder, crafting times, climbing, riding, knowledge, jumping, modifying abilities,
# identifying, hazards, circumstances and objects. Digests, so the test carries no
# sentence of the sheet; remake them from the seed's text the same way if it changes.
SEED_DIGESTS = base64.b64decode(
    "ABdJugBPo/EAoWtwANNFrAEZ+goBGjxDAWfggAHSK34CshlcAwnLSgMT42oDHnlwA1ytBQPBsYQD1WoYA9xzXQPd"
    "d38EvrVJBNEFtgTrkzkE8XT5BTRf+gWLLO4FkzRyBc4x3gYa2zIGIFNXBmE7twaKoBMGtmtkBtNHsAgtbZcInj/Z"
    "CLKqzQjCU0wJMCBPCmcolwqNGbEKoNswCsO+dgtPUVgLcvUmC3XgOgxweBwM54KXDQGD+w3Hrp0NzTkODjKE8A8u"
    "YqMPOTE1EHGtKBDh5NgRmIboEdWHoBHyS5YSTDrdEsg6hBN6Qk8TqQ7KFBh48xSQ1jcVGE5iFXfMKxV+7hIXOC9t"
    "F5sTlxeeTJgYBjRxGHdOfBh93EEY18wCGN7UQBm43hoaMSfdGsYAQhrlZNkbqoubG9DpXRv58QYctZ9zHTFCgh1+"
    "SXEdfxmnHf5T0x4Y5CUeJZwdH7j0xh/Fnj0fxaeFH8mH/iADWzggCCkRIJ18tSDYWNwg5Q2eIRooyCEfnUkhME2G"
    "Ij50YCLBsikixQNtIs1qCiLl41wj/O0vJF4/ECRzSVwksiuYJXtpSSWbdKcl29GWJhXQ+CZXG+4mY6RDJmnb3ibh"
    "PL4nE4rQJ4s2sSgJthQoYnLHKMNwRikTl+4pUX2PKY1JTSmRmz0plfSCKZ/5/Cm/I4Ap4l9uKhfGHyobCE0qiC5W"
    "KtiZPSrdxwYrCUqCKxJaTitRPQcrW81IK8SCDCyQS4gszzGQLN0VrS2YK6cuBnnDLiS1QS6voO0vAFV8L4BCby+E"
    "WIsv2H38MHHGLzCLggUw43j9MaJLdDG1ppIx6zR/MgmMRjI9/yYyemTOMrrolzLo3UUy+8FwMwPnoDNnlvAzlPqG"
    "M6+YBzQ94r00RoJQNRsbHzVJGvo1nCW2Ncs1wzY3Bpk2guhQNp9UIDbtX0Y3O2KkN04AATeIszE4kwJdOLEPuDk8"
    "8G85pdnIOouM4Tr5ckw7Q6izO7Fr1zwKhDg8Z7QmPNaX3TzhMNc8+k1iPP5gNz0/+hE9bexiPdB6wj8ecns/JeaK"
    "Py9OnD9hqDk/8cxeQDhD9EBcNERAjju2QLrdX0E1ZjNBnqH1QfoAhEInFnpCKg44QmDU5kLCQGZDI8HgQ0mpDUNv"
    "0pVD3iFQRLtk0kTBHWZFOBOURVLgSEVrRgJHaFYVR4c7K0ekp7VIWgaDSJZ890imXOpIrOd2SQ0NsUmpQFNJxBCD"
    "SkzqpkpOF8hKU2B+SrjIfUtQDC1Lh+hiS/AcV0wcyV9MJrdjTGcFEUx69tNMvDGhTOVNx00B6eRNfqIqTcTzEk3N"
    "vv9OmhkaTv3KJk9TaXVPVLq8T321M0+usj9QzCKkUNJedlDU2TZQ1+ZJUc+6aVI45VRSSs9kUmH8OFL3TohTAX/F"
    "U7WoTVQVtLxUTC4zVIa6IVSf7GFVaAzSVY63fFWO/RdV2CYHVeZNklY6prdWrpu8Vs3o+Vc3YW1X9JN5WLozclkj"
    "VHhZXu1sWXBQeVmmzdhZqdd9WcjjKlq/JdpbPL3mW0C7LluxnH5bwxBmW+asA1wjpf5ccMlUXKb7g1ywS7FdCccm"
    "XSsN510zFSBdVDWnXaRXTV32/4RehAC/Xrax/V7a8Kxfs+JOYBmBkmBFUHpgepcUYJApjGDcVWhg3rzXYTjuumFW"
    "ed5hpgzxYcDMl2Il27ZiNpGTYkv+PGLB6bljEkczY3ILkmOTid1jxXE1Y8Zw82R4Px1k/ILPZfb/BGY/8cBmrLi1"
    "ZrKoLGb8d7xnPDYOZ6Yi8mgMr45oRfg8aFWGH2hiT6xoo7GnaLAwRGi7/Yto2SUraUOH1mnKebJqazkeaupfWGr/"
    "Vl5rW6K7a7Vew2xGjHVsp5fEbWDnw22mjK1tqpk5bdy+sG5bkgpufbgDbrNyMG7QBDpu45/KbyNuNm81mMJvQJX0"
    "cDWxSnBkN2lxSrXccijGPHKMo+FymMGzczN9I3M07MVzTaA5c4f6NHQoIXN0TjGKdFNmpXRzhjx0jmuRdNV+S3VN"
    "Y/J169fkdqCTondaABZ3s2Ppd8FzV3fKagN329c2d/Q2XHgdgnB4Rg/FeIWaEXicg5d4xFm4eNwjwnj6ij16H3AY"
    "ewevq3sM5SJ7N1DCe1/me3tmaId8YBRcfGonrny2IXZ9MJDHfbNtEn3Q2n99+4Gjfi5fQn5jwvR+tqyEf6JmcoA3"
    "MQWAOLevgKhNlYG2NxOBt2j5gkji6IJfnfKC5pZ9gxdYIIM0/lWDX21Cg4LOKoOnRqSDq2iAg9EcsIPetg2EWhaX"
    "hJyaFYSlswmEpxTchMcgeYT+uaKFKMnJhWBOp4WXjM+Fzs2BhdqLsYXwWZaGWJt2hpEyQYcIrmOHdEIliA/4TIhA"
    "raWIWX1riM7RIIjUzECI7k/RiWEWC4l3/1aJk/jaifwsyYo1NhWKQmJgikJqqYs5GRSLQpjWi5eiSowlw+uMKwEq"
    "jDRrXI5WQ1qOshbzjsKGWI7I4dqPAcW7jx0vPI83e0SPlVVVkD9cLpClrRqQr3i6kRbGFZE6l9uRUHYTkXUImJGX"
    "W7aRqqTTkbnLFJHmR7iR67gZkgwYS5IhVHaSoQVwk44/KpPyUFuUk/XJlPytZ5UYj9yVgQVKlct+JZXP+NaV559D"
    "lfyQb5cra6iXQbDsl3nIkJd8xImX1/BcmCIWZJg0UoeYSeehmLsyAJk33DuZWkplmeS8A5opHP6aTQIVmoY5WJqK"
    "Bf6ao/sYmqSZzpr3HTybnmcInB8jfpxra7edInfEnS8dFZ06GZadwuLIngCTAZ45t/WejA2Ynp6jF57cWbiggHhu"
    "oJyow6CnZ1Og6vuJoUE6TKHAy9iiNs9qomRglaK3vImi8XplowLBfKM6dJKjmM2co5/VjKPw79+kDZoUpBDt/qQ4"
    "eu2kcSwOpONb/aTy0AqlBb19pRqoZ6Ugov+lfXblppAFF6arc5enq/Lxp67XPqg0GKKocL25qHGICqijU3epIV+N"
    "qTxqSqli8bipstAGqb/7pqot/eiqjeCvqrP5nKveGs2sNi6crOAt461nI1qtoTLGrdq2GK6rNEqutCEyr1d3xa/I"
    "tPKxAeSUsXG4ZrGJ99KxxZuisdqcPrJPhqSyT8QFsvtg/7MLV3KzHfQfs0Qbo7NQgnGzi9Oss9I8dbQGLaK0gDdA"
    "tJCxmrTiena1GW1VtUHqebXEYbW14BcZtek6ErX6zkm2KonutowxW7a4S/u2zQLBt3S0X7eWhuG3/zvSuJl4Mbiw"
    "mU+5Dz6xuT4GQ7l3mBu5mIJPua7/Gbooc366UfKzumEUvbrn9Le7DO7YuyX6Bbs0YMG73Dj5u+GT+7wh6Le8cIFE"
    "vKvhGby8Mpy83NvYvW0loL2D+QC9oLD4vkXA4b5QQM++dpLovoEz3L6JT6S+iyTEv3UWF7/nq4bAycGXwOu4Z8Ea"
    "N9jBRIIZwUuUy8FRPmTBXGGnwZkmhsH49WfB+9sEwlGxZMK0YvvC+RSPw5kXh8QJWc/Ei+6BxJRjkcSXGznEwEN+"
    "xMTmP8T0Kl/FPh1uxbdNgMZB6qrHKV9ux8CD5cfIoUzH/wfryEZZ0sld6GTJayyIyg7w+8o4CsbKOHlbyoRt3Msx"
    "Lo7LdsE5y3+fpcuAxGbLoRK4zD0G/M2J4QzNsrdFzfaK+c5TW1vOXLMUzmcBWc7FcCfPAiBdzyMSR8+nFALPrlPe"
    "z66wL8/GN+HP4MRZz+LiI9A7A8TQRyZT0KYp6tC9tkHRPrWK0VL1g9GoDirRtET00jzOUtLDI8nS4P8t0u599NMH"
    "PgfTIzDg01pU2NRiQZjUefAP1NfH5NUpmGXVyD8F1g5FM9Ydv0fWT8G+1uj5Edb+8dbYXotk2GIEItjUemLY3uzu"
    "2OACstjyLRvY/U+f2WlAzdl+tVDZ4CgO2vweIds8FiPcCdQp3E8J9NyEC4vcyNrX3Nri1t0IRZHdeD+g3gw+094U"
    "EgXel46j3v26HN9BlWHfbA2k39XVveBjftPg//Df4TL4ReFT6FzhgCoz4YeSsuGUsUXiS/gT4qEbkuKii6Tis0Jo"
    "4rQf7+MDhI3k1fvB5NbYgOUK1q7lfigW5aa/5uW74Xnmbudi5obK6+agQnrm0uGe5z/DEud2XCHn7kdz6Iyceeir"
    "kTTpwkpq6eT6s+oW51bqlfn36ubyj+r9XqHrBVz+6w+qDOsWjybrZFl262WZCuuVvr7so5i27MXGyuzo/Y3s9YuD"
    "7TQ2jO1vcHDtlmRW7bL4re3N08Xt2AZC7jRbFe6GK7Tuj4xg70NQWe+gTA/voh7A79GIL/AkXojwQenF8IdWhvD1"
    "OjLxDL5i8RMV9PEqcvvxcgpz8X9BBfG1so3x5zpx8iXnR/K7Ea3y2bU48xQSp/PKIBbz59Ms8/N+VfQMJi30Tct1"
    "9G6CHPRymtP01vMI9NljBPT0km31Nq5N9T3iZvWYyyv2Ln4M9lALifZhRcX2vVNZ9uQAW/b/Vf73EUdK9zUoN/dr"
    "+ln3di3295hcbPei+r331gd89/F+nPf0U4z4M7A0+KVcLfjEKy740IY4+N62WvkE7a35EE9s+RsumfkeTFj5TLfc"
    "+WPUsvnBqZr6Hs95+mEPbfqEyE/7A6FA+woubfstg9f7RJ9a+1mqn/uPt137vdFO+8Ba6/wm/ED8ZQwj/SzDW/2q"
    "Emf9swqv/c/yK/4d4K3+fcSP/tLHB/8QGM3/quhT/9Mg3v/3q7M="
)


def seed_runs() -> frozenset[bytes]:
    size = SEED_DIGEST_BYTES
    return frozenset(SEED_DIGESTS[i : i + size] for i in range(0, len(SEED_DIGESTS), size))


def copied_from_seed(text: str) -> list[str]:
    """The runs of five words ``text`` shares with the cheat sheet."""
    found = csrd_runs.words(text.replace("\u2019", "'"))
    runs = [" ".join(found[i : i + SEED_RUN]) for i in range(len(found) - SEED_RUN + 1)]
    digests = seed_runs()
    return [
        run
        for run in runs
        if hashlib.blake2b(run.encode(), digest_size=SEED_DIGEST_BYTES).digest() in digests
    ]


@pytest.fixture(scope="module")
def reference() -> dict[str, ReferenceTopic]:
    content = Content()
    topics = content.kind("reference")
    assert content.problems == []
    return topics  # type: ignore[return-value]


def test_the_pack_loads_every_ladder_of_the_cheat_sheet(reference):
    assert tuple(reference) == TOPICS
    assert "reference" in builtin_files()
    assert [p for p in problems(Content()) if "reference" in p] == []


def ladder(reference, topic_id: str) -> list[int | None]:
    return [line.difficulty for line in reference[topic_id].lines]


def test_r_ref_1_climbing_riding_and_knowledge_carry_the_sheet_s_numbers(reference):
    """R-REF-1: climbing 2, 3, 4, 5, 6, 8, 10 (Might); riding 0 ... 5 an unplanned jump
    (Speed); knowledge 0, 1, 3, 5, 7, 10 (Intellect)."""
    assert ladder(reference, "climbing") == [2, 3, 4, 5, 6, 8, 10]
    assert reference["climbing"].stat == "might"
    assert "glass" in reference["climbing"].lines[-1].text
    assert ladder(reference, "riding") == [0, 1, 3, 4, 4, 4, 5, 5, None]
    assert reference["riding"].stat == "speed"
    assert "leaps" in reference["riding"].lines[7].text
    assert ladder(reference, "knowledge") == [0, 1, 3, 5, 7, 10]
    assert reference["knowledge"].stat == "intellect"


def test_r_ref_1_a_jump_is_feet_less_four_and_a_run_up_is_an_asset(reference):
    jumping = reference["jumping"]
    assert jumping.stat == "might" and "- 4" in jumping.note and "asset" in jumping.note
    for line in jumping.lines:
        if line.difficulty is not None:
            feet = int(line.text.split()[1])
            assert line.difficulty == feet - 4, line.text
    assert any("asset" in line.text and line.difficulty is None for line in jumping.lines)


def test_r_mod_1_modifying_an_ability_4_7_and_impossible(reference):
    lines = reference["modifying"].lines
    assert [line.difficulty for line in lines] == [4, 7, 10, None, None]
    assert "impossible" in lines[2].text
    assert "1 minute, 10 minutes, 1 hour" in lines[4].text and "point" in lines[4].text
    assert "range" in lines[3].text and "point" in lines[3].text


def test_r_art_1_identifying_a_cypher_1_or_2_and_an_artifact_its_level(reference):
    identifying = reference["identifying"]
    assert identifying.stat == "intellect"
    cypher, harder, artifact, depletion = identifying.lines
    assert (cypher.difficulty, harder.difficulty) == (1, 2)
    assert "15 minutes to an hour" in cypher.text
    assert artifact.difficulty is None and "its level" in artifact.text
    assert "15 minutes and 3 hours" in artifact.text
    assert "depletion" in depletion.text and "every time" in depletion.text


def test_each_line_is_short_and_lower_case_beside_its_number(reference):
    for topic in reference.values():
        assert len(topic.name) <= 40 and len(topic.note) <= 120, topic.id
        for line in topic.lines:
            assert len(line.text) <= 100, line.text
            assert line.text[0].islower() and not line.text.endswith("."), line.text


def test_the_lines_are_in_our_own_words(reference):
    """No line shares a run of eight words with the CSRD, nor of five with the sheet."""
    csrd = csrd_runs.load()
    texts = [
        text
        for topic in reference.values()
        for text in (topic.name, topic.note, *(line.text for line in topic.lines))
    ]
    assert [text for text in texts if csrd_runs.run_digests(text) & csrd] == []
    assert {text: copied_from_seed(text) for text in texts if copied_from_seed(text)} == {}


def test_the_seed_fingerprints_find_the_sheet_s_own_phrases():
    """A positive control: a phrase of the sheet is found, our line for it is not."""
    assert copied_from_seed("a glass wall or similar surface")
    assert copied_from_seed("Something a scholar probably knows")
    assert copied_from_seed("what a scholar of the field likely knows") == []
    assert len(seed_runs()) * SEED_DIGEST_BYTES == len(SEED_DIGESTS) > 3000


def test_a_bad_line_is_reported_with_its_field(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        HEADER + '[[reference]]\nid = "swim"\nname = "Swimming"\n\n'
        '[[reference.lines]]\ntext = "a river in flood"\ndifficulty = 11\n'
    )
    content = Content([pack])
    assert "swim" not in content.kind("reference")
    assert len(content.problems) == 1
    assert "reference[0].lines[0].difficulty" in content.problems[0]


def test_a_user_pack_replaces_a_topic_by_id_and_adds_its_own(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        HEADER + '[[reference]]\nid = "climbing"\nname = "Climbing"\nstat = "might"\n\n'
        '[[reference.lines]]\ntext = "an ice wall"\ndifficulty = 7\n\n'
        '[[reference]]\nid = "swimming"\nname = "Swimming"\nstat = "might"\n\n'
        '[[reference.lines]]\ntext = "a calm lake"\ndifficulty = 0\n'
    )
    topics = Content([pack]).kind("reference")
    assert [line.text for line in topics["climbing"].lines] == ["an ice wall"]
    assert list(topics)[-1] == "swimming" and "knowledge" in topics
