#!/usr/bin/env python3
"""A STAND-IN for a Google Reader API server, for Tidings' sync tests: NOT FreshRSS, Inoreader or
The Old Reader.

None of those can run on the test machines (no Debian or PyPI package, and no third-party server
code is kept in the project). This small server answers the Google Reader API as FreshRSS answers
it (its p/api/greader.php, and the facts checked on a real FreshRSS 1.24.3 in
../shared/test-servers/README.md), for the calls clients make:
`accounts/ClientLogin` (`SID=`, `LSID=null`, `Auth=USER/…`; 401 for a wrong password),
`Authorization: GoogleLogin auth=…` on every call (401 without), `reader/api/0/token` (the write
token, which every POST carries as `T`), `user-info`, `tag/list`, `unread-count`,
`subscription/list`, `subscription/edit` (`ac=subscribe|unsubscribe|edit`, `t=`, `a=`/`r=` a
label: one category per feed, `r=` alone moves it back to "Uncategorized"), `subscription/quickadd`
(fetches the feed at once; `{"numResults": 0, "error": …}` when it cannot), `subscription/import`
(an OPML body), `stream/items/ids` (`s=`, `xt=`, `it=`, `n=` (default 20), `r=o`, `c=`, `ot=`/`nt=`
in seconds of arrival), `stream/items/contents` (`i=` repeated, in decimal, short hex or the long
`tag:google.com,2005:reader/item/` form), `stream/contents/STREAM`, `edit-tag` (`a=`/`r=` read or
starred) and `mark-all-as-read` (`s=`, `ts=` in microseconds of arrival). Item ids are the
microsecond of arrival, rising; FreshRSS's default feed is left out. Its Fever API
(`/api/fever.php`) is not served: it answers every request as FreshRSS answers one without a valid
key, `{"api_version": 3, "auth": 0}`.

With --flavour it answers as two other servers do where a client must tell them apart:
- `oldreader` (theoldreader/api's README): everything at the root (`/accounts/ClientLogin`,
  `/reader/api/0/…`); item, feed and user ids are BSON ObjectIds, 24 hexadecimal digits, in
  `stream/items/ids` as in the items' `tag:google.com,2005:reader/item/OBJECTID`; feeds are
  `feed/OBJECTID`; at most 10 000 ids and 1 000 items a request; continuations are opaque.
- `inoreader` (Inoreader's developer documentation): at the root; every request, ClientLogin
  included, must carry the registered application's `AppId` and `AppKey` headers (401 without);
  feeds are `feed/URL`, labels and states `user/NUMBER/…`; at most 1 000 ids a request.

State lives in a SQLite file (--db), so that a test can stop the server and start it again with
the same data. On a database without a user, --seed names a JSON file:
{"username": …, "password": …, "flavour": …, "app_id": …, "app_key": …, "opml": "<opml>…"},
whose feeds are subscribed to and fetched. Two one-shot commands work on the database and exit,
as FreshRSS's cli/ scripts do: --import FILE.opml (subscribe and fetch) and --refresh (fetch
every feed again).

    python3 greader_standin.py --db DIR/gr.db --seed DIR/seed.json --lifetime 300 --watch-stdin \
        --log DIR/requests.log [--tls-cert C --tls-key K]

prints the port it listens on as its first line, logs "METHOD PATH?QUERY" of each request (never
a header or a body) to --log, and exits after --lifetime seconds or when its standard input
closes. A request whose line carries an absolute URI (`GET http://host/… HTTP/1.1`, as an HTTP
proxy receives it) is answered as if it had come through one.
"""

import hashlib
import json
import re
import secrets
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET

import standin_support as support

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS categories (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS feeds (id INTEGER PRIMARY KEY, oid TEXT, url TEXT UNIQUE, title TEXT, website TEXT,
    category_id INTEGER);
CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY, oid TEXT UNIQUE, feed_id INTEGER, guid TEXT, title TEXT,
    link TEXT, author TEXT, content TEXT, published INTEGER, added_us INTEGER, is_read INTEGER DEFAULT 0,
    is_starred INTEGER DEFAULT 0, UNIQUE (feed_id, guid));
