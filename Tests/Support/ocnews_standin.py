#!/usr/bin/env python3
"""A STAND-IN for a Nextcloud News server, for Tidings' sync tests: NOT Nextcloud News.

Nextcloud cannot run on the test machines (no Debian package, and no third-party server code is
kept in the project). This small server answers the News app's REST API v1-2 as its reference
(docs/development/api/api-v1-2.md) and its routes describe it, under
/index.php/apps/news/api/v1-2/: `version`, `status`, `folders` (GET, POST; PUT and DELETE
/folders/{id}; PUT /folders/{id}/read), `feeds` (GET, POST; DELETE /feeds/{id}; PUT
/feeds/{id}/move, /rename, /read), `items` (`batchSize` (-1: all), `offset` (items below that
id), `type` (0 feed, 1 folder, 2 starred, 3 all), `id`, `getRead`, `oldestFirst`),
`items/updated` (`lastModified` in seconds, or microseconds past 10 digits: items whose
`lastModified` is at or after it), PUT /items/{id}/read|unread, /items/read (`newestItemId`),
/items/read/multiple and /items/unread/multiple (`{"items": [ids]}`),
/items/{feedId}/{guidHash}/star|unstar, /items/star/multiple and /items/unstar/multiple
(`{"items": [{"feedId", "guidHash"}]}`). Parameters may be in the URL or the JSON body. HTTP
basic authentication on every call (401 `{"message": …}` without it); 404, 409 and 422 as the
reference lists them, with `{"message": …}`. Item ids rise with arrival; `guidHash` is the MD5
of the guid; an item's `lastModified` (microseconds, a string) moves with every change of its
state. Of API v1-3 it answers the two calls of the independent client that checks it
(nextcloud-news-filter): GET /api/v1-3/items and POST /api/v1-3/items/read/multiple
(`{"itemIds": [ids]}`).

What it leaves out: other users, the updater and cleanup routes, favicons, enclosures, feed
ordering and pinning, full text.

State lives in a SQLite file (--db). On a database without a user, --seed names a JSON file:
{"username": …, "password": …, "feeds": [{"url": …, "folder": …}], "age": SECONDS}, whose feeds are
fetched (their items dated `age` seconds ago).
--refresh fetches every feed again on the database and exits (as the News app's cron does).

    python3 ocnews_standin.py --db DIR/oc.db --seed DIR/seed.json --lifetime 300 --watch-stdin --log DIR/requests.log
"""

import base64
import hashlib
import json
import threading
import time
import urllib.parse

import standin_support as support

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, password TEXT);
CREATE TABLE IF NOT EXISTS folders (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS feeds (id INTEGER PRIMARY KEY, url TEXT UNIQUE, title TEXT, link TEXT, folder_id INTEGER,
    added INTEGER);
CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY AUTOINCREMENT, feed_id INTEGER, guid TEXT, guid_hash TEXT,
    title TEXT, url TEXT, author TEXT, body TEXT, pub_date INTEGER, unread INTEGER DEFAULT 1, starred INTEGER DEFAULT 0,
    last_modified INTEGER, UNIQUE (feed_id, guid_hash));
