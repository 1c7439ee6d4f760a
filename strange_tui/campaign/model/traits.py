"""What a character's abilities do, as the character holds them: each ability (and the
type, descriptor and focus) with its effects from the packs, the player's choices made,
and the timed effects of an ability in use.

A trait is written into the character when it is gained (creation, a new tier, an
advancement, a focus taken on translating), so the campaign's files say what every number
on the sheet is made of, whatever packs are loaded later.

Just past 300 lines: the questions an entry asks, the answers' check and the effects they
make read the same records, and are one piece.
"""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from msgspec import Meta
from msgspec.structs import replace

from strange_tui.campaign.model.types import Frozen, Name, Small, Text
from strange_tui.content.effects import (
    CHOICES,
    AnyEffect,
    CypherLimit,
    DamageBonus,
    DamageChoice,
    EdgeBonus,
    EdgeChoice,
    EffortBonus,
    OneOf,
    PoolBonus,
    PoolPoints,
    RecoveryBonus,
    StartingArmor,
    TimedEffect,
    Training,
    TrainingChoice,
    Way,
)

Source = Literal["ability", "type", "descriptor", "focus", "feature"]
Moment = Annotated[int, Meta(ge=0, le=10**12)]


class Trait(Frozen):
    """An ability (or a type's, descriptor's, focus's own effects) as the character has it:
    ``name`` as the sheet shows it (with a pick: '... (melee)'), its pack id, and its
    effects with every choice made (a training picked, a damage bonus's kind of attack)."""

    name: Name
    ability: Annotated[str, Meta(max_length=64)] = ""
    source: Source = "ability"
    action: bool = False
    cost: Small = 0
    cost_plus: bool = False
    pool: Literal["might", "speed", "intellect"] | None = None
    effects: tuple[AnyEffect, ...] = ()
    picks: tuple[Name, ...] = ()
    """The player's answers when it was taken (the skills, the kind of attack, the way of
    a one-of), so a repeatable ability taken again leaves them out, and the log says them."""


class ActiveEffect(Frozen):
    """An ability in use whose effects last (R-ABL-2): until the in-game second ``until``."""

    name: Name
    effects: tuple[TimedEffect, ...]
    until: Moment
    note: Text = ""


class Question(Frozen):
    """A choice an entry asks when taken: ``count`` skills among ``options`` (any when
    empty), or ``points`` to divide among ``stats``. ``key`` is the entry's name."""

    key: Name
    label: Annotated[str, Meta(max_length=200)]
    kind: Literal["skills", "points", "pick"]
    count: Small = 0
    options: tuple[Name, ...] = ()
    stats: tuple[str, ...] = ()


def questions(name: str, effects: Sequence[Any], *, picked: bool = True) -> list[Question]:
    """The questions ``effects`` of the entry ``name`` ask: each training choice, each
    share of points among the pools, and (unless ``picked`` elsewhere, as a type's
    abilities are at creation) the one-of pick of a damage bonus or an Edge."""
    asked = []
    for effect in effects:
        if isinstance(effect, OneOf):  # Never a key's pick: always asked.
            options = tuple(way.name for way in effect.options)
            label = effect.label or f"{name}: {', or '.join(options)}"
            asked.append(Question(key=name, label=label, kind="pick", count=1, options=options))
        if not picked and isinstance(effect, DamageChoice | EdgeChoice):
            options = effect.options if isinstance(effect, DamageChoice) else effect.stats
            asked.append(
                Question(
                    key=name,
                    label=f"{name}: choose one",
                    kind="pick",
                    count=1,
                    options=tuple(options),
                )  # fmt: skip
            )
        if isinstance(effect, TrainingChoice):
            what = "skill" if effect.count == 1 else f"{effect.count} skills"
            label = effect.label or f"{name}: trained in {what}"
            asked.append(
                Question(
                    key=name, label=label, kind="skills", count=effect.count, options=effect.options
                )  # fmt: skip
            )
        elif isinstance(effect, PoolPoints):
            label = f"{name}: {effect.points} points among {', '.join(effect.stats)}"
            asked.append(
                Question(
                    key=name, label=label, kind="points", count=effect.points, stats=effect.stats
                )  # fmt: skip
            )
    return asked


