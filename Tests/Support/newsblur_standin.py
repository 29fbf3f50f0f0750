#!/usr/bin/env python3
"""A STAND-IN for NewsBlur, for Tidings' sync tests: NOT NewsBlur.

NewsBlur (Django with PostgreSQL, MongoDB, Redis and Elasticsearch) cannot run on the test
machines, and no third-party server code is kept in the project. This small server answers the
part of NewsBlur's API that its reference (templates/static/api.yml) lists and that clients use,
in the shapes NewsBlur's views return them (a `result`, `authenticated` and `user_id` in every
JSON answer; 403 with no body when not logged in):
- `POST /api/login` (`username`, `password`; a User-Agent is required): `code` 1 and a
  `newsblur_sessionid` cookie, or `code` -1 with `errors`; `POST /api/logout`; an OAuth
  `Authorization: Bearer TOKEN` is taken too (the official client's way), and
  `GET /profile/is_premium`;
- `GET /reader/feeds` (`flat=true`: `flat_folders`, " " for the top level; else the nested
  `folders`), `GET /reader/feed/{id}` (`page` of 6 stories, `order`, `read_filter`),
  `GET|POST /reader/river_stories` (`h=` up to 100 story hashes, or `feeds`, `page`, `limit`,
  `order`, `read_filter` (default unread)), `GET /reader/unread_story_hashes` (`feed_id`,
  `include_timestamps`), `GET /reader/starred_story_hashes`, `GET /reader/starred_stories`;
- `POST /reader/mark_story_hashes_as_read` (`story_hash` repeated),
  `mark_story_hash_as_unread`, `mark_story_hash_as_starred`, `mark_story_hash_as_unstarred`,
  `mark_feed_as_read` (`feed_id` repeated, `cutoff_timestamp`, `direction`), `mark_all_as_read`;
- `POST /reader/add_url` (`url`, `folder`), `add_folder`, `delete_feed` (`feed_id`,
  `in_folder`), `rename_feed` (`feed_id`, `feed_title`), `move_feed_to_folder` (`feed_id`,
  `in_folder`, `to_folder`), `rename_folder`, `delete_folder`.
A story hash is `FEED:` and the first 6 hex digits of the SHA-1 of its guid, as NewsBlur makes it.

What it leaves out: intelligence training and scores (every story is neutral), social features,
saved searches, nested folders (one level), premium limits on marking stories unread.

State lives in a SQLite file (--db). On a database without a user, --seed names a JSON file:
{"username": …, "password": …, "token": …, "feeds": [{"url": …, "folder": …}]}, whose feeds are
fetched. --refresh fetches every feed again and exits.

    python3 newsblur_standin.py --db DIR/nb.db --seed DIR/seed.json --lifetime 300 --watch-stdin --log DIR/requests.log
"""

import hashlib
import json
import secrets
import threading
import time
import urllib.parse

