#!/usr/bin/env python3
"""A STAND-IN for a Miniflux server, for Tidings' sync tests: NOT Miniflux.

Miniflux cannot run on the test machines (it is not packaged for Debian 12 and needs a newer Go
and PostgreSQL). This small server follows the part of Miniflux's REST API reference
(https://miniflux.app/docs/api.html, and miniflux/v2's internal/api) that Tidings uses, as
exactly as it can: the same routes and methods, the same status codes (201 for a feed created or
updated, 204 for marks, 400 with the validator's messages, 401 "Access Unauthorized", 404
"Resource Not Found", 500 for a feed that cannot be fetched), the same JSON shapes
(`{"total": N, "entries": [...]}`, `{"feed_id": N}`, `{"error_message": "..."}`), the same
entry filters and paging (`status` repeated, `starred`, `after_entry_id`, `before_entry_id`,
`changed_after`, `published_after`, `limit` with 0 meaning no limit, `offset`, `order`,
`direction`), basic authentication and `X-Auth-Token`. `Tests/Support/miniflux_client_check.py`
checks it with Miniflux's official Python client.

What it leaves out: users other than the seeded one, icons, enclosures, integrations, OPML,
scraping, content rewriting and Miniflux's own HTML sanitiser (contents are stored as the feed
gave them; Tidings sanitises them itself).

State lives in a SQLite file (--db), so that a test can stop the server and start it again on the
same port with the same data. Feeds are fetched from their URLs (loopback servers) with Python's
own HTTP client and parsed as RSS 2.0 or Atom. On a database without a user, --seed names a JSON
file: {"username": ..., "password": ..., "token": ..., "feeds": [{"url": ..., "category": ...}],
"age": SECONDS} (the seeded entries arrived that long ago; default 0).

    python3 miniflux_standin.py --db DIR/mf.db --seed DIR/seed.json --lifetime 300 --watch-stdin \
        --log DIR/requests.log

prints the port it listens on as its first line (with --clock-offset SECONDS, its clock, for
`changed_at` and the Date header, is that far off), logs "METHOD PATH?QUERY" of each request (never
a header) to --log, and exits after --lifetime seconds or, with --watch-stdin, when its standard
input closes.
"""

import argparse
import base64
import datetime
import email.utils
import hashlib
import json
import os
import signal
import sqlite3
import sys
import threading
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, password TEXT, token TEXT);
CREATE TABLE IF NOT EXISTS categories (id INTEGER PRIMARY KEY, user_id INTEGER, title TEXT,
    UNIQUE (user_id, title));
CREATE TABLE IF NOT EXISTS feeds (id INTEGER PRIMARY KEY, user_id INTEGER, category_id INTEGER, title TEXT,
    feed_url TEXT, site_url TEXT, checked_at TEXT, UNIQUE (user_id, feed_url));
CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER, feed_id INTEGER,
    hash TEXT, title TEXT, url TEXT, author TEXT, content TEXT, published_at TEXT, created_at TEXT,
    changed_at TEXT, status TEXT, starred INTEGER, UNIQUE (feed_id, hash));
"""

ENTRY_ORDERS = {"id", "status", "changed_at", "published_at", "created_at", "category_title", "category_id", "title", "author"}
STATUSES = {"read", "unread", "removed"}
# Go's strconv.ParseBool.
TRUE_WORDS = {"1", "t", "T", "TRUE", "true", "True"}
FALSE_WORDS = {"0", "f", "F", "FALSE", "false", "False"}


class APIError(Exception):
    def __init__(self, status, message=None):
        super().__init__(message)
        self.status = status
        self.message = message


# Seconds the server's clock is off (--clock-offset): a server whose clock is behind or ahead.
CLOCK_OFFSET = 0.0


def now():
    return datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=CLOCK_OFFSET)


def rfc3339(moment):
    """Go's time.Time in JSON: RFC 3339 with nanoseconds when there are any (here micro)."""
    text = moment.astimezone(datetime.timezone.utc).isoformat()
    return text.replace("+00:00", "Z")


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