"""

PREFIX = "/index.php/apps/news/api/"
# ListType: the feed, the folder, the starred, all of them.
FEED, FOLDER, STARRED, ALL = 0, 1, 2, 3


class APIError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def micros():
    return int(time.time() * 1_000_000)


class Store:
    def __init__(self, path):
        self.db = support.database(path, SCHEMA)
        self.lock = threading.RLock()
        self.last_micros = 0

    def stamp(self):
        """A microsecond timestamp, rising even within one microsecond."""
        self.last_micros = max(self.last_micros + 1, micros())
        return self.last_micros

    def seed(self, seed):
        with self.lock:
            if self.db.execute("SELECT COUNT(*) FROM users").fetchone()[0]:
                return
            self.db.execute("INSERT INTO users (username, password) VALUES (?, ?)", (seed["username"], seed["password"]))
            for feed in seed.get("feeds", []):
                folder = self.folder_named(feed["folder"]) if feed.get("folder") else None
                self.create_feed({"url": feed["url"], "folderId": folder})
            # "age": seconds ago the seeded items arrived (and last changed), as on a server that
            # has been running for a while.
            age = int(seed.get("age", 0)) * 1_000_000
            self.db.execute("UPDATE items SET last_modified = last_modified - ?", (age,))

    def authenticate(self, header):
        if not header or not header.startswith("Basic "):
            raise APIError(401, "Current user is not logged in")
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        except Exception:
            raise APIError(401, "Current user is not logged in")
        if not self.db.execute("SELECT 1 FROM users WHERE username = ? AND password = ?", (user, password)).fetchone():
            raise APIError(401, "Current user is not logged in")

    # Folders

    def folder_named(self, name):
        row = self.db.execute("SELECT id FROM folders WHERE name = ?", (name,)).fetchone()
        return row["id"] if row else self.db.execute("INSERT INTO folders (name) VALUES (?)", (name,)).lastrowid

    def folders(self):
        return [{"id": row["id"], "name": row["name"]} for row in self.db.execute("SELECT * FROM folders ORDER BY id")]

    def create_folder(self, body):
        name = (body.get("name") or "").strip()
        if not name:
            raise APIError(422, "Folder name can not be empty")
        if self.db.execute("SELECT 1 FROM folders WHERE name = ?", (name,)).fetchone():
            raise APIError(409, "Can not add folder: Exists already")
        folder = self.db.execute("INSERT INTO folders (name) VALUES (?)", (name,)).lastrowid
        return {"folders": [{"id": folder, "name": name}]}

    def folder(self, folder):
        if not self.db.execute("SELECT 1 FROM folders WHERE id = ?", (folder,)).fetchone():
            raise APIError(404, "Folder not found")

    def rename_folder(self, folder, body):
        self.folder(folder)
        name = (body.get("name") or "").strip()
        if not name:
            raise APIError(422, "Folder name can not be empty")
        if self.db.execute("SELECT 1 FROM folders WHERE name = ? AND id <> ?", (name, folder)).fetchone():
            raise APIError(409, "Can not add folder: Exists already")
        self.db.execute("UPDATE folders SET name = ? WHERE id = ?", (name, folder))

    def delete_folder(self, folder):
        self.folder(folder)
        for feed in self.db.execute("SELECT id FROM feeds WHERE folder_id = ?", (folder,)).fetchall():
            self.delete_feed(feed["id"])
        self.db.execute("DELETE FROM folders WHERE id = ?", (folder,))

    # Feeds

    def feed_json(self, row):
        unread = self.db.execute("SELECT COUNT(*) FROM items WHERE feed_id = ? AND unread = 1", (row["id"],)).fetchone()[0]
        return {"id": row["id"], "url": row["url"], "title": row["title"], "faviconLink": None, "added": row["added"],
                "folderId": row["folder_id"], "unreadCount": unread, "nextUpdateTime": None, "ordering": 0,
                "link": row["link"], "pinned": False, "updateErrorCount": 0, "lastUpdateError": None}

    def feeds(self):
        answer = {"feeds": [self.feed_json(row) for row in self.db.execute("SELECT * FROM feeds ORDER BY id")],
                  "starredCount": self.db.execute("SELECT COUNT(*) FROM items WHERE starred = 1").fetchone()[0]}
        newest = self.db.execute("SELECT MAX(id) FROM items").fetchone()[0]
        if newest:
            answer["newestItemId"] = newest
        return answer

    def feed(self, feed):
        row = self.db.execute("SELECT * FROM feeds WHERE id = ?", (feed,)).fetchone()
        if not row:
            raise APIError(404, "Feed not found")
        return row

    def create_feed(self, body):
        url = (body.get("url") or "").strip()
        folder = body.get("folderId") or None
        if folder is not None:
            self.folder(folder)
        if self.db.execute("SELECT 1 FROM feeds WHERE url = ?", (url,)).fetchone():
            raise APIError(409, "Can not add feed: Exists already")
        try:
            title, link, items = support.fetch_feed(url)
        except support.FeedUnavailable:
            raise APIError(422, f"Can not add feed: URL {url} does not contain a valid RSS or Atom feed")
        feed = self.db.execute("INSERT INTO feeds (url, title, link, folder_id, added) VALUES (?, ?, ?, ?, ?)",
                               (url, title or url, link, folder, int(time.time()))).lastrowid
        self.store_items(feed, items)
        answer = {"feeds": [self.feed_json(self.feed(feed))]}
        newest = self.db.execute("SELECT MAX(id) FROM items").fetchone()[0]
        if newest:
            answer["newestItemId"] = newest
        return answer

    def store_items(self, feed, items):
        for item in items:
            guid_hash = hashlib.md5(item["guid"].encode()).hexdigest()
            if self.db.execute("SELECT 1 FROM items WHERE feed_id = ? AND guid_hash = ?", (feed, guid_hash)).fetchone():
                continue
            self.db.execute("""INSERT INTO items (feed_id, guid, guid_hash, title, url, author, body, pub_date, last_modified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", (feed, item["guid"], guid_hash, item["title"], item["url"],
                                                        item["author"] or None, item["content"],
                                                        int(item["published"].timestamp()), self.stamp()))

    def refresh(self):
        for feed in self.db.execute("SELECT * FROM feeds").fetchall():
            try:
                _, _, items = support.fetch_feed(feed["url"])
            except support.FeedUnavailable:
                continue
            self.store_items(feed["id"], items)

    def delete_feed(self, feed):
        self.feed(feed)
        self.db.execute("DELETE FROM items WHERE feed_id = ?", (feed,))
        self.db.execute("DELETE FROM feeds WHERE id = ?", (feed,))

    def move_feed(self, feed, body):
        self.feed(feed)
        folder = body.get("folderId") or None
        if folder is not None:
            self.folder(folder)
        self.db.execute("UPDATE feeds SET folder_id = ? WHERE id = ?", (folder, feed))

    def rename_feed(self, feed, body):
        self.feed(feed)
        title = body.get("feedTitle") or ""
        self.db.execute("UPDATE feeds SET title = ? WHERE id = ?", (title, feed))

    # Items

    def item_json(self, row):
        return {"id": row["id"], "guid": row["guid"], "guidHash": row["guid_hash"], "url": row["url"], "title": row["title"],
                "author": row["author"], "pubDate": row["pub_date"], "updatedDate": None, "body": row["body"],
                "enclosureMime": None, "enclosureLink": None, "mediaThumbnail": None, "mediaDescription": None,
                "feedId": row["feed_id"], "unread": bool(row["unread"]), "starred": bool(row["starred"]), "rtl": False,
                "lastModified": str(row["last_modified"]), "fingerprint": row["guid_hash"][:16], "contentHash": None}

    def scope(self, kind, scope_id):
        """The SQL condition of a list type."""
        if kind == FEED:
            return "feed_id = ?", [scope_id]
        if kind == FOLDER:
            return "feed_id IN (SELECT id FROM feeds WHERE folder_id IS ?)", [scope_id or None]
        if kind == STARRED:
            return "starred = 1", []
        return "1", []

    def items(self, params):
        kind = integer(params, "type", ALL)
        get_read = flag(params, "getRead", True)
        if kind == STARRED and not get_read:
            return {"message": "Setting getRead on an already filtered list is not allowed!"}
        where, arguments = self.scope(kind, integer(params, "id", 0))
        where = [where]
        if not get_read:
            where.append("unread = 1")
        offset = integer(params, "offset", 0)
        oldest_first = flag(params, "oldestFirst", False)
        if offset > 0:
            where.append("id > ?" if oldest_first else "id < ?")
            arguments.append(offset)
        sql = "SELECT * FROM items WHERE " + " AND ".join(where) + f" ORDER BY id {'ASC' if oldest_first else 'DESC'}"
        batch = integer(params, "batchSize", -1)
        if batch > 0:
            sql += f" LIMIT {batch}"
        return {"items": [self.item_json(row) for row in self.db.execute(sql, arguments)]}

    def updated(self, params):
        last_modified = integer(params, "lastModified", 0)
        if len(str(last_modified)) <= 10:
            last_modified *= 1_000_000
        where, arguments = self.scope(integer(params, "type", ALL), integer(params, "id", 0))
        rows = self.db.execute(f"SELECT * FROM items WHERE {where} AND last_modified >= ? ORDER BY id DESC",
                               arguments + [last_modified])
        return {"items": [self.item_json(row) for row in rows]}

    def set_items(self, column, value, where, arguments):
        """Sets a state where it differs, moving those items' lastModified."""
        rows = self.db.execute(f"SELECT id FROM items WHERE ({where}) AND {column} <> ?", arguments + [value]).fetchall()
        for row in rows:
            self.db.execute(f"UPDATE items SET {column} = ?, last_modified = ? WHERE id = ?", (value, self.stamp(), row["id"]))

    def mark_one(self, item, column, value):
        if not self.db.execute("SELECT 1 FROM items WHERE id = ?", (item,)).fetchone():
            raise APIError(404, "Item not found")
        self.set_items(column, value, "id = ?", [item])

    def mark_many(self, ids, column, value):
        ids = [int(i) for i in ids if str(i).lstrip("-").isdigit()]
        if ids:
            self.set_items(column, value, "id IN (%s)" % ",".join("?" * len(ids)), ids)

    def star_one(self, feed, guid_hash, value):
        if not self.db.execute("SELECT 1 FROM items WHERE feed_id = ? AND guid_hash = ?", (feed, guid_hash)).fetchone():
            raise APIError(404, "Item not found")
        self.set_items("starred", value, "feed_id = ? AND guid_hash = ?", [feed, guid_hash])

    def star_many(self, items, value):
        for entry in items:
            if isinstance(entry, dict) and "feedId" in entry and "guidHash" in entry:
                self.set_items("starred", value, "feed_id = ? AND guid_hash = ?", [int(entry["feedId"]), str(entry["guidHash"])])

    def read_up_to(self, where, arguments, params):
        newest = integer(params, "newestItemId", 0)
        self.set_items("unread", 0, f"({where}) AND id <= ?", arguments + [newest])


