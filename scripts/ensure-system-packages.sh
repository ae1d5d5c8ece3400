#!/usr/bin/env bash
# The tests need three Debian packages: chromium-headless-shell (the browser tests' pages and the
# puppeteer scraper: the headless build without the desktop browser's UI and compositor costs
# about 40 % less CPU per page), chromium (the extension's test: extensions load only in the full
# browser) and postgresql (the API suite's PostgreSQL run starts a throwaway cluster). Install what
# is missing, with a single apt-get update.
set -euo pipefail
missing=()
if [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if [ ! -x /usr/bin/chromium-headless-shell ]; then missing+=(chromium-headless-shell); fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