import standin_support as support

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, password TEXT, token TEXT);
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, user_id INTEGER);
CREATE TABLE IF NOT EXISTS folders (name TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS feeds (id INTEGER PRIMARY KEY, address TEXT UNIQUE, title TEXT, link TEXT);
CREATE TABLE IF NOT EXISTS subscriptions (feed_id INTEGER PRIMARY KEY, title TEXT, folder TEXT DEFAULT '');
CREATE TABLE IF NOT EXISTS stories (hash TEXT PRIMARY KEY, feed_id INTEGER, guid TEXT, title TEXT, permalink TEXT,
    authors TEXT, content TEXT, timestamp INTEGER, added REAL, read INTEGER DEFAULT 0, starred INTEGER DEFAULT 0,
    starred_date REAL);
CREATE INDEX IF NOT EXISTS stories_by_feed ON stories (feed_id, read);
"""

PER_PAGE = 6


class Refusal(Exception):
    """A failure NewsBlur answers with `code` -1 and a message, HTTP 200."""


class Forbidden(Exception):
    """Not logged in: HTTP 403, no body."""


class Store:
    def __init__(self, path):
        self.db = support.database(path, SCHEMA)
        self.lock = threading.RLock()

    def seed(self, seed):
        with self.lock:
            if self.db.execute("SELECT COUNT(*) FROM users").fetchone()[0]:
                return
            self.db.execute("INSERT INTO users (username, password, token) VALUES (?, ?, ?)",
                            (seed["username"], seed["password"], seed.get("token")))
            for feed in seed.get("feeds", []):
                self.add_url({"url": [feed["url"]], "folder": [feed.get("folder") or ""]})

    # Users

    def login(self, form):
        username, password = single(form, "username"), single(form, "password")
        row = self.db.execute("SELECT id FROM users WHERE username = ? AND password = ?", (username, password)).fetchone()
        if row is None:
            return {"code": -1, "errors": {"__all__": ["Whoopsy-daisy, wrong password. Try again."]}}, None
        session = secrets.token_hex(16)
        self.db.execute("INSERT INTO sessions (id, user_id) VALUES (?, ?)", (session, row["id"]))
        return {"code": 1, "errors": None}, session

    def user_for(self, cookie_header, authorization):
        if authorization and authorization.startswith("Bearer "):
            row = self.db.execute("SELECT id FROM users WHERE token = ?", (authorization[7:].strip(),)).fetchone()
            return row["id"] if row else None
        for part in (cookie_header or "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == "newsblur_sessionid":
                row = self.db.execute("SELECT user_id FROM sessions WHERE id = ?", (value,)).fetchone()
                return row["user_id"] if row else None
        return None

    # Feeds

    def feed_json(self, row):
        unread = self.db.execute("SELECT COUNT(*) FROM stories WHERE feed_id = ? AND read = 0", (row["id"],)).fetchone()[0]
        last = self.db.execute("SELECT MAX(timestamp) FROM stories WHERE feed_id = ?", (row["id"],)).fetchone()[0]
        return {"id": row["id"], "feed_title": row["sub_title"] or row["title"], "feed_address": row["address"],
                "feed_link": row["link"], "num_subscribers": 1, "active": True, "ps": 0, "nt": unread, "ng": 0,
                "updated": "1 minute", "last_story_date": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(last or 0)),
                "favicon_color": None, "not_yet_fetched": False}

    def feeds(self, params):
        rows = self.db.execute("""SELECT feeds.*, subscriptions.title AS sub_title, subscriptions.folder FROM feeds
            JOIN subscriptions ON subscriptions.feed_id = feeds.id ORDER BY feeds.id""").fetchall()
        feeds = {str(row["id"]): self.feed_json(row) for row in rows}
        folder_names = [row["name"] for row in self.db.execute("SELECT name FROM folders ORDER BY name")]
        answer = {"feeds": feeds, "starred_count": self.db.execute("SELECT COUNT(*) FROM stories WHERE starred = 1").fetchone()[0]}
        if flag(params, "flat"):
            flat = {" ": [row["id"] for row in rows if not row["folder"]]}
            for name in folder_names:
                flat[name] = [row["id"] for row in rows if row["folder"] == name]
            answer["flat_folders"] = flat
        else:
            answer["folders"] = [row["id"] for row in rows if not row["folder"]] + [
                {name: [row["id"] for row in rows if row["folder"] == name]} for name in folder_names]
        return answer

    def subscription(self, feed_id):
        row = self.db.execute("SELECT * FROM subscriptions WHERE feed_id = ?", (feed_id,)).fetchone()
        if row is None:
            raise Refusal("Couldn't find that feed.")
        return row

    def add_url(self, form):
        url = single(form, "url").strip()
        folder = single(form, "folder").strip()
        if not url:
            raise Refusal("No URL given.")
        if self.db.execute("SELECT 1 FROM feeds JOIN subscriptions ON feed_id = id WHERE address = ?", (url,)).fetchone():
            raise Refusal("You are already subscribed to this site.")
        try:
            title, link, items = support.fetch_feed(url)
        except support.FeedUnavailable:
            raise Refusal("This address does not point to an RSS feed or a website with an RSS feed.")
        row = self.db.execute("SELECT id FROM feeds WHERE address = ?", (url,)).fetchone()
        feed_id = row["id"] if row else self.db.execute("INSERT INTO feeds (address, title, link) VALUES (?, ?, ?)",
                                                        (url, title or url, link)).lastrowid
        if folder:
            self.db.execute("INSERT OR IGNORE INTO folders (name) VALUES (?)", (folder,))
        self.db.execute("INSERT INTO subscriptions (feed_id, folder) VALUES (?, ?)", (feed_id, folder))
        self.store_stories(feed_id, items)
        feed = self.db.execute("""SELECT feeds.*, subscriptions.title AS sub_title FROM feeds JOIN subscriptions
            ON subscriptions.feed_id = feeds.id WHERE feeds.id = ?""", (feed_id,)).fetchone()
        return {"code": 1, "message": "", "feed": self.feed_json(feed)}

    def store_stories(self, feed_id, items):
        for item in items:
            story_hash = f"{feed_id}:{hashlib.sha1(item['guid'].encode()).hexdigest()[:6]}"
            self.db.execute("""INSERT OR IGNORE INTO stories (hash, feed_id, guid, title, permalink, authors, content, timestamp,
                added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", (story_hash, feed_id, item["guid"], item["title"], item["url"],
                                                               item["author"], item["content"],
                                                               int(item["published"].timestamp()), time.time()))

    def refresh(self):
        for feed in self.db.execute("SELECT feeds.* FROM feeds JOIN subscriptions ON feed_id = id").fetchall():
            try:
                _, _, items = support.fetch_feed(feed["address"])
            except support.FeedUnavailable:
                continue
            self.store_stories(feed["id"], items)

    def delete_feed(self, form):
        feed_id = integer(form, "feed_id")
        self.subscription(feed_id)
        self.db.execute("DELETE FROM stories WHERE feed_id = ?", (feed_id,))
        self.db.execute("DELETE FROM subscriptions WHERE feed_id = ?", (feed_id,))
        return {"code": 1}

    def rename_feed(self, form):
        feed_id = integer(form, "feed_id")
        self.subscription(feed_id)
        self.db.execute("UPDATE subscriptions SET title = ? WHERE feed_id = ?", (single(form, "feed_title"), feed_id))
        return {"code": 1}

    def add_folder(self, form):
        name = single(form, "folder").strip()
        if not name:
            raise Refusal("Please provide a folder name.")
        if self.db.execute("SELECT 1 FROM folders WHERE name = ?", (name,)).fetchone():
            raise Refusal("Folder already exists.")
        self.db.execute("INSERT INTO folders (name) VALUES (?)", (name,))
        return {"code": 1}

    def move_feed(self, form):
        feed_id = integer(form, "feed_id")
        row = self.subscription(feed_id)
        in_folder, to_folder = single(form, "in_folder").strip(), single(form, "to_folder").strip()
        if row["folder"] != in_folder:
            raise Refusal("That feed is not in that folder.")
        if to_folder and not self.db.execute("SELECT 1 FROM folders WHERE name = ?", (to_folder,)).fetchone():
            raise Refusal("That folder does not exist.")
        self.db.execute("UPDATE subscriptions SET folder = ? WHERE feed_id = ?", (to_folder, feed_id))
        return {"code": 1, "folders": self.feeds({})["folders"]}

    def rename_folder(self, form):
        old, new = single(form, "folder_to_rename"), single(form, "new_folder_name").strip()
        if not new or not self.db.execute("SELECT 1 FROM folders WHERE name = ?", (old,)).fetchone():
            raise Refusal("Couldn't find that folder.")
        self.db.execute("UPDATE folders SET name = ? WHERE name = ?", (new, old))
        self.db.execute("UPDATE subscriptions SET folder = ? WHERE folder = ?", (new, old))
        return {"code": 1}

    def delete_folder(self, form):
        name = single(form, "folder_to_delete")
        for row in self.db.execute("SELECT feed_id FROM subscriptions WHERE folder = ?", (name,)).fetchall():
            self.delete_feed({"feed_id": [str(row["feed_id"])]})
        self.db.execute("DELETE FROM folders WHERE name = ?", (name,))
        return {"code": 1}

    # Stories

    def story_json(self, row):
        return {"story_hash": row["hash"], "id": row["guid"], "guid_hash": row["hash"].split(":")[1],
                "story_feed_id": row["feed_id"], "story_title": row["title"], "story_authors": row["authors"],
                "story_permalink": row["permalink"], "story_content": row["content"],
                "story_date": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(row["timestamp"])),
                "story_timestamp": str(row["timestamp"]), "read_status": row["read"], "starred": bool(row["starred"]),
                "story_tags": [], "intelligence": {"feed": 0, "author": 0, "tags": 0, "title": 0}, "score": 0}

    def page_of(self, where, arguments, params, per_page, default_filter):
        read_filter = single(params, "read_filter", default_filter)
        if read_filter == "unread":
            where.append("read = 0")
        elif read_filter == "starred":
            where.append("starred = 1")
        order = "ASC" if single(params, "order") == "oldest" else "DESC"
        page = max(1, integer(params, "page", 1))
        rows = self.db.execute(f"SELECT * FROM stories WHERE {' AND '.join(where)} ORDER BY timestamp {order}, hash {order} "
                               f"LIMIT {per_page} OFFSET {(page - 1) * per_page}", arguments).fetchall()
        return [self.story_json(row) for row in rows]

    def feed_stories(self, feed_id, params):
        if not self.db.execute("SELECT 1 FROM subscriptions WHERE feed_id = ?", (feed_id,)).fetchone():
            raise NotFound()
        stories = self.page_of(["feed_id = ?"], [feed_id], params, PER_PAGE, "all")
        return {"stories": stories, "feed_tags": [], "feed_authors": [], "classifiers": {}, "hidden_stories_removed": 0,
                "user_profiles": [], "feed_id": feed_id}

    def river(self, params):
        hashes = params.get("h", [])[:100]
        if hashes:
            rows = self.db.execute("SELECT * FROM stories WHERE hash IN (%s) ORDER BY timestamp DESC" % ",".join("?" * len(hashes)),
                                   hashes).fetchall()
            return {"stories": [self.story_json(row) for row in rows], "user_profiles": []}
        feed_ids = [int(feed) for feed in params.get("feeds", []) if str(feed).isdigit()]
        where = ["feed_id IN (SELECT feed_id FROM subscriptions)"]
        if feed_ids:
            where.append("feed_id IN (%s)" % ",".join("?" * len(feed_ids)))
        limit = min(50, max(1, integer(params, "limit", 12)))
        return {"stories": self.page_of(where, feed_ids, params, limit, "unread"), "user_profiles": []}

    def unread_hashes(self, params):
        where, arguments = ["read = 0", "feed_id IN (SELECT feed_id FROM subscriptions)"], []
        feeds = [int(feed) for feed in params.get("feed_id", []) if str(feed).isdigit()]
        if feeds:
            where.append("feed_id IN (%s)" % ",".join("?" * len(feeds)))
            arguments += feeds
        by_feed = {}
        for row in self.db.execute(f"SELECT hash, feed_id, timestamp FROM stories WHERE {' AND '.join(where)} ORDER BY timestamp",
                                   arguments):
            entry = [row["hash"], row["timestamp"]] if flag(params, "include_timestamps") else row["hash"]
            by_feed.setdefault(str(row["feed_id"]), []).append(entry)
        return {"unread_feed_story_hashes": by_feed}

    def starred_hashes(self, params):
        rows = self.db.execute("SELECT hash, starred_date FROM stories WHERE starred = 1 ORDER BY starred_date DESC").fetchall()
        stamped = flag(params, "include_timestamps")
        return {"starred_story_hashes": [[row["hash"], int(row["starred_date"] or 0)] if stamped else row["hash"] for row in rows]}

    def starred_stories(self, params):
        hashes = params.get("h", [])[:100]
        if hashes:
            rows = self.db.execute("SELECT * FROM stories WHERE starred = 1 AND hash IN (%s)" % ",".join("?" * len(hashes)),
                                   hashes).fetchall()
            return {"stories": [self.story_json(row) for row in rows]}
        page = max(1, integer(params, "page", 1))
        rows = self.db.execute(f"SELECT * FROM stories WHERE starred = 1 ORDER BY starred_date DESC LIMIT 10 OFFSET {(page - 1) * 10}")
        return {"stories": [self.story_json(row) for row in rows]}

    def story(self, story_hash):
        row = self.db.execute("SELECT * FROM stories WHERE hash = ?", (story_hash,)).fetchone()
        if row is None:
            raise Refusal("Story not found.")
        return row

    def mark_read(self, form):
        hashes = form.get("story_hash", [])
        for story_hash in hashes:
            self.db.execute("UPDATE stories SET read = 1 WHERE hash = ?", (story_hash,))
        return {"code": 1, "story_hashes": hashes, "feed_ids": sorted({int(h.split(":")[0]) for h in hashes if ":" in h})}

    def mark_unread(self, form):
        story_hash = single(form, "story_hash")
        self.story(story_hash)
        self.db.execute("UPDATE stories SET read = 0 WHERE hash = ?", (story_hash,))
        return {"code": 1, "story_hash": story_hash}

    def star(self, form, value):
        story_hash = single(form, "story_hash")
        self.story(story_hash)
        self.db.execute("UPDATE stories SET starred = ?, starred_date = ? WHERE hash = ?", (value, time.time() if value else None,
                                                                                           story_hash))
        return {"code": 1}

    def mark_feed_read(self, form):
        feeds = [int(feed) for feed in form.get("feed_id", []) if str(feed).isdigit()]
        cutoff = integer(form, "cutoff_timestamp", 0)
        direction = single(form, "direction", "older")
        for feed in feeds:
            self.subscription(feed)
            if cutoff:
                # NewsBlur compares the cutoff with each story's date.
                comparison = "<=" if direction == "older" else ">="
                self.db.execute(f"UPDATE stories SET read = 1 WHERE feed_id = ? AND timestamp {comparison} ?", (feed, cutoff))
            else:
                self.db.execute("UPDATE stories SET read = 1 WHERE feed_id = ?", (feed,))
        return {"code": 1}

    def mark_all_read(self, form):
        days = integer(form, "days", 0)
        cutoff = time.time() - days * 86400 if days else None
        if cutoff:
            self.db.execute("UPDATE stories SET read = 1 WHERE timestamp <= ?", (cutoff,))
        else:
            self.db.execute("UPDATE stories SET read = 1")
        return {"code": 1}


