"""What a campaign's files decode into is declared with evaluated annotations.

msgspec reads a struct's field types on the first decode. Written as strings (``from
__future__ import annotations``), each is compiled and evaluated then: about 540 of them
for the events and the state, 9 ms of every start before the journal is read. The modules
that declare these structs therefore leave that import out.
"""

from typing import get_args

import msgspec

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.state import Campaign


def structs_reached(*roots: object) -> set[type[msgspec.Struct]]:
    """Every struct class a decode of ``roots`` builds, through fields and type arguments."""
    found: set[type[msgspec.Struct]] = set()
    todo = list(roots)
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
            if kind in found:
                continue
            found.add(kind)
            for base in kind.__mro__:
                todo.extend(getattr(base, "__annotations__", {}).values())
        else:
            todo.extend(get_args(kind))
    return found


def test_the_structs_of_the_files_have_evaluated_annotations():
    structs = structs_reached(AnyEvent, Campaign)
    assert len(structs) > 60  # The events, the state and what they hold.
    as_text = {
        f"{kind.__module__}.{kind.__name__}.{field}"
        for kind in structs
        for field, annotation in kind.__annotations__.items()
        if isinstance(annotation, str)
    }
    assert not as_text, f"string annotations, compiled on every start: {sorted(as_text)[:5]}"
