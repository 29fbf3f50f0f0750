"""How often `tidings parse` agrees with Universal Feed Parser, document by document.

Usage: python feedparser_agreement.py [--split tune|held-out] TIDINGS_BINARY PATH...

PATH is a document or a folder (read recursively: .xml, .rss, .atom, .rdf, .json). `make agreement`
runs it on the fixtures; held-out corpora (Universal Feed Parser's own tests, feeds captured from
real sites) are measured the same way from outside the repository. A document agrees when both
read the same number of items and the same feed title and, item by item, the same title, link and
author name (Universal Feed Parser's value with markup stripped unless it says it is plain
text, Tidings' plain text as it is, both with white space collapsed). Every disagreement is
listed, so each can be judged: many of the fixtures are cases where Universal Feed Parser is known
to be wrong (mojibake, control characters kept). Documents are counted per folder; "refused" are
those `tidings parse` rejects while Universal Feed Parser reads a feed from them. Both read each
document as if fetched from `https://corpus.invalid/FOLDER/NAME`, so that relative links resolve
alike (with no address Tidings leaves out a link it cannot make absolute, which Universal Feed
Parser keeps relative). JSON Feed documents are not compared: Universal Feed Parser 6 does not read
JSON Feed.

`--split` keeps one half of the documents, chosen by a hash of the file's name: the tuning half
may be read while changing the parser, the held-out half only measured.
"""
import collections
import hashlib
import html
import json
import os
import re
import subprocess
import sys

import feedparser

EXTENSIONS = (".xml", ".rss", ".atom", ".rdf", ".json")


def text(value, detail=None):
    """Universal Feed Parser's value as text: HTML unless its detail says `text/plain`."""
    if value is None:
        return ""
    if (detail or {}).get("type") == "text/plain":
        return " ".join(value.split())
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", value)).split())


def plain(value):
    """Tidings' value as text: titles, links and names are plain text already (a title may say
    `<blink>`), so only white space is collapsed."""
    return " ".join((value or "").split())


def differences(ours, theirs):
    found = []
    title = text(theirs.feed.get("title"), theirs.feed.get("title_detail"))
    if title and plain(ours.get("title")) != title:
        found.append(f"feed title {plain(ours.get('title'))[:40]!r} vs {title[:40]!r}")
    if len(ours["items"]) != len(theirs.entries):
        return found + [f"items {len(ours['items'])} vs {len(theirs.entries)}"]
    for item, entry in zip(ours["items"], theirs.entries):
        expected = {
            "title": text(entry.get("title"), entry.get("title_detail")),
            "link": text(entry.get("link")),
            "author": text(entry.get("author_detail", {}).get("name") or entry.get("author")),
        }
        for field, value in expected.items():
            if value and plain(item.get(field)) != value:
                found.append(f"{field} {plain(item.get(field))[:40]!r} vs {value[:40]!r}")
    return found


def documents(paths):
    """(category, path) for every document under `paths`; the category is the folder below the
    path given (or the path's own folder for a file)."""
    for root in paths:
        if os.path.isfile(root):
            yield os.path.basename(os.path.dirname(root)) or ".", root
            continue
        for folder, _, names in os.walk(root):
            category = os.path.relpath(folder, root)
            for name in names:
                if name.endswith(EXTENSIONS):
                    yield category, os.path.join(folder, name)


def in_split(path, split):
    if split is None:
        return True
    even = hashlib.sha1(os.path.basename(path).encode()).digest()[0] % 2 == 0
    return even == (split == "tune")


def main():
    arguments = sys.argv[1:]
    split = None
    if arguments[:1] == ["--split"]:
        split, arguments = arguments[1], arguments[2:]
        assert split in ("tune", "held-out"), "--split takes tune or held-out"
    binary, paths = arguments[0], arguments[1:]
    totals = collections.defaultdict(lambda: [0, 0, 0])  # agreeing, compared, refused
    report = []
    for category, path in sorted(documents(paths), key=lambda pair: pair[1]):
        if not in_split(path, split):
            continue
        if path.endswith(".json"):
            continue
        address = "https://corpus.invalid/" + "/".join(path.split(os.sep)[-2:])
        try:
            theirs = feedparser.parse(open(path, "rb").read(), response_headers={"content-location": address})
        except Exception as error:  # Universal Feed Parser raises on some hostile documents
            report.append(f"{path}: feedparser raised {error!r}, not compared")
            continue
        run = subprocess.run([binary, "parse", "--url", address, path], capture_output=True, timeout=30)
        ours = json.loads(run.stdout) if run.returncode == 0 else None
        if ours is None and not theirs.entries:
            continue
        counts = totals[category]
        counts[1] += 1
        if ours is None:
            counts[2] += 1
            found = ["tidings parse failed: " + run.stderr.decode(errors="replace").strip()]
        else:
            found = differences(ours, theirs)
        if found:
            report.append(f"{path}: " + "; ".join(found))
        else:
            counts[0] += 1
    agreeing, compared, refused = (sum(counts[i] for counts in totals.values()) for i in range(3))
    print(f"{agreeing}/{compared} documents agree ({100 * agreeing / max(compared, 1):.1f} %), {refused} refused")
    if len(totals) > 1:
        for category, (agree, total, refuse) in sorted(totals.items()):
            print(f"  {category}: {agree}/{total} ({100 * agree / max(total, 1):.1f} %), {refuse} refused")
    print("\n".join(report))


if __name__ == "__main__":
    main()