class NotFound(Exception):
    pass


def single(params, name, default=""):
    values = params.get(name)
    return values[0] if values else default


def integer(params, name, default=0):
    try:
        return int(single(params, name, default))
    except (TypeError, ValueError):
        return default


def flag(params, name):
    return single(params, name).lower() in ("true", "1")


ROUTES = {
    "reader/feeds": lambda s, ids, p: s.feeds(p),
    "reader/feed/{id}": lambda s, ids, p: s.feed_stories(ids[0], p),
    "reader/river_stories": lambda s, ids, p: s.river(p),
    "reader/unread_story_hashes": lambda s, ids, p: s.unread_hashes(p),
    "reader/starred_story_hashes": lambda s, ids, p: s.starred_hashes(p),
    "reader/starred_stories": lambda s, ids, p: s.starred_stories(p),
    "reader/mark_story_hashes_as_read": lambda s, ids, p: s.mark_read(p),
    "reader/mark_story_hash_as_unread": lambda s, ids, p: s.mark_unread(p),
    "reader/mark_story_hash_as_starred": lambda s, ids, p: s.star(p, 1),
    "reader/mark_story_hash_as_unstarred": lambda s, ids, p: s.star(p, 0),
    "reader/mark_feed_as_read": lambda s, ids, p: s.mark_feed_read(p),
    "reader/mark_all_as_read": lambda s, ids, p: s.mark_all_read(p),
    "reader/add_url": lambda s, ids, p: s.add_url(p),
    "reader/add_folder": lambda s, ids, p: s.add_folder(p),
    "reader/delete_feed": lambda s, ids, p: s.delete_feed(p),
    "reader/rename_feed": lambda s, ids, p: s.rename_feed(p),
    "reader/move_feed_to_folder": lambda s, ids, p: s.move_feed(p),
    "reader/rename_folder": lambda s, ids, p: s.rename_folder(p),
    "reader/delete_folder": lambda s, ids, p: s.delete_folder(p),
    "profile/is_premium": lambda s, ids, p: {"is_premium": True, "is_premium_archive": True, "code": 1},
}

