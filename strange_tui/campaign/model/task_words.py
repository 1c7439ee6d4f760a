"""The words a player types for a task, and the task tags they stand for (R-ABL-1): the
packs name tasks by tag ('climbing'); a player writes 'Climb the cliff' or 'Swim the
river'. One explicit table of word forms per tag (no stemming: a guessed stem would
match what no one meant), the broader tag each narrower one belongs to (a climb is a
movement task), and the kinds a roll's form lists so that nothing hangs on spelling."""

from __future__ import annotations

from collections.abc import Iterable

# One tag a line or two, its forms beside it.
# fmt: off
TASK_WORDS: dict[str, tuple[str, ...]] = {
    # Movement, and the kinds of movement the packs name (Stalker: "every kind of
    # movement task: climbing, swimming, jumping, balancing").
    "movement": ("movement", "movements"),
    "climbing": ("climb", "climbs", "climbing", "climbed", "climber", "climbers"),
    "swimming": ("swim", "swims", "swimming", "swam", "swum", "swimmer", "swimmers"),
    "jumping": ("jump", "jumps", "jumping", "jumped", "jumper", "leap", "leaps", "leaping",
                "leapt", "leaped"),
    "balancing": ("balance", "balances", "balancing", "balanced"),
    "running": ("run", "runs", "running", "ran", "runner", "sprint", "sprints", "sprinting",
                "sprinted"),
    "chase": ("chase", "chases", "chasing", "chased", "pursue", "pursues", "pursuing",
              "pursued", "pursuit"),
    "escape": ("escape", "escapes", "escaping", "escaped", "flee", "flees", "fleeing", "fled"),
    # Senses and hiding.
    "perception": ("perception", "perceive", "perceives", "perceiving", "perceived", "notice",
                   "notices", "noticing", "noticed", "spot", "spots", "spotting", "spotted",
                   "search", "searches", "searching", "searched", "listen", "listens",
                   "listening", "listened"),
    "stealth": ("stealth", "stealthy", "stealthily", "sneak", "sneaks", "sneaking", "sneaked",
                "snuck", "hide", "hides", "hiding"),
    "tracking": ("track", "tracks", "tracking", "tracked", "tracker", "trackers"),
    # Dealing with people.
    "social": ("social", "interaction", "interactions", "interact", "interacts",
               "interacting"),
    "persuasion": ("persuasion", "persuade", "persuades", "persuading", "persuaded",
                   "persuasive", "convince", "convinces", "convincing", "convinced",
                   "negotiate", "negotiates", "negotiating", "negotiation"),
    "deception": ("deception", "deceive", "deceives", "deceiving", "deceived", "deceptive",
                  "lie", "lies", "lying", "lied", "bluff", "bluffs", "bluffing", "bluffed",
                  "disguise", "disguises", "disguised"),
    "intimidation": ("intimidation", "intimidate", "intimidates", "intimidating",
                     "intimidated", "threaten", "threatens", "threatening",
                     "threatened"),
    # What one knows and makes.
    "knowledge": ("knowledge", "know", "knows", "knowing", "recall", "recalls", "recalling",
                  "remember", "remembers", "remembering", "lore"),
    "healing": ("heal", "heals", "healing", "healed", "healer", "medicine", "medical"),
    "crafting": ("craft", "crafts", "crafting", "crafted", "crafter"),
    "repair": ("repair", "repairs", "repairing", "repaired", "fix", "fixes", "fixing",
               "fixed", "mend", "mends", "mending", "mended"),
    "driving": ("drive", "drives", "driving", "drove", "driven", "driver"),
    "piloting": ("pilot", "pilots", "piloting", "piloted"),
    "translation": ("translation", "translate", "translates", "translating", "translated"),
    "cyphers": ("cypher", "cyphers"),
    # A roll's own kind (the form's Attack box and stat say it too).
    "attacks": ("attack", "attacks", "attacking"),
    "melee attacks": ("melee attack", "melee attacks"),
    "ranged attacks": ("ranged attack", "ranged attacks"),
    "defense": ("defense", "defence", "defend", "defends", "defending"),
    "might defense": ("might defense", "might defence"),
    "speed defense": ("speed defense", "speed defence"),
    "intellect defense": ("intellect defense", "intellect defence"),
    "initiative": ("initiative",),
    "might": ("might",),
    "speed": ("speed",),
    "intellect": ("intellect",),
}
# fmt: on
"""Each task tag and the words (or two-word phrases) a label or a skill names it by."""

BROADER: dict[str, str] = {
    "climbing": "movement",
    "swimming": "movement",
    "jumping": "movement",
    "balancing": "movement",
    "running": "movement",
    "persuasion": "social",
    "deception": "social",
    "intimidation": "social",
    "melee attacks": "attacks",
    "ranged attacks": "attacks",
    "might defense": "defense",
    "speed defense": "defense",
    "intellect defense": "defense",
}
"""The broader task a narrower one is part of: what helps every movement task helps a
climb; what helps every social task helps persuading."""

# fmt: off
KINDS: tuple[str, ...] = (
    "movement", "climbing", "jumping", "swimming", "balancing", "running", "chase", "escape",
    "perception", "stealth", "tracking",
    "social", "persuasion", "deception", "intimidation",
    "knowledge", "healing", "crafting", "repair", "driving", "piloting",
)
# fmt: on
"""The kinds of task a roll's form lists, in this order: every tag but the roll's own
kind (stat, attack, defense, initiative), which the form asks for otherwise, and the
translation and cypher tags, which their own commands carry."""

MAX_KINDS = 3
"""The most kinds one roll may be said to be (a climb that is also a chase)."""

TAG_OF: dict[str, str] = {form: tag for tag, forms in TASK_WORDS.items() for form in forms}


def word_tags(words: Iterable[str]) -> dict[str, str]:
    """The tags ``words`` (lower case, in order) name, each with the word or phrase that
    names it: ['climb', 'the', 'cliff'] gives {'climbing': 'climb'}."""
    words = list(words)
    phrases = [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    found: dict[str, str] = {}
    for form in [*phrases, *words]:  # A phrase first: 'melee attack' over 'attack'.
        tag = TAG_OF.get(form)
        if tag is not None and tag not in found:
            found[tag] = form
    return found


def with_broader(tags: Iterable[str]) -> dict[str, str]:
    """Each of ``tags`` as itself, and each broader tag as the narrower one it comes
    from: ['climbing'] gives {'climbing': 'climbing', 'movement': 'climbing'}."""
    tags = list(tags)
    reached = {tag: tag for tag in tags}
    for tag in tags:
        broader = BROADER.get(tag)
        if broader is not None:
            reached.setdefault(broader, tag)
    return reached
