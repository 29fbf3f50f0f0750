#!/usr/bin/env python3
"""Load a folder of newsboat config files into Tidings and count what it refuses.

Issue 29's measure: every file is loaded with `tidings -C FILE -u URLS reload` (URLS lists one
local file:// feed, the home is a throw-away folder, so nothing goes to the network) and the warnings it prints on standard
error are counted. A line listed in the exclusion file (lines newsboat itself refuses: a
misspelled option, a missing include) is left out of both the lines and the warnings.

    python3 Tests/Support/newsboat_census.py .build/debug/tidings CONFIG_DIR [--exclude FILE] [-v]

The exclusion file has one `NAME:LINE  reason` a line (`#` starts a comment).
Prints: configs with zero warnings, share of lines accepted, and the warnings grouped by cause
(the message with quoted words and numbers blanked, so that like causes count together), each
with one example; then what the reload printed without a line number (not counted). The
configs themselves are other people's dotfiles: keep them outside the repository.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# One local feed, so that `reload` runs to the end without the network.
FEED = ('<?xml version="1.0"?><rss version="2.0"><channel><title>census</title>'
        '<item><title>one</title><link>http://127.0.0.1/one</link></item></channel></rss>')
WARNING_LINE = re.compile(r"line (\d+): (.*)")


def directive_lines(path):
    """Numbers of the lines newsboat reads as commands: not blank, not a comment."""
    numbers = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, text in enumerate(handle, start=1):
            stripped = text.strip()
            if stripped and not stripped.startswith("#"):
                numbers.append(number)
    return numbers


def warnings_of(binary, path):
    """(line, message) for each warning Tidings prints while loading `path`."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/.config",
                   XDG_DATA_HOME=f"{home}/.local/share")
        feed = os.path.join(home, "feed.xml")
        with open(feed, "w", encoding="utf-8") as handle:
            handle.write(FEED)
        urls = os.path.join(home, "urls")
        with open(urls, "w", encoding="utf-8") as handle:
            handle.write(f"file://{feed}\n")
        result = subprocess.run(
            [binary, "-C", path, "-u", urls, "-c", f"{home}/cache.db", "reload"],
            capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    found = []
    for text in result.stderr.splitlines():
        match = WARNING_LINE.search(text)
        if match and "urls file" not in text:
            found.append((int(match.group(1)), match.group(2)))
        elif text.strip():
            found.append((0, text.strip()))
    return found


def cause(message):
    """A warning's message with its particulars blanked, to group like warnings."""
    message = re.sub(r"[`'\"“‘][^`'\"”’]*[`'\"”’]", "…", message)
    return re.sub(r"\d+", "N", message)[:110]


def load_exclusions(path):
    excluded = set()
    if path:
        with open(path, encoding="utf-8") as handle:
            for text in handle:
                text = text.split("#", 1)[0].strip()
                if text:
                    name, line = text.split()[0].rsplit(":", 1)
                    excluded.add((name, int(line)))
    return excluded


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("folder")
    parser.add_argument("--exclude")
    parser.add_argument("-v", "--verbose", action="store_true")
    arguments = parser.parse_args()
    excluded = load_exclusions(arguments.exclude)

    clean, total_lines, refused_lines = 0, 0, 0
    causes = collections.Counter()
    examples = {}
    run_errors = []
    names = sorted(name for name in os.listdir(arguments.folder)
                   if os.path.isfile(os.path.join(arguments.folder, name)) and name != "EXCLUDE")
    for name in names:
        path = os.path.join(arguments.folder, name)
        lines = [n for n in directive_lines(path) if (name, n) not in excluded]
        printed = warnings_of(arguments.binary, path)
        # What the reload prints without a line (a sync server out of reach, a password command
        # failing here) is not a warning about the file: listed apart, not counted.
        run_errors += [f"{name}: {m}" for n, m in printed if n == 0]
        warnings = [(n, m) for n, m in printed if n > 0 and (name, n) not in excluded]
        total_lines += len(lines)
        refused_lines += len({n for n, _ in warnings if n in lines})
        if not warnings:
            clean += 1
        for line, message in warnings:
            causes[cause(message)] += 1
            examples.setdefault(cause(message), f"{name}:{line}: {message}")
            if arguments.verbose:
                print(f"{name}:{line}: {message}")
    print(f"configs: {len(names)}, zero warnings: {clean} ({100 * clean / max(len(names), 1):.1f} %)")
    accepted = total_lines - refused_lines
    print(f"lines: {total_lines}, accepted: {accepted} ({100 * accepted / max(total_lines, 1):.2f} %)")
    for message, count in causes.most_common():
        print(f"{count:4d}  {examples[message]}")
    if run_errors:
        print("run errors (no line: not counted):")
        for error in run_errors:
            print(f"      {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
