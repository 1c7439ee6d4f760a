"""The garbage collector around the app's life, for a quick start and quick keys: quiet
while the app's modules load, and kept off the objects that live as long as the process or
the window.

Importing Textual, Rich and the model makes some 50,000 objects the collector tracks, and
nearly all of them live as long as the process (modules, classes, functions, Textual's
tables). The collector walks the young ones every few hundred allocations and the older
ones every few of those passes; while imports run, every object is young and survives,
so it walked them again and again for nothing: 37 passes, 11 ms, while the app's modules
loaded (a bare Textual app's import pays 9 ms of them). This module imports nothing but
``gc``, so the app module can pause the collector before its first import of Textual.
"""

from __future__ import annotations

import gc

_paused = False
"""Whether the collector is off because the app's modules are loading."""
_held = False
"""Whether the collector is off because the app is drawing its first frame."""


def pause_for_imports() -> None:
    """Stop the collector while the app's modules load (``resume_after_imports`` ends it)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_after_imports() -> None:
    """The app's modules are loaded: set what they made aside (``gc.freeze``: the
    collector never walks it again, and its count of young objects starts at zero rather
    than with one long pass over all of them) and let the collector run again."""
    global _paused
    if _paused:
        gc.freeze()
        gc.enable()
        _paused = False


"""Whether the collector is off because the app's modules are loading."""
_held = False
"""Whether the collector is off because the app is drawing its first frame."""


def freeze_imports() -> None:
    """As the app is made: what is alive now is the modules, their classes and Textual's
    tables, which live as long as the process; the collector stops walking them. Each of
    its full passes during the first frame walked them all (22 ms more than a bare app's
    start in collections alone); ``thaw`` gives them back when the app ends."""
    gc.freeze()


def hold_for_first_frame() -> None:
    """The app starts: no collection until ``freeze_long_lived`` (a second in) or the
    app's end. Opening the campaign, composing Home and drawing it make what the window
    keeps (the campaign, the screen, their widgets), and the collector walked it 37 times
    (4 ms) before the first frame was on screen; ``freeze_long_lived`` collects once."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def _release() -> None:
    global _held
    if _held:
        gc.enable()
        _held = False


def thaw() -> None:
    """The app has ended: what it froze may be collected again (a process that runs one
    app after another, like the tests, would otherwise never free their garbage), and
    the collector runs again if the start still held it."""
    gc.unfreeze()
    _release()


def freeze_long_lived() -> None:
    """After the first frame: what is alive now (the app, the campaign, the packs) lives
    as long as the window, so the collector stops walking it (``gc.freeze``). A full
    collection then walks only what screens and dialogs made since: the profile of the
    roll dialog showed the collector's full passes at about 80 ms each, every few opens.
    The collector runs again from here."""
    gc.collect()
    gc.freeze()
    _release()