class Store:
    """The users, categories, feeds and entries, in SQLite, behind one lock."""

    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        # A test server: the data must outlive a stopped process, not a crashed machine.
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = OFF")
        self.db.executescript(SCHEMA)
        self.lock = threading.RLock()

    def seed(self, seed):
        with self.lock:
            if self.db.execute("SELECT COUNT(*) FROM users").fetchone()[0]:
                return
            cursor = self.db.execute("INSERT INTO users (username, password, token) VALUES (?, ?, ?)",
                                     (seed["username"], seed["password"], seed.get("token")))
            user = cursor.lastrowid
            # Miniflux makes an "All" category for every new user.
            self.db.execute("INSERT INTO categories (user_id, title) VALUES (?, 'All')", (user,))
            # "age": seconds ago the seeded entries arrived, as on a server that has been running
            # for a while (by default, now).
            age = datetime.timedelta(seconds=seed.get("age", 0))
            for feed in seed.get("feeds", []):
                category = self.category_named(user, feed.get("category") or "All")
                self.create_feed(user, {"feed_url": feed["url"], "category_id": category}, arrived=now() - age)

    def category_named(self, user, title):
        row = self.db.execute("SELECT id FROM categories WHERE user_id = ? AND title = ?", (user, title)).fetchone()
        if row:
            return row["id"]
        return self.db.execute("INSERT INTO categories (user_id, title) VALUES (?, ?)", (user, title)).lastrowid

    # Users

    def authenticate(self, headers):
        token = headers.get("X-Auth-Token")
        with self.lock:
            if token:
                row = self.db.execute("SELECT * FROM users WHERE token = ?", (token,)).fetchone()
                if row is None:
                    raise APIError(401, "Access Unauthorized")
                return row
            auth = headers.get("Authorization", "")
            if not auth.startswith("Basic "):
                raise APIError(401, "Access Unauthorized")
            try:
                username, _, password = base64.b64decode(auth[6:]).decode("utf-8").partition(":")
            except Exception:
                raise APIError(401, "Access Unauthorized")
            if not username or not password:
                raise APIError(401, "Access Unauthorized")
            row = self.db.execute("SELECT * FROM users WHERE username = ? AND password = ?", (username, password)).fetchone()
            if row is None:
                raise APIError(401, "Access Unauthorized")
            return row

    # Categories

    def categories(self, user):
        rows = self.db.execute("SELECT * FROM categories WHERE user_id = ? ORDER BY title COLLATE NOCASE", (user,))
        return [category_json(row) for row in rows]

    def create_category(self, user, body):
        title = body.get("title") or ""
        if not title.strip():
            raise APIError(400, "The title is mandatory.")
        if self.db.execute("SELECT 1 FROM categories WHERE user_id = ? AND title = ?", (user, title)).fetchone():
            raise APIError(400, "This category already exists.")
        category = self.db.execute("INSERT INTO categories (user_id, title) VALUES (?, ?)", (user, title)).lastrowid
        return category_json(self.db.execute("SELECT * FROM categories WHERE id = ?", (category,)).fetchone())

    def first_category(self, user):
        # Miniflux's FirstCategory: the first by title.
        row = self.db.execute("SELECT id FROM categories WHERE user_id = ? ORDER BY title ASC LIMIT 1", (user,)).fetchone()
        return row["id"] if row else 0

    def category_exists(self, user, category):
        return self.db.execute("SELECT 1 FROM categories WHERE user_id = ? AND id = ?", (user, category)).fetchone() is not None

    # Feeds

    def feed_row(self, user, feed):
        return self.db.execute("""SELECT feeds.*, categories.title AS category_title FROM feeds
            JOIN categories ON categories.id = feeds.category_id WHERE feeds.user_id = ? AND feeds.id = ?""",
                               (user, feed)).fetchone()

    def feeds(self, user):
        rows = self.db.execute("""SELECT feeds.*, categories.title AS category_title FROM feeds
            JOIN categories ON categories.id = feeds.category_id WHERE feeds.user_id = ?
            ORDER BY feeds.title COLLATE NOCASE""", (user,))
        return [feed_json(row) for row in rows]

    def create_feed(self, user, body, arrived=None):
        url = body.get("feed_url") or ""
        category = body.get("category_id") or 0
        if category == 0:
            category = self.first_category(user)
        if not url or category <= 0:
            raise APIError(400, "The feed URL and the category are mandatory.")
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise APIError(400, "Invalid feed URL.")
        if self.db.execute("SELECT 1 FROM feeds WHERE user_id = ? AND feed_url = ?", (user, url)).fetchone():
            raise APIError(400, "This feed already exists.")
        if not self.category_exists(user, category):
            raise APIError(400, "This category does not exist or does not belong to this user.")
        title, site, items = fetch_feed(url)
        feed = self.db.execute(
            "INSERT INTO feeds (user_id, category_id, title, feed_url, site_url, checked_at) VALUES (?, ?, ?, ?, ?, ?)",
            (user, category, title or url, url, site or url, rfc3339(now()))).lastrowid
        self.store_entries(user, feed, items, arrived)
        return feed

    def refresh_feed(self, user, feed):
        row = self.feed_row(user, feed)
        if row is None:
            raise APIError(404, "Resource Not Found")
        _, _, items = fetch_feed(row["feed_url"])
        self.db.execute("UPDATE feeds SET checked_at = ? WHERE id = ?", (rfc3339(now()), feed))
        self.store_entries(user, feed, items)

    def store_entries(self, user, feed, items, arrived=None):
        stamp = rfc3339(arrived or now())
        # Oldest first, so that ids grow with publication as Miniflux's refresh does.
        self.db.executemany("""INSERT OR IGNORE INTO entries (user_id, feed_id, hash, title, url, author, content,
                published_at, created_at, changed_at, status, starred) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'unread', 0)""",
                            [(user, feed, item["hash"], item["title"], item["url"], item["author"], item["content"],
                              rfc3339(item["published"]), stamp, stamp)
                             for item in sorted(items, key=lambda item: item["published"])])

    def update_feed(self, user, feed, body):
        row = self.feed_row(user, feed)
        if row is None:
            raise APIError(404, "Resource Not Found")
        if "category_id" in body and not self.category_exists(user, body["category_id"] or 0):
            raise APIError(400, "This category does not exist or does not belong to this user.")
        if "title" in body and not (body["title"] or "").strip():
            raise APIError(400, "The feed title is mandatory.")
        if "feed_url" in body and body["feed_url"] != row["feed_url"] and self.db.execute(
                "SELECT 1 FROM feeds WHERE user_id = ? AND feed_url = ?", (user, body["feed_url"])).fetchone():
            raise APIError(400, "This feed already exists.")
        for field in ("title", "category_id", "site_url", "feed_url"):
            if field in body:
                self.db.execute(f"UPDATE feeds SET {field} = ? WHERE id = ?", (body[field], feed))
        return feed_json(self.feed_row(user, feed))

    def remove_feed(self, user, feed):
        if self.feed_row(user, feed) is None:
            raise APIError(404, "Resource Not Found")
        self.db.execute("DELETE FROM entries WHERE feed_id = ?", (feed,))
        self.db.execute("DELETE FROM feeds WHERE id = ?", (feed,))

    def mark_feed_read(self, user, feed):
        if self.feed_row(user, feed) is None:
            raise APIError(404, "Resource Not Found")
        # Miniflux's MarkFeedAsRead(user, feed, time.Now()): published before now.
        self.db.execute("""UPDATE entries SET status = 'read', changed_at = ?
            WHERE user_id = ? AND feed_id = ? AND status = 'unread' AND published_at < ?""",
                        (rfc3339(now()), user, feed, rfc3339(now())))

    # Entries

    def entries(self, user, query, feed=0):
        statuses = query.get("status", [])
        for status in statuses:
            if status not in STATUSES:
                raise APIError(400, "Invalid entry status.")
        order = single(query, "order", "published_at")
        if order not in ENTRY_ORDERS:
            raise APIError(400, "Invalid entry order.")
        direction = single(query, "direction", "asc")
        if direction not in ("asc", "desc"):
            raise APIError(400, "Invalid direction.")
        limit = integer(query, "limit", 100)
        offset = integer(query, "offset", 0)
        if offset < 0:
            raise APIError(400, "Offset value should be >= 0.")
        if limit < 0:
            raise APIError(400, "Limit value should be >= 0.")
        category = integer(query, "category_id", 0)
        if category > 0 and not self.category_exists(user, category):
            raise APIError(400, "invalid category ID")
        feed = integer(query, "feed_id", feed)
        if feed > 0 and self.feed_row(user, feed) is None:
            raise APIError(400, "invalid feed ID")

        where = ["entries.user_id = ?", "entries.status <> 'removed'"]
        arguments = [user]
        if feed > 0:
            where.append("entries.feed_id = ?")
            arguments.append(feed)
        if category > 0:
            where.append("feeds.category_id = ?")
            arguments.append(category)
        if statuses:
            where.append("entries.status IN (%s)" % ",".join("?" * len(statuses)))
            arguments += statuses
        for name, clause in (("before_entry_id", "entries.id < ?"), ("after_entry_id", "entries.id > ?")):
            value = integer(query, name, 0)
            if value > 0:
                where.append(clause)
                arguments.append(value)
        for name, clause in (("before", "entries.published_at < ?"), ("after", "entries.published_at > ?"),
                             ("published_before", "entries.published_at < ?"), ("published_after", "entries.published_at > ?"),
                             ("changed_before", "entries.changed_at < ?"), ("changed_after", "entries.changed_at > ?")):
            value = integer(query, name, 0)
            if value > 0:
                where.append(clause)
                arguments.append(rfc3339(datetime.datetime.fromtimestamp(value, datetime.timezone.utc)))
        if "starred" in query:
            word = single(query, "starred", "")
            if word in TRUE_WORDS or word in FALSE_WORDS:
                where.append("entries.starred = ?")
                arguments.append(1 if word in TRUE_WORDS else 0)
        search = single(query, "search", "")
        if search:
            where.append("(entries.title LIKE ? OR entries.content LIKE ?)")
            arguments += ["%" + search + "%"] * 2

        base = """FROM entries JOIN feeds ON feeds.id = entries.feed_id
            JOIN categories ON categories.id = feeds.category_id WHERE """ + " AND ".join(where)
        total = self.db.execute("SELECT COUNT(*) " + base, arguments).fetchone()[0]
        column = {"category_title": "categories.title", "category_id": "feeds.category_id"}.get(order, "entries." + order)
        sql = f"""SELECT entries.*, feeds.title AS feed_title, feeds.feed_url, feeds.site_url, feeds.category_id,
            categories.title AS category_title {base} ORDER BY {column} {direction.upper()}, entries.id {direction.upper()}"""
        if limit > 0:
            sql += f" LIMIT {limit}"
        if offset > 0:
            sql += (" " if limit > 0 else " LIMIT -1 ") + f"OFFSET {offset}"
        return {"total": total, "entries": [entry_json(row) for row in self.db.execute(sql, arguments)]}

    def entry(self, user, entry):
        row = self.db.execute("""SELECT entries.*, feeds.title AS feed_title, feeds.feed_url, feeds.site_url,
            feeds.category_id, categories.title AS category_title FROM entries JOIN feeds ON feeds.id = entries.feed_id
            JOIN categories ON categories.id = feeds.category_id
            WHERE entries.user_id = ? AND entries.id = ? AND entries.status <> 'removed'""", (user, entry)).fetchone()
        if row is None:
            raise APIError(404, "Resource Not Found")
        return entry_json(row)

    def set_status(self, user, body):
        ids = body.get("entry_ids") or []
        status = body.get("status") or ""
        if not ids:
            raise APIError(400, "The list of entries cannot be empty.")
        if status not in STATUSES:
            raise APIError(400, "Invalid entry status.")
        cursor = self.db.execute("UPDATE entries SET status = ?, changed_at = ? WHERE user_id = ? AND id IN (%s)" % ",".join("?" * len(ids)),
                                 [status, rfc3339(now()), user] + [int(i) for i in ids])
        # Miniflux's SetEntriesStatus: no entry matched is an error, which the API answers 500.
        if cursor.rowcount == 0:
            raise APIError(500, "store: nothing has been updated")

    def toggle_bookmark(self, user, entry):
        cursor = self.db.execute("UPDATE entries SET starred = NOT starred, changed_at = ? WHERE user_id = ? AND id = ?",
                                 (rfc3339(now()), user, entry))
        if cursor.rowcount == 0:
            raise APIError(500, "store: unable to toggle bookmark flag: nothing has been updated")


