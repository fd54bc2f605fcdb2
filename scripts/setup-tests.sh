#!/usr/bin/env bash
# Installs what the test suite needs on Debian: Chromium and pdftotext (from apt, since browser
# downloads are not possible here) and the npm packages. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's packages the tests use: Chromium for the browser tests and PDFs, poppler's pdftotext to
# read sealed PDFs as a reader would, and PostgreSQL's server, whose initdb and pg_ctl start a
# throwaway cluster for the PostgreSQL leg (src/test/postgres-cluster.ts), and OpenSSL, which
# makes the seal tests' certificate authority and answers as their timestamp authority
# (src/test/test-pki.ts).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded; point
# node-gyp at the system's Node headers when they are there, so it never tries to fetch them.
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
fi
npm install --no-audit --no-fund
