#!/bin/sh
# exec: fixture — prints the Harbour Notes feed, with its first argument as the channel title.
here=$(dirname "$0")
sed -e "s|<title>Harbour Notes</title>|<title>$1</title>|" "$here/harbour-notes.rss"