def single(params, name, default=None):
    value = params.get(name, default)
    return value[0] if isinstance(value, list) else value


def integer(params, name, default):
    try:
        return int(single(params, name, default))
    except (TypeError, ValueError):
        return default


def flag(params, name, default):
    value = single(params, name, default)
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true") if value is not None else default


ROUTES = {
    ("GET", "version"): lambda s, ids, p: {"version": "25.0.0"},
    ("GET", "status"): lambda s, ids, p: {"version": "25.0.0", "warnings": {"improperlyConfiguredCron": False,
                                                                         "incorrectDbCharset": False}},
    ("GET", "folders"): lambda s, ids, p: {"folders": s.folders()},
    ("POST", "folders"): lambda s, ids, p: s.create_folder(p),
    ("PUT", "folders/{id}"): lambda s, ids, p: s.rename_folder(ids[0], p),
    ("DELETE", "folders/{id}"): lambda s, ids, p: s.delete_folder(ids[0]),
    ("PUT", "folders/{id}/read"): lambda s, ids, p: (s.folder(ids[0]), s.read_up_to(*s.scope(FOLDER, ids[0]), p)),
    ("GET", "feeds"): lambda s, ids, p: s.feeds(),
    ("POST", "feeds"): lambda s, ids, p: s.create_feed(p),
    ("DELETE", "feeds/{id}"): lambda s, ids, p: s.delete_feed(ids[0]),
    ("PUT", "feeds/{id}/move"): lambda s, ids, p: s.move_feed(ids[0], p),
    ("PUT", "feeds/{id}/rename"): lambda s, ids, p: s.rename_feed(ids[0], p),
    ("PUT", "feeds/{id}/read"): lambda s, ids, p: (s.feed(ids[0]), s.read_up_to(*s.scope(FEED, ids[0]), p)),
    ("GET", "items"): lambda s, ids, p: s.items(p),
    ("GET", "items/updated"): lambda s, ids, p: s.updated(p),
    ("PUT", "items/{id}/read"): lambda s, ids, p: s.mark_one(ids[0], "unread", 0),
    ("PUT", "items/{id}/unread"): lambda s, ids, p: s.mark_one(ids[0], "unread", 1),
    ("PUT", "items/read"): lambda s, ids, p: s.read_up_to("1", [], p),
    ("PUT", "items/read/multiple"): lambda s, ids, p: s.mark_many(p.get("items") or [], "unread", 0),
    ("PUT", "items/unread/multiple"): lambda s, ids, p: s.mark_many(p.get("items") or [], "unread", 1),
    ("PUT", "items/{id}/{hash}/star"): lambda s, ids, p: s.star_one(ids[0], ids[1], 1),
    ("PUT", "items/{id}/{hash}/unstar"): lambda s, ids, p: s.star_one(ids[0], ids[1], 0),
    ("PUT", "items/star/multiple"): lambda s, ids, p: s.star_many(p.get("items") or [], 1),
    ("PUT", "items/unstar/multiple"): lambda s, ids, p: s.star_many(p.get("items") or [], 0),
}

