#!/usr/bin/env bash
# PostgreSQL for the tests of the progress database (tests/postgres_helpers.py starts a
# throwaway server with initdb and pg_ctl): Debian's postgresql package, installed with
# apt-get when neither PATH nor /usr/lib/postgresql/<version>/bin has pg_ctl and initdb.
# The package's own cluster is not made (the tests make theirs). Run from the repository
# root (scripts/test.sh does).
set -euo pipefail

if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
  exit 0
fi
if compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  exit 0
fi

. scripts/setup.sh
$SUDO mkdir -p /etc/postgresql-common
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
  echo "create_main_cluster = false" | $SUDO tee /etc/postgresql-common/createcluster.conf >/dev/null
fi
apt_install -o Dpkg::Options::=--force-confold postgresql
