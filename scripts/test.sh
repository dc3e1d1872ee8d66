#!/usr/bin/env bash
# Install what the test suite needs, then run it. From the repository root:
#   bash scripts/test.sh [pytest arguments]
# Installs Debian's chromium (for the browser tests) if /usr/bin/chromium is
# missing, installs this package with its test extra, and runs pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt_install() {
    $SUDO env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q -o DPkg::Lock::Timeout=600 chromium
  }
  if ! apt_install; then
    echo "== apt-get install failed; updating the package lists and trying again"
    $SUDO apt-get update -q -o DPkg::Lock::Timeout=600
    apt_install
  fi
fi

if ! command -v configurable-http-proxy >/dev/null; then
  # JupyterHub's proxy, for tests/browser/test_jupyterhub.py (an npm package).
  if ! command -v npm >/dev/null; then
    echo "== installing nodejs and npm (apt-get)"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 nodejs npm \
      || { $SUDO apt-get update -q -o DPkg::Lock::Timeout=600 &&
           $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=600 nodejs npm; }
  fi
  echo "== installing configurable-http-proxy (npm)"
  $SUDO npm install -g --no-fund --no-audit configurable-http-proxy
fi

# PostgreSQL, for the progress database's tests on a real server (tests/postgres_helpers.py).
bash scripts/install_postgresql.sh

echo "== installing spar-tutor with its test dependencies (pip)"
start=$SECONDS
python3 -m pip install -q --disable-pip-version-check ".[test]"
echo "== pip install took $((SECONDS - start)) s"

echo "== running the tests (pytest $*)"
exec python3 -m pytest "$@"
