#!/usr/bin/env python3
"""Checks the Miniflux STAND-IN (miniflux_standin.py) with Miniflux's official Python client.

Run with the sync virtual environment's Python (`make sync-test-deps` installs PyPI's `miniflux`):

    .build/sync-venv/bin/python miniflux_client_check.py URL LOGIN PASSWORD TOKEN NEW_FEED_URL

on a freshly seeded stand-in. It makes, through the official client, every call Tidings'
MinifluxSource makes, and checks that each answers as Miniflux's API reference says (status
codes the client accepts, JSON shapes, paging, error reasons). Its first line of output is a JSON
summary of what the read calls returned, before anything is changed, so that the Swift test
compares it with what MinifluxSource read from the same server. Then it changes things (marks,
stars, a category, a feed added, renamed, moved, marked read and deleted) and checks each change.
Exit status 0: every check passed; otherwise the failing check is on stderr.
"""

import json
import sys

import miniflux


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", file=sys.stderr)
        sys.exit(1)


def expect_error(kind, reason, call):
    try:
        call()
    except kind as error:
        check(error.get_error_reason() == reason, f"{kind.__name__} says {error.get_error_reason()!r}, not {reason!r}")
        return
    except miniflux.ClientError as error:
        check(False, f"expected {kind.__name__}, got {type(error).__name__} ({error.status_code})")
    check(False, f"expected {kind.__name__}, got no error")


def pages(client, page_size, **filters):
    """Every entry in id order, page after page by after_entry_id, as MinifluxSource reads them."""
    entries, last = [], 0
    while True:
        extra = {"after_entry_id": last} if last else {}
        page = client.get_entries(order="id", direction="asc", limit=page_size, **filters, **extra)
        check(isinstance(page.get("total"), int) and isinstance(page.get("entries"), list), "a page is {total, entries}")
        entries += page["entries"]
        if len(page["entries"]) < page_size:
            return entries
        last = page["entries"][-1]["id"]


