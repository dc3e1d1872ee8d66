#!/usr/bin/env bash
# Install spar-tutor into a virtual environment in this checkout (.venv) and serve the
# app on http://127.0.0.1:8866/ until Ctrl-C. From the repository root:
#   bash scripts/serve.sh [spar-tutor serve options, e.g. --host 0.0.0.0 --class-size 30]
# Run it again any time: it installs again only what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh

use_venv
install_spar_tutor .
# The installed command, not "python -m spar_tutor": that would run this checkout's copy.
exec "$VENV_BIN/spar-tutor" serve "$@"
