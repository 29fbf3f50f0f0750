#!/bin/sh
# filter: fixture — reads a feed on stdin and renames the channel.
sed -e "s|<title>Harbour Notes</title>|<title>Filtered Harbour</title>|"
