#!/usr/bin/env python3
"""A configurable HTTP server on loopback addresses, for Tidings' tests and benchmarks.

It binds a free port (port 0) on each address given by --hosts (all of them 127.x.y.z), prints
that port on stdout as its first line, serves until --lifetime seconds have passed (or, with
--watch-stdin, until its standard input closes: the parent died), then exits by itself.

Routes come from a JSON file (--config FILE):

    {
      "delay": 0.05,                      # latency added to every request (seconds)
      "routes": {
        "/feed.xml": {
          "status": 200,                  # default 200, or 302 when "redirect" is set
          "headers": {"Content-Type": "application/rss+xml; charset=utf-8"},  # a "Date" replaces
                                          # the server's own (also on a 304, with Cache-Control
                                          # and Expires)
          "body": "<rss>...</rss>",       # or "body_file": PATH, or "body_base64": "..."
          "repeat": 1,                    # send the body this many times (huge bodies, no RAM)
          "prefix": "<rss><channel>",     # sent once before the (repeated) body
          "gzip": false, "deflate": false,# compress the body (Content-Encoding set)
          "etag": "\"v1\"",              # answers 304 to a matching If-None-Match
          "last_modified": "Sat, 21 Nov 2026 05:00:00 GMT",  # 304 to an equal If-Modified-Since
          "redirect": "/other.xml",       # Location header
          "delay": 0.5,                   # extra latency for this route
          "drip": 0.2, "drip_bytes": 1,   # send the body slowly: drip_bytes every drip seconds
          "never_respond": false,         # read the request, then say nothing at all
          "never_close": false,           # send headers and body, then keep the socket open
          "content_length": 10,           # announce this length whatever the body is (then close)
          "extra_headers": 10000,         # add this many junk headers (X-Junk-N: ...)
          "fail_first": 2,                # answer 503 to the first 2 requests, then normally
          "digest_auth": "user:password"  # answer 401 with a Digest challenge until the request
                                          # carries the right Digest answer (RFC 7616, MD5, qop=auth)
        }
      },
      "proxy_auth": "user:password"       # a request with an absolute URI (sent to a proxy) is
                                          # answered 407 unless it carries these Basic credentials
    }

Paths that are no route are looked up in --dir (with ETag / Last-Modified and 304 answers), then
404. A client that accepts gzip gets FILE.gz instead of FILE when it exists (as nginx's gzip_static). A request may use an absolute URI (the server then acts as an HTTP proxy would for the path).
GET /_requests returns what the server saw so far: [{"method", "path", "host", "headers",
"connection"}], where "connection" is the client's port: requests with the same one came over
one kept-alive connection.
GET /_stats returns {"max_in_flight": N, "max_in_flight_by_address": {"127.0.0.1": N, ...}}: the
most requests it was serving at once, overall and per listening address.
"""

import argparse
import base64
import email.utils
import gzip
import hashlib
import json
import os
import re
import signal
import socketserver
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


class FeedServer(ThreadingHTTPServer):
    # socketserver's default backlog (5) stalls concurrent clients.
    request_queue_size = 256
    daemon_threads = True
    allow_reuse_address = True


class InFlight:
    """Counts requests being served, to check a client's concurrency limits."""

    def __init__(self):
        self.lock = threading.Lock()
        self.current, self.maximum = 0, 0
        self.by_address, self.max_by_address = {}, {}

    def enter(self, address):
        with self.lock:
            self.current += 1
            self.maximum = max(self.maximum, self.current)
            self.by_address[address] = self.by_address.get(address, 0) + 1
            self.max_by_address[address] = max(self.max_by_address.get(address, 0), self.by_address[address])

    def leave(self, address):
        with self.lock:
            self.current -= 1
            self.by_address[address] -= 1

    def snapshot(self):
        with self.lock:
            return {"max_in_flight": self.maximum, "max_in_flight_by_address": dict(self.max_by_address)}


def digest_answer_is_right(header, credentials, method):
    """Whether an `Authorization: Digest ...` header answers with these user:password."""
    if not header.startswith("Digest "):
        return False
    fields = {key: quoted or bare for key, quoted, bare in re.findall(r'(\w+)=(?:"([^"]*)"|([^\s,]*))', header[7:])}
    user, password = credentials.split(":", 1)
    if fields.get("username") != user:
        return False
    md5 = lambda text: hashlib.md5(text.encode()).hexdigest()
    known = md5("%s:%s:%s" % (user, fields.get("realm", ""), password))
    asked = md5("%s:%s" % (method, fields.get("uri", "")))
    if fields.get("qop"):
        expected = md5(":".join([known, fields.get("nonce", ""), fields.get("nc", ""), fields.get("cnonce", ""), fields["qop"], asked]))
    else:
        expected = md5("%s:%s:%s" % (known, fields.get("nonce", ""), asked))
    return fields.get("response") == expected


