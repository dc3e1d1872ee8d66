"""``python -m spar_tutor.server.tables``: see :mod:`.run`."""

import sys

from .run import main

sys.exit(main())
