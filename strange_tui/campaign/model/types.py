"""Shared building blocks of the campaign model: bounded field types and the frozen base."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta, Struct

# Bounds keep hostile files from smuggling absurd numbers into the rules.
Points = Annotated[int, Meta(ge=0, le=10_000)]
Small = Annotated[int, Meta(ge=0, le=100)]
Tier = Annotated[int, Meta(ge=1, le=6)]
Id = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")]
# No control characters in what players type: an escape sequence in a name would reach the
# terminal, a line break in a name would break the log and the Markdown sheet. Text (notes)
# keeps its line breaks and tabs. The reader refuses what the writer refuses.
NO_CONTROLS = r"^[^\x00-\x1f\x7f-\x9f]*$"
TEXT_CONTROLS = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$"
Name = Annotated[str, Meta(min_length=1, max_length=80, pattern=NO_CONTROLS)]
Text = Annotated[str, Meta(max_length=20_000, pattern=TEXT_CONTROLS)]
SkillLevel = Literal["inability", "trained", "specialized"]

ROUND_SECONDS = 6  # A Cypher round is "about 5 to 10 seconds"; the clock counts 6.
DAY_SECONDS = 24 * 3600
START_OF_PLAY = 8 * 3600  # Day 1, 08:00.


class Frozen(Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Base of every state record: immutable, strict, and compact in TOML."""
