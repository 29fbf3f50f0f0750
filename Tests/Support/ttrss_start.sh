#!/bin/bash
# A real Tiny Tiny RSS (Debian 12's `tt-rss` package) for the sync tests, on PostgreSQL, without
# touching the system's own configuration: everything lives under the folders given.
#
#   ttrss_start.sh cluster CLUSTER          initdb + start a PostgreSQL cluster in CLUSTER, listening
#                                           only on the unix socket CLUSTER/socket; creates the
#                                           template database `ttrss_template` (TT-RSS's schema, the
#                                           API enabled for `admin`); prints the postmaster's PID last
#   ttrss_start.sh server CLUSTER DIR PORT  a database of its own (a copy of the template) and a copy
#                                           of TT-RSS's www folder in DIR with a config.php pointing at
#                                           it, served by `php -S 127.0.0.1:PORT`; prints its PID last
#   ttrss_start.sh serve DIR                serves DIR (made by `server`) again, on the same port
#   ttrss_start.sh feeds ROOT ADDRESS       serves the files of ROOT on ADDRESS:80 (for the feeds:
#                                           this TT-RSS subscribes to ports 80 and 443 only); prints its PID
#   ttrss_start.sh update DIR               fetches every feed once (`update.php --feeds`)
#   ttrss_start.sh sql CLUSTER DB SQL       runs SQL on the database DB
#   ttrss_start.sh query CLUSTER DB SQL     prints the rows a query returns, one a line
#   ttrss_start.sh stop-cluster CLUSTER     stops PostgreSQL
#
# The user is `admin`, password `ttrss-pass-4f9c`. PostgreSQL refuses to run as root and
# TT-RSS's update.php too: as root every program runs as www-data (through setpriv, which execs: the PID printed is PHP's), which owns the folders.
# Debian's package reads /etc/tt-rss/config.php through the www folder's `config.php` symlink and
# `api/index.php` includes `../config.php`; the copy of www replaces that symlink with its own file.
set -euo pipefail

TTRSS_WWW=/usr/share/tt-rss/www
TTRSS_SCHEMA=/usr/share/tt-rss/schema/ttrss_schema_pgsql.sql
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

fail() { echo "ttrss_start.sh: $*" >&2; exit 1; }

[ -d "$TTRSS_WWW" ] && [ -f "$TTRSS_SCHEMA" ] || fail "tt-rss is not installed (make sync-test-deps)"
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || fail "PostgreSQL is not installed (make sync-test-deps)"

if [ "$(id -u)" = 0 ]; then
	RUN_AS=www-data
	as_user() { setpriv --reuid="$RUN_AS" --regid="$RUN_AS" --init-groups "$@"; }
else
	RUN_AS=$(id -un)
	as_user() { "$@"; }
fi

psql_run() {  # CLUSTER DB SQL
	as_user "$PG_BIN/psql" -h "$1/socket" -U ttrss -d "$2" -v ON_ERROR_STOP=1 -q -X -c "$3" >/dev/null
}

case "${1:-}" in
cluster)
	cluster=$2
	mkdir -p "$cluster/socket"
	[ "$RUN_AS" = "$(id -un)" ] || chown -R "$RUN_AS" "$cluster"
	as_user "$PG_BIN/initdb" -D "$cluster/data" -U ttrss --auth=trust -E UTF8 --locale=C.UTF-8 >"$cluster/initdb.log" 2>&1 \
		|| fail "initdb failed: $(tail -n 3 "$cluster/initdb.log")"
	# No TCP at all, a small footprint, and no waiting for data to reach the disk: a throwaway cluster.
	as_user "$PG_BIN/pg_ctl" -D "$cluster/data" -l "$cluster/postgres.log" -w -t 30 \
		-o "-c listen_addresses='' -k $cluster/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB -c max_connections=40" \
		start >/dev/null || fail "PostgreSQL did not start: $(tail -n 3 "$cluster/postgres.log")"
	as_user "$PG_BIN/createdb" -h "$cluster/socket" -U ttrss ttrss_template
	as_user "$PG_BIN/psql" -h "$cluster/socket" -U ttrss -d ttrss_template -v ON_ERROR_STOP=1 -q -X -f "$TTRSS_SCHEMA" >/dev/null 2>"$cluster/schema.log" \
		|| fail "the schema failed: $(tail -n 3 "$cluster/schema.log")"
	# The API on; no purge of articles older than 60 days (the tests' are from 2024); a recent
	# login and an update interval, without which update.php skips the user's feeds; a password
	# that no message has in it by chance (ttrss-pass-4f9c: the schema's is "password").
	psql_run "$cluster" ttrss_template "INSERT INTO ttrss_user_prefs(owner_uid, pref_name, value) VALUES (1, 'ENABLE_API_ACCESS', 'true'), (1, 'PURGE_OLD_DAYS', '0'), (1, 'DEFAULT_UPDATE_INTERVAL', '30'); UPDATE ttrss_users SET last_login = NOW(), pwd_hash = 'SHA1:11a2e1c804875b8b2f4969ffadf28270664baa1c'"
	head -n 1 "$cluster/data/postmaster.pid"
	;;
