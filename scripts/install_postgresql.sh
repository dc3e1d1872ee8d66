#!/usr/bin/env bash
# PostgreSQL for the tests of the progress database (tests/postgres_helpers.py starts a
# throwaway server with initdb and pg_ctl): Debian's postgresql package, installed with
# apt-get when neither PATH nor /usr/lib/postgresql/<version>/bin has pg_ctl and initdb.
# The package's own cluster is not made (the tests make theirs).
set -euo pipefail

if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
  exit 0
fi
if compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "== installing PostgreSQL (apt-get)"
$SUDO mkdir -p /etc/postgresql-common
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  echo "create_main_cluster = false" | $SUDO tee /etc/postgresql-common/createcluster.conf >/dev/null
fi
install_postgresql() {
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confold postgresql
}
if ! install_postgresql; then
  echo "== apt-get install failed; updating the package lists and trying again"
  $SUDO apt-get update -q -o DPkg::Lock::Timeout=600
  install_postgresql
fi
