#!/bin/sh
# exec: fixture — fails the way a broken scraper does.
echo "scraper: upstream page layout changed" >&2
echo "second line that should not be shown" >&2
exit 3
