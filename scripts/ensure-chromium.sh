#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (browsers cannot be downloaded by Playwright here).
# Installs it with apt-get when it is missing and we are root; otherwise explains what to do.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$bin" ] && exit 0
fi
echo "ensure-chromium: no Chromium at $bin. Install it (Debian: sudo apt-get install chromium)" >&2
echo "or set CHROMIUM_PATH to a Chromium/Chrome binary." >&2
exit 1
