"""`python -m strange_tui` runs the `strange-tui` command."""

import sys

from strange_tui.cli import main

sys.exit(main())