def single(query, name, default):
    values = query.get(name)
    return values[0] if values else default


def integer(query, name, default):
    """Miniflux's QueryIntParam: a value that is not a number is the default."""
    try:
        return int(single(query, name, default))
    except ValueError:
        return default


def category_json(row):
    return {"id": row["id"], "title": row["title"], "user_id": row["user_id"], "hide_globally": False}


def feed_json(row):
    return {
        "id": row["id"], "user_id": row["user_id"], "feed_url": row["feed_url"], "site_url": row["site_url"],
        "title": row["title"], "checked_at": row["checked_at"], "next_check_at": "0001-01-01T00:00:00Z",
        "etag_header": "", "last_modified_header": "", "parsing_error_message": "", "parsing_error_count": 0,
        "scraper_rules": "", "rewrite_rules": "", "crawler": False, "blocklist_rules": "", "keeplist_rules": "",
        "user_agent": "", "cookie": "", "username": "", "password": "", "disabled": False, "no_media_player": False,
        "ignore_http_cache": False, "allow_self_signed_certificates": False, "fetch_via_proxy": False,
        "hide_globally": False, "apprise_service_urls": "",
        "category": {"id": row["category_id"], "title": row["category_title"], "user_id": row["user_id"], "hide_globally": False},
        "icon": None,
    }


