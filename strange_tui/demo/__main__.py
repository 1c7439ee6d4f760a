"""`python -m strange_tui.demo [SAVES_DIR]`: write the demo campaign (default ./saves)."""

import sys
from pathlib import Path

from strange_tui.demo.build import build_demo

folder = build_demo(Path(sys.argv[1] if len(sys.argv) > 1 else "saves"))
print(f"wrote {folder.path}")
