#!/usr/bin/python3
"""One real terminal: the reader in xterm's VT340 mode (sixel graphics) under Xvfb, a red square
served on loopback in an article, the screen photographed (ImageMagick's `import`) until the
square is found. `make xterm-check` runs it; exit status 0 when the picture is on the screen.

    xterm_sixel_check.py TIDINGS_BINARY [SCREENSHOT.png]

`image-protocol` is left at `auto`: xterm -ti vt340 lists sixel in its device attributes, which is
how the reader must find out. Keys go in with xdotool; each wait is for an event (a log line, the
picture's download, the square on screen), bounded, never a fixed pause.
"""

import http.server
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

SIDE = 200


def red_png(side):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * side for _ in range(side))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def wait(what, condition, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    print(f"xterm-check: timed out waiting for {what}")
    return False


def wait_quietly(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not condition():
        time.sleep(0.05)
    return condition()


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return ""


def screenshot(display):
    """The screen as (width, height, RGB bytes), from a binary PPM."""
    data = subprocess.run(["import", "-display", display, "-window", "root", "-depth", "8", "ppm:-"], capture_output=True).stdout
    fields, index = [], 0
    while len(fields) < 4:
        while data[index:index + 1].isspace():
            index += 1
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[index + 1:]


def red_box(shot):
    """Bounding box and count of the pure red pixels."""
    width, height, pixels = shot
    left, top, right, bottom, count = width, height, -1, -1, 0
    for y in range(height):
        row = pixels[y * width * 3:(y + 1) * width * 3]
        if b"\xff\x00\x00" not in row and not any(row[i] > 200 and row[i + 1] < 60 and row[i + 2] < 60 for i in range(0, len(row), 3)):
            continue
        for x in range(width):
            r, g, b = row[x * 3], row[x * 3 + 1], row[x * 3 + 2]
            if r > 200 and g < 60 and b < 60:
                count += 1
                left, right, top, bottom = min(left, x), max(right, x), min(top, y), max(bottom, y)
    return (left, top, right, bottom, count) if count else None


def main():
    binary = os.path.abspath(sys.argv[1])
    output = sys.argv[2] if len(sys.argv) > 2 else None
    home = tempfile.mkdtemp(prefix="tidings-xterm-")
    processes = []
    requests = []
    try:
        served = os.path.join(home, "served")
        os.makedirs(served)
        with open(os.path.join(served, "red.png"), "wb") as file:
            file.write(red_png(SIDE))

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=served, **kwargs)

            def log_message(self, *args):
                requests.append(self.path)

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        html = (f"<p>First paragraph.</p><p><img src=\"{base}/red.png\" alt=\"A red square\"></p>"
                "<p>Second paragraph.</p>" + "".join(f"<p>Line {n} after the picture.</p>" for n in range(30))).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        with open(os.path.join(served, "feed.xml"), "w") as file:
            file.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pictures</title>"
                       "<link>https://pictures.example/</link><item><title>Red</title>"
                       f"<link>https://pictures.example/red</link><guid>red</guid><description>{html}</description>"
                       "</item></channel></rss>")
        os.makedirs(os.path.join(home, "config/tidings"))
        os.makedirs(os.path.join(home, "data"))
        with open(os.path.join(home, "config/tidings/urls"), "w") as file:
            file.write(f"{base}/feed.xml\n")
        log = os.path.join(home, "data/tidings/tidings.log")

        number = 90 + os.getpid() % 60
        display = f":{number}"
        processes.append(subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if not wait("Xvfb", lambda: os.path.exists(f"/tmp/.X11-unix/X{number}")):
            return 1
        environment = dict(os.environ, DISPLAY=display, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                           XDG_DATA_HOME=os.path.join(home, "data"), LANG="C.UTF-8")
        environment.pop("TMUX", None)
        environment.pop("STY", None)
        processes.append(subprocess.Popen(
            ["xterm", "-ti", "vt340", "-geometry", "100x30+0+0", "-fn", "fixed", "-xrm", "XTerm*allowSendEvents: true",
             "-e", binary], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if not wait("the reader to ask the terminal", lambda: "image-protocol auto:" in read(log)):
            return 1
        chosen = [line for line in read(log).splitlines() if "image-protocol auto:" in line][-1]
        print(f"xterm-check: {chosen.split('tidings.reader')[-1].strip(' :')}")
        if "auto: sixel" not in chosen:
            print("xterm-check: xterm -ti vt340 was not taken for a sixel terminal")
            return 1
        window = subprocess.run(["xdotool", "search", "--sync", "--class", "xterm"], env=environment,
                                capture_output=True, text=True).stdout.split()[0]

        def key(name):
            subprocess.run(["xdotool", "key", "--window", window, name], env=environment, stderr=subprocess.DEVNULL)

        key("R")
        if not wait("the reload", lambda: "reload done" in read(log)):
            return 1
        # Enter opens the feed, then the article: pressed again until the picture is asked for.
        for _ in range(10):
            key("Return")
            if wait_quietly(lambda: "/red.png" in " ".join(requests), seconds=2):
                break
        else:
            return 1
        found = None

        def square_on_screen():
            nonlocal found
            found = red_box(screenshot(display))
            return found is not None and found[4] > 0.9 * (found[2] - found[0] + 1) * (found[3] - found[1] + 1) > 1000
        if not wait("the red square on the screen", square_on_screen):
            if output:
                subprocess.run(["import", "-display", display, "-window", "root", output])
                print(f"xterm-check: what the screen showed instead is in {output}")
            return 1
        left, top, right, bottom, count = found
        width, height = right - left + 1, bottom - top + 1
        print(f"xterm-check: red square of {width} × {height} pixels at ({left}, {top}), {count} red pixels")
        if output:
            subprocess.run(["import", "-display", display, "-window", "root", output])
            print(f"xterm-check: screenshot in {output}")
        # Half of the view's 28 rows of 13 pixels at most, its aspect kept: 182 × 182 (a sixel
        # band of 6 pixels less at most).
        if not (abs(width - height) <= 8 and 170 <= height <= 200):
            print("xterm-check: the square is not the size expected")
            return 1
        print("xterm-check: the picture is on the screen")
        # Three rows down: the picture is drawn three rows (of 13 pixels) higher, and no pixel
        # of it is left behind where it was (the rows it covered are written again).
        for _ in range(3):
            key("j")
        moved = None

        def square_moved():
            nonlocal moved
            moved = red_box(screenshot(display))
            return moved is not None and moved[1] == top - 39 and moved[3] - moved[1] + 1 == height
        if not wait("the square three rows higher, alone", square_moved, seconds=15):
            print(f"xterm-check: red pixels in {moved} after scrolling")
            if output:
                subprocess.run(["import", "-display", display, "-window", "root", output])
            return 1
        print(f"xterm-check: after scrolling three rows, the square is at ({moved[0]}, {moved[1]}), nothing left behind")
        # Back to the list: no red pixel may stay on the screen.
        key("q")
        if not wait("the picture to go with the article", lambda: red_box(screenshot(display)) is None, seconds=15):
            if output:
                subprocess.run(["import", "-display", display, "-window", "root", output])
            return 1
        print("xterm-check: back in the list, the picture is gone")
        return 0
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
