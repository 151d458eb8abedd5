#!/bin/sh
# `pip install .` from the sources as docs/python.md shows it: into a new
# virtual environment that sees Debian's packages (numpy, setuptools, wheel),
# with no network, then the package imported from elsewhere with an empty
# environment: it finds the rulesets inside it and scores deals.
#
#   pip_install_test.sh SOURCE_DIR BUILD_DIR WORK_DIR PYTHON
set -eu
source=$1 build=$2 work=$3 python=$4
rm -rf "$work"
mkdir -p "$work/elsewhere"
"$python" -m venv --system-site-packages "$work/venv"
cd "$source"
BELOTE_BUILD_DIR="$build" "$work/venv/bin/pip" install --no-index --no-build-isolation --no-cache-dir . \
  > "$work/pip.log" 2>&1 || { cat "$work/pip.log" >&2; exit 1; }
cd "$work/elsewhere"
env -i PATH=/usr/bin:/bin HOME="$work/elsewhere" "$work/venv/bin/python" -c '
import os, sys, belote
package = os.path.dirname(belote.__file__)
assert package.startswith(sys.prefix + "/"), package
listed = belote.list_rulesets()
assert {"classique", "coinche"} <= {r["name"] for r in listed}, listed
assert all(r["path"].startswith(package + "/rulesets/") for r in listed), listed
assert belote.load("classique").score_random(100, seed=1).score.shape == (100, 2)
assert belote.load("coinche").auction("N", calls=["80 H", "pass", "pass", "pass"]).contract["bid"] == 80
print("pip-installed package: ok")
'
"$work/venv/bin/pip" show belote | grep -q "^Version: " || { echo "pip show belote: no version" >&2; exit 1; }
