"""How often `tidings parse` agrees with Universal Feed Parser, document by document.

Usage: python feedparser_agreement.py TIDINGS_BINARY FILE...   (`make agreement` runs it on the
fixtures). A document agrees when both read the same number of items and the same feed title and,
item by item, the same title, link and author name (text compared with markup stripped and
whitespace collapsed). Every disagreement is listed, so each can be judged: many of the fixtures
are cases where Universal Feed Parser is known to be wrong (mojibake, control characters kept).
"""
import html
import json
import re
import subprocess
import sys

import feedparser


def text(value):
    if value is None:
        return ""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", value)).split())


def differences(ours, theirs):
    found = []
    if text(theirs.feed.get("title")) and text(ours.get("title")) != text(theirs.feed.get("title")):
        found.append(f"feed title {text(ours.get('title'))[:40]!r} vs {text(theirs.feed.get('title'))[:40]!r}")
    if len(ours["items"]) != len(theirs.entries):
        return found + [f"items {len(ours['items'])} vs {len(theirs.entries)}"]
    for item, entry in zip(ours["items"], theirs.entries):
        expected = {
            "title": entry.get("title"),
            "link": entry.get("link"),
            "author": entry.get("author_detail", {}).get("name") or entry.get("author"),
        }
        for field, value in expected.items():
            if text(value) and text(item.get(field)) != text(value):
                found.append(f"{field} {text(item.get(field))[:40]!r} vs {text(value)[:40]!r}")
    return found


def main():
    binary, files = sys.argv[1], sorted(sys.argv[2:])
    agreeing, compared, report = 0, 0, []
    for path in files:
        try:
            theirs = feedparser.parse(open(path, "rb").read())
        except Exception as error:  # Universal Feed Parser raises on some hostile documents
            report.append(f"{path}: feedparser raised {error!r}, not compared")
            continue
        run = subprocess.run([binary, "parse", path], capture_output=True, timeout=30)
        ours = json.loads(run.stdout) if run.returncode == 0 else None
        if ours is None and not theirs.entries:
            continue
        compared += 1
        found = ["tidings parse failed"] if ours is None else differences(ours, theirs)
        if found:
            report.append(f"{path}: " + "; ".join(found))
        else:
            agreeing += 1
    print(f"{agreeing}/{compared} documents agree ({100 * agreeing / max(compared, 1):.1f} %)")
    print("\n".join(report))


if __name__ == "__main__":
    main()