def answer_problem(question: Question, answer: Sequence[str]) -> str | None:
    """Why ``answer`` does not answer ``question``, in the player's words, or None."""
    given = [a.strip() for a in answer if a.strip()]
    if question.kind == "pick":
        if len(given) != 1 or given[0].casefold() not in {o.casefold() for o in question.options}:
            return f"{question.key}: choose one of {', '.join(question.options)}."
        return None
    if question.kind == "points":
        try:
            shares = points_of(given)
        except ValueError as error:
            return f"{question.key}: {error}"
        if not set(shares) <= set(question.stats):
            return f"{question.key}: points go to {', '.join(question.stats)}."
        if sum(shares.values()) != question.count:
            return f"{question.key}: divide exactly {question.count} points ('might=2,speed=1')."
        return None
    if len(given) != question.count:
        return f"{question.key}: choose {question.count} (chose {len(given)})."
    if len({g.casefold() for g in given}) != len(given):
        return f"{question.key}: each skill once."
    if question.options:
        known = {o.casefold() for o in question.options}
        if wrong := [g for g in given if g.casefold() not in known]:
            return f"{question.key}: {wrong[0]!r} is not one of {', '.join(question.options)}."
    return None


def points_of(answer: Sequence[str]) -> dict[str, int]:
    """'might=2', 'speed=1' as {'might': 2, 'speed': 1}; ValueError when not so written."""
    shares: dict[str, int] = {}
    for part in answer:
        stat, _, number = part.partition("=")
        if not number.strip().isdigit():
            raise ValueError(f"write points as stat=number, not {part!r}")
        shares[stat.strip().lower()] = shares.get(stat.strip().lower(), 0) + int(number)
    return shares


def resolved(
    name: str,
    effects: Sequence[Any],
    *,
    option: str = "",
    answers: Sequence[str] = (),
    edge: Mapping[str, int] | None = None,
) -> tuple[AnyEffect, ...]:
    """``effects`` with their choices made: ``option`` for a one-of pick (the kind of
    attack, the Edge, the way), ``answers`` for the questions in order (skills, then
    points), the Edges before it for an Edge that must be 0. ValueError says what is
    missing."""
    return _resolved(name, effects, option=option, answers=answers, edge=edge)[0]


def _resolved(
    name: str,
    effects: Sequence[Any],
    *,
    option: str = "",
    answers: Sequence[str] = (),
    edge: Mapping[str, int] | None = None,
) -> tuple[tuple[AnyEffect, ...], list[str], Way | None]:
    """``resolved``, with the answers it took (skills and picks) and the way of a one-of."""
    made: list[Any] = []
    picks: list[str] = []
    way: Way | None = None
    pending = list(answers)
    for effect in effects:
        match effect:
            case DamageChoice():
                if not option and pending:
                    option = pending.pop(0).strip().lower()
                if option not in effect.options:
                    raise ValueError(f"{name}: choose {' or '.join(effect.options)} attacks.")
                made.append(DamageBonus(value=effect.value, attacks=option))  # type: ignore[arg-type]
                picks.append(option)
            case EdgeChoice():
                if not option and pending:
                    option = pending.pop(0).strip().lower()
                made.append(_edge_pick(name, effect, option, edge or {}))
                picks.append(option)
            case OneOf():
                ways = {w.name.casefold(): w for w in effect.options}
                pick = option if option.casefold() in ways else (pending.pop(0) if pending else "")
                way = ways.get(pick.strip().casefold())
                if way is None:
                    words = ", or ".join(w.name for w in effect.options)
                    raise ValueError(f"{name}: choose {words}.")
                made += way.effects
                picks.append(way.name)
            case TrainingChoice():
                taken, pending = pending[: effect.count], pending[effect.count :]
                (question,) = questions(name, (effect,))
                if problem := answer_problem(question, taken):
                    raise ValueError(problem)
                spelled = {o.casefold(): o for o in effect.options}
                skills = [spelled.get(p.strip().casefold(), p.strip()) for p in taken]
                made += [Training(skill=skill, level=effect.level) for skill in skills]
                picks += skills
            case PoolPoints():
                share = [p for p in pending if "=" in p]
                pending = [p for p in pending if "=" not in p]
                (question,) = questions(name, (effect,))
                if problem := answer_problem(question, share):
                    raise ValueError(problem)
                made += [
                    PoolBonus(stat=stat, value=points)  # type: ignore[arg-type]
                    for stat, points in points_of(share).items()
                    if points
                ]
            case StartingArmor():
                continue  # Asked at creation as the armor to start with; nothing after.
            case _:
                made.append(effect)
    return tuple(made), picks, way


