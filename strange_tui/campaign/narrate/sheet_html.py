"""A character sheet as one printable HTML page, laid out like the paper Cypher sheet:
pools with their Edge, Effort, tier and XP, the damage track, the recovery rolls, Armor,
skills, abilities, attacks, cyphers, equipment and the focus in each recursion.

The page is whole in itself: its style is inline and it names no other resource (no
font, image, script or link), so it prints the same anywhere and asks no host for
anything. Every word from the campaign is escaped. A party prints a character a page.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from strange_tui.campaign.model.folds.advancement import MAIN_STEPS, STEP_WORDS
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.campaign.narrate.sheet import armor_words, maybe_words, scars_words, sheet_data
from strange_tui.campaign.narrate.words import duration
from strange_tui.rules.pools import Stat
from strange_tui.rules.recovery import RECOVERY_DIE, REST_SCHEDULE
from strange_tui.rules.track import DamageTrack

PAPER_SIZES = {"a4": "A4", "letter": "letter"}
"""The ``--paper`` names and the CSS page size each prints on. The layout is as wide as
the page allows, so one sheet fits either; only the page box changes."""
SKILL_LEVELS = ("trained", "specialized", "inability")
NONE = '<p class="none">—</p>'
STATS = frozenset(stat.value for stat in Stat)  # Those with an Edge: Luck has none.

STYLE = """
@page { size: %(size)s; margin: 12mm }
* { box-sizing: border-box }  html { color: #000; background: #fff }
body { margin: 0; font: 9pt/1.25 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif }
.sheet { max-width: 190mm; margin: 0 auto; padding: 2mm 0 }
.sheet + .sheet { break-before: page; page-break-before: always }
h1 { font-size: 20pt; margin: 0 }
h2, h3 { font-size: 8pt; letter-spacing: .08em; text-transform: uppercase; margin: 0 0 1mm }
header { display: flex; justify-content: space-between; align-items: flex-end; gap: 4mm;
  border-bottom: 1.5pt solid #000; padding-bottom: 2mm; margin-bottom: 3mm }
.sentence { margin: 1mm 0 0; font-style: italic }
.boxes, .pools, .row { display: flex; gap: 3mm }
.row { margin-top: 2.5mm; break-inside: avoid; page-break-inside: avoid }
.row > * { flex: 1 1 0; min-width: 0 }
.box { border: 1pt solid #000; border-radius: 2mm; padding: 1mm 2mm; text-align: center;
  min-width: 16mm }
.box b { display: block; font-size: 16pt }
.box small, .pool small { display: block; font-size: 7pt; text-transform: uppercase }
.pool { flex: 1 1 0; border: 1.5pt solid #000; border-radius: 3mm; padding: 2mm }
.pool h2 { font-size: 11pt; text-align: center }
.pool .boxes { justify-content: center; align-items: center }
.pool .current b { font-size: 20pt }  .pool .edge { border-radius: 50%%; min-width: 13mm }
.armor-panel .box { display: inline-block }
.panel { border: 1pt solid #000; border-radius: 2mm; padding: 2mm }
.panel p { margin: 0 0 1mm }  li { margin: 0 0 .5mm }
ul { margin: 0; padding: 0; list-style: none }
.checks li { display: flex; gap: 1.5mm; align-items: center }
.tick { display: inline-block; width: 3.2mm; height: 3.2mm; border: .8pt solid #000;
  font-size: 7pt; line-height: 3mm; text-align: center; font-weight: bold; flex: none }
table { width: 100%%; border-collapse: collapse }
th, td { text-align: left; padding: .4mm 1mm; border-bottom: .5pt solid #999; vertical-align: top }
th { font-size: 7pt; text-transform: uppercase }
td.level, th.level { text-align: center; width: 9mm }
.none { color: #555 }
"""


def paper_sheet(character: Character, recursion: str, now: Any = None, attacks: Any = None) -> dict:
    """``sheet_data`` (the tracker's ``attacks``) and what only the paper sheet shows: where
    the character is, the focus they have in each recursion (R-TR-8), their boons."""
    data = sheet_data(character, now, attacks)
    where = character.travel.recursion or recursion
    data["recursion"] = where
    data["foci"] = {where: character.focus} | {
        place: focus for place, focus in character.foci.items() if place != where
    }
    data["boons"] = list(character.boons)
    return data


def html_page(title: str, sheets: Iterable[dict[str, Any]], paper: str = "a4") -> str:
    """The page: each sheet (``sheet_data`` or ``paper_sheet``) on a printed page of its
    own, on ``paper`` (a key of ``PAPER_SIZES``)."""
    articles = "\n".join(html_sheet(sheet) for sheet in sheets)
    style = STYLE % {"size": PAPER_SIZES[paper]}
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(title)}</title>\n<style>{style}</style>\n</head>\n"
        f"<body>\n{articles}\n</body>\n</html>\n"
    )


def html_sheet(sheet: dict[str, Any]) -> str:
    """One character's sheet, an ``<article>``."""
    parts = [
        _header(sheet),
        _pools(sheet),
        _row(_recovery(sheet), _track(sheet), _armor(sheet)),
        _row(_skills(sheet), _list("Abilities", sheet["abilities"], "abilities")),
        _attacks(sheet),
        _row(_cyphers(sheet), _artifacts(sheet)),
        _row(
            _list("Equipment", sheet["equipment"], "equipment"), _foci(sheet), _advancement(sheet)
        ),
        _row(_lasting(sheet), _in_use(sheet), _notes(sheet)),
    ]
    return f'<article class="sheet">\n{"".join(parts)}</article>'


def _e(text: object) -> str:
    """``text`` as inert HTML: markup and quotes escaped, control and invisible
    direction characters shown as escapes (as a terminal shows them)."""
    return html.escape(terminal(str(text)), quote=True)


def _box(label: str, value: object, kind: str) -> str:
    return f'<div class="box {kind}"><b>{_e(value)}</b><small>{_e(label)}</small></div>'


def _ticks(items: Iterable[tuple[str, bool]], kind: str) -> str:
    """A list of labelled check boxes, those done crossed (a letter, so it prints
    without backgrounds)."""
    lines = "".join(
        f'<li class="{"done" if done else "open"}"><span class="tick">{"X" if done else ""}'
        f"</span>{_e(label)}</li>"
        for label, done in items
    )
    return f'<ul class="checks {kind}">{lines}</ul>'


def _panel(title: str, kind: str, body: str) -> str:
    return f'<section class="panel {kind}"><h3>{_e(title)}</h3>{body}</section>'


def _row(*panels: str) -> str:
    shown = [panel for panel in panels if panel]
    return f'<div class="row">{"".join(shown)}</div>\n' if shown else ""


def _header(sheet: dict[str, Any]) -> str:
    boxes = _box("Tier", sheet["tier"], "tier") + _box("Effort", sheet["effort"], "effort")
    boxes += _box("XP", sheet["xp"], "xp")
    return (
        f'<header><div><h1 class="name">{_e(sheet["name"])}</h1>'
        f'<p class="sentence">{_e(sheet["sentence"])}</p></div>'
        f'<div class="boxes">{boxes}</div></header>\n'
    )


def _pools(sheet: dict[str, Any]) -> str:
    def pool(name: str, points: dict[str, int]) -> str:
        current = (
            f'<div class="box current"><b>{points["current"]}</b>'
            f"<small>of {points['max']}</small></div>"
        )
        edge = _box("Edge", points["edge"], "edge") if name in STATS else ""
        return (
            f'<section class="pool pool-{_e(name)}"><h2>{_e(name.title())}</h2>'
            f'<div class="boxes">{current}{edge}</div></section>'
        )

    return f'<div class="pools">{"".join(pool(n, p) for n, p in sheet["pools"].items())}</div>\n'


def _recovery(sheet: dict[str, Any]) -> str:
    """R-REC-1, R-REC-2: the roll's bonus and the day's four rests, those taken crossed."""
    taken = sheet["rests_today"]
    rests = _ticks(((rest.label, rest.number <= taken) for rest in REST_SCHEDULE), "rests")
    roll = f'<p>1d{RECOVERY_DIE} + <b class="recovery-bonus">{sheet["recovery_bonus"]}</b></p>'
    return _panel("Recovery rolls", "recovery", roll + rests)


def _track(sheet: dict[str, Any]) -> str:
    """R-DMG-3: the damage track, the character's place on it crossed."""
    steps = ((step.label, step.label == sheet["damage_track"]) for step in DamageTrack)
    return _panel("Damage track", "track", _ticks(steps, "track-steps"))


def _armor(sheet: dict[str, Any]) -> str:
    """R-CMB-6: the Armor, and what gives it unless it is the descriptor's alone."""
    _, _, parts = armor_words(sheet).partition(" ")
    body = _box("Armor", sheet["armor"], "armor")
    if parts:
        body += f'<p class="armor-from">{_e(parts.strip("()"))}</p>'
    return _panel("Armor", "armor-panel", body)


def _skills(sheet: dict[str, Any]) -> str:
    head = "".join(f'<th class="level">{_e(level.title())}</th>' for level in SKILL_LEVELS)
    rows = "".join(
        f"<tr><td>{_e(skill)}</td>"
        + "".join(
            f'<td class="level" title="{_e(level)}">{"X" if level == held else ""}</td>'
            for level in SKILL_LEVELS
        )
        + "</tr>"
        for skill, held in sheet["skills"].items()
    )
    table = f"<table><tr><th>Skill</th>{head}</tr>{rows}</table>" if rows else NONE
    maybe = "".join(f'<p class="maybe">{_e(maybe_words(m))}</p>' for m in sheet["skills_maybe"])
    return _panel("Skills", "skills", table + maybe)  # R-ABL-1: situational ones beside


def _list(title: str, items: list[str], kind: str) -> str:
    body = "".join(f"<li>{_e(item)}</li>" for item in items)
    return _panel(title, kind, f"<ul>{body}</ul>" if body else NONE)


def _attacks(sheet: dict[str, Any]) -> str:
    if not sheet.get("attacks"):
        return ""
    rows = "".join(
        f'<tr><td>{_e(a["name"])}</td><td class="damage">{a["damage"]}</td>'
        f"<td>{_e(a['range'])}</td><td>{_e(a['stat'].title())}</td>"
        f"<td>{_e('; '.join([a['training']] * bool(a['training']) + a['notes']))}</td></tr>"
        for a in sheet["attacks"]
    )
    head = "<tr><th>Attack</th><th>Damage</th><th>Range</th><th>Stat</th><th></th></tr>"
    return _row(_panel("Attacks", "attacks", f"<table>{head}{rows}</table>"))


def _cyphers(sheet: dict[str, Any]) -> str:
    """R-CYP-1: the cyphers carried and their load against the limit."""
    rows = "".join(
        f'<tr><td>{_e(c["name"])}</td><td class="level">{c["level"]}</td>'
        f"<td>{'occultic' if c['occultic'] else ''}</td></tr>"
        for c in sheet["cyphers"]
    )
    load = (
        f'<p>Carried <b class="cypher-load">{sheet["cypher_load"]}</b> of '
        f'<b class="cypher-limit">{sheet["cypher_limit"]}</b></p>'
    )
    head = '<tr><th>Cypher</th><th class="level">Level</th><th></th></tr>'
    return _panel("Cyphers", "cyphers", load + (f"<table>{head}{rows}</table>" if rows else ""))


def _artifacts(sheet: dict[str, Any]) -> str:
    """R-ART-1: each artifact's level, and whether it is known or spent."""
    if not sheet.get("artifacts"):
        return ""
    rows = "".join(
        f'<tr><td>{_e(a["name"])}</td><td class="level">{a["level"]}</td>'
        f"<td>{'' if a['identified'] else 'unidentified'}{' spent' if a['spent'] else ''}</td>"
        "</tr>"
        for a in sheet["artifacts"]
    )
    head = '<tr><th>Artifact</th><th class="level">Level</th><th></th></tr>'
    return _panel("Artifacts", "artifacts", f"<table>{head}{rows}</table>")


def _foci(sheet: dict[str, Any]) -> str:
    """R-TR-8: the focus in each recursion; without ``paper_sheet``'s data, the one held."""
    foci = sheet.get("foci") or {"": sheet["focus"]}
    here = sheet.get("recursion", "")
    rows = "".join(
        f"<tr><td>{_e(_place(place)) or '—'}{' (here)' if place == here and place else ''}"
        f"</td><td>{_e(focus)}</td></tr>"
        for place, focus in foci.items()
    )
    return _panel(
        "Focus by recursion",
        "foci",
        f"<table><tr><th>Recursion</th><th>Focus</th></tr>{rows}</table>",
    )


def _place(recursion: str) -> str:
    return recursion[:1].upper() + recursion[1:]


def _advancement(sheet: dict[str, Any]) -> str:
    """R-ADV-1: the tier's four main steps, those bought crossed; the other option and
    the boons in words."""
    bought = sheet.get("advancements", [])
    steps = _ticks(((STEP_WORDS[step], step in bought) for step in MAIN_STEPS), "steps")
    others = [STEP_WORDS.get(step, step) for step in bought if step not in MAIN_STEPS]
    others += sheet.get("boons", [])
    more = f"<ul>{''.join(f'<li>{_e(other)}</li>' for other in others)}</ul>" if others else ""
    return _panel("Advancement (this tier)", "advancement", steps + more)


def _lasting(sheet: dict[str, Any]) -> str:
    """R-DMG-6: lasting and permanent damage (no panel without any)."""
    words = scars_words(sheet)
    return _panel("Lasting damage", "lasting", f"<p>{_e(words)}</p>") if words else ""


def _in_use(sheet: dict[str, Any]) -> str:
    if not sheet.get("in_use"):
        return ""
    items = [f"{use['ability']} ({duration(use['seconds_left'])})" for use in sheet["in_use"]]
    return _list("In use", items, "in-use")


def _notes(sheet: dict[str, Any]) -> str:
    if not sheet["notes"]:
        return ""
    lines = "".join(f"<p>{_e(line)}</p>" for line in sheet["notes"].splitlines())
    return _panel("Notes", "notes", lines)
