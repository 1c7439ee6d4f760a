"""The GM's campaign settings as a command: which foci players may take, starting cyphers,
the house rules, solo play, and what a change would say in the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, gm_only, name
from strange_tui.campaign.model.events import AnyEvent, SettingsChanged
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MAX_STARTING_CYPHERS = 10


class SettingsPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The settings as they would be, and what changes in words (none: nothing to save)."""

    settings: Settings
    changes: tuple[str, ...] = ()


class ChangeSettings(Command, frozen=True, kw_only=True):
    """The GM changes the campaign's settings; what is left None stays as it is. GM only.

    ``allowed_foci``: the foci players may take, by name or id (none: all, RULES.md 9
    step 3); ``starting_cyphers``: how many a new character may pick (step 10);
    ``theme_follows_recursion``: the app's colours follow the party; ``house_rules``."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "change the campaign's settings"

    allowed_foci: tuple[str, ...] | None = None
    starting_cyphers: int | None = None
    theme_follows_recursion: bool | None = None
    house_rules: tuple[str, ...] | None = None
    npc_health_shown: bool | None = None
    solo: bool | None = None
    solo_intrusions: str | None = None
    weapon_distinctions: bool | None = None
    cypher_limit_warns: bool | None = None
    """R-WPN-1: attacks apply their weapon's distinction (an optional rule)."""
    secret_difficulty: bool | None = None
    """Whether a roll the GM asks for keeps its difficulty from the player by default."""

    def settings(self, state: Campaign) -> Settings:
        """The settings this command makes of the current ones (RuleViolation if bad)."""
        current = state.settings
        changed: dict[str, object] = {}
        if self.allowed_foci is not None:
            foci = names(self.allowed_foci, "A focus's name")
            # The list is a set: the same foci in another order change nothing.
            same = set(foci) == set(current.allowed_foci)
            changed["allowed_foci"] = current.allowed_foci if same else foci
        if self.starting_cyphers is not None:
            if not 0 <= self.starting_cyphers <= MAX_STARTING_CYPHERS:
                raise RuleViolation(
                    f"Starting cyphers: a whole number from 0 to {MAX_STARTING_CYPHERS}."
                )
            changed["starting_cyphers"] = self.starting_cyphers
        if self.theme_follows_recursion is not None:
            changed["theme_follows_recursion"] = self.theme_follows_recursion
        if self.house_rules is not None:
            changed["house_rules"] = names(self.house_rules, "A house rule")
        if self.npc_health_shown is not None:
            changed["npc_health_shown"] = self.npc_health_shown
        if self.solo is not None:
            changed["solo"] = self.solo
        if self.solo_intrusions is not None:
            if self.solo_intrusions not in ("off", "rare", "often"):
                raise RuleViolation("The app's intrusions: off, rare or often.")
            changed["solo_intrusions"] = self.solo_intrusions
        if self.weapon_distinctions is not None:
            changed["weapon_distinctions"] = self.weapon_distinctions
        if self.cypher_limit_warns is not None:
            changed["cypher_limit_warns"] = self.cypher_limit_warns
        if self.secret_difficulty is not None:
            changed["secret_difficulty"] = self.secret_difficulty
        return msgspec.structs.replace(current, **changed)

    def preview(self, state: Campaign) -> SettingsPreview:
        new = self.settings(state)
        return SettingsPreview(settings=new, changes=settings_changes(state.settings, new))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        gm_only(self, "changes the campaign's settings")
        new = self.settings(state)
        if new == state.settings:
            raise RuleViolation("The settings are as they were: nothing to change.")
        return [SettingsChanged(settings=new)]


def names(given: Sequence[str], what: str) -> tuple[str, ...]:
    """Names as kept: stripped, blanks dropped, each once, in the order given."""
    kept: list[str] = []
    for each in given:
        cleaned = name(each, what)
        if cleaned and cleaned not in kept:
            kept.append(cleaned)
    return tuple(kept)


def settings_changes(old: Settings, new: Settings) -> tuple[str, ...]:
    said: list[str] = []
    if old.allowed_foci != new.allowed_foci:
        count = len(new.allowed_foci)
        said.append(
            f"Foci players may take: {count} listed" if count else "Foci players may take: all"
        )
    if old.starting_cyphers != new.starting_cyphers:
        said.append(f"Starting cyphers {old.starting_cyphers} → {new.starting_cyphers}")
    if old.theme_follows_recursion != new.theme_follows_recursion:
        way = "follows" if new.theme_follows_recursion else "no longer follows"
        said.append(f"The theme {way} the party's recursion")
    if old.solo != new.solo:
        solo = "Solo play: the app sits in the GM's chair" if new.solo else "A GM runs the game"
        said.append(solo)
    if old.solo_intrusions != new.solo_intrusions:
        said.append(f"The app's intrusions: {new.solo_intrusions}")
    if old.npc_health_shown != new.npc_health_shown:
        way = "as numbers" if new.npc_health_shown else "in words"
        said.append(f"Players see NPCs' health {way}")
    if old.weapon_distinctions != new.weapon_distinctions:
        way = "apply" if new.weapon_distinctions else "no longer apply"
        said.append(f"Weapon distinctions {way} to attacks")
    if old.cypher_limit_warns != new.cypher_limit_warns:
        way = "only warns" if new.cypher_limit_warns else "makes random cyphers vanish"
        said.append(f"Over the cypher limit, the app {way}")
    if old.secret_difficulty != new.secret_difficulty:
        way = "kept by the GM" if new.secret_difficulty else "shown to the player"
        said.append(f"The difficulty of a roll the GM asks for is {way}")
    if old.house_rules != new.house_rules:
        said.append("House rules: " + ("; ".join(new.house_rules) or "none"))
    return tuple(said)
