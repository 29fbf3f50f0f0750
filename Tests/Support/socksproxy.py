#!/usr/bin/env python3
"""A SOCKS5 proxy on 127.0.0.1 for Tidings' tests (RFC 1928, with RFC 1929 user/password).

It binds a free port, prints it on stdout as its first line, and relays CONNECT requests until
its standard input closes (the test that started it went away). Every host name is taken to be
127.0.0.1, so that a feed at http://feeds.invalid:PORT/ reaches the test's loopback server only
through the proxy (socks5h: the proxy resolves names); with --map PORT=LOCAL, a connection to
port PORT of any host goes to 127.0.0.1:LOCAL instead (https://theoldreader.com reaches a test
server on a free port). Each CONNECT is appended to --log as "HOST PORT USER", so that a test
can count what went through.

    socksproxy.py --log FILE [--credentials user:password] [--map 443=PORT ...]
"""

import argparse
import os
import signal
import socket
import struct
import sys
import threading


def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def relay(source, target):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            target.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def serve(client, credentials, ports, log, log_lock):
    try:
        version, count = read_exactly(client, 2)
        methods = read_exactly(client, count)
        wanted = 2 if credentials else 0
        if version != 5 or wanted not in methods:
            client.sendall(b"\x05\xff")
            return
        client.sendall(bytes([5, wanted]))
        user = "-"
        if credentials:
            _, length = read_exactly(client, 2)
            user = read_exactly(client, length).decode()
            (length,) = read_exactly(client, 1)
            password = read_exactly(client, length).decode()
            if "%s:%s" % (user, password) != credentials:
                client.sendall(b"\x01\x01")
                return
            client.sendall(b"\x01\x00")
        version, command, _, kind = read_exactly(client, 4)
        if kind == 1:
            host = socket.inet_ntoa(read_exactly(client, 4))
        elif kind == 3:
            (length,) = read_exactly(client, 1)
            host = read_exactly(client, length).decode()
        else:
            read_exactly(client, 16)
            host = "ipv6"
        (port,) = struct.unpack("!H", read_exactly(client, 2))
        with log_lock, open(log, "a") as f:
            f.write("%s %d %s\n" % (host, port, user))
        if command != 1:
            client.sendall(b"\x05\x07\x00\x01" + bytes(6))
            return
        target = socket.create_connection(("127.0.0.1", ports.get(port, port)))
        client.sendall(b"\x05\x00\x00\x01" + socket.inet_aton("127.0.0.1") + struct.pack("!H", port))
        threading.Thread(target=relay, args=(target, client), daemon=True).start()
        relay(client, target)
    except (ConnectionError, OSError):
        pass
    finally:
        client.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True)
    parser.add_argument("--credentials")
    parser.add_argument("--map", action="append", default=[])
    args = parser.parse_args()
    ports = {int(asked): int(local) for asked, local in (pair.split("=") for pair in args.map)}
    # A child of a thread that blocks signals inherits the mask: unblock SIGTERM from the test.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    log_lock = threading.Lock()

    def accept():
        while True:
            client, _ = listener.accept()
            threading.Thread(target=serve, args=(client, args.credentials, ports, args.log, log_lock), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    sys.stdin.buffer.read()
    os._exit(0)


if __name__ == "__main__":
    main()
