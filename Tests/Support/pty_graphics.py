#!/usr/bin/python3
"""Runs a program in a raw pseudo-terminal (no tmux: a multiplexer would swallow pictures),
types keys into it, and reports what it drew: the screen's text (replayed through pyte, Debian's
python3-pyte) and every picture sequence it wrote — kitty APC, sixel DCS, iTerm2 OSC 1337 — with
the cell where the cursor stood when it came.

    pty_graphics.py --rows 24 --columns 80 --cell 10x20 --steps STEPS.json -- PROGRAM [ARG…]

STEPS is a JSON list run in order: {"wait": "text"} waits (60 s at most) until the screen shows
the text; {"send": "keys"} types them; {"wait_graphics": N} waits until N picture sequences were
written; {"wait_file": PATH, "text": "…"} waits until the file holds the text; {"wait_output":
"text"} waits until the bytes written hold the text (for what the screen replay cannot show);
{"wait_exit": true} waits until the program has closed the terminal (exited). The report, on standard output, is JSON: {"screen": [rows], "graphics": [{"kind",
"row", "column", "base64"}], "output": every byte the program wrote, in base64, "failed": null
or what it was waiting for}. The environment is passed through; the program gets the pty as its
controlling terminal.
"""

import argparse
import base64
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

import pyte


class Capture:
    """Splits the program's output into text (fed to pyte) and picture sequences."""

    def __init__(self, rows, columns):
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pending = b""
        self.graphics = []
        self.output = bytearray()

    def feed(self, data):
        self.output += data
        self.pending += data
        while True:
            start, kind, end = self.next_sequence()
            if start is None:
                # Everything up to a possible unfinished sequence is text.
                cut = self.pending.rfind(b"\x1b")
                keep = cut if cut >= 0 and self.could_start(self.pending[cut:]) else len(self.pending)
                self.stream.feed(self.pending[:keep])
                self.pending = self.pending[keep:]
                return
            if end is None:
                self.stream.feed(self.pending[:start])
                self.pending = self.pending[start:]
                return
            self.stream.feed(self.pending[:start])
            sequence = self.pending[start:end]
            cursor = self.screen.cursor
            self.graphics.append({"kind": kind, "row": cursor.y, "column": cursor.x,
                                  "base64": base64.b64encode(sequence).decode()})
            self.pending = self.pending[end:]

    MARKERS = (b"\x1b_G", b"\x1bP", b"\x1b]1337;")

    @classmethod
    def could_start(cls, tail):
        return any(marker.startswith(tail) or tail.startswith(marker) for marker in cls.MARKERS)

    def next_sequence(self):
        """(start, kind, end) of the first picture sequence in `pending`; end None when unfinished."""
        candidates = []
        for marker, kind in ((b"\x1b_G", "kitty"), (b"\x1bP", "sixel"), (b"\x1b]1337;", "iterm2")):
            index = self.pending.find(marker)
            if index >= 0:
                candidates.append((index, kind))
        if not candidates:
            return None, None, None
        start, kind = min(candidates)
        if kind == "iterm2":
            stop = self.pending.find(b"\x07", start)
            return start, kind, (stop + 1 if stop >= 0 else None)
        stop = self.pending.find(b"\x1b\\", start)
        return start, kind, (stop + 2 if stop >= 0 else None)

    def text(self):
        return [line.rstrip() for line in self.screen.display]


def file_contains(path, text):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return text in file.read()
    except OSError:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--cell", default="10x20")
    parser.add_argument("--steps", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    cell_width, cell_height = (int(part) for part in arguments.cell.split("x"))
    with open(arguments.steps) as file:
        steps = json.load(file)

    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    size = struct.pack("HHHH", arguments.rows, arguments.columns,
                       arguments.columns * cell_width, arguments.rows * cell_height)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    os.kill(pid, signal.SIGWINCH)

    capture = Capture(arguments.rows, arguments.columns)
    failed = None

    def pump(seconds):
        ready, _, _ = select.select([master], [], [], seconds)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                return False
            if not data:
                return False
            capture.feed(data)
        return True

    alive = True
    for step in steps:
        if "send" in step:
            os.write(master, step["send"].encode())
            continue
        deadline = time.monotonic() + step.get("seconds", 60)
        if "wait_exit" in step:
            done = lambda: not alive
        elif "wait" in step:
            done = lambda: any(step["wait"] in line for line in capture.text())
        elif "wait_output" in step:
            done = lambda: step["wait_output"].encode() in capture.output
        elif "wait_file" in step:
            done = lambda: file_contains(step["wait_file"], step["text"])
        else:
            done = lambda: len(capture.graphics) >= step["wait_graphics"]
        while not done() and time.monotonic() < deadline and alive:
            alive = pump(0.1)
        if not done():
            failed = step
            break
    # What is still on its way (the last frame) is read before the report.
    end = time.monotonic() + 0.5
    while time.monotonic() < end and pump(0.1):
        pass
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except OSError:
        pass
    json.dump({"screen": capture.text(), "graphics": capture.graphics,
               "output": base64.b64encode(bytes(capture.output)).decode(),
               "failed": json.dumps(failed) if failed else None}, sys.stdout)


if __name__ == "__main__":
    main()