"""

READING_LIST = "user/-/state/com.google/reading-list"
STARRED = "user/-/state/com.google/starred"
LONG_PREFIX = "tag:google.com,2005:reader/item/"
# Inoreader's user number, which its labels and states carry instead of "-".
INOREADER_USER = "1005921515"
UNCATEGORIZED = "Uncategorized"


class Refusal(Exception):
    def __init__(self, status, text):
        super().__init__(text)
        self.status = status
        self.text = text


def unauthorized():
    return Refusal(401, "Unauthorized!")


def bad_request():
    return Refusal(400, "Bad Request!")


def full_width(text):
    """FreshRSS's escapeToUnicodeAlternative (extended): the characters a stream id cannot hold,
    as their full-width forms, in the titles of the subscription list."""
    for plain, wide in (("&", "＆"), ("<", "＜"), (">", "＞"), ("'", "’"), ('"', "＂"), ("^", "＾"), ("?", "？"),
                        ("\\", "＼"), ("/", "／"), (",", "，"), (";", "；")):
        text = text.replace(plain, wide)
    return text.strip()


class Store:
    """The account, its categories, feeds and entries, in SQLite, behind one lock."""

    def __init__(self, path):
        self.db = support.database(path, SCHEMA)
        self.lock = threading.RLock()
        self.flavour = self.setting("flavour") or "freshrss"

    # Settings

    def setting(self, name):
        row = self.db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return row["value"] if row else None

    def set_setting(self, name, value):
        self.db.execute("INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", (name, value))

    def seed(self, seed):
        with self.lock:
            if self.setting("username"):
                return
            self.flavour = seed.get("flavour", "freshrss")
            for name in ("username", "password", "app_id", "app_key"):
                self.set_setting(name, seed.get(name) or "")
            self.set_setting("flavour", self.flavour)
            if self.flavour == "freshrss":
                salt = secrets.token_hex(20)
                digest = hashlib.sha1((salt + seed["username"] + seed["password"]).encode()).hexdigest()
                self.set_setting("auth", f"{seed['username']}/{digest}")
                self.set_setting("token", digest.ljust(57, "Z"))
            else:
                auth = secrets.token_urlsafe(15)
                self.set_setting("auth", auth)
                self.set_setting("token", auth if self.flavour == "oldreader" else secrets.token_hex(16))
            if self.flavour == "freshrss":
                self.category_named(UNCATEGORIZED)
            if seed.get("opml"):
                self.import_opml(seed["opml"])

    # Ids

    def object_id(self):
        """A BSON ObjectId: 4 bytes of time, 5 of this server, 3 of a counter, in hex."""
        machine = self.setting("machine")
        if not machine:
            machine = secrets.token_hex(5)
            self.set_setting("machine", machine)
        counter = int(self.setting("counter") or 0) + 1
        self.set_setting("counter", str(counter))
        return "%08x%s%06x" % (int(time.time()), machine, counter & 0xFFFFFF)

    def next_entry_id(self):
        """FreshRSS's id: the microsecond the entry arrived, rising even within one."""
        last = self.db.execute("SELECT MAX(id) FROM entries").fetchone()[0] or 0
        return max(last + 1, int(time.time() * 1_000_000))

    def item_id_text(self, row):
        """An entry's id as stream/items/ids lists it."""
        return row["oid"] if self.flavour == "oldreader" else str(row["id"])

    def long_item_id(self, row):
        return LONG_PREFIX + (row["oid"] if self.flavour == "oldreader" else "%016x" % row["id"])

    def entry_for(self, text):
        """The entry an `i=` names, in any of the spellings FreshRSS takes; None if unknown."""
        text = text.strip()
        if text.startswith("tag:"):
            text = text.rsplit("/", 1)[-1]
        if self.flavour == "oldreader":
            return self.db.execute("SELECT * FROM entries WHERE oid = ?", (text.lower(),)).fetchone()
        try:
            number = int(text) if text.isdigit() and not text.startswith("0") else int(text, 16)
        except ValueError:
            return None
        return self.db.execute("SELECT * FROM entries WHERE id = ?", (number,)).fetchone()

    def stream_id(self, feed):
        if self.flavour == "oldreader":
            return "feed/" + feed["oid"]
        if self.flavour == "inoreader":
            return "feed/" + feed["url"]
        return "feed/%d" % feed["id"]

    def feed_for(self, stream):
        """The feed a `feed/…` stream id names (its number, ObjectId or URL); None if unknown."""
        if not stream.startswith("feed/"):
            return None
        key = stream[5:]
        if self.flavour == "oldreader":
            return self.db.execute("SELECT * FROM feeds WHERE oid = ?", (key,)).fetchone()
        if key.isdigit():
            return self.db.execute("SELECT * FROM feeds WHERE id = ?", (int(key),)).fetchone()
        return self.db.execute("SELECT * FROM feeds WHERE url = ?", (key,)).fetchone()

    def user_part(self):
        return INOREADER_USER if self.flavour == "inoreader" else "-"

    def label(self, name):
        return f"user/{self.user_part()}/label/{name}"

    def state(self, name):
        return f"user/{self.user_part()}/state/com.google/{name}"

    # Categories

    def category_named(self, name):
        row = self.db.execute("SELECT id FROM categories WHERE name = ?", (name,)).fetchone()
        if row:
            return row["id"]
        return self.db.execute("INSERT INTO categories (name) VALUES (?)", (name,)).lastrowid

    def category_name(self, category_id):
        row = self.db.execute("SELECT name FROM categories WHERE id = ?", (category_id,)).fetchone()
        return row["name"] if row else None

    def default_category(self):
        """FreshRSS puts a feed without a category in "Uncategorized"; the others leave it out."""
        return self.category_named(UNCATEGORIZED) if self.flavour == "freshrss" else None

    # Feeds

    def add_feed(self, url, title="", category=None):
        """Subscribes to `url` and fetches it at once; the feed's row. FreshRSS_Feed_Exception's
        reasons become the refusal's text."""
        if self.db.execute("SELECT 1 FROM feeds WHERE url = ?", (url,)).fetchone():
            raise Refusal(200, "Feed already exists! " + url)
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise Refusal(200, "Invalid URL: " + url)
        try:
            feed_title, site, items = support.fetch_feed(url)
        except support.FeedUnavailable as failure:
            reason = {"missing": "HTTP 404", "status": f"HTTP {failure.status}", "unreachable": "cannot connect",
                      "unreadable": "not a feed"}[failure.kind]
            raise Refusal(200, f"Invalid feed [{url}]: {reason}")
        category_id = self.category_named(category) if category else self.default_category()
        feed = self.db.execute("INSERT INTO feeds (url, title, website, category_id) VALUES (?, ?, ?, ?)",
                               (url, title or feed_title or url, site, category_id)).lastrowid
        self.db.execute("UPDATE feeds SET oid = ? WHERE id = ?", (self.object_id(), feed))
        self.store_items(feed, items)
        return self.db.execute("SELECT * FROM feeds WHERE id = ?", (feed,)).fetchone()

    def store_items(self, feed, items):
        for item in items:
            if self.db.execute("SELECT 1 FROM entries WHERE feed_id = ? AND guid = ?", (feed, item["guid"])).fetchone():
                continue
            entry = self.next_entry_id()
            self.db.execute("""INSERT INTO entries (id, oid, feed_id, guid, title, link, author, content, published, added_us)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                            (entry, self.object_id(), feed, item["guid"], item["title"], item["url"], item["author"],
                             item["content"], int(item["published"].timestamp()), int(time.time() * 1_000_000)))

    def refresh(self):
        for feed in self.db.execute("SELECT * FROM feeds").fetchall():
            try:
                _, _, items = support.fetch_feed(feed["url"])
            except support.FeedUnavailable:
                continue
            self.store_items(feed["id"], items)

    def import_opml(self, text):
        """Subscribes to every outline with an xmlUrl, in the category of the outline around it."""
        try:
            root = ET.fromstring(text)
        except ET.ParseError:
            raise bad_request()
        body = root.find("body")
        if body is None:
            raise bad_request()

        def walk(element, category):
            for outline in element.findall("outline"):
                url = outline.get("xmlUrl")
                if url:
                    if not self.db.execute("SELECT 1 FROM feeds WHERE url = ?", (url,)).fetchone():
                        try:
                            self.add_feed(url, outline.get("title") or outline.get("text") or "", category)
                        except Refusal:
                            pass
                else:
                    walk(outline, outline.get("text") or outline.get("title"))
        walk(body, None)

    def subscription_list(self):
        subscriptions = []
        # FreshRSS lists them by category, then by name (CategoryDAO::listCategories).
        rows = self.db.execute("""SELECT feeds.* FROM feeds LEFT JOIN categories ON categories.id = feeds.category_id
            ORDER BY categories.name, feeds.title""").fetchall()
        for feed in rows:
            category = self.category_name(feed["category_id"])
            title = full_width(feed["title"]) if self.flavour == "freshrss" else feed["title"]
            subscription = {"id": self.stream_id(feed), "title": title,
                            "categories": [{"id": self.label(category), "label": category}] if category else [],
                            "url": feed["url"], "htmlUrl": feed["website"], "iconUrl": ""}
            if self.flavour == "oldreader":
                subscription["sortid"] = feed["oid"]
                subscription["firstitemmsec"] = "0"
            subscriptions.append(subscription)
        return {"subscriptions": subscriptions}

    def edit_subscriptions(self, streams, titles, action, add, remove):
        if action not in ("subscribe", "unsubscribe", "edit") or not streams:
            raise bad_request()
        category = None
        if add.startswith("user/") and "/label/" in add:
            category = add.split("/label/", 1)[1]
        elif remove.startswith("user/") and "/label/" in remove:
            category = ""  # back to the default category
        for index, stream in enumerate(streams):
            title = titles[index] if index < len(titles) else ""
            if not stream.startswith("feed/"):
                continue  # FreshRSS acts on feed/… streams only, and still answers OK
            if action == "subscribe":
                if self.feed_for(stream) is None:
                    try:
                        self.add_feed(stream[5:], title, category or None)
                    except Refusal:
                        raise bad_request()
                continue
            feed = self.feed_for(stream)
            if feed is None:
                raise bad_request()
            if action == "unsubscribe":
                self.db.execute("DELETE FROM entries WHERE feed_id = ?", (feed["id"],))
                self.db.execute("DELETE FROM feeds WHERE id = ?", (feed["id"],))
                continue
            if category is not None:
                category_id = self.category_named(category) if category else self.default_category()
                self.db.execute("UPDATE feeds SET category_id = ? WHERE id = ?", (category_id, feed["id"]))
            if title:
                self.db.execute("UPDATE feeds SET title = ? WHERE id = ?", (title, feed["id"]))

    # Entries

    def entries_where(self, stream, query):
        """The SQL condition and arguments for a stream and the `xt`, `it`, `ot`, `nt` filters."""
        where, arguments = [], []
        if stream.startswith("feed/"):
            feed = self.feed_for(stream)
            where.append("feed_id = ?")
            arguments.append(feed["id"] if feed else -1)
        elif "/label/" in stream:
            where.append("feed_id IN (SELECT feeds.id FROM feeds JOIN categories ON categories.id = feeds.category_id "
                         "WHERE categories.name = ?)")
            arguments.append(stream.split("/label/", 1)[1])
        elif stream.endswith("/state/com.google/starred"):
            where.append("is_starred = 1")
        elif stream.endswith("/state/com.google/read"):
            where.append("is_read = 1")
        # `xt` leaves a state out, `it` keeps only it.
        for name, negate in (("xt", True), ("it", False)):
            target = single(query, name)
            for state, column in (("read", "is_read = 1"), ("unread", "is_read = 0"), ("starred", "is_starred = 1")):
                if target.endswith("/state/com.google/" + state):
                    where.append(("NOT " if negate else "") + f"({column})")
        for name, clause in (("ot", "added_us >= ?"), ("nt", "added_us <= ?")):
            seconds = integer(query, name, 0)
            if seconds > 0:
                where.append(clause)
                arguments.append(seconds * 1_000_000)
        return where, arguments

    def page(self, stream, query, limit_cap):
        """A page of entries of a stream (newest first, or oldest with `r=o`) and the
        continuation that follows it."""
        where, arguments = self.entries_where(stream, query)
        ascending = single(query, "r") == "o"
        count = max(1, integer(query, "n", 20))
        if limit_cap:
            count = min(count, limit_cap)
        continuation = single(query, "c")
        if continuation:
            after = self.continuation_id(continuation)
            if after is not None:
                where.append("id > ?" if ascending else "id < ?")
                arguments.append(after)
        sql = ("SELECT * FROM entries" + (" WHERE " + " AND ".join(where) if where else "")
               + f" ORDER BY id {'ASC' if ascending else 'DESC'} LIMIT {count}")
        rows = self.db.execute(sql, arguments).fetchall()
        following = self.continuation_text(rows[-1]) if len(rows) >= count and rows else None
        return rows, following

    def continuation_text(self, row):
        """FreshRSS's continuation is the last id; the others' are opaque strings."""
        return str(row["id"]) if self.flavour == "freshrss" else "c" + format(row["id"] ^ 0x5A5A5A, "x")

    def continuation_id(self, text):
        try:
            if self.flavour == "freshrss":
                return int(text) if text.isdigit() else None
            return int(text[1:], 16) ^ 0x5A5A5A if text.startswith("c") else None
        except ValueError:
            return None

    def item(self, row):
        """An entry as FreshRSS's toGReader('compat') writes it."""
        feed = self.db.execute("SELECT * FROM feeds WHERE id = ?", (row["feed_id"],)).fetchone()
        category = self.category_name(feed["category_id"])
        categories = [self.state("reading-list")] + ([self.label(category)] if category else [])
        if row["is_read"]:
            categories.append(self.state("read"))
        if row["is_starred"]:
            categories.append(self.state("starred"))
        item = {
            "id": self.long_item_id(row),
            "crawlTimeMsec": str(row["added_us"] // 1000),
            "timestampUsec": str(row["added_us"]),
            "published": row["published"],
            "title": row["title"],
            "canonical": [{"href": row["link"]}],
            "alternate": [{"href": row["link"], "type": "text/html"}],
            "categories": categories,
            "origin": {"streamId": self.stream_id(feed), "htmlUrl": feed["website"], "title": feed["title"]},
            "summary": {"content": row["content"]},
        }
        if row["author"]:
            item["author"] = row["author"]
        return item

    def set_state(self, rows, column, value):
        for row in rows:
            self.db.execute(f"UPDATE entries SET {column} = ? WHERE id = ?", (value, row["id"]))

    def mark_all_read(self, stream, ts):
        if not (stream.startswith("feed/") or "/label/" in stream or stream.endswith("/state/com.google/reading-list")) \
                or (stream.startswith("feed/") and self.feed_for(stream) is None):
            raise bad_request()
        where, arguments = self.entries_where(stream, {})
        if ts > 0:
            where.append("added_us <= ?")
            arguments.append(ts)
        self.db.execute("UPDATE entries SET is_read = 1" + (" WHERE " + " AND ".join(where) if where else ""), arguments)

    def unread_counts(self):
        counts = []
        for feed in self.db.execute("SELECT * FROM feeds").fetchall():
            unread, newest = self.db.execute("SELECT COUNT(*) FILTER (WHERE is_read = 0), MAX(added_us) FROM entries "
                                             "WHERE feed_id = ?", (feed["id"],)).fetchone()
            counts.append({"id": self.stream_id(feed), "count": unread, "newestItemTimestampUsec": str(newest or 0)})
        total = self.db.execute("SELECT COUNT(*) FROM entries WHERE is_read = 0").fetchone()[0]
        counts.append({"id": self.state("reading-list"), "count": total, "newestItemTimestampUsec": "0"})
        return {"max": total, "unreadcounts": counts}


def single(query, name, default=""):
    values = query.get(name)
    return values[0] if values else default


def integer(query, name, default):
    try:
        return int(single(query, name, default))
    except ValueError:
        return default


class Handler(support.QuietHandler):
    server_version = "greader-standin"

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def dispatch(self, method):
        store = self.server.state
        parts = urllib.parse.urlsplit(self.path)  # an absolute URI when it came through a proxy
        query = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        raw = self.read_body()
        form = urllib.parse.parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True) \
            if method == "POST" and "urlencoded" in (self.headers.get("Content-Type") or "urlencoded") else {}
        path = urllib.parse.unquote(parts.path)
        if store.flavour == "freshrss":
            if path.startswith("/api/fever.php"):
                # FreshRSS's other API, as it answers a request without a valid key: not this one.
                return self.answer(200, json.dumps({"api_version": 3, "auth": 0}), "application/json; charset=UTF-8")
            if not path.startswith("/api/greader.php"):
                return self.answer(404, "<h1>Not Found</h1>", "text/html; charset=UTF-8")
            path = path[len("/api/greader.php"):]
        try:
            with store.lock:
                status, body, kind = self.route(store, method, path, query, form, raw)
        except Refusal as refusal:
            return self.answer(refusal.status, refusal.text, "text/plain; charset=UTF-8")
        self.answer(status, body, kind)

    def check_app(self, store):
        if store.flavour == "inoreader" and (self.headers.get("AppId") != store.setting("app_id")
                                             or self.headers.get("AppKey") != store.setting("app_key")):
            raise Refusal(401, "AppId and AppKey are required")

    def route(self, store, method, path, query, form, raw):
        self.check_app(store)
        request = {**query, **form}
        if path in ("", "/") and not query:
            return 200, "OK", "text/plain; charset=UTF-8"
        if path in ("/accounts/ClientLogin", "/reader/api/0/accounts/ClientLogin"):
            return self.client_login(store, request)
        if not path.startswith("/reader/api/0/"):
            raise bad_request()
        self.check_authorization(store)
        call = path[len("/reader/api/0/"):]
        if method == "POST" and call in ("edit-tag", "mark-all-as-read", "subscription/edit", "subscription/quickadd",
                                         "rename-tag", "disable-tag"):
            token = single(form, "T").strip()
            if token != store.setting("token") and not (store.flavour == "freshrss" and token in ("", "x")):
                raise unauthorized()
        json_answer = lambda value: (200, json.dumps(value, ensure_ascii=False), "application/json; charset=UTF-8")
        if call == "token":
            return 200, store.setting("token") + "\n", "text/plain; charset=UTF-8"
        if call == "user-info":
            user = store.setting("username")
            return json_answer({"userId": INOREADER_USER if store.flavour == "inoreader" else user, "userName": user,
                                "userProfileId": user, "userEmail": user})
        if call in ("subscription/list", "tag/list", "unread-count") and single(query, "output") != "json" \
                and store.flavour == "freshrss":
            return 501, "Not Implemented!", "text/plain; charset=UTF-8"
        if call == "subscription/list":
            return json_answer(store.subscription_list())
        if call == "tag/list":
            names = [row["name"] for row in store.db.execute("SELECT name FROM categories ORDER BY name")]
            return json_answer({"tags": [{"id": STARRED}] + [{"id": store.label(name), "type": "folder"} for name in names]})
        if call == "unread-count":
            return json_answer(store.unread_counts())
        if call == "subscription/quickadd":
            url = single(request, "quickadd")
            if not url:
                raise bad_request()
            url = url[5:] if url.startswith("feed/") else url
            try:
                feed = store.add_feed(url)
            except Refusal as refusal:
                return json_answer({"numResults": 0, "error": refusal.text})
            return json_answer({"numResults": 1, "query": feed["url"], "streamId": store.stream_id(feed),
                                "streamName": feed["title"]})
        if call == "subscription/edit":
            if "s" not in request or "ac" not in request:
                raise bad_request()
            store.edit_subscriptions(request.get("s", []), request.get("t", []), single(request, "ac"),
                                     single(request, "a"), single(request, "r"))
            return 200, "OK", "text/plain; charset=UTF-8"
        if call == "subscription/import" and method == "POST":
            store.import_opml(raw.decode("utf-8", "replace"))
            return 200, "OK", "text/plain; charset=UTF-8"
        if call == "stream/items/ids":
            stream = single(query, "s")
            if not stream:
                raise bad_request()
            cap = {"oldreader": 10_000, "inoreader": 1_000}.get(store.flavour)
            rows, following = store.page(stream, query, cap)
            refs = []
            for row in rows:
                ref = {"id": store.item_id_text(row)}
                if store.flavour != "freshrss":
                    ref.update({"directStreamIds": [], "timestampUsec": str(row["added_us"])})
                refs.append(ref)
            answer = {"itemRefs": refs}
            if following:
                answer["continuation"] = following
            return json_answer(answer)
        if call == "stream/items/contents":
            ids = request.get("i", [])
            if not ids:
                raise bad_request()
            if store.flavour == "oldreader" and len(ids) > 1_000:
                raise bad_request()
            rows = [row for row in (store.entry_for(text) for text in ids) if row is not None]
            rows.sort(key=lambda row: row["id"], reverse=single(query, "r") != "o")
            self.articles = len(rows)
            return json_answer({"id": READING_LIST, "updated": int(time.time()), "items": [store.item(row) for row in rows]})
        if call.startswith("stream/contents"):
            stream = call[len("stream/contents/"):] or single(query, "s") or READING_LIST
            rows, following = store.page(stream, query, 1_000 if store.flavour != "freshrss" else None)
            self.articles = len(rows)
            answer = {"id": stream, "updated": int(time.time()), "items": [store.item(row) for row in rows]}
            if following:
                answer["continuation"] = following
            return json_answer(answer)
        if call == "edit-tag":
            rows = [row for row in (store.entry_for(text) for text in form.get("i", [])) if row is not None]
            for field, value in (("a", 1), ("r", 0)):
                target = single(form, field)
                if target.endswith("/state/com.google/read"):
                    store.set_state(rows, "is_read", value)
                elif target.endswith("/state/com.google/starred"):
                    store.set_state(rows, "is_starred", value)
            return 200, "OK", "text/plain; charset=UTF-8"
        if call == "mark-all-as-read":
            ts = single(form, "ts", "0").strip()
            if not ts.isdigit():
                raise bad_request()
            store.mark_all_read(single(form, "s").strip(), int(ts))
            return 200, "OK", "text/plain; charset=UTF-8"
        raise bad_request()

    def client_login(self, store, request):
        email, password = single(request, "Email"), single(request, "Passwd")
        if not email or "Passwd" not in request:
            raise bad_request()
        if email != store.setting("username") or password != store.setting("password"):
            if store.flavour == "freshrss" and email != store.setting("username"):
                raise bad_request()  # FreshRSS: an unknown user is a bad request
            raise unauthorized()
        auth = store.setting("auth")
        if store.flavour == "oldreader":
            text = f"SID=none\nLSID=none\nAuth={auth}\n"
        elif store.flavour == "inoreader":
            text = f"SID={auth}\nLSID={auth}\nAuth={auth}\n"
        else:
            text = f"SID={auth}\nLSID=null\nAuth={auth}\n"
        return 200, text, "text/plain; charset=UTF-8"

    def check_authorization(self, store):
        header = self.headers.get("Authorization") or ""
        match = re.fullmatch(r"GoogleLogin auth=(\S+)", header.strip())
        if not match or match.group(1) != store.setting("auth"):
            raise unauthorized()


def main():
    def import_file(store, path):
        with open(path) as file:
            store.import_opml(file.read())

    support.main(__doc__.splitlines()[0], Store, Handler,
                 {"import": ("subscribe to the feeds of an OPML file, fetch them and exit", import_file)})


if __name__ == "__main__":
    main()
