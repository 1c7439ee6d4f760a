"""An import for the leftover tests, run in a child process that the test kills with SIGKILL
(or keeps running, a live import beside another).

``python -m tests.storage.stalled_import ARCHIVE SAVES`` imports the backup ARCHIVE into
SAVES, but stops once the first campaign file is unpacked into its hidden folder: it prints
``unpacking`` and waits for its stdin to close, then goes on.
"""

import io
import sys
from pathlib import Path

from strange_tui.storage import archive

real_unpack = archive._unpack


def stalled_unpack(zipped, info, out):
    digest = real_unpack(zipped, info, out)
    if not isinstance(out, io.BytesIO):  # A file of the hidden folder, not the manifest.
        print("unpacking", flush=True)
        sys.stdin.read()
    return digest


if __name__ == "__main__":
    archive._unpack = stalled_unpack
    print(archive.import_campaign(Path(sys.argv[1]), Path(sys.argv[2]))[1], flush=True)
