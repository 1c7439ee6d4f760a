"""Build hook: the wheel carries the top-level ``themes/`` folder as ``strange_tui/_themes``.

Everything else is in pyproject.toml. The themes stay where DESIGN.md puts them (``themes/``
in the checkout, read there by an editable install); a built wheel gets a copy of their
files inside the package, so an installed strange-tui finds them from any folder.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

THEMES = Path(__file__).resolve().parent / "themes"
PACKAGED = ("strange_tui", "_themes")


class BuildPyWithThemes(build_py):
    """``build_py`` that also copies ``themes/*.toml`` into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # An editable install reads themes/ in the checkout.
        files = sorted(THEMES.glob("*.toml"))
        if not files:
            raise SystemExit(f"no theme files in {THEMES}: the wheel would have no themes")
        target = Path(self.build_lib, *PACKAGED)
        shutil.rmtree(target, ignore_errors=True)  # No theme left over from an older build.
        self.mkpath(str(target))
        for source in files:
            self.copy_file(str(source), str(target / source.name))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        target = Path(self.build_lib, *PACKAGED)
        return [*outputs, *(str(target / path.name) for path in sorted(THEMES.glob("*.toml")))]


setup(cmdclass={"build_py": BuildPyWithThemes})