def _edge_pick(name: str, effect: EdgeChoice, option: str, edge: Mapping[str, int]) -> EdgeBonus:
    stats = [s for s in effect.stats if not (effect.zero_only and edge.get(s, 0))]
    if option not in stats:
        which = "an Edge that is 0 to raise to 1" if effect.zero_only else "an Edge to raise"
        raise ValueError(f"{name}: choose {which} ({', '.join(stats) or 'none left'}).")
    value = effect.value - edge.get(option, 0) if effect.zero_only else effect.value
    return EdgeBonus(stat=option, value=max(1, value))  # type: ignore[arg-type]


def one_of_options(effects: Sequence[Any], edge: Mapping[str, int]) -> tuple[str, ...]:
    """What a one-of pick offers (the kinds of attack, the Edges that may rise), or ()."""
    for effect in effects:
        if isinstance(effect, DamageChoice):
            return tuple(effect.options)
        if isinstance(effect, EdgeChoice):
            return tuple(s for s in effect.stats if not (effect.zero_only and edge.get(s, 0)))
    return ()


def trait_of(
    entry: Any,
    *,
    source: Source = "ability",
    option: str = "",
    answers: Sequence[str] = (),
    edge: Mapping[str, int] | None = None,
    name: str = "",
) -> Trait:
    """The trait a pack entry gives, its choices made (ValueError names what is missing).
    Taken one way of a one-of, its name says the way ('<name> (guns)'), and it is
    an action (at its cost) only when that way is."""
    effects, picks, way = _resolved(
        entry.name, entry.effects, option=option, answers=answers, edge=edge
    )
    option = option or (way.name if way else "")
    label = name or (f"{entry.name} ({option.title() if option in STATS else option})"
                     if option else entry.name)  # fmt: skip
    action = getattr(entry, "kind", "") == "action" and (way is None or way.action)
    paid = way is None or way.action
    return Trait(
        name=label,
        ability=entry.id if source == "ability" else "",
        source=source,
        action=action,
        cost=getattr(entry, "cost", 0) if paid else 0,
        cost_plus=getattr(entry, "cost_plus", False) and paid,
        pool=getattr(entry, "pool", None) if paid else None,
        effects=effects,
        picks=tuple(picks),
    )


def unasked_trait(entry: Any, *, source: Source = "ability", option: str = "",
                  name: str = "") -> Trait:  # fmt: skip
    """The trait ``entry`` gives when no one is there to answer what it asks (a focus taken
    on arriving, a sheet read from its names): its effects, less the unanswered choices."""
    try:
        return trait_of(entry, source=source, option=option, name=name)
    except ValueError:
        kept = tuple(e for e in entry.effects if not isinstance(e, CHOICES))
        return trait_of(replace(entry, effects=kept), source=source, name=name)


STATS = ("might", "speed", "intellect")

LASTING = (PoolBonus, EdgeBonus, EffortBonus, RecoveryBonus, CypherLimit)
"""Effects written into the sheet's numbers when gained (and taken back when lost); the
rest count each time the character acts."""