def make_handler(config, directory, log, log_lock):
    routes = config.get("routes", {})
    proxy_auth = config.get("proxy_auth")
    failures_left = {path: int(route.get("fail_first", 0)) for path, route in routes.items()}
    failures_lock = threading.Lock()
    in_flight = InFlight()
    default_delay = float(config.get("delay", 0))

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        server_version = "feedserver"
        # A response is written as its head, then its body: with Nagle's algorithm on, the body's
        # last segment waits for the client to acknowledge the head, which a kept-alive client
        # delays by up to 40 ms (delayed ACK). Real servers (nginx's tcp_nodelay) send at once.
        disable_nagle_algorithm = True

        def log_message(self, format, *args):  # quiet: tests read stdout for the port only
            pass

        def do_HEAD(self):
            self.do_GET()

        def do_GET(self):
            split = urlsplit(self.path)
            path = split.path + (("?" + split.query) if split.query else "")
            with log_lock:
                log.append({
                    "method": self.command,
                    "path": path,
                    "host": split.netloc or self.headers.get("Host", ""),
                    "absolute": bool(split.scheme),
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "connection": self.client_address[1],
                })
            if path == "/_requests":
                with log_lock:
                    body = json.dumps(log).encode()
                return self.send_body(200, {"Content-Type": "application/json"}, body)
            if path == "/_stats":
                body = json.dumps(in_flight.snapshot()).encode()
                return self.send_body(200, {"Content-Type": "application/json"}, body)
            if proxy_auth and split.scheme:
                expected = "Basic " + base64.b64encode(proxy_auth.encode()).decode()
                if self.headers.get("Proxy-Authorization") != expected:
                    return self.send_body(407, {"Proxy-Authenticate": 'Basic realm="feedserver"'}, b"proxy credentials needed\n")
            address = self.server.server_address[0]
            in_flight.enter(address)
            try:
                self.serve(path, split)
            finally:
                in_flight.leave(address)

        def serve(self, path, split):
            time.sleep(default_delay)
            route = routes.get(path) or routes.get(split.path)
            if route is not None:
                return self.serve_route(route)
            if directory is not None:
                return self.serve_file(split.path)
            self.send_body(404, {"Content-Type": "text/plain"}, b"not found\n")

        def serve_route(self, route):
            time.sleep(float(route.get("delay", 0)))
            path = urlsplit(self.path).path
            with failures_lock:
                failing = failures_left.get(path, 0) > 0
                if failing:
                    failures_left[path] -= 1
            if failing:
                return self.send_body(503, {"Content-Type": "text/plain"}, b"try again\n")
            if route.get("digest_auth") and not digest_answer_is_right(
                    self.headers.get("Authorization", ""), route["digest_auth"], self.command):
                challenge = 'Digest realm="feeds", nonce="%s", qop="auth", algorithm=MD5' % os.urandom(8).hex()
                return self.send_body(401, {"WWW-Authenticate": challenge}, b"credentials needed\n")
            if route.get("never_respond"):
                time.sleep(3600)
                return
            headers = dict(route.get("headers", {}))
            etag = route.get("etag")
            last_modified = route.get("last_modified")
            if etag:
                headers["ETag"] = etag
            if last_modified:
                headers["Last-Modified"] = last_modified
            if self.is_not_modified(etag, last_modified):
                kept = ("ETag", "Last-Modified", "Cache-Control", "Expires", "Date")
                return self.send_body(304, {k: v for k, v in headers.items() if k in kept}, b"")
            status = int(route.get("status", 302 if "redirect" in route else 200))
            if "redirect" in route:
                headers["Location"] = route["redirect"]
            body = self.route_body(route)
            prefix = route.get("prefix", "").encode("utf-8")
            repeat = int(route.get("repeat", 1))
            if prefix and route.get("drip") is not None:
                body, prefix = prefix + body * repeat, b""
                repeat = 1
            if route.get("gzip") or route.get("deflate"):
                # Compressed piece by piece, so that a gzip bomb (a huge repeat) costs the server
                # only its compressed size in memory.
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31 if route.get("gzip") else 15)
                parts = [compressor.compress(prefix)] + [compressor.compress(body) for _ in range(repeat)]
                prefix = b""
                parts.append(compressor.flush())
                body = b"".join(parts)
                repeat = 1
                headers["Content-Encoding"] = "gzip" if route.get("gzip") else "deflate"
            for index in range(int(route.get("extra_headers", 0))):
                headers["X-Junk-%d" % index] = "x" * 16
            if "content_length" in route:
                headers["Connection"] = "close"
                self.close_connection = True
                self.send_head(status, headers, int(route["content_length"]))
                self.write_quietly(prefix + body * repeat)
                return
            if route.get("never_close"):
                headers["Connection"] = "close"
                self.send_head(status, headers, None)
                if self.write_quietly(prefix):
                    for _ in range(repeat):
                        if not self.write_quietly(body):
                            break
                time.sleep(3600)
                return
            drip = route.get("drip")
            if drip is not None:
                self.send_head(status, headers, len(body) * repeat)
                step = int(route.get("drip_bytes", 1))
                for _ in range(repeat):
                    for start in range(0, len(body), step):
                        if not self.write_quietly(body[start:start + step]):
                            return
                        time.sleep(float(drip))
                return
            self.send_head(status, headers, len(prefix) + len(body) * repeat)
            if self.command == "HEAD" or not self.write_quietly(prefix):
                return
            for _ in range(repeat):
                if not self.write_quietly(body):
                    return

        def route_body(self, route):
            if "body_file" in route:
                with open(route["body_file"], "rb") as f:
                    return f.read()
            if "body_base64" in route:
                return base64.b64decode(route["body_base64"])
            return route.get("body", "").encode("utf-8")

        def serve_file(self, path):
            full = os.path.realpath(os.path.join(directory, path.lstrip("/")))
            if not full.startswith(os.path.realpath(directory) + os.sep) or not os.path.isfile(full):
                return self.send_body(404, {"Content-Type": "text/plain"}, b"not found\n")
            headers = {"Content-Type": "application/xml" if full.endswith(".xml") else "application/octet-stream"}
            suffix = ""
            if "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(full + ".gz"):
                full, suffix = full + ".gz", "-gz"
                headers["Content-Encoding"] = "gzip"
            stat = os.stat(full)
            etag = '"%x-%x%s"' % (stat.st_size, stat.st_mtime_ns, suffix)
            last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
            if self.is_not_modified(etag, last_modified):
                return self.send_body(304, {"ETag": etag, "Last-Modified": last_modified}, b"")
            with open(full, "rb") as f:
                body = f.read()
            headers.update({"ETag": etag, "Last-Modified": last_modified})
            self.send_body(200, headers, body)

        def is_not_modified(self, etag, last_modified):
            if_none_match = self.headers.get("If-None-Match")
            if etag and if_none_match:
                return etag in [tag.strip() for tag in if_none_match.split(",")]
            if_modified_since = self.headers.get("If-Modified-Since")
            return bool(last_modified and if_modified_since and if_modified_since == last_modified)

        def send_head(self, status, headers, length):
            if "Date" in headers:
                # The route's own Date (a server whose clock is elsewhere) instead of the real one.
                self.send_response_only(status)
                self.send_header("Server", self.version_string())
            else:
                self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if length is not None:
                self.send_header("Content-Length", str(length))
            self.end_headers()

        def send_body(self, status, headers, body):
            self.send_head(status, headers, len(body))
            if self.command != "HEAD":
                self.write_quietly(body)

        def write_quietly(self, data):
            """Writes and flushes; False when the client went away (expected when it aborts)."""
            try:
                self.wfile.write(data)
                self.wfile.flush()
                return True
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
                return False

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", help="JSON file with the routes")
    parser.add_argument("--dir", help="directory whose files are served for paths without a route")
    parser.add_argument("--hosts", default="127.0.0.1", help="comma-separated loopback addresses")
    parser.add_argument("--lifetime", type=float, default=60, help="seconds before the server exits")
    parser.add_argument("--watch-stdin", action="store_true", help="exit when standard input closes")
    args = parser.parse_args()
    # A child of a thread that blocks signals (a Dispatch or test-runner thread) inherits the
    # mask; unblock them so that SIGTERM from the test that started us works.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])

    config = {}
    if args.config:
        with open(args.config) as f:
            config = json.load(f)
    log, log_lock = [], threading.Lock()
    handler = make_handler(config, args.dir, log, log_lock)

    hosts = [h.strip() for h in args.hosts.split(",") if h.strip()]
    for host in hosts:
        if not host.startswith("127."):
            sys.exit("feedserver: only loopback addresses (127.x.y.z) are served, not %r" % host)
    servers = [FeedServer((hosts[0], 0), handler)]
    port = servers[0].server_address[1]
    for host in hosts[1:]:
        servers.append(FeedServer((host, port), handler))
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()

    print(port, flush=True)
    if args.watch_stdin:
        def watch():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
    time.sleep(args.lifetime)
    os._exit(0)


if __name__ == "__main__":
    main()
