#!/usr/bin/env python3
"""Checks the NewsBlur STAND-IN (newsblur_standin.py) with NewsBlur's own client: newsblur-cli
0.2.2 (PyPI, published from NewsBlur's repository), through the functions its commands call:
its HTTP client (an OAuth bearer token, the premium check), and its feeds, stories and actions
tools.

    newsblur_client_check.py NEWSBLUR_URL TOKEN NEW_FEED_URL

Against a freshly seeded stand-in (two feeds in two folders, every story unread) it lists the
feeds and folders, reads every unread story (the river, pages of 2), marks one read by hash,
stars and unstars one, marks a feed read, subscribes to NEW_FEED_URL and unsubscribes from it,
checking what it reads back after each step. Its first line of output is a JSON summary of what
the client read before changing anything (feeds with folders, stories with their hashes), which
the Swift test compares with what NewsBlurSource reads. Any disagreement is one line on stderr
and exit status 1.
"""

import asyncio
import json
import sys

from newsblur_mcp.client import NewsBlurClient
from newsblur_mcp.tools.actions import _mark_stories_read, _save_story, _unsave_story
from newsblur_mcp.tools.feeds import _list_feeds, _subscribe, _unsubscribe
from newsblur_mcp.tools.stories import _get_stories

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)


async def every_unread(client):
    stories, page = [], 1
    while page < 100:
        result = await _get_stories(client, page=page, limit=2, order="newest", read_filter="unread")
        stories += result["items"]
        if not result["has_more"]:
            break
        page += 1
    return stories


async def main():
    url, token, new_feed = sys.argv[1:4]
    client = NewsBlurClient(bearer_token=token, base_url=url)
    try:
        listed = await _list_feeds(client, flat=True, include_favicons=False)
        feeds = list(listed.get("feeds", {}).values())
        check(len(feeds) == 2, f"the feed list has {len(feeds)} feeds, not 2")
        raw = await client.get_feeds()
        folders = {name: ids for name, ids in raw.get("flat_folders", {}).items() if name.strip()}
        stories = await every_unread(client)
        check(len(stories) == 5, f"the river has {len(stories)} unread stories, not 5")
        summary = {"feeds": [{"id": feed["id"], "title": feed["title"], "url": feed["url"], "link": feed["link"],
                              "folders": sorted(name for name, ids in folders.items() if feed["id"] in ids)} for feed in feeds],
                   "stories": [{"hash": story["story_hash"], "title": story["title"], "url": story["url"],
                                "feed": story["feed_id"]} for story in stories]}
        print(json.dumps(summary), flush=True)

        first = stories[0]["story_hash"]
        await _mark_stories_read(client, story_hashes=[first])
        check(first not in [story["story_hash"] for story in await every_unread(client)], "a story marked read is still unread")
        await _save_story(client, first)
        starred = await client.get("/reader/starred_story_hashes")
        check(starred.get("starred_story_hashes") == [first], f"starred: {starred.get('starred_story_hashes')}")
        await _unsave_story(client, first)
        check((await client.get("/reader/starred_story_hashes")).get("starred_story_hashes") == [], "an unstarred story is starred")

        feed_id = feeds[0]["id"]
        await _mark_stories_read(client, feed_id=feed_id, older_than_days=0)
        left = [story for story in await every_unread(client) if story["feed_id"] == feed_id]
        check(left == [], f"feed {feed_id} still has unread stories after mark_feed_as_read")

        added = await _subscribe(client, url=new_feed, folder="Reading")
        new_id = (added.get("feed") or {}).get("id")
        check(new_id is not None, f"add_url did not subscribe: {added}")
        after = await _list_feeds(client, flat=True, include_favicons=False)
        check(len(after.get("feeds", {})) == 3, "the feed subscribed to is not listed")
        if new_id is not None:
            await _unsubscribe(client, feed_id=new_id, folder="Reading")
            check(len((await _list_feeds(client, flat=True, include_favicons=False)).get("feeds", {})) == 2,
                  "the feed unsubscribed from is still listed")
    finally:
        await client.close()
    for failure in FAILURES:
        print(failure, file=sys.stderr)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    asyncio.run(main())
