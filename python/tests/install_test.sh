#!/bin/sh
# Installs the built tree into a temporary prefix and checks that the Python
# package stands alone there: imported from the prefix's site-packages with
# an empty environment, it finds the installed rulesets and scores deals.
#
#   install_test.sh BUILD_DIR WORK_DIR PYTHON SITE_DIR (SITE_DIR relative to the prefix)
set -eu
build=$1 work=$2 python=$3 site=$4
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work/elsewhere"
cmake --install "$build" --prefix "$prefix" > "$work/install.log" || { cat "$work/install.log" >&2; exit 1; }
for file in __init__.py _types.py _belote.pyi py.typed _location.py; do
  [ -f "$prefix/$site/belote/$file" ] || { echo "install test: $site/belote/$file not installed" >&2; exit 1; }
done
cd "$work/elsewhere"
env -i PATH=/usr/bin:/bin HOME="$work/elsewhere" PYTHONPATH="$prefix/$site" "$python" -c '
import os, belote
assert belote.__file__.startswith(os.environ["PYTHONPATH"]), belote.__file__
listed = belote.list_rulesets()
assert {"classique", "traditionnelle"} <= {r["name"] for r in listed}, listed
assert all(r["path"].startswith(os.path.normpath(os.environ["PYTHONPATH"] + "/../../../share/belote/rulesets")) for r in listed), listed
scores = belote.load("classique").score_random(100, seed=1)
assert scores.score.shape == (100, 2)
print("installed package: ok")
'
