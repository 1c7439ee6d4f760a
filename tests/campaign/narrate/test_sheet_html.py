"""The printed sheet's HTML: every number in its box, every word escaped, nothing asked of
any other host, a character a page, the page size chosen."""

from html.parser import HTMLParser

import pytest
from msgspec.structs import replace

from strange_tui.campaign.model.artifacts import Artifact
from strange_tui.campaign.model.state import Cypher, Scars
from strange_tui.campaign.model.traits import ActiveEffect
from strange_tui.campaign.model.travel import Travel
from strange_tui.campaign.narrate.sheet import sheet_data
from strange_tui.campaign.narrate.sheet_html import html_page, html_sheet, paper_sheet
from strange_tui.rules.pools import Pool, Pools, Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character

NOW = 40
KEL = character(
    "kel",
    name="Kel Varro",
    pools=Pools(
        might=Pool(current=17, maximum=19, edge=2),
        speed=Pool(current=13, maximum=15, edge=3),
        intellect=Pool(current=9, maximum=11),
    ),
    abilities=("Onslaught", "Ward"),
    tier=2,
    effort=3,
    xp=7,
    cyphers=(
        Cypher(name="Ghost lens", level=6),
        Cypher(name="Gravity knot", level=8, occultic=True),
    ),
    cypher_limit=4,
    artifacts=(Artifact(name="Old key", level=5, identified=False),),
    scars=Scars(lasting={Stat.MIGHT: 1}, permanent={Stat.SPEED: 1}),
    equipment=("Rope", "Lantern"),
    advancements=("edge", "recovery"),
    boons=("Contact: Ilse, a fixer",),
    foci={"ardeyn": "Wields Two Weapons"},
    track=DamageTrack.IMPAIRED,
    rests_today=2,
    recovery_bonus=2,
    notes="Owes the Estate.\nKeeps a map.",
    active=(ActiveEffect(name="Fury", effects=(), until=NOW + 60),),
)
HOSTILE = '<script>alert("x")</script>'


class Elements(HTMLParser):
    """Every element of a page: its tag, its attributes, and all the text inside it."""

    VOID = frozenset({"meta", "br", "img", "link", "input", "hr", "source", "base"})

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.open: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.feed(page)
        self.close()
        assert self.open == [], "an element was left open"

    def handle_starttag(self, tag, attrs):
        element = (tag, dict(attrs), [])
        self.found.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        assert self.open.pop()[0] == tag, f"</{tag}> closes another element"

    def handle_data(self, data):
        for _, _, text in self.open:
            text.append(data)

    def texts(self, css_class: str) -> list[str]:
        """The text of each element with ``css_class``, in page order."""
        return [
            "".join(text)
            for _, attrs, text in self.found
            if css_class in (attrs.get("class") or "").split()
        ]


def kel_page() -> Elements:
    return Elements(html_sheet(paper_sheet(KEL, "earth", NOW)))


def test_every_pool_shows_its_points_its_maximum_and_its_edge():
    page = kel_page()
    assert page.texts("pool-might") == ["Might17of 192Edge"]
    assert page.texts("current") == ["17of 19", "13of 15", "9of 11"]
    assert page.texts("edge") == ["2Edge", "3Edge", "0Edge"]


def test_luck_shows_its_points_and_no_edge():
    lucky = character("tess", pools=replace(KEL.pools, luck=Pool(current=2, maximum=3)))
    page = Elements(html_sheet(sheet_data(lucky)))
    assert page.texts("pool-luck") == ["Luck2of 3"]
    assert len(page.texts("edge")) == 3


def test_tier_effort_xp_armor_and_recovery_are_in_their_boxes():
    page = kel_page()
    assert page.texts("tier") == ["2Tier"]
    assert page.texts("effort") == ["3Effort"]
    assert page.texts("xp") == ["7XP"]
    assert page.texts("armor") == ["2Armor"]
    assert page.texts("armor-from") == ["Tough 1 + Ward 1"]
    assert page.texts("recovery-bonus") == ["4"]  # Tier 2 and the +2 bought.


def test_the_rests_taken_and_the_place_on_the_track_are_crossed():
    page = kel_page()
    rests = [tag for tag, attrs, _ in page.found if attrs.get("class") in ("done", "open")]
    assert len(rests) == 4 + 4 + 4  # Four rests, four steps of the track, four main steps.
    assert page.texts("rests") == ["Xone actionXten minutesone hourten hours"]
    assert page.texts("track-steps") == ["haleXimpaireddebilitateddead"]
    assert page.texts("steps") == ["+4 pool pointsX+1 Edge+1 Efforta skill"]
    assert "+2 to recovery rolls" in page.texts("advancement")[0]
    assert "Contact: Ilse, a fixer" in page.texts("advancement")[0]


