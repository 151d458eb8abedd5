#!/bin/sh
# Runs a program and checks that its standard output holds every line of
# EXPECTED, in that order (other lines may come between); exit status 0 expected.
#   expect_lines.sh EXPECTED PROGRAM [ARGS...]
set -u
expected=$1
shift
output=$("$@")
status=$?
if [ "$status" -ne 0 ]; then
  echo "$1 exited with status $status; it printed:"
  printf '%s\n' "$output"
  exit 1
fi
printf '%s\n' "$output" | awk -v program="$1" '
  NR == FNR { wanted[++count] = $0; next }
  found < count && $0 == wanted[found + 1] { found++ }
  { printed = printed $0 "\n" }
  END {
    if (found == count) exit 0
    printf "%s: expected the line\n  %s\n(after %d matching lines) in its output:\n%s", program, wanted[found + 1], found, printed
    exit 1
  }' "$expected" -
