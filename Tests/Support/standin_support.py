"""What Tidings' feed-server STAND-INS share (greader_standin.py, ocnews_standin.py,
newsblur_standin.py, feedbin_standin.py): fetching and reading the test's feeds the way a feed
server does, a SQLite file that outlives the process, and the process's life on loopback.

None of this is a feed server's code: each stand-in follows its service's published API
reference, and uses this module only for what every server does the same way (download an
RSS 2.0 or Atom document from the test's loopback feed server and read its items).

A stand-in run with `main(description, Store, Handler)`:
- listens on 127.0.0.1 and a free port (or --port), with TLS when --tls-cert/--tls-key are given;
- prints the port as its first line of output;
- appends "METHOD PATH?QUERY" of each request to --log (never a header or a body: passwords and
  tokens travel there), followed by " -> N articles" when the answer is a list of articles;
- exits after --lifetime seconds, or with --watch-stdin when its standard input closes (the test
  that started it went away).
"""

import argparse
import datetime
import email.utils
import hashlib
import json
import os
import signal
import sqlite3
import ssl
import sys
import threading
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"


class FeedUnavailable(Exception):
    """A feed that could not be fetched or read; `kind` is "missing" (404), "status" (another
    HTTP error, `status` set), "unreachable" or "unreadable" (not RSS or Atom)."""

    def __init__(self, kind, status=None):
        super().__init__(kind)
        self.kind = kind
        self.status = status


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def fetch_feed(url):
    """Downloads and reads an RSS 2.0 or Atom feed: (title, site, items), each item a dict with
    guid, hash, title, url, author, content and published (an aware datetime)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=20) as response:
            data = response.read()
    except urllib.error.HTTPError as error:
        raise FeedUnavailable("missing" if error.code == 404 else "status", error.code)
    except Exception:
        raise FeedUnavailable("unreachable")
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        raise FeedUnavailable("unreadable")
    items = []
    if root.tag == ATOM + "feed":
        title = root.findtext(ATOM + "title") or ""
        site = alternate(root)
        for entry in root.findall(ATOM + "entry"):
            link = alternate(entry)
            items.append(item(entry.findtext(ATOM + "id") or link, entry.findtext(ATOM + "title"), link,
                              entry.findtext(ATOM + "author/" + ATOM + "name"),
                              entry.findtext(ATOM + "content") or entry.findtext(ATOM + "summary"),
                              iso_date(entry.findtext(ATOM + "published") or entry.findtext(ATOM + "updated"))))
    elif root.tag == "rss" and root.find("channel") is not None:
        channel = root.find("channel")
        title = channel.findtext("title") or ""
        site = channel.findtext("link") or ""
        for entry in channel.findall("item"):
            published = entry.findtext("pubDate")
            items.append(item(entry.findtext("guid") or entry.findtext("link"), entry.findtext("title"), entry.findtext("link"),
                              entry.findtext("author"), entry.findtext(CONTENT) or entry.findtext("description"),
                              email.utils.parsedate_to_datetime(published) if published else None))
    else:
        raise FeedUnavailable("unreadable")
    # Oldest first: servers number what they store in the order they store it.
    items.sort(key=lambda entry: entry["published"])
    return title.strip(), site.strip(), items


def alternate(element):
    return next((link.get("href") for link in element.findall(ATOM + "link") if link.get("rel", "alternate") == "alternate"), "")


def iso_date(text):
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")) if text else None
    except ValueError:
        return None


def item(guid, title, link, author, content, published):
    guid = (guid or link or title or "").strip()
    return {"guid": guid, "hash": hashlib.sha256(guid.encode()).hexdigest(), "title": (title or "").strip(),
            "url": (link or "").strip(), "author": (author or "").strip(), "content": content or "",
            "published": published or now()}


def database(path, schema):
    """A SQLite connection shared by the handler threads (behind the caller's lock)."""
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
    db.row_factory = sqlite3.Row
    # A test server: the data must outlive a stopped process, not a crashed machine.
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = OFF")
    db.executescript(schema)
    return db


def main(description, store_class, handler, one_shots=None):
    """A stand-in's whole run: its database (seeded on first use from --seed), then either a
    one-shot command on it (--refresh: every feed fetched again, as the server's own schedule
    does; `one_shots` adds others, name → (help, function(store, value))) or serving."""
    one_shots = dict(one_shots or {})
    one_shots.setdefault("refresh", ("fetch every feed again and exit", lambda store, value: store.refresh()))

    def extra(parser):
        for name, (help_text, _) in one_shots.items():
            if name == "refresh":
                parser.add_argument("--refresh", action="store_true", help=help_text)
            else:
                parser.add_argument("--" + name, dest=name.replace("-", "_"), help=help_text)

    args = arguments(description, extra)
    store = store_class(args.db)
    if args.seed:
        with open(args.seed) as file:
            store.seed(json.load(file))
    asked = [(name, getattr(args, name.replace("-", "_"))) for name in one_shots]
    asked = [(name, value) for name, value in asked if value]
    if asked:
        with store.lock:
            for name, value in asked:
                one_shots[name][1](store, value)
        return
    serve(handler, store, args)


def arguments(description, extra=None):
    """The command line every stand-in takes; `extra(parser)` adds its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--db", required=True)
    parser.add_argument("--seed")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--watch-stdin", action="store_true")
    parser.add_argument("--log")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    if extra:
        extra(parser)
    return parser.parse_args()


class QuietHandler(BaseHTTPRequestHandler):
    """HTTP/1.1 with keep-alive, nothing on stderr, each request logged as METHOD PATH?QUERY."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    # How many articles the answer carries, when it carries any kind of article list: logged as
    # " -> N articles" after the request, so that a test can tell a sync that fetched none.
    articles = None

    def log_answered(self):
        if self.server.log_path:
            count = f" -> {self.articles} articles" if self.articles is not None else ""
            with self.server.log_lock, open(self.server.log_path, "a") as log:
                log.write(f"{self.command} {self.path}{count}\n")
        self.articles = None

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, payload, content_type, headers=None):
        self.log_answered()
        if isinstance(payload, str):
            payload = payload.encode()
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Python's default of 5 pending connections stalls concurrent clients.
    request_queue_size = 128


def serve(handler, state, args):
    """Serves `handler` with `state` as `server.state` until the lifetime ends or stdin closes."""
    # A child of a thread that blocks signals inherits the mask: without this, the test's
    # SIGTERM would wait for the lifetime to end.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    server = Server((args.host, args.port), handler)
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    server.state = state
    server.log_path = args.log
    server.log_lock = threading.Lock()
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