def entry_json(row):
    return {
        "id": row["id"], "user_id": row["user_id"], "feed_id": row["feed_id"], "status": row["status"],
        "hash": row["hash"], "title": row["title"], "url": row["url"], "comments_url": "",
        "published_at": row["published_at"], "created_at": row["created_at"], "changed_at": row["changed_at"],
        "content": row["content"], "author": row["author"], "share_code": "", "starred": bool(row["starred"]),
        "reading_time": 1, "enclosures": [], "tags": [],
        "feed": {"id": row["feed_id"], "user_id": row["user_id"], "feed_url": row["feed_url"], "site_url": row["site_url"],
                 "title": row["feed_title"],
                 "category": {"id": row["category_id"], "title": row["category_title"], "user_id": row["user_id"],
                              "hide_globally": False}},
    }


# Feeds on the network

def fetch_feed(url):
    """Fetches and parses an RSS 2.0 or Atom feed: (title, site, items). A failure is Miniflux's 500."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=20) as response:
            data = response.read()
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise APIError(500, "Resource not found (404), this feed doesn't exist anymore, check the feed URL")
        raise APIError(500, f"Unable to fetch this resource (Status Code = {error.code})")
    except Exception:
        raise APIError(500, "This website is unreachable")
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        raise APIError(500, "Unable to parse this feed")
    atom = "{http://www.w3.org/2005/Atom}"
    items = []
    if root.tag == atom + "feed":
        title = root.findtext(atom + "title") or ""
        site = next((link.get("href") for link in root.findall(atom + "link") if link.get("rel", "alternate") == "alternate"), "")
        for entry in root.findall(atom + "entry"):
            link = next((link.get("href") for link in entry.findall(atom + "link") if link.get("rel", "alternate") == "alternate"), "")
            items.append(item(entry.findtext(atom + "id") or link, entry.findtext(atom + "title"), link,
                              entry.findtext(atom + "author/" + atom + "name"),
                              entry.findtext(atom + "content") or entry.findtext(atom + "summary"),
                              parse_iso(entry.findtext(atom + "published") or entry.findtext(atom + "updated"))))
    elif root.tag == "rss" and root.find("channel") is not None:
        channel = root.find("channel")
        title = channel.findtext("title") or ""
        site = channel.findtext("link") or ""
        for entry in channel.findall("item"):
            published = entry.findtext("pubDate")
            items.append(item(entry.findtext("guid") or entry.findtext("link"), entry.findtext("title"), entry.findtext("link"),
                              entry.findtext("author"),
                              entry.findtext("{http://purl.org/rss/1.0/modules/content/}encoded") or entry.findtext("description"),
                              email.utils.parsedate_to_datetime(published) if published else None))
    else:
        raise APIError(500, "Unable to detect feed format")
    return title.strip(), site.strip(), items


def parse_iso(text):
    try:
        return parse_time(text) if text else None
    except ValueError:
        return None


def item(guid, title, link, author, content, published):
    return {"hash": hashlib.sha256((guid or link or title or "").encode()).hexdigest(), "title": (title or "").strip(),
            "url": (link or "").strip(), "author": (author or "").strip(), "content": content or "",
            "published": published or now()}


# HTTP

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "miniflux-standin"

    def log_message(self, format, *args):
        pass

    def date_time_string(self, timestamp=None):
        """The Date header, on the server's own clock."""
        return email.utils.formatdate(now().timestamp(), usegmt=True)

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def do_PUT(self):
        self.dispatch("PUT")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def dispatch(self, method):
        parts = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.server.log_path:
            with self.server.log_lock, open(self.server.log_path, "a") as log:
                log.write(f"{method} {self.path}\n")
        route = parts.path.rstrip("/").split("/")[1:] if parts.path != "/" else []
        if len(route) < 2 or route[0] != "v1":
            return self.answer(404, b"404 page not found\n", "text/plain; charset=utf-8")
        handler = ROUTES.get((method, route_pattern(route[1:])))
        if handler is None:
            known = any(pattern == route_pattern(route[1:]) for (_, pattern) in ROUTES)
            return self.answer(405 if known else 404, b"" if known else b"404 page not found\n", "text/plain; charset=utf-8")
        store = self.server.store
        try:
            with store.lock:
                user = store.authenticate(self.headers)["id"]
                body = {}
                if method in ("POST", "PUT") and raw:
                    try:
                        body = json.loads(raw)
                    except ValueError as error:
                        raise APIError(400, str(error))
                    if not isinstance(body, dict):
                        raise APIError(400, "json: cannot unmarshal array into Go value of type model.Request")
                ids = [int(part) for part in route[1:] if part.isdigit()]
                status, result = handler(store, user, ids, urllib.parse.parse_qs(parts.query), body)
        except APIError as error:
            headers = {"WWW-Authenticate": 'Basic realm="Restricted"'} if error.status == 401 else {}
            return self.answer(error.status, json.dumps({"error_message": error.message}).encode(), "application/json", headers)
        if status == 204:
            return self.answer(204, b"", None)
        self.answer(status, json.dumps(result).encode(), "application/json")

    def answer(self, status, payload, content_type, headers=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


def route_pattern(parts):
    return "/".join("{id}" if part.isdigit() else part for part in parts)


def no_content(action):
    def handler(store, user, ids, query, body):
        action(store, user, ids, query, body)
        return 204, None
    return handler


ROUTES = {
    ("GET", "me"): lambda s, u, ids, q, b: (200, {"id": u, "username": s.db.execute(
        "SELECT username FROM users WHERE id = ?", (u,)).fetchone()[0], "is_admin": False}),
    ("GET", "categories"): lambda s, u, ids, q, b: (200, s.categories(u)),
    ("POST", "categories"): lambda s, u, ids, q, b: (201, s.create_category(u, b)),
    ("GET", "feeds"): lambda s, u, ids, q, b: (200, s.feeds(u)),
    ("POST", "feeds"): lambda s, u, ids, q, b: (201, {"feed_id": s.create_feed(u, b)}),
    ("GET", "feeds/{id}"): lambda s, u, ids, q, b: (200, feed_json(s.feed_row(u, ids[0])) if s.feed_row(u, ids[0])
                                                    else raise_(APIError(404, "Resource Not Found"))),
    ("PUT", "feeds/{id}"): lambda s, u, ids, q, b: (201, s.update_feed(u, ids[0], b)),
    ("DELETE", "feeds/{id}"): no_content(lambda s, u, ids, q, b: s.remove_feed(u, ids[0])),
    ("PUT", "feeds/{id}/refresh"): no_content(lambda s, u, ids, q, b: s.refresh_feed(u, ids[0])),
    ("PUT", "feeds/{id}/mark-all-as-read"): no_content(lambda s, u, ids, q, b: s.mark_feed_read(u, ids[0])),
    ("GET", "feeds/{id}/entries"): lambda s, u, ids, q, b: (200, s.entries(u, q, feed=ids[0])),
    ("GET", "entries"): lambda s, u, ids, q, b: (200, s.entries(u, q)),
    ("PUT", "entries"): no_content(lambda s, u, ids, q, b: s.set_status(u, b)),
    ("GET", "entries/{id}"): lambda s, u, ids, q, b: (200, s.entry(u, ids[0])),
    ("PUT", "entries/{id}/bookmark"): no_content(lambda s, u, ids, q, b: s.toggle_bookmark(u, ids[0])),
}


def raise_(error):
    raise error


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Python's default of 5 pending connections stalls concurrent clients.
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--seed")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--watch-stdin", action="store_true")
    parser.add_argument("--log")
    parser.add_argument("--clock-offset", type=float, default=0)
    args = parser.parse_args()
    global CLOCK_OFFSET
    CLOCK_OFFSET = args.clock_offset
    # A child of a thread that blocks signals inherits the mask: without this, the test's
    # SIGTERM would wait for the lifetime to end.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])

    store = Store(args.db)
    if args.seed:
        with open(args.seed) as file:
            store.seed(json.load(file))
    server = Server((args.host, args.port), Handler)
    server.store = store
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


if __name__ == "__main__":
    main()
