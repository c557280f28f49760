#!/usr/bin/env bash
# Browser-test prerequisites for CI (draft for .ci/run; safe to run again and again).
# Installs only what is missing: npm (build.py fetches the pinned runtime with it),
# Debian's Chromium and fonts (Playwright cannot download its own browser here), and the
# Python packages the e2e tests use. Then run, for example:
#     SPADES_REQUIRE_E2E=1 python -m pytest e2e
set -euo pipefail

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

missing=()
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
# Chromium, and its headless shell, which the tests launch (e2e/support.py chromium_path:
# a page start for half the CPU); the whole browser stays for headed runs.
if [ -z "${SPADES_CHROMIUM:-}" ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
fi
# Text and the card suits (♠♥♦♣) need real fonts in headless screenshots and layout.
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || missing+=(fonts-dejavu-core)
dpkg -s fonts-liberation >/dev/null 2>&1 || missing+=(fonts-liberation)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "ci-setup: apt-get install ${missing[*]}"
  apt_install "${missing[@]}"
fi

if ! python -c "import playwright, pytest" >/dev/null 2>&1; then
  echo "ci-setup: pip install playwright pytest"
  python -m pip install --quiet --disable-pip-version-check "playwright>=1.49" "pytest>=8"
fi

echo "ci-setup: npm $(npm --version), $("${SPADES_CHROMIUM:-/usr/bin/chromium-headless-shell}" --version 2>/dev/null | head -1)"