def main():
    url, login, password, token, new_feed_url = sys.argv[1:6]
    client = miniflux.Client(url, username=login, password=password)
    by_token = miniflux.Client(url, api_key=token)

    # What a sync reads.
    feeds = client.get_feeds()
    check(all(isinstance(feed["category"], dict) and "title" in feed["category"] for feed in feeds), "feeds carry their category")
    entries = pages(client, 2)
    check([entry["id"] for entry in entries] == sorted(entry["id"] for entry in entries), "after_entry_id pages in id order")
    everything = client.get_entries(order="id", direction="asc", limit=0)
    check(everything["total"] == len(entries) == len(everything["entries"]), "limit=0 is every entry; total counts them all")
    by_offset = []
    for offset in range(0, len(entries), 2):
        by_offset += client.get_entries(order="id", direction="asc", limit=2, offset=offset)["entries"]
    check([entry["id"] for entry in by_offset] == [entry["id"] for entry in entries], "offset paging gives the same entries")
    unread = pages(client, 250, status="unread")
    starred = pages(client, 250, starred=True)
    check(by_token.get_feeds() == feeds, "the API token reads what the password reads")
    summary = {
        "feeds": sorted([feed["id"], feed["title"], feed["feed_url"], feed["site_url"], feed["category"]["title"]] for feed in feeds),
        "articles": [[entry["id"], entry["feed_id"], entry["title"], entry["url"], entry["status"], entry["starred"]]
                     for entry in entries],
        "unread": sorted(entry["id"] for entry in unread),
        "starred": sorted(entry["id"] for entry in starred),
    }
    print(json.dumps(summary), flush=True)

    newest = client.get_feed_entries(feeds[0]["id"], order="id", direction="desc", limit=1)["entries"]
    check(len(newest) == 1 and newest[0]["id"] == max(e["id"] for e in entries if e["feed_id"] == feeds[0]["id"]),
          "a feed's newest entry")

    # Marks: read and unread in batches, a star toggled only where it differs.
    first, second, third = entries[0]["id"], entries[1]["id"], entries[2]["id"]
    check(client.update_entries([first, second], "read") is True, "PUT /v1/entries answers 204")
    check([client.get_entry(i)["status"] for i in (first, second)] == ["read", "read"], "the entries are read")
    client.update_entries([second], "unread")
    check(client.get_entry(second)["status"] == "unread", "an entry is unread again")
    check(client.get_entry(third)["starred"] is False, "not starred yet")
    check(client.toggle_bookmark(third) is True, "PUT bookmark answers 204")
    check(client.get_entry(third)["starred"] is True, "the bookmark toggles on")
    check([entry["id"] for entry in pages(client, 250, starred=True)] == [third], "starred=true lists it")
    check(third not in [entry["id"] for entry in pages(client, 250, starred=False)], "starred=false leaves it out")
    client.toggle_bookmark(third)
    check(client.get_entry(third)["starred"] is False, "and off again")
    expect_error(miniflux.BadRequest, "The list of entries cannot be empty.", lambda: client.update_entries([], "read"))
    expect_error(miniflux.BadRequest, "Invalid entry status.", lambda: client.update_entries([first], "gone"))
    expect_error(miniflux.ResourceNotFound, "Resource Not Found", lambda: client.get_entry(10**9))
    expect_error(miniflux.ServerError, "store: nothing has been updated", lambda: client.update_entries([10**9], "read"))
    expect_error(miniflux.ServerError, "store: unable to toggle bookmark flag: nothing has been updated",
                 lambda: client.toggle_bookmark(10**9))

    # Feeds managed on the server.
    categories = client.get_categories()
    check(any(category["title"] == "All" for category in categories), "a user has the All category")
    reading = client.create_category("Reading")
    check(reading["title"] == "Reading" and isinstance(reading["id"], int), "POST /v1/categories answers the category")
    expect_error(miniflux.BadRequest, "This category already exists.", lambda: client.create_category("Reading"))
    feed_id = client.create_feed(new_feed_url, category_id=reading["id"])
    check(isinstance(feed_id, int), "POST /v1/feeds answers 201 with feed_id")
    expect_error(miniflux.BadRequest, "This feed already exists.", lambda: client.create_feed(new_feed_url, category_id=reading["id"]))
    check(client.get_feed_entries(feed_id, limit=0)["total"] > 0, "a new feed is fetched at once")
    renamed = client.update_feed(feed_id, title="Renamed")
    check(renamed["title"] == "Renamed", "PUT /v1/feeds/{id} answers 201 with the feed")
    moved = client.update_feed(feed_id, category_id=categories[0]["id"])
    check(moved["category"]["id"] == categories[0]["id"], "the feed moves to another category")
    expect_error(miniflux.BadRequest, "This category does not exist or does not belong to this user.",
                 lambda: client.update_feed(feed_id, category_id=10**9))
    client.mark_feed_entries_as_read(feed_id)
    check(client.get_feed_entries(feed_id, status="unread")["total"] == 0, "mark-all-as-read reads the feed")
    expect_error(miniflux.BadRequest, "invalid feed ID", lambda: client.get_feed_entries(10**9))
    client.delete_feed(feed_id)
    check(feed_id not in [feed["id"] for feed in client.get_feeds()], "DELETE /v1/feeds/{id} removes it")
    expect_error(miniflux.ResourceNotFound, "Resource Not Found", lambda: client.delete_feed(feed_id))
    expect_error(miniflux.ResourceNotFound, "Resource Not Found", lambda: client.mark_feed_entries_as_read(feed_id))

    # A wrong login or token.
    wrong = miniflux.Client(url, username=login, password=password + "-wrong")
    expect_error(miniflux.AccessUnauthorized, "Access Unauthorized", wrong.get_feeds)
    expect_error(miniflux.AccessUnauthorized, "Access Unauthorized", miniflux.Client(url, api_key="not-" + token).get_feeds)


if __name__ == "__main__":
    main()
