# Sourced (not run) by scripts/serve.sh and scripts/test.sh, from the repository root.
#
#   apt_install PACKAGE...    install Debian/Ubuntu packages (as root, or with sudo)
#   use_venv                  set VENV, its PYTHON and VENV_BIN, making the environment first
#   install_spar_tutor SPEC   pip install SPEC (".", ".[test]") into it, unless already done
#
# The environment is the active one if there is one (VIRTUAL_ENV), otherwise .venv in
# this checkout, made with python3 when missing. A virtual environment is what lets pip
# install on a Debian or Ubuntu system Python (which refuses otherwise:
# "externally-managed-environment", PEP 668); those systems need the python3.X-venv
# package for it, which is installed with apt-get when missing.

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

apt_install() {
  echo "== installing $* (apt-get)"
  if ! $SUDO env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q -o DPkg::Lock::Timeout=600 "$@"; then
    echo "== apt-get install failed; updating the package lists and trying again"
    $SUDO apt-get update -q -o DPkg::Lock::Timeout=600
    $SUDO env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q -o DPkg::Lock::Timeout=600 "$@"
  fi
}

venv_python() {  # the python of the environment in $1 (Linux and macOS, or Windows' Git Bash)
  if [ -x "$1/bin/python" ]; then echo "$1/bin/python"; else echo "$1/Scripts/python.exe"; fi
}

venv_works() {
  local python
  python="$(venv_python "$1")"
  [ -x "$python" ] && "$python" -m pip --version >/dev/null 2>&1
}

make_venv() {
  local base version
  base="$(command -v python3 || command -v python || true)"
  if [ -z "$base" ]; then
    echo "error: no python3 found: install Python 3.10 or newer first" >&2
    exit 1
  fi
  if ! "$base" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    echo "error: $base is Python $("$base" -c 'import platform; print(platform.python_version())');" \
      "spar-tutor needs 3.10 or newer" >&2
    exit 1
  fi
  if ! "$base" -c 'import venv, ensurepip' 2>/dev/null; then
    version="$("$base" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    if command -v apt-get >/dev/null && [ "$("$base" -c 'import sys; print(sys.prefix)')" = /usr ]; then
      # Debian and Ubuntu ship venv's ensurepip in a package of its own.
      apt_install "python$version-venv" || apt_install python3-venv
    else
      echo "error: $base cannot make virtual environments (no venv/ensurepip module)" >&2
      exit 1
    fi
  fi
  echo "== making a virtual environment in $1 with $base"
  rm -rf "$1"
  "$base" -m venv "$1"
}

use_venv() {
  if [ -n "${VIRTUAL_ENV:-}" ]; then
    VENV="$VIRTUAL_ENV"
    echo "== using the active virtual environment $VENV"
  else
    VENV="$PWD/.venv"
    venv_works "$VENV" || make_venv "$VENV"
  fi
  PYTHON="$(venv_python "$VENV")"
  VENV_BIN="$(dirname "$PYTHON")"
}

install_spar_tutor() {
  # A stamp per SPEC in the environment records the install; anything in the package
  # changed since (a git pull, an edit) makes the next run install again.
  local spec="$1" extras stamp start
  extras="${spec//[^a-z]/}"
  stamp="$VENV/spar-tutor-installed${extras:+-$extras}"
  if [ -f "$stamp" ] && [ -z "$(find pyproject.toml spar_tutor lessons notebooks \
      -type f -newer "$stamp" ! -path '*__pycache__*' -print 2>/dev/null | head -n 1)" ]; then
    echo "== spar-tutor ($spec) is installed and up to date in $VENV"
    return
  fi
  echo "== installing spar-tutor ($spec) into $VENV (pip; a few minutes the first time)"
  start=$SECONDS
  "$PYTHON" -m pip install -q --disable-pip-version-check "$spec"
  echo "== pip install took $((SECONDS - start)) s"
  touch "$stamp" "$VENV/spar-tutor-installed"  # an install with extras installs "." too
}