# API v1-3, only what nextcloud-news-filter calls.
ROUTES_V13 = {
    ("GET", "items"): ROUTES[("GET", "items")],
    ("POST", "items/read/multiple"): lambda s, ids, p: s.mark_many(p.get("itemIds") or [], "unread", 0),
}


def pattern(parts):
    """`items/12/3059…/star` → `items/{id}/{hash}/star`, and the values in order."""
    names, values = [], []
    for index, part in enumerate(parts):
        if index == 2 and len(parts) == 4 and parts[0] == "items":
            names.append("{hash}")
            values.append(part)
        elif part.isdigit():
            names.append("{id}")
            values.append(int(part))
        else:
            names.append(part)
    return "/".join(names), values


class Handler(support.QuietHandler):
    server_version = "ocnews-standin"

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
        raw = self.read_body()
        if not parts.path.startswith(PREFIX):
            return self.answer(404, "<html><body>Page not found</body></html>", "text/html; charset=utf-8")
        version, _, route = parts.path[len(PREFIX):].partition("/")
        routes = {"v1-2": ROUTES, "v1-3": ROUTES_V13}.get(version)
        name, ids = pattern([part for part in route.split("/") if part])
        handler = routes.get((method, name)) if routes else None
        if handler is None:
            return self.answer(404 if routes is None or all(key[1] != name for key in routes) else 405,
                               json.dumps({"message": "Route not found"}), "application/json; charset=utf-8")
        store = self.server.state
        params = {name: values for name, values in urllib.parse.parse_qs(parts.query).items()}
        try:
            with store.lock:
                store.authenticate(self.headers.get("Authorization"))
                if raw:
                    try:
                        body = json.loads(raw)
                    except ValueError:
                        raise APIError(400, "Invalid JSON")
                    if isinstance(body, dict):
                        params.update(body)
                result = handler(store, ids, params)
                if isinstance(result, dict) and isinstance(result.get("items"), list):
                    self.articles = len(result["items"])
        except APIError as error:
            return self.answer(error.status, json.dumps({"message": error.message}), "application/json; charset=utf-8")
        if not isinstance(result, dict):
            result = []
        self.answer(200, json.dumps(result), "application/json; charset=utf-8")


def main():
    support.main(__doc__.splitlines()[0], Store, Handler)


if __name__ == "__main__":
    main()
