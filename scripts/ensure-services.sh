#!/usr/bin/env bash
# Debian's redis-server and PostgreSQL for the tests that need real ones (the Redis paths in the
# server's unit tests; the two-instance proof of scripts/test-scale.mjs). npm cannot install them,
# so, like ensure-chromium.sh, this installs them with apt-get when missing and we are root, and
# otherwise says what to do. Usage: ensure-services.sh redis [postgresql]
set -euo pipefail

have_redis() {
  [ -n "${REDIS_SERVER_PATH:-}" ] && [ -x "$REDIS_SERVER_PATH" ] && return 0
  command -v redis-server >/dev/null 2>&1 || command -v valkey-server >/dev/null 2>&1
}
have_postgresql() {
  [ -n "${PG_BIN_DIR:-}" ] && [ -x "$PG_BIN_DIR/initdb" ] && return 0
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}

missing=()
for service in "$@"; do
  case "$service" in
    redis) have_redis || missing+=(redis-server) ;;
    postgresql) have_postgresql || missing+=(postgresql) ;;
    *) echo "ensure-services: unknown service '$service' (redis, postgresql)" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-services: installing Debian's ${missing[*]} with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  # Only the binaries are wanted: the tests start their own throwaway servers on free ports, so
  # the packages' own services are not started (policy-rc.d 101 = "not allowed").
  policy=/usr/sbin/policy-rc.d
  restore_policy=''
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && restore_policy=1
  fi
  trap 'if [ -n "$restore_policy" ]; then rm -f "$policy"; fi' EXIT
  # Wait for another apt (a colleague's install) instead of failing on its lock.
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  ok=1
  for service in "$@"; do
    case "$service" in
      redis) have_redis || ok='' ;;
      postgresql) have_postgresql || ok='' ;;
    esac
  done
  [ -n "$ok" ] && exit 0
fi
echo "ensure-services: missing ${missing[*]}. Install it (Debian: sudo apt-get install ${missing[*]})," >&2
echo "or set REDIS_SERVER_PATH (a redis-server or valkey-server binary) / PG_BIN_DIR (PostgreSQL's bin/)." >&2
exit 1