POST_ONLY = {name for name in ROUTES if name.startswith("reader/mark_") or name in (
    "reader/add_url", "reader/add_folder", "reader/delete_feed", "reader/rename_feed", "reader/move_feed_to_folder",
    "reader/rename_folder", "reader/delete_folder")}


class Handler(support.QuietHandler):
    server_version = "newsblur-standin"

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def json_answer(self, result, user, headers=None):
        result = dict(result)
        result.setdefault("result", "ok")
        result["authenticated"] = user is not None
        if user is not None:
            result["user_id"] = user
        self.answer(200, json.dumps(result), "application/json", headers)

    def dispatch(self, method):
        parts = urllib.parse.urlsplit(self.path)
        raw = self.read_body()
        params = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        if method == "POST":
            for name, values in urllib.parse.parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True).items():
                params.setdefault(name, []).extend(values)
        route = parts.path.strip("/")
        store = self.server.state
        with store.lock:
            if route == "api/login":
                if not self.headers.get("User-Agent"):
                    return self.json_answer({"code": -1, "errors": {"user_agent": "You must set a user agent to login."}}, None)
                if method != "POST":
                    return self.json_answer({"code": -1, "errors": {"method": f"Invalid method. Use POST. You used {method}"}}, None)
                result, session = store.login(params)
                cookie = {"Set-Cookie": f"newsblur_sessionid={session}; Path=/; HttpOnly"} if session else None
                user = store.user_for(f"newsblur_sessionid={session}", None) if session else None
                return self.json_answer(result, user, cookie)
            user = store.user_for(self.headers.get("Cookie"), self.headers.get("Authorization"))
            if route == "api/logout":
                return self.json_answer({"code": 1}, None)
            segments = route.split("/")
            ids = [int(part) for part in segments if part.isdigit()]
            name = "/".join("{id}" if part.isdigit() else part for part in segments)
            handler = ROUTES.get(name)
            if handler is None:
                return self.answer(404, "<h1>Not Found</h1>", "text/html")
            if user is None:
                return self.answer(403, "", None)
            if name in POST_ONLY and method != "POST":
                return self.answer(405, "", None)
            try:
                result = handler(store, ids, params)
            except Refusal as refusal:
                return self.json_answer({"code": -1, "message": str(refusal)}, user)
            except NotFound:
                return self.answer(404, "<h1>Not Found</h1>", "text/html")
            if "stories" in result:
                self.articles = len(result["stories"])
            self.json_answer(result, user)


def main():
    support.main(__doc__.splitlines()[0], Store, Handler)


if __name__ == "__main__":
    main()