def test_cyphers_artifacts_attacks_and_damage_show_their_numbers():
    page = kel_page()
    (cyphers,) = page.texts("cyphers")
    assert "Ghost lens6" in cyphers and "Gravity knot8occultic" in cyphers
    assert page.texts("cypher-load") == ["3"] and page.texts("cypher-limit") == ["4"]
    assert page.texts("artifacts") == ["ArtifactsArtifactLevelOld key5unidentified"]
    assert page.texts("damage") == ["4", "2"]
    assert "ignores Armor" in page.texts("attacks")[0]
    assert page.texts("lasting") == ["Lasting damage1 Might; permanent 1 Speed"]
    assert page.texts("in-use") == ["In useFury (1 min)"]


def test_skills_abilities_equipment_and_notes_are_listed():
    page = kel_page()
    (skills,) = page.texts("skills")
    assert "GunsX" in skills
    assert page.texts("abilities") == ["AbilitiesOnslaughtWard"]
    assert page.texts("equipment") == ["EquipmentRopeLantern"]
    assert page.texts("notes") == ["NotesOwes the Estate.Keeps a map."]
    assert page.texts("name") == ["Kel Varro"]
    assert page.texts("sentence") == ["I am a Tough Vector who Is Licensed to Carry"]


def test_the_focus_of_each_recursion_is_shown_the_one_here_first():
    page = kel_page()
    assert page.texts("foci") == [
        "Focus by recursionRecursionFocusEarth (here)Is Licensed to CarryArdeynWields Two Weapons"
    ]
    away = character("ana", foci={"earth": "Solves Mysteries"}, travel=Travel(recursion="ruk"))
    (foci,) = Elements(html_sheet(paper_sheet(away, "earth"))).texts("foci")
    assert foci.endswith("Ruk (here)Is Licensed to CarryEarthSolves Mysteries")


def test_the_plain_sheet_data_prints_too_with_the_focus_it_holds():
    (foci,) = Elements(html_sheet(sheet_data(KEL, NOW))).texts("foci")
    assert foci.endswith("—Is Licensed to Carry")


def test_hostile_words_come_out_as_text_never_as_markup():
    sly = character(
        "sly",
        name=HOSTILE,
        descriptor='"><img src=x onerror=alert(1)>',
        focus="</style><script>",
        skills={"<b>bold</b>": "trained"},
        equipment=("</title><link rel=stylesheet href=//evil>",),
        cyphers=(Cypher(name="&amp; <i>", level=2),),
        notes="\x1b[31mred\u202e",
        foci={"<ardeyn>": "<u>"},
    )
    page = html_page(HOSTILE, [paper_sheet(sly, "<earth>")])
    elements = Elements(page)
    tags = {tag for tag, _, _ in elements.found}
    assert tags <= {"html", "head", "meta", "title", "style", "body", "article", "header",
                    "div", "h1", "h2", "h3", "p", "b", "small", "section", "ul", "li", "span",
                    "table", "tr", "th", "td"}  # fmt: skip
    assert not any(name.startswith("on") for _, attrs, _ in elements.found for name in attrs)
    assert elements.texts("name") == [HOSTILE]
    assert [text for tag, _, text in elements.found if tag == "title"] == [[HOSTILE]]
    assert "&lt;script&gt;" in page and "<script" not in page.lower()
    assert "&amp;amp; &lt;i&gt;" in page
    assert "\x1b" not in page and "\u202e" not in page and "\\x1b[31mred\\u202e" in page


@pytest.mark.parametrize("sheet", [paper_sheet(KEL, "earth", NOW), sheet_data(KEL, NOW)])
def test_the_page_names_no_resource_of_any_host(sheet):
    page = html_page("Kel", [sheet]).lower()
    for resource in ("http", "src=", "url(", "@import", "<link", "<script", "href", "//"):
        assert resource not in page


def test_a_party_prints_each_character_on_a_page_of_its_own():
    jun = character("jun", name="Jun")
    page = html_page("Party", [paper_sheet(KEL, "earth"), paper_sheet(jun, "earth")])
    assert page.count('<article class="sheet">') == 2
    assert ".sheet + .sheet { break-before: page; page-break-before: always }" in page
    assert page.index("Kel Varro") < page.index(">Jun<")


@pytest.mark.parametrize(("paper", "size"), [("a4", "A4"), ("letter", "letter")])
def test_the_page_is_set_for_the_paper_chosen(paper, size):
    page = html_page("Kel", [sheet_data(KEL)], paper)
    assert f"@page {{ size: {size}; margin: 12mm }}" in page
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
