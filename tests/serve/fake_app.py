"""A stand-in for a seat's app, as textual-serve talks to one: it says it is ready, then
notes each packet the server sends it, one JSON line each, in RECORD. Quits when told,
unless MODE is "stubborn": then it goes on until killed (or, so that a test of the kill
fails rather than hangs, for STUBBORN_SECONDS); or "deaf": it reads nothing, as a stuck app,
for as long. Fast to start, unlike the real app.

Usage: python fake_app.py RECORD [MODE]
"""

import json
import os
import signal
import sys

STUBBORN_SECONDS = 20

record_path, mode = sys.argv[1], (sys.argv[2:] or ["obedient"])[0]
if mode in ("stubborn", "deaf"):
    signal.alarm(STUBBORN_SECONDS)  # SIGALRM's default ends the process.
with open(record_path, "a", encoding="utf-8") as record:

    def note(entry: dict) -> None:
        record.write(json.dumps(entry) + "\n")
        record.flush()

    note({"type": "start", "columns": os.environ["COLUMNS"], "rows": os.environ["ROWS"]})
    sys.stdout.buffer.write(b"__GANGLION__\n")
    sys.stdout.buffer.flush()
    if mode == "deaf":
        signal.pause()  # Until the alarm, or a kill.
    stdin = sys.stdin.buffer
    while len(head := stdin.read(5)) == 5:
        payload = stdin.read(int.from_bytes(head[1:], "big"))
        if head[:1] == b"M":
            meta = json.loads(payload)
            note(meta)
            if meta["type"] == "quit" and mode != "stubborn":
                break
        else:
            note({"type": "data", "text": payload.decode("utf-8")})