server)
	cluster=$2 dir=$3 port=$4
	database="ttrss_$(basename "$dir" | tr -c 'a-zA-Z0-9\n' '_')"
	as_user "$PG_BIN/createdb" -h "$cluster/socket" -U ttrss -T ttrss_template "$database"
	mkdir -p "$dir/cache/images" "$dir/cache/upload" "$dir/cache/export" "$dir/cache/js" "$dir/icons" "$dir/lock"
	cp -a "$TTRSS_WWW" "$dir/www"
	# The package's relative links (lib/gettext -> ../../../php/…) point nowhere from the copy.
	find "$TTRSS_WWW" -type l | while read -r link; do
		ln -sfn "$(readlink -f "$link")" "$dir/www/${link#"$TTRSS_WWW"/}"
	done
	rm -f "$dir/www/config.php" "$dir/www/feed-icons"
	ln -s "$dir/icons" "$dir/www/feed-icons"
	# Debian's config with this server's values; its include of dbconfig's database.php goes.
	sed -e "/include_once('\/etc\/tt-rss\/database.php');/d" \
		-e "s|define('DB_TYPE', .*|define('DB_TYPE', 'pgsql');|" \
		-e "s|define('DB_HOST', .*|define('DB_HOST', '$cluster/socket');|" \
		-e "s|define('DB_PORT', .*|define('DB_PORT', '5432');|" \
		-e "s|define('DB_USER', .*|define('DB_USER', 'ttrss');|" \
		-e "s|define('DB_NAME', .*|define('DB_NAME', '$database');|" \
		-e "s|define('DB_PASS', .*|define('DB_PASS', '');|" \
		-e "s|define('SELF_URL_PATH', .*|define('SELF_URL_PATH', 'http://127.0.0.1:$port/');|" \
		-e "s|define('LOCK_DIRECTORY', .*|define('LOCK_DIRECTORY', '$dir/lock');|" \
		-e "s|define('CACHE_DIR', .*|define('CACHE_DIR', '$dir/cache');|" \
		-e "s|define('ICONS_DIR', .*|define('ICONS_DIR', '$dir/icons');|" \
		-e "s|define('CHECK_FOR_UPDATES', .*|define('CHECK_FOR_UPDATES', false);|" \
		-e "s|define('LOG_DESTINATION', .*|define('LOG_DESTINATION', '');|" \
		/etc/tt-rss/config.php >"$dir/www/config.php"
	grep -q "DB_NAME', '$database'" "$dir/www/config.php" || fail "/etc/tt-rss/config.php is not Debian's: cannot point it at the test database"
	printf 'cluster=%q\ndatabase=%q\nport=%q\n' "$cluster" "$database" "$port" >"$dir/server.env"
	[ "$RUN_AS" = "$(id -un)" ] || chown -R "$RUN_AS" "$dir"
	exec bash "$0" serve "$dir"
	;;
serve)
	dir=$2
	# shellcheck source=/dev/null
	. "$dir/server.env"
	cd "$dir/www"
	# Every descriptor but the standard three is closed: the caller waits for this script's end,
	# which it would not see while the server held a copy of its pipes. OPcache on, as under
	# php-fpm on a real server: without it every call compiles TT-RSS again (3 to 5 times slower).
	nohup setsid bash -c 'for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && exec {fd}>&-; done; exec "$@"' bash \
		$( [ "$(id -u)" = 0 ] && echo setpriv --reuid="$RUN_AS" --regid="$RUN_AS" --init-groups ) \
		php -d display_errors=0 -d log_errors=0 -d opcache.enable_cli=1 -S "127.0.0.1:$port" -t "$dir/www" >>"$dir/server.log" 2>&1 </dev/null &
	pid=$!
	for _ in $(seq 1 200); do
		if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			echo "$pid"
			exit 0
		fi
		kill -0 "$pid" 2>/dev/null || fail "php -S ended: $(tail -n 3 "$dir/server.log")"
		sleep 0.05
	done
	kill -9 "$pid" 2>/dev/null || true
	fail "TT-RSS did not answer on 127.0.0.1:$port within 10 s"
	;;
feeds)
	# A static file server for ROOT on port 80 of ADDRESS (a loopback address of the test
	# process's own): Tiny Tiny RSS subscribes to port 80 only.
	root=$2
	address=$3
	nohup setsid bash -c 'for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && exec {fd}>&-; done; exec "$@"' bash \
		php -S "$address:80" -t "$root" >"$root.log" 2>&1 </dev/null &
	pid=$!
	for _ in $(seq 1 200); do
		if (exec 3<>"/dev/tcp/$address/80") 2>/dev/null; then echo "$pid"; exit 0; fi
		kill -0 "$pid" 2>/dev/null || fail "php -S $address:80 ended: $(tail -n 3 "$root.log")"
		sleep 0.05
	done
	kill -9 "$pid" 2>/dev/null || true
	fail "nothing answered on $address:80 within 10 s"
	;;
update)
	dir=$2
	# Every feed is due again: update.php skips those fetched within their interval.
	# shellcheck source=/dev/null
	. "$dir/server.env"
	psql_run "$cluster" "$database" "UPDATE ttrss_feeds SET last_updated = NULL, last_update_started = NULL"
	cd "$dir/www"
	as_user php update.php --feeds --quiet >"$dir/update.log" 2>&1 || fail "update.php failed: $(tail -n 3 "$dir/update.log")"
	;;
sql)
	psql_run "$2" "$3" "$4"
	;;
query)
	as_user "$PG_BIN/psql" -h "$2/socket" -U ttrss -d "$3" -v ON_ERROR_STOP=1 -q -X -A -t -c "$4"
	;;
stop-cluster)
	as_user "$PG_BIN/pg_ctl" -D "$2/data" -m immediate -w -t 10 stop >/dev/null
	;;
*)
	fail "usage: ttrss_start.sh cluster CLUSTER | server CLUSTER DIR PORT | serve DIR | feeds ROOT | update DIR | sql CLUSTER DB SQL | query CLUSTER DB SQL | stop-cluster CLUSTER"
	;;
esac
