"""Shared by the app's tests: the app's logging set-up undone after each test.

The app keeps ``spar_tutor`` log records for the server log only (no propagation
to the root logger, no log file); in the test process other tests rely on
pytest's ``caplog``, which listens on the root logger.
"""

import logging
import os

import pytest


@pytest.fixture(autouse=True)
def app_logging_undone():
    """Import this into a test module: each test there leaves logging as it found it.

    It uses no other fixture, so it is set up first and undone last (after monkeypatch)."""
    logger = logging.getLogger("spar_tutor")
    saved = (list(logger.handlers), logger.propagate, logger.level)
    log_file = os.environ.pop("SPAR_TUTOR_LOG", None)
    yield
    logger.handlers[:] = saved[0]
    logger.propagate = saved[1]
    logger.setLevel(saved[2])
    os.environ.pop("SPAR_TUTOR_LOG", None)
    if log_file is not None:
        os.environ["SPAR_TUTOR_LOG"] = log_file
