#!/usr/bin/env python3
"""A STAND-IN for Feedbin, for Tidings' sync tests: NOT Feedbin.

Feedbin (a Rails application with PostgreSQL, Redis and several services) cannot run on the test
machines, and no third-party server code is kept in the project. This small server answers
Feedbin's REST API v2 as its reference (feedbin/feedbin-api, content/) describes it, under
/v2/, every path ending in .json: `authentication`, `subscriptions` (GET with `since`; POST
`feed_url`: 201 made, 302 already subscribed, 404 no feed there), `subscriptions/{id}` (GET,
PATCH `title`, DELETE; POST `subscriptions/{id}/update`), `taggings` (GET, POST `feed_id` and
`name`: 201, or 302 when it exists), `taggings/{id}` (GET, DELETE), `tags` (POST `old_name`,
`new_name`; DELETE `name`), `entries` (`page`, `per_page` (100 at most), `since` (created after),
`ids` (100 at most), `read`, `starred`; newest first; a `Links` header and
`X-Feedbin-Record-Count`; 404 for a page past the last), `feeds/{id}/entries` (403 for a feed not
subscribed to), `entries/{id}`, `unread_entries` and `starred_entries` (GET the ids; POST to add,
DELETE or POST …/delete to remove, 1 000 ids at most, answering the ids changed). HTTP basic
authentication on every call (401 without); a body must be sent as `application/json` (415
otherwise). Entry ids rise with arrival; `created_at` is when the stand-in stored the entry, to
the microsecond.

What it leaves out: saved searches, recently read and updated entries, icons, imports, pages,
the extended mode, extracted content.

State lives in a SQLite file (--db). On a database without a user, --seed names a JSON file:
{"email": …, "password": …, "feeds": [{"url": …, "tags": […]}], "age": SECONDS}, whose feeds are
fetched (their entries stored `age` seconds ago). --refresh fetches every feed again and exits.

    python3 feedbin_standin.py --db DIR/fb.db --seed DIR/seed.json --lifetime 300 --watch-stdin --log DIR/requests.log
"""

import base64
import datetime
import json
import threading
import urllib.parse

import standin_support as support

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, password TEXT);
CREATE TABLE IF NOT EXISTS feeds (id INTEGER PRIMARY KEY, url TEXT UNIQUE, title TEXT, site_url TEXT);
CREATE TABLE IF NOT EXISTS subscriptions (id INTEGER PRIMARY KEY, feed_id INTEGER UNIQUE, title TEXT, created_at TEXT);
CREATE TABLE IF NOT EXISTS taggings (id INTEGER PRIMARY KEY, feed_id INTEGER, name TEXT, UNIQUE (feed_id, name));
CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY AUTOINCREMENT, feed_id INTEGER, guid TEXT, title TEXT, url TEXT,
    author TEXT, content TEXT, published TEXT, created_at TEXT, UNIQUE (feed_id, guid));
