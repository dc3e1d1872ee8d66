#!/usr/bin/env bash
# Install what the test suite needs, then run it. From the repository root:
#   bash scripts/test.sh [pytest arguments]
# Installs Debian's chromium (for the browser tests) if /usr/bin/chromium is missing,
# and JupyterHub's proxy (npm) if missing; installs this package with its test extra into
# a virtual environment (the active one, else .venv in this checkout, made when missing:
# scripts/setup.sh); and runs pytest with that environment's python: with no arguments, the
# tests without a browser on two processes, then the browser tests; else pytest "$@".
# SPAR_TUTOR_SETUP_ONLY=1 stops after the install and prints the python the tests would use.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh

if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi

if ! command -v configurable-http-proxy >/dev/null; then
  # JupyterHub's proxy, for tests/browser/test_jupyterhub.py (an npm package).
  if ! command -v npm >/dev/null; then
    apt_install nodejs npm
  fi
  echo "== installing configurable-http-proxy (npm)"
  $SUDO npm install -g --no-fund --no-audit configurable-http-proxy
fi

# PostgreSQL, for the progress database's tests on a real server (tests/postgres_helpers.py).
bash scripts/install_postgresql.sh

use_venv
install_spar_tutor ".[test]"

if [ -n "${SPAR_TUTOR_SETUP_ONLY:-}" ]; then
  echo "== python: $PYTHON"
  exit 0
fi
# The environment's commands first on PATH, as if it were activated: the JupyterHub test's
# hub starts each learner's server as "jupyterhub-singleuser", found on PATH.
export PATH="$VENV_BIN:$PATH"
if [ $# -gt 0 ]; then
  echo "== running the tests ($PYTHON -m pytest $*)"
  exec "$PYTHON" -m pytest "$@"
fi
# The whole suite, in two runs: the tests without a browser on two processes
# (pytest-xdist: they are CPU-bound and independent), then the browser tests in one
# process and one Chromium (they share servers, and they time a real page).
status=0
echo "== running the tests without a browser ($PYTHON -m pytest -m 'not browser' -n 2)"
"$PYTHON" -m pytest -m "not browser" -n 2 || status=$?
echo "== running the browser tests ($PYTHON -m pytest -m browser)"
"$PYTHON" -m pytest -m browser || status=$?
exit "$status"
