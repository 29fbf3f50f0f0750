#!/usr/bin/env python3
"""Checks the Google Reader API STAND-IN (greader_standin.py) with an independent client:
libgreader 0.7.1 (PyPI), a Google Reader API library written against Google's own service.

    greader_client_check.py ENDPOINT USER PASSWORD NEW_FEED_URL

ENDPOINT is the API's address (`http://127.0.0.1:PORT/api/greader.php`); libgreader's fixed
Google addresses are pointed there. Against a freshly seeded stand-in (two feeds, every article
unread) it logs in (and fails to with a wrong password), reads the user, the unread counts, the
subscriptions and every feed's items page by page (`stream/contents/feed/…` with continuations),
then marks an item read and unread, stars one (and reads the starred stream), marks a feed read,
subscribes to NEW_FEED_URL and unsubscribes from it, checking after each step what the client
reads back. Its first line of output is a JSON summary of what libgreader read before changing
anything (feeds, and items with their ids in the long form), which the Swift test compares with
what GoogleReaderSource reads. Any disagreement is one line on stderr and exit status 1.
"""

import json
import sys

from libgreader import ClientAuthMethod, GoogleReader
from libgreader.url import ReaderUrl

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def point_at(endpoint):
    """libgreader's addresses are Google's, fixed in its ReaderUrl class: point them at ENDPOINT."""
    api = endpoint.rstrip("/") + "/reader/api/0/"
    ReaderUrl.API_URL = api
    for name, part in (("ACTION_TOKEN_URL", "token"), ("USER_INFO_URL", "user-info"),
                       ("SUBSCRIPTION_LIST_URL", "subscription/list"), ("SUBSCRIPTION_EDIT_URL", "subscription/edit"),
                       ("UNREAD_COUNT_URL", "unread-count"), ("CONTENT_BASE_URL", "stream/contents/"),
                       ("FEED_URL", "stream/contents/"), ("CATEGORY_URL", "stream/contents/user/-/label/"),
                       ("EDIT_TAG_URL", "edit-tag"), ("MARK_ALL_READ_URL", "mark-all-as-read")):
        setattr(ReaderUrl, name, api + part)
    ClientAuthMethod.CLIENT_URL = endpoint.rstrip("/") + "/accounts/ClientLogin"


def all_items(container, exclude_read=False):
    """Every item of a feed, two at a time, following the continuations."""
    container.loadItems(excludeRead=exclude_read, loadLimit=2)
    pages = 1
    while container.continuation and pages < 100:
        container.loadMoreItems(excludeRead=exclude_read, loadLimit=2)
        pages += 1
    return list(container.getItems())


def main():
    endpoint, user, password, new_feed = sys.argv[1:5]
    point_at(endpoint)
    try:
        ClientAuthMethod(user, password + "-wrong")
        check(False, "ClientLogin accepted a wrong password")
    except IOError:
        pass

    reader = GoogleReader(ClientAuthMethod(user, password))
    check(reader.getUserInfo().get("userId"), "user-info has no userId")
    reader.makeSpecialFeeds()
    reader.buildSubscriptionList()
    feeds = reader.getSubscriptionList()
    check(len(feeds) == 2, f"subscription/list: {len(feeds)} feeds, not 2")

    summary = {"feeds": [], "items": []}
    for feed in feeds:
        items = all_items(feed)
        check(feed.unread == len(items), f"{feed.title}: unread-count says {feed.unread}, the stream has {len(items)}")
        check(all(not item.isRead() for item in items), f"{feed.title}: an item of a fresh server is read")
        summary["feeds"].append({"id": feed.id, "title": feed.title, "site": feed.siteUrl,
                                 "categories": sorted(category.label for category in feed.getCategories())})
        for item in items:
            check(item.feed is feed, f"{item.title}: its origin is not {feed.id}")
            summary["items"].append({"id": item.id, "title": item.title, "url": item.url, "feed": feed.id,
                                     "read": item.isRead(), "starred": item.isStarred(), "content": item.content,
                                     "author": item.author})
    print(json.dumps(summary), flush=True)

    # Read and unread, through edit-tag.
    first_feed = feeds[0]
    item = all_items(first_feed)[0]
    check(item.markRead() is not False, "edit-tag read failed")
    unread = all_items(first_feed, exclude_read=True)
    check(item.id not in [other.id for other in unread], "an item marked read is still listed without the read ones")
    item.markUnread()
    check(item.id in [other.id for other in all_items(first_feed, exclude_read=True)], "an item marked unread is not listed")

    # A star, seen in the starred stream.
    item.markStarred()
    starred = all_items(reader.getSpecialFeed(ReaderUrl.STARRED_LIST))
    check([other.id for other in starred] == [item.id], f"the starred stream holds {[other.id for other in starred]}")

    # A whole feed read (mark-all-as-read), then the unread counts.
    check(first_feed.markAllRead(), "mark-all-as-read did not answer OK")
    reader.buildSubscriptionList()
    counts = {feed.id: feed.unread for feed in reader.getSubscriptionList()}
    check(counts.get(first_feed.id) == 0, f"{first_feed.id} still has {counts.get(first_feed.id)} unread after mark-all-as-read")

    # Subscribing and unsubscribing (subscription/edit), seen in the subscription list.
    check(reader.subscribe("feed/" + new_feed), "subscription/edit subscribe did not answer OK")
    reader.buildSubscriptionList()
    known = {feed["id"] for feed in summary["feeds"]}
    added = [feed for feed in reader.getSubscriptionList() if feed.id not in known]
    check(len(added) == 1, "the feed subscribed to is not listed")
    if added:
        check(len(all_items(added[0])) > 0, "the feed subscribed to was not fetched")
        check(reader.unsubscribe(added[0].id), "subscription/edit unsubscribe did not answer OK")
        reader.buildSubscriptionList()
        check(len(reader.getSubscriptionList()) == 2, "the feed unsubscribed from is still listed")

    for failure in FAILURES:
        print(failure, file=sys.stderr)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
