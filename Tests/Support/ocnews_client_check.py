#!/usr/bin/env python3
"""Checks the Nextcloud News STAND-IN (ocnews_standin.py) with an independent client:
nextcloud-news-filter 0.2.0 (PyPI), which reads a Nextcloud News account's unread items page by
page (`GET items`, `batchSize`, `offset`, `type`, `getRead=false`, through the API as the News app
serves it) and marks read those a filter matches (`items/read/multiple`).

    ocnews_client_check.py NEXTCLOUD_URL USER PASSWORD TITLE_REGEX

Its first line of output is a JSON summary: the ids it matched and how many unread items it saw,
before and after marking (pages of 2, so that paging is exercised). It exits 1 with a line on
stderr when the second pass still finds what the first marked read.
"""

import json
import os
import sys

NEXTCLOUD_URL, USER, PASSWORD, PATTERN = sys.argv[1:5]
os.environ.update({"NEXTCLOUD_URL": NEXTCLOUD_URL, "NEXTCLOUD_USER": USER, "NEXTCLOUD_PASS": PASSWORD, "BATCH_SIZE": "2"})

from nextcloud_news_filter import Config  # noqa: E402  (reads the environment when made)
from nextcloud_news_filter.filter import FilterConfig, filter_items, mark_as_read  # noqa: E402


def main():
    config = Config()
    filters = FilterConfig({"filter": [{"name": "check", "titleRegex": PATTERN}]})
    matched, unread = filter_items(config, filters)
    mark_as_read(matched, config)
    matched_after, unread_after = filter_items(config, filters)
    print(json.dumps({"matched": matched, "unread": unread, "matchedAfter": matched_after, "unreadAfter": unread_after}),
          flush=True)
    if matched_after or unread_after != unread - len(matched):
        print(f"after marking {matched} read the client still sees {matched_after} and {unread_after} unread", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
