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

Two kinds of difference about characters are recognised and named, never hidden: the raw figure
counts them as disagreements, and a second figure sets them aside, class by class.
- `UFP mojibake`: Universal Feed Parser's value is Tidings' value read in another charset (its
  charset decoding the bytes Tidings decoded in the document's), and that garbled text is
  nowhere in the document: its decoding mistake, not the feed's (a UTF-8 document with a BOM
  read as ISO-8859-1, Big5 read as ISO-8859-1).
- `mojibake in the feed, repaired`: the feed itself carries doubly-encoded text (`Ã©` for `é`,
  found as such in the document) which Universal Feed Parser keeps and Tidings repairs: a policy
  difference (Tidings' double-encoding repair), not a mistake of either.
Every other difference is listed unclassified, to be judged by hand.
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


def raw_text(value, detail=None):
    """`text` without collapsing white space (a doubly-encoded no-break space is `Ã` and U+00A0)."""
    if value is None:
        return ""
    if (detail or {}).get("type") == "text/plain":
        return value
    return html.unescape(re.sub(r"<[^>]+>", "", value))


# Characters windows-1252 writes as one byte above 0x7F, and the C1 controls ISO-8859-1 reads the
# rest of those bytes as.
WINDOWS_1252_HIGH = {chr(b): b for b in range(0x80, 0x100)}
WINDOWS_1252_HIGH.update({bytes([b]).decode("cp1252"): b for b in range(0x80, 0x100) if b not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)})
MOJIBAKE_RUN = re.compile("[" + "".join(re.escape(c) for c in WINDOWS_1252_HIGH) + "]+")


def repaired(value):
    """`value` with the UTF-8 sequences in each run of windows-1252 characters read as UTF-8
    (other characters of the run left as they are), and the runs that changed."""
    runs = []

    def repair(match):
        run = match.group(0)
        data = bytes(WINDOWS_1252_HIGH[c] for c in run)
        out, i = [], 0
        while i < len(data):
            for length in (4, 3, 2):
                try:
                    out.append(data[i:i + length].decode("utf-8"))
                    i += length
                    break
                except UnicodeDecodeError:
                    continue
            else:
                out.append(run[i])
                i += 1
        result = "".join(out)
        if result != run:
            runs.append(run)
        return result

    return MOJIBAKE_RUN.sub(repair, value), runs


def character_class(ours, theirs_raw, document):
    """The class of a difference about characters (see the module's notes), or None."""
    # Universal Feed Parser strips white space from the ends of a value, and U+0085 and U+00A0
    # are white space to Python: the last byte of a garbled `х` (D1 85) or no-break space (C2 A0)
    # may be missing.
    candidates = [theirs_raw]
    end = theirs_raw.rstrip()
    if end and 0xC2 <= WINDOWS_1252_HIGH.get(end[-1], 0) <= 0xDF:
        candidates += [end + "\xa0", end + "\x85"]
    for candidate in candidates:
        fixed, runs = repaired(candidate)
        if runs and plain(fixed) == ours:
            if all(run.strip() in document["text"] for run in runs):
                return "mojibake in the feed, repaired"
            return "UFP mojibake"
    # A document that names no charset (no byte order mark, no declaration), in a legacy charset
    # Tidings detects, which Universal Feed Parser reads as its default, windows-1252 (Big5 as
    # `§Ú§Æ`): the same bytes, read in Tidings' charset.
    theirs = " ".join(theirs_raw.split())
    if document["names_charset"] or theirs in document["text"]:
        return None
    try:
        data = bytes(ord(c) if ord(c) < 0x80 else WINDOWS_1252_HIGH[c] for c in theirs)
        if plain(data.decode(document["encoding"] or "utf-8")) == ours:
            return "UFP mojibake"
    except (KeyError, LookupError, UnicodeError):
        pass
    return None


def plain(value):
    """Tidings' value as text: titles, links and names are plain text already (a title may say
    `<blink>`), so only white space is collapsed."""
    return " ".join((value or "").split())


def differences(ours, theirs, document):
    """Each difference as (description, class or None)."""
    found = []

    def compare(label, value, detail):
        expected = text(value, detail)
        if expected and plain(ours_value[0]) != expected:
            kind = character_class(plain(ours_value[0]), raw_text(value, detail), document)
            found.append((f"{label} {plain(ours_value[0])[:40]!r} vs {expected[:40]!r}", kind))

    ours_value = [ours.get("title")]
    compare("feed title", theirs.feed.get("title"), theirs.feed.get("title_detail"))
    if len(ours["items"]) != len(theirs.entries):
        return found + [(f"items {len(ours['items'])} vs {len(theirs.entries)}", None)]
    for item, entry in zip(ours["items"], theirs.entries):
        for field, value, detail in (
            ("title", entry.get("title"), entry.get("title_detail")),
            ("link", entry.get("link"), None),
            ("author", entry.get("author_detail", {}).get("name") or entry.get("author"), None),
        ):
            ours_value[0] = item.get(field)
            compare(field, value, detail)
    return found


def document_facts(path, encoding):
    """The document as Tidings decoded it, to look for garbled text in, and whether it names its
    charset (a byte order mark or an encoding declaration)."""
    data = open(path, "rb").read()
    try:
        decoded = data.decode(encoding or "utf-8", "replace")
    except LookupError:
        decoded = data.decode("utf-8", "replace")
    names_charset = data.startswith((b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe")) or bool(
        re.search(rb"<\?xml[^>]*encoding=", data[:1024]))
    return {"encoding": encoding, "text": decoded, "names_charset": names_charset}


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
    classified = collections.Counter()  # documents differing only by a class of characters, per class
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
            found = [("tidings parse failed: " + run.stderr.decode(errors="replace").strip(), None)]
        else:
            found = differences(ours, theirs, document_facts(path, ours.get("encoding")))
        if found:
            report.append(f"{path}: " + "; ".join(f"{what} [{kind}]" if kind else what for what, kind in found))
            kinds = {kind for _, kind in found}
            if None not in kinds:
                classified["mojibake in the feed, repaired" if "mojibake in the feed, repaired" in kinds else "UFP mojibake"] += 1
        else:
            counts[0] += 1
    agreeing, compared, refused = (sum(counts[i] for counts in totals.values()) for i in range(3))
    print(f"{agreeing}/{compared} documents agree ({100 * agreeing / max(compared, 1):.1f} %), {refused} refused")
    if len(totals) > 1:
        for category, (agree, total, refuse) in sorted(totals.items()):
            print(f"  {category}: {agree}/{total} ({100 * agree / max(total, 1):.1f} %), {refuse} refused")
    # The same documents with the recognised classes set aside, one class after the other: first
    # Universal Feed Parser's own mojibake, then also the feed's mojibake that Tidings repairs.
    ufp_mojibake = agreeing + classified["UFP mojibake"]
    both = ufp_mojibake + classified["mojibake in the feed, repaired"]
    print(f"{ufp_mojibake}/{compared} ({100 * ufp_mojibake / max(compared, 1):.1f} %) setting aside "
          f"{classified['UFP mojibake']} differing only by [UFP mojibake]; {both}/{compared} "
          f"({100 * both / max(compared, 1):.1f} %) also setting aside {classified['mojibake in the feed, repaired']} "
          f"differing only by [mojibake in the feed, repaired]")
    print("\n".join(report))


if __name__ == "__main__":
    main()