CREATE TABLE IF NOT EXISTS unread (entry_id INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS starred (entry_id INTEGER PRIMARY KEY);
"""

MAX_PER_PAGE = 100
MAX_IDS = 1_000


class APIError(Exception):
    def __init__(self, status, message=None, headers=None, body=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.body = body


def iso(moment):
    """Feedbin's dates: UTC, to the microsecond."""
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_iso(text):
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        raise APIError(400, "invalid date")


class Store:
    def __init__(self, path):
        self.db = support.database(path, SCHEMA)
        self.lock = threading.RLock()
        self.base = None

    def seed(self, seed):
        with self.lock:
            if self.db.execute("SELECT COUNT(*) FROM users").fetchone()[0]:
                return
            self.db.execute("INSERT INTO users (email, password) VALUES (?, ?)", (seed["email"], seed["password"]))
            arrived = support.now() - datetime.timedelta(seconds=seed.get("age", 0))
            for feed in seed.get("feeds", []):
                status, subscription = self.subscribe({"feed_url": feed["url"]}, arrived)
                for name in feed.get("tags", []):
                    self.tag({"feed_id": subscription["feed_id"], "name": name})

    def authenticate(self, header):
        try:
            email, _, password = base64.b64decode((header or "")[6:]).decode().partition(":")
        except Exception:
            raise APIError(401)
        if not (header or "").startswith("Basic ") or not self.db.execute(
                "SELECT 1 FROM users WHERE email = ? AND password = ?", (email, password)).fetchone():
            raise APIError(401, headers={"WWW-Authenticate": 'Basic realm="Feedbin"'})

    # Subscriptions

    def subscription_json(self, row):
        feed = self.db.execute("SELECT * FROM feeds WHERE id = ?", (row["feed_id"],)).fetchone()
        return {"id": row["id"], "created_at": row["created_at"], "feed_id": row["feed_id"], "title": row["title"],
                "feed_url": feed["url"], "site_url": feed["site_url"]}

    def subscriptions(self, params):
        rows = self.db.execute("SELECT * FROM subscriptions ORDER BY id").fetchall()
        since = single(params, "since")
        if since:
            rows = [row for row in rows if parse_iso(row["created_at"]) > parse_iso(since)]
        return [self.subscription_json(row) for row in rows]

    def subscription(self, subscription):
        row = self.db.execute("SELECT * FROM subscriptions WHERE id = ?", (subscription,)).fetchone()
        if row is None:
            raise APIError(403)
        return row

    def subscribe(self, body, arrived=None):
        url = (body.get("feed_url") or "").strip()
        feed = self.db.execute("SELECT * FROM feeds WHERE url = ?", (url,)).fetchone()
        if feed is None:
            try:
                title, site, items = support.fetch_feed(url)
            except support.FeedUnavailable:
                raise APIError(404)
            feed_id = self.db.execute("INSERT INTO feeds (url, title, site_url) VALUES (?, ?, ?)", (url, title or url, site)).lastrowid
            self.store_entries(feed_id, items, arrived)
            feed = self.db.execute("SELECT * FROM feeds WHERE id = ?", (feed_id,)).fetchone()
        existing = self.db.execute("SELECT * FROM subscriptions WHERE feed_id = ?", (feed["id"],)).fetchone()
        if existing:
            raise APIError(302, headers={"Location": f"{self.base}/v2/subscriptions/{existing['id']}.json"},
                           body=self.subscription_json(existing))
        subscription = self.db.execute("INSERT INTO subscriptions (feed_id, title, created_at) VALUES (?, ?, ?)",
                                       (feed["id"], feed["title"], iso(support.now()))).lastrowid
        # A new subscription's entries are unread.
        self.db.execute("INSERT OR IGNORE INTO unread (entry_id) SELECT id FROM entries WHERE feed_id = ?", (feed["id"],))
        return 201, self.subscription_json(self.subscription(subscription))

    def update_subscription(self, subscription, body):
        self.subscription(subscription)
        if "title" in body:
            self.db.execute("UPDATE subscriptions SET title = ? WHERE id = ?", (body["title"], subscription))
        return self.subscription_json(self.subscription(subscription))

    def unsubscribe(self, subscription):
        row = self.subscription(subscription)
        self.db.execute("DELETE FROM taggings WHERE feed_id = ?", (row["feed_id"],))
        self.db.execute("DELETE FROM unread WHERE entry_id IN (SELECT id FROM entries WHERE feed_id = ?)", (row["feed_id"],))
        self.db.execute("DELETE FROM subscriptions WHERE id = ?", (subscription,))

    def subscribed(self, feed):
        return self.db.execute("SELECT 1 FROM subscriptions WHERE feed_id = ?", (feed,)).fetchone() is not None

    # Taggings

    def taggings(self):
        return [dict(row) for row in self.db.execute("SELECT id, feed_id, name FROM taggings ORDER BY id")]

    def tagging(self, tagging):
        row = self.db.execute("SELECT id, feed_id, name FROM taggings WHERE id = ?", (tagging,)).fetchone()
        if row is None:
            raise APIError(403)
        return dict(row)

    def tag(self, body):
        feed, name = body.get("feed_id"), (body.get("name") or "").strip()
        if not feed or not name or not self.subscribed(feed):
            raise APIError(403)
        existing = self.db.execute("SELECT id FROM taggings WHERE feed_id = ? AND name = ?", (feed, name)).fetchone()
        if existing:
            raise APIError(302, headers={"Location": f"{self.base}/v2/taggings/{existing['id']}.json"}, body=self.tagging(existing["id"]))
        tagging = self.db.execute("INSERT INTO taggings (feed_id, name) VALUES (?, ?)", (feed, name)).lastrowid
        return 201, self.tagging(tagging)

    def untag(self, tagging):
        self.tagging(tagging)
        self.db.execute("DELETE FROM taggings WHERE id = ?", (tagging,))

    def rename_tag(self, body):
        self.db.execute("UPDATE OR IGNORE taggings SET name = ? WHERE name = ?", (body.get("new_name"), body.get("old_name")))
        return self.taggings()

    def delete_tag(self, body):
        self.db.execute("DELETE FROM taggings WHERE name = ?", (body.get("name"),))
        return self.taggings()

    # Entries

    def store_entries(self, feed, items, arrived=None):
        for item in items:
            cursor = self.db.execute("""INSERT OR IGNORE INTO entries (feed_id, guid, title, url, author, content, published,
                created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                                     (feed, item["guid"], item["title"] or None, item["url"], item["author"] or None,
                                      item["content"] or None, iso(item["published"]), iso(arrived or support.now())))
            if cursor.rowcount and self.subscribed(feed):
                self.db.execute("INSERT OR IGNORE INTO unread (entry_id) VALUES (?)", (cursor.lastrowid,))

    def refresh(self):
        for feed in self.db.execute("SELECT * FROM feeds").fetchall():
            try:
                _, _, items = support.fetch_feed(feed["url"])
            except support.FeedUnavailable:
                continue
            self.store_entries(feed["id"], items)

    def entry_json(self, row):
        return {"id": row["id"], "feed_id": row["feed_id"], "title": row["title"], "author": row["author"],
                "summary": None, "content": row["content"], "url": row["url"], "extracted_content_url": None,
                "published": row["published"], "created_at": row["created_at"]}

    def entries(self, params, feed=None):
        """A page of entries, newest first, and its headers; ids= names up to 100 of them."""
        if feed is not None and not self.subscribed(feed):
            raise APIError(403)
        where = ["feed_id IN (SELECT feed_id FROM subscriptions)"]
        arguments = []
        if feed is not None:
            where.append("feed_id = ?")
            arguments.append(feed)
        ids = single(params, "ids")
        if ids and feed is None:
            wanted = [int(part) for part in ids.split(",") if part.strip().isdigit()]
            if len(wanted) > MAX_PER_PAGE:
                raise APIError(400)
            where.append("id IN (%s)" % ",".join("?" * len(wanted)) if wanted else "0")
            arguments += wanted
        since = single(params, "since")
        if since:
            # Stored as iso() writes them (UTC, microseconds): they compare as text.
            where.append("created_at > ?")
            arguments.append(iso(parse_iso(since)))
        for name, table in (("read", "unread"), ("starred", "starred")):
            value = single(params, name)
            if value in ("true", "false"):
                inside = (value == "false") if name == "read" else (value == "true")
                where.append(f"id {'IN' if inside else 'NOT IN'} (SELECT entry_id FROM {table})")
        total = self.db.execute("SELECT COUNT(*) FROM entries WHERE " + " AND ".join(where), arguments).fetchone()[0]
        per_page = max(1, min(MAX_PER_PAGE, integer(params, "per_page", MAX_PER_PAGE)))
        page = max(1, integer(params, "page", 1))
        last = max(1, -(-total // per_page))
        if page > last and page > 1:
            raise APIError(404)
        rows = self.db.execute("SELECT * FROM entries WHERE " + " AND ".join(where)
                               + f" ORDER BY created_at DESC, id DESC LIMIT {per_page} OFFSET {(page - 1) * per_page}",
                               arguments).fetchall()
        links = []
        for rel, number in (("first", 1), ("prev", page - 1), ("next", page + 1), ("last", last)):
            if 1 <= number <= last and number != page:
                query = dict(params, page=[str(number)])
                links.append(f'<{self.base}/v2/entries.json?{urllib.parse.urlencode(query, doseq=True)}>; rel="{rel}"')
        return [self.entry_json(row) for row in rows], {"Links": ", ".join(links), "X-Feedbin-Record-Count": str(total)}

    def entry(self, entry):
        row = self.db.execute("SELECT * FROM entries WHERE id = ?", (entry,)).fetchone()
        if row is None:
            raise APIError(404)
        if not self.subscribed(row["feed_id"]):
            raise APIError(403)
        return self.entry_json(row)

    def state_ids(self, table):
        return [row[0] for row in self.db.execute(f"SELECT entry_id FROM {table} ORDER BY entry_id")]

    def change_state(self, table, body, add):
        ids = body.get(f"{table}_entries") or []
        if not isinstance(ids, list) or len(ids) > MAX_IDS:
            raise APIError(400)
        visible = {row[0] for row in self.db.execute("SELECT id FROM entries WHERE feed_id IN (SELECT feed_id FROM subscriptions)")}
        done = [int(entry) for entry in ids if isinstance(entry, int) and entry in visible]
        for entry in done:
            if add:
                self.db.execute(f"INSERT OR IGNORE INTO {table} (entry_id) VALUES (?)", (entry,))
            else:
                self.db.execute(f"DELETE FROM {table} WHERE entry_id = ?", (entry,))
        return done


def single(params, name, default=None):
    values = params.get(name)
    return values[0] if isinstance(values, list) and values else (values if values is not None else default)


def integer(params, name, default):
    try:
        return int(single(params, name, default))
    except (TypeError, ValueError):
        return default


ROUTES = {
    ("GET", "authentication"): lambda s, ids, p, b: (200, None),
    ("GET", "subscriptions"): lambda s, ids, p, b: (200, s.subscriptions(p)),
    ("POST", "subscriptions"): lambda s, ids, p, b: s.subscribe(b),
    ("GET", "subscriptions/{id}"): lambda s, ids, p, b: (200, s.subscription_json(s.subscription(ids[0]))),
    ("PATCH", "subscriptions/{id}"): lambda s, ids, p, b: (200, s.update_subscription(ids[0], b)),
    ("POST", "subscriptions/{id}/update"): lambda s, ids, p, b: (200, s.update_subscription(ids[0], b)),
    ("DELETE", "subscriptions/{id}"): lambda s, ids, p, b: (204, s.unsubscribe(ids[0])),
    ("GET", "taggings"): lambda s, ids, p, b: (200, s.taggings()),
    ("POST", "taggings"): lambda s, ids, p, b: s.tag(b),
    ("GET", "taggings/{id}"): lambda s, ids, p, b: (200, s.tagging(ids[0])),
    ("DELETE", "taggings/{id}"): lambda s, ids, p, b: (204, s.untag(ids[0])),
    ("POST", "tags"): lambda s, ids, p, b: (200, s.rename_tag(b)),
    ("DELETE", "tags"): lambda s, ids, p, b: (200, s.delete_tag(b)),
    ("GET", "entries"): lambda s, ids, p, b: (200, s.entries(p)),
    ("GET", "feeds/{id}/entries"): lambda s, ids, p, b: (200, s.entries(p, feed=ids[0])),
    ("GET", "entries/{id}"): lambda s, ids, p, b: (200, s.entry(ids[0])),
    ("GET", "unread_entries"): lambda s, ids, p, b: (200, s.state_ids("unread")),
    ("POST", "unread_entries"): lambda s, ids, p, b: (200, s.change_state("unread", b, True)),
    ("DELETE", "unread_entries"): lambda s, ids, p, b: (200, s.change_state("unread", b, False)),
    ("POST", "unread_entries/delete"): lambda s, ids, p, b: (200, s.change_state("unread", b, False)),
    ("GET", "starred_entries"): lambda s, ids, p, b: (200, s.state_ids("starred")),
    ("POST", "starred_entries"): lambda s, ids, p, b: (200, s.change_state("starred", b, True)),
    ("DELETE", "starred_entries"): lambda s, ids, p, b: (200, s.change_state("starred", b, False)),
    ("POST", "starred_entries/delete"): lambda s, ids, p, b: (200, s.change_state("starred", b, False)),
}


class Handler(support.QuietHandler):
    server_version = "feedbin-standin"

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def do_PATCH(self):
        self.dispatch("PATCH")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def dispatch(self, method):
        parts = urllib.parse.urlsplit(self.path)
        raw = self.read_body()
        path = parts.path
        if not path.startswith("/v2/") or not path.endswith(".json"):
            return self.answer(404, "Not Found", "text/plain")
        segments = path[len("/v2/"):-len(".json")].split("/")
        ids = [int(part) for part in segments if part.isdigit()]
        name = "/".join("{id}" if part.isdigit() else part for part in segments)
        handler = ROUTES.get((method, name))
        if handler is None:
            return self.answer(404, "Not Found", "text/plain")
        store = self.server.state
        store.base = f"http://{self.headers.get('Host', '127.0.0.1')}"
        try:
            with store.lock:
                store.authenticate(self.headers.get("Authorization"))
                body = {}
                if raw:
                    if not (self.headers.get("Content-Type") or "").startswith("application/json"):
                        raise APIError(415)
                    try:
                        body = json.loads(raw)
                    except ValueError:
                        raise APIError(400)
                status, result = handler(store, ids, urllib.parse.parse_qs(parts.query), body)
        except APIError as error:
            payload = json.dumps(error.body) if error.body is not None else ""
            return self.answer(error.status, payload, "application/json; charset=utf-8" if payload else None, error.headers)
        headers = {}
        if isinstance(result, tuple):
            result, headers = result
            self.articles = len(result)
        elif name == "entries/{id}":
            self.articles = 1
        if status == 204 or result is None:
            return self.answer(status, "", None, headers)
        self.answer(status, json.dumps(result), "application/json; charset=utf-8", headers)


def main():
    support.main(__doc__.splitlines()[0], Store, Handler)


if __name__ == "__main__":
    main()
