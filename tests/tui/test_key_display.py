"""The app shows each key as Textual would (tui/app/actions.py's ``get_key_display``
skips Textual's look-up of a one-character key as a Unicode name, which reads part of the
Unicode database into memory at start, and must not change what a key bar or Help says)."""

import pytest
from textual.app import App
from textual.binding import Binding

from strange_tui.storage.config import Config
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.app.keymap import ids_of, node_classes

EXTRA_KEYS = [
    "r", "R", "1", "ctrl+z", "ctrl+shift+z", "shift+a", "alt+x", "ctrl+alt+q",
    "question_mark", "exclamation_mark", "f1", "enter", "escape", "ctrl+p", "plus",
]  # fmt: skip


def every_key() -> list[str]:
    declared = {binding.key for cls in node_classes() for binding in ids_of(cls)}
    keys = {key for keys in declared for key in keys.split(",")} | set(EXTRA_KEYS)
    return sorted(keys)


@pytest.fixture(scope="module")
def apps(tmp_path_factory) -> tuple[App, StrangeApp]:
    saves = tmp_path_factory.mktemp("saves")
    return App(), StrangeApp(saves=saves, config=(Config(), []))


@pytest.mark.parametrize("key", every_key())
def test_a_key_shows_as_textual_shows_it(apps, key):
    textual_app, ours = apps
    binding = Binding(key, "noop", "")
    assert ours.get_key_display(binding) == App.get_key_display(textual_app, binding)


def test_a_key_display_set_on_the_binding_is_kept(apps):
    _, ours = apps
    assert ours.get_key_display(Binding("exclamation_mark", "noop", "", key_display="!")) == "!"
