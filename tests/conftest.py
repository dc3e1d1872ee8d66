"""Fixtures for every test: a progress folder of the test run's own, and the databases.

* ``SPAR_TUTOR_HOME`` points at a temporary folder for the whole run (a test may set
  its own), so no test reads or writes the progress of the machine's user.
* ``postgres``: one throwaway PostgreSQL server for the run (tests/postgres_helpers.py).
  If it cannot start, every test that uses it FAILS with the reason: it is never skipped.
* ``database_url``: a new empty database, on SQLite and (parametrized) on PostgreSQL.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from postgres_helpers import PostgresError, PostgresServer  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _progress_home_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    saved = os.environ.get("SPAR_TUTOR_HOME")
    os.environ["SPAR_TUTOR_HOME"] = str(tmp_path_factory.mktemp("spar-tutor-home-of-the-run"))
    yield
    if saved is None:
        os.environ.pop("SPAR_TUTOR_HOME", None)
    else:
        os.environ["SPAR_TUTOR_HOME"] = saved


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server on loopback for this test run (started once, removed at the end)."""
    try:
        server = PostgresServer()
        server.start()
    except (PostgresError, OSError, TimeoutError) as e:
        pytest.fail(f"the test PostgreSQL server could not start: {e}", pytrace=False)
    print(f"\nPostgreSQL test server started in {server.started_in:.1f} s "
          f"(port {server.port})", file=sys.stderr)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'spar-tutor.sqlite'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()
