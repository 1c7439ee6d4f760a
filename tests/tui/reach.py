"""What a player sees and reaches by keys: the screen as text, and Tab through every field
with each brought into view. Shared by test_layout and the screens' own tests (a module of
helpers only, so importing it loads no other test module)."""

import io

from rich.console import Console
from textual.geometry import Region

# Each opens a screen or dialog from Home, and the keys after it close it again: every
# screen, opened at 40x12 (test_layout's reach test) and at 200x60 (test_hostile_names).
VISITS = [
    # t before c: a fight in progress (c starts one) holds translation back.
    ["r"], ["s"], ["x"], ["i"], ["l"], ["question_mark"], ["f1"], ["n"], ["t"], ["c"], ["o"],
    ["g"], ["n", *"tough", "enter", *"vector", "enter", *"licensed", "enter"],
    ["enter", "d"], ["enter", "p"], ["enter", "h"], ["enter", "g"], ["enter", "u"],
    ["enter", "e"], ["enter", "r"], ["enter", "s"], ["enter", "x"],
]  # fmt: skip


def screen_lines(app) -> list[str]:
    """The screen as plain text, one string a row."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


def visible(app, widget) -> bool:
    """Whether the widget is on screen, inside what clips it, whole (or three rows at
    least when it is taller than that)."""
    shown = app.screen._compositor.visible_widgets
    if widget not in shown:
        return False
    region, clip = shown[widget]
    seen = region.intersection(clip).intersection(Region(0, 0, *app.size))
    return seen.height >= min(region.height, 3) and seen.width >= min(region.width, 4)


async def tab_through(pilot) -> list[str]:
    """Tab once per focusable widget of the screen; those that were not in view."""
    app = pilot.app
    hidden = []
    for _ in range(len(app.screen.focus_chain)):
        await pilot.pause()
        await pilot.pause()  # The key bar follows the focus, then the layout follows it.
        focused = app.focused
        if focused is not None and not visible(app, focused):
            hidden.append(f"{type(app.screen).__name__}: {focused!r}")
        await pilot.press("tab")
    return hidden


def rendered(widget) -> str:
    """What a Static shows, as plain words on one line (rich renderables printed)."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(widget.content)
    return " ".join(out.getvalue().split())
