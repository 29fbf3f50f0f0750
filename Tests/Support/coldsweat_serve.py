#!/usr/bin/env python3
"""Serves coldsweat (a Fever API server) on a free loopback port, for Tidings' sync tests.

Run it with the Python of coldsweat's virtual environment (`make sync-test-deps`), with
FLASK_DATABASE_URL pointing at a database made by `coldsweat setup` and `coldsweat import`:

    FLASK_DATABASE_URL=sqlite:///TMP/cs.db .build/sync-venv/bin/python coldsweat_serve.py \
        --lifetime 120 --watch-stdin

What `coldsweat run -h 127.0.0.1 -p PORT` does, except that it binds port 0 (no race for a free
port), prints the port it got on stdout as its first line, and exits by itself after --lifetime
seconds or, with --watch-stdin, when its standard input closes (the test process died).
"""

import argparse
import logging
import os
import signal
import sys
import threading

from werkzeug.serving import make_server

from coldsweat import create_app


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    # 0: any free port. A test that stops the server and starts it again asks for the same one,
    # as a server that was down comes back at the same address.
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--watch-stdin", action="store_true")
    args = parser.parse_args()
    # A child of a thread that blocks signals (a Dispatch or test-runner thread) inherits the
    # mask: without this, the SIGTERM of the test's stop() would wait for the lifetime to end.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])

    # The request log goes to stderr, which the tests do not read: keep it short.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server(args.host, args.port, create_app(), threaded=True)
    print(server.server_port, flush=True)

    def watch_stdin():
        while sys.stdin.buffer.read(4096):
            pass
        os._exit(0)

    if args.watch_stdin:
        threading.Thread(target=watch_stdin, daemon=True).start()
    timer = threading.Timer(args.lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
