#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (browsers cannot be downloaded by Playwright here): its
# headless shell, which runs the journeys in three quarters of the full browser's time (decision
# 201), else the full /usr/bin/chromium. Installs the shell with apt-get when neither is there, or
# when only the full one is and we are root; otherwise explains what to do. e2e/chromium.ts picks
# the same binary.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
shell=/usr/bin/chromium-headless-shell
full=/usr/bin/chromium
[ -x "$shell" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium-headless-shell with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null; then
    [ -x "$shell" ] && exit 0
  fi
  echo "ensure-chromium: apt-get could not install chromium-headless-shell." >&2
fi
if [ -x "$full" ]; then
  echo "ensure-chromium: using $full (chromium-headless-shell runs the journeys faster)."
  exit 0
fi
echo "ensure-chromium: no Chromium at $shell or $full. Install one (Debian:" >&2
echo "sudo apt-get install chromium-headless-shell), or set CHROMIUM_PATH to a Chromium/Chrome binary." >&2
exit 1
